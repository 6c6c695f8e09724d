"""Read the rule and overlay files into typed, checked law.

Everything is checked when the law is loaded, so a calendar never meets a bad rule: unknown
keys, malformed expressions, names of rules or events that do not exist, and circles of rules
each fail with a message naming the file, the rule, its citation and the problem.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import Any

import yaml

from nyballot.errors import (
    ExpressionSyntaxError,
    LawDataError,
    RuleCycleError,
    UnknownNameError,
    suggest,
)
from nyballot.law.model import LawVersion, Overlay, Rule
from nyballot.reckoning.expressions import parse, parse_condition, refs

_RULE_KEYS = {
    "id", "cite", "title", "law", "source", "opens", "closes", "when", "roll", "kind", "note",
    "unverified", "verified_from", "only_in", "text_not_found", "section",
}  # fmt: skip
_DATA = "data"


@dataclass(frozen=True)
class Law:
    """Every law version, overlay and event name the package knows."""

    versions: dict[str, LawVersion]
    overlays: dict[str, Overlay]
    events: dict[str, str]  # event name -> what it is


def _data_root() -> resources.abc.Traversable:
    return resources.files("nyballot.law").joinpath(_DATA)


def _read_yaml(path: resources.abc.Traversable, origin: str) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise LawDataError(f"{origin}: not valid YAML ({exc})") from None


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
    unknown = set(raw) - _RULE_KEYS
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
            roll=bool(merged.get("roll", True)),
            kind=merged.get("kind", "deadline"),
            note=" ".join(str(merged.get("note", "")).split()),
            unverified=" ".join(str(merged.get("unverified") or not_found or "").split()),
            verified_from=merged.get("verified_from"),
            only_in=merged.get("only_in"),
            origin=origin,
            overlay=overlay,
            bill_section=str(merged.get("section", "")),
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
    )


def _load_overlay(path: resources.abc.Traversable) -> Overlay:
    origin = f"law/data/overlays/{path.name}"
    raw = _read_yaml(path, origin)
    try:
        years = raw.get("years", [])
        defaults = {k: raw[k] for k in ("source",) if k in raw}
        ident = raw["id"]

        def rules(key: str) -> dict[str, Rule]:
            built = [build_rule(r, origin, defaults, ident) for r in raw.get(key) or []]
            return {r.id: r for r in built}

        return Overlay(
            id=ident,
            title=raw["title"],
            kind=raw["kind"],
            cite=raw["cite"],
            enacted=bool(raw["enacted"]),
            versions=tuple(raw["versions"]),
            years=tuple(years if isinstance(years, list) else [years]),
            description=" ".join(raw.get("description", "").split()),
            replace=rules("replace"),
            add=rules("add"),
            repeal={r["id"]: " ".join(r.get("law", "").split()) for r in raw.get("repeal") or []},
            origin=origin,
        )
    except KeyError as exc:
        raise LawDataError(f"{origin}: '{exc.args[0]}' is required") from None


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


def apply_overlays(version: LawVersion, overlays: Iterable[Overlay]) -> dict[str, Rule]:
    """The version's rules with each overlay's replacements, additions and repeals, in order."""
    rules = dict(version.rules)
    for overlay in overlays:
        for rule_id, rule in overlay.replace.items():
            if rule_id not in rules:
                raise LawDataError(
                    f"{overlay.origin} {rule.label()}: replaces a rule that {version.id} "
                    f"does not have{suggest(rule_id, rules)}"
                )
            base = rules[rule_id]
            rules[rule_id] = replace(
                rule,
                opens=rule.opens if rule.opens is not None else base.opens,
                closes=rule.closes if rule.closes is not None else base.closes,
            )
        for rule_id, rule in overlay.add.items():
            rules[rule_id] = rule
        for rule_id in overlay.repeal:
            rules.pop(rule_id, None)
    return rules


@cache
def load_law() -> Law:
    """Load and check every version and overlay (once per process)."""
    root = _data_root()
    events = _read_yaml(root.joinpath("events.yaml"), "law/data/events.yaml")
    versions = {}
    for folder in sorted(root.joinpath("versions").iterdir(), key=lambda p: p.name):
        if folder.is_dir():
            version = _load_version(folder)
            versions[version.id] = version
    overlays = {}
    for path in sorted(root.joinpath("overlays").iterdir(), key=lambda p: p.name):
        if path.name.endswith(".yaml"):
            overlay = _load_overlay(path)
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
    return Law(versions=versions, overlays=overlays, events=events)


def parse_iso_date(value: str, what: str) -> dt.date:
    """A YYYY-MM-DD date, or a UsageError naming the input."""
    from nyballot.errors import UsageError

    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageError(f"{what}: '{value}' is not a date (expected YYYY-MM-DD)") from None
