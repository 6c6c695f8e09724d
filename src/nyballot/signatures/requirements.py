"""How many signatures a petition needs, with the arithmetic and the words behind it.

The numbers are data (``data/requirements.yaml``); this module only reads them and does the
arithmetic. A percentage of voters is rounded up to a whole signature: "signed by voters
numbering five per centum" of 30,001 votes (1,500.05) cannot be met by 1,500 signers. The steps
say so whenever the rounding matters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

import yaml

from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import provision


@dataclass(frozen=True)
class SignatureStep:
    """One line of a derivation: the arithmetic, its cite and the quoted words."""

    text: str
    cite: str = ""
    law: str = ""


@dataclass
class Requirement:
    """The number of signatures one petition needs, and how it was found."""

    office: str
    office_title: str
    unit: str
    unit_title: str
    law: str
    petition: str
    cite: str
    number: int
    spread: str = ""
    steps: list[SignatureStep] = field(default_factory=list)
    inputs: dict[str, int] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    year: int | None = None  # the year whose law in force answered (None: a law named)
    where: str = ""  # "in the city of New York" where a measure treats the city apart
    measures: list[str] = field(default_factory=list)  # one-year measures applied
    evidence: str = ""  # "secondary: <source>" when the number rests on a secondary source
    unverified: str = ""  # why the words applied may not be the words in force


@dataclass(frozen=True)
class Inputs:
    """Facts the law needs and the user supplies."""

    votes_for_governor: int | None = None
    enrolled: int | None = None
    congressional_districts: int | None = None
    larger_requirement: int | None = None


@cache
def table() -> dict[str, Any]:
    """The requirement data, loaded once."""
    path = resources.files("nyballot.signatures").joinpath("data/requirements.yaml")
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def _fmt(n: int | Fraction) -> str:
    if isinstance(n, Fraction) and n.denominator != 1:
        whole = n.numerator // n.denominator
        rest = n - whole
        digits = f"{float(rest):.4f}"[1:].rstrip("0")
        return f"{whole:,}{digits}"
    return f"{int(n):,}"


def _ceil(value: Fraction) -> int:
    return math.ceil(value)


def count(n: int, word: str) -> str:
    """'1 signature', '1,500 signatures'."""
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def _need(value: int | None, field: str, why: str, zero: str = "") -> int:
    """A count the user must give: present and whole; ``zero`` says why 0 is no answer."""
    if value is None:
        raise UsageError(f"{field} is required: {why}")
    if value < 0:
        raise UsageError(f"{field} must not be negative, not {value}")
    if value == 0 and zero:
        raise UsageError(f"{field} 0: {zero}")
    return value


def _office(office: str) -> dict[str, Any]:
    offices: dict[str, Any] = table()["offices"]
    if office not in offices:
        raise UsageError(
            f"office {office}: unknown office{suggest(office, offices)}; known: "
            + ", ".join(offices)
        )
    found: dict[str, Any] = offices[office]
    return found


def _unit(office: str, spec: dict[str, Any], district: str | None) -> str:
    units: dict[str, str] = table()["units"]
    if district is not None and district not in units:
        raise UsageError(
            f"district {district}: unknown kind of district{suggest(district, units)}; known: "
            + ", ".join(units)
        )
    fixed = spec.get("unit")
    if fixed and district and district != fixed:
        raise UsageError(
            f"district {district}: {office} is filled by {units[fixed]} ({fixed}), not "
            f"{units[district]}"
        )
    unit = fixed or district
    if unit is None:
        raise UsageError(
            f"district is required for {office}: name the political unit, one of "
            + ", ".join(units)
        )
    return str(unit)


def signatures(
    office: str,
    choice: LawChoice,
    inputs: Inputs,
    *,
    district: str | None = None,
    section: str | None = None,
) -> list[Requirement]:
    """Every requirement the texts give for ``office`` under ``choice`` (one per petition)."""
    spec = _office(office)
    unit = _unit(office, spec, district)
    kind = spec.get("rules")
    if kind:
        found = _presidential(office, spec, unit, kind, choice, inputs, section)
    elif section:
        raise UsageError("section applies only to president, uncommitted and delegates")
    else:
        found = [_nominating(office, spec, unit, choice, inputs)]
    for name, value in vars(inputs).items():
        if value is not None and all(name not in req.inputs for req in found):
            found[-1].notes.append(f"{name} {value} was given but not used.")
    return found


def _requirement(
    office: str,
    spec: dict[str, Any],
    unit: str,
    choice: LawChoice,
    petition: str,
    cite: str,
    number: int,
) -> Requirement:
    """A requirement of ``office`` in ``unit`` under ``choice``, before its steps are added."""
    return Requirement(
        office=office,
        office_title=spec["title"],
        unit=unit,
        unit_title=table()["units"][unit],
        law=choice.label,
        petition=petition,
        cite=cite,
        number=number,
    )


def _nominating(
    office: str, spec: dict[str, Any], unit: str, choice: LawChoice, inputs: Inputs
) -> Requirement:
    data = table()["nominating"]
    # A law that makes every nomination by petition gives these numbers to all of them.
    by_petition = provision(choice, "nomination.by_petition")
    if by_petition is None and choice.law not in data["versions"]:
        raise OutOfCoverageError(
            f"{office} under {choice.label}: this reading of § 6-142 is the one before 2019 (the "
            "old-law reading of S.5305-A). Ask with a year for the numbers under the law in "
            "force, under the law version pre-2019, or with the bill S5305A for its numbers."
        )
    which = "by_petition" if by_petition is not None else "independent"
    units: dict[str, str] = table()["units"]
    req = _requirement(office, spec, unit, choice, data["petition"][which], "6-142", 0)
    if which == "independent":
        req.notes.append(
            "Under the law before S.5305-A, § 6-142 sets the numbers for independent nominating "
            "petitions; party designating petitions (§ 6-136) are not among the shipped texts."
        )
    else:
        req.notes.append(
            "S.5305-A makes every nomination for public office by nominating petition (§ 6-110 "
            "as amended) and repeals §§ 6-130 to 6-136, so these numbers apply to all of them."
        )
    if unit == "state":
        rule = data["statewide"]
        req.cite = rule["cite"]
        req.number = int(rule["number"])
        n = inputs.congressional_districts
        if n is not None and n < 1:
            raise UsageError(
                f"congressional_districts must be at least 1, not {n}",
                fields=("congressional_districts",),
            )
        if n is None:
            req.spread = (
                f"at least {rule['spread']} signers residing in each of one-half of the "
                "congressional districts (give congressional_districts to count them)"
            )
        else:
            half = math.ceil(Fraction(n, 2))
            req.inputs["congressional_districts"] = n
            req.spread = (
                f"at least {rule['spread']} signers residing in each of {half} of the {n} "
                "congressional districts"
                + (f" (one-half of {n} is {n / 2}, so {half})" if n % 2 else "")
            )
        req.steps.append(
            SignatureStep(
                f"{count(req.number, 'signature')}; {req.spread}.", rule["cite"], rule["law"]
            )
        )
        return req
    rule = data["percent"]
    votes = _need(
        inputs.votes_for_governor,
        "votes_for_governor",
        "§ 6-142(2) counts five per centum of the votes cast for governor at the last "
        "gubernatorial election in the unit, excluding blank and void votes",
        "no votes for governor gives no number of signers (five per centum of none); give "
        "the votes cast in the unit at the last gubernatorial election",
    )
    req.inputs["votes_for_governor"] = votes
    exact = Fraction(votes * int(rule["percent"]), 100)
    number = _ceil(exact)
    rounded = "" if exact.denominator == 1 else f", rounded up to a whole signer: {number:,}"
    req.steps.append(
        SignatureStep(
            f"5% of {count(votes, 'vote')} for governor = {_fmt(exact)}{rounded}.",
            rule["cite"],
            rule["law"],
        )
    )
    caps = [c for c in data["caps"] if unit in c["units"] or c["id"] == spec.get("cap")]
    if inputs.larger_requirement is not None:
        larger = _need(
            inputs.larger_requirement,
            "larger_requirement",
            "",
            "the larger subdivision's requirement is a number of signatures, at least 1",
        )
        # (i) applies "except as herein otherwise provided": not where a paragraph of its own,
        # (a) to (h), fixes the number for this office.
        provided = [c for c in caps if c["cite"] != rule["cite"]]
        if provided:
            req.steps.append(
                SignatureStep(
                    f"(i) does not apply (larger_requirement {larger:,}): "
                    f"§ {provided[0]['cite']} provides otherwise for {units[unit]}.",
                    data["larger"]["cite"],
                    data["larger"]["law"],
                )
            )
        else:
            req.inputs["larger_requirement"] = larger
            caps.append({**data["larger"], "number": larger})
    req.cite = rule["cite"]
    for cap in caps:
        if int(cap["number"]) < number:
            number = int(cap["number"])
            req.cite = cap["cite"]
            req.steps.append(
                SignatureStep(f"Capped: not more than {number:,}.", cap["cite"], cap["law"])
            )
        else:
            req.steps.append(
                SignatureStep(
                    f"Cap of {int(cap['number']):,} does not bind.", cap["cite"], cap["law"]
                )
            )
    if not caps:
        req.steps.append(SignatureStep(f"No cap applies to {units[unit]}.", "6-142(2)"))
    req.number = number
    return req


def _presidential(
    office: str,
    spec: dict[str, Any],
    unit: str,
    kind: str,
    choice: LawChoice,
    inputs: Inputs,
    section: str | None,
) -> list[Requirement]:
    if provision(choice, "presidential_designating_petition.signatures") is None:
        raise OutOfCoverageError(
            f"{office}: the shipped texts give this number only in S.5961 of 2015; ask with the "
            "bill S5961"
        )
    rules: list[dict[str, Any]] = table()["presidential"][kind]
    if section is not None:
        known = [r["section"] for r in rules]
        if section not in known:
            raise UsageError(
                f"section {section}: {office} has numbers only under " + ", ".join(known)
            )
        rules = [r for r in rules if r["section"] == section]
    found: list[Requirement] = []
    for rule in rules:
        req = _requirement(
            office, spec, unit, choice, rule["petition"], rule["cite"], int(rule["number"])
        )
        if "same_as" in rule:
            req.steps.append(
                SignatureStep(
                    f"The same requirements as § {rule['same_as']}.", rule["cite"], rule["law"]
                )
            )
            req.steps.append(SignatureStep(f"{count(req.number, 'signature')}.", rule["same_as"]))
        elif "percent" in rule or "fraction" in rule:
            where = "the party in the state" if unit == "state" else "the party in the district"
            enrolled = _need(
                inputs.enrolled,
                "enrolled",
                f"§ {rule['cite']} counts a share of the enrolled voters of {where}",
                f"a party with no enrolled voters in {where.removeprefix('the party in ')} "
                "has no one to sign its petition",
            )
            req.inputs["enrolled"] = enrolled
            share = (
                Fraction(int(rule["percent"]), 100)
                if "percent" in rule
                else Fraction(*rule["fraction"])
            )
            exact = share * enrolled
            part = _ceil(exact)
            label = f"{rule['percent']}%" if "percent" in rule else "0.5%"
            rounded = "" if exact.denominator == 1 else f", rounded up: {part:,}"
            req.number = min(req.number, part)
            req.steps.append(
                SignatureStep(
                    f"{label} of {enrolled:,} enrolled voters = {_fmt(exact)}{rounded}; "
                    f"the lesser of {int(rule['number']):,} and {part:,} is {req.number:,}.",
                    rule["cite"],
                    rule["law"],
                )
            )
            if "enrolment_note" in rule:
                req.notes.append(
                    "Enrolment: the official April 1, 2015 enrolments published by the state "
                    f'board ("{" ".join(rule["enrolment_note"].split())}").'
                )
        else:
            req.steps.append(
                SignatureStep(f"{count(req.number, 'signature')}.", rule["cite"], rule["law"])
            )
        found.append(req)
    if kind == "president" and section is None:
        found[0].notes.append(
            "S.5961 § 14: a state committee selects § 2-122-a (section fifteen) or § 2-122-b "
            "(section sixteen); both numbers are shown. section picks one."
        )
    return found
