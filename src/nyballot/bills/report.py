"""What ``nyballot bill read`` says of a bill: its sections, the words each changes, the
rules and provisions of the law in force that quote them, and the drafted overlay."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from nyballot.bills.draft import Draft, draft_bill, sentences
from nyballot.bills.effective import effective_periods
from nyballot.bills.reader import Bill
from nyballot.law.loader import load_law


def _ident(name: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", Path(name).stem).strip("-")
    return f"{stem or 'bill'}-draft"


def _shipped_key(text: str) -> str | None:
    from nyballot.law.texts import raw_text, shipped_texts

    return next((k for k in shipped_texts() if raw_text(k) == text), None)


def draft_overlay(bill: Bill, text: str, draft: Draft) -> dict[str, Any]:
    """The drafted overlay, in the law data's own form (``--with`` reads it as it is)."""
    law = load_law()
    ids = [e["id"] for e in [*draft.replace, *draft.repeal]]
    versions = [v.id for v in law.versions.values() if all(i in v.rules for i in ids)]
    key = _shipped_key(text)
    effective = bill.effective.heading
    periods = effective_periods(effective)
    todo = [{"id": "effective", "section": str(bill.effective.number),
             "words": [f'{p["sections"]}: {p["todo"]}: "{p["words"][:200]}"']}
            for p in periods if "todo" in p]  # fmt: skip
    overlay: dict[str, Any] = {
        "id": _ident(bill.name),
        "title": f"Drafted from {Path(bill.name).name}",
        "kind": "bill",
        "cite": Path(bill.name).name,
        "enacted": False,
        "status": f"drafted from the bill's text; not enacted; {len(draft.todo)} todo(s) "
        "await a reader's words",
        "versions": versions,
        "source": key or Path(bill.name).name,
        "effective_words": effective,
        "effective_periods": [p for p in periods if "todo" not in p],
        "description": f'Drafted by nyballot bill read. The act: "{effective[:300]}"',
    }
    if key is None:
        overlay["text"] = bill.name
    if draft.years:
        overlay["years"] = sorted(draft.years)
    if draft.replace:
        overlay["replace"] = draft.replace
    if draft.add:
        overlay["add"] = draft.add
    if draft.repeal:
        overlay["repeal"] = draft.repeal
    if draft.provisions:
        overlay["provisions"] = draft.provisions
    overlay["todo"] = draft.todo + todo
    return overlay


def bill_report(bill: Bill, text: str) -> dict[str, Any]:
    draft, version = draft_bill(bill)
    return {
        "bill": bill.name,
        "year": bill.year,
        "law_in_force": version.id,
        "notes": list(bill.notes),
        "sections": [_section(s) for s in bill.sections],
        "effective": bill.effective.heading,
        "quoted": draft.quoted,
        "draft": draft_overlay(bill, text, draft),
    }


def _period(p: dict[str, Any]) -> str:
    import datetime as dt

    from nyballot.law.model import EffectivePeriod

    day = [dt.date.fromisoformat(p[k]) if p.get(k) else None for k in ("from", "to")]
    return EffectivePeriod(p["sections"], day[0], day[1], p.get("counted", "")).line()


def _days(entry: dict[str, Any]) -> str:
    return "; ".join(f"{p} {entry[p]}" for p in ("opens", "closes") if p in entry)


def _section(section: Any) -> dict[str, Any]:
    return {
        "section": section.number,
        "action": section.action,
        "law": section.law or None,
        "provisions": section.provisions(),
        "chapters": list(section.chapters),
        "heading": section.heading,
        "words": [{"old": s.old, "new": s.new} for s in sentences(section) if s.changed]
        if section.action in ("amend", "add")
        else [],
    }


def report_text(report: dict[str, Any]) -> list[str]:
    """The report as lines a person reads."""
    lines = [f"{report['bill']}: {len(report['sections'])} sections; year {report['year']}; "
             f"read against the law in force then ({report['law_in_force']})"]  # fmt: skip
    lines += [f"note: {n}" for n in report["notes"]]
    for s in report["sections"]:
        where = ", ".join(s["provisions"]) or "-"
        law = f" of the {s['law']}" if s["law"] else ""
        lines.append(f"\n§ {s['section']} {s['action']} {where}{law}")
        lines += [f"  as amended by {c}" for c in s["chapters"]]
        for w in s["words"]:
            old = w["old"].strip(" .")
            lines += ([f"  old: {w['old'][:400]}"] if old else []) + [f"  new: {w['new'][:400]}"]
    lines.append(f"\nTakes effect: {report['effective']}")
    lines += [f"  {_period(p)}" for p in report["draft"].get("effective_periods", [])]
    lines.append("\nThe law in force quotes the changed words in:")
    lines += [f"  {q['kind']} {q['id']} (§ {q['cite']}), bill § {q['section']}"
              for q in report["quoted"]]  # fmt: skip
    draft = report["draft"]
    counts = [len(draft.get(k, [])) for k in ("replace", "add", "repeal", "todo")]
    lines.append(f"\nDrafted overlay {draft['id']} ({counts[0]} rules replaced, {counts[1]} "
                 f"added, {counts[2]} repealed, {counts[3]} todo)")  # fmt: skip
    for e in draft.get("replace", []):
        mark = "  TODO" if "unverified" in e else ""
        lines.append(f"  replace {e['id']} (§ {e['cite']}): {e['change']}{mark}")
    lines += [f"  add {e['id']} (§ {e['cite']}): {_days(e)}" for e in draft.get("add", [])]
    lines += [f"  repeal {e['id']} (§ {e['cite']})" for e in draft.get("repeal", [])]
    lines += [f"  provision {e['id']} (§ {e['cite']}): {e['was']} -> {e['value']}"
              for e in draft.get("provisions", [])]  # fmt: skip
    for t in draft["todo"]:
        lines += [f"  todo {t['id']}: {w}" for w in t["words"]]
    return lines
