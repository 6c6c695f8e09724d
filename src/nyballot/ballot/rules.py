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

from dataclasses import dataclass

from nyballot.ballot.law import Quote
from nyballot.errors import OutOfCoverageError
from nyballot.law.choice import LawChoice
from nyballot.law.model import Provision
from nyballot.law.provisions import provisions_in_force, resolve

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
    unverified: tuple[str, ...]  # rules whose words in force were not found


def _quote(item: Provision, index: int = 0) -> Quote:
    return Quote(item.source or "", item.cite, item.law[index])


def _needed(found: dict[str, Provision], pid: str) -> Provision:
    item = found.get(pid)
    if item is None or not item.law:
        reason = item.unverified if item is not None else "no provision in this law"
        raise OutOfCoverageError(f"ballots: provision {pid}: {reason}")
    return item


def ballot_law(choice: LawChoice) -> BallotLaw:
    """The ballot rules under ``choice`` (its version, then its overlays, in order)."""
    resolved = resolve(choice)
    found = provisions_in_force(resolved)
    shorten = _needed(found, SHORTEN)
    uncontested = found.get(UNCONTESTED)
    once = found.get(ONCE)
    city = found.get(NEW_YORK_CITY)
    board = found.get(BOARD_ORDER)
    used = [found.get(p) for p in (SHORTEN, CAPITALS, UNCONTESTED, ONCE, FIRST_FILED, LOT, VACANCY)]
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
        unverified=tuple(p.unverified for p in used if p is not None and p.unverified),
    )
