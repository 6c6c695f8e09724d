"""Choosing the law a question is answered under: a base version plus what-if bills.

The signature and ballot rules quote the three bills (none was enacted). A bill's old-law
reading is the statute as it stood when the bill was printed, so it speaks for the pre-2019
version; the current wording of those sections is not among the shipped texts, and a question
under it is refused rather than answered from older words.
"""

from __future__ import annotations

from collections.abc import Iterable

from nyballot.errors import UsageError, suggest
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law


def _versions() -> dict[str, str]:
    return {v.id: v.title for v in load_law().versions.values()}


def _bills() -> dict[str, str]:
    """The what-if bills among the overlays (enacted overlays apply by themselves)."""
    return {o.id: o.title for o in load_law().overlays.values() if o.kind == "bill"}


_ALIASES = {"pre2019": "pre-2019", "s5305-a": "S5305A", "s.5305-a": "S5305A"}


def _bill_id(name: str) -> str:
    key = name.strip()
    bills = _bills()
    for bill in bills:
        if key.upper().replace(".", "").replace("-", "") == bill:
            return bill
    raise UsageError(
        f"--with {name}: unknown bill{suggest(key.upper(), bills)}; known: " + ", ".join(bills)
    )


def choose_law(law: str | None, bills: Iterable[str] = ()) -> LawChoice:
    """Resolve ``--law`` (default pre-2019, the law the bills amend) and ``--with``."""
    base = _ALIASES.get((law or "pre-2019").strip(), (law or "pre-2019").strip())
    versions = _versions()
    if base not in versions:
        raise UsageError(
            f"--law {law}: unknown law version{suggest(base, versions)}; known: "
            + ", ".join(versions)
        )
    chosen: list[str] = []
    for name in bills:
        bill = _bill_id(name)
        if bill not in chosen:
            chosen.append(bill)
    return LawChoice(base, tuple(chosen))
