"""GET /law/coverage: every subdivision of a law version's shipped texts and its rules (JSON)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from nyballot.api.errors import READ, answers
from nyballot.law.coverage import coverage, coverage_dict

router = APIRouter()


@router.get("/law/coverage", responses=answers(*READ))
def law_coverage(
    law: Annotated[str, Query(max_length=100, description="current or pre-2019")] = "current",
) -> dict[str, Any]:
    """The coverage checklist: each subdivision in statute order with the rules that encode it,
    or the reason none does, and the totals (as `nyballot law coverage --format json`)."""
    return coverage_dict(coverage(law))
