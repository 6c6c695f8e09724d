"""The delegates stage's one reader of the law: the provisions of delegate allocation
(``delegates.*``), typed, under the law in force in the year asked (or a law chosen).

Where that law has no allocation of its own (no act in force enacts ``delegates.*``), the
provisions are read from the act in the law data that would enact them, and the answer is
marked a what-if of that act, in words: never a silent fall-back.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.law.model import Provision
from nyballot.law.provisions import ResolvedLaw, named, provisions_in_force, resolve
from nyballot.reckoning.season import season_note, season_year

SEATS = "delegates.district.seats"
# The quotations the steps of an allocation cite, by the provision that holds them.
QUOTED = (
    "district.seats", "district.majority", "district.first", "district.threshold",
    "district.single", "district.none", "at_large.majority", "at_large.ratio",
    "at_large.rounding", "at_large.threshold", "at_large.remainder", "at_large.excess",
)  # fmt: skip
# The type each provision is read as (``nyballot law check`` checks the data declares it).
TYPES = {
    **{f"delegates.{name}": "text" for name in QUOTED},
    "delegates.district.seats": "count",
    "delegates.district.first": "count",
    "delegates.district.second": "count",
    "delegates.district.threshold": "share",
    "delegates.at_large.threshold": "share",
}


@dataclass(frozen=True)
class Quote:
    cite: str
    words: str  # as printed

    @property
    def quoted(self) -> str:
        return f'"{self.words}"'


@dataclass(frozen=True)
class DelegateRules:
    """The allocation's numbers and words under one law, and which law that is."""

    law: str  # the law, in words, for the first line and the ``law`` field
    what_if: str  # why the answer is not the law in force ("" when it is)
    year: int
    year_note: str  # said when the year was not given ("" when it was)
    seats: int  # per congressional district
    seats_words: str  # as the provision says it
    first: int  # to the most votes, when split
    second: int  # to the second most
    district_threshold: Fraction
    at_large_threshold: Fraction
    threshold_words: str  # the threshold as the words say it ("twenty percent")
    quotes: dict[str, Quote]


def _what_if(law: ResolvedLaw, year: int) -> tuple[ResolvedLaw, str]:
    """The law to read when the one asked has no allocation: the act that would enact it."""
    data = load_law()
    acts = [o for o in data.overlays.values() if any(p.id == SEATS for p in o.provisions)]
    if not acts:
        title = law.version.title
        raise UsageError(f"year {year}: {title} has no delegate allocation (text not found)")
    act = acts[0]
    why = (
        f"the law in force in {year} ({law.version.title}) has no delegate allocation; read "
        f"as {act.cite} would enact it ({act.status.rstrip('.') or 'not enacted'})"
    )
    return named(law.version.id, [act.id]), why


def _law_text(law: ResolvedLaw, found: dict[str, Provision]) -> str:
    act = found[SEATS].overlay
    title = law.version.title
    if act is None:
        return title
    overlay = load_law().overlays[act]
    state = "enacted" if overlay.enacted else "a bill, never enacted"
    return f"{title}, with {overlay.cite} ({state}): § {found[SEATS].cite.split('(')[0]}"


def _need(found: dict[str, Provision], pid: str, law: ResolvedLaw) -> Provision:
    if pid not in found:
        acts = ", ".join(o.cite for o in law.overlays) or law.version.title
        raise UsageError(f"provision {pid}: not in the law read ({acts}); text not found")
    return found[pid]


def _quote(item: Provision) -> Quote:
    return Quote(item.cite, " ... ".join(item.law))


def delegate_rules(choice: LawChoice | None = None, year: int | None = None) -> DelegateRules:
    """The allocation's provisions under ``choice`` (default: the law in force) in ``year``
    (default: ``season_year()``, said in ``year_note``)."""
    note = season_note(season_year()) if year is None else ""
    year = season_year() if year is None else year
    law = resolve(choice or LawChoice(), year)
    found = provisions_in_force(law)
    what_if = "; ".join(f"{o.cite} was never enacted" for o in law.overlays if not o.enacted)
    if SEATS not in found:
        law, what_if = _what_if(law, year)
        found = provisions_in_force(law)
    get = {pid: _need(found, pid, law) for pid in TYPES}
    at = "delegates.district.threshold"
    return DelegateRules(
        law=_law_text(law, found),
        what_if=what_if,
        year=year,
        year_note=note,
        seats=get[SEATS].number(),
        seats_words=get[SEATS].value,
        first=get["delegates.district.first"].number(),
        second=get["delegates.district.second"].number(),
        district_threshold=get[at].share(),
        at_large_threshold=get["delegates.at_large.threshold"].share(),
        threshold_words=get[at].value,
        quotes={name: _quote(get[f"delegates.{name}"]) for name in QUOTED},
    )
