"""How many signatures a petition needs under a law, with the arithmetic and the words.

Every number is a provision the law data gives (``nyballot.signatures.rules``); this module
does the arithmetic. A share of voters is rounded up to a whole signer: five per centum of
30,001 (1,500.05) cannot be met by 1,500 signers. A limit no shipped text gives is "text not
found", and the share alone is given; a number from a secondary source is marked. An act that
leaves the city of New York alone gives, for a unit that may lie in or outside the city, one
answer for each; a unit the independent petitions' words do not name is answered as each unit
it may be.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.choice import LawChoice
from nyballot.law.provisions import resolve
from nyballot.law.reading import read_yaml
from nyballot.signatures.requirements import (
    Inputs,
    Requirement,
    SignatureStep,
    count,
    note_unused,
)
from nyballot.signatures.rules import Number, SignatureLaw, signature_law

PETITIONS = ("designating", "independent", "otb")
SECONDARY = "[secondary source] "
NOT_BINDING = "does not bind"  # a limit's step that leaves the number as it was
IN_CITY, OUTSIDE = "in the city of New York", "outside the city of New York"


@cache
def units_data() -> dict[str, Any]:
    """The units, offices and petition names (no number of the law: those are provisions)."""
    path = resources.files("nyballot.signatures").joinpath("data/units.yaml")
    loaded: dict[str, Any] = read_yaml(path, "signatures/data/units.yaml")
    return loaded


def unit_for(office: str | None, unit: str | None) -> str:
    """The political unit asked for, or the one whose voters fill the office."""
    units: dict[str, Any] = units_data()["units"]
    offices: dict[str, Any] = units_data()["offices"]
    if office is not None and office not in offices:
        raise UsageError(f"office {office}: unknown office{suggest(office, offices)}")
    if unit is not None and unit not in units:
        raise UsageError(f"unit '{unit}': unknown{suggest(unit, units)}; known: {', '.join(units)}")
    fixed = offices[office]["unit"] if office else None
    if fixed and unit is not None and fixed != unit:
        raise UsageError(f"unit '{unit}': {office} is filled by the voters of {fixed}")
    found = unit or fixed
    if found is None:
        raise UsageError("unit: name the political unit, or an office filled by one")
    return str(found)


@dataclass
class Ask:
    """One question: the petition, the unit, where in it, and the law's provisions."""

    petition: str  # designating | independent (an OTB petition is asked as designating)
    unit: str
    rules: SignatureLaw
    inputs: Inputs
    place: str = ""  # IN_CITY or OUTSIDE where an act treats the city apart
    contains: tuple[str, ...] = ()
    acts: list[str] = field(default_factory=list)

    @property
    def facts(self) -> dict[str, Any]:
        return dict(units_data()["units"][self.unit])

    def in_city(self) -> bool:
        return self.facts["nyc"] == "nyc" or self.place == IN_CITY

    def pid(self, name: str) -> str:
        return f"signatures.{self.petition}.{name}"


def requirements(
    petition: str,
    choice: LawChoice,
    year: int | None,
    inputs: Inputs,
    *,
    unit: str | None = None,
    office: str | None = None,
    contains: Sequence[str] = (),
) -> list[Requirement]:
    """The signatures a petition needs under ``choice`` for ``year`` (None: a version and bills
    named, as they read): one requirement per place an act tells apart, or per unit an
    independent petition's unit may be."""
    if petition not in PETITIONS:
        raise UsageError(f"petition '{petition}': expected one of {', '.join(PETITIONS)}")
    where = unit_for(office, unit)
    for name in contains:
        unit_for(None, name)
    rules = signature_law(resolve(choice, year))
    kind = _kind(petition, rules, where)
    found = []
    for place, asked in _places(Ask(kind, where, rules, inputs, contains=tuple(contains))):
        req = _designating(asked) if kind == "designating" else _independent(asked)
        req.unit, req.unit_title = where, units_data()["units"][where]["title"]
        req.where, req.year = place, year
        req.law, req.what_if = law_label(choice, year), rules.what_if or _named(choice)
        req.petition = units_data()["petitions"][_petition_name(petition, rules)]
        if office is not None:
            req.office, req.office_title = office, units_data()["offices"][office]["title"]
        if petition == "otb":
            _as_otb(req, rules)
        req.measures = sorted(set(asked.acts))
        _notes(req, asked, office)
        found.append(req)
    return note_unused(found, inputs)


def _named(choice: LawChoice) -> bool:
    return choice.law is not None or bool(choice.overlays)


def law_label(choice: LawChoice, year: int | None) -> str:
    """The law an answer is under: "law in force in 2027", or the version and bills named,
    marked what-if."""
    if not _named(choice):
        return f"law in force in {year}"
    return f"{choice.label}{f' for {year}' if year else ''} (what-if)"


