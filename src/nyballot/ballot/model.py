"""The ballot input (one election district's primary) and what the ballot module returns.

The input is a JSON document; its shape is documented in docs/ballots.md and an example
ships in ``examples/ballot-ed.json``. Every error names the place in the file, e.g.
``ballot.json: offices[1].candidates[2]: 'status' must be one of ...``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from nyballot.ballot.names import name_parts
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
    given: str = ""  # the given names (nameparser), for the order of equal surnames
    suffix: str = ""  # Jr., Sr., II ...: never part of the surname
    person: str = ""  # who the candidate is: equal for one person designated twice
    office: str = ""  # the office this entry is for
    office_index: int = 0  # the office's place on the ballot (input order)
    replaces: str = ""  # the id of the candidate whose vacancy this one fills, late
    joint: str = ""  # the id of the running mate designated jointly (§ 7-114(1)(d))
    parties: tuple[str, ...] = ()  # other parties and independent bodies it stands for

    @property
    def who(self) -> str:
        return self.person or self.id


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
    convention: str | None = None  # delegates and alternates to one convention share it
    level: str = ""  # the office's electorate (state, congressional, ...): the contest order
    joint: str = ""  # the office designated jointly with this one (governor: lieutenant governor)


@dataclass(frozen=True)
class BallotInput:
    party: str
    place: str
    new_york_city: bool
    district_index: int
    seed: str | None
    offices: tuple[Office, ...]
    election: str = "primary"
    digest: str = ""  # sha256 of the input document, recorded beside the seed
    date: dt.date | None = None  # the election's date: its year chooses the law in force
    endorsement: Endorsement = field(default_factory=lambda: Endorsement())
    independent_bodies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Endorsement:
    """What § 7-106(5) prints on the ballot: county, districts, the commissioners' names."""

    county: str = ""
    district: str = ""  # "Assembly District 65" (or legislative district), as the file says it
    ward: str = ""  # ward and city or town, where applicable
    election_district: str = ""
    commissioners: tuple[str, ...] = ()

    def missing(self) -> list[str]:
        named = {"county": self.county, "district": self.district,
                 "election_district": self.election_district}  # fmt: skip
        gaps = [key for key, value in named.items() if not value]
        return gaps + ([] if self.commissioners else ["commissioners"])


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
    filed: str = ""  # the day the petition was filed, ISO, where the file gives it
    parties: list[str] = field(default_factory=list)  # other parties it stands for (fusion)


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
    input_digest: str = ""
    what_if: bool = False  # read under a bill never enacted
    printed: bool = True  # False: no ballot is printed for this party
    contests: list[Contest] = field(default_factory=list)
    left_off: list[Left] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unverified: list[str] = field(default_factory=list)
    independent_bodies: list[str] = field(default_factory=list)
    law_chosen: str = ""  # how the law was chosen ("in force for 2026, the election's year")
    date: str = ""  # the election's date, ISO
    endorsement: dict[str, Any] = field(default_factory=dict)


# The keys each object of the input may have (README, "Ballots"); any other is refused, so a
# misspelt key ("stauts") is reported rather than silently read as its default.
DOCUMENT_KEYS = (
    "election", "party", "place", "new_york_city", "election_district_index", "seed", "offices",
    "date", "county", "district", "ward", "election_district", "commissioners",
    "independent_bodies",
)  # fmt: skip
OFFICE_KEYS = (
    "id", "title", "kind", "seats", "opportunity_to_ballot", "numbered", "uncommitted_petition",
    "convention", "candidates", "level", "joint",
)  # fmt: skip
CANDIDATE_KEYS = (
    "id", "name", "surname", "status", "petition", "filed", "notice_of_intent", "short_form",
    "sex", "pledged_to", "number", "court_order", "person", "replaces", "joint", "parties",
)  # fmt: skip
# The word printed for uncommitted delegates (§ 2-122-a(8)(b)); no candidate may take it as id.
UNCOMMITTED = "uncommitted"
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


def _present(raw: dict[str, Any]) -> dict[str, Any]:
    """The keys that have a value: ``null`` is read as absent, the same for every optional key."""
    return {k: v for k, v in raw.items() if v is not None}


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


