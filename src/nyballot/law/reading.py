"""Reading the law files: YAML into typed rules, provisions, versions and overlays.

Each entry is checked as it is read (unknown keys, missing words, malformed expressions), so
an error names the file, the entry and its citation."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from typing import Any, TypeVar, get_args

from nyballot.errors import (
    ExpressionSyntaxError,
    LawDataError,
    UnknownNameError,
    suggest,
)
from nyballot.law.applying import find_conflicts, restated_fields, section_key
from nyballot.law.model import (
    END_OF_DAY,
    NON_ROLLING_KINDS,
    Action,
    Change,
    Conflict,
    EffectivePeriod,
    Evidence,
    LawVersion,
    Overlay,
    Period,
    Provision,
    ProvisionType,
    ProvisionValue,
    Rule,
    RuleKind,
)
from nyballot.reckoning.expressions import parse, parse_condition

_RULE_KEYS = {
    "id", "cite", "title", "law", "source", "opens", "closes", "when", "kind", "note",
    "unverified", "verified_from", "only_in", "text_not_found", "section", "evidence",
    "evidence_source",
}  # fmt: skip


_CHANGE_KEYS = {"change", "effective"}  # only in overlays


_REPEAL_KEYS = {"id", "cite", "title", "law", "source", "section", "change", "note"}


_PROVISION_KEYS = {
    "id", "cite", "title", "law", "value", "section", "was", "note", "type", "setting",
    "source", "unverified", "evidence", "evidence_source", "text_not_found", "repealed",
    "effective",
}  # fmt: skip


_Entry = TypeVar("_Entry", Rule, Provision)
_PROVISION_TYPES: dict[str, type] = {
    "text": str, "count": int, "days": int, "business_days": int, "dollars": int,
    "flag": bool, "time": str, "list": list, "share": str,
}  # fmt: skip


@dataclass(frozen=True)
class EventOrder:
    """Two events that happen only in this order, with the words that say so."""

    first: str
    then: str
    cite: str
    law: tuple[str, ...]
    source: str
    why: str


def read_event_order(
    root: resources.abc.Traversable, events: Mapping[str, str]
) -> list[EventOrder]:
    origin = "law/data/event_order.yaml"
    found = []
    for raw in read_yaml(root.joinpath("event_order.yaml"), origin) or []:
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


def read_yaml_text(text: str, origin: str) -> Any:
    """YAML text as data, with libyaml's C parser where it is built (several times faster)."""
    import yaml  # only when the law is built, not when it comes from the cache

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(text, Loader=loader)
    except yaml.YAMLError as exc:
        raise LawDataError(f"{origin}: not valid YAML ({exc})") from None


def read_yaml(path: resources.abc.Traversable, origin: str) -> Any:
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


def _check_rule(
    raw: Mapping[str, Any], merged: Mapping[str, Any], where: str, in_overlay: bool
) -> None:
    """A rule's keys, before it is built: only known ones, the required ones, a known kind."""
    if "roll" in raw:
        raise LawDataError(
            f"{where}: 'roll' is not a key: the kind decides whether a last day rolls "
            f"(these never roll: {', '.join(sorted(NON_ROLLING_KINDS))})"
        )
    unknown = set(raw) - _RULE_KEYS - (_CHANGE_KEYS if in_overlay else set())
    if unknown:
        raise LawDataError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("id", "cite", "title"):
        if not merged.get(key):
            raise LawDataError(f"{where}: '{key}' is required")
    if not merged.get("text_not_found") and not merged.get("law"):
        raise LawDataError(f"{where}: quote the statute words in 'law' (or say 'text_not_found')")
    if "opens" not in merged and "closes" not in merged:
        raise LawDataError(f"{where}: a rule needs 'opens', 'closes' or both")
    if merged.get("kind", "deadline") not in get_args(RuleKind):
        raise LawDataError(
            f"{where}: kind '{merged['kind']}': expected one of {', '.join(get_args(RuleKind))}"
        )


