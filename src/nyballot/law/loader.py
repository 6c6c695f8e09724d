"""The law, loaded: read (``reading``), overlays applied (``applying``) and checked
(``checking``), once per process and once per change on disk (``cache``).

``$NYBALLOT_EXTRA_OVERLAYS`` names folders (``os.pathsep`` between them) of further overlay
files, read and checked with the package's own: an act not yet shipped, or a made-up one that
tries the design (the test of a 2031 act does so). A file named there is part of the law in
every answer, like a shipped one, and of the cache's key.

Everything is checked when the law is loaded, so a calendar never meets a bad rule: unknown
keys, malformed expressions, names of rules or events that do not exist, and circles of rules
each fail with a message naming the file, the rule, its citation and the problem. The names
callers have always imported from here (``build_rule``, ``apply_overlays``, ...) still are.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from nyballot.cache import cached
from nyballot.errors import UsageError
from nyballot.law.applying import apply_overlays as apply_overlays
from nyballot.law.applying import conflict_text as conflict_text
from nyballot.law.applying import winning_changes as winning_changes
from nyballot.law.checking import check_law
from nyballot.law.checking import check_rules as check_rules
from nyballot.law.model import LawVersion, Overlay
from nyballot.law.reading import EventOrder, data_files, load_version, read_event_order, read_yaml
from nyballot.law.reading import build_provision as build_provision
from nyballot.law.reading import build_rule as build_rule
from nyballot.law.reading import load_overlay as load_overlay
from nyballot.law.reading import read_yaml_text as read_yaml_text

_DATA = "data"
EXTRA_OVERLAYS = "NYBALLOT_EXTRA_OVERLAYS"


@dataclass(frozen=True)
class Law:
    """Every law version, overlay and event name the package knows."""

    versions: dict[str, LawVersion]
    overlays: dict[str, Overlay]
    events: dict[str, str]  # event name -> what it is
    event_order: tuple[EventOrder, ...] = ()


def _data_root() -> resources.abc.Traversable:
    return resources.files("nyballot.law").joinpath(_DATA)


def extra_overlays() -> list[Path]:
    """The overlay files of the folders ``$NYBALLOT_EXTRA_OVERLAYS`` names, in name order."""
    folders = [f for f in os.environ.get(EXTRA_OVERLAYS, "").split(os.pathsep) if f.strip()]
    found: list[Path] = []
    for name in folders:
        folder = Path(name)
        if not folder.is_dir():
            raise UsageError(f"{EXTRA_OVERLAYS} '{name[:80]}': not a folder of overlay files")
        found += sorted(folder.glob("*.yaml"))
    return found


# Folders of overlay files brought in by one process (``--with PATH``, an upload): a law read
# with them is never put in the cache on disk, where each would leave an entry of its own.
UNCACHED: set[Path] = set()


@cache
def load_law() -> Law:
    """Load and check every version and overlay (once per process; once per change of the data
    or code, with the cache on disk, see ``nyballot.cache``)."""
    root = _data_root()
    extra = extra_overlays()
    if any(p.parent in UNCACHED for p in extra):
        return _build_law(root, extra)
    return cached("law", [*data_files(root), *extra], lambda: _build_law(root, extra))


def _build_law(root: resources.abc.Traversable, extra: list[Path] | None = None) -> Law:
    events = read_yaml(root.joinpath("events.yaml"), "law/data/events.yaml")
    versions = {}
    for folder in sorted(root.joinpath("versions").iterdir(), key=lambda p: p.name):
        if folder.is_dir():
            version = load_version(folder)
            versions[version.id] = version
    # Each file is named by its id (checked as it is read), so no two overlays share one.
    overlays = {
        path.name.removesuffix(".yaml"): load_overlay(path)
        for path in sorted(root.joinpath("overlays").iterdir(), key=lambda p: p.name)
        if path.name.endswith(".yaml")
    }
    for path in extra or []:
        overlay = load_overlay(path)
        if overlay.id in overlays:
            raise UsageError(f"{EXTRA_OVERLAYS}: {path.name}: overlay {overlay.id} is shipped")
        overlays[overlay.id] = overlay
    check_law(versions, overlays, events)
    order = tuple(read_event_order(root, events))
    return Law(versions=versions, overlays=overlays, events=events, event_order=order)


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

    try:
        if not _ISO_DATE.fullmatch(value):
            raise ValueError(value)
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageError(f"{what}: '{value}' is not a date (expected YYYY-MM-DD)") from None


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
