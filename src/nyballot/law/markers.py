"""The subdivisions a shipped text shows by its own markers ("1.", "(a)") and by its editor's
brackets saying words were not found.

``derive("current/6-134.txt")`` gives the units of § 6-134 the text has, with their opening
words, the units whose words are missing, and whether the rest of the section is missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nyballot.law.subdivisions import Path
from nyballot.law.texts import raw_text


@dataclass
class Derived:
    """What a shipped text itself shows: its units, those whose words it says are missing, and
    whether the rest of the section after the last unit is missing."""

    units: dict[Path, str] = field(default_factory=dict)  # path -> its opening words
    missing: set[Path] = field(default_factory=set)
    rest_missing: bool = False

    @property
    def subdivisions(self) -> set[str]:
        return {p[0] for p in self.units if p}


# The lines before the statute words: "Source: ...", "As of: ...", "Deadlines (subdivision 5): ..."
_HEADER = re.compile(r"[A-Z][\w ,()-]{0,60}:\s")
# What follows the words in force, for reference only: an earlier wording.
_REFERENCE = re.compile(r"-----|\[For reference")
_LINE_SUB = re.compile(r"^[ \t]*(\d+(?:-[a-z])?)\.[ \t]+", re.M)
# The first subdivision follows the section's heading on its first line: "§ 6-158. Heading. 1."
_HEADING = re.compile(r"\A\s*(?:§\s*)?\d[\w-]*\.\s+(?:\[[^\]]*\]|[^.\[]*\.)\s+")
_HEADING_SUB = re.compile(_HEADING.pattern + r"(1)\.\s+")
# "(B)" in a text printed in capitals (new matter in an act) is paragraph (b).
_LINE_PARA = re.compile(r"^[ \t]*(?:\(([a-zA-Z])\)|([a-z])\.)[ \t]+", re.M)
_LEAD_PARA = re.compile(r"\s*(?:\.\.\.\s*)?(?:\(([a-zA-Z])\)|([a-z])\.)\s+")
# "(b) except that" inside a sentence, but not a reference such as "paragraph (a) of".
_INLINE_PARA = re.compile(r"(?<![Pp]aragraph )(?<![Pp]aragraphs )\(([a-z])\)\s")
_BRACKET = re.compile(r"\[[^\]]*\]")
# An editor's bracket saying words are missing: "[not found]", "[subdivisions 1-10 not
# collected]", "[subdivisions 3 to 10 not copied]", or "[...]" inside a quotation.
_NOTE = re.compile(r"\[([^\]]*not (?:found|collected|copied)[^\]]*)\]|\[\.\.\.\]")
_REST = re.compile(r"rest not (?:found|collected|copied)")
_RANGE = re.compile(r"\b(\d+)(?:-| to )(\d+)\b")
# A subdivision named in a note; a year ("the 2014 copy") is none.
_NAMED_SUB = re.compile(r"(?<!\d)(\d{1,3}(?:-[a-z])?)(?!\d)(?:\(([a-z])\))?")


def body(text: str) -> str:
    """A shipped text's statute words: without its Source/As of lines, and without any earlier
    wording given after them for reference ('-----', '[For reference only ...]')."""
    lines = text.replace("\\n", "\n").splitlines()
    start = 0
    while start < len(lines) and (not lines[start].strip() or _HEADER.match(lines[start])):
        start += 1
    kept: list[str] = []
    for line in lines[start:]:
        if _REFERENCE.match(line):
            break
        kept.append(line)
    return "\n".join(kept)


def _opening(words: str, limit: int = 90) -> str:
    text = " ".join(_NOTE.sub(" ", words).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


Event = tuple[int, str, str]  # (where it starts, "sub" | "para" | "inline", its number or letter)


def _events(words: str) -> list[Event]:
    """Every marker that may open a unit, in the order of the text."""
    subs: list[tuple[int, int, str]] = []  # (start, end of marker, number)
    heading = _HEADING_SUB.match(words)
    if heading:
        subs.append((heading.start(1), heading.end(), "1"))
    subs += [(m.start(1), m.end(), m[1]) for m in _LINE_SUB.finditer(words)]
    events: list[Event] = [(start, "sub", number) for start, _, number in subs]
    for _, end, _number in subs:
        lead = _LEAD_PARA.match(words, end)
        if lead:
            events.append((lead.start(), "para", (lead[1] or lead[2]).lower()))
    events += [(m.start(), "para", (m[1] or m[2]).lower()) for m in _LINE_PARA.finditer(words)]
    notes = [m.span() for m in _BRACKET.finditer(words)]  # an editor's note is no paragraph
    events += [
        (m.start(), "inline", m[1])
        for m in _INLINE_PARA.finditer(words)
        if not any(a <= m.start() < b for a, b in notes)
    ]
    return sorted(events)


def _cuts(events: list[Event], begins: str | None) -> list[tuple[int, Path]]:
    """Where each unit's words start, from the markers that are really units."""
    current: Path = (begins,) if begins else ()
    last_letter = ""
    cuts: list[tuple[int, Path]] = [(0, current)]
    for start, kind, mark in events:
        if kind == "sub":
            current, last_letter = (mark,), ""
        else:
            if mark == "i" and last_letter not in ("", "h"):
                continue  # a roman subparagraph
            if kind == "inline" and (not last_letter or ord(mark) != ord(last_letter) + 1):
                continue  # only the next paragraph of a run begun at "(a)" is one inline
            current, last_letter = (*current[:1], mark), mark
        if cuts[-1][0] == start:
            cuts.pop()
        cuts.append((start, current))
    return cuts