def _choice(
    raw: dict[str, Any],
    key: str,
    allowed: tuple[str, ...],
    src: str,
    where: str,
    default: str | None = None,
) -> str:
    value = raw.get(key, default)
    if value not in allowed:
        raise _fail(src, where, f"'{key}' must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _candidate(
    raw: Any, position: int, source: str, where: str, office: tuple[str, int]
) -> Candidate:
    if not isinstance(raw, dict):
        raise _fail(source, where, "a candidate must be an object")
    _known_keys(raw, CANDIDATE_KEYS, source, where)
    raw = _present(raw)
    name = _text(raw, "name", source, where)
    given_surname = _text(raw, "surname", source, where) if "surname" in raw else None
    if given_surname is not None and given_surname not in name:
        raise _fail(source, where, f"surname '{given_surname}' is not part of the name '{name}'")
    parts = name_parts(name, given_surname)
    cid = _text(raw, "id", source, where, name)
    if cid.casefold() == UNCOMMITTED:
        raise _fail(
            source,
            where,
            f"id '{cid}' is reserved for the word UNCOMMITTED on a presidential ballot "
            "(§ 2-122-a(8)(b)); give the candidate another id",
        )
    filed = _filed(raw, source, where)
    sex, number = _sex_and_number(raw, source, where)
    return Candidate(
        id=cid,
        name=name,
        surname=parts.surname,
        status=_choice(raw, "status", STATUSES, source, where, "designated"),
        petition=_text(raw, "petition", source, where, cid),
        position=position,
        filed=filed,
        notice_of_intent=_flag(raw, "notice_of_intent", source, where),
        short_form=_text(raw, "short_form", source, where) if "short_form" in raw else None,
        sex=sex,
        pledged_to=(_text(raw, "pledged_to", source, where) if "pledged_to" in raw else None),
        court_order=(
            _choice(raw, "court_order", COURT_ORDERS, source, where)
            if "court_order" in raw
            else None
        ),
        number=number,
        given=parts.given,
        suffix=parts.suffix,
        person=_text(raw, "person", source, where, cid),
        replaces=_text(raw, "replaces", source, where) if "replaces" in raw else "",
        joint=_text(raw, "joint", source, where) if "joint" in raw else "",
        parties=_names(raw, "parties", source, where),
        office=office[0],
        office_index=office[1],
    )


def _filed(raw: dict[str, Any], source: str, where: str) -> dt.datetime | None:
    """The candidate's ``filed`` time (it orders petitions of one person), if given."""
    if "filed" not in raw:
        return None
    try:
        return dt.datetime.fromisoformat(_text(raw, "filed", source, where))
    except ValueError:
        raise _fail(source, where, f"'filed' is not an ISO date-time: {raw['filed']!r}") from None


def _sex_and_number(raw: dict[str, Any], source: str, where: str) -> tuple[Any, Any]:
    sex = raw.get("sex")
    if sex is not None and sex not in ("M", "F"):
        raise _fail(source, where, f'\'sex\' must be "M" or "F", not {sex!r}')
    number = raw.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise _fail(source, where, "'number' must be a whole number")
    return sex, number


def _office(raw: Any, source: str, where: str, index: int) -> Office:
    if not isinstance(raw, dict):
        raise _fail(source, where, "an office must be an object")
    _known_keys(raw, OFFICE_KEYS, source, where)
    raw = _present(raw)
    oid = _text(raw, "id", source, where)
    candidates_raw = raw.get("candidates", [])
    if not isinstance(candidates_raw, list):
        raise _fail(source, where, "'candidates' must be a list")
    candidates = tuple(
        _candidate(c, i, source, f"{where}.candidates[{i}]", (oid, index))
        for i, c in enumerate(candidates_raw)
    )
    _check_vacancies(candidates, source, where)
    return Office(
        id=oid,
        title=_text(raw, "title", source, where, oid),
        kind=_choice(raw, "kind", KINDS, source, where, "public-office"),
        seats=_int(raw, "seats", source, where, 1, 1),
        candidates=candidates,
        opportunity_to_ballot=_flag(raw, "opportunity_to_ballot", source, where),
        numbered=_flag(raw, "numbered", source, where),
        uncommitted_petition=_flag(raw, "uncommitted_petition", source, where),
        convention=_text(raw, "convention", source, where) if "convention" in raw else None,
        level=_text(raw, "level", source, where) if "level" in raw else "",
        joint=_text(raw, "joint", source, where) if "joint" in raw else "",
    )


