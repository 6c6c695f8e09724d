"""The number of valid signatures a petition needs, and the tally against it.

``required_dict`` is the one place the review asks for the number. Where the unit is a district
the signatures code knows (``--unit AD=7``, SD, CD or LD, a COUNTYCODE beside it only narrowing
the count), in a year it covers, under the law in force, the number is that code's: for a
designating petition § 6-136(2)'s five per centum of the party's enrolled voters, for an
independent petition § 6-142(2)'s five per centum of the votes cast for governor in the unit at
the last gubernatorial election; with no ``--unit``, the whole state's number (§ 6-136(1),
§ 6-142(1)); each with the unit's limit and the year's measures, marked where a limit rests on
a secondary source. Otherwise it is the five per centum alone, rounded up to a whole signer,
and the note says why the limits were not applied (give ``--required`` for them); the whole
state's petition then has no number (§ 6-136(2)'s five per centum is for all other petitions). An
independent petition whose votes for governor are not given has no number: the voter file
holds enrolment, not votes, and § 6-142 does not count enrolled voters.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from nyballot.petitions.law import (
    FIVE_PER_CENTUM,
    FIVE_PER_CENTUM_STATE,
    VOTES_FOR_GOVERNOR,
    VOTES_FOR_GOVERNOR_STATE,
    Ground,
)
from nyballot.petitions.request import Request
from nyballot.signatures.in_force import NOT_BINDING, in_force
from nyballot.signatures.in_force import data as in_force_data
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
# The fields to give, by their names (the command line's flags are the same with dashes).
NO_VOTES = (
    "§ 6-142(2) counts the votes cast for governor at the last gubernatorial election in the "
    "unit, not enrolled voters; give governor_votes (votes for governor in the unit at the "
    "last gubernatorial election) or required"
)


# Five per centum of none is no number: a petition with no valid line is never "sufficient"
# against it. A count of 0 is nearly always a party or unit that names no voter (a typo).
NO_ENROLLED = (
    "no voter of the party is enrolled in the unit, so five per centum gives no number (check "
    "party and unit); give enrolled or required"
)
NO_VOTES_CAST = "0 votes for governor give no number; give governor_votes or required"


def five_per_centum(enrolled: int) -> int:
    """>>> five_per_centum(2000), five_per_centum(2001)
    (100, 101)
    """
    return math.ceil(SHARE * enrolled)


def signatures_unit(request: Request) -> tuple[str | None, str]:
    """The signatures code's unit for the review's --unit fields, or None and why not."""
    if request.law.law is not None or request.law.overlays:
        return None, "a law version or what-if bill is named"
    first, last = in_force_data()["covers"]
    if not first <= request.year <= last:
        return None, f"the law in force is given for {first} to {last}"
    names = {name for name, _ in request.units}
    if not names:  # no --unit: signers from the whole state, § 6-136(1)'s or § 6-142(1)'s number
        return "state", ""
    districts = names & DISTRICT_UNITS.keys()
    if len(districts) != 1 or names - districts - NARROWING:
        return None, "the unit is not one district (unit AD, SD, CD or LD)"
    return DISTRICT_UNITS[districts.pop()], ""


def required_number(request: Request, enrolled: int) -> dict[str, Any]:
    """The number required of ``enrolled`` voters of the party in the request's unit."""
    if enrolled == 0:
        return _none_of(FIVE_PER_CENTUM, {"enrolled": 0}, NO_ENROLLED)
    unit, why_not = signatures_unit(request)
    if unit is not None:
        found, why_not = _in_force(request, unit, Inputs(enrolled=enrolled))
        if found is not None:
            return _from_signatures(found, {"enrolled": enrolled})
    if not request.units:
        # § 6-136(1), not (2), numbers the whole state's petition: no five per centum here.
        note = f"§ 6-136(1) gives the whole state's number, not applied here ({why_not})"
        return _none_of(FIVE_PER_CENTUM_STATE, {"enrolled": enrolled}, f"{note}; give required")
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


