"""What a petition is for and how to count it, as the command line and the API ask (kept apart
from the review so that the server loads the database libraries only when a review runs)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice
from nyballot.voters.layout import UNIT_FIELDS


@dataclass(frozen=True)
class Request:
    """What the petition is for and how to count it."""

    year: int
    kind: str = "designating"
    party: str | None = None
    units: tuple[tuple[str, str], ...] = ()
    enrolled: int | None = None
    governor_votes: int | None = None  # in the unit at the last gubernatorial election (§ 6-142)
    required: int | None = None
    seats: int = 1
    law: LawChoice = field(default_factory=LawChoice)
    # How a line that fits two voters is read: "presumed" (valid when one of them who may sign
    # stands, the objector's burden, § 6-154(1)), "either" (valid when it stands whichever of
    # them signed, § 6-154(3)(a)(i)) or "strict" (never counted until a clerk chooses).
    ambiguous_reading: str = "presumed"
    # How a line under the surname of the voter's previous name on file is read: "counts"
    # (substantial compliance, § 6-134(10)) or "strict" (the name on file only, § 6-130).
    previous_name_reading: str = "counts"


def parse_units(values: tuple[str, ...] | list[str]) -> tuple[tuple[str, str], ...]:
    """--unit FIELD=VALUE, each naming a voter-file field."""
    units: list[tuple[str, str]] = []
    for value in values:
        name, sep, wanted = value.partition("=")
        name = name.strip().upper()
        if not sep or not wanted.strip():
            raise UsageError(
                f"unit '{value[:60]}': expected FIELD=VALUE, e.g. AD=7", fields=("unit",)
            )
        if name not in UNIT_FIELDS:
            raise UsageError(
                f"unit {name[:30]}: expected one of {', '.join(UNIT_FIELDS)}", fields=("unit",)
            )
        if any(name == given for given, _ in units):
            # A unit lies in one district of each kind: two values could match no voter.
            raise UsageError(f"unit {name}: given twice; give each field once", fields=("unit",))
        units.append((name, wanted.strip()))
    return tuple(units)
