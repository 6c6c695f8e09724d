"""Coverage: every subdivision of a version's shipped texts, and the rules that encode it.

The list of subdivisions and the reason none encodes one are data
(``law/data/coverage/<version folder>.yaml``, read by ``coverage_data``); which rules encode a
subdivision is computed from each rule's ``cite``. A reason on a subdivision some rule encodes
is ignored, so a new rule never makes the list wrong, only shorter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from nyballot.errors import UsageError, suggest
from nyballot.law.choice import normalise_name, resolve_law
from nyballot.law.coverage_data import CoverageData, Listed, Section, coverage_data
from nyballot.law.loader import apply_overlays, load_law
from nyballot.law.markers import Derived, derive
from nyballot.law.model import LawVersion, Rule, kind_groups
from nyballot.law.subdivisions import Cited, Path, cite_of, is_regulation, parse_cite
from nyballot.law.texts import shipped_texts

Status = Literal["encoded", "no_date", "missing", "not_modelled", "unexplained"]
REASONS: dict[str, Status] = {"no-date": "no_date", "missing": "missing",
                              "not-modelled": "not_modelled"}  # fmt: skip
STATUS_WORDS: dict[Status, str] = {
    "encoded": "encoded",
    "no_date": "no date in it",
    "missing": "words partly missing (text not found)",
    "not_modelled": "not modelled",
    "unexplained": "no rule and no reason recorded",
}


@dataclass(frozen=True)
class Row:
    """One line of the checklist."""

    section: str
    path: Path
    text: str
    status: Status
    rules: tuple[Rule, ...]
    note: str  # the reason's words, for a subdivision no rule encodes
    words: str  # its opening words in the shipped text
    words_missing: bool
    # The years whose dates from this subdivision rest on words carried forward (the words in
    # force that year were not found): the calendar marks them text unverified.
    missing_years: tuple[int, ...] = ()

    @property
    def cite(self) -> str:
        return cite_of(self.section, self.path)


@dataclass(frozen=True)
class Coverage:
    version: LawVersion
    rows: tuple[Row, ...]
    sections: tuple[Section, ...]
    partial: tuple[str, ...]  # sections whose text says the rest was not found
    uncited: tuple[tuple[Rule, str], ...]  # rules whose cite names no listed subdivision
    unreviewed: tuple[str, ...] = ()  # texts of the version's folder the data does not list

    def totals(self, section: str | None = None) -> dict[str, int]:
        """How many subdivisions of the version (or of one section) have each status."""
        rows = [r for r in self.rows if section is None or r.section == section]
        counts = {"subdivisions": len(rows)}
        for status in STATUS_WORDS:
            counts[status] = sum(1 for r in rows if r.status == status)
        return counts


def _section_key(section: str) -> tuple[int, list[tuple[int, str]]]:
    """Statute order: the Election Law first, then other laws, then regulations; numbers as
    numbers."""
    if is_regulation(section):
        return 3, [(int(n), "") for n in re.findall(r"\d+", section)]
    law = 0 if section[:1].isdigit() else 1 if section.startswith("GCN") else 2
    parts = re.findall(r"(\d+)|([a-z]+)", section.lower().removeprefix("gcn-").removeprefix("pbo-"))
    return law, [(int(n) if n else 0, s) for n, s in parts]


def _path_key(path: Path) -> list[tuple[int, str]]:
    return [(int(m[1]) if m[1] else 0, m[2]) for p in path
            for m in [re.fullmatch(r"(\d*)-?([a-z]*)", p)] if m]  # fmt: skip


def order(section: str, path: Path) -> tuple[Any, ...]:
    return (_section_key(section), section, _path_key(path))


def resolve(data: CoverageData, cited: Cited) -> Path | None:
    """The listed unit a cited subdivision falls in: itself, or the nearest listed unit that
    contains it ('6-158(6)(a)' in '6-158(6)' when (a) is not listed); None if none is."""
    entry = data.sections.get(cited.section)
    if entry is None:
        return None
    listed = {u.path for u in entry.units}
    for n in range(len(cited.path), -1, -1):
        if cited.path[:n] in listed:
            return cited.path[:n]
    return None


# A statute section's own text is named for it: 6-158.txt, 2-122-a.txt, GCN-25-a.txt, PBO-42.txt
# (acts, orders and secondary summaries are not sections of the statute).
_SECTION_TEXT = re.compile(r"(?:\d+-\d+(?:-[a-z]+)?|(?:GCN|PBO)-\d+(?:-[a-z]+)?)\.txt")


def unreviewed_texts(data: CoverageData) -> tuple[str, ...]:
    """The section texts of the version's folder that the data neither lists nor sets aside."""
    listed = {s.text for s in data.sections.values()} | set(data.unlisted)
    own = [
        key
        for key in shipped_texts()
        if key.startswith(f"{data.folder}/") and _SECTION_TEXT.fullmatch(key.split("/", 1)[1])
    ]
    return tuple(sorted(set(own) - listed, key=lambda k: order(k.split("/", 1)[1][:-4], ())))


