"""Which words govern the ballot under a chosen law: the one place the ballot reads the law.

The ballot code asks this profile ("is an uncontested office left off, and by which words?",
"are names over fifteen letters shortened?") and never names a bill. What a bill changes is
read from the provisions its overlay declares in the law data (``provisions:`` in
``law/data/overlays/*.yaml``), by provision id; a new bill that declares the same provisions
changes the ballot the same way. The law versions declare no ballot provisions yet, so the law
in force is told apart from the pre-2019 law here, by its id, and nowhere else. The law in
force is shipped only in part (current/7-104, 7-106, 7-114, 7-116.txt: see their headers): where
its words stop, the profile either carries the pre-2019 words forward, marked unverified, or
refuses, naming the words that are missing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nyballot.ballot import law
from nyballot.ballot.law import Quote
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law


@dataclass(frozen=True)
class BallotLaw:
    """The ballot rules of one law choice; ``None`` where the law has no such rule."""

    uncontested: Quote | None  # no space for an uncontested office (None: repealed)
    no_ballot: Quote | None  # no ballot for a party with nothing contested
    but_once: Quote | None  # one person designated twice is printed once
    first_filed: Quote  # ... with the group of the petition first filed
    short_name: Quote
    short_name_board: Quote
    capitals: Quote | None  # None: the words are not shipped for this law
    lot: Quote
    new_york_city: bool  # § 7-116(6) (the city's alphabetical order) is shipped
    sole_notice: bool = False  # a sole filer of a notice of intent is named without a petition
    notice_required: bool = False  # every designation needs a notice of intent
    nomination_by_petition: bool = False  # public offices leave the primary
    board_order: bool = False  # the board fixes the order (drawn by lot); § 7-116(3)-(6) gone
    presidential: bool = False  # the presidential primary of § 2-122-a
    what_if: bool = False  # a bill that was never enacted is read in
    unverified: tuple[str, ...] = ()  # rules carried forward from older words
    missing: str = ""  # why an order cannot be fixed in New York City under this law


_CARRIED = (
    '§ 7-116(3) in its current words stops at "shall determine by lo": the rest of the '
    "subdivision (groups by a single lot, individuals below, names in petition order, "
    "delegates and alternates one group) is carried forward from the pre-2019 words, "
    "unverified.",
    "§ 7-106(2) in its shipped current words has no rule on capitals; the pre-2019 words "
    '("printed in capital letters in black-faced type") are carried forward, unverified.',
    "§ 6-147(1) is not shipped in its current words; the pre-2019 words (a person designated "
    "twice is printed with the group of the petition first filed) are carried forward, "
    "unverified.",
)


# The overlay provisions (law/data/overlays) that change the ballot, by id.
SOLE_FILER = "notice_of_intent.single_filer"  # § 6-117(3)
NOTICE_REQUIRED = "designation.by_notice_and_fee"  # § 6-118 as amended
BY_PETITION = "nomination.by_petition"  # § 6-110 as amended
REPEALED_7_114 = "primary_ballot.repealed"  # § 7-114 repealed
BOARD_ORDER = "ballot.order_of_names"  # § 7-116(1) as amended; (3) to (6) gone
PRESIDENTIAL = "presidential_primary.ballot"  # § 2-122-a(8)


def declared(choice: LawChoice) -> tuple[set[str], bool]:
    """The provision ids the chosen overlays declare, and whether any was never enacted."""
    law = load_law()
    overlays = [law.overlays[o] for o in choice.overlays]
    ids = {p.id for o in overlays for p in o.provisions}
    return ids, any(not o.enacted for o in overlays)


def ballot_law(choice: LawChoice) -> BallotLaw:
    """The ballot rules under ``choice`` (the law in force when ``choice.law`` is 'current')."""
    provisions, what_if = declared(choice)
    base = _IN_FORCE if choice.law == "current" else _PRE_2019
    repealed = REPEALED_7_114 in provisions
    board = BOARD_ORDER in provisions
    return replace(
        base,
        uncontested=None if repealed else base.uncontested,
        no_ballot=None if repealed else base.no_ballot,
        but_once=None if repealed else base.but_once,
        lot=law.BOARD_ORDER if board else base.lot,
        new_york_city=base.new_york_city and not board,
        sole_notice=SOLE_FILER in provisions,
        notice_required=NOTICE_REQUIRED in provisions,
        nomination_by_petition=BY_PETITION in provisions,
        board_order=board,
        presidential=PRESIDENTIAL in provisions,
        what_if=what_if,
    )


_PRE_2019 = BallotLaw(
    uncontested=law.UNCONTESTED,
    no_ballot=law.UNCONTESTED_OTB,
    but_once=law.BUT_ONCE,
    first_filed=law.FIRST_FILED,
    short_name=law.SHORT_NAME,
    short_name_board=law.SHORT_NAME_BOARD,
    capitals=law.CAPITALS,
    lot=law.LOT,
    new_york_city=True,
)
_IN_FORCE = BallotLaw(
    uncontested=law.CUR_UNCONTESTED,
    no_ballot=law.CUR_NO_BALLOT,
    but_once=law.CUR_BUT_ONCE,
    first_filed=law.FIRST_FILED,
    short_name=law.CUR_SHORT_NAME,
    short_name_board=law.CUR_SHORT_NAME_BOARD,
    capitals=law.CAPITALS,
    lot=law.CUR_LOT,
    new_york_city=False,
    unverified=_CARRIED,
    missing=(
        "§ 7-116(6), the order of names in New York City, is not shipped in its current "
        "words (current/7-116.txt stops inside subdivision 3: text not found)"
    ),
)
