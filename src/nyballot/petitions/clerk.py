"""The clerk's report of a kept review, per volume and sheet, in the order a board works.

For each sheet: its lines, those valid after the clerk's rulings (and of those, the ambiguous
lines the review's reading counts, whose signer is for a clerk to say), those invalid by their first
reason, those objected to (ruled invalid by the review: what the specifications set forth,
§ 6-154(3)), and of those the objections sustained (still invalid after the clerk's rulings)
and overruled (ruled valid by the clerk); then the running count of valid signatures against
the number required, and every override with who, when and why. The same rows are the text,
the CSV and the PDF, and they add up: the sheets' valid lines are the tally after the clerk's
rulings.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from nyballot.petitions.kept import place_of
from nyballot.petitions.lines import line_named, sheet_named
from nyballot.petitions.report import for_clerk, required_count, template, title, verdict
from nyballot.spreadsheet import csv_text

CSV_COLUMNS = (
    "volume", "sheet", "lines", "valid", "identity_for_clerk", "invalid", "objected", "sustained",
    "overruled", "running_valid", "required", "invalid_by_reason",
)  # fmt: skip


def clerk_report(kept: dict[str, Any]) -> dict[str, Any]:
    """The report's rows and totals from a kept review (``kept.get``'s answer)."""
    sheets: dict[tuple[int, int], dict[str, Any]] = {}
    for line in kept["lines"]:
        place = (line.get("volume", 1), line["sheet"])
        row = sheets.setdefault(place, _empty(place))
        override = line.get("override")
        valid = override["valid"] if override else line["valid"]
        row["lines"] += 1
        row["valid"] += valid
        # Ambiguous and counted under the review's reading, who signed not yet said by a clerk.
        row["identity_for_clerk"] += valid and not override and line.get("identity") is not None
        if not valid:
            first = line["reasons"][0]["code"] if line["reasons"] else "ruled invalid by the clerk"
            row["by_reason"][first] += 1
        if not line["valid"]:
            row["objected"] += 1
            row["overruled"] += valid
            row["sustained"] += not valid
    for_clerk = [
        {"line": line_named(place_of(x)), "candidates": [str(c["SBOEID"]) for c in x["candidates"]]}
        for x in kept["lines"]
        if x.get("identity") is not None and x["valid"] and not x.get("override")
    ]
    required = kept["tally_after_overrides"]["required"]
    running = 0
    rows = []
    for place in sorted(sheets):
        row = sheets[place]
        running += row["valid"]
        row.update(invalid=row["lines"] - row["valid"], running_valid=running, required=required)
        rows.append(row)
    return {
        "title": title(kept),
        "review": kept["id"],
        "sheets": rows,
        "totals": _totals(rows),
        "tally": kept["tally_after_overrides"],
        "verdict": verdict(kept["tally_after_overrides"]),
        "for_clerk": for_clerk,
        "overrides": kept["overrides"],
        "stale": kept.get("stale", []),
        "certified": kept.get("certified"),
    }


def _empty(place: tuple[int, int]) -> dict[str, Any]:
    return {"volume": place[0], "sheet": place[1], "lines": 0, "valid": 0,
            "identity_for_clerk": 0, "objected": 0, "sustained": 0, "overruled": 0,
            "by_reason": Counter()}  # fmt: skip


def _totals(rows: list[dict[str, Any]]) -> dict[str, Any]:
    keys = ("lines", "valid", "identity_for_clerk", "invalid", "objected", "sustained",
            "overruled")  # fmt: skip
    totals: dict[str, Any] = {k: sum(r[k] for r in rows) for k in keys}
    totals["by_reason"] = sum((r["by_reason"] for r in rows), Counter())
    return totals


def as_text(report: dict[str, Any]) -> str:
    out = [report["title"], f"review {report['review']}"]
    out += [f"STALE: {mark['reason']} ({mark['marked_at']})" for mark in report["stale"]]
    done = report["certified"]
    out.append(
        f"certified by {done['clerk']} at {done['certified_at']}: the rulings are frozen"
        if done
        else "not certified: the clerk's rulings may still be undone"
    )
    for r in report["sheets"]:
        reasons = ", ".join(f"{code} {n}" for code, n in sorted(r["by_reason"].items()))
        out.append(
            f"  {sheet_named((r['volume'], r['sheet']))}: {r['lines']} lines, {r['valid']} valid"
            f"{for_clerk(r)}, {r['invalid']} invalid{f' ({reasons})' if reasons else ''}; objected "
            f"{r['objected']}, sustained {r['sustained']}, overruled {r['overruled']}; running "
            f"count {r['running_valid']}"
        )
    t = report["totals"]
    out.append(
        f"{t['lines']} lines, {t['valid']} valid{for_clerk(t)}, {t['invalid']} invalid; objected "
        f"{t['objected']}, sustained {t['sustained']}, overruled {t['overruled']}; "
        f"{required_count(report['tally'])}: {report['verdict']}"
    )
    out += [f"  valid, identity for a clerk: {x['line']} ({' or '.join(x['candidates'])})"
            for x in report["for_clerk"]]  # fmt: skip
    for o in report["overrides"]:
        ruled = _ruled(o)
        place = line_named((o.get("volume") or 1, o["sheet"], o["line"]))
        out.append(f"  override: {place} ruled {ruled} by "
                   f"{o['clerk']} at {o['recorded_at']}: {o['reason']}")  # fmt: skip
    return "\n".join(out) + "\n"


def _ruled(override: dict[str, Any]) -> str:
    if override["valid"] is None:
        return "back to the review's own ruling (undone)"
    return "valid" if override["valid"] else "invalid"


def as_csv(report: dict[str, Any]) -> str:
    """One row per volume and sheet, then the total row (its sheet column says "total")."""
    rows = []
    for r in [*report["sheets"], {**report["totals"], "volume": "", "sheet": "total"}]:
        reasons = "; ".join(f"{code} {n}" for code, n in sorted(r["by_reason"].items()))
        rows.append([r.get(k, "") for k in CSV_COLUMNS[:-1]] + [reasons])
    return csv_text(CSV_COLUMNS, rows)


def as_html(report: dict[str, Any]) -> str:
    return template("clerk_report.html").render(report=report, ruled=_ruled)