def derive(key: str, begins: str | None = None) -> Derived:
    """The units a shipped text shows by its own markers.

    Subdivisions are numbers ("1.", "2-a.") that start a line, or the "1." after the section's
    heading; paragraphs are "(a)" or "a." that start a line or follow their subdivision's
    number, and "(b)", "(c)" ... inside a sentence where they continue that run. A roman
    "(i)" inside a paragraph other than (h) is a subparagraph and not listed. ``begins``
    names the subdivision a text starts in when it begins with a paragraph. A bracket saying
    words were "not found" marks the unit it is in, or the units it names, as missing; "[rest
    not found]" marks the rest of the section.
    """
    words = body(raw_text(key))
    cuts = _cuts(_events(words), begins)
    found = Derived()
    for n, (start, path) in enumerate(cuts):
        end = cuts[n + 1][0] if n + 1 < len(cuts) else len(words)
        own = words[start:end]
        if path and path not in found.units:
            marker = _LINE_SUB if len(path) == 1 else _LEAD_PARA
            found.units[path] = _opening(marker.sub("", own, count=1))
        elif not path and len(cuts) == 1:  # a section without subdivisions
            found.units[()] = _opening(_HEADING.sub("", own, count=1))
        _notes(own, path, found)
    return found


def _notes(own: str, path: Path, found: Derived) -> None:
    """Apply the 'not found' brackets in a unit's words."""
    for m in _NOTE.finditer(own):
        note = m[1] or "..."
        if _REST.fullmatch(note.strip()) or "rest of the section" in note:
            found.rest_missing = True
            if _REST.fullmatch(note.strip()):
                continue
        if "heading" in note and "subdivision" not in note:
            continue  # the section's heading: no words of a subdivision
        named: list[Path] = []
        if "paragraph" in note and path:
            after = re.split(r"paragraphs?", note, maxsplit=1)[1]
            letters = re.findall(r"\(([a-z])\)|\b([a-z])\b", after)
            named = [(path[0], a or b) for a, b in letters]
        elif "subdivision" in note:
            after = _RANGE.sub(
                lambda r: ", ".join(map(str, range(int(r[1]), int(r[2]) + 1))),
                note.split("subdivision", 1)[1],
            )
            named = [(s, p) if p else (s,) for s, p in _NAMED_SUB.findall(after)]
        named = named or [path]
        for unit in named:
            found.units.setdefault(unit, "")
            found.missing.add(unit)
