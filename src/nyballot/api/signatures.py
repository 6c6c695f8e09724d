"""GET /signatures: how many signatures a petition needs, with each step's cite and words (JSON).

The answer is the command's (``nyballot signatures --format json``): the year, the law it is
under (``law``, ``what_if``) and the requirements. No year: the next general election's, said
in ``year_note``; ``law`` and ``with`` ask a what-if, marked as such.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from nyballot.api.errors import READ, answers
from nyballot.signatures import Inputs
from nyballot.signatures.answer import answer

router = APIRouter()

Name = Annotated[str | None, Query(max_length=60)]
Count = Annotated[int | None, Query(ge=0, le=10**9)]


@router.get("/signatures", responses=answers(*READ))
def signatures(
    year: Annotated[int | None, Query(ge=1900, le=2100, description="Default: next")] = None,
    petition: Annotated[str | None, Query(max_length=20, examples=["designating"])] = None,
    unit: Annotated[str | None, Query(max_length=60, examples=["assembly"])] = None,
    office: Annotated[str | None, Query(max_length=60, examples=["member-of-assembly"])] = None,
    enrolled: Count = None,
    votes_for_governor: Count = None,
    congressional_districts: Count = None,
    larger_requirement: Count = None,
    contains: Annotated[list[str] | None, Query(max_length=20, description="Units")] = None,
    section: Name = None,
    law: Annotated[str | None, Query(max_length=40, description="What-if: a version")] = None,
    bills: Annotated[list[str] | None, Query(alias="with", max_length=5)] = None,
) -> dict[str, Any]:
    """The signatures a petition needs under the law in force in ``year`` (default: the year
    of the next general election), each step with its cite and quoted words; ``contains``
    names a unit the office's unit contains (§ 6-136(2)(k)), repeatable."""
    inputs = Inputs(votes_for_governor, enrolled, congressional_districts, larger_requirement)
    found = answer(
        inputs, year=year, petition=petition, unit=unit, office=office, law=law,
        bills=bills or (), contains=contains or (), section=section,
    )  # fmt: skip
    return found.as_dict()
