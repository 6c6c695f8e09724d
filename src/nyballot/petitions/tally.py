"""The number of valid signatures a petition needs, and the tally against it.

``required_dict`` is the one place the review asks for the number, and it asks the signatures
code (``nyballot.signatures.numbers``), under the review's law (the law in force in its year,
or the version and bills it names, marked what-if). Where the unit is a district the
signatures code knows (``--unit AD=7``, SD, CD or LD, a COUNTYCODE beside it only narrowing the
count) the number is that unit's, with its limit and the year's acts; with no ``--unit``, the
whole state's. Otherwise it is the share alone (§ 6-136(2)'s or § 6-142(2)'s, as the law in
force gives it), rounded up to a whole signer, and the note says why the limits were not
applied (give ``--required`` for them); the whole state's petition then has no number (the
share of subdivision 2 is for all other petitions). An independent petition whose votes for
governor are not given has no number: the voter file holds enrolment, not votes.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from nyballot.errors import NyballotError
from nyballot.law.provisions import resolve
from nyballot.petitions.request import Request
from nyballot.signatures.numbers import NOT_BINDING, requirements
from nyballot.signatures.requirements import Inputs, Requirement
from nyballot.signatures.rules import Number, signature_law

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
    "§ 6-142(2) counts the votes for governor at the last election for governor in the unit, "
    "not enrolled voters; give governor_votes (votes for governor in the unit at the last "
    "gubernatorial election) or required"
)


def no_enrolled(share: Number) -> str:
    """Why a count of no enrolled voter gives no number, in the share's own words (five per
    centum, or what the year's law says). A share of none is no number: a petition with no
    valid line is never "sufficient" against it. A count of 0 is nearly always a party or
    unit that names no voter (a typo)."""
    return (
        f"no voter of the party is enrolled in the unit, so {share.said} (§ {share.cite}) gives "
        "no number (check party and unit); give enrolled or required"
    )


NO_VOTES_CAST = "0 votes for governor give no number; give governor_votes or required"


def share_of(request: Request, petition: str, statewide: bool = False) -> Number:
    """The share the review's law gives a petition (its whole state's with ``statewide``)."""
    rules = signature_law(resolve(request.law, request.year))
    pid = f"signatures.{petition}.{'statewide.share' if statewide else 'share'}"
    found = rules.share(pid) or rules.count(f"signatures.{petition}.statewide")
    if found is None:
        raise NyballotError(f"petition review: provision {pid}: text not found in this law")
    return found


def signatures_unit(request: Request) -> tuple[str | None, str]:
    """The signatures code's unit for the review's --unit fields, or None and why not."""
    names = {name for name, _ in request.units}
    if not names:  # no --unit: signers from the whole state, subdivision 1's number
        return "state", ""
    districts = names & DISTRICT_UNITS.keys()
    if len(districts) != 1 or names - districts - NARROWING:
        return None, "the unit is not one district (unit AD, SD, CD or LD)"
    return DISTRICT_UNITS[districts.pop()], ""


def _share_alone(request: Request, petition: str, counted: dict[str, Any], base: int,
                 why_not: str) -> dict[str, Any]:  # fmt: skip
    share = share_of(request, petition)
    what = "enrolled voters" if petition == "designating" else "votes cast for governor"
    limits = "§ 6-136(2)(a)-(l)" if petition == "designating" else "§ 6-142(2)"
    return {
        "number": math.ceil(share.value * base),
        **counted,
        "cite": share.cite,
        "words": share.law,
        "secondary": bool(share.evidence),
        "note": f"{share.said} of the {what}, rounded up to a whole "
        f"signer; the limits of {limits} are not applied ({why_not}; give the number required "
        "for them)",
    }


def _required(request: Request, petition: str, base: int, counted: dict[str, Any],
              inputs: Inputs) -> dict[str, Any]:  # fmt: skip
    unit, why_not = signatures_unit(request)
    if unit is not None:
        found, why_not = _in_force(request, unit, inputs)
        if found is not None:
            return _from_signatures(found, counted)
    if not request.units:
        share = share_of(request, petition, statewide=True)
        note = f"§ {share.cite} gives the whole state's number, not applied here ({why_not})"
        return _none_of(share, counted, f"{note}; give required")
    return _share_alone(request, petition, counted, base, why_not)


def required_number(request: Request, enrolled: int) -> dict[str, Any]:
    """The number required of ``enrolled`` voters of the party in the request's unit."""
    counted: dict[str, Any] = {"enrolled": enrolled}
    if enrolled == 0:
        share = share_of(request, "designating")
        return _none_of(share, counted, no_enrolled(share))
    return _required(request, "designating", enrolled, counted, Inputs(enrolled=enrolled))


