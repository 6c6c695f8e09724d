"""Applying overlays: which change of an act governs a rule in a year, and the version's
rules with the replacements, additions and repeals of each overlay."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import replace

from nyballot.errors import (
    LawDataError,
    UsageError,
    suggest,
)
from nyballot.law.model import (
    Change,
    Conflict,
    ConflictReading,
    LawVersion,
    Overlay,
    Period,
    Rule,
)

# Fields of a rule that a replacement may leave out and the base rule then keeps. The words'
# companions (where they are quoted from, how sure they are, the note on them) follow the words:
# restating 'law' (or 'text_not_found') restates them too.
_KEPT_FIELDS = ("opens", "closes", "when", "kind", "only_in", "note", "unverified",
                "verified_from", "evidence", "evidence_source", "source")  # fmt: skip


_WORDS_FIELDS = {"source", "unverified", "verified_from", "evidence", "evidence_source", "note"}


def section_key(change: Change) -> tuple[int, str]:
    digits = "".join(ch for ch in change.section if ch.isdigit())
    return (int(digits) if digits else 0, change.section)


def _overlaps(a: Period, b: Period) -> bool:
    return (a.start is None or b.end is None or a.start <= b.end) and (
        b.start is None or a.end is None or b.start <= a.end
    )


def restated_fields(keys: Iterable[str]) -> frozenset[str]:
    """The rule fields a replacement's keys state (the base keeps the others)."""
    stated = {key for key in keys if key in _KEPT_FIELDS}
    if {"law", "text_not_found"} & set(keys):
        stated |= _WORDS_FIELDS
    return frozenset(stated)


def find_conflicts(changes: Iterable[Change]) -> dict[str, tuple[Change, ...]]:
    """Rules that two sections of one act change differently while both are in force."""
    by_rule: dict[str, list[Change]] = {}
    for change in changes:
        by_rule.setdefault(change.rule_id, []).append(change)
    found: dict[str, tuple[Change, ...]] = {}
    for rule_id, group in by_rule.items():
        clashing = {
            id(c): c
            for i, a in enumerate(group)
            for b in group[i + 1 :]
            if not a.same_effect(b) and _overlaps(a.period, b.period)
            for c in (a, b)
        }
        if clashing:
            found[rule_id] = tuple(sorted(clashing.values(), key=section_key))
    return found


def _quote(words: tuple[str, ...], limit: int = 600) -> str:
    text = " ".join(words) or "(no words)"
    return f'"{text if len(text) <= limit else text[: limit - 3] + "..."}"'


def conflict_text(
    overlay: Overlay,
    conflict: Conflict,
    winner: Change | None = None,
    reading: ConflictReading = "later",
) -> str:
    """One line: both sections' words, and which prevails and why."""
    parts = [f"{c.label()} {_quote(c.law)}" for c in conflict.changes]
    text = (
        f"{overlay.id} amends {conflict.rule_id} differently in "
        f"{conflict.sections()}: {'; '.join(parts)}."
    )
    if winner is not None:
        why = (
            "conflicts earlier: the first amendment stands; the later sections are read as "
            "not disturbing it"
            if reading == "earlier"
            else conflict.reading
            or (
                "by the default rule: the text that took effect later prevails; on the same "
                "day, the later section of the act (not reviewed in the law data)"
            )
        )
        text += f" {winner.label()} prevails ({why})"
    return text


def winning_changes(
    overlay: Overlay,
    year: int | None,
    enacted_on: dt.date | None = None,
    reading: ConflictReading = "later",
) -> list[tuple[Change, list[str]]]:
    """The changes an overlay makes for a year, one per rule, each with derivation notes."""
    return [(c, notes) for c, notes, _ in _winners(overlay, year, enacted_on, reading)]