def _names(raw: dict[str, Any], key: str, source: str, where: str) -> tuple[str, ...]:
    """A list of names (parties, commissioners): each a non-empty string, none twice."""
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail(source, where, f"'{key}' must be a list of non-empty strings")
    names = tuple(v.strip() for v in value)
    if len(set(names)) < len(names):
        raise _fail(source, where, f"'{key}' names one twice")
    return names


def _check_vacancies(candidates: tuple[Candidate, ...], source: str, where: str) -> None:
    """A substitute names, in ``replaces``, a candidate of the same office who is off the ballot."""
    by_id = {c.id: c for c in candidates}
    taken: set[str] = set()
    for i, c in enumerate(candidates):
        if not c.replaces:
            continue
        original = by_id.get(c.replaces)
        place = f"{where}.candidates[{i}]"
        if original is None or original is c:
            raise _fail(
                source, place, f"'replaces' names '{c.replaces}', no other candidate of the office"
            )
        if original.status in ON_BALLOT:
            raise _fail(
                source,
                place,
                f"'replaces' names '{original.id}', whose status is '{original.status}': only a "
                "candidate who declined or is otherwise off the ballot leaves a vacancy",
            )
        if original.id in taken:
            raise _fail(source, place, f"the vacancy of '{original.id}' is filled twice")
        taken.add(original.id)


def _check_ids(offices: tuple[Office, ...], source: str) -> None:
    """Refuse ids that would make two things one: the drawing keys items by these ids."""
    where: dict[str, str] = {}
    for i, office in enumerate(offices):
        for j, c in enumerate(office.candidates):
            place = f"offices[{i}].candidates[{j}]"
            if c.id in where:
                raise _fail(
                    source, place, f"candidate id '{c.id}' is repeated (first at {where[c.id]})"
                )
            where[c.id] = place
    named: dict[str, set[str]] = {}
    for office in offices:
        for c in office.candidates:
            named.setdefault(c.petition, set()).add(c.id)
    for i, office in enumerate(offices):
        for j, c in enumerate(office.candidates):
            others = named[c.petition] - {c.id}
            if c.petition in where and others:
                raise _fail(
                    source,
                    f"offices[{i}].candidates[{j}]",
                    f"petition id '{c.petition}' is also the id of the candidate at "
                    f"{where[c.petition]}; the drawing would take one for the other: give the "
                    "petition or the candidate another id",
                )


def _check_joint(offices: tuple[Office, ...], source: str) -> None:
    """Offices designated jointly name each other's candidates, one running mate each."""
    by_id = {o.id: (i, o) for i, o in enumerate(offices)}
    mates = {o.joint for o in offices if o.joint}
    for i, office in enumerate(offices):
        partner = by_id.get(office.joint)
        if office.joint and (partner is None or partner[1] is office or partner[1].joint):
            raise _fail(
                source,
                f"offices[{i}]",
                f"'joint' names '{office.joint}', which is not "
                "another office of the ballot designated only with this one",
            )
        if partner is not None:
            _pair(office, partner[1], source, i, partner[0])
        elif office.id not in mates:
            for j, c in enumerate(office.candidates):
                if c.joint:
                    raise _fail(
                        source,
                        f"offices[{i}].candidates[{j}]",
                        f"'joint' names "
                        f"'{c.joint}', but office '{office.id}' has no 'joint' office",
                    )


def _pair(first: Office, second: Office, source: str, i: int, k: int) -> None:
    """Each candidate on the ballot of one office has exactly one running mate of the other."""
    pairs: dict[str, str] = {}
    for c in first.candidates:
        if c.joint:
            pairs[c.id] = c.joint
    for c in second.candidates:
        if c.joint:
            if pairs.get(c.joint, c.id) != c.id:
                raise _fail(
                    source,
                    f"offices[{k}]",
                    f"{c.name} ({second.title}) and "
                    f"'{c.joint}' ({first.title}) are paired with different mates",
                )
            pairs[c.joint] = c.id
    ones = {c.id: c for c in first.candidates}
    twos = {c.id: c for c in second.candidates}
    for one, two in pairs.items():
        if one not in ones or two not in twos:
            raise _fail(
                source,
                f"offices[{i}]",
                f"'joint' pairs '{one}' with '{two}': the first "
                f"must be a candidate for {first.title}, the second for {second.title}",
            )
    for c in first.candidates:
        mate = twos.get(pairs.get(c.id, ""))
        _on_both(c, first, mate, second, source)
    paired = set(pairs.values())
    for c in second.candidates:
        if c.status in ON_BALLOT and c.id not in paired:
            raise _fail(
                source,
                f"offices[{k}]",
                f"{c.name}, candidate for {second.title}, is "
                f"designated jointly with no candidate for {first.title}",
            )


