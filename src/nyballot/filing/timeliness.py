"""Was a paper filed in time? A verdict with its derivation and every citation.

The rules are Election Law § 1-106 as the law of the calendar's year has it: its hours, places
and mail rules are provisions of each law version (``versions/*/1-106.yaml``) and of the
overlays that change them, read through ``nyballot.law.provisions``; nothing here names a bill
or a version. In short:

- papers are filed between nine A.M. and five P.M.; a last day on a Saturday, Sunday or legal
  holiday becomes the next business day (the calendar has already rolled it);
- the New York City board must *actually receive* petitions, certificates and objections by
  the last day, and is open for them until midnight on that day;
- from 2019 (L.2019 ch.439), in Westchester petitions of designation or nomination are taken
  until midnight on the last day, and petitions, certificates and objections sent by mail or
  overnight delivery to the state board or a board outside the city are timely if received no
  later than two business days after the last day;
- before 2019 (L.1977 ch.700) there is no Westchester clause, and a paper mailed outside the
  city with a postmark before midnight of the last day is "deemed timely filed and accepted for
  filing when received", however late it arrives;
- every other paper sent by mail is timely if postmarked before midnight of the last day;
- where a law has § 1-106(1-a) (only a what-if bill does), papers of the presidential primary
  sent to a board outside the city must be received within one business day after the last
  day, and a designating petition for the presidential primary is judged against its own
  window.

§ 1-106(2): failing to file a petition or certificate within the time prescribed is a fatal
defect. § 6-154(2): specifications not timely filed make the objection void.

Readings the statute leaves open, made explicit here (each appears in the derivation):

- a paper handed in outside office hours is deemed filed when the office next opens (five P.M.
  itself is still within the hours);
- a mailed paper received on a Saturday, Sunday or holiday counts as filed on the next business
  day: § 1-106(1) has papers filed between nine and five, and mail is "accepted for filing when
  received", which a closed office cannot do. Its timeliness is unchanged (a grace period always
  ends on a business day), and the clocks it starts (objections) count from that business day;
- a petition for an opportunity to ballot is not a petition "of designation or nomination"
  (§ 6-154(2) names the two apart), so it gets neither the New York City receipt rule, the
  Westchester midnight nor the two-day mail grace: it is filed in office hours, and by mail
  under the general postmark rule;
- a mailed petition whose postmark is after the last day is not "sent" in time, whatever the
  grace, and one with no postmark (or courier date) cannot be judged.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from nyballot.calendar.model import Calendar, Step
from nyballot.errors import LawDataError, UsageError
from nyballot.filing import clocks
from nyballot.filing.model import (
    KINDS,
    BoardKind,
    Category,
    FilingKind,
    Method,
    Paper,
    Verdict,
    local,
)
from nyballot.law.loader import load_law
from nyballot.law.model import END_OF_DAY, Provision
from nyballot.law.provisions import cite_of, named, provisions_in_force
from nyballot.reckoning.dates import add_business_days, format_day
from nyballot.reckoning.holidays import is_business_day, next_business_day, why_not_business_day

PRESIDENTIAL_WINDOW = "presidential_designating_petition.filing"


class FilingLaw:
    """The provisions of one calendar's law that the desk reads."""

    def __init__(self, found: dict[str, Provision]) -> None:
        self.found = found

    def get(self, provision_id: str) -> Provision | None:
        return self.found.get(provision_id)

    def require(self, provision_id: str) -> Provision:
        item = self.found.get(provision_id)
        if item is None:
            raise LawDataError(f"provision {provision_id}: the law chosen has none")
        return item

    def listing(self, provision_id: str, paper_class: str) -> Provision | None:
        """The provision if its list names this class of paper."""
        item = self.found.get(provision_id)
        return item if item is not None and paper_class in item.items() else None


@lru_cache(maxsize=64)
def _filing_law(version: str, overlays: tuple[str, ...], year: int) -> FilingLaw:
    return FilingLaw(provisions_in_force(named(version, overlays, year)))


def filing_law(calendar: Calendar) -> FilingLaw:
    """The provisions in force for a calendar's year, law and overlays."""
    return _filing_law(calendar.law, tuple(calendar.overlays), calendar.year)


