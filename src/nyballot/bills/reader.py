"""A bill in the Legislative Bill Drafting Commission's form, read into its sections.

Each section opens "Section 1." or "§ 2." (older prints write "S 2."), numbered in order, and
says what it does to which provision: "Subdivision 1 of section 6-158 of the election law, as
amended by chapter 5 of the laws of 2019, is amended to read as follows:", "... is amended by
adding a new subdivision 1-a ...", "... is REPEALED." The amended words follow, [old matter in
brackets] and NEW MATTER IN CAPITALS; the last section says when the act takes effect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from nyballot.bills.own import read_text_file
from nyballot.errors import UsageError
from nyballot.files import KIB
from nyballot.law.texts import fold, new_law_reading, old_law_reading

MAX_BILL = 1024 * KIB

_SECTION = re.compile(r"(?:(?<=\s)|^)(?:Section|§|S)\s+(\d+)\.\s+")
_HEAD_END = re.compile(r"(?:to read as follows:|(?:is|are) (?:hereby )?REPEALED\.)", re.I)
_CHAPTER = re.compile(r"(?:amended|added|renumbered) by chapter (\d+) of the laws of (\d{4})")
_LAW = re.compile(r"(?:of the|^The) ([a-z ]+?) law\b", re.I)
_SECTIONS = re.compile(
    r"sections? ((?:[\d]+-[\d]+(?:-[a-z])?|\d+)(?:(?:, | and )(?:[\d]+-[\d]+(?:-[a-z])?|\d+))*)",
    re.I,
)
_SUBDIVISIONS = re.compile(
    r"subdivisions? ((?:[\d]+(?:-[a-z])?)(?:(?:, | and )[\d]+(?:-[a-z])?)*)", re.I
)
_PARAGRAPHS = re.compile(r"\bparagraphs? (\(?[a-z]\)?(?:(?:, | and )\(?[a-z]\)?)*) of", re.I)
_NEW_SUB = re.compile(r"adding a new (subdivision|section|paragraph) ([\w-]+)", re.I)
_YEAR = re.compile(
    r"(?:(\d{4})-\d{4} Regular Sessions|[Ll]aws of (\d{4}), chapter|of (\d{4}) \(|"
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r" \d{1,2}, (\d{4}))"
)


@dataclass(frozen=True)
class BillSection:
    """One section of the bill: what it does to which provision, and its words."""

    number: int
    heading: str
    action: str  # amend, add, repeal, effective or other
    law: str  # "election law", "public officers law", "" when it names none
    sections: tuple[str, ...]
    subdivisions: tuple[str, ...]
    paragraphs: tuple[str, ...]
    chapters: tuple[str, ...]  # "chapter 434 of the laws of 1984", as cited
    body: str  # the words after the heading, folded, markup kept

    @property
    def old(self) -> str:
        return old_law_reading(self.body)

    @property
    def new(self) -> str:
        return new_law_reading(self.body)

    def provisions(self) -> list[str]:
        """Each provision the section names: '6-158(1)', '4-108(1)(b)', or sections alone."""
        if self.subdivisions and len(self.sections) == 1:
            para = f"({self.paragraphs[0]})" if len(self.paragraphs) == 1 else ""
            return [f"{self.sections[0]}({sub}){para}" for sub in self.subdivisions]
        return list(self.sections)


@dataclass(frozen=True)
class Bill:
    """A bill's sections, its year and what the reader noticed on the way."""

    name: str
    year: int | None
    sections: tuple[BillSection, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def effective(self) -> BillSection:
        return next(s for s in self.sections if s.action == "effective")


def _action(heading: str) -> str:
    low = heading.lower()
    if "take effect" in low:
        return "effective"
    if "repealed" in low:
        return "repeal"
    if "by adding" in low:
        return "add"
    if "amended to read" in low:
        return "amend"
    return "other"


def _listed(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    match = pattern.search(text)
    if match is None:
        return ()
    return tuple(x.strip("() ") for x in re.split(r",\s*|\s+and\s+", match.group(1)) if x)


def read_section(number: int, text: str) -> BillSection:
    head = _HEAD_END.search(text)
    heading, body = (text[: head.end()], text[head.end() :]) if head else (text, "")
    action = _action(heading)
    if action == "effective":
        return BillSection(number, text.strip(), action, "", (), (), (), (), "")
    target = heading.split(" as amended")[0].split(" as added")[0]
    law = _LAW.search(heading)
    subs = _listed(_SUBDIVISIONS, target)
    added = _NEW_SUB.search(heading)
    if added and added.group(1).lower() == "subdivision":
        subs = (added.group(2).lower(),)
    sections = _listed(_SECTIONS, target)
    if added and added.group(1).lower() == "section":
        sections = (added.group(2),)
    paragraphs = _listed(_PARAGRAPHS, target)
    return BillSection(
        number=number,
        heading=heading.strip(),
        action=action,
        law=law.group(1).strip().lower() + " law" if law else "",
        sections=sections,
        subdivisions=subs,
        paragraphs=paragraphs,
        chapters=tuple(f"chapter {c} of the laws of {y}" for c, y in _CHAPTER.findall(heading)),
        body=body.strip(),
    )


def _numbered(text: str) -> list[tuple[int, int, int]]:
    """(number, start, end of marker) of each section, in order: a number out of sequence
    ("S 4-110." inside the amended words) is part of the words, not a section."""
    found: list[tuple[int, int, int]] = []
    for match in _SECTION.finditer(text):
        number = int(match.group(1))
        if (not found and number <= 5) or (found and number == found[-1][0] + 1):
            found.append((number, match.start(), match.end()))
    return found


def read_bill(text: str, name: str) -> Bill:
    """The bill's sections; a text that is not a bill, or is cut short, is a UsageError."""
    folded = fold(text)
    marks = _numbered(folded)
    if not marks or "election law" not in folded.lower():
        raise UsageError(f"{name}: not a bill in the LBDC form (no 'Section 1.' or '§ 1.')")
    sections = []
    for i, (number, _, end) in enumerate(marks):
        stop = marks[i + 1][1] if i + 1 < len(marks) else len(folded)
        sections.append(read_section(number, folded[end:stop]))
    if sections[-1].action != "effective":
        raise UsageError(
            f"{name}: truncated: § {sections[-1].number} is the last section and no section "
            "says when the act takes effect"
        )
    laws = {s.law for s in sections if s.law}
    if laws and "election law" not in laws:
        raise UsageError(f"{name}: a bill of the {', '.join(sorted(laws))}, not the election law")
    notes = []
    if marks[0][0] != 1:
        notes.append(f"the text begins at § {marks[0][0]}: §§ 1-{marks[0][0] - 1} are not in it")
    year = next((int(y) for g in _YEAR.findall(text[:4000]) for y in g if y), None)
    cited = [int(c.rsplit(" ", 1)[1]) for s in sections for c in s.chapters]
    if year is None and cited:
        year = max(cited)
        notes.append(f"no year printed: read as of the latest chapter it cites ({year})")
    return Bill(name, year, tuple(sections), tuple(notes))


def read_bill_file(path: Path) -> Bill:
    return read_bill(read_text_file(path, MAX_BILL, "bill texts"), str(path))
