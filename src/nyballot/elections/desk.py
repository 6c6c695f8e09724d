"""A special election's papers at the desk: judged by the desk's own rules (``decide``) against
the special election's calendar, in which each kind of paper's rule is the special election's
rule for it (``papers`` in law/data/elections/special.yaml). The clocks a paper starts
(objections, specifications) count from its own filing through the same rule files.

A filing names its special election by ``Special.id`` ("assembly:2026-02-02:2026-03-17"); the
desk asks ``special_desk`` for that election's calendar (the desk sits below this layer and
knows a special election only through it)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from nyballot.calendar.model import Calendar, Deadline
from nyballot.elections.law import special_law
from nyballot.elections.special import Special, SpecialRequest, special_calendar
from nyballot.errors import UsageError
from nyballot.filing.model import Paper
from nyballot.filing.timeliness import Decision, decide
from nyballot.law.loader import parse_iso_date

EXAMPLE = "assembly:2026-02-02:2026-03-17"
MAX_ID = 60  # characters of an id shown back in an error


def desk_calendar(special: Special) -> Calendar:
    """The special election's calendar with each paper's rule named as the desk asks for it."""
    cal = special.calendar
    if cal is None:
        message = special.no_special.message if special.no_special else "no special election"
        raise UsageError(f"{message}: no paper is filed for it")
    found: list[Deadline] = []
    for desk_rule, name in special_law().papers:
        deadline = next(
            (d for p in special.office.forms if (d := cal.get(f"{p}.{name}")) is not None), None
        )
        if deadline is not None:
            found.append(replace(deadline, rule=replace(deadline.rule, id=desk_rule)))
    return replace(cal, deadlines=[*cal.deadlines, *found])


def decide_special(paper: Paper, special: Special) -> Decision:
    """Whether a paper for the special election was filed in time, with every step."""
    return decide(paper, desk_calendar(special))


def request_of(given: str) -> SpecialRequest:
    """The special election an id names: OFFICE:PROCLAIMED:ELECTION."""
    parts = given.strip().split(":")
    if len(parts) != 3 or not parts[0].strip():
        raise UsageError(
            f"special '{given[:MAX_ID]}': expected OFFICE:PROCLAIMED:ELECTION, e.g. {EXAMPLE}",
            fields=("special",),
        )
    office, proclaimed, election = (p.strip() for p in parts)
    return SpecialRequest(
        office,
        parse_iso_date(proclaimed, f"special '{given[:MAX_ID]}': proclaimed"),
        parse_iso_date(election, f"special '{given[:MAX_ID]}': election"),
    )


@lru_cache(maxsize=64)
def special_desk(given: str) -> tuple[str, Calendar]:
    """The special election a filing names (its id, as ``Special.id`` writes it) and the
    calendar its papers are judged and their clocks counted by; a UsageError naming the
    filing's ``special`` for an office the words do not name or days § 42 refuses."""
    try:
        special = special_calendar(request_of(given))
        return special.id, desk_calendar(special)
    except UsageError as exc:
        if "special" in exc.fields:
            raise
        raise UsageError(f"special '{given[:MAX_ID]}': {exc}", fields=("special",)) from None