def paper_class(paper: Paper) -> str:
    """How § 1-106's lists name the paper (see versions/*/1-106.yaml)."""
    if paper.kind in (FilingKind.OTB_PETITION, FilingKind.NOTICE_OF_INTENT):
        return paper.kind.value
    return KINDS[paper.kind].category.value


def presidential(paper: Paper, law: FilingLaw) -> bool:
    """Whether the paper is for an office of the presidential primary, where the law has one."""
    offices = law.get("presidential_primary.offices")
    return offices is not None and paper.office.strip().casefold() in offices.items()


@dataclass(frozen=True)
class Window:
    """The first and last day to file a paper, with the derivation that fixed them, so that a
    verdict can show where its last day came from. A calendar's window is shared by every paper
    judged against it (``window_for``): nothing changes it."""

    opens: dt.date | None
    closes: dt.date
    source: str  # the rule id or clock that fixed it
    cite: str
    steps: tuple[Step, ...] = ()

    @cached_property
    def cites(self) -> tuple[str, ...]:
        """Each step's cite once, in order (built once, as ``json``)."""
        return tuple(dict.fromkeys(step.cite for step in self.steps if step.cite))

    @cached_property
    def json(self) -> dict[str, Any]:
        """The window as a decision's JSON gives it, built once (shared: never changed)."""
        return {
            "opens": self.opens.isoformat() if self.opens else None,
            "closes": self.closes.isoformat(),
            "source": self.source,
            "cite": self.cite,
            "derivation": [s.as_dict() for s in self.steps],
        }


@dataclass
class Decision:
    """A verdict on one paper: whether it is fatal, the day it counts as filed, and every step
    that led there (the window's and its own), so a clerk can cite each one."""

    verdict: Verdict
    fatal: bool
    filed_on: dt.date | None  # the day the paper counts as filed
    window: Window | None
    steps: list[Step] = field(default_factory=list)

    @property
    def cites(self) -> list[str]:
        seen = dict.fromkeys(self.window.cites if self.window else ())
        seen.update(dict.fromkeys(step.cite for step in self.steps if step.cite))
        return list(seen)


def _needs_overlay(rule_id: str, calendar: Calendar) -> UsageError:
    """A rule the calendar lacks: name the acts that would add it."""
    acts = [
        f"{o.cite} (choose the what-if {o.id})"
        for o in load_law().overlays.values()
        if any(c.rule_id == rule_id and c.action == "add" for c in o.changes)
    ]
    where = f"; it exists only under {' or '.join(acts)}" if acts else ""
    return UsageError(
        f"kind: the {calendar.year} calendar ({calendar.law}) gives no last day for rule "
        f"{rule_id}{where}"
    )


def window_for(paper: Paper, calendar: Calendar) -> Window | None:
    """The first and last day for this paper: from the calendar, or from the paper it answers."""
    info = KINDS[paper.kind]
    if info.category is Category.RECORD:
        return None
    if paper.kind in (FilingKind.OBJECTION, FilingKind.SPECIFICATIONS) and paper.refers_to_received:
        # § 6-154(2) counts from "the filing" of the paper answered: the day it counts as filed
        # (a paper received after hours or on a holiday is filed on the next business day).
        base = paper.refers_to_filed_on or local(paper.refers_to_received).date()
        if paper.kind is FilingKind.OBJECTION:
            clock = clocks.objection_clock(base, calendar=calendar)
        else:
            clock = clocks.specifications_clock(base, calendar=calendar)
        return Window(base, clock.due, clock.name, clock.cite, tuple(clock.steps))
    assert info.rule is not None
    rule = info.rule
    if (
        paper.kind is FilingKind.DESIGNATING_PETITION
        and presidential(paper, filing_law(calendar))
        and calendar.get(PRESIDENTIAL_WINDOW) is not None
    ):
        rule = PRESIDENTIAL_WINDOW  # § 6-158(1-a): the presidential primary's own window
    return _rule_window(calendar, rule)


# Each calendar's window for a rule, built once: calendars are built once and kept
# (``clocks.calendar_for``), and a desk judges every paper of a kind and year against the same
# window. Keyed by the calendar's identity, which the entry holds (so the id is not reused).
_windows: dict[tuple[int, str], tuple[Calendar, Window]] = {}
_KEPT_WINDOWS = 256


