"""A ballot as an election definition in NIST SP 1500-100 v2 JSON, and back.

Boards send their voting-system vendors election definitions, not PDFs. ``to_cdf`` writes the
ballot of one election district as an ``ElectionReport`` with ``Status: pre-election``: the
``Election`` (date, type), ``GpUnit``s for the state, county, district and election district, a
``Party`` for the ballot's party and every party or independent body a candidate stands for
(fusion: a ``CandidateSelection``'s ``EndorsementPartyIds``), a ``Person`` and ``Candidate`` per
name (``PreElectionStatus``, ``FileDate`` where the file gives it), a ``CandidateContest`` per
contest with ``VotesAllowed``, and one ``BallotStyle`` whose ``OrderedContent`` lists the
contests and, in each, the selections in ballot order. A joint slate is one selection naming
both candidates. ``from_cdf`` reads such a report back, checked against the schema the package
ships (``data/NIST_V2_election_results_reporting.json``, NIST's own file, with its notice).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from nyballot.ballot.model import Ballot, Contest, Line
from nyballot.ballot.render import law_line
from nyballot.errors import UsageError

SCHEMA = "data/NIST_V2_election_results_reporting.json"
T = "ElectionResults."


@cache
def schema() -> dict[str, Any]:
    text = resources.files("nyballot.ballot").joinpath(SCHEMA).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def problems(report: Any) -> list[str]:
    """What in ``report`` the NIST schema refuses, each with its place ("" when valid)."""
    from jsonschema import Draft4Validator

    errors = sorted(Draft4Validator(schema()).iter_errors(report), key=lambda e: list(e.path))
    return [f"{'/'.join(str(p) for p in e.path) or 'document'}: {e.message[:160]}" for e in errors]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-") or "x"


def _text(content: str) -> dict[str, Any]:
    lang = {"@type": T + "LanguageString", "Content": content, "Language": "en"}
    return {"@type": T + "InternationalizedText", "Text": [lang]}


def _read_text(value: Any) -> str:
    return str(value["Text"][0]["Content"]) if isinstance(value, dict) else ""


def _party_id(name: str) -> str:
    return f"party-{_slug(name)}"


def _units(ballot: Ballot) -> list[dict[str, Any]]:
    e = ballot.endorsement
    named = [
        ("gpu-ny", "state", "New York"),
        ("gpu-county", "county", e.get("county", "")),
        ("gpu-district", "other", e.get("district", "")),
        ("gpu-ed", "precinct", e.get("election_district", "") or ballot.place),
    ]
    return [
        {"@id": uid, "@type": T + "ReportingUnit", "Type": kind, "Name": _text(name)}
        for uid, kind, name in named
        if name
    ]


def _parties(ballot: Ballot) -> list[dict[str, Any]]:
    names = [ballot.party]
    for contest in ballot.contests:
        for line in _all_lines(contest):
            names += [p for p in line.parties if p not in names]
    independent = set(ballot.independent_bodies)
    return [
        {
            "@id": _party_id(n),
            "@type": T + "Party",
            "Name": _text(n),
            "IsRecognizedParty": n not in independent,
        }
        for n in names
    ]


def _all_lines(contest: Contest) -> list[Line]:
    return [x for line in contest.lines for x in (line, *line.children)]


def _candidate(line: Line, party: str) -> dict[str, Any]:
    found: dict[str, Any] = {
        "@id": f"cand-{line.id}",
        "@type": T + "Candidate",
        "BallotName": _text(line.printed),
        "PersonId": f"per-{line.id}",
        "PartyId": _party_id(party),
        "PreElectionStatus": "qualified",
    }
    if line.filed:
        found["FileDate"] = line.filed
    if line.label:  # a running mate: the office it is printed under, in the same row
        found["ExternalIdentifier"] = [_kept("nyballot-label", line.label)]
    return found


def _kept(name: str, value: str) -> dict[str, Any]:
    """What the schema has no field for, kept as an identifier of type "other"."""
    return {"@type": T + "ExternalIdentifier", "Type": "other", "OtherType": name, "Value": value}


def _kept_value(raw: dict[str, Any], name: str, default: str) -> str:
    found = (x["Value"] for x in raw.get("ExternalIdentifier", []) if x.get("OtherType") == name)
    return str(next(found, default))


def _contest(contest: Contest, party: str) -> tuple[dict[str, Any], list[str]]:
    selections, order = [], []
    for n, line in enumerate(contest.lines, start=1):
        sid = f"sel-{contest.office}-{n}"
        parties = [_party_id(p) for p in [party, *line.parties]]
        selections.append(
            {
                "@id": sid,
                "@type": T + "CandidateSelection",
                "SequenceOrder": n,
                "CandidateIds": [f"cand-{x.id}" for x in (line, *line.children)],
                "EndorsementPartyIds": parties,
            }
        )
        order.append(sid)
    found = {
        "@id": f"con-{contest.office}",
        "@type": T + "CandidateContest",
        "Name": contest.title,
        "BallotTitle": _text(contest.title),
        "ElectionDistrictId": "gpu-ny",
        "VotesAllowed": contest.seats,
        "PrimaryPartyIds": [_party_id(party)],
        "ContestSelection": selections,
        "ExternalIdentifier": [_kept("nyballot-kind", contest.kind)],
    }
    return found, order


def _election(ballot: Ballot, unit: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The ``Election`` (contests, candidates, the ballot style) and the persons it names."""
    contests, content, candidates, persons = [], [], [], []
    for contest in ballot.contests:
        found, order = _contest(contest, ballot.party)
        contests.append(found)
        content.append({"@type": T + "OrderedContest", "ContestId": found["@id"],
                        "OrderedContestSelectionIds": order})  # fmt: skip
        for line in _all_lines(contest):
            candidates.append(_candidate(line, ballot.party))
            persons.append({"@id": f"per-{line.id}", "@type": T + "Person",
                            "FullName": _text(line.full_name)})  # fmt: skip
    style = {"@type": T + "BallotStyle", "GpUnitIds": [unit],
             "PartyIds": [_party_id(ballot.party)], "OrderedContent": content}  # fmt: skip
    election = {"@type": T + "Election", "Name": _text(f"{ballot.party} primary"),
                "Type": "partisan-primary-closed", "ElectionScopeId": "gpu-ny",
                "StartDate": ballot.date, "EndDate": ballot.date, "Candidate": candidates,
                "Contest": contests, "BallotStyle": [style]}  # fmt: skip
    return election, persons


