"""A campaign's petition sheets, asked for and worked out from the year's law.

``SheetRequest`` is what the command line (and later the API) asks: the year, the kind of
petition, the party or independent body, the office and its district, the candidates, the
statement at the foot (a witness's or a notary's), the paper, the volume and how many sheets.
``plan`` checks it and works out, under the law in force that year, everything a sheet prints
beside the form's words (``nyballot.paper.rules``): the election's day, the signing period
(``nyballot.petitions.period``), the number of signatures the unit needs
(``nyballot.signatures``) and each sheet's identity (``nyballot.paper.model``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from nyballot.errors import NyballotError, OutOfCoverageError, UsageError, suggest
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import resolve
from nyballot.paper.model import MAX_PETITION_ID, SheetIdentity
from nyballot.paper.rules import SheetLaw, sheet_law

PAPERS = {"letter": 10, "legal": 15}  # the paper, and the signature lines one sheet holds
STATEMENTS = ("witness", "notary")
MAX_SHEETS = 500  # sheets in one file: a volume, not a print run
MAX_CANDIDATES = 12
MAX_TEXT = 200
JOINT = ("governor", "lieutenant-governor")  # printed in the joint block (§ 6-132(1))
ELECTION_OF = {"designating": "election.primary", "independent": "election.general"}


@dataclass(frozen=True)
class Candidate:
    name: str
    residence: str


@dataclass(frozen=True)
class SheetRequest:
    """What a campaign asks to print. Fields are named as the command line's flags are."""

    year: int
    kind: str = "designating"
    party: str | None = None  # designating: the party's code (DEM) or name
    office: str = ""
    district: str | None = None
    candidates: tuple[str, ...] = ()  # "NAME@RESIDENCE"
    witness_statement: str = "witness"  # or "notary" (§ 6-132(3), § 6-140(2))
    paper: str = "letter"
    volume: int = 1
    sheets: int = 1
    volumes: int | None = None  # the petition's total, set forth on volume 1's cover
    petition: str | None = None  # the petition's id on its sheets' codes
    body: str | None = None  # independent: the body's name
    emblem: str | None = None  # independent: the body's emblem, in words
    committee: tuple[str, ...] = ()  # independent: the committee to fill vacancies
    enrolled: int | None = None  # designating: the party's enrolled voters in the unit
    governor_votes: int | None = None  # independent: votes for governor in the unit
    cover: bool = True


@dataclass(frozen=True)
class Dated:
    day: dt.date
    cite: str


@dataclass(frozen=True)
class Needed:
    """The number of signatures, or why it is not given."""

    number: int | None
    cite: str = ""
    note: str = ""  # a secondary source, unverified words, or why there is no number


@dataclass(frozen=True)
class Plan:
    """Everything the printed volume shows, worked out and checked."""

    request: SheetRequest
    words: SheetLaw
    law_line: str
    party: str  # as printed ("Democratic"); "" for an independent petition
    office: str  # as printed, with the district
    candidates: tuple[Candidate, ...]
    joint: bool
    election: Dated
    signing_opens: Dated
    signing_closes: Dated
    filing_opens: Dated | None
    filing_closes: Dated
    needed: Needed
    lines: int
    identities: tuple[SheetIdentity, ...]


@cache
def _data() -> dict[str, Any]:
    text = resources.files("nyballot.paper").joinpath("data/sheet.yaml").read_text("utf-8")
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def _offices() -> dict[str, Any]:
    from nyballot.signatures.numbers import units_data

    offices: dict[str, Any] = units_data()["offices"]
    return offices


def _check_numbers(asked: SheetRequest) -> int:
    if asked.paper not in PAPERS:
        raise UsageError(
            f"paper '{asked.paper[:20]}': one of {', '.join(PAPERS)}", fields=("paper",)
        )
    if asked.witness_statement not in STATEMENTS:
        raise UsageError(
            f"witness_statement '{asked.witness_statement[:20]}': one of {', '.join(STATEMENTS)}",
            fields=("witness_statement",),
        )
    for name in ("volume", "sheets"):
        if getattr(asked, name) < 1:
            raise UsageError(f"{name} {getattr(asked, name)}: numbered from 1", fields=(name,))
    if asked.sheets > MAX_SHEETS:
        raise UsageError(
            f"sheets {asked.sheets}: at most {MAX_SHEETS} in one file", fields=("sheets",)
        )
    if asked.volumes is not None and asked.volumes < asked.volume:
        raise UsageError(
            f"volumes {asked.volumes}: fewer than the volume printed ({asked.volume})",
            fields=("volumes",),
        )
    return PAPERS[asked.paper]


def _candidates(asked: SheetRequest, joint: bool) -> tuple[Candidate, ...]:
    found = []
    for given in asked.candidates:
        name, at, residence = given.partition("@")
        if not at or not name.strip() or not residence.strip() or len(given) > MAX_TEXT:
            raise UsageError(
                f"candidate '{given[:80]}': give NAME@RESIDENCE (at most {MAX_TEXT} characters)",
                fields=("candidate",),
            )
        found.append(Candidate(" ".join(name.split()), " ".join(residence.split())))
    if not found or len(found) > MAX_CANDIDATES:
        raise UsageError(f"candidate: give 1 to {MAX_CANDIDATES} candidates", fields=("candidate",))
    if joint and len(found) != 2:
        raise UsageError(
            "candidate: a joint candidacy names two, the governor then the lieutenant governor",
            fields=("candidate",),
        )
    return tuple(found)


