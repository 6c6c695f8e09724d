"""The words of the ballot rules this package encodes, each with its text, section and subdivision.

The rules that differ between laws (the fifteen-letter rule, capitals, uncontested offices,
printing once, the lot, New York City's order) are provisions of the law data, read through
``rules.ballot_law``. The words here are the rest: the detail of §§ 7-116(3) and (6) as they
stood before 2019 (quoted from S.5305-A, whose bracketed words are the statute as it stood) and
the bills' own new matter. Tests find every quotation in the shipped text named.
"""

from __future__ import annotations

from typing import NamedTuple


class Quote(NamedTuple):
    """Words of a ballot rule: the shipped text they are quoted from, the cite, the words."""

    text: str
    cite: str
    words: str


S5305A = "bills/S5305A.txt"
A9725 = "bills/A9725.txt"
S5961 = "bills/S5961.txt"

SINGLE_LOT = Quote(
    S5305A,
    "7-116(3)",
    "whenever groups of names for more than one party position are designated by the same "
    "petition, the order in which they shall be printed on the official primary ballot shall "
    "be determined by a single lot",
)
INDIVIDUALS_BELOW = Quote(
    S5305A,
    "7-116(3)",
    "who are designated by individual petitions and not in a group shall be printed below such "
    "group or groups, in such order between themselves, as such officer or board shall determine "
    "by lot",
)
WITHIN_GROUP = Quote(
    S5305A,
    "7-116(3)",
    "The names within a group of candidates designated for party position by one petition shall "
    "be printed in the same order in which they appear in the petition",
)
NYC_ALPHABETICAL = Quote(
    S5305A,
    "7-116(6)",
    "shall be placed under the title of the office or position in the alphabetical order of "
    "their surnames, in the first or lowest numbered assembly district and election district",
)
NYC_GIVEN_NAME = Quote(
    S5305A,
    "7-116(6)",
    "If candidates' surnames are identical, their given or first name shall determine their order.",
)
NYC_ROTATION = Quote(
    S5305A,
    "7-116(6)",
    "Thereafter the names shall be rotated by election districts by transposing the first named "
    "candidate to the bottom of the order at each succeeding election district",
)
NYC_GROUPS = Quote(
    S5305A,
    "7-116(6)",
    "the group rotated alphabetically in relation to other groups or individual candidates "
    "according to the surname of the first person on the designating petition of such group.",
)
NYC_NUMBERED = Quote(
    S5305A,
    "7-116(6)",
    "the names shall not be rotated by election district. Such names shall appear in the "
    "identical order on each ballot in each election district.",
)
COUNTY_COMMITTEE = Quote(
    S5305A,
    "7-116(6)",
    "County committee candidates or groups of candidates shall be printed within the first "
    "election district of each assembly district or part thereof, according to the priority of "
    "filing of designating petitions",
)
COURT_ORDER = Quote(
    S5305A,
    "7-116(6)",
    "the name may be added at the bottom of the list of candidates in all election districts, "
    "or removed from the ballot in all election districts without changing the previously "
    "arranged order of other names",
)
BOARD_ORDER = Quote(
    S5305A,
    "7-116(1) as S.5305-A would amend it",
    "the officer or board who or which prepares the ballot shall determine the order in which "
    "shall appear the names of THE candidates FOR EACH PUBLIC office.",
)
REPEAL_7_114 = Quote(S5305A, "S.5305-A § 17", "Section 7-114 of the election law is REPEALED.")
NOMINATION_BY_PETITION = Quote(
    S5305A,
    "6-110 as S.5305-A would amend it",
    "shall be made BY THE FILING OF NOMINATING PETITIONS PURSUANT TO THIS ARTICLE.",
)
UNCONTESTED_NOTICE = Quote(
    A9725,
    "7-114(1)(d) as A.9725 would amend it",
    "no ballot shall be printed for a party whose primary is uncontested unless a NOTICE OF "
    "INTENT TO CIRCULATE A DESIGNATING PETITION has been filed.",
)
SOLE_NOTICE = Quote(
    A9725,
    "6-117(3)",
    "IF ONLY ONE PERSON FROM A PARTY HAS FILED A NOTICE OF INTENT TO CIRCULATE A DESIGNATING "
    "PETITION FOR A PARTICULAR POSITION AND PAID THE REQUISITE FEE TO THE BOARD OF ELECTIONS "
    "THEN THAT PERSON SHALL BE NAMED ON THE BALLOT WITHOUT HAVING TO CIRCULATE A DESIGNATING "
    "PETITION.",
)
NOTICE_REQUIRED = Quote(
    A9725,
    "6-118 as A.9725 would amend it",
    "be by FILING A NOTICE OF INTENT TO CIRCULATE A DESIGNATING PETITION AND PAYING A FEE OF "
    "FIVE HUNDRED DOLLARS TO THE BOARD OF ELECTIONS AND BY designating petition.",
)
UNCOMMITTED = Quote(
    S5961,
    "2-122-a(8)(b)",
    'THE WORD "UNCOMMITTED," IF A VALID DESIGNATING PETITION TO PLACE SUCH WORD ON THE BALLOT '
    "WAS FILED WITH THE STATE BOARD OF ELECTIONS, SHALL APPEAR IN A SEPARATE ROW OR COLUMN.",
)
DELEGATES_UNDER = Quote(
    S5961,
    "2-122-a(8)(b)",
    "SHALL BE LISTED IN SUCH ROW OR COLUMN IMMEDIATELY UNDER OR ADJACENT TO THE NAME OF SUCH "
    'PRESIDENTIAL CANDIDATE OR THE WORD "UNCOMMITTED," FOLLOWED BY THE NAMES OF ALL CANDIDATES '
    "FOR ALTERNATE DELEGATE TO SUCH CONVENTION WHO FILED SUCH PETITIONS.",
)
DELEGATE_GROUPS = Quote(
    S5961,
    "2-122-a(8)(c)",
    "CANDIDATES OR GROUPS OF CANDIDATES FOR DELEGATES AND ALTERNATE DELEGATES DESIGNATED BY THE "
    "SAME PETITION SHALL BE TREATED AS ONE GROUP FOR THE PURPOSES OF SUCH DETERMINATION BY LOT.",
)
NO_ROTATION = Quote(
    S5961,
    "2-122-a(8)(c)",
    "THE PROVISIONS OF SUBDIVISION SIX OF SUCH SECTION 7-116 OF THIS CHAPTER SHALL NOT APPLY TO "
    "ANY ELECTION CONDUCTED PURSUANT TO THE PROVISIONS OF THIS SECTION.",
)
SEX_LETTER = Quote(
    S5961,
    "2-122-a(8)(d)",
    "IMMEDIATELY FOLLOWING THE NAME OF EACH CANDIDATE FOR DELEGATE AND ALTERNATE DELEGATE ON THE "
    "BALLOT SHALL APPEAR, IN PARENTHESIS, THE LETTER (M) IF SUCH CANDIDATE IS MALE AND THE "
    "LETTER (F) IF SUCH CANDIDATE IS FEMALE.",
)
VOID_PLEDGE = Quote(
    S5961,
    "2-122-a(6)(g)",
    "THE PETITION DESIGNATING SUCH CANDIDATES FOR SUCH POSITIONS SHALL BE NULL AND VOID AND THE "
    "NAMES OF SUCH CANDIDATES FOR SUCH POSITIONS SHALL NOT APPEAR ON THE BALLOT.",
)

