"""Which provision governs: ask the law, never which bill or version is loaded.

A provision is what the law fixes that is not a date (a fee, a count, a place, an office's
hours, who may sign): typed data with an id, its cite and the words it encodes, in the law
version or the overlay (chapter law, court order, bill) that enacts it. Code asks for a
provision by id and gets the one in force, so adding a bill is a data file and nothing else.

The API::

    from nyballot.law.provisions import provision, resolve

    # Under a LawChoice (what the CLI and API build): the version named, or the one in force
    # in ``year``; the enacted overlays in force that year; then the overlays chosen, in order.
    p = provision(choice, "ballot.names.shorten_over_15", year=2026)
    if p is not None and p.flag(): ...

    # Under a law already resolved (a version and its overlays), e.g. for many look-ups:
    law = resolve(choice, year=2026)
    fee = provision(law, "notice_of_intent.fee")      # None: no such provision in this law
    fee.number(), fee.cite, fee.law, fee.value          # 500, "6-117(2)", (words,), "$500"

``provision`` returns the ``Provision`` in force, or None when the law has none (never
enacted, or repealed by an overlay). Overlays are read over the version in the order given,
the later prevailing; an overlay provision counts for a year only while its section is in force
on that year's general election day (as for dates). Typed accessors check the declared type:
``number()`` (count, days, business days, dollars), ``flag()``, ``time()`` (``END_OF_DAY`` is
midnight), ``items()`` (a list), ``share()`` (a fraction) and ``text()``; ``setting`` is the
raw typed value and ``value`` the same in words. ``p.overlay`` names the act that enacted it
(None: the version), for derivations and for the "what-if" mark of a bill; ``p.evidence`` is
set when the number rests on a secondary source, ``p.unverified`` when the words in force were
not found.

In data, a law version's files (``versions/<id>/*.yaml``) and overlays both take::

    provisions:
      - id: filing.hours.closes
        cite: "1-106(1)"
        title: Papers are filed until five P.M.
        law: be filed between the hours of nine A.M. and five P.M.
        value: five P.M.
        type: time              # text (default), count, days, business_days, dollars, flag,
        setting: "17:00"        # time ("24:00" = midnight), list or share ("5/100", read by
                                # share() as a Fraction); setting defaults to value
        # repealed: true        # in an overlay: the version's provision is taken away
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nyballot.errors import UsageError, suggest
from nyballot.law.choice import LawChoice, normalise_name, resolve_law
from nyballot.law.loader import load_law
from nyballot.law.model import LawVersion, Overlay, Provision, in_force_day


@dataclass(frozen=True)
class ResolvedLaw:
    """A law version and the overlays read over it, in order, for a year (None: any year)."""

    version: LawVersion
    overlays: tuple[Overlay, ...] = ()
    year: int | None = None

    @property
    def what_if(self) -> bool:
        """Whether a bill that was never enacted is part of this law."""
        return any(not o.enacted for o in self.overlays)


def resolve(choice: LawChoice, year: int | None = None) -> ResolvedLaw:
    """The version and overlays a choice stands for.

    With a year: the version named (or the one in force that year), the enacted overlays in
    force that year, then the overlays chosen. Without one: the version named and the overlays
    chosen only (a version must then be named).
    """
    law = load_law()
    if year is not None:
        version, chosen = resolve_law(
            year, choice.law, choice.overlays, law, True, choice.enacted_on, True
        )
        return ResolvedLaw(version, tuple(chosen), year)
    if choice.law is None:
        raise UsageError("law: name a law version, or give the year whose law is in force")
    version_id = normalise_name(choice.law, law.versions)
    if version_id is None:
        raise UsageError(
            f"law '{choice.law}': no such law version{suggest(choice.law, law.versions)}"
        )
    named = []
    for name in choice.overlays:
        overlay_id = normalise_name(name, law.overlays)
        if overlay_id is None:
            hint = suggest(name, law.overlays)
            raise UsageError(f"overlay '{name}': no such bill or overlay{hint}")
        named.append(law.overlays[overlay_id])
    return ResolvedLaw(law.versions[version_id], tuple(named))


def named(version_id: str, overlay_ids: Iterable[str], year: int | None = None) -> ResolvedLaw:
    """The law of ids already resolved (a calendar's ``law`` and ``overlays``, in order)."""
    law = load_law()
    overlays = tuple(law.overlays[o] for o in overlay_ids)
    return ResolvedLaw(law.versions[version_id], overlays, year)


def cite_of(item: Provision) -> str:
    """The citation to show: the section, and for an overlay's provision the act and its
    section too ("A.9725 § 11 (1-106(1))"), so a bill's words are never taken for the law's."""
    if item.overlay is None:
        return item.cite
    act = load_law().overlays[item.overlay].cite.split(" of ")[0]
    section = item.section.split(",")[0].strip()
    return f"{act} § {section} ({item.cite})" if section else f"{act} ({item.cite})"


def _in_force(item: Provision, year: int | None) -> bool:
    return year is None or item.period.contains(in_force_day(year))


def _layers(law: ResolvedLaw) -> Iterable[Iterable[Provision]]:
    yield law.version.provisions.values()
    for overlay in law.overlays:
        yield (p for p in overlay.provisions if _in_force(p, law.year))


def provisions_in_force(
    law: LawChoice | ResolvedLaw, year: int | None = None
) -> dict[str, Provision]:
    """Every provision in force, by id: the version's, then each overlay's over it, in order."""
    resolved = law if isinstance(law, ResolvedLaw) else resolve(law, year)
    found: dict[str, Provision] = {}
    for layer in _layers(resolved):
        for item in layer:
            if item.repealed:
                found.pop(item.id, None)
            else:
                found[item.id] = item
    return found


def provision(
    law: LawChoice | ResolvedLaw, provision_id: str, year: int | None = None
) -> Provision | None:
    """The provision in force with this id, or None if the law has none."""
    return provisions_in_force(law, year).get(provision_id)
