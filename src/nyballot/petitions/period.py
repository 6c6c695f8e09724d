"""The signing period of a petition: the calendar's, for the year and kind, overlays included.

A signature counts from the first day to sign (§ 6-134(4) for designating petitions, § 6-138(4)
for independent ones, or a one-year overlay such as the 2026 § 6-134(4-a)) to the last day to
sign where the law sets one, else the last day to file: a line dated later cannot be on a
petition filed in time.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from nyballot.calendar.engine import calendar_under
from nyballot.calendar.model import Deadline
from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice

KINDS = {
    "designating": ("designating_petition.signing", "designating_petition.filing"),
    "independent": ("independent_petition.signing", "independent_petition.filing"),
}


@dataclass(frozen=True)
class Bound:
    day: dt.date
    cite: str
    words: str
    rule: str
    unverified: str


@dataclass(frozen=True)
class Period:
    opens: Bound
    closes: Bound
    law: str
    overlays: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "opens": self.opens.day.isoformat(),
            "closes": self.closes.day.isoformat(),
            "opens_cite": self.opens.cite,
            "closes_cite": self.closes.cite,
            # Why the words of a bound are carried forward ("" where they are the year's own).
            "opens_unverified": self.opens.unverified,
            "closes_unverified": self.closes.unverified,
            "law": self.law,
            "overlays": list(self.overlays),
        }


def signing_period(year: int, kind: str, choice: LawChoice) -> Period:
    if kind not in KINDS:
        raise UsageError(f"kind '{kind}': expected one of {', '.join(KINDS)}", fields=("kind",))
    signing_id, filing_id = KINDS[kind]
    cal = calendar_under(year, choice)
    signing, filing = cal.deadline(signing_id), cal.deadline(filing_id)
    first = signing.opens or signing.closes
    if first is None:
        raise UsageError(f"{year}: the {kind} petition's first day to sign is not dated")
    last = signing if signing.opens and signing.closes else filing
    if last.closes is None:
        raise UsageError(f"{year}: the last day for {kind} petitions is not dated")
    return Period(_bound(signing, first), _bound(last, last.closes), cal.law, tuple(cal.overlays))


def _bound(deadline: Deadline, day: dt.date) -> Bound:
    words = " ".join(deadline.rule.law)
    return Bound(day, deadline.cite, words, deadline.id, deadline.unverified)
