"""Who a date is for (--kind candidate|board|voter, the API's kind=), and dates resting on a
secondary source, marked in every output."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from icalendar import Calendar as ICalendar

from nyballot import build_calendar
from nyballot.cli import cli, main
from nyballot.errors import LawDataError
from nyballot.export.json import calendar_dict
from nyballot.law.loader import build_rule
from nyballot.law.model import KIND_GROUPS, KindGroup
from nyballot.web import create_app


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def json_ids(*args: str) -> dict[str, str]:
    data = json.loads(run("calendar", *args, "--format", "json"))
    return {d["id"]: d["kind"] for d in data["deadlines"]}


@pytest.fixture(scope="module")
def every_kind() -> dict[str, str]:
    return json_ids("2026")


@pytest.mark.parametrize("group", ["candidate", "board", "voter"])
def test_a_kind_keeps_its_dates_and_the_election_days(
    group: KindGroup, every_kind: dict[str, str]
) -> None:
    kept = json_ids("2026", "--kind", group)
    assert kept, group
    assert set(kept.values()) <= KIND_GROUPS[group]
    # Every rule of the group is kept, none other: the filter is exact.
    assert kept == {k: v for k, v in every_kind.items() if v in KIND_GROUPS[group]}
    assert {"election.primary", "election.general"} <= set(kept)


def test_voter_and_board_dates_are_in_the_full_calendar(every_kind: dict[str, str]) -> None:
    assert every_kind["voter.registration_by_mail.general"] == "voter"
    assert every_kind["voter.early_voting.general"] == "voter"
    assert every_kind["canvass.primary"] == "duty"
    assert every_kind["recanvass.general"] == "duty"
    assert every_kind["designating_petition.filing"] == "window"


def test_kinds_combine_as_repeated_options_or_a_comma_list() -> None:
    repeated = json_ids("2026", "--kind", "board", "--kind", "voter")
    listed = json_ids("2026", "--kind", "board,voter")
    assert repeated == listed
    assert "canvass.primary" in listed and "voter.early_voting.primary" in listed
    assert "designating_petition.filing" not in listed


def test_the_kind_filter_applies_to_table_csv_and_ics() -> None:
    table = run("calendar", "2026", "--kind", "voter")
    assert "voter.early_voting.general" in table and "designating_petition.filing" not in table
    text = run("calendar", "2026", "--kind", "board", "--format", "csv").removeprefix("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["kind"] for r in rows} == {"duty", "election"}
    ics = ICalendar.from_ical(run("calendar", "2026", "--kind", "voter", "--format", "ics"))
    summaries = [str(e["summary"]) for e in ics.walk("VEVENT")]
    assert any(s.startswith("Voters: early voting") for s in summaries)
    assert not any("designating petitions" in s for s in summaries)


def test_an_unknown_kind_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["calendar", "2026", "--kind", "voters"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "--kind 'voters'" in err and "did you mean voter" in err


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as c:
        yield c


def test_the_api_filters_by_kind(client: TestClient) -> None:
    body = client.get("/calendar/2026", params=[("kind", "board"), ("kind", "voter")]).json()
    kinds = {d["kind"] for d in body["deadlines"]}
    # "receipt": a ballot received by a day counted forward from the election (§ 8-412(1)).
    assert kinds == {"duty", "voter", "receipt", "election"}
    everything = client.get("/calendar/2026").json()
    assert len(everything["deadlines"]) > len(body["deadlines"])


def test_the_api_refuses_an_unknown_kind_with_json(client: TestClient) -> None:
    answer = client.get("/calendar/2026", params={"kind": "clerk"})
    assert answer.status_code == 400
    assert "kind 'clerk'" in answer.json()["error"]


# -- secondary sources --------------------------------------------------------------------

SECONDARY = "designating_petition.filing"  # 2020: L.2020 ch.24, dates from secondary sources


def test_json_marks_a_secondary_date_and_names_its_source() -> None:
    data = json.loads(run("calendar", "2020", "--format", "json"))
    by_id: dict[str, Any] = {d["id"]: d for d in data["deadlines"]}
    filing = by_id[SECONDARY]
    assert (filing["opens"], filing["closes"]) == ("2020-03-17", "2020-03-20")
    assert filing["evidence"] == "secondary"
    assert "Hawatmeh" in filing["evidence_source"]
    assert by_id["election.primary"]["evidence"] is None
    assert by_id["election.primary"]["evidence_source"] is None


def test_csv_marks_a_secondary_date() -> None:
    text = run("calendar", "2020", "--format", "csv").removeprefix("\ufeff")  # Excel's BOM
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(text))}
    assert rows[SECONDARY]["evidence"] == "secondary"
    assert "Hawatmeh" in rows[SECONDARY]["evidence_source"]
    assert rows["election.general"]["evidence"] == ""


def test_ics_marks_a_secondary_date_in_summary_and_description() -> None:
    ics = ICalendar.from_ical(run("calendar", "2020", "--format", "ics"))
    marked = [e for e in ics.walk("VEVENT") if "[secondary source]" in str(e["summary"])]
    assert any("designating petitions" in str(e["summary"]) for e in marked)
    assert all("SECONDARY SOURCE" in str(e["description"]) for e in marked)
    general = [e for e in ics.walk("VEVENT") if str(e["summary"]) == "General election"]
    assert general and "SECONDARY" not in str(general[0]["description"])


def test_the_table_and_explain_mark_a_secondary_date() -> None:
    table = run("calendar", "2020")
    assert "‡" in table and "secondary source" in table
    # Every year's county canvass of the general election (§ 9-214(1)) rests on the state
    # board's calendars; 2017's candidates' dates rest on statute words alone.
    assert "‡" not in run("calendar", "2017", "--kind", "candidate")
    assert "secondary source:" in run("explain", "2020", SECONDARY)


def test_the_web_page_shows_the_mark(client: TestClient) -> None:
    page = client.get("/web/calendar/2020").text
    assert "Secondary source:" in page and 'id="secondary-note"' in page
    # Every year now holds a secondary date (§ 9-214(1)); a rule on statute words has no mark.
    assert 'id="secondary"' not in client.get("/web/explain/2017/designating_petition.filing").text
    assert 'id="secondary"' in client.get(f"/web/explain/2020/{SECONDARY}").text


def test_a_secondary_date_must_name_its_source() -> None:
    raw = {"id": "x.y", "cite": "1-1", "title": "t", "closes": "primary",
           "text_not_found": "none", "evidence": "secondary"}  # fmt: skip
    with pytest.raises(LawDataError, match="evidence_source"):
        build_rule(raw, "test.yaml", {})
    with pytest.raises(LawDataError, match="'evidence' must be 'secondary'"):
        build_rule({**raw, "evidence": "hearsay", "evidence_source": "s"}, "test.yaml", {})
    assert (
        build_rule({**raw, "evidence_source": "a paper"}, "test.yaml", {}).evidence == "secondary"
    )


def test_an_unknown_rule_kind_is_refused_when_loaded() -> None:
    raw = {"id": "x.y", "cite": "1-1", "title": "t", "closes": "primary",
           "text_not_found": "none", "kind": "voters"}  # fmt: skip
    with pytest.raises(LawDataError, match="kind 'voters'"):
        build_rule(raw, "test.yaml", {})


def test_a_voter_day_counted_back_does_not_roll_and_one_counted_forward_does() -> None:
    data = json.loads(run("calendar", "2025", "--format", "json"))
    by_id: dict[str, Any] = {d["id"]: d for d in data["deadlines"]}
    # 2025 general election Tue Nov 4. § 8-400(2)(c) (L.2023 ch.481): received by the tenth
    # day before: Nov 4 - 4 = Oct 31, - 6 = Sat Oct 25 (4 + 6 = 10); counted back from the
    # election, a voter's day does not roll.
    assert by_id["voter.absentee_application.general"]["closes"] == "2025-10-25"
    assert by_id["voter.absentee_application.general"]["rolled_from"] is None
    # § 8-412(1): received within seven days after Tue Nov 4 = Tue Nov 11, Veterans day (GCL
    # § 24): rolls to Wed Nov 12.
    receipt = by_id["voter.absentee_ballot_receipt.general"]
    assert (receipt["closes"], receipt["rolled_from"]) == ("2025-11-12", "2025-11-11")


def test_each_date_in_json_says_whom_it_is_for() -> None:
    # A ballot received after the election rolls ("receipt") but is a voter's date; an
    # election day is everyone's; a board's canvass is the board's.
    rules = {r["id"]: r for r in calendar_dict(build_calendar(2026))["deadlines"]}
    assert rules["voter.absentee_ballot_receipt.primary"]["kind"] == "receipt"
    assert rules["voter.absentee_ballot_receipt.primary"]["for"] == ["voter"]
    assert rules["election.primary"]["for"] == ["candidate", "board", "voter"]
    assert rules["canvass.primary"]["for"] == ["board"]