def _derived(entry: Section) -> Derived:
    return derive(entry.text, entry.begins) if entry.derived else Derived()


def enacted_rules(version: LawVersion) -> list[Rule]:
    """The rules that enacted overlays (chapter laws, court orders) add to or put in place of the
    version's, for the years they govern: an amendment in force from 2024 encodes the
    subdivision it quotes as well as a rule of the version does. Bills never count."""
    return [
        change.rule
        for overlay in load_law().overlays.values()
        if overlay.enacted and version.id in overlay.versions
        for change in overlay.changes
        if change.rule is not None
    ]


def unverified_in(rule: Rule, year: int) -> bool:
    """Whether a rule's words are carried forward in a year (as the calendar marks it)."""
    return bool(rule.unverified) or (rule.verified_from is not None and year < rule.verified_from)


def missing_years(version: LawVersion, data: CoverageData) -> dict[tuple[str, Path], set[int]]:
    """Each listed unit a voter's or board's date cites -> the years its rule in force (the
    version's, or an enacted overlay's for that year) rests on words carried forward."""
    found: dict[tuple[str, Path], set[int]] = {}
    for year in range(version.first_year, version.last_year + 1):
        _, applied = resolve_law(year, version.id, (), load_law())
        for rule in apply_overlays(version, applied, year).values():
            groups = kind_groups(rule.kind)
            if rule.kind == "election" or not {"voter", "board"} & set(groups):
                continue
            if not rule.in_year(year) or not unverified_in(rule, year):
                continue
            for c in parse_cite(rule.cite):
                unit = resolve(data, c)
                if unit is not None:
                    found.setdefault((c.section, unit), set()).add(year)
    return found


def year_spans(years: tuple[int, ...]) -> str:
    """Years as runs: (2019, 2020, 2021, 2023) -> '2019-2021, 2023'."""
    runs: list[list[int]] = []
    for year in years:
        if runs and runs[-1][-1] == year - 1:
            runs[-1].append(year)
        else:
            runs.append([year])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def build(version_id: str) -> Coverage:
    """The checklist for a law version: every listed unit in statute order, with its rules."""
    version = load_law().versions[version_id]
    data = coverage_data(version_id)
    encoders, uncited = _encoders(version, data)
    rows: list[Row] = []
    partial: list[str] = []
    carried = missing_years(version, data)
    for entry in data.sections.values():
        derived = _derived(entry)
        if derived.rest_missing:
            partial.append(entry.section)
        rows += [_row(entry, unit, derived, encoders, carried) for unit in entry.units]
    rows.sort(key=lambda r: order(r.section, r.path))
    return Coverage(
        version=version,
        rows=tuple(rows),
        sections=tuple(sorted(data.sections.values(), key=lambda s: order(s.section, ()))),
        partial=tuple(sorted(partial, key=lambda s: order(s, ()))),
        uncited=tuple(uncited),
        unreviewed=unreviewed_texts(data),
    )


