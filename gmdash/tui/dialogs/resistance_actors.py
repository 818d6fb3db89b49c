"""Two actors for the resistance pane (`a`): who is active, who passive, and which value of
each sheet stands (current magic points, POW, STR...). The pane takes the values from the
sheets as they are now, and again whenever they change."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, Select, Static

from gmdash.model.character import Character
from gmdash.play.roll_plan import narrow
from gmdash.tui.dialogs.form_base import FormDialog, error_label, field_label
from gmdash.tui.user_text import literal

MAGIC_POINTS = "MP"
"""The current magic points, what a spell's target resists with (docs/rules.md#spell-resistance)."""


def actor_value(sheet: Character, key: str) -> int | None:
    """A sheet's value that a resistance roll can take: its current magic points (`MP`) or a
    characteristic; None when the sheet has not that characteristic (APP on an RQG sheet)."""
    if key == MAGIC_POINTS:
        return sheet.magic_points
    return sheet.characteristics.get(key)


@dataclass(frozen=True, slots=True)
class ActorPair:
    """Who rolls against whom, and with which value of each sheet."""

    active_id: str
    active_key: str
    passive_id: str
    passive_key: str


class ActorsDialog(FormDialog[ActorPair]):
    """Pick the active and the passive actor and the value each stands with."""

    title_text = "Resistance between two actors"
    ok_label = "Use them"

    def __init__(
        self, characters: list[Character], keys: tuple[str, ...], active_key: str,
        passive_key: str, active_name: str = "",
    ) -> None:  # fmt: skip
        super().__init__()
        self.characters = characters
        self.keys = keys
        self.first = (active_key if active_key in keys else MAGIC_POINTS,
                      passive_key if passive_key in keys else MAGIC_POINTS)  # fmt: skip
        self.active_name = active_name

    def dialog_body(self) -> ComposeResult:
        names = [c.name for c in self.characters]
        options = [(literal(k if k != MAGIC_POINTS else "MP (current)"), k) for k in self.keys]
        for side, default, key in (("active", self.active_name, self.first[0]),
                                   ("passive", "", self.first[1])):  # fmt: skip
            yield field_label(f"{side.capitalize()}: who (type part of the name)")
            yield Input(default, id=side, suggester=SuggestFromList(names, case_sensitive=False))
            yield error_label(side)
            yield Select[str](options, value=key, allow_blank=False, id=f"{side}-key")
        yield Static("", id="preview", classes="preview")

    def revalidates_on(self, event: Message) -> bool:
        """A value picked in a select is checked and previewed too (the preview went on
        naming the value picked before)."""
        return isinstance(event, (Input.Changed, Select.Changed))

    def _actor(self, side: str) -> Character | None:
        text = self.query_one(f"#{side}", Input).value
        found = narrow([c.name for c in self.characters], text) if text.strip() else []
        return next((c for c in self.characters if found and c.name == found[0]), None)

    def _key(self, side: str) -> str:
        value = self.query_one(f"#{side}-key", Select).value
        return value if isinstance(value, str) else MAGIC_POINTS

    def problems(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for side in ("active", "passive"):
            actor = self._actor(side)
            text = self.query_one(f"#{side}", Input).value.strip()
            if actor is None:
                found[side] = f"nobody called {text!r}" if text else "who? type a name"
            elif actor_value(actor, self._key(side)) is None:
                found[side] = f"{actor.name} has no {self._key(side)}"
        return found

    def update_preview(self) -> None:
        active, passive = self._actor("active"), self._actor("passive")
        assert active is not None and passive is not None
        self.set_preview(
            f"{active.name} {self._key('active')} {actor_value(active, self._key('active'))} vs "
            f"{passive.name} {self._key('passive')} {actor_value(passive, self._key('passive'))}"
        )

    def answer(self) -> ActorPair:
        active, passive = self._actor("active"), self._actor("passive")
        assert active is not None and passive is not None
        return ActorPair(active.id, self._key("active"), passive.id, self._key("passive"))
