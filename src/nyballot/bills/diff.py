"""Two wordings of one section, compared unit by unit (``nyballot law diff``): each
subdivision or paragraph whose words changed, and every rule and provision that quotes it or
cites it, in every law version and overlay: the list a maintainer works through when the
legislature amends a section."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any

from nyballot.bills.own import MAX_TEXT, read_named_text
from nyballot.errors import UsageError
from nyballot.law.markers import _cuts, _events, body
from nyballot.law.subdivisions import Path, cite_of, parse_cite
from nyballot.law.texts import fold

_SECTION = re.compile(r"\b(\d+-\d+(?:-[a-z])?)\b")


def units(text: str) -> dict[Path, str]:
    """Each unit's words, folded, by its path: ("1",) subdivision 1, ("6", "a") its (a)."""
    words = body(text)
    cuts = _cuts(_events(words), None)
    found: dict[Path, str] = {}
    for n, (start, path) in enumerate(cuts):
        end = cuts[n + 1][0] if n + 1 < len(cuts) else len(words)
        found[path] = (found.get(path, "") + " " + fold(words[start:end])).strip()
    return found


@dataclass(frozen=True)
class Changed:
    cite: str
    how: str  # "changed", "added" or "removed"
    old: str
    new: str
    quoted_by: tuple[dict[str, str], ...]


def _section(path: FilePath, text: str) -> str:
    found = _SECTION.search(path.name) or _SECTION.search(body(text)[:200])
    if found is None:
        raise UsageError(f"{path}: names no section of the election law (e.g. 6-158.txt)")
    return found.group(1)


def _citers(section: str, path: Path, old: str) -> tuple[dict[str, str], ...]:
    from nyballot.law.loader import load_law
    from nyballot.law.texts import quote_in

    law = load_law()
    places: list[tuple[str, Any]] = [
        (v.id, r)
        for v in law.versions.values()
        for r in [*v.rules.values(), *v.provisions.values()]
    ]
    places += [(o.id, c.rule) for o in law.overlays.values() for c in o.changes if c.rule]
    places += [(o.id, p) for o in law.overlays.values() for p in o.provisions]  # fmt: skip
    found: list[dict[str, str]] = []
    for where, item in places:
        cited = any(c.section == section and (c.path[:1] == path[:1] or not c.path)
                    for c in parse_cite(item.cite))  # fmt: skip
        quoted = any(quote_in((old,), w) for w in item.law) if old else False
        if cited and (quoted or not item.law or path[:1] == _first(item.cite)):
            entry = {"in": where, "id": item.id, "cite": item.cite,
                     "by": "quotes it" if quoted else "cites it"}  # fmt: skip
            if entry not in found:
                found.append(entry)
    return tuple(found)


def _first(cite: str) -> Path:
    parsed = parse_cite(cite)
    return parsed[0].path[:1] if parsed else ()


def diff_texts(old_path: FilePath, new_path: FilePath) -> tuple[str, list[Changed]]:
    old_text = read_named_text(old_path, MAX_TEXT, "statute texts")
    new_text = read_named_text(new_path, MAX_TEXT, "statute texts")
    section = _section(old_path, old_text)
    if _section(new_path, new_text) != section:
        raise UsageError(f"{new_path}: not a wording of § {section} (the other file's section)")
    old, new = units(old_text), units(new_text)
    if len(old) < 2 and len(new) < 2:
        raise UsageError(f"{old_path}: no subdivisions found to compare")
    found = []
    for path in sorted(set(old) | set(new), key=_order):
        a, b = old.get(path, ""), new.get(path, "")
        if re.sub(r"\W+", "", a.lower()) == re.sub(r"\W+", "", b.lower()):
            continue
        how = "added" if not a else "removed" if not b else "changed"
        found.append(Changed(cite_of(section, path), how, a, b, _citers(section, path, a or b)))
    return section, found


def _order(path: Path) -> tuple[tuple[int, str], ...]:
    return tuple((int(m[1]) if (m := re.match(r"(\d+)(.*)", p)) else 0, p) for p in path)