Encoders = dict[tuple[str, Path], list[Rule]]


def _encoders(version: LawVersion, data: CoverageData) -> tuple[Encoders, list[tuple[Rule, str]]]:
    """The rules that encode each listed unit, and the rules whose citation lists no unit."""
    encoders: Encoders = {}
    uncited: list[tuple[Rule, str]] = []
    for rule in version.rules.values():
        cited = parse_cite(rule.cite)
        for c in cited:
            found = resolve(data, c)
            if found is None:
                uncited.append((rule, str(c)))
            else:
                encoders.setdefault((c.section, found), []).append(rule)
        if not cited:
            uncited.append((rule, rule.cite))
    for rule in enacted_rules(version):
        for c in parse_cite(rule.cite):
            found = resolve(data, c)
            # A one-year subdivision (6-158(1-a)) is not in the version's texts: not listed here.
            if found is not None and rule not in encoders.get((c.section, found), []):
                encoders.setdefault((c.section, found), []).append(rule)
    return encoders, uncited


def _row(
    entry: Section,
    unit: Listed,
    derived: Derived,
    encoders: Encoders,
    carried: dict[tuple[str, Path], set[int]],
) -> Row:
    rules = tuple(encoders.get((entry.section, unit.path), ()))
    status: Status = "encoded" if rules else REASONS[unit.reason] if unit.reason else "unexplained"
    # Missing: the text says so, the review says so, or the text does not show the unit.
    missing = (
        unit.path in derived.missing
        or unit.reason == "missing"
        or (entry.derived and unit.path not in derived.units)
    )
    return Row(
        section=entry.section,
        path=unit.path,
        text=entry.text,
        status=status,
        rules=rules,
        note="" if rules else unit.note,
        words=derived.units.get(unit.path, ""),
        words_missing=missing,
        missing_years=tuple(sorted(carried.get((entry.section, unit.path), ()))),
    )


def coverage(law: str = "current") -> Coverage:
    """The checklist for a law version named as people write it ('current', 'pre2019')."""
    versions = load_law().versions
    version = normalise_name(law, versions)
    if version is None:
        raise UsageError(f"law '{law[:100]}': no such law version{suggest(law, versions)}")
    return _built(version)


@cache
def _built(version: str) -> Coverage:
    # Kept by version id, not by the name asked, so spellings cannot grow the cache.
    return build(version)


def _rule_dict(rule: Rule) -> dict[str, Any]:
    return {"id": rule.id, "cite": rule.cite, "title": rule.title,
            "text_unverified": rule.unverified or None, "overlay": rule.overlay}  # fmt: skip


def coverage_dict(report: Coverage) -> dict[str, Any]:
    """The JSON form (keys are only ever added)."""
    return {
        "law": report.version.id,
        "title": report.version.title,
        "totals": report.totals(),
        "subdivisions": [
            {
                "cite": row.cite,
                "section": row.section,
                "subdivision": row.path[0] if row.path else None,
                "paragraph": row.path[1] if len(row.path) > 1 else None,
                "text": row.text,
                "status": row.status,
                "rules": [_rule_dict(r) for r in row.rules],
                "reason": row.note or None,
                "words": row.words or None,
                "words_missing": row.words_missing,
                "words_missing_years": list(row.missing_years),
            }
            for row in report.rows
        ],
        "sections": [
            {
                "section": s.section,
                "text": s.text,
                "note": s.note or None,
                "rest_missing": s.section in report.partial,
                "totals": report.totals(s.section),
            }
            for s in report.sections
        ],
        "uncited_rules": [{"id": r.id, "cite": c} for r, c in report.uncited],
        "unreviewed_texts": list(report.unreviewed),
    }
