"""The drafted rules of the papers a bill creates (``events``): the paper's own dates, a period
it gives ("three business days ... to cure"), and the twins of the rules of the paper it is set
beside ("the petition OR NOTICE"). Each from the bill's words; what they do not date is left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nyballot.bills.events import Event, beside, created, period, twin
from nyballot.bills.phrases import phrase_words, read_dates

if TYPE_CHECKING:
    from nyballot.bills.draft import Draft, Sentence
    from nyballot.bills.reader import Bill
    from nyballot.law.model import LawVersion, Rule


def _none(_: str) -> str | None:
    return None  # a new paper's dates count from no election the law in force names for it


def _new(sentence: Sentence) -> bool:
    """A sentence all new: its old reading keeps no word but a paragraph's letter ("(B) A.")."""
    return not [w for w in phrase_words(sentence.old) if len(w.strip(".")) > 2]


def new_papers(bill: Bill, version: LawVersion) -> list[tuple[Event, Sentence]]:
    """Each paper a new sentence of the bill creates, with that sentence, once."""
    from nyballot.bills.draft import sentences

    found: dict[str, tuple[Event, Sentence]] = {}
    for section in bill.sections:
        for sentence in sentences(section):
            event = created(sentence.new) if _new(sentence) else None
            if event and event.rule_id not in version.rules and event.id not in found:
                found[event.id] = (event, sentence)
    return list(found.values())


def days_of(events: list[tuple[Event, Sentence]]) -> tuple[tuple[str, str], ...]:
    return tuple(d for event, _ in events for d in event.days())


def _entry(rule_id: str, sentence: Sentence, title: str, change: str) -> dict[str, Any]:
    from nyballot.bills.draft import cite_in

    return {"id": rule_id, "section": str(sentence.section.number),
            "cite": cite_in(sentence.section, None), "title": title, "law": sentence.new,
            "change": change}  # fmt: skip


def _dated(entry: dict[str, Any], words: str, days: tuple[tuple[str, str], ...]) -> bool:
    """Fill the entry's days from the words; False when a day is not read."""
    readings = read_dates(words, _none, days)
    if not readings or any(r.expr is None for r in readings):
        return False
    for r in readings:
        if r.part in entry:
            return False  # two days for one part: a person says which
        entry[r.part] = r.expr
    both = "opens" in entry and "closes" in entry
    entry["kind"] = "window" if both else "first_day" if "opens" in entry else "deadline"
    return True


def draft_papers(
    bill: Bill, version: LawVersion, draft: Draft, events: list[tuple[Event, Sentence]]
) -> None:
    """Add to the draft each new paper's dates, its periods and its twins."""
    days = days_of(events)
    for event, sentence in events:
        entry = _entry(event.rule_id, sentence, f"Dates for {event.gerund} a {event.name}",
                       f"new: a {event.name}")  # fmt: skip
        if _dated(entry, sentence.new, days):
            draft.add.append(entry)
        else:
            words = [f'{event.rule_id}: its days are not read: "{sentence.new[:160]}"']
            draft.todo.append({"id": event.rule_id, "section": entry["section"], "words": words})
    for event, _ in events:
        _periods(bill, event, draft, days)
        _twins(bill, version, event, draft)


def _periods(bill: Bill, event: Event, draft: Draft, days: tuple[tuple[str, str], ...]) -> None:
    from nyballot.bills.draft import sentences

    for section in bill.sections:
        for sentence in sentences(section):
            found = period(sentence.new, event) if sentence.changed else None
            if found is None or any(e["id"] == found[0] for e in draft.add):
                continue
            entry = _entry(found[0], sentence, f"Last day to {found[0].rsplit('.', 1)[1]} a "
                           f"{event.name}", f"new: {found[1]}")  # fmt: skip
            if _dated(entry, found[1], days):
                draft.add.append(entry)


def _of(event: Event, version: LawVersion) -> str | None:
    """The paper in force the new one is named after ("... a designating petition")."""
    prefixes = {r.split(".")[0] for r in version.rules}
    named = [p for p in prefixes if f" {p.replace('_', ' ')}" in f" {event.name}"]
    return max(named, key=len) if named else None


def _twins(bill: Bill, version: LawVersion, event: Event, draft: Draft) -> None:
    """The rules of the paper in force whose sentence now says "the petition OR NOTICE", and the
    rules of its section counted from them, each with a twin counted from the new paper."""
    from nyballot.bills.draft import quoting_rules

    of = _of(event, version)
    if of is None:
        return
    made: dict[str, Sentence] = {}
    for section in bill.sections:
        for rule, sentence in quoting_rules(version, section):
            held = beside(phrase_words(sentence.old), phrase_words(sentence.new), event)
            if held and rule.id.startswith(f"{of}."):
                made.setdefault(rule.id, sentence)
    quoted = set(made)
    grew = True
    while grew:
        grew = False
        for rule in version.rules.values():
            hit = sorted({d.rsplit(".", 1)[0] for d in rule.dependencies()} & set(made))
            near = hit and version.rules[hit[0]].cite.split("(")[0] == rule.cite.split("(")[0]
            if rule.id.startswith(f"{of}.") and rule.id not in made and near:
                made[rule.id] = made[hit[0]]
                grew = True
    taken = {e["id"] for e in draft.add}
    for rule_id, sentence in made.items():
        entry = _twin(version.rules[rule_id], sentence, of, event, rule_id not in quoted)
        if entry["id"] not in taken:
            draft.add.append(entry)


def _twin(rule: Rule, sentence: Sentence, of: str, event: Event, own: bool) -> dict[str, Any]:
    entry = _entry(twin(rule.id, of, event), sentence, f"{rule.title}: a {event.name}",
                   f"new: as {rule.id}, for a {event.name}")  # fmt: skip
    entry["cite"] = rule.cite
    if own:
        entry["law"] = " ".join(rule.law)  # the words of the rule it counts from stand
    entry["kind"] = rule.kind
    for part in ("opens", "closes"):
        expr = getattr(rule, part)
        if expr is not None:
            entry[part] = twin(str(expr), of, event)
    return entry
