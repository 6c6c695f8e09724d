"""From a bill's sections to a drafted overlay: the rules of the law in force whose quoted
words a section changes, each changed date read by the phrase grammar (``phrases``), each
repeal a repeal. What the reader cannot settle is a ``todo``: the rule keeps the formula in
force, marked unverified, with the words that await reading."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from nyballot.bills.numbers import provision_change, typed
from nyballot.bills.phrases import Reading, number, phrase_words, read_dates
from nyballot.bills.reader import Bill, BillSection
from nyballot.law.loader import load_law
from nyballot.law.model import LawVersion, Rule

_MIN_OVERLAP = 0.3  # share of a rule's quoted 4-word runs a sentence must hold to be its
_SENTENCE = re.compile(r"(?<=[.;])\s+(?=[\[A-Z(0-9])")
_FOR_YEAR = re.compile(r"for the year two thousand ([a-z]+(?:-[a-z]+)?)", re.I)
_NOTWITHSTANDING = re.compile(r"notwithstanding the time fixed in subdivision ([a-z-]+)", re.I)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", text.lower())


def _runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i : i + 4]) for i in range(max(len(w) - 3, 0))}


def overlap(quote: str, sentence: str) -> float:
    runs = _runs(quote)
    return len(runs & _runs(sentence)) / len(runs) if runs else 0.0


@dataclass(frozen=True)
class Sentence:
    section: BillSection
    old: str
    new: str

    @property
    def changed(self) -> bool:
        return words(self.old) != words(self.new)


def sentences(section: BillSection) -> list[Sentence]:
    from nyballot.law.texts import new_law_reading, old_law_reading

    return [
        Sentence(section, old_law_reading(s), new_law_reading(s))
        for s in _SENTENCE.split(section.body)
        if s.strip()
    ]


def version_for(bill: Bill) -> LawVersion:
    """The version in force in the bill's year (the latest, for a bill with no year)."""
    versions = list(load_law().versions.values())
    covering = [v for v in versions if bill.year is not None and v.covers(bill.year)]
    return covering[0] if covering else max(versions, key=lambda v: v.last_year)


def _cited(rule: Rule) -> tuple[str, str]:
    section, _, rest = rule.cite.partition("(")
    return section.strip(), rest.split(")")[0]


def quoting_rules(version: LawVersion, section: BillSection) -> list[tuple[Rule, Sentence]]:
    """Each rule of the version that quotes words of the section, with the sentence that holds
    most of them (old words; for a new subdivision, the subdivision it sets aside)."""
    changed = [s for s in sentences(section) if s.changed]
    found = []
    for rule in version.rules.values():
        where, rule_sub = _cited(rule)
        if where not in section.sections or not rule.law:
            continue
        amended = section.action == "amend" and section.subdivisions and rule_sub
        if amended and rule_sub not in section.subdivisions:
            continue
        best, score = None, _MIN_OVERLAP
        for sentence in changed:
            aside = _NOTWITHSTANDING.search(sentence.new)
            if aside:
                if rule_sub != str(number(aside.group(1).lower())):
                    continue
                value = overlap(" ".join(rule.law), sentence.new)
            else:
                value = overlap(" ".join(rule.law), sentence.old)
            if value >= score:
                best, score = sentence, value
        if best is not None:
            found.append((rule, best))
    return found


def same(expr: str | None) -> str:
    """A formula as compared: "1st Tuesday after" is "Tuesday after"."""
    return re.sub(r"(?:^|(?<=\())1st (?=[A-Z][a-z]+day after)", "", expr or "")


def _election(rule: Rule) -> Any:
    def election(part: str) -> str | None:
        expr = str(getattr(rule, part) or "")
        hits = [e for e in ("primary", "general") if re.search(rf"\b{e}\b", expr)]
        return hits[0] if len(hits) == 1 else None

    return election


