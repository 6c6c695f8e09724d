"""Which words govern the ballot under a chosen law: the one place the ballot reads the law.

The ballot code asks this profile ("is an uncontested office left off, and by which words?",
"how many letters may a name have?") and never names a bill or a law version. Every answer is
a provision of the law data (``nyballot.law.provisions``): the versions declare the ballot
rules of §§ 7-104, 7-106, 7-114, 7-116 (``versions/*/7-1*.yaml``), and an overlay changes or
repeals them by declaring a provision of the same id. Where the words in force are not shipped,
the provision says so: it carries older words forward marked unverified, or has no words, and
the ballot then refuses what those words would decide, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from nyballot.errors import OutOfCoverageError
from nyballot.law.choice import LawChoice
from nyballot.law.model import Provision
from nyballot.law.provisions import provisions_in_force, resolve


class Quote(NamedTuple):
    """Words of a ballot rule: the shipped text they are quoted from, the cite, the words."""

    text: str
    cite: str
    words: str


# The provisions (by id) the ballot reads.
SHORTEN = "ballot.names.shorten_over_15"  # § 7-104(2)
CAPITALS = "ballot.names.capitals"  # § 7-106(2)
UNCONTESTED = "ballot.uncontested"  # § 7-114(1)
ONCE = "ballot.once"  # § 7-114(1)
FIRST_FILED = "ballot.once.first_filed"  # § 6-147(1)
LOT = "ballot.order.lot"  # § 7-116(3)
NEW_YORK_CITY = "ballot.order.new_york_city"  # § 7-116(6)
VACANCY = "ballot.order.vacancy"  # § 7-116(4)
BOARD_ORDER = "ballot.order_of_names"  # § 7-116(1) as S.5305-A would amend it
BY_PETITION = "nomination.by_petition"  # § 6-110 as S.5305-A would amend it
SOLE_FILER = "notice_of_intent.single_filer"  # § 6-117(3) of A.9725
NOTICE_REQUIRED = "designation.by_notice_and_fee"  # § 6-118 as A.9725 would amend it
PRESIDENTIAL = "presidential_primary.ballot"  # § 2-122-a(8) of S.5961
CONTEST_ORDER = "ballot.contest_order"  # § 7-114(1)(a)
JOINT = "ballot.joint_designation"  # § 7-114(1)(d)
REPEALED_7_114 = "primary_ballot.repealed"  # S.5305-A § 17
NOTICE_PRINTS = "ballot.uncontested.notice"  # § 7-114(1)(d) as A.9725 would amend it
GROUPS = "ballot.order.groups"  # § 7-116(3): groups by a single lot, individuals below
WITHIN_GROUP = "ballot.order.within_group"  # § 7-116(3)
CONVENTION_GROUP = "ballot.order.convention_group"  # § 7-116(3)
COURT_ORDER = "ballot.order.court_order"  # § 7-116(6)
NYC_GIVEN_NAME = "ballot.order.new_york_city.given_name"  # § 7-116(6)
NYC_ROTATION = "ballot.order.new_york_city.rotation"
NYC_GROUPS = "ballot.order.new_york_city.groups"
NYC_NUMBERED = "ballot.order.new_york_city.numbered"
NYC_COUNTY_COMMITTEE = "ballot.order.new_york_city.county_committee"
NYC_CONVENTION_GROUP = "ballot.order.new_york_city.convention_group"
UNCOMMITTED = "presidential_primary.uncommitted"  # § 2-122-a(8)(b) of S.5961
DELEGATES_UNDER = "presidential_primary.delegates_under"  # § 2-122-a(8)(b)
DELEGATE_GROUPS = "presidential_primary.delegate_groups"  # § 2-122-a(8)(c)
NO_ROTATION = "presidential_primary.no_rotation"  # § 2-122-a(8)(c)
SEX_LETTER = "presidential_primary.sex_letter"  # § 2-122-a(8)(d)
VOID_PLEDGE = "presidential_primary.void_pledge"  # § 2-122-a(6)(g)
MIXED_PLEDGE = "presidential_primary.mixed_pledge"  # § 2-122-a(6)(e)


# The provisions read as a typed value (the rest are read for their words): ``law check``
# refuses a law that declares one of them another type.
TYPES = {SHORTEN: "count", CONTEST_ORDER: "list"}


@dataclass(frozen=True)
class BallotLaw:
    """The ballot rules of one law choice; ``None`` where the law has no such rule."""

    limit: int  # letters a name may have before it is shortened
    short_name: Quote
    short_name_board: Quote
    capitals: Quote | None
    uncontested: Quote | None  # no space for an uncontested office (None: repealed)
    no_ballot: Quote | None  # no ballot for a party with nothing contested
    but_once: Quote | None  # one person designated twice is printed once
    first_filed: Quote  # ... with the group of the petition first filed
    lot: Quote
    vacancy: Quote | None  # a vacancy filled late takes the original's place
    new_york_city: bool  # the city's alphabetical order and rotation have words
    missing: str  # why the city's order cannot be fixed, when it cannot
    sole_notice: bool  # a sole filer of a notice of intent is named without a petition
    notice_required: bool  # every designation needs a notice of intent
    nomination_by_petition: bool  # public offices leave the primary
    board_order: bool  # the board fixes the order (drawn by lot here); § 7-116(3)-(6) gone
    presidential: bool  # the presidential primary of § 2-122-a
    what_if: bool  # a bill that was never enacted is read in
    label: str  # the version, and the bills read over it ("pre-2019 + S5961")
    title: str
    unverified: tuple[str, ...]  # rules whose words in force were not found
    levels: tuple[str, ...] = ()  # § 7-114(1)(a) reading: office levels, widest first
    words: dict[str, tuple[Quote, ...]] = field(default_factory=dict)  # every provision's words

    def quote(self, pid: str, index: int = 0) -> Quote:
        """The words of provision ``pid``; refused, with the reason, where this law has none."""
        found = self.words.get(pid)
        if not found:
            raise OutOfCoverageError(f"ballots: provision {pid}: no words of it in this law")
        return found[index]

    def gives(self, pid: str) -> bool:
        return bool(self.words.get(pid))


def _quote(item: Provision, index: int = 0) -> Quote:
    return Quote(item.source or "", item.cite, item.law[index])


def _needed(found: dict[str, Provision], pid: str) -> Provision:
    item = found.get(pid)
    if item is None or not item.law:
        reason = item.unverified if item is not None else "no provision in this law"
        raise OutOfCoverageError(f"ballots: provision {pid}: {reason}")
    return item


def ballot_law(choice: LawChoice, year: int | None = None) -> BallotLaw:
    """The ballot rules under ``choice`` (its version, then its overlays, in order); with no
    version named, the law in force in ``year`` (the enacted overlays of that year included)."""
    resolved = resolve(choice, year if choice.law is None else None)
    bills = [o for o in resolved.overlays if o.id in choice.overlays]
    found = provisions_in_force(resolved)
    shorten = _needed(found, SHORTEN)
    uncontested = found.get(UNCONTESTED)
    once = found.get(ONCE)
    city = found.get(NEW_YORK_CITY)
    board = found.get(BOARD_ORDER)
    order = found.get(CONTEST_ORDER)
    kept = (SHORTEN, CAPITALS, UNCONTESTED, ONCE, FIRST_FILED, LOT, VACANCY, CONTEST_ORDER, GROUPS,
            WITHIN_GROUP, CONVENTION_GROUP, COURT_ORDER, NEW_YORK_CITY)  # fmt: skip
    used = [found.get(p) for p in kept]
    return BallotLaw(
        limit=shorten.number(),
        short_name=_quote(shorten),
        short_name_board=_quote(shorten, 1),
        capitals=_quote(found[CAPITALS]) if CAPITALS in found else None,
        uncontested=_quote(uncontested) if uncontested else None,
        no_ballot=_quote(uncontested, 1) if uncontested and len(uncontested.law) > 1 else None,
        but_once=_quote(once) if once else None,
        first_filed=_quote(_needed(found, FIRST_FILED)),
        lot=_quote(board) if board else _quote(_needed(found, LOT)),
        vacancy=_quote(found[VACANCY]) if VACANCY in found else None,
        new_york_city=city is not None and bool(city.law),
        missing=(city.unverified if city else "§ 7-116(6) is not part of this law"),
        sole_notice=SOLE_FILER in found,
        notice_required=NOTICE_REQUIRED in found,
        nomination_by_petition=BY_PETITION in found,
        board_order=board is not None,
        presidential=PRESIDENTIAL in found,
        what_if=resolved.what_if,
        label=" + ".join([resolved.version.id, *(o.id for o in bills)]),
        title="; ".join([resolved.version.title, *(f"with {o.id}: {o.title}" for o in bills)]),
        unverified=tuple(
            dict.fromkeys(p.unverified for p in used if p is not None and p.unverified)
        ),
        levels=order.items() if order is not None else (),
        words={pid: tuple(_quote(p, i) for i in range(len(p.law))) for pid, p in found.items()},
    )
