"""The delegates stage's one reader of the law: the provisions of delegate allocation
(``delegates.*``), typed, under the law in force in the year asked (or a law chosen).

Where that law has no allocation of its own (no act in force enacts ``delegates.*``), there
is no answer: the refusal names the act in the law data that would enact one, to be asked for
(``with``) as a what-if. A bill is never read unless it is asked for. A bill asked for in a
year it does not govern (S.5961 was for 2016) is read as it would enact the allocation, and
the answer says so: § 2-122-b has no day or year of its own to count from.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from nyballot.errors import UsageError
from nyballot.law.choice import LawChoice, normalise_name
from nyballot.law.loader import load_law, overlay_years
from nyballot.law.model import Overlay, Provision
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


def enacting_acts() -> list[Overlay]:
    """The acts in the law data that enact an allocation (a bill among them is a what-if)."""
    return [o for o in load_law().overlays.values() if any(p.id == SEATS for p in o.provisions)]


def _no_allocation(law: ResolvedLaw, year: int) -> UsageError:
    """The refusal when the law read has no allocation, naming the act that would enact one."""
    acts = enacting_acts()
    title = law.version.title
    bills = [o.cite for o in law.overlays if not o.enacted]  # the acts in force go unsaid
    if bills:
        title += " and " + ", ".join(bills)  # not "with": that word is the field's
    head = f"year {year}: {title} has no delegate allocation"
    if not acts:
        return UsageError(f"{head} (text not found)")
    act = acts[0]
    state = "enacted" if act.enacted else "a bill never enacted"
    return UsageError(
        f"{head}; {act.cite} ({state}) would enact one: give with {act.id} to read it as a what-if",
        fields=("with",),
    )


def _asked(choice: LawChoice, year: int) -> tuple[ResolvedLaw, list[str]]:
    """The law asked for, and why it is read outside its years: the overlays asked for that do
    not govern the year are read over the version in force, as they would enact their words."""
    data = load_law()
    ids = [normalise_name(name, data.overlays) for name in choice.overlays]
    if None in ids or not ids:  # an unknown name, or none: resolve says what it says
        return resolve(choice, year), []
    version = resolve(LawChoice(choice.law), year).version
    outside = [
        data.overlays[i] for i in ids if i and not data.overlays[i].applies_to(version.id, year)
    ]
    if not outside:
        return resolve(choice, year), []
    notes = []
    for act in outside:
        years = overlay_years(act, data)
        span = f"{years[0]} to {years[-1]}" if years else "no year"
        notes.append(f"{act.cite} governs {span}, read for {year} as it would enact its words")
    return named(version.id, [i for i in ids if i]), notes


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
    law, out_of_years = _asked(choice or LawChoice(), year)
    found = provisions_in_force(law)
    never = [f"{o.cite} was never enacted" for o in law.overlays if not o.enacted]
    what_if = "; ".join([*never, *out_of_years])
    if SEATS not in found:
        raise _no_allocation(law, year)
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
