"""A paper as presented at the counter, checked and made into a ``Paper``.

Input arrives as a ``Submission`` of plain values, from the command line or the HTTP API, and
is checked here, so both shells give the same answers. Nothing here touches the database: the
desk looks up the filing a paper refers to and ``check_reference`` judges the pair.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nyballot.calendar.model import Calendar
from nyballot.errors import UsageError
from nyballot.filing.chain import canonical
from nyballot.filing.clocks import SpecialCalendars, calendar_for
from nyballot.filing.model import (
    KINDS,
    NEW_YORK,
    Candidate,
    Category,
    FilingKind,
    Method,
    Outcome,
    Paper,
    Verdict,
    board,
    filing_kind,
    local,
    method,
)

MAX_TEXT = 300
MAX_NOTE = 2000
MAX_REASON = 500
MAX_CANDIDATES = 50


@dataclass
class Submission:
    """A paper as presented at the counter (or in an API request), as plain values."""

    kind: str
    board: str
    year: int
    received: str | None = None  # ISO 8601 instant with time and offset: a late entry only
    method: str = "in_person"
    postmark: str | None = None
    candidates: list[dict[str, str]] = field(default_factory=list)
    office: str = ""
    district: str = ""
    party: str = ""
    independent_body: bool = False
    refers_to: str | None = None
    outcome: str | None = None
    fee_cents: int = 0
    note: str = ""
    law: str | None = None
    what_if: list[str] = field(default_factory=list)
    late_entry: str | None = None  # the reason a paper received earlier is entered now
    supersedes: str | None = None  # a determination replacing an earlier one: its uid
    special: str | None = None  # the special election it is for (``Special.id``)

    def _hashed(self) -> dict[str, Any]:
        """The fields a request's hash covers: a paper for no special election is hashed as
        papers were before a paper could name one, so keys recorded then still replay."""
        fields = vars(self)
        if self.special is None:
            return {k: v for k, v in fields.items() if k != "special"}
        return fields

    def request_hash(self) -> str:
        """SHA-256 of the submission in the chain's canonical form (its fields are plain JSON
        values already: no deep copy, ``asdict``, needed)."""
        return hashlib.sha256(canonical(self._hashed())).hexdigest()

    def is_request(self, digest: str) -> bool:
        """Whether a recorded request hash is this submission's: in the canonical form, or in
        the spaced form (``", "``, ``": "``) that books began with."""
        if digest == self.request_hash():
            return True
        spaced = _SPACED.encode(self._hashed()).encode()
        return digest == hashlib.sha256(spaced).hexdigest()


# Control characters but the tab and the newline (a regular expression: a text of 2,000
# characters is checked in microseconds).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f]")
# The request hash's first form, still recognised for keys recorded in it.
_SPACED = json.JSONEncoder(sort_keys=True, ensure_ascii=True)


def checked_text(value: object, name: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise UsageError(f"{name}: expected text")
    if len(value) > limit:
        raise UsageError(f"{name}: longer than {limit} characters")
    if _CONTROL.search(value):
        raise UsageError(f"{name}: contains control characters")
    return value.strip()


# A date, then a time of at least hours and minutes ("2026-04-02T16:59", "2026-04-02 16:59").
_DATE_AND_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}")
INSTANT_EXAMPLE = "e.g. 2026-04-02T16:59-04:00"


def parse_instant(value: str, name: str = "received") -> dt.datetime:
    """An ISO 8601 instant: a date, a time (hours and minutes at least) and a UTC offset.

    A date alone or a time without an offset is refused rather than guessed: the stamp of
    § 6-144 is the day, hour and minute the paper was received."""
    text = checked_text(value, name, 40)
    expected = f"{name} '{value}': expected an ISO 8601 instant, {INSTANT_EXAMPLE}"
    if not text:
        raise UsageError(f"{name}: empty; expected an ISO 8601 instant, {INSTANT_EXAMPLE}")
    try:
        instant = dt.datetime.fromisoformat(text)
    except ValueError:
        raise UsageError(expected) from None
    if not _DATE_AND_TIME.match(text):
        raise UsageError(f"{expected} (a date and a time of day, not a date alone)")
    if instant.tzinfo is None:
        raise UsageError(f"{expected} (with the UTC offset: -04:00 or -05:00 in New York)")
    if not 1900 <= instant.year <= 2100:
        raise UsageError(f"{name} '{value}': year out of range")
    return instant


def parse_day(value: str, name: str) -> dt.date:
    text = checked_text(value, name, 10)
    if not text:
        raise UsageError(f"{name}: empty; expected YYYY-MM-DD")
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{name} '{value}': expected YYYY-MM-DD") from None


def clerk_name(value: object) -> str:
    """The name of the clerk who stamps a paper or holds a token: text, not empty."""
    name = checked_text(value, "clerk", 100)
    if not name:
        raise UsageError("clerk: a name is needed")
    return name


def received_of(s: Submission, now: dt.datetime) -> tuple[dt.datetime, str | None]:
    """When the paper was received, and the reason if it is entered late.

    § 6-144: papers "shall at the time of filing thereof be endorsed by such officer or board
    with the day, hour and minute of such filing": the desk stamps its own clock's time. A paper
    received earlier (after an outage, or mail opened later) is a late entry: its received
    instant, never after the desk's clock, and the reason."""
    if s.late_entry is None:
        if s.received is not None:
            raise UsageError(
                "received: the desk stamps the time of receipt by its own clock; a paper "
                "received earlier is a late entry (late_entry, with the reason)"
            )
        return now, None
    reason = checked_text(s.late_entry, "late_entry.reason", MAX_REASON)
    if not reason:
        raise UsageError("late_entry.reason: empty; say why the paper is entered late")
    if s.received is None:
        raise UsageError("late_entry: needs received, the instant the paper was received")
    received = parse_instant(s.received)
    if received > now:
        raise UsageError(
            f"received '{s.received}': after the desk's clock ({now:%Y-%m-%dT%H:%M%z}); "
            "a paper cannot be received in the future"
        )
    return received, reason


