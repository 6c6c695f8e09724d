"""Which numbers govern a petition under a chosen law: the one place signatures read the law.

Every number, share and limit is a provision of the law data (``nyballot.law.provisions``):
the versions declare §§ 6-136, 6-138, 6-142 and 6-164 (``versions/*/6-1*.yaml``) and an act
changes them by declaring a provision of the same id in its overlay, for the years it is in
force. The ids, by petition (``designating`` or ``independent``)::

    signatures.<petition>.statewide           count: the whole state's stated number
    signatures.<petition>.statewide.share     share: ... or this share, whichever is less
    signatures.<petition>.statewide.scale     share: an act's fraction of the stated number
    signatures.<petition>.statewide.spread    text: how the signers spread over the state
    signatures.<petition>.share               share: every other petition's share
    signatures.<petition>.share.<unit>        share: a unit's own share (a party position)
    signatures.<petition>.limit.<unit>        count: the unit's "need not exceed" limit
    signatures.<petition>.limits.scale        share: an act's fraction of every stated limit
    signatures.<petition>.limits.rounding     text: "down" (else a fraction rounds up)
    signatures.<petition>.limits.scale.except_nyc  flag: the fraction leaves the city alone
    signatures.<petition>.note.<name>         text: words not applied, shown as a note
    signatures.<petition>.note.<name>.where   list: the places (a unit's "nyc") it is for
    signatures.<petition>.note.<name>.except  list: the units it is not for
    signatures.designating.aggregate          flag: § 6-136(2)(k), the contained units' sum
    signatures.designating.charter            flag: the numbers apply notwithstanding the Charter
    signatures.independent.who_may_sign       text: § 6-138(1)
    signatures.otb.same_as_designating        flag: § 6-164 (false: suspended)
    signatures.presidential.<office>.<way>    count: a presidential primary's number, or
                                              text: the id of the one it is the same as
    signatures.presidential.<office>.<way>.share      share: of the enrolled, if less
    signatures.presidential.<office>.<way>.enrolment  text: the enrolment it is counted on
    signatures.presidential.<office>.choice   text: the choice between the ways
    nomination.by_petition                    flag: every nomination is by petition

A limit an act states itself is the act's number: that act's fraction of the stated limits
does not cut it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from nyballot.law.loader import load_law
from nyballot.law.model import Provision
from nyballot.law.provisions import ResolvedLaw, provisions_in_force

# The provisions of fixed id read as a typed value (``law check`` refuses another type); the
# ids built per petition and unit are listed, with their types, above.
TYPES = {
    "nomination.by_petition": "flag",
    "signatures.designating.aggregate": "flag",
    "signatures.designating.charter": "flag",
    "signatures.otb.same_as_designating": "flag",
    "signatures.independent.who_may_sign": "text",
}


@dataclass(frozen=True)
class Number:
    """A provision read as a number or a share, with its words and what it rests on."""

    value: Fraction
    cite: str
    law: str
    title: str
    evidence: str = ""  # "secondary: <source>", or ""
    unverified: str = ""  # why the words may not be those in force, or ""
    enacted_by: str | None = None  # the overlay that enacted it (None: the version)
    act: str = ""  # that overlay's citation, for the list of acts applied
    said: str = ""  # the value as the law says it ("five per centum")

    @property
    def whole(self) -> int:
        return int(self.value)


def _words(item: Provision) -> str:
    return " ".join(item.law) if item.law else ""


def _number(item: Provision, value: Fraction) -> Number:
    act = load_law().overlays[item.overlay].cite if item.overlay else ""
    return Number(
        value=value,
        cite=item.cite,
        law=_words(item),
        title=item.title,
        evidence=item.secondary,
        unverified=item.unverified,
        enacted_by=item.overlay,
        act=act,
        said=item.value,
    )


@dataclass(frozen=True)
class SignatureLaw:
    """The signature provisions of one law (a version and its overlays, for a year)."""

    found: dict[str, Provision]
    what_if: bool

    def _get(self, pid: str) -> Provision | None:
        return self.found.get(pid)

    def count(self, pid: str) -> Number | None:
        item = self._get(pid)
        return None if item is None else _number(item, Fraction(item.number()))

    def share(self, pid: str) -> Number | None:
        item = self._get(pid)
        return None if item is None else _number(item, item.share())

    def flag(self, pid: str) -> Provision | None:
        """The flag provision when it is in force and true."""
        item = self._get(pid)
        return item if item is not None and item.flag() else None

    def has(self, pid: str) -> bool:
        return pid in self.found

    def text(self, pid: str) -> Provision | None:
        item = self._get(pid)
        if item is not None:
            item.text()  # checks the type
        return item

    def ways(self, office: str) -> list[str]:
        """The ways (the sections that give them) a presidential-primary petition is counted."""
        prefix = f"signatures.presidential.{office}."
        found = (pid.removeprefix(prefix) for pid in self.found if pid.startswith(prefix))
        return sorted(way for way in found if "." not in way and way != "choice")

    def _reaches(self, pid: str, place: str, unit: str) -> bool:
        """Whether a note's words reach the unit: its place is among ``.where`` (when the
        words say where) and the unit is not among ``.except``."""
        where, unless = self._get(f"{pid}.where"), self._get(f"{pid}.except")
        return (where is None or place in where.items()) and (
            unless is None or unit not in unless.items()
        )

    def notes(self, petition: str, place: str, unit: str) -> list[str]:
        """The words an act gives that are not applied, with the reason, for a unit in a
        place (a unit's "nyc": nyc, outside, either or whole)."""
        prefix = f"signatures.{petition}.note."
        return [
            f"{p.title}: {p.note or p.unverified}"
            for pid, p in sorted(self.found.items())
            if pid.startswith(prefix)
            and "." not in pid.removeprefix(prefix)
            and self._reaches(pid, place, unit)
        ]


def signature_law(law: ResolvedLaw) -> SignatureLaw:
    """The signature provisions in force under ``law``."""
    found = {
        k: v
        for k, v in provisions_in_force(law).items()
        if k.startswith("signatures.") or k == "nomination.by_petition"
    }
    return SignatureLaw(found, law.what_if)