def _on_both(
    c: Candidate, first: Office, mate: Candidate | None, second: Office, source: str
) -> None:
    if c.status in ON_BALLOT and mate is None:
        raise _fail(
            source,
            f"office '{first.id}'",
            f"{c.name}, candidate for {first.title}, is "
            f"designated jointly with no candidate for {second.title}",
        )
    if mate is not None and (c.status in ON_BALLOT) != (mate.status in ON_BALLOT):
        raise _fail(
            source,
            f"office '{first.id}'",
            f"{c.name} ({first.title}, {c.status}) and "
            f"{mate.name} ({second.title}, {mate.status}) were designated jointly: both "
            "are on the ballot or neither",
        )


def _check_text(value: Any, source: str, where: str) -> None:
    """Refuse control characters (and bidirectional overrides) anywhere in the document."""
    if isinstance(value, str):
        problem = text_problem(value)
        if problem:
            raise _fail(source, where, problem)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, source, where)
            _check_text(item, source, f"{where}.{key}" if where != "document" else str(key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            _check_text(item, source, f"{where}[{k}]")


_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def text_problem(value: str) -> str:
    """What makes ``value`` unprintable ("" if nothing): a control character, a bidirectional
    override, or a lone surrogate (half of a UTF-16 pair, no character at all)."""
    for ch in value:
        kind = unicodedata.category(ch)
        if kind == "Cs":
            return f"contains a lone surrogate U+{ord(ch):04X}, which is no character"
        if kind == "Cc" or ch in _BIDI:
            return f"contains the control character U+{ord(ch):04X}"
    return ""


def input_digest(data: Any) -> str:
    """sha256 of the document in canonical JSON (keys sorted, no spaces, UTF-8)."""
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _endorsement(doc: dict[str, Any], source: str) -> Endorsement:
    """The parts of § 7-106(5)'s endorsement the file gives ("" where it gives none)."""

    def part(key: str) -> str:
        return _text(doc, key, source, key) if key in doc else ""

    return Endorsement(
        county=part("county"),
        district=part("district"),
        ward=part("ward"),
        election_district=part("election_district"),
        commissioners=_names(doc, "commissioners", source, "document"),
    )


def _date(doc: dict[str, Any], source: str) -> dt.date | None:
    if "date" not in doc:
        return None
    text = _text(doc, "date", source, "date")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise _fail(source, "date", f"not an ISO date (YYYY-MM-DD): {text[:40]!r}") from None


def parse_ballot(data: Any, source: str = "ballot.json") -> BallotInput:
    """Check and read a ballot input document."""
    if not isinstance(data, dict):
        raise UsageError(f"{source}: the document must be a JSON object")
    _known_keys(data, DOCUMENT_KEYS, source, "document")
    _check_text(data, source, "document")
    doc = _present(data)
    election = doc.get("election", "primary")
    if election != "primary":
        raise _fail(
            source,
            "election",
            f"only 'primary' ballots are modelled (§§ 7-114, 7-116 and 2-122-a), not {election!r}",
        )
    offices_raw = doc.get("offices")
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
    offices = tuple(_office(o, source, f"offices[{i}]", i) for i, o in enumerate(offices_raw))
    ids = [o.id for o in offices]
    for i, oid in enumerate(ids):
        if oid in ids[:i]:
            raise _fail(source, f"offices[{i}]", f"office id '{oid}' is repeated")
    _check_ids(offices, source)
    _check_joint(offices, source)
    return BallotInput(
        date=_date(doc, source),
        endorsement=_endorsement(doc, source),
        independent_bodies=_names(doc, "independent_bodies", source, "document"),
        party=_text(doc, "party", source, "party"),
        place=_text(doc, "place", source, "place", "election district"),
        new_york_city=_flag(doc, "new_york_city", source, "new_york_city"),
        district_index=_int(doc, "election_district_index", source, "document", 1, 1),
        seed=_text(doc, "seed", source, "document") if "seed" in doc else None,
        offices=offices,
        digest=input_digest(data),
    )
