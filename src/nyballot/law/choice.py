"""The law a question is answered under: a version and the overlays read on top of it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from nyballot.law.loader import load_law
from nyballot.law.model import ConflictReading


def _key(name: str) -> str:
    return "".join(c for c in name.strip().casefold() if c not in ".- ")


def normalise_name(name: str, known: Iterable[str]) -> str | None:
    """The known law version or overlay id a name stands for, or None.

    People write bills and versions many ways ('s5961', 'S.5305-A', 'pre2019'); case, '.',
    '-' and spaces are ignored so that every command and the API accept the same spellings.
    """
    key = _key(name)
    return next((k for k in known if _key(k) == key), None)


@dataclass(frozen=True)
class LawChoice:
    """A law version (None: the one in force that year) and overlays, in the order given.

    ``enacted_on`` gives a bill's date of enactment where its effective date depends on it;
    ``ordered`` says the overlays' order settles which wins when two amend the same rule;
    ``conflicts`` is the reading of an act that amends one provision twice, differently.
    """

    law: str | None = None
    overlays: tuple[str, ...] = ()
    enacted_on: Mapping[str, dt.date] = field(default_factory=dict)
    ordered: bool = False
    conflicts: ConflictReading = "later"

    def has(self, overlay: str) -> bool:
        return overlay in self.overlays

    @property
    def label(self) -> str:
        return " + ".join([self.law or "law in force", *self.overlays])

    @property
    def title(self) -> str:
        law = load_law()
        version = law.versions[self.law].title if self.law else "the law in force"
        return "; ".join([version, *(f"with {o}: {law.overlays[o].title}" for o in self.overlays)])
