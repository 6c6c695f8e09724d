"""The words each ruling on a signature line rests on, quoted from the shipped texts.

One ``Ground`` per ruling code: the cite, the quoted words and the text they come from. The
signing period is not here: it is the calendar's (``period``), overlays included, so its cite
and words are the rule's own. Where only older words were found (§ 6-132(2), who may witness),
the ground carries them forward and says so in ``unverified``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ground:
    code: str
    cite: str
    words: str
    text: str  # the shipped text the words are quoted from (law/data/texts)
    unverified: str = ""  # why the words may not be those in force, or ""


_WITNESS_UNVERIFIED = (
    "the current words of § 6-132(2) were not found; the words of L.2006 ch.447 are carried "
    "forward (their residence clause was held unconstitutional in Lerman v. Board of "
    "Elections, 232 F.3d 135, and is not applied)"
)

_ENROLLED = Ground(
    "enrolled",
    "6-132(1)",
    "I, the undersigned, do hereby state that I am a duly enrolled voter of",
    "current/6-132.txt",
)

GROUNDS: dict[str, Ground] = {
    g.code: g
    for g in (
        Ground(
            "not_found",
            "6-130",
            "the name of the signer, his or her residence address, town or city (except in the "
            "city of New York, the county)",
            "current/6-130.txt",
        ),
        Ground(
            "not_registered",
            "6-138(1)",
            "the signatures of registered voters of the political unit for which a nomination "
            "is made who are registered to vote",
            "current/6-138.txt",
        ),
        Ground(
            "wrong_party",
            "6-136(2)",
            "signed by not less than five per centum, as determined by the preceding "
            "enrollment, of the then enrolled voters of the party",
            "current/6-136.txt",
        ),
        Ground(
            "outside_unit",
            "6-136(2)",
            "of the then enrolled voters of the party residing within the political unit in "
            "which the office or position is to be voted for",
            "current/6-136.txt",
        ),
        Ground(
            "date_missing",
            "6-130",
            "and the date when the signature is affixed",
            "current/6-130.txt",
        ),
        Ground(
            "after_witness_date",
            "6-132(2)",
            "subscribed the same in my presence on the dates above indicated",
            "current/6-132.txt",
            _WITNESS_UNVERIFIED,
        ),
        Ground(
            "duplicate_same_petition",
            "6-136(2)",
            "must be signed by not less than five per centum, as determined by the preceding "
            "enrollment, of the then enrolled voters",
            "current/6-136.txt",
        ),
        Ground(
            "duplicate_other_petition",
            "6-134(3)",
            "his signatures, if they bear the same date, shall not be counted upon any "
            "petition, and if they bear different dates shall be counted in the order of their "
            "priority of date, for only so many designees as there are persons to be elected",
            "current/6-134.txt",
        ),
        Ground(
            "witness_not_qualified",
            "6-132(2)",
            "a witness who is a duly qualified voter of the state and an enrolled voter of the "
            "same political party as the voters qualified to sign the petition",
            "current/6-132.txt",
            _WITNESS_UNVERIFIED,
        ),
    )
}

# The signer's own statement on a designating petition: enrolled in the party (not_registered
# on a designating petition cites it too, beside § 6-138(1) for independent petitions).
ENROLLED = _ENROLLED

# A near-miss (a name variant, an apartment left out) is read under § 6-134(10).
SUBSTANTIAL_COMPLIANCE = Ground(
    "substantial_compliance",
    "6-134(10)",
    "shall be liberally construed, not inconsistent with substantial compliance thereto and "
    "the prevention of fraud",
    "current/6-134.txt",
)

# The number of valid signatures a designating petition needs (the tally's default).
FIVE_PER_CENTUM = Ground(
    "required",
    "6-136(2)",
    "must be signed by not less than five per centum, as determined by the preceding "
    "enrollment, of the then enrolled voters of the party residing within the political unit "
    "in which the office or position is to be voted for (excluding voters in inactive status)",
    "current/6-136.txt",
)

# ... and for the whole state's, a number or the share, whichever is less.
FIVE_PER_CENTUM_STATE = Ground(
    "required_state",
    "6-136(1)",
    "must be signed by not less than fifteen thousand or five per centum, whichever is less, of "
    "the then enrolled voters of the party in the state (excluding voters in inactive status)",
    "current/6-136.txt",
)

# The number of valid signatures an independent petition needs: a share of the votes for
# governor in the unit, not of enrolled voters.
VOTES_FOR_GOVERNOR = Ground(
    "required_independent",
    "6-142(2)",
    "must be signed by voters numbering five per centum of the total number of votes cast for "
    "governor at the last gubernatorial election in such unit, excluding blank and void votes",
    "current/6-142.txt",
)
# ... and for the whole state, a number or a share, whichever is less.
VOTES_FOR_GOVERNOR_STATE = Ground(
    "required_independent_state",
    "6-142(1)",
    "must be signed by at least forty-five thousand voters, or one percent of the total number "
    "of votes, excluding blank and void ballots, cast for the office of governor at the last "
    "gubernatorial election, whichever is less",
    "current/6-142.txt",
)

# Specifications: what they must set forth, and the six days to file them.
SPECIFICATIONS = Ground(
    "specifications",
    "6-154(3)(a)(i)",
    "the volume number, page number, and line number of any signature objected to on any "
    "petition shall be set forth in detail",
    "current/6-154.txt",
)
SPECIFICATIONS_TOTAL = Ground(
    "specifications_total",
    "6-154(3)(a)(ii)",
    "the total number of signatures objected to shall be set forth and all objections relating "
    "to a single signature line should be grouped together",
    "current/6-154.txt",
)

ALL_GROUNDS: tuple[Ground, ...] = (
    *GROUNDS.values(),
    ENROLLED,
    SUBSTANTIAL_COMPLIANCE,
    FIVE_PER_CENTUM,
    FIVE_PER_CENTUM_STATE,
    VOTES_FOR_GOVERNOR,
    VOTES_FOR_GOVERNOR_STATE,
    SPECIFICATIONS,
    SPECIFICATIONS_TOTAL,
)