def required_of_votes(request: Request, votes: int) -> dict[str, Any]:
    """The number required of an independent petition in a unit that cast ``votes`` for
    governor at the last gubernatorial election (§ 6-142; no unit: the whole state)."""
    counted = {"governor_votes": votes, "enrolled": request.enrolled}
    if votes == 0:
        return _none_of(VOTES_FOR_GOVERNOR, counted, NO_VOTES_CAST)
    unit, why_not = signatures_unit(request)
    if unit is not None:
        found, why_not = _in_force(request, unit, Inputs(votes_for_governor=votes))
        if found is not None:
            return _from_signatures(found, counted)
    if not request.units:
        # § 6-142(1), not (2), numbers the whole state's petition: no five per centum here.
        note = f"§ 6-142(1) gives the whole state's number, not applied here ({why_not})"
        return _none_of(VOTES_FOR_GOVERNOR_STATE, counted, f"{note}; give required")
    return {
        "number": five_per_centum(votes),
        **counted,
        "cite": VOTES_FOR_GOVERNOR.cite,
        "words": VOTES_FOR_GOVERNOR.words,
        "secondary": False,
        "note": "five per centum of the votes cast for governor at the last gubernatorial "
        "election in the unit, rounded up to a whole signer; the limits of § 6-142(2) are not "
        f"applied ({why_not}; give the number required for them)",
    }


def _in_force(request: Request, unit: str, inputs: Inputs) -> tuple[Requirement | None, str]:
    """The signatures code's one requirement for the unit, or None and why not."""
    found = in_force(request.kind, request.year, inputs, unit=unit)
    if len({req.number for req in found}) == 1:
        return found[0], ""
    return None, "the year's measure treats the city of New York apart: " + "; ".join(
        f"{req.where}, {req.number:,}" for req in found
    )


def _from_signatures(req: Requirement, counted: dict[str, int | None]) -> dict[str, Any]:
    # The words that give the number: the limit that binds, else the share. A limit that does
    # not bind may bear the share's cite (§ 6-142(2) opens with one), and so does the whole
    # state's spread among the congressional districts: both are passed over.
    binding = next(
        step
        for step in reversed(req.steps)
        if step.cite == req.cite
        and NOT_BINDING not in step.text
        and (not req.spread or " ".join(step.law.split()) != req.spread)
    )
    return {
        "number": req.number,
        **counted,
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


def _none_of(share: Ground, counted: dict[str, int | None], note: str) -> dict[str, Any]:
    """No number: the share's provision, what was counted, and what to give instead."""
    return {"number": None, **counted, "cite": share.cite, "words": share.words,
            "secondary": False, "note": note}  # fmt: skip


def _no_number(request: Request) -> dict[str, Any]:
    """An independent petition's number when none can be given, and what to give for one."""
    return {
        "number": None,
        "governor_votes": None,
        "enrolled": request.enrolled,
        "cite": VOTES_FOR_GOVERNOR.cite,
        "words": VOTES_FOR_GOVERNOR.words,
        "secondary": False,
        "note": NO_VOTES,
    }


def required_dict(request: Request, enrolled: int | None, source: str) -> dict[str, Any]:
    """The number required and where it came from: given, from the votes for governor (an
    independent petition), or from ``enrolled`` (a designating petition's, from ``source``)."""
    if request.required is not None:
        given = {"number": request.required, "source": "given (required)", "enrolled": enrolled}
        return {**given, "governor_votes": request.governor_votes, "secondary": False}
    if request.kind == "independent":
        if request.governor_votes is None:
            return {**_no_number(request), "source": "not given"}
        votes = required_of_votes(request, request.governor_votes)
        return {**votes, "source": "given (governor votes)"}
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
        # No number given (an independent petition without its votes): no finding either way.
        number = None if required["number"] is None else int(required["number"])
        return {
            "valid": valid,
            "invalid": total - valid,
            "required": number,
            "sufficient": None if number is None else valid >= number,
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
