"""The reviewed list of a version's subdivisions: ``law/data/coverage/<version folder>.yaml``.

Each section names the shipped text its words are in and its units ("1", "2-a", "6(a)", or
"whole"), each with nothing (a rule encodes it) or one reason no rule does: ``{no-date: ...}``,
``{missing: ...}`` or ``{not-modelled: what}``. A malformed entry fails naming its file and place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

import yaml

from nyballot.errors import LawDataError
from nyballot.law.subdivisions import Path

Reason = Literal["no-date", "missing", "not-modelled"]
WHOLE = "whole"  # the key of a section without subdivisions
_UNIT = re.compile(r"(\d+(?:-[a-z])?)((?:\([a-z]\))?)")
_LETTERED = re.compile(r"\(([a-z])\)")


@dataclass(frozen=True)
class Listed:
    """One subdivision (or paragraph) in the data, with the reason no rule encodes it."""

    path: Path
    reason: Reason | None = None
    note: str = ""


@dataclass(frozen=True)
class Section:
    """A section as the data lists it: the shipped text its words are in, and its units."""

    section: str
    text: str
    units: tuple[Listed, ...]
    derived: bool = True  # False: the text quotes this section among others (a bill)
    begins: str | None = None  # the subdivision a text starts in, when it starts at "(a)"
    note: str = ""


@dataclass(frozen=True)
class CoverageData:
    version: str
    folder: str  # the version's own texts: law/data/texts/<folder>/
    sections: dict[str, Section]
    unlisted: dict[str, str]  # text key -> why it is not listed
    origin: str


def _path(key: object, where: str) -> Path:
    text = str(key)
    if text == WHOLE:
        return ()
    lettered = _LETTERED.fullmatch(text)
    if lettered is not None:  # a regulation's subdivision: 9 NYCRR 6211.7(c)
        return (lettered[1],)
    m = _UNIT.fullmatch(text)
    if m is None:
        raise LawDataError(
            f"{where}: '{text}' is not a subdivision ('6', '2-a', '6(a)', '(c)', 'whole')"
        )
    return (m[1], *re.findall(r"\(([a-z])\)", m[2]))


def _listed(key: object, value: object, where: str) -> Listed:
    path = _path(key, where)
    if value is None:
        return Listed(path)
    if (
        not isinstance(value, Mapping)
        or len(value) != 1
        or next(iter(value)) not in get_args(Reason)
    ):
        raise LawDataError(
            f"{where} {key}: give one reason, {{no-date: ...}}, {{missing: ...}} or "
            "{not-modelled: what}, or nothing where a rule encodes it"
        )
    reason, note = next(iter(value.items()))
    if reason == "not-modelled" and not note:
        raise LawDataError(f"{where} {key}: say what is not modelled")
    return Listed(path, reason, " ".join(str(note or "").split()))


def _section(name: str, raw: Any, origin: str) -> Section:
    where = f"{origin} {name}"
    if not isinstance(raw, Mapping) or set(raw) - {"text", "units", "derived", "begins", "note"}:
        raise LawDataError(f"{where}: expected text, units (and derived, begins, note)")
    try:
        units = tuple(_listed(k, v, where) for k, v in (raw["units"] or {}).items())
        return Section(
            section=name,
            text=str(raw["text"]),
            units=units,
            derived=bool(raw.get("derived", True)),
            begins=str(raw["begins"]) if raw.get("begins") is not None else None,
            note=" ".join(str(raw.get("note", "")).split()),
        )
    except KeyError as exc:
        raise LawDataError(f"{where}: '{exc.args[0]}' is required") from None


@cache
def coverage_data(version: str) -> CoverageData:
    """The reviewed list of a version's subdivisions (law/data/coverage/*.yaml)."""
    root = resources.files("nyballot.law").joinpath("data/coverage")
    for path in sorted(root.iterdir(), key=lambda p: p.name):
        if not path.name.endswith(".yaml"):
            continue
        origin = f"law/data/coverage/{path.name}"
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        if raw.get("version") != version:
            continue
        sections = {str(k): _section(str(k), v, origin) for k, v in raw["sections"].items()}
        unlisted = {
            str(k): " ".join(str(v).split()) for k, v in (raw.get("unlisted") or {}).items()
        }
        return CoverageData(version, str(raw["texts"]), sections, unlisted, origin)
    raise LawDataError(f"law/data/coverage: no subdivision list for law version '{version}'")
