"""Checking the law as a whole: every name a rule uses exists, no rules form a circle, and
so with every overlay on every version it applies to."""

from __future__ import annotations

from collections.abc import Mapping

from nyballot.errors import (
    LawDataError,
    RuleCycleError,
    UnknownNameError,
    suggest,
)
from nyballot.law.applying import apply_overlays
from nyballot.law.model import (
    LawVersion,
    Overlay,
    Rule,
)
from nyballot.reckoning.expressions import refs


def check_rules(rules: Mapping[str, Rule], events: Mapping[str, str], context: str) -> None:
    """Every name an expression uses exists, and no rule depends on itself."""
    fields = {f"{r.id}.{name}" for r in rules.values() for name in ("opens", "closes")
              if getattr(r, name) is not None}  # fmt: skip
    for rule in rules.values():
        for target in rule.dependencies():
            if target.startswith("event."):
                name = target.removeprefix("event.")
                if name not in events:
                    raise UnknownNameError(
                        f"{rule.origin} {rule.label()}: unknown event '{name}'"
                        f"{suggest(name, events)}{context}"
                    )
            elif target not in fields:
                raise UnknownNameError(
                    f"{rule.origin} {rule.label()}: unknown date '{target}'"
                    f"{suggest(target, fields)}{context}"
                )
    _check_cycles(rules, context)


def _check_cycles(rules: Mapping[str, Rule], context: str) -> None:
    """Each first or last day is a node; a circle among them can never be evaluated."""
    graph: dict[str, list[str]] = {}
    for rule in rules.values():
        condition = [r.target for r in refs(rule.when)] if rule.when else []
        for part in ("opens", "closes"):
            expr = getattr(rule, part)
            if expr is not None:
                targets = [r.target for r in refs(expr)] + condition
                graph[f"{rule.id}.{part}"] = [t for t in targets if not t.startswith("event.")]
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            loop = " -> ".join([*path[path.index(node) :], node])
            rule = rules[node.rsplit(".", 1)[0]]
            raise RuleCycleError(
                f"{rule.origin} {rule.label()}: dates refer to each other in a circle: {loop}"
                f"{context}"
            )
        if node in done:
            return
        for nxt in graph.get(node, []):
            visit(nxt, [*path, node])
        done.add(node)

    for node in graph:
        visit(node, [])


def years_of(overlay: Overlay, version: LawVersion) -> list[int]:
    """The years whose calendars an overlay with dated sections changes differently."""
    if not any(c.period.start or c.period.end for c in overlay.changes):
        return []
    return [
        y
        for y in range(version.first_year, version.last_year + 1)
        if overlay.applies_to(version.id, y)
    ]


def check_law(
    versions: Mapping[str, LawVersion], overlays: Mapping[str, Overlay], events: Mapping[str, str]
) -> None:
    """Every version, and every overlay on each version it applies to (in each year its dated
    sections make different), uses only names that exist and has no circle of rules."""
    for version in versions.values():
        check_rules(version.rules, events, f" in {version.id}")
    for overlay in overlays.values():
        for version_id in overlay.versions:
            if version_id not in versions:
                raise LawDataError(f"{overlay.origin}: unknown law version '{version_id}'")
            # An overlay that prevails over another is read on top of it (the other reading
            # of an act's rule changes that act's rule).
            stack = [*(overlays[o] for o in overlay.prevails_over if o in overlays), overlay]
            merged = apply_overlays(versions[version_id], stack)
            check_rules(merged, events, f" with overlay {overlay.id} on {version_id}")
            for year in years_of(overlay, versions[version_id]):
                dated = apply_overlays(versions[version_id], stack, year)
                check_rules(dated, events, f" with overlay {overlay.id} on {version_id} {year}")