def build_rule(
    raw: Mapping[str, Any], origin: str, defaults: Mapping[str, Any], overlay: str | None = None
) -> Rule:
    """One rule from its mapping; errors name the file, the rule and its citation."""
    rule_id = raw.get("id", "<no id>")
    where = f"{origin} {rule_id} ({raw.get('cite', 'no cite')})"
    merged = {**defaults, **raw}
    _check_rule(raw, merged, where, overlay is not None)
    not_found = merged.get("text_not_found")
    evidence, evidence_source = read_evidence(merged, where)
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
            evidence_source=evidence_source,
        )
    except ExpressionSyntaxError as exc:
        raise ExpressionSyntaxError(f"{where}: {exc}") from None
    except KeyError as exc:
        raise LawDataError(f"{where}: '{exc.args[0]}' is required") from None
    except (TypeError, ValueError) as exc:
        raise LawDataError(f"{where}: {exc}") from None


def _rules_from(files: Iterable[resources.abc.Traversable], prefix: str) -> dict[str, Rule]:
    # Every file is parsed for rules, so a malformed file always fails.
    return _entries(files, prefix, "rules", ("source", "verified_from"), build_rule, every=True)


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
    if kind == "share":  # a part of a whole, written as a fraction: "5/100", "3/4"
        try:
            share = Fraction(str(raw))
        except (ValueError, ZeroDivisionError):
            raise LawDataError(f"{where}: setting {raw!r} is not a share (n/d)") from None
        if share < 0:
            raise LawDataError(f"{where}: setting {raw!r} is not a share (n/d)")
        return share
    assert isinstance(raw, str | int | bool)
    return raw


def read_evidence(merged: Mapping[str, Any], where: str) -> tuple[Evidence | None, str]:
    """``evidence: secondary`` with the source named in ``evidence_source`` (rules, provisions
    and the signature tables alike), or neither."""
    evidence = merged.get("evidence")
    if evidence not in (None, "secondary"):
        raise LawDataError(
            f"{where}: 'evidence' must be 'secondary' (or left out), the source named in "
            "'evidence_source'"
        )
    source = " ".join(str(merged.get("evidence_source") or "").split())
    if evidence and not source:
        raise LawDataError(f"{where}: name the secondary source in 'evidence_source'")
    if source and not evidence:
        raise LawDataError(f"{where}: 'evidence_source' without 'evidence: secondary'")
    return evidence, source


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
    evidence, evidence_source = read_evidence(merged, where)
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
            evidence=evidence,
            evidence_source=evidence_source,
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
    return _entries(files, prefix, "provisions", ("source",), build_provision)


def _entries(
    files: Iterable[resources.abc.Traversable],
    prefix: str,
    key: str,
    inherited: tuple[str, ...],
    build: Callable[[Mapping[str, Any], str, Mapping[str, Any]], _Entry],
    every: bool = False,
) -> dict[str, _Entry]:
    """Each file's entries under ``key`` (rules or provisions), by id, each given the file's
    ``inherited`` keys; unless ``every``, files that do not name the key are not parsed."""
    found: dict[str, _Entry] = {}
    for path in sorted(files, key=lambda p: p.name):
        origin = f"{prefix}/{path.name}"
        text = path.read_text(encoding="utf-8")
        if not every and f"{key}:" not in text:
            continue
        data = read_yaml_text(text, origin) or {}
        defaults = {k: data[k] for k in inherited if k in data}
        for raw in data.get(key) or []:
            item = build(raw, origin, defaults)
            if item.id in found:
                raise LawDataError(
                    f"{origin} {item.id}: defined twice (also {found[item.id].origin})"
                )
            found[item.id] = item
    return found


def load_version(folder: resources.abc.Traversable) -> LawVersion:
    prefix = f"law/data/versions/{folder.name}"
    meta = read_yaml(folder.joinpath("version.yaml"), f"{prefix}/version.yaml")
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


_ACTIONS: tuple[Action, ...] = ("replace", "add", "repeal")


def _change(
    action: Action,
    item: Mapping[str, Any],
    origin: str,
    defaults: Mapping[str, Any],
    ident: str,
    period: Period,
) -> Change:
    """One replacement, addition or repeal of an overlay, in force for ``period``."""
    where = f"{origin} {item.get('id', '<no id>')}"
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
    return Change(
        action=action,
        rule_id=str(item["id"]),
        section=str(item.get("section", "")),
        period=period,
        rule=rule,
        law=law,
        summary=" ".join(str(item.get("change", "")).split()),
        note=" ".join(str(item.get("note", "")).split()),
        source=str(item["source"]) if rule is None and "source" in item else None,
        restates=restated_fields({*defaults, *item}),
    )


