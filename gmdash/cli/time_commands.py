"""CLI commands on game time and the calendar: `gmdash time now|set|pass|calendar|holy`.

`pass` lets time pass exactly as the dashboard's `T` and `ctrl+w` do (the same runner: effects
end, magic points come back, each week's end heals, seasons and holy days are named in the log);
`--worship` says who worshipped at the holy days it reached (the dashboard's worship dialog).
`set`, `pass` and `holy` write the campaign (refused while the dashboard has it open).
"""

from __future__ import annotations

import argparse
from typing import Any

from gmdash.cli.campaign_errors import campaign_name, for_change, store_errors
from gmdash.cli.errors import CliError
from gmdash.cli.output import print_json
from gmdash.cli.parsing import add_wait, parent_parser
from gmdash.model.errors import ValidationError
from gmdash.play import calendar, effects, time_passing
from gmdash.play.campaign import CampaignService
from gmdash.play.time_passing import WorshipOffer
from gmdash.rules.game_time import describe_span
from gmdash.rules.holy_days import HolyDayLevel, published
from gmdash.safe_text import visible


def register(subparsers: Any) -> None:
    """Add the time commands."""
    common = parent_parser()
    common.add_argument("--json", action="store_true", help="print JSON")
    common.add_argument("--campaign", metavar="NAME", help="the campaign (name or folder)")
    add_wait(common)

    time = subparsers.add_parser("time", help="game time and the calendar")
    sub = time.add_subparsers(title="time commands", metavar="ACTION", required=True)
    now = sub.add_parser("now", parents=[common], help="today's date and holy days")
    now.set_defaults(handler=time_now)
    setting = sub.add_parser("set", parents=[common],
                             help="set today's date (no time passes: nothing heals)")  # fmt: skip
    setting.add_argument("date", metavar="DATE",
                         help="'Windsday, Movement week, Storm Season 1625' (BRP: 'Day 12', "
                              "'2024-03-14')")  # fmt: skip
    setting.set_defaults(handler=time_set)
    passing = sub.add_parser(
        "pass", parents=[common],
        help="let game time pass: effects end, magic points come back, a week's end heals",
    )  # fmt: skip
    passing.add_argument("span", metavar="SPAN", help="5 rounds, 10m, 2h, 1d, 1w...")
    passing.add_argument(
        "--worship", metavar="WHO", default="",
        help="who worshipped at the holy days reached (names, comma-separated, or 'all'): "
             "their cult's Rune points come back",
    )  # fmt: skip
    passing.set_defaults(handler=time_pass)
    days = sub.add_parser("calendar", parents=[common], help="the coming days and holy days")
    days.add_argument("--days", type=int, default=14, metavar="N", help="how many (default 14)")
    days.add_argument("--from", dest="start", metavar="DATE", default="",
                      help="the first day (default: today)")  # fmt: skip
    days.set_defaults(handler=time_calendar)
    holy = sub.add_parser("holy", parents=[common],
                          help="a cult's holy days: show them, or set them")  # fmt: skip
    holy.add_argument("cult", metavar="CULT", help="the cult's name ('Lhankor Mhy')")
    for level in HolyDayLevel:
        holy.add_argument(f"--{level.value}", metavar="DAYS", default=None,
                          help=f"its {level.words}s, separated by ';' ('' for none)")  # fmt: skip
    holy.add_argument("--published", action="store_true",
                      help="back to the published holy days (or none)")  # fmt: skip
    holy.set_defaults(handler=time_holy)


def time_now(args: argparse.Namespace) -> int:
    """`gmdash time now --campaign NAME`: today, its hour, its holy days."""
    name = campaign_name(args)
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        data = calendar.today_data(svc.state)
    if args.json:
        print_json(data)
        return 0
    print(visible(f"{data['text']}, {data['time']}"))
    for here in calendar.holy_days_on(svc.state, svc.state.today):
        print(visible(f"holy day: {here.text}"))
    print(f"{describe_span(svc.state.clock)} of game time since the campaign began"
          if svc.state.clock else "no game time has passed yet")  # fmt: skip
    return 0


