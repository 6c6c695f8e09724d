"""Properties every calendar must have, for any year either law version covers and any events.

- a window never closes before it opens;
- a last day that rolls (§ 1-106(1); GCL § 25-a) always lands on a business day;
- moving an election by k weeks moves every date counted from it by k weeks, before rolling;
- giving the statute's own election day with --primary / --general changes nothing;
- every date expression prints as text that parses back to the same expression.
"""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from nyballot.calendar.engine import build_calendar
from nyballot.calendar.evaluating import DUTY_ROLL_CITE
from nyballot.calendar.model import Calendar, Deadline
from nyballot.law.loader import load_law
from nyballot.law.model import Rule
from nyballot.reckoning.expressions import (
    MONTHS,
    WEEKDAYS,
    Condition,
    Expr,
    Extremum,
    FixedDate,
    MonthDay,
    NthWeekday,
    NthWeekdayOfMonth,
    Offset,
    Ref,
    parse,
    parse_condition,
)
from nyballot.reckoning.holidays import ROLL_CITE, is_business_day

YEARS = st.integers(min_value=1993, max_value=2040)
EVENTS = tuple(load_law().events)
CONVENTIONS = st.sampled_from(["rolled", "statutory"])


@st.composite
def events_for(draw: st.DrawFn, year: int) -> dict[str, dt.date]:
    names = draw(st.lists(st.sampled_from(EVENTS), unique=True))
    start, end = dt.date(year - 1, 7, 1), dt.date(year, 12, 31)
    events = {name: draw(st.dates(min_value=start, max_value=end)) for name in names}
    # A special election follows its proclamation (the other order is refused, tested apart).
    if "proclamation" in events and "special_election" in events:
        first, then = sorted((events["proclamation"], events["special_election"]))
        events["proclamation"], events["special_election"] = first, then + dt.timedelta(days=1)
    return events


@st.composite
def calendars(draw: st.DrawFn) -> Calendar:
    year = draw(YEARS)
    return build_calendar(year, events=draw(events_for(year)), convention=draw(CONVENTIONS))


@settings(max_examples=150, deadline=None)
@given(calendars())
def test_a_window_never_closes_before_it_opens(cal: Calendar) -> None:
    for d in cal.deadlines:
        if d.opens is not None and d.closes is not None:
            assert d.opens <= d.closes, (cal.year, d.id, d.opens, d.closes)


@settings(max_examples=150, deadline=None)
@given(calendars())
def test_every_rolled_last_day_is_a_business_day(cal: Calendar) -> None:
    for d in cal.deadlines:
        if d.rule.rolls(cal.duties) and d.closes is not None:
            assert is_business_day(d.closes), (cal.year, d.id, d.closes)


@settings(max_examples=100, deadline=None)
@given(calendars())
def test_a_rolled_last_day_moves_forward_only_to_the_next_business_day(cal: Calendar) -> None:
    for d in cal.deadlines:
        raw = _raw_closes(d)
        if d.closes is None or raw is None:
            continue
        assert raw <= d.closes
        if raw != d.closes:  # rolled: every day skipped was not a business day
            assert d.rule.rolls(cal.duties)
            skipped = [raw + dt.timedelta(days=n) for n in range((d.closes - raw).days)]
            assert not any(is_business_day(day) for day in skipped)


# -- shifting an election --------------------------------------------------------------------


def _raw_closes(d: Deadline) -> dt.date | None:
    """The last day before any roll forward: the last step of 'closes' that is not the roll."""
    if d.closes is None:  # awaiting an event or not applicable: inner steps may carry dates
        assert d.rolled_from is None
        return None
    rolls = (ROLL_CITE, DUTY_ROLL_CITE)
    steps = [s for s in d.derivation if s.part == "closes" and s.cite not in rolls]
    raw = steps[-1].date if steps else None
    # The deadline says the same where it rolled (rolled_from), and nothing where it did not.
    assert d.rolled_from == (raw if raw != d.closes else None), (d.id, d.rolled_from, raw)
    return raw


