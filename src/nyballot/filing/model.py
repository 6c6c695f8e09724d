"""The filing desk's vocabulary: boards, kinds of paper, methods of delivery, verdicts.

Which board receives a paper is § 6-144 (county board; the New York City board for offices
wholly within the city; the state board for districts larger than a county). Which hours and
mail rules apply depends on the board (§ 1-106(1)): see ``timeliness``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum
from zoneinfo import ZoneInfo

from nyballot.errors import UsageError, suggest

NEW_YORK = ZoneInfo("America/New_York")


class BoardKind(StrEnum):
    NYC = "nyc"  # § 1-106(1): actual receipt by the last day; open until midnight on it
    WESTCHESTER = "westchester"  # § 1-106(1): petitions until midnight on the last day
    COUNTY = "county"  # § 1-106(1): mail/overnight received within two business days
    STATE = "state"  # same mail rule as a county board outside the city


@dataclass(frozen=True)
class Board:
    id: str
    name: str
    kind: BoardKind


# The fifty-seven county boards outside the city of New York, the city board, the state board.
_COUNTIES = (  # noqa: SIM905
    "Albany Allegany Broome Cattaraugus Cayuga Chautauqua Chemung Chenango Clinton Columbia "
    "Cortland Delaware Dutchess Erie Essex Franklin Fulton Genesee Greene Hamilton Herkimer "
    "Jefferson Lewis Livingston Madison Monroe Montgomery Nassau Niagara Oneida Onondaga "
    "Ontario Orange Orleans Oswego Otsego Putnam Rensselaer Rockland St._Lawrence Saratoga "
    "Schenectady Schoharie Schuyler Seneca Steuben Suffolk Sullivan Tioga Tompkins Ulster "
    "Warren Washington Wayne Westchester Wyoming Yates "
).split()


def _boards() -> dict[str, Board]:
    boards = {
        "nyc": Board("nyc", "Board of Elections in the City of New York", BoardKind.NYC),
        "state": Board("state", "New York State Board of Elections", BoardKind.STATE),
    }
    for county in _COUNTIES:
        name = county.replace("_", " ")
        board_id = name.lower().replace(" ", "-").replace(".", "")
        kind = BoardKind.WESTCHESTER if board_id == "westchester" else BoardKind.COUNTY
        boards[board_id] = Board(board_id, f"{name} County Board of Elections", kind)
    return boards


BOARDS: dict[str, Board] = _boards()


def board(board_id: str) -> Board:
    found = BOARDS.get(board_id)
    if found is None:
        raise UsageError(f"board '{board_id}': unknown{suggest(board_id, BOARDS)}")
    return found


class Category(StrEnum):
    """How § 1-106(1) treats a paper."""

    PETITION = "petition"  # petitions of designation or nomination
    CERTIFICATE = "certificate"  # certificates of acceptance, declination, ... nomination
    OBJECTION = "objection"  # objections and specifications of objections
    ORDINARY = "ordinary"  # every other paper: postmark before midnight of the last day
    RECORD = "record"  # the board's own entries: determinations, corrections, withdrawals


class FilingKind(StrEnum):
    DESIGNATING_PETITION = "designating_petition"
    OTB_PETITION = "otb_petition"
    INDEPENDENT_PETITION = "independent_petition"
    DESIGNATION_ACCEPTANCE = "designation_acceptance"
    DESIGNATION_DECLINATION = "designation_declination"
    DESIGNATION_AUTHORIZATION = "designation_authorization"
    DESIGNATION_SUBSTITUTION = "designation_substitution"
    SUBSTITUTION_AUTHORIZATION = "substitution_authorization"
    PARTY_NOMINATION = "party_nomination"
    NOMINATION_ACCEPTANCE = "nomination_acceptance"
    NOMINATION_DECLINATION = "nomination_declination"
    INDEPENDENT_ACCEPTANCE = "independent_acceptance"
    INDEPENDENT_DECLINATION = "independent_declination"
    OBJECTION = "objection"
    SPECIFICATIONS = "specifications"
    NOTICE_OF_INTENT = "notice_of_intent"  # A.9725 § 6-117 (what-if only)
    DETERMINATION = "determination"
    CORRECTION = "correction"
    WITHDRAWAL = "withdrawal"


@dataclass(frozen=True)
class KindInfo:
    category: Category
    rule: str | None  # the calendar rule that fixes the window, if any
    title: str
    names_candidates: bool = False  # § 6-144: notice to each person designated or nominated
    declination_rule: str | None = None  # the last day to decline stated in that notice


KINDS: dict[FilingKind, KindInfo] = {
    FilingKind.DESIGNATING_PETITION: KindInfo(
        Category.PETITION,
        "designating_petition.filing",
        "Designating petition",
        True,
        "designation.acceptance_declination",
    ),
    FilingKind.OTB_PETITION: KindInfo(
        Category.PETITION, "otb_petition.filing", "Petition for an opportunity to ballot"
    ),
    FilingKind.INDEPENDENT_PETITION: KindInfo(
        Category.PETITION,
        "independent_petition.filing",
        "Independent nominating petition",
        True,
        "independent_nomination.acceptance_declination",
    ),
    FilingKind.DESIGNATION_ACCEPTANCE: KindInfo(
        Category.CERTIFICATE,
        "designation.acceptance_declination",
        "Certificate of acceptance of a designation",
    ),
    FilingKind.DESIGNATION_DECLINATION: KindInfo(
        Category.CERTIFICATE,
        "designation.acceptance_declination",
        "Certificate of declination of a designation",
    ),
    FilingKind.DESIGNATION_AUTHORIZATION: KindInfo(
        Category.CERTIFICATE, "designation.authorization", "Certificate of authorization"
    ),
    FilingKind.DESIGNATION_SUBSTITUTION: KindInfo(
        Category.CERTIFICATE,
        "designation.vacancy_after_declination",
        "Certificate of substitution (vacancy after declination)",
        True,
    ),
    FilingKind.SUBSTITUTION_AUTHORIZATION: KindInfo(
        Category.CERTIFICATE,
        "designation.substitution_authorization",
        "Certificate of authorization of a substituted designation",
    ),
    FilingKind.PARTY_NOMINATION: KindInfo(
        Category.CERTIFICATE,
        "party_nomination.certificate",
        "Certificate of party nomination",
        True,
        "party_nomination.acceptance_declination",
    ),
    FilingKind.NOMINATION_ACCEPTANCE: KindInfo(
        Category.CERTIFICATE,
        "party_nomination.acceptance_declination",
        "Certificate of acceptance of a nomination",
    ),
    FilingKind.NOMINATION_DECLINATION: KindInfo(
        Category.CERTIFICATE,
        "party_nomination.acceptance_declination",
        "Certificate of declination of a nomination",
    ),
    FilingKind.INDEPENDENT_ACCEPTANCE: KindInfo(
        Category.CERTIFICATE,
        "independent_nomination.acceptance_declination",
        "Certificate of acceptance of an independent nomination",
    ),
    FilingKind.INDEPENDENT_DECLINATION: KindInfo(
        Category.CERTIFICATE,
        "independent_nomination.acceptance_declination",
        "Certificate of declination of an independent nomination",
    ),
    FilingKind.OBJECTION: KindInfo(
        Category.OBJECTION, "designating_petition.objections", "General objections"
    ),
    FilingKind.SPECIFICATIONS: KindInfo(
        Category.OBJECTION,
        "designating_petition.specifications",
        "Specifications of objections",
    ),
    FilingKind.NOTICE_OF_INTENT: KindInfo(
        Category.ORDINARY,
        "notice_of_intent.filing",
        "Notice of intent to circulate a designating petition (with fee)",
        True,
    ),
    FilingKind.DETERMINATION: KindInfo(Category.RECORD, None, "Determination of the board"),
    FilingKind.CORRECTION: KindInfo(Category.RECORD, None, "Correction of an entry"),
    FilingKind.WITHDRAWAL: KindInfo(Category.RECORD, None, "Withdrawal of a paper"),
}


def filing_kind(value: str) -> FilingKind:
    try:
        return FilingKind(value)
    except ValueError:
        known = [k.value for k in FilingKind]
        raise UsageError(f"kind '{value}': unknown kind of filing{suggest(value, known)}") from None


class Method(StrEnum):
    IN_PERSON = "in_person"
    MAIL = "mail"
    OVERNIGHT = "overnight"


def method(value: str) -> Method:
    try:
        return Method(value)
    except ValueError:
        known = ", ".join(m.value for m in Method)
        raise UsageError(f"method '{value}': expected one of {known}") from None


class Verdict(StrEnum):
    TIMELY = "timely"
    LATE = "late"
    TOO_EARLY = "too_early"
    RECORDED = "recorded"  # a board record, not a paper with a time limit


class Outcome(StrEnum):
    """What a determination decided."""

    VALID = "valid"
    INVALID = "invalid"  # § 16-102(2): three business days to go to court
    NONCOMPLIANT = "noncompliant"  # § 6-134(2): three business days to cure


@dataclass(frozen=True)
class Candidate:
    name: str
    residence: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "residence": self.residence}


@dataclass
class Paper:
    """A paper as the clerk receives it, before it is judged and recorded."""

    kind: FilingKind
    board: Board
    year: int
    received: dt.datetime  # timezone-aware
    method: Method = Method.IN_PERSON
    postmark: dt.date | None = None
    candidates: list[Candidate] = field(default_factory=list)
    office: str = ""
    district: str = ""
    party: str = ""
    independent_body: bool = False
    refers_to: str | None = None  # the uid of the filing objected to, corrected, determined
    refers_to_received: dt.datetime | None = None
    refers_to_filed_on: dt.date | None = None  # the day the paper objected to counts as filed
    refers_to_timely: bool | None = None  # whether the paper it answers was filed in time
    outcome: Outcome | None = None
    fee_cents: int = 0
    note: str = ""
    late_reason: str | None = None  # entered after it was received: why (a late entry)
    supersedes: str | None = None  # a determination: the uid of the earlier one it replaces
    special: str | None = None  # the special election it is for: its id, as recorded


def local(instant: dt.datetime) -> dt.datetime:
    """The instant on New York's wall clock (§ 6-144 stamps the day, hour and minute)."""
    if instant.tzinfo is None:
        raise UsageError(f"received '{instant.isoformat()}': needs a time zone offset")
    return instant.astimezone(NEW_YORK)