@dataclass
class Draft:
    """The drafted overlay's entries, and the report's findings."""

    replace: list[dict[str, Any]] = field(default_factory=list)
    add: list[dict[str, Any]] = field(default_factory=list)  # the rules of new papers
    repeal: list[dict[str, Any]] = field(default_factory=list)
    todo: list[dict[str, Any]] = field(default_factory=list)
    years: set[int] = field(default_factory=set)
    quoted: list[dict[str, Any]] = field(default_factory=list)  # rules/provisions a change hits
    provisions: list[dict[str, Any]] = field(default_factory=list)  # numbers changed


def _moved(at: int, old: list[str], new: list[str]) -> int:
    """Where the old sentence's word ``at`` stands in the new one."""
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if i1 <= at < i2:
            return j1 + (at - i1 if tag == "equal" else 0)
    return len(new)


def _pick(old: list[Reading], new: list[Reading], part: str, current: str,
          sentence: Sentence) -> Reading | None:  # fmt: skip
    """The new reading that stands where the old words read as the rule in force do."""
    news = [r for r in new if r.part == part]
    mine = [r for r in old if r.part == part and same(r.expr) == same(current)]
    if len(mine) == 1:
        where = _moved(mine[0].at[0], phrase_words(sentence.old), phrase_words(sentence.new))
        there = [r for r in news if abs(r.at[0] - where) <= 3 and r.at[1] == mine[0].at[1]]
        if len(there) == 1:
            return there[0]
    if len(news) == 1:
        return news[0]  # the one day the new words give for this part (or their todo)
    return None


Days = tuple[tuple[str, str], ...]


def _change(rule: Rule, sentence: Sentence, draft: Draft, days: Days) -> None:
    election = _election(rule)
    old, new = read_dates(sentence.old, election, days), read_dates(sentence.new, election, days)
    if not new or [(r.expr, r.words) for r in old] == [(r.expr, r.words) for r in new]:
        return
    mine = {same(str(e)) for e in rule.expressions().values()}
    if old and not any(same(r.expr) in mine for r in old) and all(r.expr for r in old):
        return  # the old words are read, and none of them is this rule's: another's sentence
    entry: dict[str, Any] = {
        "id": rule.id,
        "section": str(sentence.section.number),
        "cite": cite_in(sentence.section, rule),
        "title": rule.title,
        "law": sentence.new,
    }
    todo = []
    for part in ("opens", "closes"):
        current = getattr(rule, part)
        if current is None:
            added = [r for r in new if r.part == part and r.expr]
            if len(added) == 1 and not any(r.part == part for r in old):
                entry[part] = added[0].expr
            continue
        reading = _pick(old, new, part, str(current), sentence)
        if reading is None or reading.todo or reading.expr is None:
            why = reading.todo if reading else "the old words do not read as the rule in force"
            todo.append(f'{part}: {why}: "{(reading.words if reading else sentence.new)[:160]}"')
            entry[part] = str(current)
        else:
            entry[part] = reading.expr
    if rule.when is not None:
        entry["when"] = str(rule.when)
    if entry.get("opens") == _s(rule.opens) and entry.get("closes") == _s(rule.closes) and not todo:
        return
    entry["change"] = (
        "; ".join(
            f"{p} {_s(getattr(rule, p)) or '(none)'} -> {entry[p]}"
            for p in ("opens", "closes")
            if p in entry and entry[p] != _s(getattr(rule, p))
        )
        or "words changed, dates as in force"
    )
    earlier = next((e for e in draft.replace if e["id"] == rule.id), None)
    if earlier is not None:
        why = (
            f"§ {entry['section']} amends it again ({entry['change']}) after § "
            f"{earlier['section']}: which prevails, and when, the effective-date section says"
        )
        draft.todo.append({"id": rule.id, "section": entry["section"], "words": [why]})
        return
    if todo:
        entry["unverified"] = "todo: " + "; ".join(todo)
        draft.todo.append({"id": rule.id, "section": entry["section"], "words": todo})
    draft.replace.append(entry)


def _s(expr: object) -> str | None:
    return None if expr is None else str(expr)


