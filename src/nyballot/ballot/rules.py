"""Which words govern the ballot under a chosen law: the one place the ballot reads the law.

The ballot code asks this profile ("is an uncontested office left off, and by which words?",
"are names over fifteen letters shortened?") and never names a bill or a version. The law in
force is shipped only in part (current/7-104, 7-106, 7-114, 7-116.txt: see their headers): where
its words stop, the profile either carries the pre-2019 words forward, marked unverified, or
refuses, naming the words that are missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from nyballot.ballot import law
from nyballot.ballot.law import Quote
from nyballot.law.choice import LawChoice


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
    sole_notice: bool  # a sole filer of a notice of intent is named without a petition
    notice_required: bool  # every designation needs a notice of intent
    nomination_by_petition: bool  # public offices leave the primary
    board_order: bool  # the board fixes the order (drawn by lot here); § 7-116(3)-(6) gone
    presidential: bool  # the presidential primary of § 2-122-a
    what_if: bool  # a bill that was never enacted is read in
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


def ballot_law(choice: LawChoice) -> BallotLaw:
    """The ballot rules under ``choice`` (the law in force when ``choice.law`` is 'current')."""
    what_if = bool(choice.overlays)
    if choice.law == "current":
        return BallotLaw(
            uncontested=law.CUR_UNCONTESTED,
            no_ballot=law.CUR_NO_BALLOT,
            but_once=law.CUR_BUT_ONCE,
            first_filed=law.FIRST_FILED,
            short_name=law.CUR_SHORT_NAME,
            short_name_board=law.CUR_SHORT_NAME_BOARD,
            capitals=law.CAPITALS,
            lot=law.CUR_LOT,
            new_york_city=False,
            sole_notice=False,
            notice_required=False,
            nomination_by_petition=False,
            board_order=False,
            presidential=False,
            what_if=what_if,
            unverified=_CARRIED,
            missing=(
                "§ 7-116(6), the order of names in New York City, is not shipped in its current "
                "words (current/7-116.txt stops inside subdivision 3: text not found)"
            ),
        )
    repealed = choice.has("S5305A")
    return BallotLaw(
        uncontested=None if repealed else law.UNCONTESTED,
        no_ballot=None if repealed else law.UNCONTESTED_OTB,
        but_once=None if repealed else law.BUT_ONCE,
        first_filed=law.FIRST_FILED,
        short_name=law.SHORT_NAME,
        short_name_board=law.SHORT_NAME_BOARD,
        capitals=law.CAPITALS,
        lot=law.BOARD_ORDER if repealed else law.LOT,
        new_york_city=not repealed,
        sole_notice=choice.has("A9725"),
        notice_required=choice.has("A9725"),
        nomination_by_petition=repealed,
        board_order=repealed,
        presidential=choice.has("S5961"),
        what_if=what_if,
    )
