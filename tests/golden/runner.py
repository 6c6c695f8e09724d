"""One runner for every golden case (tests/golden/<stage>/*.yaml).

Every case has one shape, as in OpenFisca's YAML tests: a ``name`` sentence that states the
claim, a ``stage`` that says which part of the law it checks, the law version and overlays
(``law``, ``with``) where they matter, the inputs, and ``expect``, with the cite in it. Where the
expected values come from (``source``) and the hand count behind them sit beside the case, the
count in a YAML comment. A small adapter per stage turns the inputs into a call and compares.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.calendar.engine import build_calendar
from nyballot.delegates import allocate_at_large, allocate_district
from nyballot.delegates.model import Allocation
from nyballot.delegates.rules import delegate_rules
from nyballot.filing.model import BOARDS, NEW_YORK, FilingKind, Method, Paper, Verdict
from nyballot.filing.timeliness import decide
from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice
from nyballot.signatures import Inputs, signatures
from nyballot.signatures.numbers import requirements

HERE = Path(__file__).parent
Case = dict[str, Any]


# libyaml's parser where PyYAML has it: the same data, read about eight times faster (the cases
# are read at collection and again by the checks on the cases themselves).
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path: Path) -> list[Case]:
    cases = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
    assert isinstance(cases, list), f"{path}: a golden file is a list of cases"
    return cases


def files() -> list[Path]:
    return sorted(HERE.glob("*/*.yaml"))


def cases() -> list[tuple[Path, Case]]:
    return [(path, case) for path in files() for case in load(path)]


def _date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))


def _moment(value: Any) -> dt.datetime:
    """A wall-clock time in New York, written "2026-04-02 16:59"."""
    return dt.datetime.fromisoformat(str(value)).replace(tzinfo=NEW_YORK)


def calendar(case: Case) -> None:
    """Dates of rules: each expected rule's first day, last day, cite and status."""
    cal = build_calendar(
        case["year"],
        law=case.get("law"),
        overlays=case.get("with", ()),
        events={k: _date(v) for k, v in (case.get("events") or {}).items()},
        primary=_date(case.get("primary")),
        general=_date(case.get("general")),
        convention=case.get("convention", "rolled"),
        enacted=case.get("enacted", True),
        enacted_on=case.get("enacted_on"),
        duties=case.get("duties", "fixed"),
    )
    if "law" in case:
        assert cal.law == case["law"]
    problems = []
    for rule_id, expected in case["expect"].items():
        assert set(expected) <= {"opens", "closes", "cite", "status"}, f"{rule_id}: unknown keys"
        deadline = cal.get(rule_id)
        assert deadline is not None, f"{rule_id} is not in the {case['year']} calendar"
        for key, want in expected.items():
            got = getattr(deadline, key)
            want = want if key in ("cite", "status") else _date(want)
            if got != want:
                problems.append(f"{rule_id}.{key}: expected {want}, got {got}")
    for rule_id in case.get("absent", []):
        if cal.get(rule_id) is not None:
            problems.append(f"{rule_id} should be gone")
    assert not problems, "\n".join(problems)


def years(label: str) -> list[int]:
    """The years of a label such as "2020, 2022-2026"."""
    found: list[int] = []
    for part in str(label).split(","):
        first, _, last = part.strip().partition("-")
        found += range(int(first), int(last or first) + 1)
    return found


PLACES = {"nyc": "in the city of New York", "outside": "outside the city of New York"}


def _numbers(value: Any) -> list[tuple[str, int, bool]]:
    """An expected entry as (where, number, rests on a secondary source) per requirement."""
    if isinstance(value, dict):
        return [(PLACES.get(k, k), *_numbers(v)[0][1:]) for k, v in value.items()]
    if isinstance(value, list):
        return [("", int(value[0]), True)]
    return [("", int(value), False)]


def signatures_in_force(case: Case) -> None:
    """A petition's number for every unit under the law in force in each year of the case."""
    inputs = Inputs(
        votes_for_governor=case.get("votes_for_governor"), enrolled=case.get("enrolled")
    )
    problems = []
    for year in years(case["years"]):
        for unit, value in case["expect"]["units"].items():
            reqs = requirements(case["petition"], LawChoice(), year, inputs, unit=unit,
                                contains=case.get("contains", ()))  # fmt: skip
            got = [(r.where, r.number, bool(r.evidence)) for r in reqs]
            if got != _numbers(value):
                problems.append(f"{year} {unit}: expected {_numbers(value)}, got {got}")
    assert not problems, "\n".join(problems)


