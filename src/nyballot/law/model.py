"""The law as data: rules, law versions and overlays (typed, already validated)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from nyballot.reckoning.expressions import Condition, Expr, refs

RuleKind = Literal["deadline", "election", "first_day", "window", "cutoff"]
OverlayKind = Literal["chapter-law", "court-order", "bill"]


@dataclass(frozen=True)
class Rule:
    """One dated provision: its citation, the words it encodes, and its expressions.

    ``opens`` is a first day (never rolled); ``closes`` a last day, which rolls to the next
    business day under § 1-106(1) and GCL § 25-a unless ``roll`` is false.
    """

    id: str
    cite: str
    title: str
    law: tuple[str, ...]
    source: str | None  # shipped text the words are quoted from, or None if not found
    opens: Expr | None = None
    closes: Expr | None = None
    when: Condition | None = None
    roll: bool = True
    kind: RuleKind = "deadline"
    note: str = ""
    unverified: str = ""  # why these words may not be the words in force
    verified_from: int | None = None  # words known in force from this year; earlier: unverified
    only_in: Literal["presidential_years"] | None = None
    origin: str = ""  # the data file it was read from
    overlay: str | None = None  # the overlay that supplied it, if any
    bill_section: str = ""  # for overlay rules: the section of the act that makes the change

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


@dataclass(frozen=True)
class LawVersion:
    """A statute version: a set of rules in force for a period of years."""

    id: str
    title: str
    first_year: int
    last_year: int
    description: str
    rules: dict[str, Rule]

    def covers(self, year: int) -> bool:
        return self.first_year <= year <= self.last_year


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
    replace: dict[str, Rule] = field(default_factory=dict)
    add: dict[str, Rule] = field(default_factory=dict)
    repeal: dict[str, str] = field(default_factory=dict)  # rule id -> the words that repeal it
    origin: str = ""

    def applies_to(self, version: str, year: int) -> bool:
        return version in self.versions and (not self.years or year in self.years)

    def rule_ids(self) -> set[str]:
        return set(self.replace) | set(self.add) | set(self.repeal)
