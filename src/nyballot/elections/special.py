"""A special election's calendar: the law in force evaluated with one proclamation and one
election day (DESIGN § 8), plus the checks of Public Officers Law § 42.

The year's calendar, given the events, dates every rule of the special election (``special.*``
and, for the state senate and assembly, the § 42(3)(b) forms ``special_pbo_42_3b.*``, which
prevail over the ordinary forms and are counted from in their place). The rules of the year
whose words reach a special election as well (a voter's "primary, special or general
election") are counted with the special election's day where they name the general election's
(``law/data/elections/special.yaml``). No rule is copied.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from nyballot.calendar.engine import last_day_given
from nyballot.calendar.model import Calendar, Deadline, Step
from nyballot.calendar.request import CalendarRequest
from nyballot.elections.law import Counted, Office, SpecialLaw, Words, special_law
from nyballot.errors import UsageError, suggest
from nyballot.law.subdivisions import with_sign
from nyballot.reckoning.dates import format_day

Given = dict[str, tuple[dt.date, str]]
MAX_NAME = 40  # characters of a name shown back in an error


@dataclass(frozen=True)
class SpecialRequest:
    """One special election: the office, the day of the proclamation and of the election;
    the vacancy and the last year of the term, where known, for § 42(3) and (4)."""

    office: str
    proclaimed: dt.date
    election: dt.date
    vacancy: dt.date | None = None
    last_year: int | None = None


@dataclass(frozen=True)
class Check:
    """A check of § 42 that marks the calendar: what it found and the words."""

    cite: str
    law: str
    text: str


@dataclass(frozen=True)
class NoSpecialElection:
    """§ 42(4): the vacancy came too late in the term; the general election fills it."""

    vacancy: dt.date
    last_day: dt.date  # of § 42(4), the last the vacancy could occur and a special be held
    rule: Words
    filled_at: Words
    general: Deadline  # the general election that fills it (§ 42(1))
    last_for_this_general: Deadline  # § 42(1): the last day a vacancy is filled at this one

    @property
    def message(self) -> str:
        assert self.general.closes is not None
        return (
            "no special election is held: the office is filled at the general election of "
            f"{self.general.closes.year}"
        )


@dataclass
class Special:
    request: SpecialRequest
    office: Office
    calendar: Calendar | None  # None where no special election is held
    checks: list[Check] = field(default_factory=list)
    no_special: NoSpecialElection | None = None

    @property
    def id(self) -> str:
        """Which special election this is, as the desk records it and the calendar files name
        it: the office and the days of the proclamation and of the election."""
        request = self.request
        return f"{self.office.name}:{request.proclaimed.isoformat()}:{request.election.isoformat()}"


def office_of(name: str, law: SpecialLaw) -> Office:
    """The office named, or a UsageError: one § 42(3) excepts, or one the words do not name."""
    key = name.strip().lower().replace(" ", "-").replace("_", "-")
    if key in law.offices:
        return law.offices[key]
    shown = name[:MAX_NAME]
    if key in law.refused:
        words = law.refused[key]
        raise UsageError(
            f"office '{shown}': no special election is proclaimed for it; "
            f'{with_sign(words.cite)}: "{words.law}"',
            fields=("office",),
        )
    known = [*law.offices, *law.refused]
    raise UsageError(
        f"office '{shown}': the words name no such office; expected "
        f"{', '.join(law.offices)}{suggest(key, known)}",
        fields=("office",),
    )


def _check_order(request: SpecialRequest) -> None:
    if request.election <= request.proclaimed:
        raise UsageError(
            f"election {request.election.isoformat()}: not after the proclamation "
            f"({request.proclaimed.isoformat()}); the proclamation fixes the day of the "
            "election that follows it (PBO § 42(3))",
            fields=("election", "proclaimed"),
        )
    if request.vacancy is not None and request.vacancy > request.proclaimed:
        raise UsageError(
            f"vacancy {request.vacancy.isoformat()}: after the proclamation "
            f"({request.proclaimed.isoformat()}); a special election is proclaimed to fill a "
            "vacancy that has occurred (PBO § 42(3))",
            fields=("vacancy", "proclaimed"),
        )


def special_calendar(request: SpecialRequest, law: SpecialLaw | None = None) -> Special:
    """The whole calendar of one special election, or why § 42(4) holds none."""
    law = law or special_law()
    office = office_of(request.office, law)
    _check_order(request)
    no_special = _no_special(request, office, law)
    if no_special is not None:
        return Special(request, office, None, [], no_special)
    events = [("proclamation", request.proclaimed), ("special_election", request.election)]
    if request.vacancy is not None:
        events.append(("vacancy", request.vacancy))
    year = CalendarRequest(request.election.year, events=tuple(sorted(events))).calendar()
    chosen = _forms(year, office)
    checks = _window(request, office, chosen) + _proclamation(request, chosen)
    deadlines = _special_deadlines(year, office, chosen, law, request.election)
    deadlines.sort(key=lambda d: (d.sort_date, d.closes or dt.date.max, d.id))
    nominations = law.party_nominations
    notes = [
        f"{office.title}: PBO § {office.words.cite.removeprefix('PBO ')}.",
        f'§ {nominations.cite}: "{nominations.law}"',
    ]
    notes += [f"PBO § {c.cite.removeprefix('PBO ')}: {c.text}" for c in checks]
    federal = law.federal_only
    if office.name not in federal.offices:
        notes.append(
            f'§ {federal.words.cite}: special federal voters vote "{federal.words.law}": no '
            "date of theirs is in this calendar."
        )
    notes += year.notes
    cal = replace(year, deadlines=deadlines, notes=notes)
    return Special(request, office, cal, checks)


def _forms(year: Calendar, office: Office) -> dict[str, Deadline]:
    """Each special rule in the form the office's paragraph calls for (the first prefix that
    has a rule of that name prevails), keyed by the name after the prefix."""
    chosen: dict[str, Deadline] = {}
    for prefix in office.forms:
        for d in year.deadlines:
            if d.id.startswith(f"{prefix}."):
                chosen.setdefault(d.id.removeprefix(f"{prefix}."), d)
    return chosen


def _given(chosen: dict[str, Deadline], office: Office) -> Given:
    """The last days of the prevailing forms, given in place of the ordinary forms' for every
    rule counted from those."""
    ordinary = office.forms[-1]
    return {
        f"{ordinary}.{key}": (d.closes, f"{d.id}: {d.title}")
        for key, d in chosen.items()
        if not d.id.startswith(f"{ordinary}.") and d.closes is not None
    }


def _special_deadlines(
    year: Calendar, office: Office, chosen: dict[str, Deadline], law: SpecialLaw, day: dt.date
) -> list[Deadline]:
    given = _given(chosen, office)
    found: list[Deadline] = []
    for d in chosen.values():
        if d.status != "dated":
            continue
        replaced = given and not d.id.startswith(tuple(f"{p}." for p in office.forms[:-1]))
        found.append(_evaluated(year, d, given, d.id, d.title) if replaced else d)
    general = {"election.general": (day, "the special election, event.special_election")}
    for item in law.counted:
        base = year.get(item.rule)
        if base is None:  # not a rule of this year's law
            continue
        counted = {**given, **general, **_item_given(item, chosen)}
        found.append(_evaluated(year, base, counted, item.id, _title(item, base), item))
    federal = law.federal_only  # § 11-200(1): special federal voters, federal offices only
    return [d for d in found if federal.reaches(d.id.split(".", 1)[1], office.name)]


def _item_given(item: Counted, chosen: dict[str, Deadline]) -> Given:
    found: Given = {}
    for rule_id, special in item.given:
        d = chosen.get(special.split(".", 1)[1])
        if d is not None and d.closes is not None:
            found[rule_id] = (d.closes, f"{d.id}: {d.title}")
    return found


def _title(item: Counted, base: Deadline) -> str:
    if item.title:
        return item.title
    title = base.title.replace("(general election)", "(special election)")
    return title if title != base.title else f"{base.title} (special election)"


def _evaluated(
    year: Calendar,
    base: Deadline,
    given: Given,
    rule_id: str,
    title: str,
    item: Counted | None = None,
) -> Deadline:
    """A rule of the year evaluated again with the special election's days given."""
    rule = base.rule
    closes, steps = last_day_given(year, rule.id, given, year.events)
    opens = None
    if rule.opens is not None:
        opens, first = last_day_given(year, rule.id, given, year.events, part="opens")
        steps = first + steps
    for target in dict.fromkeys(t.rsplit(".", 1)[0] for t in rule.dependencies()):
        if target in given:
            day, why = given[target]
            steps.insert(0, Step(f"{target}: given, {why}", day, "given", "note"))
    if item is not None:
        steps.insert(
            0,
            Step(
                f"{rule.id} counted with the special election's day for the general "
                f'election\'s: its words reach a special election ("{item.speaks}")',
                None,
                rule.cite,
                "note",
            ),
        )
    dated = closes is not None or (rule.closes is None and opens is not None)
    return Deadline(
        replace(rule, id=rule_id, title=title),
        opens,
        closes,
        "dated" if dated else "awaiting_event",
        steps,
        base.unverified,
        needs=tuple(base.events()),
    )


