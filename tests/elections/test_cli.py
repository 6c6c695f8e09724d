"""nyballot special / village on the command line: every format, the kinds filter, and bad
input refused in one line with exit 2."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner
from icalendar import Calendar as ICalendar

from nyballot.cli import cli, main

SPECIAL = ["special", "--office", "congress", "--proclaimed", "2026-01-12"]
SPECIAL += ["--election", "2026-03-24", "--vacancy", "2026-01-05"]


def out(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_text_fits_eighty_columns_and_quotes_the_words() -> None:
    text = out(*SPECIAL)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "special.party_nomination.certificate" in text
    assert '"A certificate of party nomination for an office to be filled at a special' in text
    # § 6-114 beside § 6-158(6)'s certificate.
    assert "in the manner prescribed by the rules of the party" in " ".join(text.split())


def test_the_json_says_who_and_when_beside_the_calendars_keys() -> None:
    data = json.loads(out(*SPECIAL, "--format", "json"))
    assert data["special"]["office"] == "congress" and data["special"]["held"] is True
    assert {"deadlines", "events", "law"} <= set(data)
    ids = {d["id"] for d in data["deadlines"]}
    assert "special.voter.change_of_address" in ids


def test_the_kinds_filter_keeps_the_voters_dates_and_the_election() -> None:
    data = json.loads(out(*SPECIAL, "--format", "json", "--kind", "voter"))
    kinds = {d["kind"] for d in data["deadlines"]}
    assert kinds <= {"voter", "receipt", "election"} and "voter" in kinds


def test_csv_and_ics_are_the_calendars_exports() -> None:
    rows = list(csv.DictReader(io.StringIO(out(*SPECIAL, "--format", "csv").lstrip("\ufeff"))))
    assert any(r["id"] == "special.party_nomination.certificate" for r in rows)
    result = CliRunner().invoke(cli, [*SPECIAL, "--format", "ics"], catch_exceptions=False)
    events = ICalendar.from_ical(result.stdout_bytes).walk("VEVENT")
    assert events


def test_no_special_election_says_so_in_json() -> None:
    args = ["special", "--office", "congress", "--proclaimed", "2026-08-02", "--election"]
    args += ["2026-10-17", "--vacancy", "2026-07-20", "--last-year", "2026", "--format", "json"]
    data = json.loads(out(*args))
    assert data["special"]["held"] is False
    assert data["special"]["no_special_election"]["general_election"] == "2026-11-03"


def test_village_text_and_json() -> None:
    assert "village.election_held" in out("village", "2026")
    data = json.loads(out("village", "2027", "--primary", "--format", "json"))
    assert data["village"]["held"] == "2027-03-16"
    assert any(d["id"] == "village.primary" for d in data["deadlines"])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["special", "--office", "congress", "--proclaimed", "2026-02-02", "--election",
          "2026-01-17"], "--election 2026-01-17: not after the proclamation"),
        (["special", "--office", "mayorx", "--proclaimed", "2026-02-02", "--election",
          "2026-04-14"], "--office 'mayorx'"),
        (["special", "--office", "congress", "--proclaimed", "2026-02-02", "--election",
          "2026-03-01"], "27 days after the proclamation"),
        (["village", "2026", "--month", "june"], "--month june"),
        (["village", "2026", "--month", "smarch"], "not a month"),
        (["special", "--office", "congress", "--proclaimed", "2026-02-30", "--election",
          "2026-04-14"], "--proclaimed: '2026-02-30' is not a date"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and words in err


def _events(*args: str) -> tuple[ICalendar, list[ICalendar]]:
    result = CliRunner().invoke(cli, [*args, "--format", "ics"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    cal = ICalendar.from_ical(result.stdout_bytes)
    return cal, cal.walk("VEVENT")


def test_two_specials_of_one_year_share_no_uid_and_each_is_valid_icalendar() -> None:
    # Two 2026 specials: a congressional (Jan 12 -> Mar 24) and an assembly (Feb 2 -> Mar 17).
    assembly = ["special", "--office", "assembly", "--proclaimed", "2026-02-02"]
    assembly += ["--election", "2026-03-17"]
    uids = []
    for args in (SPECIAL, assembly):
        cal, events = _events(*args)
        # RFC 5545 § 3.6: a VCALENDAR has PRODID and VERSION 2.0; § 3.6.1: each VEVENT a
        # UID and a DTSTAMP (no METHOD) and here a DTSTART; § 3.8.4.7: UIDs unique.
        assert cal["version"] == "2.0" and cal["prodid"]
        assert events and all(e.get(p) for e in events for p in ("uid", "dtstamp", "dtstart"))
        found = [str(e["uid"]) for e in events]
        assert len(found) == len(set(found))
        uids.append(set(found))
        assert str(cal["x-wr-calname"]).startswith("Special election: ")
    assert uids[0].isdisjoint(uids[1])


def test_a_special_s_uids_are_not_the_year_calendar_s() -> None:
    _, special = _events(*SPECIAL)
    _, year = _events("calendar", "2026")
    assert {str(e["uid"]) for e in special}.isdisjoint(str(e["uid"]) for e in year)
