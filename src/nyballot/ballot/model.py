"""The ballot input (one election district's primary) and what the ballot module returns.

The input is a JSON document; its shape is documented in the README ("Ballots") and an example
ships in ``examples/ballot-ed.json``. Every error names the place in the file, e.g.
``ballot.json: offices[1].candidates[2]: 'status' must be one of ...``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from nyballot.errors import UsageError, suggest

KINDS = (
    "public-office",
    "party-position",
    "county-committee",
    "president",
    "delegate",
    "alternate-delegate",
)
STATUSES = ("designated", "nominated", "invalid", "declined", "none")
ON_BALLOT = ("designated", "nominated")
COURT_ORDERS = ("added-late", "removed-late")


@dataclass(frozen=True)
class Candidate:
    id: str
    name: str
    surname: str
    status: str
    petition: str
    position: int
    filed: dt.datetime | None = None
    notice_of_intent: bool = False
    short_form: str | None = None
    sex: str | None = None
    pledged_to: str | None = None
    court_order: str | None = None
    number: int | None = None

    @property
    def given(self) -> str:
        """The given names: the full name less the surname (used to order equal surnames)."""
        return self.name.replace(self.surname, "").strip()


@dataclass(frozen=True)
class Office:
    id: str
    title: str
    kind: str
    seats: int
    candidates: tuple[Candidate, ...]
    opportunity_to_ballot: bool = False
    numbered: bool = False
    uncommitted_petition: bool = False


@dataclass(frozen=True)
class BallotInput:
    party: str
    place: str
    new_york_city: bool
    district_index: int
    seed: str | None
    offices: tuple[Office, ...]
    election: str = "primary"


@dataclass(frozen=True)
class BallotStep:
    """One line of the reasoning behind a contest: what was done, and the section requiring it."""

    text: str
    cite: str = ""


@dataclass
class Line:
    """A name (or the word UNCOMMITTED) as printed, with the names listed under it."""

    id: str
    full_name: str
    printed: str
    petition: str = ""
    label: str = ""
    children: list[Line] = field(default_factory=list)


@dataclass
class Contest:
    office: str
    title: str
    kind: str
    seats: int
    lines: list[Line] = field(default_factory=list)
    write_in: bool = False
    steps: list[BallotStep] = field(default_factory=list)

    def say(self, text: str, cite: str = "") -> None:
        self.steps.append(BallotStep(text, cite))

    def say_once(self, text: str, cite: str = "") -> None:
        if BallotStep(text, cite) not in self.steps:
            self.say(text, cite)


@dataclass(frozen=True)
class Left:
    """A name or an office that does not appear, and the rule that keeps it off."""

    office: str
    who: str
    reason: str
    cite: str


@dataclass
class Ballot:
    party: str
    place: str
    law: str
    law_title: str
    seed: str | None
    district_index: int
    contests: list[Contest] = field(default_factory=list)
    left_off: list[Left] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# The keys each object of the input may have (README, "Ballots"); any other is refused, so a
# misspelt key ("stauts") is reported rather than silently read as its default.
DOCUMENT_KEYS = (
    "election", "party", "place", "new_york_city", "election_district_index", "seed", "offices",
)  # fmt: skip
OFFICE_KEYS = (
    "id", "title", "kind", "seats", "opportunity_to_ballot", "numbered", "uncommitted_petition",
    "candidates",
)  # fmt: skip
CANDIDATE_KEYS = (
    "id", "name", "surname", "status", "petition", "filed", "notice_of_intent", "short_form",
    "sex", "pledged_to", "number", "court_order",
)  # fmt: skip
# One election district's ballot has a few dozen names; these bounds keep a runaway input
# (a whole county's worth, or a generated file) from running for minutes.
MAX_OFFICES = 200
MAX_CANDIDATES = 2000


def _fail(source: str, where: str, problem: str) -> UsageError:
    return UsageError(f"{source}: {where}: {problem}")


def _known_keys(raw: dict[str, Any], keys: tuple[str, ...], source: str, where: str) -> None:
    for key in raw:
        if key not in keys:
            shown = repr(key[:60]) if isinstance(key, str) else repr(key)
            raise _fail(
                source,
                where,
                f"unknown key {shown}{suggest(str(key), keys)}; known keys: {', '.join(keys)}",
            )


def _text(
    raw: dict[str, Any], key: str, source: str, where: str, default: str | None = None
) -> str:
    value = raw.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise _fail(source, where, f"'{key}' must be a non-empty string")
    return value.strip()


def _int(raw: dict[str, Any], key: str, source: str, where: str, default: int, low: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _fail(source, where, f"'{key}' must be a whole number of at least {low}")
    return value


def _flag(raw: dict[str, Any], key: str, source: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise _fail(source, where, f"'{key}' must be true or false")
    return value


def _choice(raw: dict[str, Any], key: str, allowed: tuple[str, ...], src: str, where: str) -> str:
    value = raw.get(key)
    if value not in allowed:
        raise _fail(src, where, f"'{key}' must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _candidate(raw: Any, position: int, source: str, where: str) -> Candidate:
    if not isinstance(raw, dict):
        raise _fail(source, where, "a candidate must be an object")
    _known_keys(raw, CANDIDATE_KEYS, source, where)
    name = _text(raw, "name", source, where)
    surname = _text(raw, "surname", source, where, name.split()[-1])
    if surname not in name:
        raise _fail(source, where, f"surname '{surname}' is not part of the name '{name}'")
    cid = _text(raw, "id", source, where, name)
    filed = None
    if raw.get("filed") is not None:
        try:
            filed = dt.datetime.fromisoformat(_text(raw, "filed", source, where))
        except ValueError:
            raise _fail(
                source, where, f"'filed' is not an ISO date-time: {raw['filed']!r}"
            ) from None
    sex = raw.get("sex")
    if sex is not None and sex not in ("M", "F"):
        raise _fail(source, where, f'\'sex\' must be "M" or "F", not {sex!r}')
    court = raw.get("court_order")
    if court is not None and court not in COURT_ORDERS:
        raise _fail(source, where, f"'court_order' must be one of {', '.join(COURT_ORDERS)}")
    number = raw.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise _fail(source, where, "'number' must be a whole number")
    short = raw.get("short_form")
    if short is not None and not isinstance(short, str):
        raise _fail(source, where, "'short_form' must be a string")
    pledged = raw.get("pledged_to")
    if pledged is not None and (not isinstance(pledged, str) or not pledged.strip()):
        raise _fail(source, where, "'pledged_to' must be a non-empty string (a candidate's id)")
    return Candidate(
        id=cid,
        name=name,
        surname=surname,
        status=_choice(
            {"status": raw.get("status", "designated")}, "status", STATUSES, source, where
        ),
        petition=_text(raw, "petition", source, where, cid),
        position=position,
        filed=filed,
        notice_of_intent=_flag(raw, "notice_of_intent", source, where),
        short_form=short,
        sex=sex,
        pledged_to=pledged.strip() if pledged is not None else None,
        court_order=court,
        number=number,
    )


def _office(raw: Any, source: str, where: str) -> Office:
    if not isinstance(raw, dict):
        raise _fail(source, where, "an office must be an object")
    _known_keys(raw, OFFICE_KEYS, source, where)
    oid = _text(raw, "id", source, where)
    candidates_raw = raw.get("candidates", [])
    if not isinstance(candidates_raw, list):
        raise _fail(source, where, "'candidates' must be a list")
    candidates = tuple(
        _candidate(c, i, source, f"{where}.candidates[{i}]") for i, c in enumerate(candidates_raw)
    )
    seen: set[str] = set()
    for i, c in enumerate(candidates):
        if c.id in seen:
            raise _fail(source, f"{where}.candidates[{i}]", f"candidate id '{c.id}' is repeated")
        seen.add(c.id)
    return Office(
        id=oid,
        title=_text(raw, "title", source, where, oid),
        kind=_choice({"kind": raw.get("kind", "public-office")}, "kind", KINDS, source, where),
        seats=_int(raw, "seats", source, where, 1, 1),
        candidates=candidates,
        opportunity_to_ballot=_flag(raw, "opportunity_to_ballot", source, where),
        numbered=_flag(raw, "numbered", source, where),
        uncommitted_petition=_flag(raw, "uncommitted_petition", source, where),
    )


def parse_ballot(data: Any, source: str = "ballot.json") -> BallotInput:
    """Check and read a ballot input document."""
    if not isinstance(data, dict):
        raise UsageError(f"{source}: the document must be a JSON object")
    _known_keys(data, DOCUMENT_KEYS, source, "document")
    election = data.get("election", "primary")
    if election != "primary":
        raise _fail(
            source,
            "election",
            f"only 'primary' ballots are modelled (§§ 7-114, 7-116 and 2-122-a), not {election!r}",
        )
    offices_raw = data.get("offices")
    if not isinstance(offices_raw, list) or not offices_raw:
        raise UsageError(f"{source}: 'offices' must be a non-empty list")
    if len(offices_raw) > MAX_OFFICES:
        raise UsageError(
            f"{source}: {len(offices_raw)} offices; one election district's ballot has at most "
            f"{MAX_OFFICES}"
        )
    total = sum(len(o["candidates"]) for o in offices_raw if isinstance(o, dict)
                and isinstance(o.get("candidates"), list))  # fmt: skip
    if total > MAX_CANDIDATES:
        raise UsageError(
            f"{source}: {total:,} candidates; one election district's ballot has at most "
            f"{MAX_CANDIDATES:,}"
        )
    offices = tuple(_office(o, source, f"offices[{i}]") for i, o in enumerate(offices_raw))
    ids = [o.id for o in offices]
    for i, oid in enumerate(ids):
        if oid in ids[:i]:
            raise _fail(source, f"offices[{i}]", f"office id '{oid}' is repeated")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, str) or not seed.strip()):
        raise _fail(source, "seed", "must be a non-empty string")
    return BallotInput(
        party=_text(data, "party", source, "party"),
        place=_text(data, "place", source, "place", "election district"),
        new_york_city=_flag(data, "new_york_city", source, "new_york_city"),
        district_index=_int(data, "election_district_index", source, "document", 1, 1),
        seed=seed,
        offices=offices,
    )