def _rule_window(calendar: Calendar, rule: str) -> Window:
    kept = _windows.get((id(calendar), rule))
    if kept is None or kept[0] is not calendar:
        if len(_windows) >= _KEPT_WINDOWS:
            _windows.clear()
        kept = _windows[(id(calendar), rule)] = (calendar, _calendar_window(calendar, rule))
    return kept[1]


def _calendar_window(calendar: Calendar, rule: str) -> Window:
    """The window the calendar's deadline for ``rule`` gives, with its derivation."""
    deadline = calendar.get(rule)
    if deadline is None or deadline.closes is None:
        raise _needs_overlay(rule, calendar)
    steps = [
        Step(f"{s.text}", s.date, s.cite, s.part) for s in deadline.derivation if s.part != "note"
    ]
    steps.append(
        Step(
            f"{deadline.title}: "
            + (f"first day {format_day(deadline.opens)}, " if deadline.opens else "")
            + f"last day {format_day(deadline.closes)} ({deadline.id})",
            deadline.closes,
            deadline.cite,
            "closes",
        )
    )
    return Window(deadline.opens, deadline.closes, deadline.id, deadline.cite, tuple(steps))


def _closing_time(
    paper: Paper, day: dt.date, window: Window, law: FilingLaw
) -> tuple[dt.time, Step | None]:
    """When the office stops taking this paper on a day, and why if not at the usual hour."""
    kind = paper_class(paper)
    if day == window.closes:
        nyc = law.listing("filing.nyc.actual_receipt", kind)
        if paper.board.kind is BoardKind.NYC and nyc is not None:
            return END_OF_DAY, Step(
                f"{format_day(day)} is the last day: the New York City board is open for "
                f"{', '.join(nyc.items())} papers until midnight",
                day,
                cite_of(nyc),
                "note",
            )
        late = law.listing("filing.westchester.until_midnight", kind)
        if paper.board.kind is BoardKind.WESTCHESTER and late is not None:
            return END_OF_DAY, Step(
                f"{format_day(day)} is the last day: in Westchester petitions of designation or "
                "nomination are filed between nine A.M. and midnight",
                day,
                cite_of(late),
                "note",
            )
    return law.require("filing.hours.closes").time(), None


def _deemed_filed(paper: Paper, window: Window, law: FilingLaw) -> tuple[dt.date, list[Step]]:
    """The day a paper delivered by hand (or actually received) counts as filed."""
    when = local(paper.received)
    day = when.date()
    steps = [
        Step(
            f"received {format_day(day)} at {when:%H:%M} (New York time), stamped "
            "with the day, hour and minute",
            day,
            "6-144",
            "note",
        )
    ]
    opens, closes = law.require("filing.hours.opens"), law.require("filing.hours.closes")
    close, why = _closing_time(paper, day, window, law)
    if why:
        steps.append(why)
    if not is_business_day(day):
        nxt = next_business_day(day)
        steps.append(
            Step(
                f"{format_day(day)} is {why_not_business_day(day)}, not a business day: "
                f"the paper counts as filed when the office next opens, {format_day(nxt)}",
                nxt,
                cite_of(opens),
                "note",
            )
        )
        return nxt, steps
    if when.time() < opens.time():
        steps.append(
            Step(
                f"received before {opens.value}: filed when the office opens that day",
                day,
                cite_of(opens),
                "note",
            )
        )
        return day, steps
    if when.time() > close:
        nxt = next_business_day(day + dt.timedelta(days=1))
        steps.append(
            Step(
                f"received after {closes.value}: papers are filed between {opens.value} and "
                f"{closes.value}, so it counts as filed on {format_day(nxt)}",
                nxt,
                cite_of(closes),
                "note",
            )
        )
        return nxt, steps
    hours = "until midnight" if close == END_OF_DAY else f"between {opens.value} and {closes.value}"
    steps.append(Step(f"received on a business day, {hours}", day, cite_of(closes), "note"))
    return day, steps


