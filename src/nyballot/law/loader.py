"""Read the rule and overlay files into typed, checked law.

Everything is checked when the law is loaded, so a calendar never meets a bad rule: unknown
keys, malformed expressions, names of rules or events that do not exist, and circles of rules
each fail with a message naming the file, the rule, its citation and the problem.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any, get_args

from nyballot.errors import (
    ExpressionSyntaxError,
    LawDataError,
    RuleCycleError,
    UnknownNameError,
    UsageError,
    suggest,
)
from nyballot.law.cache import cached
from nyballot.law.model import (
    END_OF_DAY,
    NON_ROLLING_KINDS,
    Change,
    Conflict,
    ConflictReading,
    LawVersion,
    Overlay,
    Period,
    Provision,
    ProvisionType,
    ProvisionValue,
    Rule,
    RuleKind,
)
from nyballot.reckoning.expressions import parse, parse_condition, refs

_RULE_KEYS = {
    "id", "cite", "title", "law", "source", "opens", "closes", "when", "roll", "kind", "note",
    "unverified", "verified_from", "only_in", "text_not_found", "section", "evidence",
    "evidence_source",
}  # fmt: skip
_CHANGE_KEYS = {"change", "effective"}  # only in overlays
_REPEAL_KEYS = {"id", "cite", "title", "law", "source", "section", "change", "note"}
_PROVISION_KEYS = {
    "id", "cite", "title", "law", "value", "section", "was", "note", "type", "setting",
    "source", "unverified", "evidence", "text_not_found", "repealed", "effective",
}  # fmt: skip
_PROVISION_TYPES: dict[str, type] = {
    "text": str, "count": int, "days": int, "business_days": int, "dollars": int,
    "flag": bool, "time": str, "list": list,
}  # fmt: skip
_DATA = "data"


@dataclass(frozen=True)
class EventOrder:
    """Two events that happen only in this order, with the words that say so."""

    first: str
    then: str
    cite: str
    law: tuple[str, ...]
    source: str
    why: str


@dataclass(frozen=True)
class Law:
    """Every law version, overlay and event name the package knows."""

    versions: dict[str, LawVersion]
    overlays: dict[str, Overlay]
    events: dict[str, str]  # event name -> what it is
    event_order: tuple[EventOrder, ...] = ()


def _event_order(root: resources.abc.Traversable, events: Mapping[str, str]) -> list[EventOrder]:
    origin = "law/data/event_order.yaml"
    found = []
    for raw in _read_yaml(root.joinpath("event_order.yaml"), origin) or []:
        try:
            order = EventOrder(
                str(raw["first"]), str(raw["then"]), str(raw["cite"]), _text(raw["law"]),
                str(raw["source"]), " ".join(str(raw["why"]).split()),
            )  # fmt: skip
        except (KeyError, TypeError) as exc:
            raise LawDataError(f"{origin}: {exc}") from None
        for name in (order.first, order.then):
            if name not in events:
                raise UnknownNameError(f"{origin}: unknown event '{name}'{suggest(name, events)}")
        found.append(order)
    return found


def _data_root() -> resources.abc.Traversable:
    return resources.files("nyballot.law").joinpath(_DATA)


def read_yaml_text(text: str, origin: str) -> Any:
    """YAML text as data, with libyaml's C parser where it is built (several times faster)."""
    import yaml  # only when the law is built, not when it comes from the cache

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        raise LawDataError(f"{origin}: not valid YAML ({exc})") from None


def _read_yaml(path: resources.abc.Traversable, origin: str) -> Any:
    return read_yaml_text(path.read_text(encoding="utf-8"), origin)


def data_files(root: resources.abc.Traversable) -> list[resources.abc.Traversable]:
    """Every YAML file the law is built from (the quoted texts are not: they are checked by
    the tests, not read to build the law)."""
    found = []
    for path in root.iterdir():
        if path.is_dir() and path.name != "texts":
            found += data_files(path)
        elif path.name.endswith(".yaml"):
            found.append(path)
    return found


