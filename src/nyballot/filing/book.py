"""The book of § 6-144, open to public inspection.

"Such officer or board shall keep a book, which shall be open to public inspection in which
shall be entered the times of filing all such petitions and certificates; the names and
residences of all candidates named therein; ... the title of the office or party position; the
name of the party or independent body to which the petition or certificate relates and a
memorandum of any objections to such petition or certificate."
"""

from __future__ import annotations

import html
from collections.abc import Collection, Sequence
from typing import Any

from nyballot.filing.model import BOARDS, KINDS, Category, FilingKind
from nyballot.filing.records import replay
from nyballot.spreadsheet import dicts_csv

COLUMNS = (
    "seq",
    "stamped",
    "kind",
    "candidates",
    "office",
    "district",
    "party_or_body",
    "verdict",
    "status",
    "memorandum",
    "recorded",
    "clerk",
    "late_entry",
    "special",  # the special election a paper is for (last: a column added later)
    "uid",
)


PAPERS = tuple(k.value for k, info in KINDS.items() if info.category is not Category.RECORD)


def rows(
    records: list[dict[str, Any]], papers: Collection[str] | None = None
) -> list[dict[str, Any]]:
    """One row per paper filed (board records appear in the memorandum of their paper); with
    ``papers``, only for those uids (``records`` then holds them and what their rows name: the
    records referring to them and to those, and the paper an objection answers)."""
    by_uid = {r["uid"]: r for r in records}
    children: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        if r["refers_to"]:
            children.setdefault(r["refers_to"], []).append(r)
    out = []
    for r in records:
        kind = FilingKind(r["kind"])
        if KINDS[kind].category is Category.RECORD or (
            papers is not None and r["uid"] not in papers
        ):
            continue
        related = children.get(r["uid"], [])
        state = replay(r, related)
        memo = []
        for k in related:
            memo.append(_memo(k, children))
        if kind is FilingKind.OBJECTION and r["refers_to"] in by_uid:
            memo.insert(0, f"objection to filing #{by_uid[r['refers_to']]['seq']}")
        verdict = r["verdict"].replace("_", " ") + (" (fatal defect)" if r["fatal"] else "")
        body = "independent body" if r["independent_body"] else "party"
        out.append(
            {
                "seq": r["seq"],
                "stamped": r["received"].replace("T", " ")[:16],
                "kind": KINDS[kind].title,
                "candidates": "; ".join(
                    f"{c['name']} ({c['residence']})" if c.get("residence") else c["name"]
                    for c in state["candidates"]
                ),
                "office": state["office"],
                "district": state["district"],
                "special": r.get("special") or "",  # the special election it is for
                "party_or_body": f"{state['party']} ({body})" if state["party"] else "",
                "verdict": verdict,
                "status": state["status"],
                "memorandum": "; ".join(memo),
                "recorded": r["recorded_at"].replace("T", " ")[:16],
                "clerk": r["clerk"],
                "late_entry": late_entry(r),
                "uid": r["uid"],
                "board": r["board"],
            }
        )
    return out


def late_entry(r: dict[str, Any]) -> str:
    """How the book marks a paper entered after it was received: "late entry: REASON"."""
    return f"late entry: {r['late_entry']['reason']}" if r["late_entry"] else ""


def _memo(k: dict[str, Any], children: dict[str, list[dict[str, Any]]]) -> str:
    stamped = k["received"].replace("T", " ")[:16]
    if k["late_entry"]:
        stamped += f" ({late_entry(k)}, recorded {k['recorded_at'].replace('T', ' ')[:16]})"
    kind = FilingKind(k["kind"])
    if kind is FilingKind.OBJECTION:
        specs = [c for c in children.get(k["uid"], []) if c["kind"] == FilingKind.SPECIFICATIONS]
        text = f"objection #{k['seq']} filed {stamped} ({k['verdict']})"
        if specs:
            text += f", specifications filed {specs[0]['received'][:10]} ({specs[0]['verdict']})"
        return text
    if kind is FilingKind.DETERMINATION:
        replaces = " (supersedes the earlier determination)" if k["supersedes"] else ""
        return f"determination {stamped}: {k['outcome']}{replaces}"
    if kind is FilingKind.CORRECTION:
        return f"corrected {stamped}" + (f": {k['note']}" if k["note"] else "")
    if kind is FilingKind.WITHDRAWAL:
        return f"withdrawn {stamped}"
    return f"{KINDS[kind].title} #{k['seq']} {stamped}"