def paper_of(
    s: Submission, now: dt.datetime | None = None, specials: SpecialCalendars | None = None
) -> tuple[Paper, tuple[str, ...], Calendar]:
    """The paper a submission describes, with its overlays and the calendar it is judged by,
    received ``now`` (the desk's clock) unless it is a late entry; a paper for a special
    election by that election's calendar (``specials``).

    Every check that needs only the submission is made here; the filing it refers to, if any,
    is checked by ``check_reference``."""
    kind = filing_kind(s.kind)
    if not isinstance(s.year, int) or isinstance(s.year, bool) or not 1 <= s.year <= 9999:
        raise UsageError(f"year '{s.year}': expected a year")
    what_if = tuple(sorted({checked_text(w, "what_if", 40) for w in s.what_if}))
    law = checked_text(s.law, "law", 40) if s.law else None
    special, cal = special_of(s, specials, law or what_if)
    if cal is None:
        cal = calendar_for(s.year, law, what_if)
    candidates = _candidates(s)
    if not isinstance(s.fee_cents, int) or not 0 <= s.fee_cents <= 10**9:
        raise UsageError(f"fee_cents '{s.fee_cents}': expected a whole number of cents")
    outcome = _outcome(s, kind)
    received, late_reason = received_of(s, now or dt.datetime.now(NEW_YORK))
    how = method(s.method)
    postmark = _postmark(s, how, received)
    refers_to = _uid(s.refers_to, "refers_to")
    supersedes = _uid(s.supersedes, "supersedes")
    if supersedes is not None and kind is not FilingKind.DETERMINATION:
        raise UsageError(
            f"supersedes: only a determination supersedes another, not a paper of kind '{kind}'"
        )
    paper = Paper(
        kind=kind,
        board=board(checked_text(s.board, "board", 40)),
        year=s.year,
        received=received,
        method=how,
        postmark=postmark,
        candidates=candidates,
        office=checked_text(s.office, "office"),
        district=checked_text(s.district, "district"),
        party=checked_text(s.party, "party"),
        independent_body=bool(s.independent_body),
        refers_to=refers_to,
        outcome=outcome,
        fee_cents=s.fee_cents,
        note=checked_text(s.note, "note", MAX_NOTE),
        late_reason=late_reason,
        supersedes=supersedes,
        special=special,
    )
    _check_parts(paper)
    return paper, what_if, cal


