"""Preparing a law for a year: its rules merged, checked and analysed once.

What the dependency graph says about each rule (the events it needs, the rules it is counted
from, the events its own dates are counted after) is the same for every calendar that asks for
this law and year, so it is worked out once per process, with each expression's text.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from nyballot.law.loader import apply_overlays, check_rules, load_law
from nyballot.law.model import ConflictReading, Rule
from nyballot.reckoning.expressions import Expr, Extremum, NthWeekday, Offset, Ref


@dataclass(frozen=True)
class Prepared:
    """A year's rules once merged and checked, with what the graph says about each rule (the
    same for every calendar that asks for this law, so it is worked out once)."""

    rules: dict[str, Rule]
    needs: dict[str, tuple[str, ...]]  # rule id -> events, through the rules it counts from
    counted_from: dict[str, frozenset[str]]  # rule id -> every rule it depends on, transitively
    triggers: dict[str, tuple[str, ...]]  # rule id -> events its own dates are counted after
    # id() of each expression node of these rules -> its canonical text, written once: the
    # rules hold the nodes for as long as this exists, so the ids cannot be reused meanwhile.
    labels: dict[int, str] = field(default_factory=dict)


def _labels(rules: Mapping[str, Rule]) -> dict[int, str]:
    found: dict[int, str] = {}

    def walk(e: object) -> None:
        found[id(e)] = str(e)
        for child in (
            getattr(e, "anchor", None),
            getattr(e, "left", None),
            getattr(e, "right", None),
        ):
            if child is not None:
                walk(child)
        for option in getattr(e, "options", ()):
            walk(option)

    for rule in rules.values():
        for e in rule.expressions().values():
            walk(e)
    return found


def _triggers(e: Expr | None) -> list[str]:
    """The events an expression counts forward from ("10 days after event.death")."""
    match e:
        case Ref(name=name) if name.startswith("event."):
            return [name.removeprefix("event.")]
        case (
            Offset(direction="after", anchor=anchor) | NthWeekday(direction="after", anchor=anchor)
        ):
            return _triggers(anchor)
        case Extremum(options=options):
            return [t for option in options for t in _triggers(option)]
    return []


def _walk(rule_id: str, direct: Mapping[str, list[str]]) -> tuple[str, ...]:
    """Every rule a rule depends on, transitively, in the order a walk meets them."""
    # A walk over rules, not dates: a rule's first day may count from its own last day,
    # or from a rule whose first day counts from this one's last day.
    seen: dict[str, None] = {}
    todo = list(direct[rule_id])
    while todo:
        target = todo.pop(0)
        if target != rule_id and target not in seen:
            seen[target] = None
            todo += direct[target]
    return tuple(seen)


def analyse(rules: dict[str, Rule]) -> Prepared:
    """What the dependency graph says about each rule (see ``Prepared``)."""
    direct = {
        rule.id: [d.rsplit(".", 1)[0] for d in rule.dependencies() if not d.startswith("event.")]
        for rule in rules.values()
    }
    walked = {rule_id: _walk(rule_id, direct) for rule_id in rules}
    counted_from = {rule_id: frozenset(found) for rule_id, found in walked.items()}
    needs = {
        rule_id: tuple(dict.fromkeys(e for r in (rule_id, *found) for e in rules[r].events()))
        for rule_id, found in walked.items()
    }
    triggers = {
        r.id: tuple(dict.fromkeys(_triggers(r.opens) + _triggers(r.closes))) for r in rules.values()
    }
    # Each rule after the rules it is counted from, so a walk in this order meets causes first.
    ordered = {k: rules[k] for k in sorted(rules, key=lambda k: len(counted_from[k]))}
    return Prepared(ordered, needs, counted_from, triggers, _labels(ordered))


@lru_cache(maxsize=512)
def prepared(
    version_id: str,
    overlay_ids: tuple[str, ...],
    year: int,
    enacted_on: tuple[tuple[str, dt.date], ...],
    ordered: bool,
    conflicts: ConflictReading,
) -> Prepared:
    """A year's rules under a law, merged, checked and analysed once: the law data does not
    change while the process runs, so neither does this."""
    data = load_law()
    version = data.versions[version_id]
    chosen = [data.overlays[o] for o in overlay_ids]
    rules = apply_overlays(version, chosen, year, dict(enacted_on), ordered, conflicts)
    check_rules(rules, data.events, f" in {version.id} with {', '.join(overlay_ids)}")
    rules = {k: r for k, r in rules.items() if r.in_year(year)}
    return analyse(rules)