def signature_numbers(case: Case) -> None:
    """One office's signature requirement under a law version: its number, cite and (part of)
    its spread; a petition under the law in force has its own adapter."""
    if "petition" in case:
        signatures_in_force(case)
        return
    inputs = Inputs(
        case.get("votes_for_governor"),
        case.get("enrolled"),
        case.get("congressional_districts"),
        case.get("larger_requirement"),
    )
    reqs = signatures(
        case["office"],
        choose_law(case.get("law"), case.get("with", [])),
        inputs,
        district=case.get("district"),
        section=case.get("section"),
        petition=case.get("kind", "independent"),
    )
    assert len(reqs) == 1
    assert reqs[0].number == case["expect"]["number"]
    assert reqs[0].cite == case["expect"]["cite"]
    assert case["expect"].get("spread_has", "") in reqs[0].spread


def delegates(case: Case) -> None:
    """§ 2-122-b: the awards, ties and vacant seats of one district or of the at-large seats."""
    result: Allocation
    # The law in force has no allocation: the cases name the bill and its year.
    rules = delegate_rules(LawChoice(case.get("law"), tuple(case["with"])), case["year"])
    if case["contest"] == "district":
        result = allocate_district("1", case["votes"], rules=rules)
    else:
        assert case["contest"] == "at-large"
        result = allocate_at_large(
            case["votes"],
            case["seats"],
            denominator=case.get("denominator", "qualifying"),
            rounding=case.get("rounding", "half-up"),
            rules=rules,
        )
    expect = case["expect"]
    assert result.awards == expect["awards"]
    ties = [{"seats": t.seats, "among": sorted(t.among)} for t in result.ties]
    assert ties == expect.get("ties", [])
    assert result.vacant == expect.get("vacant", 0)
    assert result.accounted == result.seats
    assert all(step.cite.startswith("2-122-b") for step in result.steps)


def timeliness(case: Case) -> None:
    """§ 1-106: the desk's verdict on one paper (whether it is fatal, the day it counts as filed)
    and the cites the decision rests on."""
    cal = build_calendar(
        case["year"], overlays=case.get("with", ()), enacted=case.get("enacted", True)
    )
    given = case["paper"]
    paper = Paper(
        kind=FilingKind(given["kind"]),
        board=BOARDS[given["board"]],
        year=case["year"],
        received=_moment(given["received"]),
        method=Method(given.get("method", "in_person")),
        postmark=_date(given.get("postmark")),
    )
    decision = decide(paper, cal)
    expect = case["expect"]
    assert set(expect) <= {"verdict", "fatal", "filed_on", "cites", "cites_one_of"}
    assert decision.verdict is Verdict(expect["verdict"])
    if "fatal" in expect:
        assert decision.fatal == expect["fatal"]
    if "filed_on" in expect:
        assert decision.filed_on == _date(expect["filed_on"])
    if "cites_one_of" in expect:
        assert set(expect["cites_one_of"]) & set(decision.cites), decision.cites
    for cite in expect.get("cites", []):
        assert cite in decision.cites, f"{cite} not in {decision.cites}"


def ballot_of(case: Case) -> Any:
    """The ballot a case describes; ``law: in force`` reads it under the law in force in the
    election's year (the ballot's ``date``), as the command does with no ``--law``."""
    choice = choose_law(case.get("law") if case.get("law") != "in force" else None,
                        case.get("with", []))  # fmt: skip
    if case.get("law") == "in force":
        choice = LawChoice(None, choice.overlays)
    return build_ballot(parse_ballot(case["ballot"]), choice)


def ballot(case: Case) -> None:
    """§§ 7-104, 7-116: the names printed for each office of a ballot document, top to bottom
    (``names``), or some of them (``includes``)."""
    built = ballot_of(case)
    printed = {c.office: [line.printed for line in c.lines] for c in built.contests}
    expect = case["expect"]
    assert expect and set(expect) <= {"names", "includes", "contests", "rows"}, "expect names"
    if "contests" in expect:  # the contests, top to bottom
        assert [c.office for c in built.contests] == expect["contests"]
    for office, rows in expect.get("rows", {}).items():  # each row with the names it carries
        contest = next(c for c in built.contests if c.office == office)
        got = [" / ".join([x.printed, *(m.printed for m in x.children)]) for x in contest.lines]
        assert got == rows, f"{office}: expected {rows}, got {got}"
    for office, names in expect.get("names", {}).items():
        assert printed.get(office) == names, (
            f"{office}: expected {names}, got {printed.get(office)}"
        )
    for office, lines in expect.get("includes", {}).items():
        missing = [line for line in lines if line not in printed.get(office, [])]
        assert not missing, f"{office}: {missing} not in {printed.get(office)}"


STAGES: dict[str, Callable[[Case], None]] = {
    "calendar": calendar,
    "ballot": ballot,
    "signatures": signature_numbers,
    "delegates": delegates,
    "timeliness": timeliness,
}


def run(case: Case) -> None:
    assert case.get("stage") in STAGES, f"{case['name']}: stage must be one of {sorted(STAGES)}"
    STAGES[case["stage"]](case)