def _candidates(s: Submission) -> list[Candidate]:
    if len(s.candidates) > MAX_CANDIDATES:
        raise UsageError(f"candidates: more than {MAX_CANDIDATES}")
    candidates = []
    for i, c in enumerate(s.candidates):
        if not isinstance(c, dict) or not c.get("name"):
            raise UsageError(f"candidates[{i}]: expected {{name, residence}}")
        name = checked_text(c["name"], f"candidates[{i}].name")
        if not name:  # spaces alone name no one
            raise UsageError(f"candidates[{i}].name: blank; a candidate is named by a name")
        candidates.append(
            Candidate(name, checked_text(c.get("residence", ""), f"candidates[{i}].residence"))
        )
    return candidates


def _outcome(s: Submission, kind: FilingKind) -> Outcome | None:
    if s.outcome is None:
        return None
    if kind is not FilingKind.DETERMINATION:
        raise UsageError(
            f"outcome '{s.outcome}': only a determination of the board has an outcome, "
            f"not a paper of kind '{kind}'"
        )
    try:
        return Outcome(s.outcome)
    except ValueError:
        known = ", ".join(o.value for o in Outcome)
        raise UsageError(f"outcome '{s.outcome}': expected one of {known}") from None


def _postmark(s: Submission, how: Method, received: dt.datetime) -> dt.date | None:
    if s.postmark is None:
        return None
    postmark = parse_day(s.postmark, "postmark")
    if how is Method.IN_PERSON:
        raise UsageError(
            f"postmark '{s.postmark}': a paper delivered in person has no postmark "
            "(give method mail or overnight, or leave the postmark out)",
            fields=("method",),
        )
    if postmark.year < 1900:
        raise UsageError(f"postmark '{s.postmark}': year out of range")
    if postmark > local(received).date():
        raise UsageError(
            f"postmark '{s.postmark}': after the day the paper was received, "
            f"{local(received):%Y-%m-%d}"
        )
    return postmark


def _check_parts(paper: Paper) -> None:
    """What a paper of its kind must carry: the filing it refers to, an outcome, a candidate."""
    kind, category = paper.kind, KINDS[paper.kind].category
    if kind is FilingKind.SPECIFICATIONS and not paper.refers_to:
        raise UsageError("kind 'specifications': needs refers_to, the uid of the objection")
    if kind is FilingKind.OBJECTION and not paper.refers_to:
        raise UsageError(
            "kind 'objection': needs refers_to, the uid of the petition, certificate or "
            "notice objected to"
        )
    if category is Category.RECORD and not paper.refers_to:
        raise UsageError(f"kind '{kind}': needs refers_to, the uid of the filing concerned")
    if kind is FilingKind.DETERMINATION and paper.outcome is None:
        raise UsageError("kind 'determination': needs an outcome (valid, invalid, noncompliant)")
    if kind is FilingKind.DESIGNATING_PETITION and not paper.candidates:
        # § 6-132(1): the signers "designate the following named person (or persons) as a
        # candidate (or candidates)"; a petition naming nobody designates no one.
        raise UsageError(
            "kind 'designating_petition': names no candidate (§ 6-132(1): it designates "
            '"the following named person (or persons) as a candidate")'
        )


def special_of(
    s: Submission, specials: SpecialCalendars | None, other_law: object = None
) -> tuple[str | None, Calendar | None]:
    """The special election a submission names (its id as recorded) and its calendar, or
    (None, None) for a paper of the year's elections."""
    if s.special is None:
        return None, None
    given = checked_text(s.special, "special", 100)
    if not given:
        raise UsageError("special: empty; give the special election's id", fields=("special",))
    if specials is None:
        raise UsageError("special: this desk was not given the special elections' calendars")
    if other_law:
        raise UsageError(
            "special: a special election's papers are judged under the law in force for it; "
            "give no law or what_if with it",
            fields=("special",),
        )
    special, cal = specials(given)
    if cal.year != s.year:
        raise UsageError(
            f"year '{s.year}': special '{special}' is an election of {cal.year}",
            fields=("year", "special"),
        )
    return special, cal