def _winners(
    overlay: Overlay,
    year: int | None,
    enacted_on: dt.date | None = None,
    reading: ConflictReading = "later",
) -> list[tuple[Change, list[str], str]]:
    """Each rule's winning change for a year, its derivation notes and a one-line conflict.

    Among sections that change the same rule and are both in force, the reading recorded in
    the overlay's ``conflicts`` prevails; without one, the text that took effect later, and on
    the same day the later section of the act. ``reading="earlier"`` is the other reading: the
    first amendment stands. Without a year every change is taken and the last section prevails
    (used to check names when the law is loaded).
    """
    chosen = list(overlay.changes) if year is None else overlay.changes_for(year, enacted_on)
    conflicts = {c.rule_id: c for c in overlay.conflicts}
    result: list[tuple[Change, list[str], str]] = []
    by_rule: dict[str, list[Change]] = {}
    for change in chosen:
        by_rule.setdefault(change.rule_id, []).append(change)

    def key(c: Change) -> tuple[dt.date, tuple[int, str]]:
        return (overlay.period_for(c, enacted_on).start or dt.date.min, section_key(c))

    for rule_id, group in by_rule.items():
        winner = max(group, key=key) if reading == "later" else min(group, key=key)
        notes: list[str] = []
        summary = ""
        conflict = conflicts.get(rule_id)
        if conflict is not None and len(group) > 1:
            if conflict.prevails and reading == "later":
                winner = next(c for c in group if c.section == conflict.prevails)
            notes.append(conflict_text(overlay, conflict, winner, reading))
            other = "earlier" if reading == "later" else "later"
            notes.append(
                f"the other reading (conflicts {other}) lets the "
                f"{'first' if other == 'earlier' else 'later'} amendment prevail"
            )
            summary = f"{conflict.sections()} conflict; {winner.label()} prevails"
        period = overlay.period_for(winner, enacted_on)
        what = f": {winner.summary}" if winner.summary else ""
        done = {"replace": "replaced", "add": "added", "repeal": "repealed"}[winner.action]
        notes.insert(0, f"{done} by {overlay.id} {winner.label()} ({period}){what}")
        result.append((winner, notes, summary))
    return result


def apply_overlays(
    version: LawVersion,
    overlays: Iterable[Overlay],
    year: int | None = None,
    enacted_on: Mapping[str, dt.date] | None = None,
    ordered: bool = False,
    reading: ConflictReading = "later",
) -> dict[str, Rule]:
    """The version's rules with each overlay's replacements, additions and repeals, in order.

    Two overlays may change the same rule only in a known order: an overlay that names the
    other in ``prevails_over``; a bill read on top of an enacted overlay (a what-if is the law
    in force plus the bill); or ``ordered`` (the later one given prevails). Anything else is a
    UsageError, never a silent choice.
    """
    rules = dict(version.rules)
    touched: dict[str, Overlay] = {}
    for overlay in overlays:
        dated = (enacted_on or {}).get(overlay.id)
        for change, notes, conflict in _winners(overlay, year, dated, reading):
            earlier = touched.get(change.rule_id)
            if earlier is not None and year is not None:
                why = _why_prevails(earlier, overlay, change.rule_id, year, ordered)
                if why is None:
                    continue
                notes = [*notes, f"{overlay.id} prevails over {earlier.id} here ({why})"]
            touched[change.rule_id] = overlay
            if change.action == "repeal":
                rules.pop(change.rule_id, None)
                continue
            rule = _changed(rules, version, overlay, change, first=earlier is None)
            rules[change.rule_id] = replace(
                rule,
                derivation_notes=tuple(notes),
                conflict=conflict,
                in_force_from=overlay.period_for(change, dated).start,
            )
        _check_repeals(overlay, rules)
    return rules


def _why_prevails(
    earlier: Overlay, overlay: Overlay, rule_id: str, year: int, ordered: bool
) -> str | None:
    """Why ``overlay`` prevails over ``earlier`` on one rule, or None where ``earlier`` does."""
    if overlay.id in earlier.prevails_over:
        return None
    if earlier.id in overlay.prevails_over:
        return f"{overlay.id} says it prevails over {earlier.id}"
    if earlier.enacted and not overlay.enacted:
        return "a bill is read on top of the law in force"
    if ordered:
        return "overlays applied in the order given"
    raise UsageError(
        f"overlays {earlier.id} and {overlay.id} both change {rule_id} for "
        f"{year} and neither says which prevails; give them in the order "
        "wanted and ask for ordered (the later prevails)",
        fields=("ordered",),
    )


def _changed(
    rules: dict[str, Rule], version: LawVersion, overlay: Overlay, change: Change, first: bool
) -> Rule:
    """The rule a replacement or addition makes; a replacement keeps what it does not
    restate of the rule it replaces."""
    rule_id, rule = change.rule_id, change.rule
    assert rule is not None
    if change.action != "replace" or (rule_id not in rules and not first):
        return rule
    if rule_id not in rules:
        raise LawDataError(
            f"{overlay.origin} {rule.label()}: replaces a rule that {version.id} "
            f"does not have{suggest(rule_id, rules)}"
        )
    base = rules[rule_id]
    kept = {f: getattr(base, f) for f in _KEPT_FIELDS if f not in change.restates}
    return replace(rule, **kept)


def _check_repeals(overlay: Overlay, rules: dict[str, Rule]) -> None:
    """A repealed rule that others still count from is an error of the law data."""
    for rule_id in [c.rule_id for c in overlay.changes if c.action == "repeal"]:
        if rule_id in rules:
            continue
        users = sorted(
            r.id
            for r in rules.values()
            if any(d.startswith(f"{rule_id}.") for d in r.dependencies())
        )
        if users:
            raise LawDataError(
                f"{overlay.origin}: repeals {rule_id}, which {', '.join(users)} still "
                "count from; replace or repeal those rules too"
            )