def _mail_received(paper: Paper, law: FilingLaw) -> tuple[dt.date, list[Step]]:
    """A mailed paper counts as filed the day it is received, or, received on a day the
    office is closed, on the next business day (see the module's readings)."""
    received_on = local(paper.received).date()
    steps = [Step(f"received {format_day(received_on)}", received_on, "6-144", "note")]
    if is_business_day(received_on):
        return received_on, steps
    nxt = next_business_day(received_on)
    steps.append(
        Step(
            f"{format_day(received_on)} is {why_not_business_day(received_on)}: the mail is "
            f"accepted for filing when the office next opens, {format_day(nxt)}",
            nxt,
            cite_of(law.require("filing.hours.opens")),
            "note",
        )
    )
    return nxt, steps


def _grace(paper: Paper, law: FilingLaw) -> tuple[Provision, Provision] | None:
    """The receipt limit for a paper mailed to a board outside the city: (days, papers)."""
    kind = paper_class(paper)
    if paper.board.kind is BoardKind.NYC:
        return None
    days = law.get("presidential_primary.mail_filing")
    papers = law.listing("presidential_primary.mail_papers", kind)
    if presidential(paper, law) and days is not None and papers is not None:
        return days, papers
    days = law.get("filing.mail.grace_business_days")
    papers = law.listing("filing.mail.grace_papers", kind)
    return (days, papers) if days is not None and papers is not None else None


def _postmark(paper: Paper, why: Provision) -> dt.date:
    if paper.postmark is None:
        raise UsageError(
            f"postmark: method '{paper.method}' needs the postmark (or the date the delivery "
            f"service took the paper); § {why.cite} counts a paper sent by the last day"
        )
    return paper.postmark


def judge(paper: Paper, window: Window | None, law: FilingLaw) -> Decision:
    """The verdict for one paper against its window, under the law's provisions."""
    if window is None:
        return _recorded(paper)
    receipt = _received(paper, window, law)
    if receipt.late:
        return _verdict(paper, Verdict.LATE, receipt.filed_on, window, receipt.steps, law)
    verdict, step = _placed(receipt, window)
    return _verdict(paper, verdict, receipt.filed_on, window, [*receipt.steps, step], law)


def _recorded(paper: Paper) -> Decision:
    """A paper with no window: a record of the board, with no time limit."""
    when = local(paper.received)
    step = Step(
        f"entered {format_day(when.date())} at {when:%H:%M}: a record of the board, no time limit",
        when.date(),
        "6-144",
        "note",
    )
    return Decision(Verdict.RECORDED, False, when.date(), None, [step])


@dataclass
class _Receipt:
    """When a paper counts as filed, the last day it may be (None: no limit on receipt), the
    steps that found them, and whether it is already late (sent after the last day)."""

    filed_on: dt.date
    last: dt.date | None
    steps: list[Step]
    late: bool = False


def _received(paper: Paper, window: Window, law: FilingLaw) -> _Receipt:
    """The paper's day of filing by the rule for how it came and to which board."""
    by_mail = paper.method in (Method.MAIL, Method.OVERNIGHT)
    nyc = law.listing("filing.nyc.actual_receipt", paper_class(paper))
    if by_mail and nyc is not None and paper.board.kind is BoardKind.NYC:
        return _actually_received(paper, window, law, nyc)
    grace = _grace(paper, law) if by_mail else None
    if grace is not None:
        return _within_grace(paper, window, law, grace)
    if by_mail:
        return _postmarked(paper, window, law)
    filed_on, steps = _deemed_filed(paper, window, law)
    return _Receipt(filed_on, window.closes, steps)


def _actually_received(paper: Paper, window: Window, law: FilingLaw, nyc: Provision) -> _Receipt:
    step = Step(
        "sent to the New York City board: it must actually receive the paper "
        f"by the last day, {format_day(window.closes)}; the postmark does not count",
        window.closes,
        cite_of(nyc),
        "note",
    )
    filed_on, more = _deemed_filed(paper, window, law)
    return _Receipt(filed_on, window.closes, [step, *more])


