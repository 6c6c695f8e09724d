"""How well the reader drafts the bills the package already models by hand: for each shipped
overlay quoted from a bill text in the LBDC form, the share of the provisions it amends that
the reader finds, and the share of its date rules the draft gives the same dates for the
bill's year (a repeal counts when the rule is gone under both)."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from nyballot.errors import NyballotError
from nyballot.law.loader import load_law, overlay_years
from nyballot.law.model import Overlay

_CITE = re.compile(r"(\d+-\d+(?:-[a-z])?)(?:\(([\w-]+)\))?")


@dataclass(frozen=True)
class Measure:
    overlay: str
    text: str
    year: int
    provisions: tuple[int, int]  # found, of
    rules: tuple[int, int]  # reproduced, of
    missed: tuple[str, ...]  # the date rules not reproduced


def _source(overlay: Overlay) -> str | None:
    for change in overlay.changes:
        source = change.rule.source if change.rule is not None else change.source
        if source:
            return source
    return next((p.source for p in overlay.provisions if p.source), None)


def _cited(overlay: Overlay) -> set[tuple[str, str]]:
    cites = [c.rule.cite for c in overlay.changes if c.rule is not None]
    cites += [p.cite for p in overlay.provisions]
    found = set()
    for cite in cites:
        match = _CITE.search(cite)
        if match:
            found.add((match.group(1), (match.group(2) or "").lower()))
    return found


def _dates(year: int, version: str, overlay: str) -> dict[str, tuple[object, object]]:
    from nyballot.calendar.request import CalendarRequest

    cal = CalendarRequest(year, law=version, overlays=(overlay,), enacted=False).calendar()
    return {d.id: (d.opens, d.closes) for d in cal.deadlines}


def measure_overlay(overlay: Overlay, folder: Path) -> Measure | None:
    """The reader's result on the overlay's bill text, or None when it is no LBDC bill."""
    from nyballot.bills.own import bring
    from nyballot.bills.reader import read_bill
    from nyballot.bills.report import bill_report
    from nyballot.law.texts import raw_text

    key = _source(overlay)
    if key is None or not key.startswith(("bills/", "enacted/")):
        return None
    try:
        bill = read_bill(raw_text(key), key)
    except NyballotError:
        return None
    report = bill_report(bill, raw_text(key))
    years = overlay_years(overlay, load_law())
    # The bill's year; for a text whose first page is missing, the year its citation gives.
    cited_year = next((int(y) for y in re.findall(r"\b(\d{4})\b", overlay.cite)), None)
    year = next((y for y in (bill.year, cited_year) if y in years), years[0] if years else 0)
    # Provisions: each section (and subdivision) the hand overlay cites, found among the bill's.
    read = {(s, "") for sec in bill.sections for s in sec.sections}
    read |= {(m.group(1), (m.group(2) or "").lower()) for sec in bill.sections
             for p in sec.provisions() if (m := _CITE.search(p))}  # fmt: skip
    cited = _cited(overlay)
    found = sum(1 for s, sub in cited if (s, sub) in read or (s, "") in read)
    draft = report["draft"]
    path = folder / f"{draft['id']}.yaml"
    path.write_text(yaml.safe_dump(draft, sort_keys=False), encoding="utf-8")
    known = load_law().versions
    covering = [v for v in overlay.versions if v in known and known[v].covers(year)]
    version = (covering or list(overlay.versions))[0]
    rules = sorted({c.rule_id for c in overlay.changes_for(year)})
    hand = _dates(year, version, overlay.id)
    try:
        drafted = _dates(year, version, bring(str(path)).id)
    except NyballotError:
        drafted = {}
    missed = tuple(r for r in rules if hand.get(r) != drafted.get(r) or not drafted)
    return Measure(overlay.id, key, year, (found, len(cited)), (len(rules) - len(missed),
                   len(rules)), missed)  # fmt: skip


def measure_all() -> list[Measure]:
    with tempfile.TemporaryDirectory(prefix="nyballot-measure-") as folder:
        found = [measure_overlay(o, Path(folder)) for o in list(load_law().overlays.values())]
    return [m for m in found if m is not None]
