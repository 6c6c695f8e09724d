"""A presidential primary's signature numbers: for President, the "uncommitted" space and a
national convention's delegates.

The numbers are provisions of the act that gives them (``signatures.presidential.<office>.
<way>``, read through ``nyballot.signatures.rules``): each way of designating is a count, a
share of the enrolled voters that may be less, or the id of the petition whose requirements
it meets. A law with no such provision has no number to give, and the answer names the acts
whose data give one.
"""

from __future__ import annotations

import math
from typing import Any

from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.law.provisions import resolve
from nyballot.signatures.requirements import (
    Inputs,
    Requirement,
    SignatureStep,
    count,
    fmt,
    need,
)
from nyballot.signatures.rules import Number, SignatureLaw, signature_law

PREFIX = "signatures.presidential"


def _missing(office: str, kind: str) -> OutOfCoverageError:
    """No number under this law: say which acts' data give one."""
    prefix = f"{PREFIX}.{kind}."
    acts = [
        o
        for o in load_law().overlays.values()
        if any(p.id.startswith(prefix) for p in o.provisions)
    ]
    where = "; ".join(f"{o.cite}: ask with the {o.kind} {o.id}" for o in acts)
    return OutOfCoverageError(
        f"{office}: the law asked gives no number for this petition"
        + (f"; the shipped texts give it only in {where}" if where else "")
    )


def _step(number: Number, text: str) -> SignatureStep:
    return SignatureStep(text, number.cite, number.law)


def _share_of_enrolled(req: Requirement, share: Number, label: str, inputs: Inputs) -> None:
    """A number or a share of the party's enrolled voters, whichever is less."""
    where = "the party in the state" if req.unit == "state" else "the party in the district"
    enrolled = need(
        inputs.enrolled,
        "enrolled",
        f"§ {share.cite} counts a share of the enrolled voters of {where}",
        f"a party with no enrolled voters in {where.removeprefix('the party in ')} "
        "has no one to sign its petition",
    )
    req.inputs["enrolled"] = enrolled
    exact = share.value * enrolled
    part = math.ceil(exact)
    rounded = "" if exact.denominator == 1 else f", rounded up: {part:,}"
    stated = req.number
    req.number = min(stated, part)
    req.steps.append(
        _step(
            share,
            f"{label} of {enrolled:,} enrolled voters = {fmt(exact)}{rounded}; "
            f"the lesser of {stated:,} and {part:,} is {req.number:,}.",
        )
    )


def _enrolment_note(req: Requirement, pid: str, rules: SignatureLaw) -> None:
    item = rules.text(f"{pid}.enrolment")
    if item is not None and "enrolled" in req.inputs:
        req.notes.append(f'{item.text()} ("{" ".join(item.law)}").')


def _way(
    office: str, spec: dict[str, Any], pid: str, rules: SignatureLaw, inputs: Inputs
) -> Requirement:
    """The requirement of one way of designating: its number, or the one it meets."""
    from nyballot.signatures.numbers import units_data

    item = rules.found[pid]
    same = rules.text(pid) if item.type == "text" else None
    number = rules.count(same.text() if same is not None else pid)
    if number is None:
        raise OutOfCoverageError(f"{office}: {item.label()} names no number in force")
    req = Requirement(
        office=office,
        office_title=spec["title"],
        unit=spec["unit"],
        unit_title=units_data()["units"][spec["unit"]]["title"],
        law="",
        petition=item.title,
        cite=item.cite,
        number=number.whole,
        evidence=number.evidence,
        unverified=number.unverified,
    )
    if same is not None:
        req.steps.append(
            SignatureStep(
                f"The same requirements as § {number.cite}.", item.cite, " ".join(item.law)
            )
        )
    share = rules.share(f"{pid}.share")
    if share is None:
        req.steps.append(_step(number, f"{count(req.number, 'signature')}."))
    else:
        _share_of_enrolled(req, share, rules.found[f"{pid}.share"].value, inputs)
    _enrolment_note(req, pid, rules)
    return req


def presidential(
    office: str, spec: dict[str, Any], choice: LawChoice, year: int | None, inputs: Inputs,
    section: str | None,
) -> list[Requirement]:  # fmt: skip
    """Every way ``office`` is designated under ``choice`` (or only ``section``'s)."""
    kind = str(spec["rules"])
    rules = signature_law(resolve(choice, year))
    ways = rules.ways(kind)
    if not ways:
        raise _missing(office, kind)
    if section is not None:
        if section not in ways:
            raise UsageError(
                f"section {section}: {office} has numbers only under " + ", ".join(ways)
            )
        ways = [section]
    found = [_way(office, spec, f"{PREFIX}.{kind}.{way}", rules, inputs) for way in ways]
    choice_note = rules.text(f"{PREFIX}.{kind}.choice")
    if choice_note is not None and section is None:
        found[0].notes.append(" ".join(choice_note.value.split()))
    return found
