"""Delegate allocations as JSON (the contract in the README) and as plain text."""

from __future__ import annotations

from typing import Any

from nyballot.delegates.model import Allocation, DelegateResult


def allocation_dict(a: Allocation) -> dict[str, Any]:
    return {
        "seats": a.seats,
        "awards": dict(sorted(a.awards.items(), key=lambda kv: (-kv[1], kv[0]))),
        "ties": [{"seats": t.seats, "among": list(t.among), "reason": t.reason} for t in a.ties],
        "vacant": a.vacant,
        "steps": [{"step": s.text, "cite": f"§ {s.cite}" if s.cite else ""} for s in a.steps],
    }


def result_dict(result: DelegateResult) -> dict[str, Any]:
    """``{"districts": {...}, "at_large": {...}, "total": {...}, "options": {...}}``."""
    return {
        "law": result.law,
        "year": result.year,
        "year_note": result.year_note,
        "what_if": bool(result.what_if),
        "what_if_reasons": [result.what_if] if result.what_if else [],
        "options": result.options,
        "districts": {d: allocation_dict(a) for d, a in result.districts.items()},
        "at_large": allocation_dict(result.at_large),
        "total": result.total,
        "unresolved_ties": sum(
            t.seats for a in [*result.districts.values(), result.at_large] for t in a.ties
        ),
        "vacant": result.at_large.vacant + sum(a.vacant for a in result.districts.values()),
    }


def _awards_line(a: Allocation) -> str:
    parts = [f"{n} {k}" for n, k in sorted(a.awards.items(), key=lambda kv: (-kv[1], kv[0]))]
    parts += [f"{t.seats} tied ({' / '.join(t.among)})" for t in a.ties]
    if a.vacant:
        parts.append(f"{a.vacant} vacant")
    return ", ".join(parts) or "none"


def _block(title: str, a: Allocation) -> list[str]:
    lines = [f"{title}: {_awards_line(a)}"]
    for i, step in enumerate(a.steps, start=1):
        cite = f"   [§ {step.cite}]" if step.cite else ""
        lines.append(f"  {i}. {step.text}{cite}")
    return lines


def render_text(result: DelegateResult) -> str:
    lines = [f"Delegates under {result.law}"]
    if result.what_if:
        lines.append(f"What-if: {result.what_if}.")
    if result.year_note:
        lines.append(f"Year: {result.year_note}")
    lines += ["Options: " + ", ".join(f"{k}={v}" for k, v in result.options.items()), ""]
    for district, a in result.districts.items():
        lines += [*_block(f"District {district}", a), ""]
    lines += [*_block("At large", result.at_large), ""]
    total = ", ".join(f"{n} {k}" for n, k in result.total.items()) or "none"
    lines.append(f"Total: {total}")
    ties = sum(t.seats for a in [*result.districts.values(), result.at_large] for t in a.ties)
    vacant = result.at_large.vacant + sum(a.vacant for a in result.districts.values())
    if ties:
        lines.append(f"Unresolved by ties: {ties} seat(s) (not counted in the total)")
    if vacant:
        lines.append(f"Vacant or unawarded: {vacant} seat(s)")
    return "\n".join(lines) + "\n"