def _conflicts(raw: Mapping[str, Any], origin: str, changes: list[Change]) -> list[Conflict]:
    """Every rule two sections change differently: with the reading the data records for it,
    or unresolved."""
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
    return conflicts + [Conflict(rule_id, group) for rule_id, group in found.items()]


_PERIOD_KEYS = {"sections", "from", "to", "counted", "words", "todo"}


def _effective_periods(items: Any, origin: str) -> tuple[EffectivePeriod, ...]:
    """A drafted overlay's effective-date section, read into periods (shown, not applied)."""
    if items is None:
        return ()
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise LawDataError(f"{origin} effective_periods: expected a list of mappings")
    found = []
    for item in items:
        unknown = set(item) - _PERIOD_KEYS
        if unknown:
            raise LawDataError(f"{origin} effective_periods: unknown key(s) {', '.join(unknown)}")
        try:
            days = [None if item.get(k) is None else dt.date.fromisoformat(str(item[k]))
                    for k in ("from", "to")]  # fmt: skip
        except ValueError:
            why = "from and to are YYYY-MM-DD dates"
            raise LawDataError(f"{origin} effective_periods: {why}") from None
        found.append(EffectivePeriod(str(item.get("sections", "the act")), days[0], days[1],
                                     *(str(item.get(k, "")) for k in ("counted", "words",
                                                                      "todo"))))  # fmt: skip
    return tuple(found)


def _overlay(
    raw: Mapping[str, Any],
    origin: str,
    changes: tuple[Change, ...],
    provisions: tuple[Provision, ...],
    conflicts: tuple[Conflict, ...],
) -> Overlay:
    years = raw.get("years", [])
    return Overlay(
        id=raw["id"],
        title=raw["title"],
        kind=raw["kind"],
        cite=raw["cite"],
        enacted=bool(raw["enacted"]),
        versions=tuple(raw["versions"]),
        years=tuple(years if isinstance(years, list) else [years]),
        description=" ".join(raw.get("description", "").split()),
        origin=origin,
        changes=changes,
        provisions=provisions,
        conflicts=conflicts,
        takes_effect=raw.get("takes_effect", "dates"),
        effective=" ".join(str(raw.get("effective_words", "")).split()),
        effective_periods=_effective_periods(raw.get("effective_periods"), origin),
        prevails_over=tuple(raw.get("prevails_over") or ()),
        status=" ".join(str(raw.get("status", "")).split()),
    )


def load_overlay(path: resources.abc.Traversable) -> Overlay:
    """Read one overlay file (a bill, chapter law or court order), its changes in section order
    and the conflicts between them. A malformed file fails here, naming the file and the entry,
    rather than later inside a calendar."""
    origin = f"law/data/overlays/{path.name}"
    raw = read_yaml(path, origin)
    if not isinstance(raw, Mapping):
        raise LawDataError(f"{origin}: expected a mapping with id, title, kind, ...")
    try:
        # An overlay resting on a secondary source says so once, for every rule it adds.
        defaults = {k: raw[k] for k in ("source", "evidence", "evidence_source") if k in raw}
        ident = raw["id"]
        if path.name != f"{ident}.yaml":
            raise LawDataError(f"{origin}: the file must be named {ident}.yaml, after its id")
        whole = _period(raw.get("effective"), f"{origin} effective")
        by_section = {
            str(section): _period(period, f"{origin} sections {section}")
            for section, period in (raw.get("sections") or {}).items()
        }
        changes = [
            _change(action, item, origin, defaults, ident,
                    by_section.get(str(item.get("section", "")), whole))
            for action in _ACTIONS
            for item in raw.get(action) or []
        ]  # fmt: skip
        changes.sort(key=section_key)
        conflicts = _conflicts(raw, origin, changes)
        provisions = tuple(
            build_provision(
                p, origin, defaults, ident, by_section.get(str(p.get("section", "")), whole)
            )
            for p in raw.get("provisions") or []
        )
        return _overlay(raw, origin, tuple(changes), provisions, tuple(conflicts))
    except KeyError as exc:
        raise LawDataError(f"{origin}: '{exc.args[0]}' is required") from None
    except (TypeError, AttributeError) as exc:
        raise LawDataError(f"{origin}: {exc}") from None