def cite_in(section: BillSection, rule: Rule | None) -> str:
    """The provision of the section the rule stands in (its first, for a new rule)."""
    provisions = section.provisions()
    if rule is None:
        return (provisions or [str(section.number)])[0]
    where, sub = _cited(rule)
    same = [p for p in provisions if p.startswith(f"{where}({sub})")] if sub else []
    return (same or [p for p in provisions if p.startswith(where)] or [rule.cite])[0]


def _repeals(section: BillSection, version: LawVersion, draft: Draft) -> None:
    for rule in version.rules.values():
        where, sub = _cited(rule)
        if where in section.sections and (not section.subdivisions or sub in section.subdivisions):
            draft.repeal.append(
                {"id": rule.id, "section": str(section.number), "cite": rule.cite,
                 "law": section.heading}
            )  # fmt: skip


def _orphans(version: LawVersion, draft: Draft) -> None:
    """A rule counted from a repealed one cannot stand: it goes too, as a todo, until a person
    gives the day it counts from now."""
    gone = {e["id"] for e in draft.repeal}
    replaced = {e["id"] for e in draft.replace}
    grew = True
    while grew:
        grew = False
        for rule in version.rules.values():
            if rule.id in gone or rule.id in replaced:
                continue
            hit = sorted({d.rsplit(".", 1)[0] for d in rule.dependencies()} & gone)
            if hit:
                first = next(e for e in draft.repeal if e["id"] == hit[0])
                why = f"counts from {', '.join(hit)}, which the bill repeals"
                entry = {"id": rule.id, "section": first["section"], "cite": rule.cite}
                draft.repeal.append({**entry, "law": first["law"], "change": why})
                draft.todo.append({"id": rule.id, "section": first["section"], "words": [why]})
                gone.add(rule.id)
                grew = True


def draft_bill(bill: Bill) -> tuple[Draft, LawVersion]:
    from nyballot.bills.papers import days_of, draft_papers, new_papers

    version = version_for(bill)
    draft = Draft()
    papers = new_papers(bill, version)
    days = days_of(papers)
    for section in bill.sections:
        if section.law and section.law != "election law":
            continue
        if section.action == "repeal":
            _repeals(section, version, draft)
            continue
        for sentence in sentences(section):
            if sentence.changed:
                _years(sentence, draft)
                _quoted(version, sentence, draft)
        for rule, sentence in quoting_rules(version, section):
            _change(rule, sentence, draft, days)
    draft_papers(bill, version, draft, papers)
    _orphans(version, draft)
    return draft, version


def _number(item: Any, sentence: Sentence, draft: Draft) -> None:
    cite = (sentence.section.provisions() or [item.cite])[0]
    entry = provision_change(item, sentence.old, sentence.new, str(sentence.section.number), cite)
    if not entry:
        return
    if "todo" in entry:
        draft.todo.append({"id": item.id, "section": entry["section"], "words": [entry["todo"]]})
        return
    if entry["setting"] != item.setting:
        draft.provisions.append(entry)


def _years(sentence: Sentence, draft: Draft) -> None:
    """ "For the year two thousand twenty-six": the draft governs that year's calendar."""
    for year in _FOR_YEAR.findall(sentence.new):
        n = number(year.lower())
        if n is not None:
            draft.years.add(2000 + n)


def _quoted(version: LawVersion, sentence: Sentence, draft: Draft) -> None:
    """Rules and provisions of the law in force whose quoted words the changed sentence held."""
    items: list[Any] = [*version.rules.values(), *version.provisions.values()]
    for item in items:
        where = item.cite.partition("(")[0].strip()
        held = where in sentence.section.sections and item.law
        if held and overlap(" ".join(item.law), sentence.old) >= _MIN_OVERLAP:
            if typed(item) and not any(p["id"] == item.id for p in draft.provisions):
                _number(item, sentence, draft)
            kind = "rule" if isinstance(item, Rule) else "provision"
            entry = {"kind": kind, "id": item.id, "cite": item.cite,
                         "section": sentence.section.number}  # fmt: skip
            if entry not in draft.quoted:
                draft.quoted.append(entry)