def _anchors(expr: Expr, rules: dict[str, Rule]) -> set[str]:
    """The days an expression is counted from: 'primary', 'general', or 'other' (a fixed day,
    an event, a count in months or business days, which do not shift day for day)."""
    match expr:
        case Ref(name=name) if name.startswith("event."):
            return {"other"}
        case Ref():
            target = expr.target
            if target in ("election.primary.closes", "election.general.closes"):
                return {target.split(".")[1]}
            rule_id, part = target.rsplit(".", 1)
            rule = rules[rule_id]
            if rule.when is not None:
                return {"other"}
            return _anchors(rule.opens if part == "opens" else rule.closes, rules)  # type: ignore[arg-type]
        case NthWeekday(anchor=anchor):
            return _anchors(anchor, rules)
        case Offset(unit=unit, anchor=anchor):
            linear = unit in ("days", "weeks")
            return _anchors(anchor, rules) | (set() if linear else {"other"})
        case Extremum(options=options):
            return set().union(*(_anchors(o, rules) for o in options))
        case _:
            return {"other"}


def _counted_from(cal: Calendar, election: str) -> dict[str, list[str]]:
    """For each rule of the calendar, its parts counted only from the given election day."""
    rules = {d.id: d.rule for d in cal.deadlines}
    found: dict[str, list[str]] = {}
    for rule in rules.values():
        if rule.id.startswith("election.") or rule.when is not None:
            continue
        parts = [
            part
            for part in ("opens", "closes")
            if getattr(rule, part) is not None
            and _anchors(getattr(rule, part), rules) == {election}
        ]
        if parts:
            found[rule.id] = parts
    return found


def _raw(d: Deadline, part: str) -> dt.date | None:
    return d.opens if part == "opens" else _raw_closes(d)


@settings(max_examples=60, deadline=None)
@given(
    YEARS,
    st.sampled_from(["primary", "general"]),
    st.integers(min_value=-4, max_value=4).filter(bool),
)
def test_moving_an_election_by_k_weeks_moves_what_is_counted_from_it(
    year: int, election: str, k: int
) -> None:
    base = build_calendar(year, convention="statutory")
    day = base.elections[election]
    moved_day = day + dt.timedelta(weeks=k)
    moved = build_calendar(year, convention="statutory", **{election: moved_day})  # type: ignore[arg-type]
    assert moved.elections[election] == moved_day
    counted = _counted_from(base, election)
    assert counted, f"nothing in {year} is counted from the {election}"
    # Guard: the petitions are counted from the election, except in a year whose one-year act
    # or order fixed their days outright (2020, 2021).
    guard = (
        "designating_petition.filing" if election == "primary" else "independent_petition.filing"
    )
    fixed = base.get(guard)
    if fixed is not None and not isinstance(fixed.rule.closes, FixedDate):
        assert guard in counted
    for rule_id, parts in counted.items():
        before, after = base.get(rule_id), moved.get(rule_id)
        assert before is not None and after is not None
        for part in parts:
            was, now = _raw(before, part), _raw(after, part)
            assert was is not None and now is not None, (rule_id, part)
            assert now - was == dt.timedelta(weeks=k), (year, rule_id, part, was, now)


@settings(max_examples=40, deadline=None)
@given(YEARS, CONVENTIONS)
def test_giving_the_statutory_election_days_changes_nothing(year: int, convention: str) -> None:
    plain = build_calendar(year, convention=convention)  # type: ignore[arg-type]
    given_days = build_calendar(
        year,
        convention=convention,  # type: ignore[arg-type]
        primary=plain.elections["primary"],
        general=plain.elections["general"],
    )

    def dates(cal: Calendar) -> list[tuple[str, dt.date | None, dt.date | None, str]]:
        return [(d.id, d.opens, d.closes, d.status) for d in cal.deadlines]

    assert dates(given_days) == dates(plain)