def _petition_name(petition: str, rules: SignatureLaw) -> str:
    if petition != "otb" and rules.flag("nomination.by_petition"):
        return "nominating"
    return petition


def _kind(petition: str, rules: SignatureLaw, unit: str) -> str:
    """The numbers asked for: an OTB petition's are a designating petition's (§ 6-164); where
    every nomination is by petition (S.5305-A's § 6-110), the independent numbers."""
    if petition == "otb":
        otb = rules.flag("signatures.otb.same_as_designating")
        if otb is None:
            why = rules.found.get("signatures.otb.same_as_designating")
            reason = f"{why.title} (§ {why.cite}; {why.secondary})" if why else "none in this law"
            raise OutOfCoverageError(f"petition otb: no opportunity-to-ballot petition: {reason}")
        return "designating"
    if rules.flag("nomination.by_petition") and unit not in _positions():
        return "independent"
    if petition == "independent" and unit in _positions():
        raise UsageError(
            f"unit '{unit}': a party position is not filled by independent nomination "
            "(§ 6-138(1): independent nominations for public office)"
        )
    return petition


def _positions() -> set[str]:
    return {k for k, v in units_data()["units"].items() if v.get("position")}


def _places(ask: Ask) -> list[tuple[str, Ask]]:
    """One question per place an act treats apart, or per unit the words may read it as."""
    scale = ask.rules.flag(ask.pid("limits.scale.except_nyc"))
    split = ask.facts["nyc"] == "either" and not ask.facts.get("position")
    if split and scale and ask.rules.share(ask.pid("limits.scale")):
        return [(p, replace(ask, place=p, acts=[])) for p in (IN_CITY, OUTSIDE)]
    alternatives: dict[str, str] = ask.facts.get("is_one_of") or {}
    if ask.petition == "independent" and alternatives and not _own_limit(ask):
        return [(k, replace(ask, unit=other, acts=[])) for k, other in alternatives.items()]
    return [("", ask)]


def _own_limit(ask: Ask) -> Number | None:
    return ask.rules.count(ask.pid(f"limit.{ask.unit}"))


def _count_of(value: int | None, name: str, why: str) -> int:
    if value is None:
        raise UsageError(f"{name}: required ({why})")
    if value < 0:
        raise UsageError(f"{name}: must not be negative, not {value}")
    if value == 0:
        raise UsageError(f"{name}: 0 gives no number of signers; give the count in the unit")
    return value


def _pct(share: Fraction) -> str:
    return f"{float(share * 100):g}%"


def _share(share: Fraction, base: int, what: str) -> tuple[int, str]:
    exact = share * base
    number = math.ceil(exact)
    what = what.replace("votes", "vote").replace("voters", "voter") if base == 1 else what
    shown = f"{_pct(share)} of {base:,} {what} = {float(exact):,.4f}".rstrip("0").rstrip(".")
    if exact.denominator != 1:
        shown += f", rounded up to a whole signer: {number:,}"
    return number, shown


def _new(ask: Ask, cite: str) -> Requirement:
    return Requirement(
        office="", office_title="", unit=ask.unit, unit_title="", law="", petition="",
        cite=cite, number=0,
    )  # fmt: skip


def _mark(req: Requirement, ask: Ask, used: Number) -> None:
    """Carry a provision's marks (secondary source, words unverified) and its act."""
    if used.evidence and used.evidence not in req.evidence:
        req.evidence = "; ".join(filter(None, [req.evidence, used.evidence]))
    if used.unverified and used.unverified not in req.unverified:
        req.unverified = " ".join(filter(None, [req.unverified, used.unverified]))
    if used.act:
        ask.acts.append(used.act)


def _needed(number: Number | None, what: str) -> Number:
    if number is None:
        raise OutOfCoverageError(f"signatures: {what}: text not found in this law")
    return number


def _scaled(ask: Ask, limit: Number, scope: str, req: Requirement) -> Number:
    """A stated number as an act's fraction of it changes it (not a number the act states)."""
    scale = ask.rules.share(ask.pid(f"{scope}.scale"))
    if scale is None or scale.enacted_by == limit.enacted_by:
        return limit
    if scope == "limits" and ask.rules.flag(ask.pid("limits.scale.except_nyc")) and ask.in_city():
        return limit
    _mark(req, ask, limit)
    rounding = ask.rules.text(ask.pid(f"{scope}.rounding"))
    down = rounding is not None and rounding.text() == "down"
    exact = limit.value * scale.value
    number = math.floor(exact) if down else math.ceil(exact)
    how = "exactly" if exact.denominator == 1 else ("rounded down" if down else "rounded up")
    mark = SECONDARY if scale.evidence else ""
    req.steps.append(
        SignatureStep(
            f"{mark}{scale.title}: {scale.value} of {limit.whole:,} is {number:,} ({how}).",
            scale.cite,
            scale.law,
        )
    )
    _mark(req, ask, scale)
    return replace(limit, value=Fraction(number), cite=scale.cite, law=scale.law)


