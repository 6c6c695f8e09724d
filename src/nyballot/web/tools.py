"""Calculators: the signatures a petition needs, and, from an uploaded file, the allocation of
national convention delegates and the preview of a primary ballot.

    /web/signatures?year=&petition=&unit=&office=&contains=&law=&with=&enrolled=...
    /web/delegates    (form; POST a results CSV)
    /web/ballot       (form; POST a ballot JSON)

An uploaded file is read up to a size limit, never stored, and a bad one is a 400 page naming
the file and what was wrong.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, cast, get_args

from fastapi import APIRouter, File, Form, Request, UploadFile
from fastapi.responses import JSONResponse, Response

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.render import ballot_dict, law_line
from nyballot.delegates import allocate, parse_results
from nyballot.delegates.allocate import Denominator, Rounding
from nyballot.delegates.report import result_dict
from nyballot.delegates.rules import delegate_rules, enacting_acts
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.reckoning.season import season_year
from nyballot.signatures import PETITIONS, Inputs, Requirement
from nyballot.signatures.answer import answer
from nyballot.signatures.numbers import units_data
from nyballot.signatures.report import one_line
from nyballot.web.common import parse_year
from nyballot.web.pages import Many, Overlays, Text
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
    from nyballot.bills.uploaded import is_upload

    overlays = load_law().overlays.values()
    return [(o.id, o.title) for o in overlays if o.kind == "bill" and not is_upload(o.id)]


def _row(r: Requirement) -> dict[str, Any]:
    """One requirement as a row of the page's CSV."""
    return {"office": r.office_title, "unit": r.unit_title, "where": r.where, "law": r.law,
            "what_if": r.what_if, "petition": r.petition, "signatures": r.number,
            "cite": r.cite}  # fmt: skip


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
    contains: Many = None,
) -> Response:
    """How many signatures a petition needs, each step with its cite and the quoted words,
    under the law in force in ``year`` (default: the next general election's), or a what-if
    (``law``, ``with``); ``contains`` names a contained unit (§ 6-136(2)(k)), repeatable."""
    chosen = (office or "").strip() or None
    where = (unit or "").strip() or (district or "").strip() or None
    bills = [b for b in overlays or () if b.strip()]
    parts = [c.strip() for c in contains or () if c.strip()]
    typed = {
        "votes_for_governor": votes_for_governor or "",
        "enrolled": enrolled or "",
        "congressional_districts": congressional_districts or "",
        "larger_requirement": larger_requirement or "",
    }
    given = {"office": chosen or "", "law": law or "", "with": bills, "contains": parts}
    given |= {"year": (year or "").strip(), "petition": petition or "", "unit": where or ""}
    given |= typed
    try:
        found = _answer(typed, year, petition, where, chosen, law, bills, parts)
    except UsageError as exc:  # the form again, keeping what was typed, and what was wrong
        return _signatures_page(request, given, None, str(exc))
    return _signatures_page(request, given, found)


# The counts' names in a message, as the form labels them.
COUNT_NAMES = {
    "votes_for_governor": "votes for governor",
    "enrolled": "enrolled voters",
    "congressional_districts": "congressional districts",
    "larger_requirement": "larger requirement",
}


def _answer(
    typed: dict[str, str],
    year: str | None,
    petition: str | None,
    where: str | None,
    office: str | None,
    law: str | None,
    bills: list[str],
    parts: list[str],
) -> Any:
    """The answer the form asks for, or None when it asks nothing yet."""
    counts = {k: _count(v, COUNT_NAMES[k]) for k, v in typed.items()}
    asked = parse_year(year) if year and year.strip() else None
    if not (office or where):
        return None
    return answer(
        Inputs(**counts), year=asked, petition=(petition or "").strip() or None, unit=where,
        office=office, law=(law or "").strip() or None, bills=bills, contains=parts,
    )  # fmt: skip


