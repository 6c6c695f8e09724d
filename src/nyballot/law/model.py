"""The law as data: rules, law versions and overlays (typed, already validated)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Literal

from nyballot.reckoning.expressions import Condition, Expr, refs

RuleKind = Literal[
    "deadline", "election", "first_day", "window", "cutoff", "duty", "voter", "meeting",
    "signing", "receipt",
]  # fmt: skip
# The kind alone decides whether a last day rolls forward. Kinds whose last day never rolls:
# election days; cut-offs that are not filing days; duties of a board counted back from an
# election (rolling would shorten the time the law secures, for military ballots below the 45
# days federal law requires); a voter's last day counted back from an election (the time it
# secures is the board's, to prepare the rolls and ballots); a meeting or convention held
# between two days (held, not a paper filed); a period to sign petitions (its last day is not
# a filing day). A ballot received by a day counted forward from the election ("receipt")
# rolls: rolling takes no time from the board before the election.
NON_ROLLING_KINDS = frozenset({"election", "cutoff", "duty", "voter", "meeting", "signing"})
# A board's duty counted forward from a day ("within thirteen days from the day upon which the
# primary election is held"): its last day on a Saturday, Sunday or public holiday stays the
# statute's day ("fixed", the default: § 1-106(1) moves only "the last day for filing", a board's
# canvass is no filing, and the state board's calendars print the statute's day, a Saturday
# included: 2015's primary canvass on Sat Sep 19), or is the next business day ("rolled", GCL
# § 25-a: a period computed from a certain day within which an act is required to be done).
DutyReading = Literal["rolled", "fixed"]
DEFAULT_DUTIES: DutyReading = "fixed"
# Who a date is for: the three groups a calendar can be filtered by (`--kind`, `kind=`).
# Election days belong to every group: every other date is counted from them.
KindGroup = Literal["candidate", "board", "voter"]
KIND_GROUPS: dict[KindGroup, frozenset[str]] = {
    "candidate": frozenset(
        {"deadline", "first_day", "window", "cutoff", "election", "meeting", "signing"}
    ),
    "board": frozenset({"duty", "election"}),
    "voter": frozenset({"voter", "receipt", "election"}),
}


def kind_groups(kind: str) -> list[KindGroup]:
    """The groups a rule of this kind is for ("receipt" -> ["voter"])."""
    return [group for group, kinds in KIND_GROUPS.items() if kind in kinds]


# Where a date rests on no statute words but on a secondary source (news, a board's page, a
# law firm's note): the only value, and every output marks it.
Evidence = Literal["secondary"]


def secondary_mark(evidence: str | None, source: str) -> str:
    """The mark every output gives a number or date resting on a secondary source: data say
    ``evidence: secondary`` and name it in ``evidence_source``; outputs say "secondary: <it>"."""
    return f"secondary: {source}" if evidence == "secondary" else ""


# When one act amends a provision twice, differently: "later" (the default) lets the text that
# took effect later prevail (on the same day, the later section); "earlier" reads the later
# sections as leaving the first amendment standing.
ConflictReading = Literal["later", "earlier"]
# "reading": the other reading of enacted words, never law (read on top of it, marked what-if).
OverlayKind = Literal["chapter-law", "court-order", "executive-order", "bill", "reading"]
Action = Literal["replace", "add", "repeal"]
TakesEffect = Literal["dates", "january-after-enactment"]


@dataclass(frozen=True)
class Rule:
    """One dated provision: its citation, the words it encodes, and its expressions.

    ``opens`` is a first day (never rolled); ``closes`` a last day, which rolls to the next
    business day under § 1-106(1) and GCL § 25-a unless its kind is one of NON_ROLLING_KINDS.
    """

    id: str
    cite: str
    title: str
    law: tuple[str, ...]
    source: str | None  # shipped text the words are quoted from, or None if not found
    opens: Expr | None = None
    closes: Expr | None = None
    when: Condition | None = None
    kind: RuleKind = "deadline"
    note: str = ""
    unverified: str = ""  # why these words may not be the words in force
    verified_from: int | None = None  # words known in force from this year; earlier: unverified
    only_in: Literal["presidential_years", "other_years", "governor_years"] | None = None
    origin: str = ""  # the data file it was read from
    overlay: str | None = None  # the overlay that supplied it, if any
    bill_section: str = ""  # for overlay rules: the section of the act that makes the change
    change: str = ""  # for overlay rules: what the change does, in one line
    derivation_notes: tuple[str, ...] = ()  # conflicts and precedence, shown in derivations
    in_force_from: dt.date | None = None  # for overlay rules: the day the change takes effect
    conflict: str = ""  # "§ 2 and § 19 conflict; § 19 prevails", when sections of an act clash
    evidence: Evidence | None = None  # "secondary": the date rests on a secondary source
    evidence_source: str = ""  # that source, named

    @property
    def roll(self) -> bool:
        """Whether the last day rolls to the next business day: the kind alone decides."""
        return self.kind not in NON_ROLLING_KINDS

    @property
    def counted_forward_duty(self) -> bool:
        """A board's duty whose last day is counted forward from a day ("13 days after
        primary"): whether it rolls is the reading of GCL § 25-a (see ``DutyReading``)."""
        direction = getattr(self.closes, "direction", None)
        return self.kind == "duty" and direction == "after"

    def rolls(self, duties: DutyReading = DEFAULT_DUTIES) -> bool:
        """Whether the last day rolls: the kind decides, and for a board's duty counted forward
        from a day, the reading of GCL § 25-a asked for."""
        return self.roll or (duties == "rolled" and self.counted_forward_duty)

    def expressions(self) -> dict[str, Expr | Condition]:
        found: dict[str, Expr | Condition] = {}
        if self.opens is not None:
            found["opens"] = self.opens
        if self.closes is not None:
            found["closes"] = self.closes
        if self.when is not None:
            found["when"] = self.when
        return found

    def dependencies(self) -> list[str]:
        """The rule fields and events this rule's expressions name."""
        return [r.target for e in self.expressions().values() for r in refs(e)]

    def events(self) -> list[str]:
        return [d.removeprefix("event.") for d in self.dependencies() if d.startswith("event.")]

    def label(self) -> str:
        return f"{self.id} ({self.cite})"

    def in_year(self, year: int) -> bool:
        """Whether the rule speaks of this year: ``only_in`` presidential years, only in the
        other years, or only in the years of an election for governor (``election_year``)."""
        if self.only_in is None:
            return True
        if self.only_in == "governor_years":
            return election_year(year, "governor_years")
        presidential = election_year(year, "presidential_years")
        return presidential == (self.only_in == "presidential_years")


