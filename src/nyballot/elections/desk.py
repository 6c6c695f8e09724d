"""A special election's papers at the desk: judged by the desk's own rules (``decide``) against
the special election's calendar, in which each kind of paper's rule is the special election's
rule for it (``papers`` in law/data/elections/special.yaml). The clocks a paper starts
(objections, specifications) count from its own filing through the same rule files."""

from __future__ import annotations

from dataclasses import replace

from nyballot.calendar.model import Calendar, Deadline
from nyballot.elections.law import special_law
from nyballot.elections.special import Special
from nyballot.errors import UsageError
from nyballot.filing.model import Paper
from nyballot.filing.timeliness import Decision, decide


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
