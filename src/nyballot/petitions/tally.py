"""The number of valid signatures a petition needs, and the tally against it.

``required_number`` is the one place the review asks for the number: five per centum of the
party's enrolled voters in the unit, rounded up to a whole signer (§ 6-136(2)). The limits of
§ 6-136(2)(a)-(l) depend on the office, which a lines file does not name: give ``--required``
for a limited number (``nyballot signatures`` gives it where the law is shipped).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from nyballot.petitions.law import FIVE_PER_CENTUM

SHARE = Fraction(5, 100)


def required_number(enrolled: int) -> int:
    """>>> required_number(2000), required_number(2001)
    (100, 101)
    """
    return math.ceil(SHARE * enrolled)


def required_dict(enrolled: int | None, required: int | None, source: str) -> dict[str, Any]:
    if required is not None:
        return {"number": required, "source": "given (--required)", "enrolled": enrolled}
    assert enrolled is not None
    return {
        "number": required_number(enrolled),
        "enrolled": enrolled,
        "source": source,
        "cite": FIVE_PER_CENTUM.cite,
        "words": FIVE_PER_CENTUM.words,
        "note": "five per centum of the enrolled voters, rounded up to a whole signer; the "
        "limits of § 6-136(2)(a)-(l) are not applied (give --required for them)",
    }


def tally(lines: list[dict[str, Any]], required: dict[str, Any]) -> dict[str, Any]:
    valid = sum(1 for line in lines if line["valid"])
    per_sheet: Counter[int] = Counter(line["sheet"] for line in lines)
    valid_per_sheet: Counter[int] = Counter(line["sheet"] for line in lines if line["valid"])
    number = int(required["number"])
    return {
        "valid": valid,
        "invalid": len(lines) - valid,
        "required": number,
        "sufficient": valid >= number,
        "required_from": required,
        "by_sheet": [
            {
                "sheet": sheet,
                "lines": per_sheet[sheet],
                "valid": valid_per_sheet[sheet],
                "invalid": per_sheet[sheet] - valid_per_sheet[sheet],
            }
            for sheet in sorted(per_sheet)
        ],
    }