def to_csv(book: list[dict[str, Any]]) -> str:
    """The book as CSV for a spreadsheet (``nyballot.spreadsheet``: BOM, CRLF, the guard)."""
    return dicts_csv(book, [*COLUMNS, "board"])


def to_html(
    book: list[dict[str, Any]],
    title: str,
    digests: list[dict[str, Any]] | None = None,
    keys: list[dict[str, str]] | None = None,
    following: str | None = None,
) -> str:
    """A printable page (plain HTML, escaped, no scripts), with the daily digests; with
    ``following``, a link to the next page."""
    more = (
        f'<p><a href="{html.escape(following)}" rel="next">next page</a></p>' if following else ""
    )
    head = "".join(f"<th>{html.escape(c.replace('_', ' '))}</th>" for c in COLUMNS[:-1])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(row[c]))}</td>" for c in COLUMNS[:-1]) + "</tr>"
        for row in book
    )
    return (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title><style>"
        "body{font:11pt serif;margin:1.5cm}table{border-collapse:collapse;width:100%}"
        "th,td{border:1px solid #444;padding:3px 5px;vertical-align:top;font-size:9.5pt}"
        "th{background:#eee}@page{size:landscape;margin:1cm}"
        "</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
        "<p>Book of filings kept under Election Law § 6-144, open to public inspection. "
        "Times are New York time, to the minute.</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"
        f"{_digests_html(digests or [])}{_keys_html(keys or [])}</body></html>\n"
    )


DIGESTS_NOTE = (
    "Each record carries a hash over its content and the previous record's hash; the last "
    "hash of each day is that day's digest. Keep a digest: the book verifies against it later "
    "only if nothing up to that day was rewritten (GET /book/verify, nyballot desk verify)."
)


def _digests_html(digests: list[dict[str, Any]]) -> str:
    cells = [
        (html.escape(d["board"]), str(d["day"]), str(d["seq"]), f"<code>{d['hash']}</code>")
        for d in digests
    ]
    headers = ("board", "day", "last record", "digest")
    return _section_html("Daily digests", DIGESTS_NOTE, headers, cells)


def _section_html(
    heading: str, note: str, headers: tuple[str, ...], cells: Sequence[tuple[str, ...]]
) -> str:
    """A titled table below the book (nothing when it has no rows); cells are HTML already."""
    if not cells:
        return ""
    head = "".join(f"<th>{h}</th>" for h in headers)
    rows = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells)
    return (
        f"<h2>{heading}</h2><p>{html.escape(note)}</p><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


KEYS_NOTE = (
    "Each record made since the board had a key is signed with it (Ed25519): the board's "
    "public key below shows a record was made by the desk, not added to the database by "
    "someone without the key (nyballot desk verify --public-key KEY)."
)


def _keys_html(keys: list[dict[str, str]]) -> str:
    cells = [
        (html.escape(k["key_id"]), f"<code>{html.escape(k['public_key'])}</code>",
         html.escape(k["first_used"]))
        for k in keys
    ]  # fmt: skip
    headers = ("key", "public key", "first used")
    return _section_html("The board's public keys", KEYS_NOTE, headers, cells)


def title(board_id: str | None, year: int | None) -> str:
    name = BOARDS[board_id].name if board_id in BOARDS else "All boards"
    return f"{name}: book of filings" + (f", {year}" if year else "")
