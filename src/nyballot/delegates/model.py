"""What an allocation returns: awards, seats left open, and the reasoning behind them.

An award is never guessed. Where the statute names "the candidate receiving the most votes" and
two candidates have the same number, the seats in question are reported as a ``Tie`` and left to
whoever must break it (the text does not say who or how).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class AllocationStep:
    """One line of the reasoning: what was computed or decided, and the words that require it."""

    text: str
    cite: str = ""


@dataclass(frozen=True)
class Tie:
    """Seats the statute cannot place because candidates are tied at the deciding point."""

    seats: int
    among: tuple[str, ...]
    reason: str


@dataclass
class Allocation:
    """The seats of one unit (a congressional district, or the state at large)."""

    unit: str
    seats: int
    votes: dict[str, int]
    awards: dict[str, int] = field(default_factory=dict)
    ties: list[Tie] = field(default_factory=list)
    vacant: int = 0
    steps: list[AllocationStep] = field(default_factory=list)

    def say(self, text: str, cite: str = "") -> None:
        self.steps.append(AllocationStep(text, cite))

    @property
    def accounted(self) -> int:
        """Seats awarded, tied or vacant: always equal to ``seats``."""
        return sum(self.awards.values()) + sum(t.seats for t in self.ties) + self.vacant


@dataclass
class DelegateResult:
    """Every district, the at-large seats and the total per candidate."""

    districts: dict[str, Allocation]
    at_large: Allocation
    options: dict[str, str]
    law: str = ""  # the law allocated under, in words
    what_if: str = ""  # why it is not the law in force ("" when it is)
    year: int | None = None
    year_note: str = ""  # said when no year was given

    @property
    def total(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for unit in [*self.districts.values(), self.at_large]:
            for name, n in unit.awards.items():
                totals[name] = totals.get(name, 0) + n
        return dict(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))
