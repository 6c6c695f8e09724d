"""The number of valid signatures a petition needs, and the tally against it.

``required_number`` is the one place the review asks for the number. For a designating petition
whose unit is a district the signatures code knows (``--unit AD=7``, SD, CD or LD, a COUNTYCODE
beside it only narrowing the count), in a year it covers, under the law in force, the number is
that code's: § 6-136(2)'s five per centum with the unit's limit and the year's measures, marked
where a limit rests on a secondary source. Otherwise it is five per centum of the party's
enrolled voters in the unit, rounded up to a whole signer (§ 6-136(2)), and the note says why the
limits were not applied (give ``--required`` for them).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from nyballot.petitions.law import FIVE_PER_CENTUM
from nyballot.petitions.request import Request
from nyballot.signatures.in_force import data as in_force_data
from nyballot.signatures.in_force import in_force
from nyballot.signatures.requirements import Inputs, Requirement

SHARE = Fraction(5, 100)

# A voter-file district field, and the signatures code's unit whose voters it names.
DISTRICT_UNITS = {
    "AD": "assembly",
    "SD": "senate",
    "CD": "congressional",
    "LD": "county-legislative-district",
}
# Fields that only narrow a district's count (a district listed county by county).
NARROWING = {"COUNTYCODE"}


def five_per_centum(enrolled: int) -> int:
    """>>> five_per_centum(2000), five_per_centum(2001)
    (100, 101)
    """
    return math.ceil(SHARE * enrolled)


def signatures_unit(request: Request) -> tuple[str | None, str]:
    """The signatures code's unit for the review's --unit fields, or None and why not."""
    if request.kind != "designating":
        return None, "the number for an independent petition counts votes for governor"
    if request.law.law is not None or request.law.overlays:
        return None, "a law version or what-if bill is named"
    first, last = in_force_data()["covers"]
    if not first <= request.year <= last:
        return None, f"the law in force is given for {first} to {last}"
    names = {name for name, _ in request.units}
    districts = names & DISTRICT_UNITS.keys()
    if len(districts) != 1 or names - districts - NARROWING:
        return None, "the unit is not one district (unit AD, SD, CD or LD)"
    return DISTRICT_UNITS[districts.pop()], ""


def required_number(request: Request, enrolled: int) -> dict[str, Any]:
    """The number required of ``enrolled`` voters of the party in the request's unit."""
    unit, why_not = signatures_unit(request)
    if unit is not None and enrolled > 0:
        found = in_force(request.kind, request.year, Inputs(enrolled=enrolled), unit=unit)
        numbers = {req.number for req in found}
        if len(numbers) == 1:
            return _from_signatures(found[0], enrolled)
        why_not = "the year's measure treats the city of New York apart: " + "; ".join(
            f"{req.where}, {req.number:,}" for req in found
        )
    elif unit is not None:
        why_not = "0 enrolled voters give no number"
    return {
        "number": five_per_centum(enrolled),
        "enrolled": enrolled,
        "cite": FIVE_PER_CENTUM.cite,
        "words": FIVE_PER_CENTUM.words,
        "secondary": False,
        "note": "five per centum of the enrolled voters, rounded up to a whole signer; the "
        f"limits of § 6-136(2)(a)-(l) are not applied ({why_not}; give the number required "
        "for them)",
    }


def _from_signatures(req: Requirement, enrolled: int) -> dict[str, Any]:
    binding = next(step for step in reversed(req.steps) if step.cite == req.cite)
    return {
        "number": req.number,
        "enrolled": enrolled,
        "cite": req.cite,
        "words": binding.law,
        "unit": req.unit,
        "law": req.law,
        "secondary": bool(req.evidence),
        "evidence": req.evidence,
        "unverified": req.unverified,
        "steps": [{"text": s.text, "cite": s.cite, "words": s.law} for s in req.steps],
        "note": f"as nyballot signatures gives it under the {req.law} for {req.unit_title}",
        "notes": req.notes,
    }


def required_dict(request: Request, enrolled: int | None, source: str) -> dict[str, Any]:
    if request.required is not None:
        given = {"number": request.required, "source": "given (required)", "enrolled": enrolled}
        return {**given, "secondary": False}
    assert enrolled is not None
    return {**required_number(request, enrolled), "source": source}


class Count:
    """Lines and valid lines by sheet, counted as the lines are ruled."""

    def __init__(self) -> None:
        self.lines: Counter[int] = Counter()
        self.valid: Counter[int] = Counter()

    def add(self, line: dict[str, Any]) -> None:
        self.lines[line["sheet"]] += 1
        if line["valid"]:
            self.valid[line["sheet"]] += 1

    def tally(self, required: dict[str, Any]) -> dict[str, Any]:
        valid = self.valid.total()
        total = self.lines.total()
        number = int(required["number"])
        return {
            "valid": valid,
            "invalid": total - valid,
            "required": number,
            "sufficient": valid >= number,
            "required_from": required,
            "by_sheet": [
                {
                    "sheet": sheet,
                    "lines": self.lines[sheet],
                    "valid": self.valid[sheet],
                    "invalid": self.lines[sheet] - self.valid[sheet],
                }
                for sheet in sorted(self.lines)
            ],
        }


def tally(lines: list[dict[str, Any]], required: dict[str, Any]) -> dict[str, Any]:
    count = Count()
    for line in lines:
        count.add(line)
    return count.tally(required)