def to_cdf(ballot: Ballot, generated: str) -> dict[str, Any]:
    """The ballot as a NIST SP 1500-100 v2 ``ElectionReport`` (``generated``: ISO date-time)."""
    units = _units(ballot)
    election, persons = _election(ballot, units[-1]["@id"])
    report: dict[str, Any] = {
        "@type": T + "ElectionReport", "Format": "summary-contest", "GeneratedDate": generated,
        "Issuer": "nyballot", "IssuerAbbreviation": "nyballot", "SequenceStart": 1,
        "SequenceEnd": 1, "Status": "pre-election", "VendorApplicationId": "nyballot",
        "Notes": f"{law_line(ballot)}; seed: {ballot.seed or ''}; input sha256 "
                 f"{ballot.input_digest}",
        "IsTest": ballot.what_if,  # a what-if is no definition any board runs
        "GpUnit": units, "Party": _parties(ballot), "Person": persons, "Election": [election],
    }  # fmt: skip
    return report


def from_cdf(report: Any, source: str) -> Ballot:
    """The ballot an election definition describes, in its ballot style's order."""
    found = problems(report)
    if found:
        raise UsageError(f"{source}: not a NIST SP 1500-100 v2 election report: {found[0]}")
    elections = report.get("Election", [])
    if len(elections) != 1 or len(elections[0].get("BallotStyle", [])) != 1:
        raise UsageError(f"{source}: expected one Election with one BallotStyle")
    election = elections[0]
    try:
        return _ballot(report, election, source)
    except (KeyError, IndexError, TypeError) as exc:
        raise UsageError(f"{source}: an id the ballot style names is not defined ({exc})") from None


def _ballot(report: dict[str, Any], election: dict[str, Any], source: str) -> Ballot:
    style = election["BallotStyle"][0]
    parties = {p["@id"]: _read_text(p.get("Name")) for p in report.get("Party", [])}
    people = {p["@id"]: _read_text(p.get("FullName")) for p in report.get("Person", [])}
    candidates = {c["@id"]: c for c in election.get("Candidate", [])}
    contests = {c["@id"]: c for c in election.get("Contest", [])}
    units = {u.get("Type"): _read_text(u.get("Name")) for u in report.get("GpUnit", [])}
    party = parties[style["PartyIds"][0]]
    ballot = Ballot(
        party=party,
        place=units.get("precinct", ""),
        law=f"as read from {source}",
        law_title="the election definition's own order",
        seed=None,
        district_index=1,
        date=election.get("StartDate", ""),
        law_chosen="no law applied: the order is the definition's",
    )
    ballot.endorsement = {
        "county": units.get("county", ""),
        "district": units.get("other", ""),
        "election_district": units.get("precinct", ""),
    }
    ballot.independent_bodies = [
        parties[p["@id"]] for p in report.get("Party", []) if p.get("IsRecognizedParty") is False
    ]
    for item in style.get("OrderedContent", []):
        raw = contests[item["ContestId"]]
        kind = _kept_value(raw, "nyballot-kind", "public-office")
        office = raw["@id"].removeprefix("con-")
        contest = Contest(office, raw["Name"], kind, int(raw.get("VotesAllowed", 1)))
        selections = {s["@id"]: s for s in raw.get("ContestSelection", [])}
        for sid in item.get("OrderedContestSelectionIds", []):
            contest.lines.append(_line(selections[sid], candidates, people, parties, party))
        ballot.contests.append(contest)
    return ballot


def _line(
    selection: dict[str, Any],
    candidates: dict[str, Any],
    people: dict[str, str],
    parties: dict[str, str],
    party: str,
) -> Line:
    ids = selection.get("CandidateIds", [])
    others = [parties[p] for p in selection.get("EndorsementPartyIds", [])]
    lines = []
    for cid in ids:
        c = candidates[cid]
        line = Line(
            cid.removeprefix("cand-"),
            people.get(c.get("PersonId", ""), ""),
            _read_text(c["BallotName"]),
            filed=c.get("FileDate", ""),
            label=_kept_value(c, "nyballot-label", ""),
        )
        lines.append(line)
    head = lines[0]
    head.parties = [p for p in others if p != party]
    head.children = lines[1:]
    return head
