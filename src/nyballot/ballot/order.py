"""The order of names: by lot (§ 7-116(3)), New York City's alphabetical rotation (§ 7-116(6)),
county committee by priority of filing, and late court orders at the bottom.

An *item* is what is ordered: a candidate alone, or the group of candidates designated by one
petition for a position with two or more seats (kept together, in petition order, and moved as
one). Each function returns the items in order and appends its reasoning to the contest.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from nyballot.ballot import rules as pid
from nyballot.ballot.lot import draw, ticket
from nyballot.ballot.model import Candidate, Contest
from nyballot.ballot.names import collation_key
from nyballot.ballot.rules import BallotLaw
from nyballot.errors import UsageError


@dataclass(frozen=True)
class Item:
    key: str
    members: tuple[Candidate, ...]

    @property
    def is_group(self) -> bool:
        return len(self.members) > 1

    @property
    def first(self) -> Candidate:
        return self.members[0]

    def label(self) -> str:
        if self.is_group:
            return f"petition {self.key} ({', '.join(c.name for c in self.members)})"
        return self.first.name


def items_of(candidates: list[Candidate], grouped: bool) -> list[Item]:
    """Items in input order; with ``grouped``, one item per petition naming several candidates."""
    if not grouped:
        return [Item(c.who, (c,)) for c in candidates]
    by_petition: dict[str, list[Candidate]] = {}
    for c in candidates:
        by_petition.setdefault(c.petition, []).append(c)
    items = []
    for petition, members in by_petition.items():
        # Petition order; across linked offices, the office printed first leads.
        ordered = tuple(sorted(members, key=lambda c: (c.office_index, c.position)))
        key = petition if len(ordered) > 1 else ordered[0].who
        items.append(Item(key, ordered))
    return items


def only_office(order: list[Item], office: str) -> list[Item]:
    """The items as printed for ``office``: each item's members for that office, in order."""
    kept = [Item(i.key, tuple(m for m in i.members if m.office == office)) for i in order]
    return [i for i in kept if i.members]


def need_seed(seed: str | None, office: str) -> str:
    if not seed:
        raise UsageError(
            f"office '{office}': the order is determined by lot, which needs a published seed "
            "(the document's 'seed')"
        )
    return seed


def by_lot(
    items: list[Item],
    seed: str,
    contest: Contest,
    *,
    groups_below: bool,
    rules: BallotLaw,
    key: str | None = None,
    announce: bool = True,
) -> list[Item]:
    """§ 7-116(3): groups by a single lot per petition; individuals below, drawn among themselves.

    With ``groups_below`` false (one drawing for all, as for public office or under
    § 2-122-a(8)(c)), groups and individuals are drawn together. ``key`` is the office key of
    the drawing (the office id unless offices are drawn together); ``rules`` the law whose lot words
    order the drawing, quoted unless ``announce`` is false (the caller has said why).
    """
    cite = rules.lot.cite
    key = key or contest.office
    # Offices drawn together (delegates and alternates to one convention): each contest shows
    # the drawing of the items it prints; a drawing for no one office (a row of § 2-122-a) all.
    mine = contest.office in {m.office for i in items for m in i.members}
    if groups_below and any(i.is_group for i in items):
        groups = [i for i in items if i.is_group]
        single = [i for i in items if not i.is_group]
        order = _drawn(groups, seed, "petition", contest, cite, mine)
        order += _drawn(single, seed, key, contest, cite, mine)
        contest.say(
            f"Groups designated by one petition drawn first by a single lot (office key "
            f"'petition'); candidates designated individually printed below them, drawn among "
            f'themselves. "{rules.quote(pid.GROUPS).words}" "{rules.quote(pid.GROUPS, 1).words}"',
            rules.quote(pid.GROUPS).cite,
        )
        return order
    if announce:
        contest.say(f'Order determined by lot. "{rules.lot.words}"', rules.lot.cite)
    return _drawn(items, seed, key, contest, cite, mine)


def _drawn(
    items: list[Item], seed: str, office: str, contest: Contest, cite: str, mine: bool
) -> list[Item]:
    by_key = {i.key: i for i in items}
    order = [by_key[k] for k in draw(seed, office, by_key)]
    for place, item in enumerate(order, start=1):
        if mine and all(m.office != contest.office for m in item.members):
            continue
        digest = ticket(seed, office, item.key)
        contest.say(
            f"Drawn {place}: {item.label()}: sha256('{seed}|{office}|{item.key}') = "
            f"{digest[:12]}...",
            cite,
        )
    return order


def rotate(items: list[Item], steps: int) -> list[Item]:
    """Move the first item to the bottom ``steps`` times."""
    if not items:
        return items
    k = steps % len(items)
    return items[k:] + items[:k]