def required_of_votes(request: Request, votes: int) -> dict[str, Any]:
    """The number required of an independent petition in a unit that cast ``votes`` for
    governor at the last gubernatorial election (§ 6-142; no unit: the whole state)."""
    counted: dict[str, Any] = {"governor_votes": votes, "enrolled": request.enrolled}
    if votes == 0:
        return _none_of(share_of(request, "independent"), counted, NO_VOTES_CAST)
    inputs = Inputs(votes_for_governor=votes)
    return _required(request, "independent", votes, counted, inputs)


def _in_force(request: Request, unit: str, inputs: Inputs) -> tuple[Requirement | None, str]:
    """The signatures code's one requirement for the unit, or None and why not."""
    try:
        found = requirements(request.kind, request.law, request.year, inputs, unit=unit)
    except NyballotError as exc:
        return None, str(exc)
    if len({req.number for req in found}) == 1:
        return found[0], ""
    return None, "the law treats the unit's places apart: " + "; ".join(
        f"{req.where}, {req.number:,}" for req in found
    )


def _from_signatures(req: Requirement, counted: dict[str, Any]) -> dict[str, Any]:
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
        "what_if": req.what_if,
        "secondary": bool(req.evidence),
        "evidence": req.evidence,
        "unverified": req.unverified,
        "steps": [{"text": s.text, "cite": s.cite, "words": s.law} for s in req.steps],
        "note": f"as nyballot signatures gives it under the {req.law} for {req.unit_title}",
        "notes": req.notes,
    }


def _none_of(share: Number, counted: dict[str, Any], note: str) -> dict[str, Any]:
    """No number: the share's provision, what was counted, and what to give instead."""
    return {"number": None, **counted, "cite": share.cite, "words": share.law,
            "secondary": False, "note": note}  # fmt: skip


def _no_number(request: Request) -> dict[str, Any]:
    """An independent petition's number when none can be given, and what to give for one."""
    share = share_of(request, "independent")
    return {
        "number": None,
        "governor_votes": None,
        "enrolled": request.enrolled,
        "cite": share.cite,
        "words": share.law,
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
        self.for_clerk: Counter[int] = Counter()  # valid, who signed for a clerk to say

    def add(self, line: dict[str, Any]) -> None:
        self.lines[line["sheet"]] += 1
        if line["valid"]:
            self.valid[line["sheet"]] += 1
            if line.get("identity") is not None:
                self.for_clerk[line["sheet"]] += 1

    def tally(self, required: dict[str, Any]) -> dict[str, Any]:
        valid = self.valid.total()
        total = self.lines.total()
        # No number given (an independent petition without its votes): no finding either way.
        number = None if required["number"] is None else int(required["number"])
        return {
            "valid": valid,
            "identity_for_clerk": self.for_clerk.total(),
            "invalid": total - valid,
            "required": number,
            "sufficient": None if number is None else valid >= number,
            "required_from": required,
            "by_sheet": [
                {
                    "sheet": sheet,
                    "lines": self.lines[sheet],
                    "valid": self.valid[sheet],
                    "identity_for_clerk": self.for_clerk[sheet],
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