@cache
def _cycles() -> dict[str, dict[str, int]]:
    path = resources.files("nyballot.law").joinpath("data/election_years.json")
    found: dict[str, dict[str, int]] = json.loads(path.read_text(encoding="utf-8"))
    return found


def election_year(year: int, kind: str) -> bool:
    """Whether ``year`` holds the election of ``kind`` ("presidential_years",
    "governor_years"), from ``law/data/election_years.json``."""
    cycle = _cycles()[kind]
    return (year - cycle["from"]) % cycle["every"] == 0


@dataclass(frozen=True)
class LawVersion:
    """A statute version: a set of rules in force for a period of years."""

    id: str
    title: str
    first_year: int
    last_year: int
    description: str
    rules: dict[str, Rule]
    provisions: dict[str, Provision] = field(default_factory=dict)

    def covers(self, year: int) -> bool:
        return self.first_year <= year <= self.last_year


@dataclass(frozen=True)
class Period:
    """When a change is in force: from a day (None: as far back as the law goes) to a day."""

    start: dt.date | None = None
    end: dt.date | None = None

    def contains(self, day: dt.date) -> bool:
        return (self.start is None or self.start <= day) and (self.end is None or day <= self.end)

    def __str__(self) -> str:
        start = self.start.isoformat() if self.start else "enactment"
        return f"in force {start} to {self.end.isoformat()}" if self.end else f"from {start}"