def _within_grace(
    paper: Paper, window: Window, law: FilingLaw, grace: tuple[Provision, Provision]
) -> _Receipt:
    days, papers = grace
    postmark = _postmark(paper, days)
    last = add_business_days(window.closes, days.number(), is_business_day)
    how = "mail" if paper.method is Method.MAIL else "overnight delivery"
    steps = [
        Step(
            f"sent by {how} to a board outside the city of New York: timely if "
            f"received no later than {days.value} after the last day, that "
            f"is by {format_day(last)}",
            last,
            cite_of(days),
            "closes",
        )
    ]
    filed_on, more = _mail_received(paper, law)
    steps += more
    if postmark <= window.closes:
        return _Receipt(filed_on, last, steps)
    steps.append(
        Step(
            f"postmarked {format_day(postmark)}, after the last day: not sent "
            "within the time to file",
            postmark,
            cite_of(papers),
            "note",
        )
    )
    return _Receipt(filed_on, last, steps, late=True)


def _postmarked(paper: Paper, window: Window, law: FilingLaw) -> _Receipt:
    rule = law.require("filing.mail.postmark")
    postmark = _postmark(paper, rule)
    step = Step(
        f"sent by mail, postmarked {format_day(postmark)}: timely if postmarked "
        f"before midnight of the last day, {format_day(window.closes)}, and filed "
        "when received",
        postmark,
        cite_of(rule),
        "note",
    )
    filed_on, more = _mail_received(paper, law)
    return _Receipt(filed_on, None, [step, *more], late=postmark > window.closes)


def _placed(receipt: _Receipt, window: Window) -> tuple[Verdict, Step]:
    """Too early, late or timely: the day of filing against the first and the last day."""
    filed_on, last = receipt.filed_on, receipt.last
    if window.opens is not None and filed_on < window.opens:
        return Verdict.TOO_EARLY, Step(
            f"filed {format_day(filed_on)}, before the first day {format_day(window.opens)} "
            "(a first day never moves)",
            filed_on,
            window.cite,
            "opens",
        )
    if last is not None and filed_on > last:
        return Verdict.LATE, Step(
            f"filed {format_day(filed_on)}, after the last day {format_day(last)}",
            filed_on,
            window.cite,
            "closes",
        )
    return Verdict.TIMELY, Step(
        f"filed {format_day(filed_on)}, within the time to file", filed_on, window.cite, "closes"
    )


def _verdict(
    paper: Paper,
    verdict: Verdict,
    filed_on: dt.date,
    window: Window,
    steps: list[Step],
    law: FilingLaw,
) -> Decision:
    fatal = verdict is not Verdict.TIMELY
    if fatal:
        defect = law.listing("filing.late_is_fatal", paper_class(paper))
        if defect is not None:
            steps.append(
                Step(
                    "not filed within the time prescribed: a fatal defect",
                    filed_on,
                    cite_of(defect),
                    "note",
                )
            )
        elif paper.kind is FilingKind.SPECIFICATIONS:
            steps.append(
                Step(
                    "specifications not timely filed: the objection is null and void",
                    filed_on,
                    "6-154(2)",
                    "note",
                )
            )
        else:
            steps.append(
                Step(
                    "not filed within the time allowed: it cannot be accepted",
                    filed_on,
                    window.cite,
                    "note",
                )
            )
    fee = law.get("notice_of_intent.fee")
    unpaid = fee is not None and paper.fee_cents < fee.number() * 100
    if paper.kind is FilingKind.NOTICE_OF_INTENT and fee is not None and unpaid:
        fatal = True
        steps.append(
            Step(
                f"fee paid ${paper.fee_cents / 100:.2f}; {fee.value} must be paid at the "
                "time of filing",
                filed_on,
                cite_of(fee),
                "note",
            )
        )
    return Decision(verdict, fatal, filed_on, window, steps)


def decide(paper: Paper, calendar: Calendar) -> Decision:
    """Window and verdict in one call."""
    decision = judge(paper, window_for(paper, calendar), filing_law(calendar))
    if paper.kind is FilingKind.SPECIFICATIONS and paper.refers_to_timely is False:
        # § 6-154(2) gives six days "when such an objection is filed": an objection that could
        # not be accepted leaves nothing to specify, whenever the specifications come.
        decision.verdict, decision.fatal = Verdict.LATE, True
        decision.steps.append(
            Step(
                "the objection these specifications refer to was not filed in time, so it "
                "cannot be accepted and there is nothing to specify",
                decision.filed_on,
                "6-154(2)",
                "note",
            )
        )
    return decision