def _text(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (" ".join(value.split()),)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(" ".join(v.split()) for v in value)
    raise TypeError("'law' must be the quoted words, or a list of quoted passages")


def build_rule(
    raw: Mapping[str, Any], origin: str, defaults: Mapping[str, Any], overlay: str | None = None
) -> Rule:
    """One rule from its mapping; errors name the file, the rule and its citation."""
    rule_id = raw.get("id", "<no id>")
    where = f"{origin} {rule_id} ({raw.get('cite', 'no cite')})"
    unknown = set(raw) - _RULE_KEYS - (_CHANGE_KEYS if overlay else set())
    if unknown:
        raise LawDataError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    merged = {**defaults, **raw}
    for key in ("id", "cite", "title"):
        if not merged.get(key):
            raise LawDataError(f"{where}: '{key}' is required")
    not_found = merged.get("text_not_found")
    if not not_found and not merged.get("law"):
        raise LawDataError(f"{where}: quote the statute words in 'law' (or say 'text_not_found')")
    if "opens" not in merged and "closes" not in merged:
        raise LawDataError(f"{where}: a rule needs 'opens', 'closes' or both")
    if merged.get("kind", "deadline") not in get_args(RuleKind):
        raise LawDataError(
            f"{where}: kind '{merged['kind']}': expected one of {', '.join(get_args(RuleKind))}"
        )
    evidence = merged.get("evidence")
    if evidence not in (None, "secondary"):
        raise LawDataError(f"{where}: 'evidence' must be 'secondary' (or left out)")
    if evidence and not merged.get("evidence_source"):
        raise LawDataError(f"{where}: name the secondary source in 'evidence_source'")
    try:
        return Rule(
            id=str(merged["id"]),
            cite=str(merged["cite"]),
            title=str(merged["title"]),
            law=_text(merged["law"]) if merged.get("law") else (),
            source=None if not_found and not merged.get("law") else str(merged["source"]),
            opens=parse(str(merged["opens"])) if merged.get("opens") else None,
            closes=parse(str(merged["closes"])) if merged.get("closes") else None,
            when=parse_condition(str(merged["when"])) if merged.get("when") else None,
            roll=bool(merged.get("roll", merged.get("kind") not in NON_ROLLING_KINDS)),
            kind=merged.get("kind", "deadline"),
            note=" ".join(str(merged.get("note", "")).split()),
            unverified=" ".join(str(merged.get("unverified") or not_found or "").split()),
            verified_from=merged.get("verified_from"),
            only_in=merged.get("only_in"),
            origin=origin,
            overlay=overlay,
            bill_section=str(merged.get("section", "")),
            change=" ".join(str(merged.get("change", "")).split()),
            evidence=evidence,
            evidence_source=" ".join(str(merged.get("evidence_source", "")).split()),
        )
    except ExpressionSyntaxError as exc:
        raise ExpressionSyntaxError(f"{where}: {exc}") from None
    except KeyError as exc:
        raise LawDataError(f"{where}: '{exc.args[0]}' is required") from None
    except (TypeError, ValueError) as exc:
        raise LawDataError(f"{where}: {exc}") from None


def _rules_from(files: Iterable[resources.abc.Traversable], prefix: str) -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for path in sorted(files, key=lambda p: p.name):
        origin = f"{prefix}/{path.name}"
        data = _read_yaml(path, origin) or {}
        defaults = {k: data[k] for k in ("source", "verified_from") if k in data}
        for raw in data.get("rules", []):
            rule = build_rule(raw, origin, defaults)
            if rule.id in rules:
                raise LawDataError(
                    f"{origin} {rule.id}: defined twice (also {rules[rule.id].origin})"
                )
            rules[rule.id] = rule
    return rules


def _setting(kind: str, raw: object, where: str) -> ProvisionValue:
    """A provision's typed value, checked against its declared type."""
    expected = _PROVISION_TYPES.get(kind)
    if expected is None:
        raise LawDataError(f"{where}: type '{kind}' is not one of {', '.join(_PROVISION_TYPES)}")
    ok = isinstance(raw, expected) and not (expected is int and isinstance(raw, bool))
    if not ok or (expected is int and isinstance(raw, int) and raw < 0):
        raise LawDataError(f"{where}: setting {raw!r} is not a {kind}")
    if kind == "time":
        if raw == "24:00":
            return END_OF_DAY
        try:
            return dt.time.fromisoformat(str(raw))
        except ValueError:
            raise LawDataError(f"{where}: setting {raw!r} is not a time (HH:MM)") from None
    if kind == "list":
        assert isinstance(raw, list)
        return tuple(str(v) for v in raw)
    assert isinstance(raw, str | int | bool)
    return raw


def build_provision(
    raw: Mapping[str, Any],
    origin: str,
    defaults: Mapping[str, Any],
    overlay: str | None = None,
    period: Period | None = None,
) -> Provision:
    """One provision from its mapping; errors name the file, the provision and its citation."""
    where = f"{origin} {raw.get('id', '<no id>')} ({raw.get('cite', 'no cite')})"
    unknown = set(raw) - _PROVISION_KEYS
    if unknown:
        raise LawDataError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    merged = {**defaults, **raw}
    for key in ("id", "cite", "title", "value"):
        if merged.get(key) in (None, ""):
            raise LawDataError(f"{where}: '{key}' is required")
    not_found = " ".join(str(merged.get("text_not_found") or "").split())
    if not not_found and not merged.get("law"):
        raise LawDataError(f"{where}: quote the statute words in 'law' (or say 'text_not_found')")
    kind: ProvisionType = merged.get("type", "text")
    value = " ".join(str(merged["value"]).split())
    try:
        return Provision(
            id=str(merged["id"]),
            cite=str(merged["cite"]),
            title=" ".join(str(merged["title"]).split()),
            law=_text(merged["law"]) if merged.get("law") else (),
            value=value,
            section=str(merged.get("section", "")),
            was=" ".join(str(merged.get("was", "")).split()),
            note=" ".join(str(merged.get("note", "")).split()),
            type=kind,
            setting=_setting(kind, merged.get("setting", value), where),
            source=str(merged["source"]) if merged.get("law") and merged.get("source") else None,
            unverified=" ".join(str(merged.get("unverified") or not_found).split()),
            evidence=" ".join(str(merged.get("evidence", "")).split()),
            repealed=bool(merged.get("repealed", False)),
            origin=origin,
            overlay=overlay,
            period=_period(merged["effective"], where)
            if "effective" in merged
            else period or Period(),
        )
    except TypeError as exc:
        raise LawDataError(f"{where}: {exc}") from None


def _provisions_from(
    files: Iterable[resources.abc.Traversable], prefix: str
) -> dict[str, Provision]:
    """Each file's ``provisions``; files without any are not parsed a second time."""
    found: dict[str, Provision] = {}
    for path in sorted(files, key=lambda p: p.name):
        origin = f"{prefix}/{path.name}"
        text = path.read_text(encoding="utf-8")
        if "provisions:" not in text:
            continue
        data = read_yaml_text(text, origin) or {}
        defaults = {k: data[k] for k in ("source",) if k in data}
        for raw in data.get("provisions") or []:
            item = build_provision(raw, origin, defaults)
            if item.id in found:
                raise LawDataError(
                    f"{origin} {item.id}: defined twice (also {found[item.id].origin})"
                )
            found[item.id] = item
    return found


def _load_version(folder: resources.abc.Traversable) -> LawVersion:
    prefix = f"law/data/versions/{folder.name}"
    meta = _read_yaml(folder.joinpath("version.yaml"), f"{prefix}/version.yaml")
    files = [p for p in folder.iterdir() if p.name.endswith(".yaml") and p.name != "version.yaml"]
    return LawVersion(
        id=meta["id"],
        title=meta["title"],
        first_year=meta["covers"]["from"],
        last_year=meta["covers"]["to"],
        description=" ".join(meta.get("description", "").split()),
        rules=_rules_from(files, prefix),
        provisions=_provisions_from(files, prefix),
    )


def _date(value: object, where: str) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise LawDataError(f"{where}: '{value}' is not a date (expected YYYY-MM-DD)") from None


def _period(raw: object, where: str) -> Period:
    if raw is None:
        return Period()
    if not isinstance(raw, Mapping) or set(raw) - {"from", "to"}:
        raise LawDataError(f"{where}: 'effective' must be {{from: YYYY-MM-DD, to: YYYY-MM-DD}}")
    return Period(_date(raw.get("from"), where), _date(raw.get("to"), where))


def _section_key(change: Change) -> tuple[int, str]:
    digits = "".join(ch for ch in change.section if ch.isdigit())
    return (int(digits) if digits else 0, change.section)


def _overlaps(a: Period, b: Period) -> bool:
    return (a.start is None or b.end is None or a.start <= b.end) and (
        b.start is None or a.end is None or b.start <= a.end
    )


def find_conflicts(changes: Iterable[Change]) -> dict[str, tuple[Change, ...]]:
    """Rules that two sections of one act change differently while both are in force."""
    by_rule: dict[str, list[Change]] = {}
    for change in changes:
        by_rule.setdefault(change.rule_id, []).append(change)
    found: dict[str, tuple[Change, ...]] = {}
    for rule_id, group in by_rule.items():
        clashing = {
            id(c): c
            for i, a in enumerate(group)
            for b in group[i + 1 :]
            if not a.same_effect(b) and _overlaps(a.period, b.period)
            for c in (a, b)
        }
        if clashing:
            found[rule_id] = tuple(sorted(clashing.values(), key=_section_key))
    return found


def load_overlay(path: resources.abc.Traversable) -> Overlay:
    """Read one overlay file (a bill, chapter law or court order), its changes in section order
    and the conflicts between them. A malformed file fails here, naming the file and the entry,
    rather than later inside a calendar."""
    origin = f"law/data/overlays/{path.name}"
    raw = _read_yaml(path, origin)
    if not isinstance(raw, Mapping):
        raise LawDataError(f"{origin}: expected a mapping with id, title, kind, ...")
    try:
        years = raw.get("years", [])
        # An overlay resting on a secondary source says so once, for every rule it adds.
        defaults = {k: raw[k] for k in ("source", "evidence", "evidence_source") if k in raw}
        ident = raw["id"]
        whole = _period(raw.get("effective"), f"{origin} effective")
        by_section = {
            str(section): _period(period, f"{origin} sections {section}")
            for section, period in (raw.get("sections") or {}).items()
        }
        changes: list[Change] = []
        for action in ("replace", "add", "repeal"):
            for item in raw.get(action) or []:
                where = f"{origin} {item.get('id', '<no id>')}"
                section = str(item.get("section", ""))
                period = by_section.get(section, whole)
                if "effective" in item:
                    period = _period(item["effective"], where)
                rule = None
                if action == "repeal":
                    unknown = set(item) - _REPEAL_KEYS
                    if unknown:
                        raise LawDataError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
                    law = _text(item.get("law", ""))
                else:
                    rule = build_rule(item, origin, defaults, ident)
                    law = rule.law
                changes.append(
                    Change(
                        action=action,
                        rule_id=str(item["id"]),
                        section=section,
                        period=period,
                        rule=rule,
                        law=law,
                        summary=" ".join(str(item.get("change", "")).split()),
                        note=" ".join(str(item.get("note", "")).split()),
                        source=str(item["source"]) if rule is None and "source" in item else None,
                    )
                )
        changes.sort(key=_section_key)
        found = find_conflicts(changes)
        conflicts = []
        for entry in raw.get("conflicts") or []:
            rule_id = entry["rule"]
            if rule_id not in found:
                raise LawDataError(
                    f"{origin} conflicts: '{rule_id}' is not changed differently by two "
                    f"sections{suggest(rule_id, found)}"
                )
            prevails = str(entry.get("prevails", ""))
            if prevails and prevails not in {c.section for c in found[rule_id]}:
                raise LawDataError(
                    f"{origin} conflicts {rule_id}: prevails names § {prevails}, which does "
                    "not change that rule"
                )
            reading = " ".join(str(entry.get("reading", "")).split())
            if not reading:
                raise LawDataError(f"{origin} conflicts {rule_id}: give the 'reading' chosen")
            conflicts.append(Conflict(rule_id, found.pop(rule_id), reading, prevails))
        conflicts += [Conflict(rule_id, group) for rule_id, group in found.items()]
        provisions = tuple(
            build_provision(
                p, origin, defaults, ident, by_section.get(str(p.get("section", "")), whole)
            )
            for p in raw.get("provisions") or []
        )
        return Overlay(
            id=ident,
            title=raw["title"],
            kind=raw["kind"],
            cite=raw["cite"],
            enacted=bool(raw["enacted"]),
            versions=tuple(raw["versions"]),
            years=tuple(years if isinstance(years, list) else [years]),
            description=" ".join(raw.get("description", "").split()),
            origin=origin,
            changes=tuple(changes),
            provisions=provisions,
            conflicts=tuple(conflicts),
            takes_effect=raw.get("takes_effect", "dates"),
            effective=" ".join(str(raw.get("effective_words", "")).split()),
            prevails_over=tuple(raw.get("prevails_over") or ()),
            status=" ".join(str(raw.get("status", "")).split()),
        )
    except KeyError as exc:
        raise LawDataError(f"{origin}: '{exc.args[0]}' is required") from None
    except (TypeError, AttributeError) as exc:
        raise LawDataError(f"{origin}: {exc}") from None


def check_rules(rules: Mapping[str, Rule], events: Mapping[str, str], context: str) -> None:
    """Every name an expression uses exists, and no rule depends on itself."""
    fields = {f"{r.id}.{name}" for r in rules.values() for name in ("opens", "closes")
              if getattr(r, name) is not None}  # fmt: skip
    for rule in rules.values():
        for target in rule.dependencies():
            if target.startswith("event."):
                name = target.removeprefix("event.")
                if name not in events:
                    raise UnknownNameError(
                        f"{rule.origin} {rule.label()}: unknown event '{name}'"
                        f"{suggest(name, events)}{context}"
                    )
            elif target not in fields:
                raise UnknownNameError(
                    f"{rule.origin} {rule.label()}: unknown date '{target}'"
                    f"{suggest(target, fields)}{context}"
                )
    _check_cycles(rules, context)


def _check_cycles(rules: Mapping[str, Rule], context: str) -> None:
    """Each first or last day is a node; a circle among them can never be evaluated."""
    graph: dict[str, list[str]] = {}
    for rule in rules.values():
        condition = [r.target for r in refs(rule.when)] if rule.when else []
        for part in ("opens", "closes"):
            expr = getattr(rule, part)
            if expr is not None:
                targets = [r.target for r in refs(expr)] + condition
                graph[f"{rule.id}.{part}"] = [t for t in targets if not t.startswith("event.")]
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            loop = " -> ".join([*path[path.index(node) :], node])
            rule = rules[node.rsplit(".", 1)[0]]
            raise RuleCycleError(
                f"{rule.origin} {rule.label()}: dates refer to each other in a circle: {loop}"
                f"{context}"
            )
        if node in done:
            return
        for nxt in graph.get(node, []):
            visit(nxt, [*path, node])
        done.add(node)

    for node in graph:
        visit(node, [])


def _quote(words: tuple[str, ...], limit: int = 600) -> str:
    text = " ".join(words) or "(no words)"
    return f'"{text if len(text) <= limit else text[: limit - 3] + "..."}"'


def conflict_text(
    overlay: Overlay,
    conflict: Conflict,
    winner: Change | None = None,
    reading: ConflictReading = "later",
) -> str:
    """One line: both sections' words, and which prevails and why."""
    parts = [f"{c.label()} {_quote(c.law)}" for c in conflict.changes]
    text = (
        f"{overlay.id} amends {conflict.rule_id} differently in "
        f"{conflict.sections()}: {'; '.join(parts)}."
    )
    if winner is not None:
        why = (
            "conflicts earlier: the first amendment stands; the later sections are read as "
            "not disturbing it"
            if reading == "earlier"
            else conflict.reading
            or (
                "by the default rule: the text that took effect later prevails; on the same "
                "day, the later section of the act (not reviewed in the law data)"
            )
        )
        text += f" {winner.label()} prevails ({why})"
    return text


def winning_changes(
    overlay: Overlay,
    year: int | None,
    enacted_on: dt.date | None = None,
    reading: ConflictReading = "later",
) -> list[tuple[Change, list[str]]]:
    """The changes an overlay makes for a year, one per rule, each with derivation notes."""
    return [(c, notes) for c, notes, _ in _winners(overlay, year, enacted_on, reading)]


def _winners(
    overlay: Overlay,
    year: int | None,
    enacted_on: dt.date | None = None,
    reading: ConflictReading = "later",
) -> list[tuple[Change, list[str], str]]:
    """Each rule's winning change for a year, its derivation notes and a one-line conflict.

    Among sections that change the same rule and are both in force, the reading recorded in
    the overlay's ``conflicts`` prevails; without one, the text that took effect later, and on
    the same day the later section of the act. ``reading="earlier"`` is the other reading: the
    first amendment stands. Without a year every change is taken and the last section prevails
    (used to check names when the law is loaded).
    """
    chosen = list(overlay.changes) if year is None else overlay.changes_for(year, enacted_on)
    conflicts = {c.rule_id: c for c in overlay.conflicts}
    result: list[tuple[Change, list[str], str]] = []
    by_rule: dict[str, list[Change]] = {}
    for change in chosen:
        by_rule.setdefault(change.rule_id, []).append(change)

    def key(c: Change) -> tuple[dt.date, tuple[int, str]]:
        return (overlay.period_for(c, enacted_on).start or dt.date.min, _section_key(c))

    for rule_id, group in by_rule.items():
        winner = max(group, key=key) if reading == "later" else min(group, key=key)
        notes: list[str] = []
        summary = ""
        conflict = conflicts.get(rule_id)
        if conflict is not None and len(group) > 1:
            if conflict.prevails and reading == "later":
                winner = next(c for c in group if c.section == conflict.prevails)
            notes.append(conflict_text(overlay, conflict, winner, reading))
            other = "earlier" if reading == "later" else "later"
            notes.append(
                f"the other reading (conflicts {other}) lets the "
                f"{'first' if other == 'earlier' else 'later'} amendment prevail"
            )
            summary = f"{conflict.sections()} conflict; {winner.label()} prevails"
        period = overlay.period_for(winner, enacted_on)
        what = f": {winner.summary}" if winner.summary else ""
        done = {"replace": "replaced", "add": "added", "repeal": "repealed"}[winner.action]
        notes.insert(0, f"{done} by {overlay.id} {winner.label()} ({period}){what}")
        result.append((winner, notes, summary))
    return result


def apply_overlays(
    version: LawVersion,
    overlays: Iterable[Overlay],
    year: int | None = None,
    enacted_on: Mapping[str, dt.date] | None = None,
    ordered: bool = False,
    reading: ConflictReading = "later",
) -> dict[str, Rule]:
    """The version's rules with each overlay's replacements, additions and repeals, in order.

    Two overlays may change the same rule only in a known order: an overlay that names the
    other in ``prevails_over``; a bill read on top of an enacted overlay (a what-if is the law
    in force plus the bill); or ``ordered`` (the later one given prevails). Anything else is a
    UsageError, never a silent choice.
    """
    rules = dict(version.rules)
    touched: dict[str, Overlay] = {}
    for overlay in overlays:
        dated = (enacted_on or {}).get(overlay.id)
        for change, notes, conflict in _winners(overlay, year, dated, reading):
            rule_id = change.rule_id
            earlier = touched.get(rule_id)
            if earlier is not None and year is not None:
                if overlay.id in earlier.prevails_over:
                    continue
                if earlier.id in overlay.prevails_over:
                    why = f"{overlay.id} says it prevails over {earlier.id}"
                elif earlier.enacted and not overlay.enacted:
                    why = "a bill is read on top of the law in force"
                elif ordered:
                    why = "overlays applied in the order given"
                else:
                    raise UsageError(
                        f"overlays {earlier.id} and {overlay.id} both change {rule_id} for "
                        f"{year} and neither says which prevails; give them in the order "
                        "wanted and ask for ordered (the later prevails)",
                        fields=("ordered",),
                    )
                notes = [*notes, f"{overlay.id} prevails over {earlier.id} here ({why})"]
            touched[rule_id] = overlay
            rule = change.rule
            if change.action == "repeal":
                rules.pop(rule_id, None)
                continue
            assert rule is not None
            if change.action == "replace" and (rule_id in rules or earlier is None):
                if rule_id not in rules:
                    raise LawDataError(
                        f"{overlay.origin} {rule.label()}: replaces a rule that {version.id} "
                        f"does not have{suggest(rule_id, rules)}"
                    )
                base = rules[rule_id]
                rule = replace(
                    rule,
                    opens=rule.opens if rule.opens is not None else base.opens,
                    closes=rule.closes if rule.closes is not None else base.closes,
                )
            rules[rule_id] = replace(
                rule,
                derivation_notes=tuple(notes),
                conflict=conflict,
                in_force_from=overlay.period_for(change, dated).start,
            )
        for rule_id in [c.rule_id for c in overlay.changes if c.action == "repeal"]:
            if rule_id in rules:
                continue
            users = sorted(
                r.id
                for r in rules.values()
                if any(d.startswith(f"{rule_id}.") for d in r.dependencies())
            )
            if users:
                raise LawDataError(
                    f"{overlay.origin}: repeals {rule_id}, which {', '.join(users)} still "
                    "count from; replace or repeal those rules too"
                )
    return rules


@cache
def load_law() -> Law:
    """Load and check every version and overlay (once per process; once per change of the data
    or code, with the cache on disk, see ``nyballot.law.cache``)."""
    root = _data_root()
    return cached("law", data_files(root), lambda: _build_law(root))


def _build_law(root: resources.abc.Traversable) -> Law:
    events = _read_yaml(root.joinpath("events.yaml"), "law/data/events.yaml")
    versions = {}
    for folder in sorted(root.joinpath("versions").iterdir(), key=lambda p: p.name):
        if folder.is_dir():
            version = _load_version(folder)
            versions[version.id] = version
    overlays = {}
    for path in sorted(root.joinpath("overlays").iterdir(), key=lambda p: p.name):
        if path.name.endswith(".yaml"):
            overlay = load_overlay(path)
            if overlay.id in overlays:
                raise LawDataError(f"{overlay.origin}: overlay id '{overlay.id}' used twice")
            overlays[overlay.id] = overlay
    for version in versions.values():
        check_rules(version.rules, events, f" in {version.id}")
    for overlay in overlays.values():
        for version_id in overlay.versions:
            if version_id not in versions:
                raise LawDataError(f"{overlay.origin}: unknown law version '{version_id}'")
            merged = apply_overlays(versions[version_id], [overlay])
            check_rules(merged, events, f" with overlay {overlay.id} on {version_id}")
            for year in _years_of(overlay, versions[version_id]):
                dated = apply_overlays(versions[version_id], [overlay], year)
                check_rules(dated, events, f" with overlay {overlay.id} on {version_id} {year}")
    order = tuple(_event_order(root, events))
    return Law(versions=versions, overlays=overlays, events=events, event_order=order)


def _years_of(overlay: Overlay, version: LawVersion) -> list[int]:
    """The years whose calendars an overlay with dated sections changes differently."""
    if not any(c.period.start or c.period.end for c in overlay.changes):
        return []
    return [
        y
        for y in range(version.first_year, version.last_year + 1)
        if overlay.applies_to(version.id, y)
    ]


def overlay_years(overlay: Overlay, law: Law) -> list[int]:
    """Every year an overlay applies to under some version."""
    return sorted(
        {
            y
            for v in overlay.versions
            if v in law.versions
            for y in range(law.versions[v].first_year, law.versions[v].last_year + 1)
            if overlay.applies_to(v, y)
        }
    )


def parse_iso_date(value: str, what: str) -> dt.date:
    """A YYYY-MM-DD date, or a UsageError naming the input."""
    from nyballot.errors import UsageError

    try:
        if not _ISO_DATE.fullmatch(value):
            raise ValueError(value)
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageError(f"{what}: '{value}' is not a date (expected YYYY-MM-DD)") from None


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