def _window(request: SpecialRequest, office: Office, chosen: dict[str, Deadline]) -> list[Check]:
    """§ 42(3)(a)-(b): the election day within the days from the proclamation the office's
    paragraph allows; else refused, but for (b)'s proviso (a day already scheduled)."""
    window = chosen["election_day"]
    words = " ".join(window.rule.law)
    assert window.opens is not None and window.closes is not None
    day, days = request.election, (request.election - request.proclaimed).days
    if window.opens <= day <= window.closes:
        return []
    shared = office.shared_day
    if shared is not None and days >= shared.at_least and day < window.opens:
        text = (
            f"the election is {days} days after the proclamation, before the first day the "
            "paragraph allows: lawful only as the day of a special election already "
            f'scheduled ("{shared.words.law}")'
        )
        return [Check(shared.words.cite, shared.words.law, text)]
    raise UsageError(
        f"election {day.isoformat()}: {days} days after the proclamation "
        f"({request.proclaimed.isoformat()}); for the {office.title.lower()} it is "
        f"{format_day(window.opens)} to {format_day(window.closes)} (PBO § "
        f'{window.cite.removeprefix("PBO ")}: "{words}")',
        fields=("election",),
    )


def _proclamation(request: SpecialRequest, chosen: dict[str, Deadline]) -> list[Check]:
    due = chosen.get("proclamation")
    if request.vacancy is None or due is None or due.closes is None:
        return []
    if request.proclaimed <= due.closes:
        return []
    late = (request.proclaimed - request.vacancy).days
    text = (
        f"the proclamation ({format_day(request.proclaimed)}) is {late} days after the vacancy "
        f"({format_day(request.vacancy)}); the words ask for it by {format_day(due.closes)}: "
        f'"{" ".join(due.rule.law)}"'
    )
    return [Check(due.cite, " ".join(due.rule.law), text)]


def _no_special(
    request: SpecialRequest, office: Office, law: SpecialLaw
) -> NoSpecialElection | None:
    """§ 42(4): a vacancy after its last day in the last year of the term is filled at the
    general election (§ 42(1), (4)(d)). Known only where the vacancy and that year are."""
    vacancy, last_year = request.vacancy, request.last_year
    if vacancy is None or last_year is None:
        return None
    if vacancy.year > last_year:
        raise UsageError(
            f"vacancy {vacancy.isoformat()}: after the last year of the term ({last_year})",
            fields=("vacancy", "last_year"),
        )
    last_day = office.no_special.last_day(last_year)
    if vacancy <= last_day:
        return None
    year = CalendarRequest(vacancy.year, events=(("vacancy", vacancy),)).calendar()
    general = next(
        d
        for d in (
            year.get("vacancy.general_election"),
            year.get("vacancy.next_year_general_election"),
        )
        if d is not None and d.status == "dated"
    )
    return NoSpecialElection(
        vacancy,
        last_day,
        office.no_special.words,
        law.filled_at,
        general,
        year.deadline("vacancy.filled_at_this_general"),
    )