def _limit(req: Requirement, ask: Ask, cap: Number) -> None:
    mark = SECONDARY if cap.evidence else ""
    _mark(req, ask, cap)
    if cap.whole < req.number:
        text = f"{mark}Limit: need not exceed {cap.whole:,}."
        req.number, req.cite = cap.whole, cap.cite
    else:
        text = f"{mark}Limit of {cap.whole:,} {NOT_BINDING}."
    req.steps.append(SignatureStep(text, cap.cite, cap.law))


def _statewide(ask: Ask, base: int | None, what: str) -> Requirement:
    """The whole state's number: the stated number or the share, whichever is less."""
    stated = _needed(ask.rules.count(ask.pid("statewide")), f"the whole state's {ask.petition}")
    req = _new(ask, stated.cite)
    _mark(req, ask, stated)
    stated = _scaled(ask, stated, "statewide", req)
    share = ask.rules.share(ask.pid("statewide.share"))
    if share is None:
        req.number, text = stated.whole, f"{count(stated.whole, 'signature')}."
    else:
        _mark(req, ask, share)
        assert base is not None
        part, shown = _share(share.value, base, what)
        req.number = min(stated.whole, part)
        text = f"{shown}; the lesser of {stated.whole:,} and {part:,} is {req.number:,}."
        req.cite = share.cite if share.enacted_by else stated.cite
    own = share is not None and share.enacted_by not in (None, stated.enacted_by)
    req.steps.append(SignatureStep(text, req.cite, share.law if own and share else stated.law))
    spread = ask.rules.text(ask.pid("statewide.spread"))
    if spread is not None:
        half = ask.rules.share(ask.pid("statewide.spread.share"))
        req.spread = spread.text() + _half(ask.inputs.congressional_districts, half, req)
        req.steps.append(SignatureStep(f"and {req.spread}.", spread.cite, " ".join(spread.law)))
    return req


def _half(districts: int | None, share: Number | None, req: Requirement) -> str:
    """The districts the signers spread over, counted when their number is given."""
    if districts is None or share is None:
        return ""
    if districts < 1:
        raise UsageError(f"congressional_districts must be at least 1, not {districts}")
    req.inputs["congressional_districts"] = districts
    exact = share.value * districts
    part = math.ceil(exact)
    odd = f", {share.value} of {districts} is {float(exact):g}, so {part}" if exact != part else ""
    return f" (each of {part} of the {districts} congressional districts{odd})"


def _designating(ask: Ask) -> Requirement:
    enrolled = _count_of(
        ask.inputs.enrolled, "enrolled", "§ 6-136 counts the party's enrolled voters in the unit"
    )
    if ask.unit == "state":
        req = _statewide(ask, enrolled, "enrolled voters of the party")
        req.inputs["enrolled"] = enrolled
        return req
    own = ask.rules.share(ask.pid(f"share.{ask.unit}"))
    share = _needed(own or ask.rules.share(ask.pid("share")), "the designating share")
    req = _new(ask, share.cite)
    req.inputs["enrolled"] = enrolled
    _mark(req, ask, share)
    req.number, shown = _share(share.value, enrolled, "enrolled voters of the party")
    mark = SECONDARY if share.evidence else ""
    req.steps.append(SignatureStep(f"{mark}{shown}.", share.cite, share.law))
    if ask.facts.get("position"):
        req.steps.append(SignatureStep(f"The limit for {ask.facts['title']}: text not found."))
        req.notes.append(" ".join(units_data()["position"].split()))
        return req
    own = _own_limit(ask)
    cap = _scaled(ask, own, "limits", req) if own else _aggregate(ask, req)
    if cap is None:
        title = ask.facts["title"]
        req.steps.append(SignatureStep(f"The limit for {title}: text not found (§ 6-136(2))."))
        return req
    _limit(req, ask, cap)
    return req


