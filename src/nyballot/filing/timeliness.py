"""Was a paper filed in time? A verdict with its derivation and every citation.

Election Law § 1-106(1), read with GCL § 25-a:

- papers are filed between nine A.M. and five P.M.; a last day on a Saturday, Sunday or legal
  holiday becomes the next business day (the calendar has already rolled it);
- the New York City board must *actually receive* petitions, certificates and objections by the
  last day, and is open for them until midnight on that day;
- in Westchester, petitions of designation or nomination are taken until midnight on the last day;
- elsewhere (county boards and the state board), petitions, certificates and objections sent by
  mail or overnight delivery are timely if received no later than two business days after the
  last day;
- every other paper sent by mail is timely if postmarked before midnight of the last day.

§ 1-106(2): failing to file a petition or certificate within the time prescribed is a fatal
defect. § 6-154(2): specifications not timely filed make the objection void.

Readings the statute leaves open, made explicit here (each appears in the derivation):
a paper handed in outside office hours is deemed filed when the office next opens (five P.M.
itself is still within the hours); a mailed petition whose postmark is after the last day is not
"sent" in time, whatever the two-day grace, and one with no postmark (or courier date) cannot be
judged. Under A.9725 § 11 notices of intent join the papers the New York City board must
actually receive, and is open for until midnight, on the last day.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from nyballot.calendar.model import Calendar, Step
from nyballot.errors import UsageError
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
from nyballot.reckoning.dates import add_business_days, format_day
from nyballot.reckoning.holidays import is_business_day, next_business_day, why_not_business_day

OPENS = dt.time(9, 0)
CLOSES = dt.time(17, 0)
NOTICE_FEE_CENTS = 50_000  # A.9725 § 6-117(2): five hundred dollars


@dataclass
class Window:
    """The first and last day to file a paper, with the derivation that fixed them, so that a
    verdict can show where its last day came from."""

    opens: dt.date | None
    closes: dt.date
    source: str  # the rule id or clock that fixed it
    cite: str
    steps: list[Step] = field(default_factory=list)


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
        seen: list[str] = []
        for step in (self.window.steps if self.window else []) + self.steps:
            if step.cite and step.cite not in seen:
                seen.append(step.cite)
        return seen


def window_for(paper: Paper, calendar: Calendar) -> Window | None:
    """The first and last day for this paper: from the calendar, or from the paper it answers."""
    info = KINDS[paper.kind]
    if info.category is Category.RECORD:
        return None
    if paper.kind is FilingKind.NOTICE_OF_INTENT and calendar.get(info.rule or "") is None:
        raise UsageError(
            "kind 'notice_of_intent': notices of intent exist only under bill A.9725 "
            "(choose the what-if A9725)"
        )
    if paper.kind in (FilingKind.OBJECTION, FilingKind.SPECIFICATIONS) and paper.refers_to_received:
        # § 6-154(2) counts from "the filing" of the paper answered: the day it counts as filed
        # (a paper received after hours or on a holiday is filed on the next business day).
        base = paper.refers_to_filed_on or local(paper.refers_to_received).date()
        if paper.kind is FilingKind.OBJECTION:
            clock = clocks.objection_clock(base)
        else:
            clock = clocks.specifications_clock(base)
        return Window(base, clock.due, clock.name, clock.cite, clock.steps)
    assert info.rule is not None
    deadline = calendar.get(info.rule)
    if deadline is None or deadline.closes is None:
        raise UsageError(
            f"kind '{paper.kind}': the {calendar.year} calendar ({calendar.law}) gives no last "
            f"day for rule {info.rule}"
        )
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
    return Window(deadline.opens, deadline.closes, deadline.id, deadline.cite, steps)


def _listed(paper: Paper) -> bool:
    """Papers § 1-106(1) names apart from ordinary mail: petitions, certificates, objections, and
    (under A.9725 § 11, the only law in which they exist) notices of intent."""
    category = KINDS[paper.kind].category
    return paper.kind is FilingKind.NOTICE_OF_INTENT or category in (
        Category.PETITION,
        Category.CERTIFICATE,
        Category.OBJECTION,
    )


def _nyc_cite(paper: Paper) -> str:
    return "A.9725 § 11 (1-106(1))" if paper.kind is FilingKind.NOTICE_OF_INTENT else "1-106(1)"


def _closing_time(paper: Paper, day: dt.date, window: Window) -> tuple[dt.time | None, Step | None]:
    """When the office stops taking this paper on a day (None = midnight), and why."""
    category = KINDS[paper.kind].category
    if day == window.closes:
        if paper.board.kind is BoardKind.NYC and _listed(paper):
            return None, Step(
                f"{format_day(day)} is the last day: the New York City board is open for notices, "
                "petitions, certificates and objections until midnight",
                day,
                _nyc_cite(paper),
                "note",
            )
        if paper.board.kind is BoardKind.WESTCHESTER and category is Category.PETITION:
            return None, Step(
                f"{format_day(day)} is the last day: in Westchester petitions of designation or "
                "nomination are filed between nine A.M. and midnight",
                day,
                "1-106(1)",
                "note",
            )
    return CLOSES, None


def _deemed_filed(paper: Paper, window: Window) -> tuple[dt.date, list[Step]]:
    """The day a paper delivered by hand (or actually received) counts as filed."""
    when = local(paper.received)
    day, steps = (
        when.date(),
        [
            Step(
                f"received {format_day(when.date())} at {when:%H:%M} (New York time), stamped "
                "with the day, hour and minute",
                when.date(),
                "6-144",
                "note",
            )
        ],
    )
    close, why = _closing_time(paper, day, window)
    if why:
        steps.append(why)
    if not is_business_day(day):
        nxt = next_business_day(day)
        steps.append(
            Step(
                f"{format_day(day)} is {why_not_business_day(day)}, not a business day: "
                f"the paper counts as filed when the office next opens, {format_day(nxt)}",
                nxt,
                "1-106(1)",
                "note",
            )
        )
        return nxt, steps
    if when.time() < OPENS:
        steps.append(
            Step(
                "received before nine A.M.: filed when the office opens that day",
                day,
                "1-106(1)",
                "note",
            )
        )
        return day, steps
    if close is not None and when.time() > close:
        nxt = next_business_day(day + dt.timedelta(days=1))
        steps.append(
            Step(
                f"received after five P.M.: papers are filed between nine A.M. and "
                f"five P.M., so it counts as filed on {format_day(nxt)}",
                nxt,
                "1-106(1)",
                "note",
            )
        )
        return nxt, steps
    hours = "until midnight" if close is None else "between nine A.M. and five P.M."
    steps.append(Step(f"received on a business day, {hours}", day, "1-106(1)", "note"))
    return day, steps


def judge(paper: Paper, window: Window | None) -> Decision:
    """The verdict for one paper against its window."""
    category = KINDS[paper.kind].category
    if window is None:
        when = local(paper.received)
        step = Step(
            f"entered {format_day(when.date())} at {when:%H:%M}: a record of the board, "
            "no time limit",
            when.date(),
            "6-144",
            "note",
        )
        return Decision(Verdict.RECORDED, False, when.date(), None, [step])
    steps: list[Step] = []
    received_on = local(paper.received).date()
    by_mail = paper.method in (Method.MAIL, Method.OVERNIGHT)
    listed = _listed(paper)
    grace = window.closes
    if by_mail and listed and paper.board.kind is BoardKind.NYC:
        steps.append(
            Step(
                "sent to the New York City board: it must actually receive the paper "
                f"by the last day, {format_day(window.closes)}; the postmark does not count",
                window.closes,
                _nyc_cite(paper),
                "note",
            )
        )
        filed_on, more = _deemed_filed(paper, window)
        steps += more
    elif by_mail and listed and category is not Category.ORDINARY:
        if paper.postmark is None:
            raise UsageError(
                f"method '{paper.method}': give the postmark (or the date the delivery service "
                "took the paper); § 1-106(1) and (3) count a paper sent by the last day"
            )
        grace = add_business_days(window.closes, 2, is_business_day)
        how = "mail" if paper.method is Method.MAIL else "overnight delivery"
        steps.append(
            Step(
                f"sent by {how} to a board outside the city of New York: timely if "
                f"received no later than two business days after the last day, that "
                f"is by {format_day(grace)}",
                grace,
                "1-106(1)",
                "closes",
            )
        )
        steps.append(Step(f"received {format_day(received_on)}", received_on, "6-144", "note"))
        filed_on = received_on
        if paper.postmark > window.closes:
            steps.append(
                Step(
                    f"postmarked {format_day(paper.postmark)}, after the last day: not sent "
                    "within the time to file",
                    paper.postmark,
                    "1-106(1)",
                    "note",
                )
            )
            return _verdict(paper, Verdict.LATE, filed_on, window, steps)
    elif by_mail:
        if paper.postmark is None:
            raise UsageError("method 'mail': a mailed paper needs its postmark date")
        steps.append(
            Step(
                f"sent by mail, postmarked {format_day(paper.postmark)}: timely if postmarked "
                f"before midnight of the last day, {format_day(window.closes)}, and filed "
                "when received",
                paper.postmark,
                "1-106(1)",
                "note",
            )
        )
        filed_on = received_on
        if paper.postmark > window.closes:
            return _verdict(paper, Verdict.LATE, filed_on, window, steps)
        if window.opens and received_on < window.opens:
            return _verdict(paper, Verdict.TOO_EARLY, received_on, window, steps)
        return _verdict(paper, Verdict.TIMELY, filed_on, window, steps)
    else:
        filed_on, more = _deemed_filed(paper, window)
        steps += more
    if window.opens is not None and filed_on < window.opens:
        steps.append(
            Step(
                f"filed {format_day(filed_on)}, before the first day {format_day(window.opens)} "
                "(a first day never moves)",
                filed_on,
                window.cite,
                "opens",
            )
        )
        return _verdict(paper, Verdict.TOO_EARLY, filed_on, window, steps)
    if filed_on > grace:
        steps.append(
            Step(
                f"filed {format_day(filed_on)}, after the last day {format_day(grace)}",
                filed_on,
                window.cite,
                "closes",
            )
        )
        return _verdict(paper, Verdict.LATE, filed_on, window, steps)
    steps.append(
        Step(
            f"filed {format_day(filed_on)}, within the time to file",
            filed_on,
            window.cite,
            "closes",
        )
    )
    return _verdict(paper, Verdict.TIMELY, filed_on, window, steps)


def _verdict(
    paper: Paper, verdict: Verdict, filed_on: dt.date, window: Window, steps: list[Step]
) -> Decision:
    category = KINDS[paper.kind].category
    fatal = verdict is not Verdict.TIMELY
    if fatal:
        if category in (Category.PETITION, Category.CERTIFICATE) or (
            paper.kind is FilingKind.NOTICE_OF_INTENT
        ):
            steps.append(
                Step(
                    "not filed within the time prescribed: a fatal defect",
                    filed_on,
                    "A.9725 § 11 (1-106(2))"
                    if paper.kind is FilingKind.NOTICE_OF_INTENT
                    else "1-106(2)",
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
    if paper.kind is FilingKind.NOTICE_OF_INTENT and paper.fee_cents < NOTICE_FEE_CENTS:
        fatal = True
        steps.append(
            Step(
                f"fee paid ${paper.fee_cents / 100:.2f}; five hundred dollars must be "
                "paid at the time of filing",
                filed_on,
                "A.9725 § 6-117(2)",
                "note",
            )
        )
    return Decision(verdict, fatal, filed_on, window, steps)


def decide(paper: Paper, calendar: Calendar) -> Decision:
    """Window and verdict in one call."""
    decision = judge(paper, window_for(paper, calendar))
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
