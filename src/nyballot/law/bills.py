"""Choosing the law a question is answered under: a base version plus what-if bills.

The signature and ballot rules quote the three bills (none was enacted). A bill's old-law
reading is the statute as it stood when the bill was printed, so it speaks for the pre-2019
version; the current wording of those sections is not among the shipped texts, and a question
under it is refused rather than answered from older words.
"""

from __future__ import annotations

from collections.abc import Iterable

from nyballot.errors import UsageError, suggest
from nyballot.law.choice import LawChoice, normalise_name
from nyballot.law.loader import load_law


def _versions() -> dict[str, str]:
    return {v.id: v.title for v in load_law().versions.values()}


def _bills() -> dict[str, str]:
    """The what-if bills among the overlays (enacted overlays apply by themselves)."""
    return {o.id: o.title for o in load_law().overlays.values() if o.kind == "bill"}


def _bill_id(name: str) -> str:
    bills = _bills()
    bill = normalise_name(name, bills)
    if bill is None:
        raise UsageError(
            f"with {name}: unknown bill{suggest(name.strip().upper(), bills)}; known: "
            + ", ".join(bills),
            fields=("with",),
        )
    return bill


def choose_law(law: str | None, bills: Iterable[str] = ()) -> LawChoice:
    """Resolve the ``law`` (default pre-2019, the law the bills amend) and the bills ``with`` it."""
    versions = _versions()
    base = normalise_name(law or "pre-2019", versions)
    if base is None:
        raise UsageError(
            f"law {law}: unknown law version{suggest(str(law).strip(), versions)}; known: "
            + ", ".join(versions),
            fields=("law",),
        )
    chosen: list[str] = []
    for name in bills:
        bill = _bill_id(name)
        if bill not in chosen:
            chosen.append(bill)
    return LawChoice(base, tuple(chosen))
