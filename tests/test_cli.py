"""The command line: the JSON contract, iCalendar and CSV exports, and clean errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from icalendar import Calendar as ICalendar

from nyballot.calendar.engine import build_calendar
from nyballot.cli import cli, main
from nyballot.errors import UsageError
from nyballot.law.loader import load_law

NYBALLOT = Path(sys.executable).parent / "nyballot"


def run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def calendar_2015() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run("calendar", "2015", "--format", "json").stdout)
    return data


# The contract documented in the README ("keys are only ever added, never renamed or removed").
CALENDAR_KEYS = {
    "year",
    "law",
    "overlays",
    "convention",
    "events",
    "elections",
    "deadlines",
    "notes",
}
DEADLINE_KEYS = {
    "id", "cite", "title", "opens", "closes", "status", "kind", "formula", "events", "law",
    "source", "text_unverified", "note", "overlay", "other_reading", "derivation",
}  # fmt: skip
STEP_KEYS = {"step", "date", "cite", "of"}


def test_json_has_the_documented_keys(calendar_2015: dict[str, Any]) -> None:
    assert set(calendar_2015) >= CALENDAR_KEYS
    assert calendar_2015["year"] == 2015
    assert calendar_2015["law"] == "pre-2019"
    assert calendar_2015["overlays"] == ["L2015-primary"]
    assert calendar_2015["elections"] == {"primary": "2015-09-10", "general": "2015-11-03"}
    assert calendar_2015["deadlines"]
    for deadline in calendar_2015["deadlines"]:
        assert set(deadline) >= DEADLINE_KEYS
        assert deadline["status"] in ("dated", "awaiting_event", "not_applicable")
        for step in deadline["derivation"]:
            assert set(step) >= STEP_KEYS
            assert isinstance(step["step"], str) and step["step"]


def test_json_dates_are_iso_text(calendar_2015: dict[str, Any]) -> None:
    filing = next(d for d in calendar_2015["deadlines"] if d["id"] == "designating_petition.filing")
    assert (filing["opens"], filing["closes"], filing["cite"]) == (
        "2015-07-06",
        "2015-07-09",
        "6-158(1)",
    )
    assert filing["derivation"][0]["cite"] == "8-100(1)(a); S.4843/A.7014 of 2015"
    assert filing["derivation"][0]["date"] == "2015-09-10"


def test_json_ids_are_unique(calendar_2015: dict[str, Any]) -> None:
    ids = [d["id"] for d in calendar_2015["deadlines"]]
    assert len(ids) == len(set(ids))


def test_explain_json_gives_the_derivation_of_one_rule() -> None:
    rule = "party_nomination.acceptance_declination"
    data = json.loads(run("explain", "2015", rule, "--format", "json").stdout)
    assert data["closes"] == "2015-09-21"
    roll = data["derivation"][-1]
    assert roll["date"] == "2015-09-21" and "1-106(1)" in roll["cite"]
    assert data["derivation"][-2]["date"] == "2015-09-20"  # the Sunday before rolling


def _ics(*args: str) -> bytes:
    data: bytes = run("calendar", *args, "--format", "ics").stdout_bytes
    return data


def test_ics_has_one_event_per_date_with_the_cite(calendar_2015: dict[str, Any]) -> None:
    parsed = ICalendar.from_ical(_ics("2015"))
    events = list(parsed.walk("VEVENT"))
    dates = [
        (d["id"], d[part])
        for d in calendar_2015["deadlines"]
        for part in ("opens", "closes", "closes_at_latest")
        if d[part] is not None
    ]
    assert len(events) == len(dates)
    cites = {d["id"]: d["cite"] for d in calendar_2015["deadlines"]}
    starts = sorted(str(e.decoded("dtstart")) for e in events)
    assert starts == sorted(day for _, day in dates)
    for event in events:
        description = str(event.get("description"))
        assert description.startswith("§ ")
        assert any(f"§ {cite}:" in description for cite in cites.values())
    filing_closes = [e for e in events if str(e.decoded("dtstart")) == "2015-07-09"]
    assert any("§ 6-158(1):" in str(e.get("description")) for e in filing_closes)


def test_ics_uids_are_unique_and_stable_across_runs() -> None:
    first = [str(e["uid"]) for e in ICalendar.from_ical(_ics("2015")).walk("VEVENT")]
    second = [str(e["uid"]) for e in ICalendar.from_ical(_ics("2015")).walk("VEVENT")]
    assert len(first) == len(set(first))
    assert first == second


def test_ics_uid_of_a_date_stays_when_the_date_moves() -> None:
    # A subscribed calendar updates the event in place: same UID, new date.
    def by_uid(*args: str) -> dict[str, str]:
        events = ICalendar.from_ical(_ics("2015", *args)).walk("VEVENT")
        return {str(e["uid"]): str(e.decoded("dtstart")) for e in events}

    plain = by_uid()
    moved = by_uid("--primary", "2015-09-17")
    assert plain.keys() == moved.keys()
    assert plain != moved


def test_csv_parses_with_one_row_per_rule(calendar_2015: dict[str, Any]) -> None:
    text = run("calendar", "2015", "--format", "csv").stdout_bytes.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    assert len(rows) == len(calendar_2015["deadlines"])
    assert {"id", "cite", "title", "opens", "closes", "derivation"} <= set(rows[0])
    filing = next(r for r in rows if r["id"] == "designating_petition.filing")
    assert (filing["opens"], filing["closes"], filing["cite"]) == (
        "2015-07-06",
        "2015-07-09",
        "6-158(1)",
    )


BAD = [
    pytest.param(["calendar", "1900"], "year 1900", id="year 1900"),
    pytest.param(["calendar", "2015", "--law", "nope"], "--law 'nope'", id="law"),
    pytest.param(["calendar", "2015", "--event", "nope=2015-01-01"], "--event 'nope'", id="event"),
    pytest.param(["calendar", "2015", "--event", "death=2015-02-30"], "2015-02-30", id="date"),
    pytest.param(["calendar", "2015", "--event", "death"], "NAME=YYYY-MM-DD", id="event form"),
    pytest.param(["calendar", "2015", "--primary", "2015-13-01"], "2015-13-01", id="primary"),
    pytest.param(["explain", "2015", "no.such.rule"], "no.such.rule", id="rule"),
    pytest.param(["calendar", "2015", "--with", "NOPE"], "--with 'NOPE'", id="overlay"),
    pytest.param(["calendar", "2015", "--format", "xml"], "xml", id="format"),
    pytest.param(["holidays", "1984"], "1984", id="holiday year"),
    pytest.param(["calendar", "2016", "--primary", "0001-01-01"], "not in 2016", id="far date"),
    pytest.param(["calendar", "2016", "--primary", "2017-09-13"], "not in 2016", id="other year"),
    pytest.param(
        ["calendar", "2016", "--primary", "2016-11-09", "--general", "2016-11-08"],
        "not before --general",
        id="primary after general",
    ),
    pytest.param(["calendar", "2016", "--primary", "20160913"], "20160913", id="basic format"),
    pytest.param(
        ["calendar", "2017", "--event", "death=9999-12-31"], "more than a year", id="far event"
    ),
    pytest.param(
        ["calendar", "2017", "--event", "death=2017-07-20", "--event", "death=2017-07-21"],
        "given twice",
        id="event twice",
    ),
    pytest.param(
        ["compare", "2017", "--with", "S5305A", "--enacted-on", "9999-12-31"],
        "--enacted-on S5305A=9999-12-31",
        id="enacted far",
    ),
]


@pytest.mark.parametrize(("argv", "named"), BAD)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("nyballot: error: ")
    assert named in lines[0]
    assert "Traceback" not in err


def test_a_misspelt_rule_gets_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["explain", "2015", "designating_petition.filng"])
    assert "did you mean designating_petition.filing" in capsys.readouterr().err


def test_good_input_does_not_exit(capsys: pytest.CaptureFixture[str]) -> None:
    main(["calendar", "2015", "--format", "csv"])
    assert capsys.readouterr().out.startswith("\ufeffid,cite,title,opens,closes")


@pytest.mark.skipif(not NYBALLOT.exists(), reason="the nyballot script is not installed")
@pytest.mark.parametrize(
    "argv", [["calendar", "1900"], ["calendar", "2015", "--event", "death=2015-02-30"]]
)
def test_the_installed_command_fails_cleanly(argv: list[str]) -> None:
    done = subprocess.run([str(NYBALLOT), *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("nyballot: error: ")


@pytest.mark.skipif(not NYBALLOT.exists(), reason="the nyballot script is not installed")
def test_the_installed_command_writes_json() -> None:
    done = subprocess.run(
        [str(NYBALLOT), "calendar", "2025", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["elections"]["primary"] == "2025-06-24"


def test_the_calendar_reads_bill_and_law_names_as_the_other_commands_do() -> None:
    exact = run("calendar", "2016", "--with", "S5961", "--format", "json").stdout
    assert run("calendar", "2016", "--with", "s5961", "--format", "json").stdout == exact
    assert run("calendar", "2016", "--with", "S.5961", "--format", "json").stdout == exact
    assert json.loads(exact)["overlays"][-1] == "S5961"
    by_alias = json.loads(run("calendar", "2016", "--law", "pre2019", "--format", "json").stdout)
    assert by_alias["law"] == "pre-2019"
    assert by_alias == json.loads(
        run("calendar", "2016", "--law", "pre-2019", "--format", "json").stdout
    )


def test_the_calendar_still_refuses_an_unknown_bill(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["calendar", "2016", "--with", "s5962"])
    assert exit_.value.code == 2
    assert "did you mean S5961" in capsys.readouterr().err


def test_an_unknown_rule_reads_alike_everywhere() -> None:
    cal = build_calendar(2015)
    assert cal.deadline("designating_petition.filing") is cal.get("designating_petition.filing")
    with pytest.raises(UsageError, match=r"not in the 2015 calendar \(pre-2019\) \(did you mean"):
        cal.deadline("designating_petition.filng")


@pytest.mark.parametrize("version", ["current", "pre-2019"])
def test_law_show_prints_every_quotation_and_note_whole(version: str) -> None:
    # Square brackets in the law's words (a redline's "[nine] thirteen") were taken for markup
    # by the terminal printer and dropped.
    shown = " ".join(run("law", "show", version).stdout.split())
    for rule in load_law().versions[version].rules.values():
        for text in (*rule.law, rule.unverified):
            assert " ".join(text.split()) in shown, (rule.id, text)


def test_explain_prints_a_bracketed_note_whole() -> None:
    # versions/current/9-200.yaml: 'Taken from a redline ("[nine] thirteen days") ...'.
    shown = " ".join(run("explain", "2026", "canvass.primary").stdout.split())
    assert 'Taken from a redline ("[nine] thirteen days")' in shown
