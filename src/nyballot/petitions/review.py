"""Petition review: every signature line against the voter file, a cited ruling for each, and
the tally against the number required.

``review`` is the whole of it for the command line, the API and the pages: it takes the lines,
what the petition is for (``Request``) and a connection to the voter store, and gives the JSON
of the contract (``lines``, ``tally``, ``voter_file``, plus the period and the law used).
"""

from __future__ import annotations

import datetime as dt
import operator
import tempfile
from collections import Counter
from collections.abc import Iterator
from typing import Any

import duckdb
import orjson

from nyballot.errors import UsageError
from nyballot.petitions import rulings
from nyballot.petitions.law import NAME_READINGS, READINGS, grounds_for, name_readings, readings
from nyballot.petitions.lines import Line, Petition, Sheet
from nyballot.petitions.match import Match, Query, find_each
from nyballot.petitions.period import signing_period
from nyballot.petitions.request import Request, parse_units
from nyballot.petitions.rulings import Rules
from nyballot.petitions.shared import AmbiguousLines
from nyballot.petitions.tally import Count, required_dict
from nyballot.signatures.numbers import law_label
from nyballot.voters.layout import SHOWN_FIELDS
from nyballot.voters.store import voter_file

# Another petition's signers, by SBOEID: (petition uid, date signed).
OtherSigners = dict[str, list[tuple[str, dt.date | None]]]
# Lines looked up in the voter store at once: each batch is one pass of the store's joins, and
# its candidate rows (a few per line) wait in the store until the batch is ruled; the next
# batch is looked up meanwhile (``find_each``).
BATCH = 100_000


