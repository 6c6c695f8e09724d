"""The calendar views: My calendar (with its iCalendar feed), A year at a glance, Compare.

/web/mine?year=&who=&office=&body=&on=      the dates that apply to one person
/web/mine/feed.ics?(the same)&remind=N      a feed a calendar program subscribes to
/web/glance, /web/glance/{year}             the year as a timeline (inline SVG)
/web/compare, /web/compare/{year}           two laws side by side, moved dates marked
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Annotated, Any, TypeVar
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import RedirectResponse, Response

from nyballot.bills.uploaded import is_upload
from nyballot.calendar.model import CONVENTIONS, DUTIES, Calendar, Deadline, parse_kind_groups
from nyballot.calendar.request import CalendarRequest
from nyballot.compare import Comparison, compare_requests
from nyballot.errors import NyballotError, UsageError
from nyballot.export.csv import to_csv
from nyballot.export.ics import to_ics
from nyballot.export.json import calendar_dict, comparison_dict
from nyballot.law.loader import load_law
from nyballot.reckoning.season import season_year, today
from nyballot.web import audience
from nyballot.web.common import MAX_NAME, choose, parse_year, typed_in
from nyballot.web.pages import Asked, Overlays, Text, _asked, _row
from nyballot.web.render import respond, with_param
from nyballot.web.timeline import Bar, Row, legend, timelines

router = APIRouter(include_in_schema=False)


def as_of(on: str | None) -> dt.date:
    """The day a page is read as of: ``on`` (YYYY-MM-DD) or today."""
    if not on or not on.strip():
        return today()
    try:
        return dt.date.fromisoformat(on.strip())
    except ValueError:
        raise UsageError(f"on '{on[:MAX_NAME]}': expected a date YYYY-MM-DD") from None


def this_year(on: dt.date | None = None) -> int:
    """The year of the coming season (the next general election on or after ``on``, default
    today: after the general election, next year's), within the years the law data covers."""
    first, last = _years()
    return min(max(season_year(on or today()), first), last)


def calendar_files(cal: Calendar) -> dict[str, Any]:
    """A calendar view's CSV and JSON: the calendar's own (``nyballot.export``), of the dates
    the view shows."""
    return {"csv": to_csv(cal), "data": calendar_dict(cal)}


def timeline_rows(deadlines: Sequence[Deadline]) -> list[Row]:
    return [
        Row(d.title, (Bar(d.rule.kind, d.opens, d.closes),))
        for d in deadlines
        if d.status == "dated"
    ]


def _kinds(deadlines: Sequence[Deadline]) -> list[str]:
    return [d.rule.kind for d in deadlines if d.status == "dated"]


# -- My calendar -----------------------------------------------------------------------------


SEASON = "season"  # year=season: the coming season, whichever year that is on the day


@dataclasses.dataclass(frozen=True)
class Mine:
    choice: CalendarRequest
    who: str
    office: str
    body: str
    # Asked with no year (or year=season): the coming season's, so a feed subscribed to
    # follows the season, its dates moving to next year's after the general election.
    follows: bool = False

    def query(self, year: int | None = None, **more: str | int) -> str:
        """The page's query; ``year`` another year's."""
        shown = year or (SEASON if self.follows else self.choice.year)
        pairs: list[tuple[str, str | int]] = [("year", shown)]
        pairs += [("law", self.choice.law)] if self.choice.law else []
        pairs += [("with", o) for o in self.choice.overlays]
        pairs += [("who", self.who), ("office", self.office), ("body", self.body)]
        pairs += list(more.items())
        return urlencode(pairs)

    def calendar(self) -> Calendar:
        cal = self.choice.calendar()
        if self.who != "all":
            cal = cal.of_kinds(parse_kind_groups([self.who], "who"))
        keep = [
            d for d in cal.deadlines if audience.applies(d.rule, self.who, self.office, self.body)
        ]
        return dataclasses.replace(cal, deadlines=keep)


def _mine(
    year: Text = None,
    law: Text = None,
    overlays: Overlays = None,
    who: Text = "candidate",
    office: Text = "any",
    body: Text = "party",
    on: Text = None,
) -> Mine:
    asked = (year or "").strip()
    follows = asked in ("", SEASON)
    number = this_year(as_of(on)) if follows else parse_year(asked)
    choice = choose(number, law, overlays or ())
    mine = Mine(choice, who or "all", office or "any", body or "party", follows)
    audience.check(mine.who, mine.office, mine.body)
    return mine


T = TypeVar("T")
MineAsked = Annotated[Mine, Depends(_mine)]


def _or_error(dependency: Callable[..., T]) -> Callable[..., T | NyballotError]:
    """A dependency that gives what was wrong instead of raising it, for a page that shows
    its form again (the same parameters: FastAPI reads the signature it wraps)."""

    @functools.wraps(dependency)
    def given(*args: Any, **kwargs: Any) -> T | NyballotError:
        try:
            return dependency(*args, **kwargs)
        except NyballotError as exc:
            return exc

    return given


NOT_DEADLINES = frozenset({"election", "first_day", "cutoff"})
# Days before each last day that a subscribed calendar program reminds (VALARM); 0: that day.
Remind = Annotated[int, Query(ge=0, le=60)]


def dated_rows(cal: Calendar, choice: CalendarRequest, day: dt.date) -> list[dict[str, Any]]:
    """The calendar's dated entries as page rows, each marked past or not as of ``day``."""
    dated = [d for d in cal.deadlines if d.status == "dated"]
    return [_row(d, choice) | {"past": (d.closes or d.opens or day) < day} for d in dated]


def still_to_do(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last days still to come of something to do, soonest first (an election, a first
    day or a cut-off is a date to know, not a deadline)."""
    due = [r for r in rows if r["closes"] and r["kind"] not in NOT_DEADLINES and not r["past"]]
    return sorted(due, key=lambda r: r["closes"])


@router.get("/", response_model=None)
def home(request: Request, on: Text = None) -> Response:
    """The coming season first: its next deadlines for candidates, a search by office, then
    the views and the form for a whole year's calendar."""
    return home_page(request, as_of(on))


def home_page(
    request: Request, day: dt.date, error: str = "", typed: dict[str, str] | None = None
) -> Response:
    """The home page; with ``error``, the calendar's form again as it was ``typed``."""
    choice = choose(this_year(day), None, ())
    cal = choice.calendar().of_kinds(parse_kind_groups(["candidate"], "who"))
    data = load_law()
    first, last = _years()
    return respond(
        request,
        "index.html",
        name=f"nyballot-season-{cal.year}",
        active_page="home",
        cal=cal,
        today=day,
        upcoming=still_to_do(dated_rows(cal, choice, day))[:5],
        first=first,
        last=last,
        versions=sorted(data.versions.values(), key=lambda v: v.first_year),
        conventions=CONVENTIONS,
        duties=DUTIES,
        events=data.events,
        offices=audience.offices(),
        bodies=audience.BODIES,
        error=error,
        typed=typed or {},
        status=400 if error else 200,
    )


def _days(remind: str | None) -> int:
    """The page's days of reminder (the feed's are a checked query parameter)."""
    days = (remind or "3").strip()
    if not days.isdigit() or int(days) > 60:
        raise UsageError(f"remind '{days[:20]}': expected a number of days from 0 to 60")
    return int(days)


@router.get("/web/mine", response_model=None)
def mine_page(
    request: Request,
    mine: Annotated[Mine | NyballotError, Depends(_or_error(_mine))],
    on: Text = None,
    remind: Text = None,
) -> Response:
    """The dates that apply to one person, by month, the next deadline on top, today marked;
    a choice that is wrong is shown again, as typed, with what was wrong."""
    try:
        if isinstance(mine, NyballotError):
            raise mine
        return _mine_page(request, mine, _days(remind), on)
    except NyballotError as exc:
        return _mine_page(request, _mine(on=on), 3, on, str(exc), typed_in(request))


def _mine_page(
    request: Request,
    mine: Mine,
    remind: int,
    on: str | None,
    error: str = "",
    typed: dict[str, str] | None = None,
) -> Response:
    day = as_of(on)
    cal = mine.calendar()
    rows = dated_rows(cal, mine.choice, day)
    upcoming = still_to_do(rows)
    months = by_month(rows, day)
    following = dataclasses.replace(mine, follows=True).query(remind=remind)
    return respond(
        request,
        "mine.html",
        name=f"nyballot-mine-{cal.year}",
        **calendar_files(cal),
        extra=[("iCalendar feed", f"/web/mine/feed.ics?{mine.query(remind=remind)}")],
        active_page="mine",
        cal=cal,
        mine=mine,
        today=day,
        next=upcoming[0] if upcoming else None,
        months=months,
        awaiting=[_row(d, mine.choice) for d in cal.deadlines if d.status == "awaiting_event"],
        offices=audience.offices(),
        whos=audience.WHO,
        bodies=audience.BODIES,
        years=_years(),
        # A calendar program subscribes to an address in full; this one follows the season.
        feed=f"{str(request.base_url).rstrip('/')}/web/mine/feed.ics?{following}",
        next_season=f"/web/mine?{mine.query(cal.year + 1)}" if cal.year < _years()[1] else None,
        remind=remind,
        chosen="who" in request.query_params,
        any_unverified=any(r["unverified"] for r in rows),
        any_secondary=any(r["secondary"] for r in rows),
        error=error,
        typed=typed or {},
        status=400 if error else 200,
    )


def by_month(rows: list[dict[str, Any]], day: dt.date) -> list[tuple[dt.date, list[Any]]]:
    """Rows in date order grouped by month, with a ``{"today": day}`` marker before the first
    row that starts on or after ``day`` (in ``day``'s month, which it opens if need be)."""
    start = [r["opens"] or r["closes"] for r in rows]
    at = next((i for i, s in enumerate(start) if s >= day), len(rows))
    marked: list[tuple[dt.date, dict[str, Any]]] = list(zip(start, rows, strict=True))
    if any(s.year == day.year for s in start):
        marked.insert(at, (day, {"today": day}))
    return [
        (month, [row for _, row in group])
        for month, group in groupby(marked, key=lambda pair: pair[0].replace(day=1))
    ]


def _years() -> tuple[int, int]:
    versions = load_law().versions.values()
    return min(v.first_year for v in versions), max(v.last_year for v in versions)


@router.get("/web/mine/feed.ics", response_model=None)
def mine_feed(mine: MineAsked, remind: Remind = 3) -> Response:
    """My calendar as an iCalendar feed: stable UIDs, so a subscribed program updates a moved
    date in place."""
    return Response(
        to_ics(mine.calendar(), reminder_days=remind),
        media_type="text/calendar; charset=utf-8",
        headers={"Content-Disposition": f'inline; filename="nyballot-mine-{mine.choice.year}.ics"'},
    )


# -- A year at a glance ----------------------------------------------------------------------


@router.get("/web/glance", response_model=None)
def glance_pick(request: Request, year: Text = None) -> Response:
    try:
        number = parse_year(year) if year and year.strip() else this_year()
    except NyballotError as exc:
        return _glance_again(request, exc)
    return RedirectResponse(f"/web/glance/{number}", status_code=303)


def _glance_again(request: Request, exc: NyballotError, **more: str) -> Response:
    """This year's glance, its form as it was typed, with what was wrong."""
    this = _asked(str(this_year()))
    assert not isinstance(this, NyballotError)  # this year's calendar is the law data's
    return _glance(request, this, None, str(exc), typed_in(request, **more))


@router.get("/web/glance/{year}", response_model=None)
def glance_page(
    request: Request, asked: Annotated[Asked, Depends(_asked)], on: Text = None
) -> Response:
    """The year as a timeline: windows as bars, last days as marks, today marked."""
    if isinstance(asked, NyballotError):
        return _glance_again(request, asked, year=request.path_params["year"])
    return _glance(request, asked, on)


def _glance(
    request: Request,
    asked: tuple[CalendarRequest, Calendar],
    on: str | None,
    error: str = "",
    typed: dict[str, str] | None = None,
) -> Response:
    choice, cal = asked
    day = as_of(on)
    title = f"The {cal.year} political calendar by month ({cal.law})"
    return respond(
        request,
        "glance.html",
        name=f"nyballot-glance-{cal.year}",
        **calendar_files(cal),
        extra=[("iCalendar", f"/calendar/{cal.year}.ics{choice.query()}")],
        active_page="glance",
        cal=cal,
        query=choice.query(),
        svgs=timelines(cal.year, timeline_rows(cal.deadlines), day, title),
        legend=legend(_kinds(cal.deadlines)),
        today=day,
        error=error,
        typed=typed or {},
        status=400 if error else 200,
    )


# -- Compare ---------------------------------------------------------------------------------


def _side(d: Deadline | None, faded: bool) -> Bar:
    if d is None or d.status != "dated":
        return Bar("none", None, None, faded)
    return Bar(d.rule.kind, d.opens, d.closes, faded)


def compare_rows(result: Comparison) -> list[Row]:
    return [
        Row(r.title, (_side(r.base, True), _side(r.other, False)))
        for r in result.rows
        if r.status != "unchanged"
    ]


@router.get("/web/compare", response_model=None)
def compare_form(request: Request, year: Text = None) -> Response:
    """Pick a year and two laws (or a bill against the law in force); the form's target."""
    if year is not None:
        pairs = [(k, v) for k, v in request.query_params.multi_items() if k != "year" and v]
        query = f"?{urlencode(pairs)}" if pairs else ""
        try:
            number = parse_year(year)
        except NyballotError as exc:
            return compare_form_again(request, exc)
        return RedirectResponse(f"/web/compare/{number}{query}", status_code=303)
    return _compare_form(request, this_year())


def compare_form_again(request: Request, exc: NyballotError, **more: str) -> Response:
    """The compare form again, as it was typed, with what was wrong."""
    typed = typed_in(request, **more)
    year = typed.get("year", "").strip()
    number = int(year) if year.isdigit() and _years()[0] <= int(year) <= _years()[1] else None
    return _compare_form(request, number or this_year(), str(exc), typed)


def compare_form_response(request: Request, **upload: Any) -> Response:
    """The compare form; ``upload`` is what its overlay form was sent with, and what was wrong."""
    return _compare_form(request, this_year(), upload=upload)


def _compare_form(
    request: Request,
    number: int,
    error: str = "",
    typed: dict[str, str] | None = None,
    upload: dict[str, Any] | None = None,
) -> Response:
    law = load_law()
    return respond(
        request,
        "compare_form.html",
        name="nyballot-compare",
        active_page="compare",
        year=number,
        years=_years(),
        versions=sorted(law.versions.values(), key=lambda v: v.first_year),
        bills=[
            o
            for o in law.overlays.values()
            if o.kind == "bill" and not is_upload(o.id) and _applies(o.id, number)
        ],
        error=error,
        typed=typed or {},
        status=400 if error else 200,
        upload=upload or {},
    )


def _applies(bill: str, year: int) -> bool:
    """Whether a bill can be read on the law in force in ``year`` (its sections in force on
    that year's general election day), so the form offers only what compares."""
    try:
        choose(year, None, (bill,)).calendar()
    except NyballotError:
        return False
    return True


@router.get("/web/compare/{year}", response_model=None)
def compare_page(
    request: Request,
    year: str,
    law: Text = None,
    overlays: Overlays = None,
    against: Text = None,
    against_with: Annotated[list[str] | None, Query(max_length=5)] = None,
    on: Text = None,
    show: Text = "changed",
) -> Response:
    """A year under two laws: both bars one above the other, moved dates with their reasons;
    a choice that does not compare is the form again, as typed, with what was wrong."""
    try:
        number = parse_year(year)
        base = choose(number, against, against_with or ())
        result = compare_requests(base, choose(number, law, overlays or ()))
    except NyballotError as exc:
        return compare_form_again(request, exc, year=year)
    shown = [r for r in result.rows if show == "all" or r.status != "unchanged"]
    label_base = " + ".join([result.base.law, *result.base.overlays])
    label_other = " + ".join([result.other.law, *result.other.overlays])
    title = f"{number}: {label_base} (faded) against {label_other}"
    counts = {s: sum(r.status == s for r in result.rows) for s in ("moved", "added", "repealed")}
    return respond(
        request,
        "compare.html",
        name=f"nyballot-compare-{number}",
        rows=[
            {
                "id": r.id,
                "title": r.title,
                "status": r.status,
                "base_opens": r.base.opens if r.base else None,
                "base_closes": r.base.closes if r.base else None,
                "other_opens": r.other.opens if r.other else None,
                "other_closes": r.other.closes if r.other else None,
                "shift_days_opens": r.shift_days["opens"],
                "shift_days_closes": r.shift_days["closes"],
                "reason": r.reason,
            }
            for r in shown
        ],
        data=comparison_dict(result, include_unchanged=show == "all"),
        active_page="compare",
        result=result,
        shown=shown,
        counts=counts,
        label_base=label_base,
        label_other=label_other,
        svgs=timelines(number, compare_rows(result), as_of(on), title, (label_base, label_other)),
        legend=legend([d.rule.kind for r in result.rows for d in (r.base, r.other) if d]),
        all_href=with_param(request, "show", "all"),
    )
