"""Subdivisions of the statute: reading them from a rule's cite and from a shipped text.

A unit of a section is a path of markers: ``()`` the whole section, ``("6",)`` subdivision 6,
``("6", "a")`` its paragraph (a). ``parse_cite("6-134(4); L.2014 ch.20")`` gives § 6-134 subd 4
(the act is not a statute subdivision); ``derive(text)`` finds the "1." and "(a)" markers of a
shipped text and the subdivisions it says were not found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nyballot.law.texts import raw_text

Path = tuple[str, ...]

# Another law's section: "PBO 42(1)", "PBO § 42(1)", "GCL § 20"; shipped as PBO-42.txt, GCN-20.txt.
_OTHER_LAW = {"PBO": "PBO", "GCN": "GCN", "GCL": "GCN"}
_PART = re.compile(
    r"(?:(?P<law>PBO|GCN|GCL)\s*(?:§\s*)?)?(?P<section>\d+(?:-\d+)?(?:-[a-z]+)?)"
    r"(?P<subs>(?:\([0-9a-z-]+\))*)(?:-\([0-9a-z]+\))?"
)
_MORE = re.compile(r",\s*(?P<subs>(?:\([0-9a-z-]+\))+)")
_SUB = re.compile(r"\(([0-9a-z-]+)\)")


@dataclass(frozen=True, order=True)
class Cited:
    """One statute subdivision a cite names: the section ('6-158', 'PBO-42') and the path."""

    section: str
    path: Path

    def __str__(self) -> str:
        return cite_of(self.section, self.path)


def cite_of(section: str, path: Path) -> str:
    """'6-158', ('6', 'a') -> '6-158(6)(a)'; another law's section is written 'PBO 42(1)'."""
    name = section.replace("-", " ", 1) if section[:1].isalpha() else section
    return name + "".join(f"({p})" for p in path)


def with_sign(cite: str) -> str:
    """'6-158(1)' -> '§ 6-158(1)'; another law's cite ('PBO 42(1)') as it is."""
    return f"§ {cite}" if cite[:1].isdigit() else cite


def _subs(text: str) -> Path:
    return tuple(_SUB.findall(text))


def parse_cite(cite: str) -> list[Cited]:
    """The statute subdivisions a rule's cite names, in order, each once.

    Parts are separated by ';'. A part that names no section of a law ("L.2014 ch.20", "US v.
    NY, ...") is the act or order beside the section and is skipped. An Election Law section is
    written with its article ('6-158'); a bare number is a section only of another law named
    before it. "7-104(2), (4)" names 7-104(2) and 7-104(4); a range "(a)-(h)" stops at its
    enclosing unit.
    """
    found: list[Cited] = []
    for part in cite.split(";"):
        part = part.strip()
        m = _PART.match(part)
        if m is None:
            continue
        if m["law"] is None and not re.fullmatch(r"\d+-\d+(?:-[a-z]+)?", m["section"]):
            continue
        section = f"{_OTHER_LAW[m['law']]}-{m['section']}" if m["law"] else m["section"]
        first = _subs(m["subs"])
        # A range "(2)(a)-(h)" names its enclosing unit, subdivision 2.
        paths = [first[:-1] if m.group(0).endswith(")") and "-(" in m.group(0) else first]
        rest = part[m.end() :]
        for more in _MORE.finditer(rest):
            paths.append(_subs(more["subs"]))
        for path in paths:
            if Cited(section, path) not in found:
                found.append(Cited(section, path))
    return found


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
_LINE_PARA = re.compile(r"^[ \t]*(?:\(([a-z])\)|([a-z])\.)[ \t]+", re.M)
_LEAD_PARA = re.compile(r"\s*(?:\.\.\.\s*)?(?:\(([a-z])\)|([a-z])\.)\s+")
# "(b) except that" inside a sentence, but not a reference such as "paragraph (a) of".
_INLINE_PARA = re.compile(r"(?<!paragraph )(?<!paragraphs )\(([a-z])\)\s")
_NOTE = re.compile(r"\[([^\]]*not found[^\]]*)\]|\[\.\.\.\]")
_NAMED_SUB = re.compile(r"(\d+(?:-[a-z])?)(?:\(([a-z])\))?")


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
    marks: list[tuple[int, int, Path]] = []  # (start, end of marker, path)
    heading = _HEADING_SUB.match(words)
    if heading:
        marks.append((heading.start(1), heading.end(), ("1",)))
    marks += [(m.start(1), m.end(), (m[1],)) for m in _LINE_SUB.finditer(words)]
    marks.sort()
    paras: list[tuple[int, int, str]] = []
    for _, end, _path in marks:
        lead = _LEAD_PARA.match(words, end)
        if lead:
            paras.append((lead.start(), lead.end(), lead[1] or lead[2]))
    paras += [(m.start(), m.end(), m[1] or m[2]) for m in _LINE_PARA.finditer(words)]
    notes = [m.span() for m in _NOTE.finditer(words)]
    inline = [
        (m.start(), m.end(), m[1])
        for m in _INLINE_PARA.finditer(words)
        if not any(a <= m.start() < b for a, b in notes)
    ]
    found = Derived()
    events = sorted([(s, e, "sub", p) for s, e, p in marks] +
                    [(s, e, "para", (letter,)) for s, e, letter in paras] +
                    [(s, e, "inline", (letter,)) for s, e, letter in inline])  # fmt: skip
    current: Path = (begins,) if begins else ()
    last_letter = ""
    cuts: list[tuple[int, Path]] = [(0, current)]
    for start, _end, kind, path in events:
        if kind == "sub":
            current, last_letter = path, ""
        else:
            letter = path[0]
            if letter == "i" and last_letter not in ("", "h"):
                continue  # a roman subparagraph
            if kind == "inline" and (not last_letter or ord(letter) != ord(last_letter) + 1):
                continue  # only the next paragraph of a run begun at "(a)" is one inline
            current, last_letter = (*current[:1], letter), letter
        if cuts and cuts[-1][0] == start:
            cuts.pop()
        cuts.append((start, current))
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
        if note.strip() == "rest not found" or "rest of the section" in note:
            found.rest_missing = True
            if note.strip() == "rest not found":
                continue
        named: list[Path] = []
        if "paragraph" in note and path:
            after = re.split(r"paragraphs?", note, maxsplit=1)[1]
            letters = re.findall(r"\(([a-z])\)|\b([a-z])\b", after)
            named = [(path[0], a or b) for a, b in letters]
        elif "subdivision" in note:
            after = note.split("subdivision", 1)[1]
            named = [(s, p) if p else (s,) for s, p in _NAMED_SUB.findall(after)]
        named = named or [path]
        for unit in named:
            found.units.setdefault(unit, "")
            found.missing.add(unit)