def _batches(total: int, size: int) -> list[range]:
    """The lookups' ranges of ``total`` queries: the first a quarter of ``size`` (the lines are
    scored as soon as it is looked up, while the next is), the rest ``size`` each."""
    if not total:
        return []
    first = min(total, max(1, size // 4))
    rest = range(first, total, size)
    return [range(0, first), *(range(start, min(start + size, total)) for start in rest)]


def check(request: Request) -> None:
    if request.kind == "designating" and not request.party:
        raise UsageError("party: a designating petition is a party's (e.g. DEM)", fields=("party",))
    if request.ambiguous_reading not in READINGS:
        raise UsageError(
            f"ambiguous_reading '{request.ambiguous_reading[:20]}': expected one of "
            f"{', '.join(READINGS)}",
            fields=("ambiguous_reading",),
        )
    if request.previous_name_reading not in NAME_READINGS:
        raise UsageError(
            f"previous_name_reading '{request.previous_name_reading[:20]}': expected one of "
            f"{', '.join(NAME_READINGS)}",
            fields=("previous_name_reading",),
        )
    if request.seats < 1:
        raise UsageError(f"seats {request.seats}: expected 1 or more", fields=("seats",))
    counts = (
        ("enrolled", request.enrolled),
        ("governor_votes", request.governor_votes),
        ("required", request.required),
    )
    for field, value in counts:
        if value is not None and value < 0:
            raise UsageError(f"{field} {value}: expected 0 or more", fields=(field,))


def review(
    con: duckdb.DuckDBPyConnection,
    petition: Petition,
    request: Request,
    others: OtherSigners | None = None,
) -> dict[str, Any]:
    """The whole review as one dict (the API's answer, a kept review)."""
    run = Review(con, petition, request, others)
    return {"lines": list(run.lines()), **run.rest()}


class Review:
    """One review, ruled a batch of lines at a time so that a million lines never hold a
    million voters' candidate rows at once: ``lines()`` gives each line's ruling in order;
    ``rest()``, once they are all given, the tally and what the review rests on.

    Which of a voter's lines counts is known only once every line is matched, so the rulings
    of the first pass wait in a temporary file, and the second adds § 6-136(2)'s "only one
    counts" to the others: the counted line is the voter's earliest signed of those that stand
    on their own, then by volume, sheet and line (``counted_first``), whatever the order of
    the rows. The second pass also reads each ambiguous line under the request's reading:
    valid when one of its voters who may sign is the voter of no other line and of no rival
    petition ("presumed", § 6-154(1)), or when each of them is ("either", § 6-154(3)(a)(i)),
    or never until a clerk chooses ("strict"); see ``rulings.why_not_standing``."""

    def __init__(
        self,
        con: duckdb.DuckDBPyConnection,
        petition: Petition,
        request: Request,
        others: OtherSigners | None = None,
    ) -> None:
        check(request)
        self.con, self.petition, self.request = con, petition, request
        self.others = others or {}
        self.period = signing_period(request.year, request.kind, request.law)
        self.rules = Rules(request.kind, request.party, request.units, self.period,
                           grounds_for(request.kind, request.year),
                           readings(request.year), request.ambiguous_reading,
                           name_readings(request.year),
                           request.previous_name_reading)  # fmt: skip
        self.held = voter_file(con)  # asked first: a store without a file fails before a line
        self.count = Count()

    def lines(self) -> Iterator[dict[str, Any]]:
        """Each line's ruling, in the file's order."""
        signed: dict[str, list[tuple[Any, ...]]] = {}
        # The ambiguous lines each voter may be the signer of (his matched lines are in
        # ``signed``: no count of every voter is kept beside it, for a million lines' memory).
        in_ambiguous: Counter[str] = Counter()
        shared = AmbiguousLines()
        with tempfile.TemporaryFile() as held:
            for number, ruled in enumerate(self._first_pass()):
                voter = ruled["voter"]
                if voter is not None:
                    signed.setdefault(str(voter["SBOEID"]), []).append(_order(ruled))
                elif ruled.get("candidates"):
                    in_ambiguous.update(rulings.voters_of(ruled))
                shared.add(number, ruled)
                held.write(orjson.dumps(ruled) + b"\n")
            counted = {sboeid: counted_first(places) for sboeid, places in signed.items()}
            together = shared.together(self.others)

            def lines_of(sboeid: str) -> int:
                return len(signed.get(sboeid, ())) + in_ambiguous[sboeid]

            held.seek(0)
            for number, raw in enumerate(held):
                ruled = orjson.loads(raw)
                first = counted.get(str(ruled["voter"]["SBOEID"])) if ruled["voter"] else None
                if ruled["valid"] and first is not None and first != _order(ruled)[1:]:
                    ruled["reasons"].append(rulings.signed_by(first, self.rules))
                    ruled["valid"] = False
                if ruled.get("candidates"):
                    whys = rulings.why_not_standing(
                        ruled, lines_of, self.others, number in together
                    )
                    rulings.read_ambiguous(ruled, whys, self.rules)
                self.count.add(ruled)
                yield ruled

    def _first_pass(self) -> Iterator[dict[str, Any]]:
        """Each line ruled on its own (no line yet struck as another's duplicate). The
        witnesses are looked up first, in the same batches as the lines (a petition under a
        batch is one pass of the store)."""
        sheets = sorted(self.petition.witnesses)
        total = len(sheets) + len(self.petition.lines)
        matched: dict[Sheet, Match | None] = {}
        unqualified: dict[Sheet, str] | None = None
        batches = _batches(total, BATCH)
        queries = ([self._query(sheets, n) for n in numbers] for numbers in batches)
        for numbers, found in zip(batches, find_each(self.con, queries), strict=True):
            for number, match in zip(numbers, found, strict=True):
                if number < len(sheets):
                    matched[sheets[number]] = match
                    continue
                if unqualified is None:
                    unqualified = self._unqualified(matched)
                    matched.clear()  # the witnesses' voters, not held through the lines
                line = self.petition.lines[number - len(sheets)]
                yield self._line(line, match, unqualified.get((line.volume, line.sheet), ""))

    def _query(self, sheets: list[Sheet], number: int) -> Query:
        """The ``number``th name and address looked up: the sheets' witnesses, then the lines."""
        if number < len(sheets):
            witness = self.petition.witnesses[sheets[number]]
            return Query(witness.name, witness.address)
        line = self.petition.lines[number - len(sheets)]
        return Query(line.name, line.address)

    def _unqualified(self, matched: dict[Sheet, Match | None]) -> dict[Sheet, str]:
        """Why each sheet's witness is not qualified, or '' (by volume and sheet)."""
        return {
            sheet: rulings.witness_reasons(
                self.petition.witnesses.get(sheet), matched.get(sheet), self.rules, None
            )
            for sheet in {(x.volume, x.sheet) for x in self.petition.lines}
        }

    def _line(self, line: Line, match: Match | None, unqualified: str) -> dict[str, Any]:
        witness = self.petition.witnesses.get((line.volume, line.sheet))
        reasons = rulings.date_reasons(line, self.rules, witness)
        out: dict[str, Any] = {
            "volume": line.volume,
            "sheet": line.sheet,
            "line": line.line,
            "row": line.row,
            "date": line.date.isoformat() if line.date else None,
            "name": line.name,
            "address": line.address,
        }
        if match is not None and rulings.unnamed_under_strict(match, self.rules):
            reasons.insert(0, rulings.previous_name_strict(match, self.rules))
            out.update(voter=None, match=match.as_dict())
        elif match is None:
            reasons.insert(
                0,
                rulings.reason(
                    self.rules.grounds["not_found"], "no voter at this address with this name"
                ),
            )
            out.update(voter=None, match=None)
        elif match.ambiguous:
            may = [(m.voter, rulings.may_sign(line, m.voter, self.rules))
                   for m in (match, *match.rivals)]  # fmt: skip
            reasons.insert(0, rulings.ambiguous(may, self.rules))
            out.update(voter=None, match=match.as_dict())
            out["candidates"] = [{**_shown(voter), "may_sign": allowed} for voter, allowed in may]
        else:
            reasons[:0] = rulings.voter_reasons(line, match, self.rules)
            sboeid = str(match.voter["SBOEID"])
            other = rulings.other_petitions(
                line, self.others.get(sboeid, []), self.request.seats, self.rules.grounds
            )
            if other is not None:
                reasons.append(other)
            out["voter"] = _shown(match.voter)
            out["match"] = {**match.as_dict(), "reading": rulings.reading(match, self.rules)}
        if unqualified:
            reasons.append(rulings.reason(self.rules.grounds["witness_not_qualified"], unqualified))
        out["valid"] = not reasons
        out["reasons"] = reasons
        return out

    def about(self) -> dict[str, Any]:
        """What the petition is for."""
        request = self.request
        return {
            "year": request.year,
            "kind": request.kind,
            "party": request.party,
            "unit": {name: value for name, value in request.units},
            "seats": request.seats,
            "law": law_label(request.law, request.year),
            "ambiguous_reading": request.ambiguous_reading,
            "previous_name_reading": request.previous_name_reading,
        }

    def rest(self) -> dict[str, Any]:
        """Everything of the review but its lines (call once ``lines()`` is exhausted)."""
        what_if = list(self.request.law.overlays)
        blank = self.petition.blank
        return {
            "tally": self.count.tally(_required(self.con, self.request)),
            "blank": {
                "lines": len(blank),
                "where": [{"volume": v, "sheet": s, "line": n} for v, s, n in blank],
            },
            "voter_file": self.held.as_dict(),
            "petition": self.about(),
            "period": self.period.as_dict(),
            "what_if": what_if,
            "law": law_label(self.request.law, self.request.year),
            "notes": [
                *_notes(self.held.date.isoformat(), what_if),
                rulings.reading_said(self.rules),
                rulings.name_reading_said(self.rules),
            ],
        }


_SHOWN = operator.itemgetter(*SHOWN_FIELDS)
_DATES = {dt.date, dt.datetime}


def _shown(voter: dict[str, Any]) -> dict[str, Any]:
    """The fields of the record a ruling shows, a date as ISO text."""
    values = _SHOWN(voter)
    if _DATES & set(map(type, values)):
        values = tuple(v.isoformat() if isinstance(v, dt.date) else v for v in values)
    return dict(zip(SHOWN_FIELDS, values, strict=True))


def _required(con: duckdb.DuckDBPyConnection, request: Request) -> dict[str, Any]:
    # Only a designating petition's number counts enrolled voters, which the file holds.
    counted = request.required is None and request.enrolled is None
    if counted and request.kind == "designating":
        return required_dict(request, enrolled_in_file(con, request), "the imported voter file")
    return required_dict(request, request.enrolled, "given (enrolled)")


def active_in_unit(party: str | None, units: tuple[tuple[str, str], ...]) -> tuple[str, list[Any]]:
    """The SQL condition (and its parameters) for the active voters of the party in the unit:
    not inactive, purged or pre-registered (§ 6-136(2) excludes inactive status), a unit's
    number matched as ``rulings.outside`` reads it (leading zeros aside)."""
    where = ["STATUS NOT IN ('I', 'P', '17')"]
    params: list[Any] = []
    if party:
        where.append("ENROLLMENT = ?")
        params.append(party)
    for name, value in units:
        where.append(f"ltrim(upper(\"{name}\"), '0') = ltrim(upper(?), '0')")
        params.append(value)
    return " AND ".join(where), params


def enrolled_in_file(con: duckdb.DuckDBPyConnection, request: Request) -> int:
    """Active voters of the party in the unit (§ 6-136(2) excludes inactive status)."""
    where, params = active_in_unit(request.party, request.units)
    found = con.execute(f"SELECT count(*) FROM voters WHERE {where}", params).fetchone()
    return int(found[0]) if found else 0


def _notes(file_date: str, what_if: list[str]) -> list[str]:
    notes = [f"Rulings rest on the voter file of {file_date}."]
    if what_if:
        notes.append(f"What-if: read under {', '.join(what_if)}, which is not law.")
    return notes


def _order(ruled: dict[str, Any]) -> tuple[Any, ...]:
    """Whether a line stands on its own, then its place in the order of counting."""
    return (ruled["valid"], ruled["date"] or "", ruled["volume"], ruled["sheet"], ruled["line"])


def counted_first(places: list[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    """Of one voter's lines, the one that counts: the earliest signed (an undated line is never
    counted) of those with no defect of their own, then by volume, sheet and line; None when
    every line falls on its own. A line struck for its own defect never strikes another."""
    standing = [p[1:] for p in places if p[0]]
    return min(standing) if standing else None


def signers(result: dict[str, Any]) -> list[tuple[str, dt.date | None, int, int, int]]:
    """The voters a reviewed petition's lines matched, with the date, sheet, line and volume
    (for § 6-134(3) across petitions)."""
    found = []
    for line in result["lines"]:
        if line["voter"] is not None:
            day = dt.date.fromisoformat(line["date"]) if line["date"] else None
            place = (line["sheet"], line["line"], int(line.get("volume") or 1))
            found.append((str(line["voter"]["SBOEID"]), day, *place))
    return found


__all__ = ["OtherSigners", "Request", "parse_units", "review"]