def test_the_primary_override_is_really_used() -> None:
    # Guard for the property above: an override that is ignored would pass it.
    cal = build_calendar(2025, primary=dt.date(2025, 6, 17))
    filing = cal.get("designating_petition.filing")
    assert filing is not None
    assert filing.closes == dt.date(2025, 3, 27)  # 12th Thursday before Tue Jun 17


# -- expressions -------------------------------------------------------------------------------

KEYWORDS = {"earlier", "later", "of", "in", "next", "year", "before", "after", "last",
            "business", "day", "days", "week", "weeks", "month", "months"}  # fmt: skip
WORD = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True).filter(lambda w: w not in KEYWORDS)
NAMES = st.one_of(
    st.sampled_from(["primary", "general", "presidential_primary", "federal_primary"]),
    st.builds(lambda a, b: f"event.{a}{b}", st.sampled_from(["death", "vacancy"]), st.just("")),
    st.builds(
        lambda words, part: ".".join([*words, part]),
        st.lists(WORD, min_size=1, max_size=3),
        st.sampled_from(["opens", "closes"]),
    ),
)
WEEKDAY = st.integers(min_value=0, max_value=6)
MONTH = st.integers(min_value=1, max_value=12)
DIRECTION = st.sampled_from(["before", "after"])


@st.composite
def month_days(draw: st.DrawFn) -> MonthDay:
    month = draw(MONTH)
    last = 29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31
    return MonthDay(month, draw(st.integers(1, last)), draw(st.booleans()))


LEAVES: st.SearchStrategy[Expr] = st.one_of(
    st.builds(Ref, NAMES),
    st.builds(
        NthWeekdayOfMonth,
        st.sampled_from([1, 2, 3, 4, -1]),
        WEEKDAY,
        MONTH,
        st.booleans(),
    ),
    month_days(),
    st.builds(FixedDate, st.dates(dt.date(1900, 1, 1), dt.date(2100, 12, 31))),
)


def _extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.one_of(
        st.builds(NthWeekday, st.integers(1, 25), WEEKDAY, DIRECTION, children),
        st.builds(
            Offset,
            st.integers(0, 400),
            st.sampled_from(["days", "weeks", "business days", "months"]),
            DIRECTION,
            children,
        ),
        st.builds(
            Extremum,
            st.sampled_from(["earlier", "later"]),
            st.lists(children, min_size=2, max_size=3).map(tuple),
        ),
    )


EXPRESSIONS = st.recursive(LEAVES, _extend, max_leaves=6)


@settings(max_examples=400, deadline=None)
@given(EXPRESSIONS)
def test_an_expression_prints_as_text_that_parses_back_to_it(expr: Expr) -> None:
    assert parse(str(expr)) == expr


@settings(max_examples=150, deadline=None)
@given(EXPRESSIONS, st.sampled_from(["<", "<=", ">", ">="]), EXPRESSIONS)
def test_a_condition_prints_as_text_that_parses_back_to_it(
    left: Expr, op: str, right: Expr
) -> None:
    condition = Condition(left, op, right)  # type: ignore[arg-type]
    assert parse_condition(str(condition)) == condition


def test_every_shipped_expression_round_trips() -> None:
    law = load_law()
    rules = [r for v in law.versions.values() for r in v.rules.values()]
    rules += [r for o in law.overlays.values() for r in (*o.replace.values(), *o.add.values())]
    for rule in rules:
        for expr in rule.expressions().values():
            text = str(expr)
            again = parse_condition(text) if isinstance(expr, Condition) else parse(text)
            assert again == expr, (rule.id, text)


def test_canonical_text_reads_like_the_statute() -> None:
    assert str(parse("10th Monday before primary")) == "10th Monday before primary"
    assert str(parse("Tuesday after 1st Monday in November")) == (
        "Tuesday after 1st Monday of November"
    )
    assert str(parse("1 days after primary")) == "1 day after primary"
    assert WEEKDAYS[0] == "Monday" and MONTHS[8] == "September"