def _uid(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    uid = checked_text(value, name, 36)
    if not uid:
        raise UsageError(f"{name}: empty; give the uid of the filing concerned")
    return uid


def check_reference(
    paper: Paper, target: Mapping[str, Any], received_as: str | None = None
) -> None:
    """Check a paper against the recorded filing it refers to (a row of the filings table), and
    note on the paper when and how that filing was received and judged.

    ``received_as`` is the received instant as the submission gave it (a late entry), so a
    refusal names it as typed, not converted to another offset."""
    if target["board"] != paper.board.id:
        raise UsageError(
            f"refers_to '{paper.refers_to}': filed with board {target['board']}, "
            f"not {paper.board.id}"
        )
    if target["year"] != paper.year:
        raise UsageError(
            f"refers_to '{paper.refers_to}': filed for the year {target['year']}, not {paper.year}"
        )
    target_kind = FilingKind(target["kind"])
    # Every refusal here names the input as given and the kinds one way: "a paper of kind 'x'".
    kinds = f"a paper of kind '{paper.kind}' cannot"
    if paper.kind is FilingKind.SPECIFICATIONS and target_kind is not FilingKind.OBJECTION:
        raise UsageError(
            f"refers_to '{paper.refers_to}': a paper of kind '{target_kind}'; {kinds} refer "
            "to anything but an objection"
        )
    if paper.kind is FilingKind.OBJECTION and KINDS[target_kind].category in (
        Category.OBJECTION,
        Category.RECORD,
    ):
        raise UsageError(
            f"refers_to '{paper.refers_to}': a paper of kind '{target_kind}'; {kinds} refer "
            "to anything but a petition, certificate or notice"
        )
    if paper.kind is FilingKind.WITHDRAWAL and target_kind is FilingKind.WITHDRAWAL:
        raise UsageError(
            f"refers_to '{paper.refers_to}': a paper of kind 'withdrawal'; {kinds} withdraw "
            "another withdrawal (withdraw the paper itself, or correct the entry)"
        )
    paper.refers_to_received = dt.datetime.fromisoformat(target["received_at"])
    if paper.received < paper.refers_to_received:
        stamp = f"{local(paper.received).isoformat(timespec='seconds')} (the desk's clock)"
        given = f"received '{received_as}'" if received_as else f"received {stamp}"
        raise UsageError(
            f"{given}: {kinds} be received before the paper it concerns, "
            f"refers_to '{paper.refers_to}' (received {target['received_at']})"
        )
    if target["filed_on"]:
        paper.refers_to_filed_on = dt.date.fromisoformat(target["filed_on"])
    paper.refers_to_timely = target["verdict"] == Verdict.TIMELY


def check_earlier(paper: Paper, earlier: Sequence[Mapping[str, Any]]) -> None:
    """Check a paper against the records that already refer to the same filing (rows of the
    filings table, in order): a paper withdrawn is not withdrawn again, and a determination
    that contradicts the current one must say it supersedes it."""
    if paper.kind is FilingKind.WITHDRAWAL:
        for r in earlier:
            if r["kind"] == FilingKind.WITHDRAWAL:
                raise UsageError(
                    f"refers_to '{paper.refers_to}': already withdrawn (withdrawal {r['uid']})"
                )
    if paper.kind is not FilingKind.DETERMINATION:
        return
    determinations = [r for r in earlier if r["kind"] == FilingKind.DETERMINATION]
    if paper.supersedes is not None:
        if paper.supersedes not in {r["uid"] for r in determinations}:
            raise UsageError(
                f"supersedes '{paper.supersedes}': not a determination of {paper.refers_to}"
            )
        return
    current = determinations[-1] if determinations else None
    if current is not None and paper.outcome is not None and current["outcome"] != paper.outcome:
        raise UsageError(
            f"outcome '{paper.outcome}': contradicts the determination {current['uid']} "
            f"({current['outcome']}); a new determination must say it supersedes that one"
        )