def _signatures_page(
    request: Request, given: dict[str, Any], found: Any, error: str = ""
) -> Response:
    reqs = found.requirements if found else []
    page = respond(
        request,
        "signatures.html",
        name=f"nyballot-signatures-{given['office'] or given['unit'] or 'form'}",
        rows=[_row(r) for r in reqs] or None,
        data=found.as_dict() if found else None,
        active_page="signatures",
        answer=found,
        offices={k: v for k, v in units_data()["offices"].items()},
        units={k: v["title"] for k, v in units_data()["units"].items()},
        bills=_bills(),
        given=given,
        petitions=PETITIONS,
        next_year=season_year(),
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


def _form(
    request: Request, template: str, active: str, error: str = "", **context: Any
) -> Response:
    """A form's page; with ``error``, the form again as it was typed (``typed``), answered 400
    (a file chosen cannot be chosen again by the page: the browser asks for it anew)."""
    context.setdefault("typed", {})
    return respond(request, template, name=f"nyballot-{active}", active_page=active,
                   error=error, status=400 if error else 200, **context)  # fmt: skip


@router.get("/web/delegates", response_model=None)
def delegates_form(request: Request) -> Response:
    return _form(request, "delegates.html", "delegates", result=None, at_large=14,
                 acts=enacting_acts())  # fmt: skip


@router.post("/web/delegates", response_model=None)
async def delegates_page(
    request: Request,
    results: Annotated[UploadFile, File()],
    at_large: Annotated[str, Form(max_length=12)],
    denominator: Annotated[str, Form(max_length=20)] = "qualifying",
    rounding: Annotated[str, Form(max_length=20)] = "half-up",
    format: Annotated[str, Form(max_length=10)] = "html",
    bill: Annotated[list[str] | None, Form(max_length=3)] = None,
) -> Response:
    """National convention delegates under § 2-122-b, from a results CSV, under the law in
    force with the bills ticked (the law in force has none: a bill must be asked for). A bad
    file or field is the form again, as typed, with what was wrong (JSON when JSON was asked)."""
    typed = {"denominator": denominator, "rounding": rounding, "format": format,
             "bill": bill or []}  # fmt: skip
    try:
        seats = _count(at_large, "at-large delegates")
        if seats is None or seats > 1000:
            raise UsageError(f"at-large delegates '{at_large}': expected a number up to 1000")
        if denominator not in get_args(Denominator) or rounding not in get_args(Rounding):
            raise UsageError("denominator: qualifying or all; rounding: half-up or half-even")
        text = await _read(results, "results.csv")
        votes = parse_results(text, (results.filename or "results.csv")[:100])
        rules = delegate_rules(LawChoice(None, tuple(bill or ())))
        result = allocate(votes, seats, denominator=cast(Denominator, denominator),
                          rounding=cast(Rounding, rounding), rules=rules)  # fmt: skip
    except UsageError as exc:
        if format == "json":
            return JSONResponse({"error": str(exc)}, status_code=400)
        return _form(request, "delegates.html", "delegates", str(exc), result=None,
                     at_large=at_large, typed=typed, acts=enacting_acts())  # fmt: skip
    return respond(
        request,
        "delegates.html",
        name="nyballot-delegates",
        fmt=format,
        rows=[{"candidate": name, "delegates": n} for name, n in result.total.items()],
        data=result_dict(result),
        active_page="delegates",
        result=result,
        at_large=seats,
        typed=typed,
        acts=enacting_acts(),
        error="",
    )


@router.get("/web/ballot", response_model=None)
def ballot_form(request: Request) -> Response:
    return _form(
        request, "ballot.html", "ballot", ballot=None, bills=_bills(), laws=_laws(), law=""
    )


def _laws() -> list[tuple[str, str]]:
    """The law versions a ballot may be read under ("": the law in force, the default)."""
    return [(v.id, v.title) for v in load_law().versions.values()]


@router.post("/web/ballot", response_model=None)
async def ballot_page(
    request: Request,
    ballot: Annotated[UploadFile, File()],
    bill: Annotated[list[str] | None, Form(max_length=3)] = None,
    seed: Annotated[str, Form(max_length=200)] = "",
    format: Annotated[str, Form(max_length=10)] = "html",
    law: Annotated[str, Form(max_length=40)] = "",
) -> Response:
    """The primary ballot of one election district, from a ballot JSON file; under the law in
    force in the election's year unless a law version is chosen. A bad file or field is the
    form again, as typed, with what was wrong."""
    typed: dict[str, Any] = {"bill": bill or [], "seed": seed, "format": format}
    try:
        built = await _built(ballot, bill, seed, law)
    except UsageError as exc:
        return _form(request, "ballot.html", "ballot", str(exc), ballot=None, bills=_bills(),
                     laws=_laws(), law=law.strip(), typed=typed)  # fmt: skip
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
        laws=_laws(),
        law=law.strip(),
        law_line=law_line(built),
        typed=typed,
        error="",
    )


async def _built(ballot: UploadFile, bill: list[str] | None, seed: str, law: str) -> Any:
    """The ballot the form asks for (UsageError for a bad file or field)."""
    name = (ballot.filename or "ballot.json")[:100]
    text = await _read(ballot, "ballot.json")
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{name}: not valid JSON ({str(exc)[:120]})") from None
    choice = choose_law(law.strip() or None, bill or ())
    if not law.strip():
        choice = LawChoice(None, choice.overlays)
    return build_ballot(parse_ballot(document, name), choice, seed.strip() or None)
