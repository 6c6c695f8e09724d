"""Calculators: the signatures a petition needs, and, from an uploaded file, the allocation of
national convention delegates and the preview of a primary ballot.

    /web/signatures?office=&district=&law=&with=&votes_for_governor=...
    /web/delegates    (form; POST a results CSV)
    /web/ballot       (form; POST a ballot JSON)

An uploaded file is read up to a size limit, never stored, and a bad one is a 400 page naming
the file and what was wrong.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any, cast, get_args

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import Response

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.render import ballot_dict
from nyballot.delegates import allocate, parse_results
from nyballot.delegates.allocate import Denominator, Rounding
from nyballot.delegates.report import result_dict
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law
from nyballot.law.loader import load_law
from nyballot.signatures import Inputs, signatures, table
from nyballot.signatures.in_force import PETITIONS, in_force
from nyballot.signatures.in_force import data as in_force_data
from nyballot.signatures.report import one_line, requirement_dict
from nyballot.web.common import parse_year
from nyballot.web.pages import Overlays, Text
from nyballot.web.render import respond

router = APIRouter(include_in_schema=False)

MAX_UPLOAD = 60 * 1024  # under the API's 64 KiB body limit; a district's file is far smaller


def _count(value: str | None, name: str) -> int | None:
    """A whole number from a form field; an empty field is None."""
    if value is None or not value.strip():
        return None
    if not value.strip().isdigit() or len(value.strip()) > 12:
        raise UsageError(f"{name} '{value[:20]}': expected a whole number")
    return int(value)


def _bills() -> list[tuple[str, str]]:
    return [(o.id, o.title) for o in load_law().overlays.values() if o.kind == "bill"]


@router.get("/web/signatures", response_model=None)
def signatures_page(
    request: Request,
    office: Text = None,
    district: Text = None,
    law: Text = None,
    overlays: Overlays = None,
    votes_for_governor: Text = None,
    enrolled: Text = None,
    congressional_districts: Text = None,
    larger_requirement: Text = None,
    year: Text = None,
    petition: Text = None,
    unit: Text = None,
) -> Response:
    """How many signatures a petition needs, each step with its cite and the quoted words:
    under the law in force in a year (``year``, ``petition``, ``unit`` or ``office``), or
    under a law version and what-if bills (``office``, ``district``, ``law``, ``with``)."""
    form = SignaturesForm(
        (office or "").strip(), [b for b in overlays or () if b.strip()], district or "",
        law or "", year or "", petition or "", unit or "",
        {"votes_for_governor": votes_for_governor or "", "enrolled": enrolled or "",
         "congressional_districts": congressional_districts or "",
         "larger_requirement": larger_requirement or ""},
    )  # fmt: skip
    try:
        reqs = form.requirements()
    except UsageError as exc:  # the form again, keeping what was typed, and what was wrong
        return _signatures_page(request, form, [], str(exc))
    return _signatures_page(request, form, reqs)


# The counts' names in a message, as the form labels them.
COUNT_NAMES = {
    "votes_for_governor": "votes for governor",
    "enrolled": "enrolled voters",
    "congressional_districts": "congressional districts",
    "larger_requirement": "larger requirement",
}


@dataclasses.dataclass(frozen=True)
class SignaturesForm:
    """What the signatures forms were given, as typed."""

    office: str
    bills: list[str]
    district: str
    law: str
    year: str
    petition: str
    unit: str
    counts: dict[str, str]

    def requirements(self) -> list[Any]:
        """The requirements asked for (none when the form asks nothing yet)."""
        counts = {k: _count(v, COUNT_NAMES[k]) for k, v in self.counts.items()}
        inputs = Inputs(**counts)
        unit, district = self.unit.strip() or None, self.district.strip() or None
        if self.year.strip():
            year = parse_year(self.year)
            kind = self.petition or "designating"
            return list(in_force(kind, year, inputs, unit=unit, office=self.office or None))
        if self.office:
            law = choose_law(self.law or None, self.bills)
            return list(signatures(self.office, law, inputs, district=district))
        return []


def _signatures_page(
    request: Request, form: SignaturesForm, reqs: list[Any], error: str = ""
) -> Response:
    data = {"requirements": [requirement_dict(r) for r in reqs]} if reqs else None
    rows = [
        {"office": r.office_title, "unit": r.unit_title, "law": r.law, "petition": r.petition,
         "signatures": r.number, "cite": r.cite}
        for r in reqs
    ]  # fmt: skip
    page = respond(
        request,
        "signatures.html",
        name=f"nyballot-signatures-{form.office or 'form'}",
        rows=rows or None,
        data=data,
        active_page="signatures",
        offices=table()["offices"],
        units=table()["units"],
        bills=_bills(),
        given={"office": form.office, "district": form.district, "law": form.law}
        | {"with": form.bills, "year": form.year, "petition": form.petition, "unit": form.unit}
        | form.counts,
        petitions=PETITIONS,
        force_units={k: v["title"] for k, v in in_force_data()["units"].items()},
        force_years=in_force_data()["covers"],
        reqs=reqs,
        one_line=one_line,
        error=error,
    )
    if error:
        page.status_code = 400
    return page


async def _read(upload: UploadFile, what: str) -> str:
    """An uploaded text file: UTF-8 (a byte order mark allowed), at most MAX_UPLOAD bytes."""
    name = (upload.filename or what)[:100]
    data = await upload.read(MAX_UPLOAD + 1)
    if len(data) > MAX_UPLOAD:
        raise UsageError(f"{name}: larger than {MAX_UPLOAD // 1024} KiB")
    if not data.strip():
        raise UsageError(f"{name}: the file is empty")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def _form(request: Request, template: str, active: str, **context: Any) -> Response:
    return respond(request, template, name=f"nyballot-{active}", active_page=active, **context)


@router.get("/web/delegates", response_model=None)
def delegates_form(request: Request) -> Response:
    return _form(request, "delegates.html", "delegates", result=None, at_large=14)


@router.post("/web/delegates", response_model=None)
async def delegates_page(
    request: Request,
    results: Annotated[UploadFile, File()],
    at_large: Annotated[int, Form(ge=0, le=1000)],
    denominator: Annotated[str, Form(max_length=20)] = "qualifying",
    rounding: Annotated[str, Form(max_length=20)] = "half-up",
    format: Annotated[str, Form(max_length=10)] = "html",
) -> Response:
    """National convention delegates under § 2-122-b (S.5961, a what-if), from a results CSV."""
    if denominator not in get_args(Denominator) or rounding not in get_args(Rounding):
        raise UsageError("denominator: qualifying or all; rounding: half-up or half-even")
    text = await _read(results, "results.csv")
    votes = parse_results(text, (results.filename or "results.csv")[:100])
    result = allocate(
        votes,
        at_large,
        denominator=cast(Denominator, denominator),
        rounding=cast(Rounding, rounding),
    )
    return respond(
        request,
        "delegates.html",
        name="nyballot-delegates",
        fmt=format,
        rows=[{"candidate": name, "delegates": n} for name, n in result.total.items()],
        data=result_dict(result),
        active_page="delegates",
        result=result,
        at_large=at_large,
    )


@router.get("/web/ballot", response_model=None)
def ballot_form(request: Request) -> Response:
    return _form(request, "ballot.html", "ballot", ballot=None, bills=_bills())


@router.post("/web/ballot", response_model=None)
async def ballot_page(
    request: Request,
    ballot: Annotated[UploadFile, File()],
    bill: Annotated[list[str] | None, Form(max_length=3)] = None,
    seed: Annotated[str, Form(max_length=200)] = "",
    format: Annotated[str, Form(max_length=10)] = "html",
) -> Response:
    """The primary ballot of one election district, from a ballot JSON file."""
    name = (ballot.filename or "ballot.json")[:100]
    text = await _read(ballot, "ballot.json")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{name}: not valid JSON ({str(exc)[:120]})") from None
    built = build_ballot(
        parse_ballot(document, name), choose_law(None, bill or ()), seed.strip() or None
    )
    return respond(
        request,
        "ballot.html",
        name="nyballot-ballot",
        fmt=format,
        rows=[
            {"office": c.title, "position": n, "name": line.printed}
            for c in built.contests
            for n, line in enumerate(c.lines, 1)
        ],
        data=ballot_dict(built),
        active_page="ballot",
        ballot=built,
        bills=_bills(),
    )
