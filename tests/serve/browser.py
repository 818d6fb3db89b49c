"""Headless Chromium (Debian's `chromium` and `chromium-driver`) for the players' view tests.

The page draws the terminal on a canvas, so its text is not in the DOM: `BrowserPage` reads the
screen from what the browser itself received on the page's websocket (Chromium's network log),
replayed into a terminal emulator (pyte) the size the page asked for. `received` keeps every
character that ever arrived, for "never shown" checks.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import time
from pathlib import Path

import pyte
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,800")  # fmt: skip
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def chromium_or_skip() -> None:
    """Skip where there is no Chromium (CI installs it: there a missing one fails)."""
    if os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("chromium and chromium-driver are missing (.ci/run installs them)")
    pytest.skip("no Chromium here: apt-get install chromium chromium-driver")


class BrowserPage:
    """One headless Chromium window and what its page's terminal shows."""

    def __init__(self, profile: Path) -> None:
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or CHROMIUM
        for flag in (*FLAGS, f"--user-data-dir={profile}"):
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.reset()

    def reset(self) -> None:
        self.screen = pyte.Screen(300, 100)
        self.stream = pyte.ByteStream(self.screen)
        self.received = b""
        self.size: tuple[int, int] | None = None

    def open(self, url: str) -> None:
        self.driver.get_log("performance")  # forget an earlier page's traffic
        self.reset()
        self.driver.get(url)

    def update(self) -> None:
        """Take in what the page's websocket carried since the last call."""
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            frame = message.get("params", {}).get("response", {})
            if message["method"] == "Network.webSocketFrameReceived" and frame["opcode"] == 2:
                data = base64.b64decode(frame["payloadData"])
                self.received += data
                self.stream.feed(data)
            elif message["method"] == "Network.webSocketFrameSent":
                sent = json.loads(frame["payloadData"])
                if sent[0] == "resize":
                    self.size = (sent[1]["width"], sent[1]["height"])

    def text(self) -> str:
        """The terminal's screen, line by line."""
        width, height = self.size or (self.screen.columns, self.screen.lines)
        return "\n".join(line[:width].rstrip() for line in self.screen.display[:height])

    def everything_received(self) -> str:
        """Every character the page was ever sent, escape sequences removed."""
        return ESCAPES.sub(b"", self.received).decode("utf-8", "replace")

    def wait_for(self, wanted: str, timeout: float) -> float:
        """Seconds until `wanted` is on the screen; AssertionError after `timeout`."""
        start = time.monotonic()
        while True:
            self.update()
            if wanted in self.text():
                return time.monotonic() - start
            if time.monotonic() - start > timeout:
                raise AssertionError(f"{wanted!r} not shown after {timeout} s:\n{self.text()}")
            time.sleep(0.05)  # polling the browser's log, not waiting for time to pass

    def terminal_shown(self, timeout: float) -> bool:
        """Whether the page swapped its "Opening..." message for the terminal (textual.js does
        on the first screen it receives)."""
        script = "return document.body.classList.contains('-first-byte')"
        deadline = time.monotonic() + timeout
        while not self.driver.execute_script(script):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def type(self, *keys: str) -> None:
        """Type into the page's terminal (xterm.js takes keys in its hidden textarea)."""
        self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea").send_keys(*keys)

    def dom_text(self) -> str:
        return str(self.driver.execute_script("return document.body.innerText"))

    def close(self) -> None:
        self.driver.quit()
