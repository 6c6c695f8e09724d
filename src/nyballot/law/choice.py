"""The law a question is answered under: a version and the overlays read on top of it, and
the choice of the version in force for a year (``resolve_law``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from nyballot.errors import OutOfCoverageError, UsageError, suggest
from nyballot.law.loader import Law, load_law, overlay_years
from nyballot.law.model import ConflictReading, LawVersion, Overlay


def _key(name: str) -> str:
    return "".join(c for c in name.strip().casefold() if c not in ".- ")


def normalise_name(name: str, known: Iterable[str]) -> str | None:
    """The known law version or overlay id a name stands for, or None.

    People write bills and versions many ways ('s5961', 'S.5305-A', 'pre2019'); case, '.',
    '-' and spaces are ignored so that every command and the API accept the same spellings.
    """
    key = _key(name)
    return next((k for k in known if _key(k) == key), None)


@dataclass(frozen=True)
class LawChoice:
    """A law version (None: the one in force that year) and overlays, in the order given.

    ``enacted_on`` gives a bill's date of enactment where its effective date depends on it;
    ``ordered`` says the overlays' order settles which wins when two amend the same rule;
    ``conflicts`` is the reading of an act that amends one provision twice, differently.
    """

    law: str | None = None
    overlays: tuple[str, ...] = ()
    enacted_on: Mapping[str, dt.date] = field(default_factory=dict)
    ordered: bool = False
    conflicts: ConflictReading = "later"

    def has(self, overlay: str) -> bool:
        return overlay in self.overlays

    @property
    def label(self) -> str:
        return " + ".join([self.law or "law in force", *self.overlays])

    @property
    def title(self) -> str:
        law = load_law()
        version = law.versions[self.law].title if self.law else "the law in force"
        return "; ".join([version, *(f"with {o}: {law.overlays[o].title}" for o in self.overlays)])


def law_words(version_id: str, overlay_ids: Sequence[str]) -> str:
    """A law in words, for a first line: the version's title and id, and the overlays read
    over it ("Election Law in force from 2019 (June primary) [current], with S5961")."""
    law = load_law()
    title = f"{law.versions[version_id].title} [{version_id}]"
    return ", with ".join([title, ", ".join(overlay_ids)]) if overlay_ids else title


def _version(year: int, law_id: str | None, law: Law, outside_coverage: bool) -> LawVersion:
    """The version in force for the year, or the one named (which must cover the year, unless
    ``outside_coverage`` asks for a what-if)."""
    if law_id is None:
        covering = [v for v in law.versions.values() if v.covers(year)]
        if not covering:
            spans = ", ".join(f"{v.id} {v.first_year}-{v.last_year}" for v in law.versions.values())
            raise OutOfCoverageError(f"year {year}: no law version covers it ({spans})")
        return covering[0]
    version_id = normalise_name(law_id, law.versions)
    if version_id is None:
        raise UsageError(
            f"law '{law_id}': no such law version{suggest(law_id, law.versions)}",
            fields=("law",),
        )
    version = law.versions[version_id]
    if not version.covers(year) and not outside_coverage:
        raise OutOfCoverageError(
            f"year {year}: law {version.id} covers {version.first_year} to {version.last_year}"
        )
    return version


def resolve_law(
    year: int,
    law_id: str | None,
    overlay_ids: Sequence[str],
    law: Law,
    enacted: bool = True,
    enacted_on: Mapping[str, dt.date] | None = None,
    outside_coverage: bool = False,
) -> tuple[LawVersion, list[Overlay]]:
    """The version in force for the year (or the one named) and the overlays to apply: the
    enacted overlays in force that year (unless ``enacted`` is False), then those named.

    Names are matched as ``normalise_name`` reads them (any case, '.', '-' and spaces ignored).
    """
    version = _version(year, law_id, law, outside_coverage)
    chosen: list[Overlay] = []
    if enacted:
        chosen = [o for o in law.overlays.values() if o.enacted and o.applies_to(version.id, year)]
    for name in overlay_ids:
        overlay_id = normalise_name(name, law.overlays)
        if overlay_id is None:
            hint = suggest(name, law.overlays)
            raise UsageError(f"with '{name}': no such bill or overlay{hint}", fields=("with",))
        overlay = law.overlays[overlay_id]
        dated = (enacted_on or {}).get(overlay_id)
        if not overlay.applies_to(version.id, year, dated):
            raise UsageError(_not_applicable(overlay, version, year, law, dated))
        if overlay not in chosen:
            chosen.append(overlay)
    return version, chosen


def _not_applicable(
    overlay: Overlay, version: LawVersion, year: int, law: Law, enacted_on: dt.date | None
) -> str:
    what = f"overlay '{overlay.id}' ({overlay.cite}) does not apply to {year}"
    if version.id not in overlay.versions:
        return f"{what} under {version.id}: it amends {', '.join(overlay.versions)}"
    if enacted_on is not None and overlay.takes_effect == "january-after-enactment":
        return (
            f"{what}: enacted {enacted_on.isoformat()}, it would take effect "
            f"{enacted_on.year + 1}-01-01 (the first of January next succeeding)"
        )
    years = overlay_years(overlay, law)
    span = f"{years[0]} to {years[-1]}" if years else "no year"
    starts = sorted({str(c.period) for c in overlay.changes})
    return f"{what}: it governs the calendars of {span} (sections {'; '.join(starts)})"