def nyc_alphabetical(
    items: list[Item], district_index: int, contest: Contest, rules: BallotLaw
) -> list[Item]:
    """§ 7-116(6): alphabetical by surname (then given name) in the first district, rotated."""
    first = sorted(items, key=alphabetical)
    contest.say(
        "First election district: "
        + ", ".join(i.label() for i in first)
        + f'. "{rules.quote(pid.NEW_YORK_CITY).words}" "{rules.quote(pid.NYC_GIVEN_NAME).words}"',
        rules.quote(pid.NEW_YORK_CITY).cite,
    )
    if any(i.is_group for i in items):
        contest.say(
            "Groups designated by one petition kept together and placed by the surname of the "
            f'first person on the petition. "{rules.quote(pid.NYC_GROUPS).words}"',
            rules.quote(pid.NYC_GROUPS).cite,
        )
    return _rotated(first, district_index, contest, rules)


def alphabetical(item: Item) -> tuple[tuple[int, ...], ...]:
    """Surname, then given names, by the Unicode Collation Algorithm (names.py); the key last,
    so that equal names still have one order whatever the input's order."""
    c = item.first
    return (collation_key(c.surname), collation_key(c.given), collation_key(c.suffix),
            collation_key(item.key))  # fmt: skip


def _rotated(
    first: list[Item], district_index: int, contest: Contest, rules: BallotLaw
) -> list[Item]:
    shift = (district_index - 1) % len(first) if first else 0
    contest.say(
        f"This is election district {district_index} in order: the first-named moves to the "
        f"bottom {district_index - 1} time(s) ({shift} net of full cycles of {len(first)}). "
        f'"{rules.quote(pid.NYC_ROTATION).words}"',
        rules.quote(pid.NYC_ROTATION).cite,
    )
    return rotate(first, district_index - 1)


def numbered(items: list[Item], contest: Contest, office: str, rules: BallotLaw) -> list[Item]:
    """§ 7-116(6): names the board has numbered (identical or similar names) are not rotated."""
    for item in items:
        if item.first.number is None:
            raise UsageError(
                f"office '{office}': the board numbered the names, but {item.first.name} has "
                "no 'number'"
            )
    order = sorted(items, key=lambda i: (i.first.number or 0, i.key))
    contest.say(
        f'Printed in the order of the board\'s numbers. "{rules.quote(pid.NYC_NUMBERED).words}"',
        rules.quote(pid.NYC_NUMBERED).cite,
    )
    return order


def county_committee(
    items: list[Item], district_index: int, contest: Contest, seed: str | None, rules: BallotLaw
) -> list[Item]:
    """§ 7-116(6): by priority of filing in the first district, then rotated by petition."""

    def filed(item: Item) -> dt.datetime:
        times = [c.filed for c in item.members if c.filed is not None]
        if not times:
            raise UsageError(
                f"office '{contest.office}': county committee order is by priority of filing, "
                f"but {item.first.name} has no 'filed' time"
            )
        return min(times)

    times = [filed(i) for i in items]
    tied = sorted({t for t in times if times.count(t) > 1})
    if tied:
        drawn = need_seed(seed, contest.office)
        contest.say(
            "Reading: petitions filed at the same time ("
            + ", ".join(t.isoformat(sep=" ") for t in tied)
            + ") have no priority between them in the words; their order is drawn by lot from "
            f"the published seed, as § 7-116(3) orders names it does not otherwise place "
            f"(tickets sha256('{drawn}|{contest.office}|ITEM')).",
            rules.quote(pid.NYC_COUNTY_COMMITTEE).cite,
        )
        first = sorted(items, key=lambda i: (filed(i), ticket(drawn, contest.office, i.key)))
    else:
        first = sorted(items, key=filed)
    contest.say(
        "First election district, by priority of filing: "
        + ", ".join(f"{i.label()} ({filed(i).isoformat(sep=' ')})" for i in first)
        + f'. "{rules.quote(pid.NYC_COUNTY_COMMITTEE).words}"',
        rules.quote(pid.NYC_COUNTY_COMMITTEE).cite,
    )
    contest.say(
        "Reading: the petitions on this ballot appeared in each earlier district of the "
        "assembly district, so the rotation counts every earlier district.",
        rules.quote(pid.NYC_COUNTY_COMMITTEE).cite,
    )
    return _rotated(first, district_index, contest, rules)


def court_orders(
    order: list[Item], added: list[Item], removed: dict[str, str], c: Contest, cite: str
) -> list[Item]:
    """Late court orders: removed names leave the rest in place; added names go to the bottom.

    The words place an added name at the bottom and say nothing of the order of several added
    names: they are placed alphabetically (the reading is stated on the ballot).
    """
    kept = [Item(i.key, tuple(m for m in i.members if m.id not in removed)) for i in order]
    kept = [i for i in kept if i.members]
    for name in sorted(removed.values(), key=collation_key):
        c.say(f"{name} removed by a late court order; the other names keep their places.", cite)
    added = sorted(added, key=alphabetical)
    for item in added:
        c.say(f"{item.label()} added by a late court order: printed at the bottom.", cite)
    if len(added) > 1:
        c.say(
            "Reading: the words put a name added late at the bottom and do not order several; "
            "they are printed alphabetically by surname, then given name.",
            cite,
        )
    return kept + added