@dataclass(frozen=True)
class Change:
    """One change an overlay makes: the rule it replaces, adds or repeals, and when."""

    action: Action
    rule_id: str
    section: str  # the section of the act ("8"), or "" when the act has one
    period: Period
    rule: Rule | None = None  # the rule as changed (None for a repeal)
    law: tuple[str, ...] = ()  # the words that make the change
    summary: str = ""  # one line: "tenth Monday -> thirteenth Friday"
    note: str = ""
    source: str | None = None  # for a repeal: the text its words are quoted from, if its own
    # For a replacement: the rule's fields it states; the base rule keeps every other one.
    restates: frozenset[str] = frozenset()

    def label(self) -> str:
        return f"§ {self.section}" if self.section else "the act"

    def same_effect(self, other: Change) -> bool:
        """Whether two changes leave the rule with the same dates."""
        if self.action != other.action or (self.rule is None) != (other.rule is None):
            return False
        if self.rule is None or other.rule is None:
            return True
        mine, theirs = self.rule, other.rule
        return (mine.opens, mine.closes, mine.when, mine.roll) == (
            theirs.opens,
            theirs.closes,
            theirs.when,
            theirs.roll,
        )


ProvisionType = Literal[
    "text", "count", "days", "business_days", "dollars", "flag", "time", "list", "share"
]
ProvisionValue = str | int | bool | dt.time | tuple[str, ...] | Fraction
# Midnight at the end of a day (an office "open until midnight"), written "24:00" in the data.
END_OF_DAY = dt.time.max


@dataclass(frozen=True)
class Provision:
    """What the law fixes that is not a date: a fee, a count, a place, a rule of filing.

    ``value`` says it in words (shown to people); ``setting`` is the typed value code reads
    (``type`` says which: a count, days, dollars, a flag, a time of day, a list of names, or
    text). A provision is enacted by a law version or by an overlay; see
    ``nyballot.law.provisions`` for asking which one governs.
    """

    id: str
    cite: str
    title: str
    law: tuple[str, ...]
    value: str
    section: str = ""
    was: str = ""  # the provision before the change, if there was one
    note: str = ""
    type: ProvisionType = "text"
    setting: ProvisionValue = ""
    source: str | None = None  # shipped text the words are quoted from, or None if not found
    unverified: str = ""  # why these words may not be the words in force
    evidence: Evidence | None = None  # "secondary": the value rests on a secondary source
    evidence_source: str = ""  # that source, named
    repealed: bool = False  # an overlay's provision that takes the version's away
    origin: str = ""  # the data file it was read from
    overlay: str | None = None  # the overlay that enacts it, if any
    period: Period = Period()  # for overlay provisions: when the section is in force

    @property
    def secondary(self) -> str:
        """How outputs mark a value that rests on a secondary source ("secondary: <source>")."""
        return secondary_mark(self.evidence, self.evidence_source)

    def _typed(self, kinds: tuple[ProvisionType, ...]) -> ProvisionValue:
        if self.type not in kinds:
            raise TypeError(
                f"provision {self.id} ({self.cite}) is {self.type}, not {' or '.join(kinds)}"
            )
        return self.setting

    def number(self) -> int:
        """A count, days, business days or dollars."""
        value = self._typed(("count", "days", "business_days", "dollars"))
        assert isinstance(value, int)
        return value

    def flag(self) -> bool:
        value = self._typed(("flag",))
        assert isinstance(value, bool)
        return value

    def time(self) -> dt.time:
        """A time of day; ``END_OF_DAY`` for midnight at the end of the day."""
        value = self._typed(("time",))
        assert isinstance(value, dt.time)
        return value

    def items(self) -> tuple[str, ...]:
        value = self._typed(("list",))
        assert isinstance(value, tuple)
        return value

    def share(self) -> Fraction:
        """A part of a whole (a per centum, a fraction of a stated number)."""
        value = self._typed(("share",))
        assert isinstance(value, Fraction)
        return value

    def text(self) -> str:
        return str(self._typed(("text",)))

    def label(self) -> str:
        return f"{self.id} ({self.cite})"


@dataclass(frozen=True)
class Conflict:
    """Two sections of one act that amend the same provision differently."""

    rule_id: str
    changes: tuple[Change, ...]  # in the order of the act
    reading: str = ""  # the data's reviewed reading; empty: unresolved
    prevails: str = ""  # the section that prevails by that reading ("" = the default rule)

    @property
    def resolved(self) -> bool:
        return bool(self.reading)

    def sections(self) -> str:
        return " and ".join(c.label() for c in self.changes)


