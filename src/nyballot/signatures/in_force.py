"""Signature numbers under the law in force in a year: §§ 6-136, 6-142 and 6-164 as shipped,
with the one-year measures of that year (data/in_force.yaml).

The year picks the words: the statute's numbers, then each measure of the year in turn (a new
percentage, a fraction of every stated number, or numbers of its own). A limit no shipped text
gives is "text not found", and the five per centum alone is given; a number from a secondary
source is marked as resting on it. A measure that leaves the city of New York alone gives, for a
unit that may lie in or outside the city, one answer for each.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

import yaml

from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.model import secondary_mark
from nyballot.law.reading import read_evidence
from nyballot.signatures.requirements import Inputs, Requirement, SignatureStep, count, table

PETITIONS = ("designating", "independent", "otb")
SECONDARY = "[secondary source] "
NOT_BINDING = "does not bind"  # a limit's step that leaves the number as it was


@cache
def data() -> dict[str, Any]:
    path = resources.files("nyballot.signatures").joinpath("data/in_force.yaml")
    loaded: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


@dataclass(frozen=True)
class Cap:
    """A limit on the number required: its words, and what it rests on."""

    number: int
    cite: str
    law: str
    evidence: str = ""
    unverified: str = ""


def unit_for(office: str | None, unit: str | None) -> str:
    """The political unit asked for, or the one whose voters fill the office."""
    units: dict[str, Any] = data()["units"]
    offices: dict[str, str] = data()["offices"]
    if office is not None and office not in offices:
        raise UsageError(f"office '{office}': not mapped to a unit{suggest(office, offices)}")
    if unit is not None and unit not in units:
        raise UsageError(f"unit '{unit}': unknown{suggest(unit, units)}; known: {', '.join(units)}")
    if office is not None and unit is not None and offices[office] != unit:
        raise UsageError(f"unit '{unit}': {office} is filled by the voters of {offices[office]}")
    found = unit or (offices[office] if office else None)
    if found is None:
        raise UsageError("unit: name the political unit, or the office")
    return found


def in_force(
    petition: str,
    year: int,
    inputs: Inputs,
    *,
    unit: str | None = None,
    office: str | None = None,
) -> list[Requirement]:
    """The signatures a petition needs under the law in force in ``year``, one requirement per
    place a measure tells apart."""
    first, last = data()["covers"]
    if not first <= year <= last:
        raise OutOfCoverageError(
            f"year {year}: signature numbers under the law in force are given for {first} to "
            f"{last}; for earlier years name a law version"
        )
    if petition not in PETITIONS:
        raise UsageError(f"petition '{petition}': expected one of {', '.join(PETITIONS)}")
    where = unit_for(office, unit)
    kind = "designating" if petition == "otb" else petition  # § 6-164: the designating number
    measures = [m for m in data()["measures"] if year in m["years"] and m["petition"] == kind]
    places = [""]
    if data()["units"][where]["nyc"] == "either" and any(m.get("outside_nyc") for m in measures):
        places = ["in the city of New York", "outside the city of New York"]
    found = []
    for place in places:
        if petition == "independent":
            req = _independent(where, year, inputs, measures)
        else:
            req = _designating(where, year, inputs, measures, place)
        req.where = place
        if office is not None:
            known = table()["offices"].get(office, {})
            req.office, req.office_title = office, known.get("title", office.replace("-", " "))
        if petition == "otb":
            _as_otb(req)
        _notes(req, office, measures)
        found.append(req)
    return found


def _requirement(petition: str, unit: str, year: int, cite: str) -> Requirement:
    return Requirement(
        office="",
        office_title="",
        unit=unit,
        unit_title=data()["units"][unit]["title"],
        law=f"law in force in {year}",
        petition=data()[petition]["petition"],
        cite=cite,
        number=0,
        year=year,
    )


def _count_of(value: int | None, name: str, why: str) -> int:
    if value is None:
        raise UsageError(f"{name}: required ({why})")
    if value < 0:
        raise UsageError(f"{name}: must not be negative, not {value}")
    if value == 0:
        raise UsageError(f"{name}: 0 gives no number of signers; give the count in the unit")
    return value


def _share(percent: Fraction, base: int, what: str) -> tuple[int, str]:
    exact = percent * base
    number = math.ceil(exact)
    shown = f"{float(percent * 100):g}% of {base:,} {what} = {float(exact):,.4f}".rstrip("0")
    shown = shown.rstrip(".")
    if exact.denominator != 1:
        shown += f", rounded up to a whole signer: {number:,}"
    return number, shown


def _mark(req: Requirement, evidence: str = "", unverified: str = "") -> None:
    if evidence and evidence not in req.evidence:
        req.evidence = "; ".join(filter(None, [req.evidence, evidence]))
    if unverified and unverified not in req.unverified:
        req.unverified = " ".join(filter(None, [req.unverified, " ".join(unverified.split())]))


def _secondary(raw: dict[str, Any]) -> str:
    """The mark of a number resting on a secondary source, "" for one that does not."""
    return secondary_mark(*read_evidence(raw, f"in_force.yaml {raw.get('cite', '')}"))


def _cap(raw: dict[str, Any]) -> Cap:
    evidence = _secondary(raw)
    return Cap(int(raw["number"]), raw["cite"], raw["law"], evidence, raw.get("unverified", ""))


def _designating(
    unit: str, year: int, inputs: Inputs, measures: list[dict[str, Any]], place: str
) -> Requirement:
    table = data()["designating"]
    enrolled = _count_of(
        inputs.enrolled, "enrolled", "§ 6-136 counts the enrolled voters of the party in the unit"
    )
    if unit == "state":
        rule = table["statewide"]
        req = _requirement("designating", unit, year, rule["cite"])
        req.inputs["enrolled"] = enrolled
        stated, percent = int(rule["number"]), Fraction(int(rule["percent"]), 100)
        cite, law = rule["cite"], rule["law"]
        for m in measures:
            if m.get("statewide"):
                percent = Fraction(*m["percent"]) / 100
                stated = _scaled(stated, m["caps"])
                cite, law = m["cite"], m["law"]
                req.measures.append(m["id"])
        share, shown = _share(percent, enrolled, "enrolled voters")
        req.number = min(stated, share)
        req.steps.append(
            SignatureStep(
                f"{shown}; the lesser of {stated:,} and {share:,} is {req.number:,}.", cite, law
            )
        )
        req.spread = " ".join(rule["spread"].split())
        req.steps.append(SignatureStep(f"and {req.spread}.", rule["cite"], rule["spread"]))
        req.cite = cite
        return req
    rule = table["percent"]
    req = _requirement("designating", unit, year, rule["cite"])
    req.inputs["enrolled"] = enrolled
    percent, cite, law = Fraction(int(rule["percent"]), 100), rule["cite"], rule["law"]
    raw = table["caps"].get(unit)
    cap = _cap(raw) if raw else None
    for m in measures:
        if m.get("words_missing"):
            req.notes.append(f"{m['id']} (§ {m['cite']}): {' '.join(m['words_missing'].split())}")
            continue
        if m.get("outside_nyc") and (place == "in the city of New York" or _in_nyc(unit)):
            req.notes.append(f"{m['id']} (§ {m['cite']}) leaves the city of New York alone.")
            continue
        req.measures.append(m["id"])
        if "percent" in m:
            percent, cite, law = Fraction(*m["percent"]) / 100, m["cite"], m["law"]
        if cap is not None and "caps" in m:
            cap = _measured(cap, m, unit, req)
    share, shown = _share(percent, enrolled, "enrolled voters of the party")
    req.steps.append(SignatureStep(f"{shown}.", cite, law))
    req.number, req.cite = share, cite
    if cap is None:
        why = "in § 6-136(2)(f)-(j)" if unit in table["not_found"] else "in § 6-136(2)"
        req.steps.append(SignatureStep(f"The limit for {req.unit_title}: text not found ({why})."))
        return _limit(req, None)
    return _limit(req, cap)


def _in_nyc(unit: str) -> bool:
    return bool(data()["units"][unit]["nyc"] == "nyc")


def _scaled(number: int, rule: dict[str, Any]) -> int:
    value = Fraction(number) * Fraction(*rule["fraction"])
    return math.floor(value) if rule.get("round") == "down" else math.ceil(value)


def _measured(cap: Cap, m: dict[str, Any], key: str, req: Requirement) -> Cap:
    """A limit as a one-year measure changes it: its own number, or a fraction of the stated."""
    rule = m["caps"]
    own = (rule.get("found") or {}).get(key)
    if own is not None:
        return Cap(int(own), m["cite"], m["law"])
    number = _scaled(cap.number, rule)
    fraction = Fraction(*rule["fraction"])
    how = "rounded down" if rule.get("round") == "down" else "exactly"
    evidence = cap.evidence
    law, source_note = m["law"], ""
    if rule.get("evidence"):
        evidence = "; ".join(filter(None, [evidence, _secondary(rule)]))
        law = rule["secondary_law"]
        source_note = SECONDARY
    req.steps.append(
        SignatureStep(
            f"{source_note}{m['id']}: {fraction} of the limit of {cap.number:,} is {number:,} "
            f"({how}).",
            m["cite"],
            law,
        )
    )
    return Cap(number, m["cite"], law, evidence, cap.unverified)


def _limit(req: Requirement, cap: Cap | None) -> Requirement:
    if cap is None:
        return req
    mark = SECONDARY if cap.evidence else ""
    _mark(req, cap.evidence, cap.unverified)
    if cap.number < req.number:
        req.steps.append(
            SignatureStep(f"{mark}Limit: need not exceed {cap.number:,}.", cap.cite, cap.law)
        )
        req.number, req.cite = cap.number, cap.cite
    else:
        req.steps.append(
            SignatureStep(f"{mark}Limit of {cap.number:,} {NOT_BINDING}.", cap.cite, cap.law)
        )
    return req


def _independent(
    unit: str, year: int, inputs: Inputs, measures: list[dict[str, Any]]
) -> Requirement:
    table = data()["independent"]
    votes = _count_of(
        inputs.votes_for_governor,
        "votes_for_governor",
        "§ 6-142 counts the votes cast for governor at the last gubernatorial election",
    )
    if unit == "state":
        rule = next(r for r in table["statewide"] if r["years"][0] <= year <= r["years"][1])
        req = _requirement("independent", unit, year, rule["cite"])
        req.inputs["votes_for_governor"] = votes
        stated = int(rule["number"])
        if "percent" in rule:
            share, shown = _share(Fraction(int(rule["percent"]), 100), votes, "votes for governor")
            req.number = min(stated, share)
            text = f"{shown}; the lesser of {stated:,} and {share:,} is {req.number:,}."
        else:
            req.number, text = stated, f"{count(stated, 'signature')}."
        req.steps.append(SignatureStep(text, rule["cite"], rule["law"]))
        req.spread = " ".join(rule["spread"].split())
        req.steps.append(SignatureStep(f"and {req.spread}.", rule["cite"], rule["spread"]))
        _mark(req, unverified=rule.get("unverified", ""))
        return _signers(req, table)
    rule = table["percent"]
    req = _requirement("independent", unit, year, rule["cite"])
    req.inputs["votes_for_governor"] = votes
    percent, cite, law = Fraction(int(rule["percent"]), 100), rule["cite"], rule["law"]
    caps = {k: _cap(c) for k, c in table["caps"].items() if unit in c["units"]}
    for m in measures:
        req.measures.append(m["id"])
        percent, cite, law = Fraction(*m["percent"]) / 100, m["cite"], m["law"]
        caps = {k: _measured(c, m, k, req) for k, c in caps.items()}
    share, shown = _share(percent, votes, "votes for governor")
    req.steps.append(SignatureStep(f"{shown}.", cite, law))
    req.number, req.cite = share, cite
    for cap in sorted(caps.values(), key=lambda c: -c.number):
        _limit(req, cap)
    return _signers(req, table)


def _signers(req: Requirement, table: dict[str, Any]) -> Requirement:
    who = table["who_may_sign"]
    req.steps.append(
        SignatureStep("Signed by registered voters of the unit.", who["cite"], who["law"])
    )
    return req


def _as_otb(req: Requirement) -> None:
    otb = data()["otb"]
    req.petition = otb["petition"]
    req.steps.append(
        SignatureStep(
            f"The same number as a designating petition: {count(req.number, 'signature')}.",
            otb["cite"],
            otb["law"],
        )
    )
    req.cite = f"{otb['cite']}; {req.cite}"


def _notes(req: Requirement, office: str | None, measures: list[dict[str, Any]]) -> None:
    city = office in data()["city_offices"] if office else _in_nyc(req.unit)
    if city:
        overrides = any(m.get("charter") == "overrides" for m in measures)
        req.notes.append(
            "The New York City Charter sets its own numbers for city offices and is not "
            "shipped: for a city office the Charter may require fewer signatures."
            + (
                " This year's measure applies notwithstanding greater Charter thresholds."
                if overrides
                else ""
            )
        )
    if req.evidence:
        req.notes.append(f"The number rests on a secondary source ({req.evidence}).")
    if req.unverified:
        req.notes.append(f"Unverified: {req.unverified}")