def _aggregate(ask: Ask, req: Requirement) -> Number | None:
    """§ 6-136(2)(k): for any other office of a subdivision containing several units, the sum
    of the limits of the units contained (the user's, else the unit's own parts)."""
    rule = ask.rules.flag("signatures.designating.aggregate")
    parts = ask.contains or tuple(ask.facts.get("contains") or ())
    if rule is None or not parts:
        if rule is not None:
            req.notes.append(
                "§ 6-136(2)(k) caps an office of a subdivision containing several units at the "
                "aggregate of theirs: name them (contains) to apply it."
            )
        return None
    total = 0
    for part in parts:
        inner = replace(ask, unit=part, acts=ask.acts)
        cap = _own_limit(inner)
        if cap is None:
            req.steps.append(SignatureStep(f"The limit for {part}: text not found."))
            return None
        cap = _scaled(inner, cap, "limits", req)
        _mark(req, ask, cap)
        total += cap.whole
    names = " + ".join(parts)
    law = " ".join(rule.law)
    req.steps.append(SignatureStep(f"The aggregate of {names}: {total:,}.", rule.cite, law))
    return Number(Fraction(total), rule.cite, law, rule.title)


def _independent(ask: Ask) -> Requirement:
    flat = ask.unit == "state" and ask.rules.share(ask.pid("statewide.share")) is None
    votes = (
        ask.inputs.votes_for_governor
        if flat
        else _count_of(
            ask.inputs.votes_for_governor,
            "votes_for_governor",
            "§ 6-142 counts the votes for governor at the last election for governor in the unit",
        )
    )
    if ask.unit == "state":
        req = _statewide(ask, votes, "votes for governor")
    else:
        share = _needed(ask.rules.share(ask.pid("share")), "the independent share")
        req = _new(ask, share.cite)
        _mark(req, ask, share)
        assert votes is not None  # counted above: only the whole state's flat number needs none
        req.number, shown = _share(share.value, votes, "votes for governor")
        req.steps.append(SignatureStep(f"{shown}.", share.cite, share.law))
        caps = [_own_limit(ask)]
        if ask.facts["nyc"] == "outside":
            caps.append(ask.rules.count(ask.pid("limit.outside-nyc")))
        found = [_scaled(ask, c, "limits", req) for c in caps if c is not None]
        found += _larger(ask, req, caps[0])
        for cap in sorted(found, key=lambda c: -c.value):
            _limit(req, ask, cap)
    if votes is not None:
        req.inputs["votes_for_governor"] = votes
    who = ask.rules.text(ask.pid("who_may_sign"))
    if who is not None:
        req.steps.append(SignatureStep("Signed by registered voters of the unit.", who.cite,
                                       " ".join(who.law)))  # fmt: skip
    return req


def _larger(ask: Ask, req: Requirement, own: Number | None) -> list[Number]:
    """§ 6-142(2)(i): an office of a subdivision within another needs no more than the larger
    one's number (given), "except as herein otherwise provided": not where a paragraph of its
    own gives the unit's number."""
    given, rule = ask.inputs.larger_requirement, ask.rules.flag(ask.pid("larger"))
    if given is None or rule is None:
        return []
    if given < 1:
        raise UsageError(f"larger_requirement: at least 1, not {given}")
    law = " ".join(rule.law)
    if own is not None:
        text = (
            f"(i) does not apply (larger_requirement {given:,}): § {own.cite} provides otherwise."
        )
        req.steps.append(SignatureStep(text, rule.cite, law))
        return []
    req.inputs["larger_requirement"] = given
    return [Number(Fraction(given), rule.cite, law, rule.title, unverified=rule.unverified)]


def _as_otb(req: Requirement, rules: SignatureLaw) -> None:
    otb = rules.flag("signatures.otb.same_as_designating")
    assert otb is not None
    req.steps.append(
        SignatureStep(
            f"The same number as a designating petition: {count(req.number, 'signature')}.",
            otb.cite,
            " ".join(otb.law),
        )
    )
    req.cite = f"{otb.cite}; {req.cite}"


def _place(ask: Ask) -> str:
    """Where the unit asked lies (a unit's "nyc"), or the place an act's split answer is for."""
    if ask.in_city():
        return "nyc"
    return "outside" if ask.place == OUTSIDE else str(ask.facts["nyc"])


def _notes(req: Requirement, ask: Ask, office: str | None) -> None:
    data = units_data()
    city = office in data["city_offices"] if office else ask.facts["nyc"] == "nyc"
    if city:
        overridden = ask.rules.flag("signatures.designating.charter") and ask.petition == (
            "designating"
        )
        extra = f" {data['charter_overridden']}" if overridden else ""
        req.notes.append(" ".join(data["charter"].split()) + extra)
    req.notes += ask.rules.notes(ask.petition, _place(ask), ask.unit)
    if ask.contains and not any("aggregate" in s.text for s in req.steps):
        req.notes.append("contains was given but not used: the unit has a limit of its own.")
    if req.evidence:
        req.notes.append(f"The number rests on a secondary source ({req.evidence}).")
    if req.unverified:
        req.notes.append(f"Unverified: {req.unverified}")
