"""`gmdash serve` in a real browser: headless Chromium on a free loopback port.

One test, so that one server and one browser serve every check (Chromium's start is most of
the cost, and xdist would give each test its own). Set GMDASH_SCREENSHOT=1 to save the README's
picture (docs/players-view.png) from this browser.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmdash.model.events import RollMade
from gmdash.play.campaign import CampaignService

from .browser import BrowserPage, chromium_or_skip
from .night import GM_NOTE, HIDDEN_LABEL, a_night

DEMO = "Demo — The Pavis Road"
ROOT = Path(__file__).resolve().parents[2]


class Served:
    def __init__(self, saves: Path, url: str) -> None:
        self.saves = saves
        self.url = url
        self.base = url.split("?", 1)[0]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    saves = tmp_path_factory.mktemp("saves")
    with a_night(saves):
        pass
    process = subprocess.Popen(
        [sys.executable, "-m", "gmdash", "--saves", str(saves), "serve", "--port", "0",
         "--token", "--campaign", DEMO],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # printed once the port is bound
        found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", first)
        assert found, first + (process.stderr.read() if process.stderr else "")
        yield Served(saves, found.group(0))
    finally:
        os.killpg(process.pid, signal.SIGTERM)  # the server and each browser's app process
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserPage]:
    chromium_or_skip()
    browser = BrowserPage(tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield browser
    finally:
        browser.close()


def test_the_page_shows_the_party_follows_the_gm_and_needs_the_token(
    served: Served, page: BrowserPage
) -> None:
    page.open(served.url)
    page.wait_for("Harvald Stormbrow (Ana)", timeout=20)
    page.wait_for("Meriel Greenhollow (Dev)", timeout=20)
    assert "Round 1 · SR 6 · 1/3" in page.text()
    assert page.terminal_shown(timeout=20)
    if os.environ.get("GMDASH_SCREENSHOT"):
        page.driver.save_screenshot(str(ROOT / "docs" / "players-view.png"))

    with CampaignService.open(served.saves, DEMO, remember=False) as dashboard:
        dashboard.publish(RollMade(actor=None, label=HIDDEN_LABEL + " again", kind="ability",
                                   chance=30, roll=88, level="failure", hidden=True))  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "gmdash", "--saves", str(served.saves), "roll", "55",
         "--result", "21", "--campaign", DEMO, "--actor", "Irvala Greyquill",
         "--label", "Sing to the broo"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    page.wait_for("Irvala Greyquill · Sing to the broo  55%  21  success", timeout=20)

    for private in (HIDDEN_LABEL, GM_NOTE):
        assert private not in page.text()
        assert private not in page.everything_received()
        assert private not in page.dom_text()

    # Without the token (no cookie either), every request is refused.
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(served.base, timeout=5)
    assert refused.value.code == 403
    page.driver.delete_all_cookies()
    page.open(served.base)
    deadline = time.monotonic() + 5
    while "403" not in page.dom_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "403 Forbidden" in page.dom_text()
    assert "Harvald" not in page.dom_text()
