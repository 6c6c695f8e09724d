"""Coverage: every subdivision of a version's shipped texts, and the rules that encode it.

The subdivision lists (law/data/coverage/*.yaml) are data reviewed beside the texts; these tests
hold them to the texts' own markers and to the rules' cites. Expected values are read by hand
from the shipped texts, cited beside each.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nyballot.cli import cli
from nyballot.errors import LawDataError, UsageError
from nyballot.law import coverage as cov
from nyballot.law.coverage_data import _listed
from nyballot.law.loader import load_law
from nyballot.law.markers import derive
from nyballot.law.subdivisions import Cited, cite_of, parse_cite
from nyballot.law.texts import shipped_texts

VERSIONS = ("current", "pre-2019")


# --- cites ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cite", "expected"),
    [
        ("6-158(1)", [("6-158", ("1",))]),
        ("10-108(1)(a)", [("10-108", ("1", "a"))]),
        ("4-110", [("4-110", ())]),
        # a one-year measure cites the section it displaces and the act: the act is skipped
        ("6-134(4); L.2014 ch.20", [("6-134", ("4",))]),
        ("6-158(1-a)", [("6-158", ("1-a",))]),
        ("PBO 42(1)", [("PBO-42", ("1",))]),
        ("PBO § 42(4)", [("PBO-42", ("4",))]),
        ("GCL § 25-a", [("GCN-25-a", ())]),
        ("2-122-a(7)(b)", [("2-122-a", ("7", "b"))]),
        # "(4)" after a comma is another subdivision of the same section
        ("7-104(2), (4); 7-106(11)", [("7-104", ("2",)), ("7-104", ("4",)), ("7-106", ("11",))]),
        # a range of paragraphs names the subdivision that holds them
        ("6-142(2)(a)-(h)", [("6-142", ("2",))]),
        ("L.2014 ch.20", []),
        ("S.5961 § 14", []),
        ("2026 act (text of A.6774 of 2023; chapter not identified)", []),
        ("US v. NY, 1:10-cv-1214", []),
    ],
)
def test_a_cite_names_its_statute_subdivisions(cite: str, expected: list[tuple]) -> None:
    assert parse_cite(cite) == [Cited(s, p) for s, p in expected]


sections = st.one_of(
    st.builds(lambda a, s: f"{a}-{s}", st.integers(1, 17), st.integers(100, 999)),
    st.builds(lambda n: f"PBO-{n}", st.integers(1, 99)),
    st.builds(lambda n: f"GCN-{n}", st.integers(1, 99)),
)
paths = st.lists(
    st.one_of(
        st.builds(str, st.integers(1, 20)),
        st.builds(lambda n: f"{n}-a", st.integers(1, 20)),
        st.sampled_from("abcdefgh"),
    ),
    max_size=2,
).map(tuple)


@given(sections, paths)
def test_a_written_cite_reads_back_as_the_same_subdivision(section: str, path: tuple) -> None:
    assert parse_cite(cite_of(section, path)) == [Cited(section, path)]


# --- the texts' own markers ------------------------------------------------------------------


def test_the_markers_of_section_6_134() -> None:
    # current/6-134.txt: subdivisions 1-4 in full; "5. The u [rest of subdivision 5 not found]";
    # "[subdivisions 6, 7 and 8 not found]"; 9 and 10 only as courts quoted them (10 opens with
    # "[...]", 9 ends "[... the rest of subdivision 9, if any, not found]"); "[subdivision 11 not
    # found]"; 12 as quoted; "[subdivision 13 not found]".
    found = derive("current/6-134.txt")
    assert found.units.keys() == {(str(n),) for n in range(1, 14)}
    assert found.missing == {(str(n),) for n in (5, 6, 7, 8, 9, 10, 11, 13)}
    assert found.units[("4",)].startswith("A signature made earlier than thirty-seven days")
    assert not found.rest_missing


def test_paragraphs_inline_roman_and_not_found() -> None:
    # current/8-100.txt: "1. (a) A primary election ..." then "[paragraphs (b), (c) not found]",
    # subdivisions 2 and 3, "[rest not found]".
    found = derive("current/8-100.txt")
    assert set(found.units) == {("1",), ("1", "a"), ("1", "b"), ("1", "c"), ("2",), ("3",)}
    assert found.missing == {("1", "b"), ("1", "c")}
    assert found.rest_missing
    # current/6-158.txt: "6. (a) A certificate ... thirty days after the primary election, (b)
    # except that ... whichever is later, and (c) except, further, ... and (d) except still
    # further ..." (paragraphs inside one sentence)
    units = derive("current/6-158.txt").units
    assert units[("6", "b")].startswith("except that a certificate of nomination for an office")
    assert units[("6", "d")].startswith("except still further that a certificate")
    # current/6-154.txt: 4(b) says "paragraph (a) of this subdivision", which is no paragraph
    assert ("4", "c") not in derive("current/6-154.txt").units
    # current/6-154.txt: 3(a) has subparagraphs (i)-(iii), which are not paragraph (i).
    units = derive("current/6-154.txt").units
    assert ("3", "a") in units and ("3", "b") in units and ("3", "i") not in units
    # current/6-138.txt writes paragraphs "a." to "g." and has a subdivision 2-a.
    units = derive("current/6-138.txt").units
    assert ("2-a",) in units and ("3", "g") in units


def test_a_wrapped_text_and_a_text_that_starts_inside_a_subdivision() -> None:
    # pre2019/6-158.txt is wrapped at 70 columns; its heading runs over two lines before "1.".
    assert derive("pre2019/6-158.txt").subdivisions == {str(n) for n in range(1, 15)}
    # current/10-108.txt starts at "(a)" of subdivision 1.
    assert set(derive("current/10-108.txt", begins="1").units) == {("1", "a")}
    # GCL § 24 has no subdivisions: the whole section is the unit.
    units = derive("current/GCN-24.txt").units
    assert set(units) == {()}
    assert units[()].startswith("The term public holiday includes the following days")


# --- the reviewed lists ----------------------------------------------------------------------


def _folder(version: str) -> str:
    return cov.coverage_data(version).folder


@pytest.mark.parametrize("version", VERSIONS)
def test_every_rule_cites_a_listed_subdivision(version: str) -> None:
    report = cov.build(version)
    uncited = [(r.id, c) for r, c in report.uncited]
    where = cov.coverage_data(version).origin
    assert uncited == [], f"{where}: list the subdivisions these rules cite: {uncited}"


@pytest.mark.parametrize("version", VERSIONS)
def test_every_listed_subdivision_has_a_rule_or_a_reason(version: str) -> None:
    report = cov.build(version)
    assert [r.cite for r in report.rows if r.status == "unexplained"] == []
    totals = report.totals()
    assert (
        totals["subdivisions"]
        == len(report.rows)
        == sum(totals[s] for s in ("encoded", "no_date", "missing", "not_modelled"))
    )


@pytest.mark.parametrize("version", VERSIONS)
def test_every_text_of_the_version_is_listed(version: str) -> None:
    data = cov.coverage_data(version)
    unreviewed = cov.unreviewed_texts(data)
    assert unreviewed == (), f"{data.origin}: list the subdivisions of {unreviewed}"
    listed = {s.text for s in data.sections.values()} | set(data.unlisted)
    assert listed <= set(shipped_texts())


@pytest.mark.parametrize("version", VERSIONS)
def test_the_lists_agree_with_the_texts_markers(version: str) -> None:
    data = cov.coverage_data(version)
    encoded = {(r.section, r.path) for r in cov.build(version).rows if r.rules}
    for entry in data.sections.values():
        if not entry.derived:
            continue
        found = derive(entry.text, entry.begins)
        listed = {u.path for u in entry.units}
        where = f"{data.origin} {entry.section}"
        assert {p[0] for p in listed if p} == found.subdivisions, where
        for path in found.units:
            with_paragraphs = any(p[: len(path)] == path and p != path for p in found.units)
            assert path in listed or with_paragraphs, f"{where}: {path} not listed"
        for unit in entry.units:
            if unit.path in found.missing and (entry.section, unit.path) not in encoded:
                assert unit.reason == "missing", f"{where} {unit.path}: the text says not found"


def test_golden_rows_of_the_law_in_force() -> None:
    rows = {r.cite: r for r in cov.build("current").rows}
    # § 6-158(1): "A designating petition shall be filed not earlier than the thirteenth Monday"
    own = [r.id for r in rows["6-158(1)"].rules if r.overlay is None]
    assert own == ["designating_petition.filing"]
    # § 6-158(7): "[not found]" now; the rules carry the pre-2019 words, text unverified
    assert rows["6-158(7)"].status == "encoded" and rows["6-158(7)"].words_missing
    assert all(r.unverified for r in rows["6-158(7)"].rules)
    # § 6-134(2): "three business days from the date of such determination to cure"
    assert [r.id for r in rows["6-134(2)"].rules] == ["designating_petition.cure"]
    assert rows["6-158(13)"].status == "missing"
    assert rows["8-100(2)"].status == "no_date"  # the hours the polls are open
    assert rows["PBO 42(1)"].status == "encoded"


@pytest.mark.parametrize("version", VERSIONS)
def test_enacted_overlays_encode_too_and_bills_never(version: str) -> None:
    overlays = load_law().overlays
    for row in cov.build(version).rows:
        for rule in row.rules:
            assert rule.overlay is None or overlays[rule.overlay].enacted, (row.cite, rule.id)
    if version == "current":
        # § 8-700(2)(c) (early mail ballot applications, "NOT LATER THAN THE TENTH DAY BEFORE
        # THE ELECTION") is encoded from 2024 by L.2023 ch.481, an enacted overlay
        row = next(r for r in cov.build(version).rows if r.cite == "8-700(2)(c)")
        assert row.status == "encoded"
        assert {r.overlay for r in row.rules} == {"L2023-ch481"}


def test_golden_count_of_section_6_134_under_the_law_in_force() -> None:
    # Counted by hand from current/6-134.txt and its review: 13 subdivisions; subd 4 ("A
    # signature made earlier than thirty-seven days before the last day to file ... shall not be
    # counted") and 2 ("three business days from the date of such determination to cure") are
    # encoded; 1 (what a petition may combine) and 3 (which signatures count) have no date; 12
    # (three days after specific objections) is not modelled; 5-11 and 13 are partly or wholly
    # not found, except 12 (as quoted).
    report = cov.build("current")
    counts = {"encoded": 2, "no_date": 2, "missing": 8, "not_modelled": 1, "unexplained": 0}
    assert report.totals("6-134") == {"subdivisions": 13, **counts}
    rows = [r for r in report.rows if r.section == "6-134"]
    by_status: dict[str, list[str]] = {}
    for row in rows:
        by_status.setdefault(row.status, []).append(row.path[0])
    assert by_status == {
        "encoded": ["2", "4"],
        "no_date": ["1", "3"],
        "not_modelled": ["12"],
        "missing": ["5", "6", "7", "8", "9", "10", "11", "13"],
    }


@pytest.mark.parametrize("version", VERSIONS)
def test_rows_are_in_the_statutes_order(version: str) -> None:
    cites = [r.cite for r in cov.build(version).rows]
    assert cites == sorted(cites, key=lambda c: cov.order(*_parts(c)))
    # hand-ordered: article 2 before article 16; 6-158(2) before 6-158(10); 2 before 2-a;
    # the Election Law, then the General Construction Law, then the Public Officers Law
    before = ["2-120(1)", "6-158(2)", "6-158(10)", "16-102(2)"]
    assert [cites.index(c) for c in before] == sorted(cites.index(c) for c in before)
    if version == "current":
        before = ["6-138(2)", "6-138(2-a)", "6-138(3)(a)", "GCN 25-a(1)", "PBO 42(1)"]
        assert [cites.index(c) for c in before] == sorted(cites.index(c) for c in before)


def _parts(cite: str) -> tuple[str, tuple[str, ...]]:
    (cited,) = parse_cite(cite)
    return cited.section, cited.path


def test_a_reason_on_an_encoded_subdivision_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    data = cov.coverage_data("current")
    entry = data.sections["6-158"]
    units = tuple(
        replace(u, reason="no-date", note="stale") if u.path == ("1",) else u for u in entry.units
    )
    sections = {**data.sections, "6-158": replace(entry, units=units)}
    monkeypatch.setattr(cov, "coverage_data", lambda _v: replace(data, sections=sections))
    row = next(r for r in cov.build("current").rows if r.cite == "6-158(1)")
    assert row.status == "encoded" and row.note == ""


def test_malformed_list_entries_are_refused_with_their_place() -> None:
    with pytest.raises(LawDataError, match=r"f.yaml 6-158: '6a' is not a subdivision"):
        _listed("6a", None, "f.yaml 6-158")
    with pytest.raises(LawDataError, match="give one reason"):
        _listed("6", {"no-date": "x", "missing": "y"}, "f.yaml 6-158")
    with pytest.raises(LawDataError, match="say what is not modelled"):
        _listed("6", {"not-modelled": None}, "f.yaml 6-158")
    with pytest.raises(UsageError, match="law 'pre2018': no such law version"):
        cov.coverage("pre2018")


# --- the command -----------------------------------------------------------------------------


def test_the_command_prints_the_checklist_and_its_totals() -> None:
    runner = CliRunner()
    table = runner.invoke(cli, ["law", "coverage", "--law", "pre2019"])
    assert table.exit_code == 0, table.output
    assert "§ 6-158(14)" in table.output and "Total: " in table.output
    assert "no date in it" in table.output and "not modelled" in table.output
    out = runner.invoke(cli, ["law", "coverage", "--format", "json"])
    data = json.loads(out.output)
    assert data["law"] == "current"
    assert data == cov.coverage_dict(cov.coverage("current"))
    row = next(r for r in data["subdivisions"] if r["cite"] == "6-158(6)(a)")
    assert (row["section"], row["subdivision"], row["paragraph"]) == ("6-158", "6", "a")
    assert row["status"] == "encoded"
    assert row["rules"][0]["id"] == "party_nomination.certificate"


def test_an_unknown_law_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from nyballot.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["law", "coverage", "--law", "1999"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == "nyballot: error: law '1999': no such law version\n"


def test_a_section_text_added_without_its_list_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    added = ["current/6-999.txt", "current/L2020-ch24.txt", "current/6-136-caps-SECONDARY.txt"]
    monkeypatch.setattr(cov, "shipped_texts", lambda: [*shipped_texts(), *added])
    # only the statute section's own text needs a list; an act or a secondary summary does not
    assert cov.unreviewed_texts(cov.coverage_data("current")) == ("current/6-999.txt",)
    assert cov.unreviewed_texts(cov.coverage_data("pre-2019")) == ()


# --- the years whose words are missing -------------------------------------------------------


def _years(version: str, cite: str) -> tuple[int, ...]:
    return next(r.missing_years for r in cov.build(version).rows if r.cite == cite)


def test_a_wording_in_force_is_no_missing_year() -> None:
    # § 8-412(1): pre2019/8-412.txt gives 2019 its words (the day before); L.2020 ch.140's words
    # are known in force from 2021 only (current/8-412.txt quotes it as amended in 2020, no date
    # of effect shipped): 2020 alone rests on words carried forward.
    assert _years("current", "8-412(1)") == (2020,)
    # § 8-400(2)(c): L.1988 ch.321 for 2019-2020; L.2021 ch.273 (signed July 16, 2021) has no
    # date of effect shipped: 2021 is marked; from 2024 L.2023 ch.481 § 3.
    assert _years("current", "8-400(2)(c)") == (2021,)


def test_carried_forward_years_are_listed_for_every_voter_and_board_rule() -> None:
    # L.2023 ch.113 amended §§ 5-211(12) and 5-212(7) from 2024 in words not shipped.
    assert _years("current", "5-211(12)") == tuple(range(2024, 2041))
    assert _years("current", "5-212(7)") == tuple(range(2024, 2041))
    # § 9-211(1): the words of L.2021 ch.763, known in force from 2022.
    assert _years("current", "9-211(1)") == (2019, 2020, 2021)
    # Candidates' dates are not a voter's or a board's: § 6-158(7)'s words are missing, but
    # this list is of voters' and boards' dates.
    assert _years("current", "6-158(7)") == ()


def test_the_cli_and_json_give_the_missing_years() -> None:
    runner = CliRunner()
    text = runner.invoke(cli, ["law", "coverage"]).output
    assert "§ 9-211(1): 2019-2021 (audit.general, audit.primary)" in text
    raw = runner.invoke(cli, ["law", "coverage", "--format", "json"]).output
    rows = {r["cite"]: r for r in json.loads(raw)["subdivisions"]}
    assert rows["8-412(1)"]["words_missing_years"] == [2020]
    assert rows["5-604(1)"]["words_missing_years"] == []


@pytest.mark.parametrize(
    ("years", "text"),
    [((), ""), ((2019,), "2019"), ((2019, 2020, 2021, 2023), "2019-2021, 2023")],
)
def test_year_spans(years: tuple[int, ...], text: str) -> None:
    assert cov.year_spans(years) == text
