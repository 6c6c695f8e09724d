"""Signature requirements as text and JSON."""

from __future__ import annotations

import re
import textwrap
from dataclasses import asdict
from typing import Any

from nyballot.signatures.requirements import Requirement, count


def one_line(words: str) -> str:
    """Quoted words on one line (a hyphen kept at a printed line end stays a hyphen)."""
    return " ".join(re.sub(r"-\n\s*", "-", words).split())


def requirement_dict(req: Requirement) -> dict[str, Any]:
    data = asdict(req)
    data["cite"] = f"§ {req.cite}"
    for step in data["steps"]:
        step["cite"] = f"§ {step['cite']}" if step["cite"] else ""
        step["law"] = one_line(step["law"])
    return data


def render_text(reqs: list[Requirement]) -> str:
    lines: list[str] = []
    for req in reqs:
        title = req.office_title or req.petition[:1].upper() + req.petition[1:]
        where = f", {req.where}" if req.where else ""
        lines.append(f"{title} ({req.unit_title}{where}) under {req.law}")
        if req.measures:
            lines.append(f"  One-year measures applied: {', '.join(req.measures)}")
        lines.append(f"  {req.petition}: {count(req.number, 'signature')}   [§ {req.cite}]")
        if req.spread:
            lines.append(f"  and {req.spread}")
        for i, step in enumerate(req.steps, start=1):
            cite = f"   [§ {step.cite}]" if step.cite else ""
            lines.append(f"    {i}. {step.text}{cite}")
            if step.law:
                quote = f'"{one_line(step.law)}"'
                lines += textwrap.wrap(
                    quote, 92, initial_indent="       ", subsequent_indent="       "
                )
        if req.inputs:
            given = ", ".join(f"{k.replace('_', ' ')} = {v:,}" for k, v in req.inputs.items())
            lines.append(f"  Inputs given: {given}")
        for note in req.notes:
            lines += textwrap.wrap(
                f"Note: {note}", 96, initial_indent="  ", subsequent_indent="    "
            )
        lines.append("")
    return "\n".join(lines)