@dataclass(frozen=True)
class EffectivePeriod:
    """When an act (or some of its sections) is in force, as its effective-date section says:
    a day given, or one counted from the day it becomes a law (unknown for a bill), or a todo
    with the words the reader could not read."""

    sections: str  # "the act", or "§§ 18, 19"
    start: dt.date | None = None
    end: dt.date | None = None
    counted: str = ""  # "the day it becomes a law", "90 days after it becomes a law"
    words: str = ""
    todo: str = ""

    def line(self) -> str:
        if self.todo:
            return f'{self.sections}: todo: {self.todo}: "{self.words[:200]}"'
        start = self.start.isoformat() if self.start else self.counted or "(not said)"
        end = f" to {self.end.isoformat()}" if self.end else ""
        return f"{self.sections} in force from {start}{end}"


@dataclass(frozen=True)
class Overlay:
    """A chapter law, court order or bill that replaces, adds or repeals rules."""

    id: str
    title: str
    kind: OverlayKind
    cite: str
    enacted: bool
    versions: tuple[str, ...]  # law versions it applies to
    years: tuple[int, ...]  # years it applies to; empty = every year the version covers
    description: str
    origin: str = ""
    changes: tuple[Change, ...] = ()  # every change, in the order of the act
    provisions: tuple[Provision, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    takes_effect: TakesEffect = "dates"
    effective: str = ""  # the act's own words on when it takes effect
    effective_periods: tuple[EffectivePeriod, ...] = ()  # a drafted overlay's, for its note
    prevails_over: tuple[str, ...] = ()  # overlays whose changes this one overrides
    status: str = ""  # e.g. "introduced June 14, 2015; not enacted"

    def _last(self, action: Action) -> dict[str, Change]:
        """Each rule's last change of a kind (without a year, the last section prevails)."""
        last = {c.rule_id: c for c in self.changes}
        return {k: c for k, c in last.items() if c.action == action}

    @property
    def replace(self) -> dict[str, Rule]:
        return {k: c.rule for k, c in self._last("replace").items() if c.rule is not None}

    @property
    def add(self) -> dict[str, Rule]:
        return {k: c.rule for k, c in self._last("add").items() if c.rule is not None}

    @property
    def repeal(self) -> dict[str, str]:
        """Rule id -> the words that repeal it."""
        return {k: " ".join(c.law) for k, c in self._last("repeal").items()}

    def period_for(self, change: Change, enacted_on: dt.date | None) -> Period:
        """A change's period; for an act that takes effect the January after enactment, from
        that January (or, without a date of enactment, from any year asked)."""
        if self.takes_effect == "january-after-enactment" and enacted_on is not None:
            return Period(dt.date(enacted_on.year + 1, 1, 1), change.period.end)
        return change.period

    def changes_for(self, year: int, enacted_on: dt.date | None = None) -> list[Change]:
        """The changes in force for the calendar of a year (see ``in_force_day``)."""
        day = in_force_day(year)
        return [c for c in self.changes if self.period_for(c, enacted_on).contains(day)]

    def applies_to(self, version: str, year: int, enacted_on: dt.date | None = None) -> bool:
        """Whether the overlay changes the calendar of a year under a version: it must amend
        that version and have some change in force for the year (given ``enacted_on`` for a
        bill whose effective date depends on its enactment). An enacted overlay applies by
        itself where this holds; one asked for where it does not is refused."""
        if version not in self.versions or (self.years and year not in self.years):
            return False
        return not self.changes or bool(self.changes_for(year, enacted_on))


def in_force_day(year: int) -> dt.date:
    """The day on which a change must be in force to govern a year's calendar.

    A change governs the calendar of a year when it is in force on that year's general
    election day (§ 8-100(1)(c), as the holiday table defines it): a section taking effect on
    December 15, 2015 changes the 2016 calendar, not 2015's; an act expiring on December 31,
    2016 governs 2016 but not 2017.
    """
    from nyballot.reckoning.holidays import general_election_day

    return general_election_day(year)
