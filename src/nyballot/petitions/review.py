"""Petition review: every signature line against the voter file, a cited ruling for each, and
the tally against the number required.

``review`` is the whole of it for the command line, the API and the pages: it takes the lines,
what the petition is for (``Request``) and a connection to the voter store, and gives the JSON
of the contract (``lines``, ``tally``, ``voter_file``, plus the period and the law used).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import duckdb

from nyballot.errors import UsageError
from nyballot.petitions import rulings
from nyballot.petitions.law import GROUNDS
from nyballot.petitions.lines import Line, Petition
from nyballot.petitions.match import Match, Query, find
from nyballot.petitions.period import signing_period
from nyballot.petitions.request import Request, parse_units
from nyballot.petitions.rulings import Rules
from nyballot.petitions.tally import required_dict, tally
from nyballot.voters.layout import SHOWN_FIELDS
from nyballot.voters.store import voter_file

# Another petition's signers, by SBOEID: (petition uid, date signed).
OtherSigners = dict[str, list[tuple[str, dt.date | None]]]


def check(request: Request) -> None:
    if request.kind == "designating" and not request.party:
        raise UsageError("party: a designating petition is a party's (e.g. DEM)", fields=("party",))
    if request.seats < 1:
        raise UsageError(f"seats {request.seats}: expected 1 or more", fields=("seats",))
    for field, value in (("enrolled", request.enrolled), ("required", request.required)):
        if value is not None and value < 0:
            raise UsageError(f"{field} {value}: expected 0 or more", fields=(field,))


def review(
    con: duckdb.DuckDBPyConnection,
    petition: Petition,
    request: Request,
    others: OtherSigners | None = None,
) -> dict[str, Any]:
    check(request)
    period = signing_period(request.year, request.kind, request.law)
    rules = Rules(request.kind, request.party, request.units, period)
    sheets = sorted(petition.witnesses)
    queries = [Query(x.name, x.address) for x in petition.lines]
    queries += [Query(petition.witnesses[s].name, petition.witnesses[s].address) for s in sheets]
    matches = find(con, queries)
    signer_matches = matches[: len(petition.lines)]
    witness_matches = dict(zip(sheets, matches[len(petition.lines) :], strict=True))
    unqualified = {
        sheet: rulings.witness_reasons(
            petition.witnesses.get(sheet), witness_matches.get(sheet), rules, None
        )
        for sheet in {x.sheet for x in petition.lines}
    }
    first_of: dict[str, Line] = {}
    lines = []
    for line, match in zip(petition.lines, signer_matches, strict=True):
        lines.append(_line(line, match, rules, petition, unqualified, first_of, others, request))
    required = _required(con, request)
    held = voter_file(con)
    what_if = list(request.law.overlays)
    return {
        "lines": lines,
        "tally": tally(lines, required),
        "voter_file": held.as_dict(),
        "petition": {
            "year": request.year,
            "kind": request.kind,
            "party": request.party,
            "unit": {name: value for name, value in request.units},
            "seats": request.seats,
        },
        "period": period.as_dict(),
        "what_if": what_if,
        "notes": _notes(held.date.isoformat(), what_if),
    }


def _line(
    line: Line,
    match: Match | None,
    rules: Rules,
    petition: Petition,
    unqualified: dict[int, str],
    first_of: dict[str, Line],
    others: OtherSigners | None,
    request: Request,
) -> dict[str, Any]:
    witness = petition.witnesses.get(line.sheet)
    reasons = rulings.date_reasons(line, rules, witness)
    out: dict[str, Any] = {
        "sheet": line.sheet,
        "line": line.line,
        "row": line.row,
        "date": line.date.isoformat() if line.date else None,
        "name": line.name,
        "address": line.address,
    }
    if match is None:
        reasons.insert(
            0, rulings.reason(GROUNDS["not_found"], "no voter at this address with this name")
        )
        out.update(voter=None, match=None)
    else:
        reasons[:0] = rulings.voter_reasons(line, match, rules)
        sboeid = str(match.voter["SBOEID"])
        if sboeid in first_of:
            reasons.append(rulings.signed_by(line, first_of[sboeid]))
        else:
            first_of[sboeid] = line
        other = rulings.other_petitions(line, (others or {}).get(sboeid, []), request.seats)
        if other is not None:
            reasons.append(other)
        out["voter"] = {k: _plain(match.voter.get(k)) for k in SHOWN_FIELDS}
        out["match"] = {**match.as_dict(), "reading": rulings.reading(match)}
    if unqualified.get(line.sheet):
        reasons.append(rulings.reason(GROUNDS["witness_not_qualified"], unqualified[line.sheet]))
    out["valid"] = not reasons
    out["reasons"] = reasons
    return out


def _plain(value: object) -> object:
    return value.isoformat() if isinstance(value, dt.date) else value


def _required(con: duckdb.DuckDBPyConnection, request: Request) -> dict[str, Any]:
    if request.required is not None or request.enrolled is not None:
        return required_dict(request, request.enrolled, "given (enrolled)")
    return required_dict(request, enrolled_in_file(con, request), "the imported voter file")


def enrolled_in_file(con: duckdb.DuckDBPyConnection, request: Request) -> int:
    """Active voters of the party in the unit (§ 6-136(2) excludes inactive status)."""
    where = ["STATUS NOT IN ('I', 'P', '17')"]
    params: list[Any] = []
    if request.party:
        where.append("ENROLLMENT = ?")
        params.append(request.party)
    for name, value in request.units:
        where.append(f"ltrim(upper(\"{name}\"), '0') = ltrim(upper(?), '0')")
        params.append(value)
    row = con.execute(f"SELECT count(*) FROM voters WHERE {' AND '.join(where)}", params)
    found = row.fetchone()
    return int(found[0]) if found else 0


def _notes(file_date: str, what_if: list[str]) -> list[str]:
    notes = [f"Rulings rest on the voter file of {file_date}."]
    if what_if:
        notes.append(f"What-if: read under {', '.join(what_if)}, which is not law.")
    return notes


def signers(result: dict[str, Any]) -> list[tuple[str, dt.date | None, int, int]]:
    """The voters a reviewed petition's lines matched (for § 6-134(3) across petitions)."""
    found = []
    for line in result["lines"]:
        if line["voter"] is not None:
            day = dt.date.fromisoformat(line["date"]) if line["date"] else None
            found.append((str(line["voter"]["SBOEID"]), day, line["sheet"], line["line"]))
    return found


__all__ = ["OtherSigners", "Request", "parse_units", "review"]
