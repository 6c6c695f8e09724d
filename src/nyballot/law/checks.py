"""Checks a lawyer can run on the law data: quotations, types, and acts that contradict
themselves.

``nyballot law check`` prints these. A problem is fatal when the data cannot be trusted as it
stands: a quotation not found in the shipped text (or quoted from no text), a provision whose
declared type is not the type its stage's reader reads it as (its setting is checked against
its declared type when the law is loaded), or two sections of one act that change the same
provision differently with no reading recorded for which prevails.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from nyballot.law.loader import Law, conflict_text, winning_changes
from nyballot.law.model import Change, LawVersion, Overlay, Provision
from nyballot.law.texts import quote_found


@dataclass(frozen=True)
class Problem:
    """One finding: what is wrong (or worth knowing), and whether it fails the check."""

    message: str
    fatal: bool


def _quotes(origin: str, label: str, source: str | None, words: tuple[str, ...]) -> list[Problem]:
    if source is None:
        return (
            [Problem(f"{origin} {label}: words quoted from no shipped text", True)] if words else []
        )
    return [
        Problem(f'{origin} {label}: quotation not found in {source}: "{w[:80]}..."', True)
        for w in words
        if not quote_found(source, w)
    ]


def check_version(version: LawVersion) -> list[Problem]:
    """Every rule's quoted words occur in its source text."""
    found: list[Problem] = []
    for rule in version.rules.values():
        found += _quotes(rule.origin, rule.label(), rule.source, rule.law)
    for item in version.provisions.values():
        found += _quotes(item.origin, item.label(), item.source, item.law)
    return found


def _winner(overlay: Overlay, rule_id: str, year: int) -> Change | None:
    for change, _ in winning_changes(overlay, year):
        if change.rule_id == rule_id:
            return change
    return None


def check_overlay(law: Law, overlay: Overlay) -> list[Problem]:
    """Quotations, and every conflict between sections, with both sections' words."""
    found: list[Problem] = []
    source = next((c.rule.source for c in overlay.changes if c.rule is not None), None)
    for change in overlay.changes:
        label = f"{change.rule_id} ({change.label()})"
        rule_source = change.rule.source if change.rule is not None else change.source or source
        found += _quotes(overlay.origin, label, rule_source, change.law)
    for provision in overlay.provisions:
        found += _quotes(overlay.origin, provision.id, provision.source or source, provision.law)
    for conflict in overlay.conflicts:
        years = [
            y
            for version in overlay.versions
            for y in range(law.versions[version].first_year, law.versions[version].last_year + 1)
            if sum(1 for c in overlay.changes_for(y) if c.rule_id == conflict.rule_id) > 1
        ]
        winner = _winner(overlay, conflict.rule_id, years[-1]) if years else None
        text = conflict_text(overlay, conflict, winner)
        span = f"{years[0]}" if years[:1] == years[-1:] else f"{years[0]}-{years[-1]}"
        when = f" Both in force for {span}." if years else ""
        if conflict.resolved:
            found.append(Problem(f"conflict (reading recorded): {text}.{when}", False))
        else:
            found.append(Problem(f"UNRESOLVED conflict: {text}.{when}", True))
    return found


# The stages that read provisions as typed values, named (not imported: the law is below them).
READERS = (
    "nyballot.delegates.rules", "nyballot.ballot.rules", "nyballot.signatures.rules",
    "nyballot.paper.rules",
)  # fmt: skip


def read_as_types() -> dict[str, str]:
    """Each provision a stage reads, and the type it reads it as."""
    import importlib

    found: dict[str, str] = {}
    for name in READERS:
        found.update(importlib.import_module(name).TYPES)
    return found


def check_types(items: Iterable[Provision], read_as: Mapping[str, str]) -> list[Problem]:
    """Every provision a stage reads is declared the type the stage reads it as."""
    return [
        Problem(
            f"{item.origin} {item.label()}: declared {item.type}, but read as {read_as[item.id]}",
            True,
        )
        for item in items
        if item.id in read_as and not item.repealed and item.type != read_as[item.id]
    ]


def provisions_of(law: Law, name: str) -> list[Provision]:
    """Every provision a version or an overlay enacts."""
    if name in law.versions:
        return list(law.versions[name].provisions.values())
    return list(law.overlays[name].provisions)