CONVENTION_GROUP = Quote(
    S5305A,
    "7-116(3)",
    "Candidates for delegate or delegates and alternate delegate or delegates to conventions "
    "designated by the same petition shall, for the purpose of this subdivision, be treated as "
    "one group.",
)
NYC_CONVENTION_GROUP = Quote(
    S5305A,
    "7-116(6)",
    "Groups of candidates for delegate and alternate delegate, and groups of candidates for male "
    "and female delegate and male and female alternate delegate to the same convention "
    "designated on the same petition shall be rotated together alphabetically in relation to "
    "other groups or individual candidates according to the surname of the first person listed "
    "on such designating petition in the group of candidates for whichever of such delegate or "
    "alternate delegate positions will appear first on the voting machine.",
)
MIXED_PLEDGE = Quote(
    S5961,
    "2-122-a(6)(e)",
    "NO DESIGNATING PETITION CONTAINING THE NAMES OF MORE THAN ONE CANDIDATE FOR EITHER SUCH "
    "POSITION SHALL BE VALID UNDER THIS SECTION, FOR PURPOSES OF DELEGATES AND ALTERNATE "
    "DELEGATES, UNLESS ALL SUCH CANDIDATES FOR SUCH POSITIONS HAVE PRINTED ON SUCH PETITION THE "
    "LEGEND THAT THEY ARE PLEDGED TO THE SAME PRESIDENTIAL CANDIDATE OR UNLESS ALL SUCH "
    "CANDIDATES FOR SUCH POSITIONS HAVE PRINTED ON SUCH PETITION THE LEGEND THAT THEY ARE "
    "UNCOMMITTED.",
)
DELEGATES_BALLOT = Quote(
    S5961,
    "2-122-a(8)(a)",
    'CANDIDATES FOR THE OFFICE OF PRESIDENT OF THE UNITED STATES AND THE WORD "UNCOMMITTED" AND '
    "CANDIDATES FOR THE POSITIONS OF DELEGATE AND ALTERNATE DELEGATE TO A NATIONAL CONVENTION "
    "APPEAR ON THE BALLOT, SUCH BALLOT SHALL BE ARRANGED IN THE MANNER PRESCRIBED BY THIS "
    "SECTION.",
)


ALL_QUOTES = tuple(v for v in list(globals().values()) if isinstance(v, Quote))
