"""The calendar files people open elsewhere: CSV for Excel, iCalendar revisions and reminders,
and the terminal table at any width.

Hand-worked: in 2026 designating petitions are filed under § 6-158(1-a) (the 2026 act) from
the 13th Monday to the 12th Monday before the primary of Tue 2026-06-23: Mon 2026-03-30 to
Mon 2026-04-06. The general election is Tue 2026-11-03 (the Tuesday after the first Monday,
Mon 2026-11-02, § 8-100(1)(c)).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re

import pytest
from click.testing import CliRunner
from icalendar import Calendar as ICalendar
from rich.console import Console

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.model import Calendar
from nyballot.cli import cli
from nyballot.errors import UsageError
from nyballot.export.csv import to_csv
from nyballot.export.ics import EPOCH, to_ics
from nyballot.export.table import print_calendar


@pytest.fixture(scope="module")
def cal() -> Calendar:
    return build_calendar(2026)


def _events(data: bytes) -> dict[str, ICalendar]:
    return {str(e["uid"]): e for e in ICalendar.from_ical(data).walk("VEVENT")}


def test_csv_is_utf8_with_bom_and_crlf_for_excel() -> None:
    data = CliRunner().invoke(cli, ["calendar", "2026", "--format", "csv"]).stdout_bytes
    assert data.startswith(b"\xef\xbb\xbfid,cite,title,opens,closes,what_if,")
    assert b"\n" not in data.replace(b"\r\n", b"")  # every line ends in CRLF
    text = data.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    filing = next(r for r in rows if r["id"] == "designating_petition.filing")
    assert (filing["opens"], filing["closes"], filing["cite"]) == (
        "2026-03-30",
        "2026-04-06",
        "6-158(1-a)",
    )
    assert "§" in text  # the derivation cites "GCL § 20" and the like, intact


def test_every_csv_record_ends_in_crlf(cal: Calendar) -> None:
    text = to_csv(cal)
    lines = text.split("\r\n")
    assert lines[-1] == ""  # the last record ends in CRLF too
    assert (
        len(list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))))
        == len(cal.deadlines) + 1
    )


def test_ics_revisions_follow_the_content(cal: Calendar) -> None:
    plain = _events(to_ics(cal))
    again = _events(to_ics(cal))
    assert plain.keys() == again.keys()
    for uid, event in plain.items():
        assert event["sequence"] == again[uid]["sequence"]
        modified = event.decoded("last-modified")
        assert modified == event.decoded("dtstamp")
        assert modified == EPOCH + dt.timedelta(seconds=int(event["sequence"]))
    # The primary typed in a week later moves the dates counted from it: each moved event
    # keeps its UID and gets a new SEQUENCE and LAST-MODIFIED; the general election does not.
    moved = _events(to_ics(build_calendar(2026, primary=dt.date(2026, 6, 30))))
    assert moved.keys() == plain.keys()
    changed = [u for u in plain if plain[u].decoded("dtstart") != moved[u].decoded("dtstart")]
    assert changed
    for uid in changed:
        assert plain[uid]["sequence"] != moved[uid]["sequence"]
        assert plain[uid].decoded("last-modified") != moved[uid].decoded("last-modified")


def test_ics_reminders_come_before_each_last_day_only(cal: Calendar) -> None:
    events = ICalendar.from_ical(to_ics(cal, reminder_days=3)).walk("VEVENT")
    with_alarm = [e for e in events if e.walk("VALARM")]
    assert with_alarm
    for event in with_alarm:
        (alarm,) = event.walk("VALARM")
        assert alarm.decoded("trigger") == dt.timedelta(days=-3)
        assert str(alarm["action"]) == "DISPLAY"
        assert "(first day)" not in str(event["summary"])
    filing = [e for e in events if str(e["summary"]).startswith("Dates for filing designating")]
    last = next(e for e in filing if "(last day)" in str(e["summary"]))
    first = next(e for e in filing if "(first day)" in str(e["summary"]))
    assert last.decoded("dtstart") == dt.date(2026, 4, 6) and last.walk("VALARM")
    assert not first.walk("VALARM")
    general = next(e for e in events if e.decoded("dtstart") == dt.date(2026, 11, 3))
    assert not general.walk("VALARM")  # an election day is not a last day
    assert not any(e.walk("VALARM") for e in ICalendar.from_ical(to_ics(cal)).walk("VEVENT"))


def test_the_cli_passes_reminders_and_refuses_bad_ones() -> None:
    args = ["calendar", "2026", "--format", "ics", "--remind", "7"]
    data = CliRunner().invoke(cli, args).stdout_bytes
    assert b"TRIGGER:-P7D" in data
    with pytest.raises(UsageError, match="reminder -1 days"):
        to_ics(build_calendar(2026), reminder_days=-1)


@pytest.mark.parametrize("width", [60, 80, 100, 120, 200])
def test_the_table_never_cuts_a_rule_id(cal: Calendar, width: int) -> None:
    console = Console(width=width, record=True)
    print_calendar(cal, console)
    text = console.export_text()
    words = set(re.findall(r"[a-z0-9_.]+", text))
    missing = [d.id for d in cal.deadlines if d.id not in words]
    assert missing == []
    if width >= 80:
        longest = max(len(d.id) for d in cal.deadlines)
        assert max(len(line) for line in text.splitlines()) <= max(width, longest + 2)


def test_at_80_columns_each_entry_has_its_dates_title_and_id() -> None:
    console = Console(width=80, record=True)
    print_calendar(build_calendar(2026), console)
    lines = console.export_text().splitlines()
    at = lines.index("  designating_petition.filing")
    assert lines[at - 2].startswith("Mon 2026-03-30 – Mon 2026-04-06   § 6-158(1-a)")
    assert lines[at - 1].startswith("  Dates for filing designating petitions")