def _office(asked: SheetRequest) -> tuple[str, str]:
    """The office as printed (with its district), and the unit whose voters fill it."""
    offices = _offices()
    spec = offices.get(asked.office)
    if spec is None:
        raise UsageError(
            f"office '{asked.office[:40]}': unknown office{suggest(asked.office, offices)}",
            fields=("office",),
        )
    if spec.get("rules"):
        raise UsageError(
            f"office '{asked.office}': a presidential primary's petition is not printed here",
            fields=("office",),
        )
    unit = str(spec["unit"] or "")
    district = " ".join((asked.district or "").split())
    numbered: dict[str, str] = _data()["districts"]
    if unit in numbered and not district:
        raise UsageError(
            f"district: {spec['title']} is voted for in {unit} districts; give its number",
            fields=("district",),
        )
    if unit in _data()["whole"] and district:
        raise UsageError(
            f"district '{district[:20]}': {spec['title']} is voted for by the whole unit",
            fields=("district",),
        )
    if len(district) > 40:
        raise UsageError(f"district '{district[:40]}': at most 40 characters", fields=("district",))
    title = str(spec["title"])
    if numbered.get(unit) and district.isdigit():
        return f"{title}, {ordinal(int(district))} {numbered[unit]}", unit
    return (f"{title}, {district}" if district else title), unit


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _party(asked: SheetRequest) -> str:
    if asked.kind == "independent":
        if asked.party:
            raise UsageError(
                "party: an independent petition is made by a body, not a party (give body)",
                fields=("party",),
            )
        return ""
    given = " ".join((asked.party or "").split())
    if not given or len(given) > 60:
        raise UsageError(
            "party: a designating petition names the party (e.g. DEM)", fields=("party",)
        )
    names: dict[str, str] = _data()["parties"]
    return names.get(given.upper(), given)


def _petition_id(asked: SheetRequest) -> str:
    if asked.petition:
        return asked.petition
    who = asked.party or asked.body or "IND"
    raw = f"{asked.year}-{who}-{asked.office}-{asked.district or ''}".strip("-")
    return re.sub(r"[^A-Za-z0-9-]+", "-", raw).upper()[:MAX_PETITION_ID]


def _needed(asked: SheetRequest, unit: str) -> Needed:
    from nyballot.signatures import Inputs
    from nyballot.signatures.answer import answer

    inputs = Inputs(votes_for_governor=asked.governor_votes, enrolled=asked.enrolled)
    try:
        found = answer(inputs, year=asked.year, petition=asked.kind, office=asked.office)
    except NyballotError as exc:  # a count the campaign did not give: the sheet still prints
        return Needed(None, note=f"not computed: {exc}")
    req = found.requirements[0]
    note = "; ".join(n.rstrip(". ") for n in (req.evidence, req.unverified) if n)
    return Needed(req.number, req.cite, note)


def _dates(asked: SheetRequest) -> tuple[Dated, Dated, Dated, Dated | None, Dated]:
    from nyballot.calendar.engine import calendar_under
    from nyballot.petitions.period import signing_period

    choice = LawChoice()
    period = signing_period(asked.year, asked.kind, choice)
    cal = calendar_under(asked.year, choice)
    election = cal.deadline(ELECTION_OF[asked.kind])
    filing = cal.deadline(f"{asked.kind}_petition.filing")
    if election.closes is None or filing.closes is None:
        raise UsageError(
            f"year {asked.year}: the election or the filing is not dated", fields=("year",)
        )
    opens = Dated(filing.opens, filing.cite) if filing.opens else None
    return (
        Dated(election.closes, election.cite),
        Dated(period.opens.day, period.opens.cite),
        Dated(period.closes.day, period.closes.cite),
        opens,
        Dated(filing.closes, filing.cite),
    )


def plan(asked: SheetRequest) -> Plan:
    """The volume to print, checked: every bad input is one UsageError naming its field."""
    lines = _check_numbers(asked)
    try:
        law = resolve(LawChoice(), asked.year)
    except OutOfCoverageError as exc:
        raise UsageError(str(exc), fields=("year",)) from None
    words = sheet_law(law, asked.kind)
    party = _party(asked)
    office, unit = _office(asked)
    joint = asked.office in JOINT
    candidates = _candidates(asked, joint)
    election, opens, closes, filing_opens, filing_closes = _dates(asked)
    petition = _petition_id(asked)
    identities = tuple(
        SheetIdentity(petition, asked.volume, n, law.version.id, asked.year)
        for n in range(1, asked.sheets + 1)
    )
    law_line = f"Law: law in force in {asked.year} ({law.version.title})"
    if law.overlays:
        law_line += f"; with {', '.join(o.id for o in law.overlays)}"
    return Plan(
        asked, words, law_line, party, office, candidates, joint, election, opens, closes,
        filing_opens, filing_closes, _needed(asked, unit), lines, identities,
    )  # fmt: skip