def time_set(args: argparse.Namespace) -> int:
    """`gmdash time set DATE --campaign NAME`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        calendar.set_date(svc, args.date)
        data = calendar.today_data(svc.state)
    if args.json:
        print_json(data)
    else:
        print(visible(f"today is {data['text']}"))
    return 0


def time_pass(args: argparse.Namespace) -> int:
    """`gmdash time pass SPAN [--worship WHO] --campaign NAME`."""
    name = campaign_name(args)
    with store_errors(name), for_change(args, name) as svc:
        seconds = effects.read_span(args.span)
        with svc.transaction():  # a name --worship cannot take: nothing happened
            passage = time_passing.pass_time(svc, seconds)
            offers = time_passing.worship_offers(svc.state, passage.holy_days)
            chosen = _worshippers(args.worship, offers)
            if chosen:
                time_passing.worship(svc, chosen)
        names = {c.id: c.name for c in svc.characters}
        today = calendar.today_data(svc.state)
        left = [o for o in offers if o not in chosen]
    if args.json:
        print_json({
            "passed": describe_span(passage.seconds),
            "seconds": passage.seconds,
            "ended": passage.ended,
            "magic_points": {names.get(cid, cid): n for cid, n in passage.magic_points.items()},
            "healed": {names.get(cid, cid): n for cid, n in passage.healed.items()},
            "weeks_ended": passage.weeks_ended,
            "marks": [mark.text for mark in passage.marks],
            "holy_days": [{"date": day.date, **day.here.to_dict()} for day in passage.holy_days],
            "worshipped": [_offer(o) for o in chosen],
            "may_worship": [_offer(o) for o in left],
            "now": today,
        })  # fmt: skip
        return 0
    for line in time_passing.summary_lines(passage, names, str(today["text"])):
        print(visible(line))
    for offer in chosen:
        print(visible(f"{offer.name} worshipped at the {offer.holy_day_text}: {offer.cult} "
                      f"Rune points {offer.points} → {offer.full}"))  # fmt: skip
    for offer in left:
        print(visible(f"{offer.name} may worship at the {offer.holy_day_text} "
                      f"(--worship '{offer.name}')"))  # fmt: skip
    return 0


def _worshippers(text: str, offers: list[WorshipOffer]) -> list[WorshipOffer]:
    """The offers `--worship` names ("all": every one); CliError for a name that may not."""
    wanted = [part.strip() for part in text.split(",") if part.strip()]
    if not wanted:
        return []
    if [w.casefold() for w in wanted] == ["all"]:
        return offers
    chosen: list[WorshipOffer] = []
    for who in wanted:
        found = [o for o in offers if who.casefold() in (o.name.casefold(), o.character_id)]
        if not found:
            may = ", ".join(dict.fromkeys(o.name for o in offers)) or "no one"
            raise CliError(f"{who!r} reaches no holy day of their cult with Rune points to "
                           f"regain in this span (may worship: {may})")  # fmt: skip
        chosen += [o for o in found if o not in chosen]
    return chosen


def _offer(offer: WorshipOffer) -> dict[str, object]:
    return {"who": offer.name, "cult": offer.cult, "level": offer.level.value,
            "date": offer.date, "rune_points": offer.points, "full": offer.full}  # fmt: skip


def time_calendar(args: argparse.Namespace) -> int:
    """`gmdash time calendar [--days N] [--from DATE] --campaign NAME`."""
    name = campaign_name(args)
    if not 1 <= args.days <= calendar.MAX_DAYS_AHEAD:
        raise CliError(f"--days is 1 to {calendar.MAX_DAYS_AHEAD}")
    with store_errors(name), CampaignService.open(args.saves_dir, name, read_only=True) as svc:
        state = svc.state
        first = state.today
        if args.start.strip():
            kind, first = calendar.read_date(state, args.start)
            if kind is not state.campaign.dates.kind:
                raise CliError(f"this campaign counts days by the {state.campaign.dates.kind} "
                               "calendar")  # fmt: skip
        days = calendar.days_ahead(state, first, args.days)
    if args.json:
        print_json([{"text": d.text, "today": d.today,
                     "holy_days": [h.to_dict() for h in d.holy_days]} for d in days])  # fmt: skip
        return 0
    for day in days:
        mark = "▶ " if day.today else "  "
        holy = "; ".join(h.text for h in day.holy_days)
        print(visible(f"{mark}{day.text}" + (f"  — {holy}" if holy else "")))
    return 0


def time_holy(args: argparse.Namespace) -> int:
    """`gmdash time holy CULT [--weekly DAYS] [--seasonal DAYS] [--high DAYS] [--published]`."""
    name = campaign_name(args)
    given = {level: getattr(args, level.value) for level in HolyDayLevel}
    setting = any(value is not None for value in given.values())
    if setting and args.published:
        raise CliError("either set the holy days or go back to the published ones, not both")
    writes = setting or args.published
    with store_errors(name), for_change(args, name, read_only=not writes) as svc:
        settings = svc.state.campaign.dates
        if args.published:
            calendar.set_holy_days(svc, args.cult, None)
        elif setting:
            now = settings.cult_days(args.cult)
            typed = {level: ("; ".join(p.text for p in now.of(level)) if value is None else value)
                     for level, value in given.items()}  # fmt: skip
            try:
                days = calendar.read_holy_days(typed[HolyDayLevel.WEEKLY],
                                               typed[HolyDayLevel.SEASONAL],
                                               typed[HolyDayLevel.HIGH])  # fmt: skip
            except ValidationError as error:
                raise CliError(f"--{error.field}: {error.message}") from None
            calendar.set_holy_days(svc, args.cult, days)
        settings = svc.state.campaign.dates
        days = settings.cult_days(args.cult)
        source = ("set by the game master" if settings.set_by_gm(args.cult)
                  else (days.source if published(args.cult) else "none published"))  # fmt: skip
    if args.json:
        levels = {level.value: [p.text for p in days.of(level)] for level in HolyDayLevel}
        print_json({"cult": args.cult.strip(), "source": source, **levels})
        return 0
    print(visible(f"{args.cult.strip()}: {days.describe()} ({source})"))
    return 0
