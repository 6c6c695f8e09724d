"""Who appears on a primary ballot, in what order, under which law.

The words that decide each step come from ``rules.ballot_law`` (the one place the law is
read); this module applies them:

- a candidate appears whose designation survived (status "designated" or "nominated"); one
  person designated by two or more petitions appears once (the ``person`` key says who is the
  same person), with the group of the petition first filed (§ 6-147(1));
- an office with no more persons than seats is left off (§ 7-114); reading: an office for which
  a valid opportunity-to-ballot petition was filed appears, with a write-in space, since the
  same paragraph prints a ballot in that case; a party with nothing contested gets no ballot;
- outside New York City the order is drawn by lot (§ 7-116(3)); in the city, names are
  alphabetical in the first election district and rotated by district (§ 7-116(6)), county
  committee by priority of filing; late court orders put an added name at the bottom.
  Delegates and alternates to one convention (offices sharing ``convention``) designated by one
  petition are one group (§ 7-116(3)) and rotate together (§ 7-116(6)).

With A.9725 the single filer of a notice of intent is named without a petition (§ 6-117(3)).
With S.5305-A public offices leave the primary and the board fixes the order. With S.5961 the
presidential contest is printed in rows (presidential.py).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass

from nyballot.ballot import rules as pid
from nyballot.ballot.joint import joint_slates
from nyballot.ballot.model import (
    Ballot,
    BallotInput,
    Candidate,
    Contest,
    Left,
    Office,
    text_problem,
)
from nyballot.ballot.order import (
    Item,
    by_lot,
    county_committee,
    court_orders,
    items_of,
    need_seed,
    numbered,
    nyc_alphabetical,
    only_office,
)
from nyballot.ballot.parts import contest_order
from nyballot.ballot.presidential import presidential
from nyballot.ballot.rules import BallotLaw, ballot_law
from nyballot.ballot.shown import appearing, lines_of
from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.choice import LawChoice
from nyballot.reckoning.season import season_year, today

PRESIDENTIAL = ("president", "delegate", "alternate-delegate")
DELEGATES = ("delegate", "alternate-delegate")


@dataclass
class Printed:
    """An office that will be printed: its contest and the candidates shown, before ordering."""

    office: Office
    contest: Contest
    shown: list[Candidate]


def build_ballot(data: BallotInput, choice: LawChoice, seed: str | None = None) -> Ballot:
    """The ballot of one election district under ``choice``: with no version named, the law in
    force in the election's year (or, with no date in the file, the coming season's)."""
    if seed and text_problem(seed):
        raise UsageError(f"seed: {text_problem(seed)}; the drawing steps quote the seed")
    year, chosen = _law_year(data, choice)
    rules = ballot_law(choice, year)
    seed = seed or data.seed
    ballot = Ballot(
        party=data.party,
        place=data.place,
        law=rules.label,
        law_title=rules.title,
        law_chosen=chosen,
        date=data.date.isoformat() if data.date else "",
        endorsement=asdict(data.endorsement),
        independent_bodies=list(data.independent_bodies),
        seed=seed,
        district_index=data.district_index,
        input_digest=data.digest,
        what_if=rules.what_if,
        unverified=list(rules.unverified),
    )
    _check_presidential(data, rules)
    if rules.nomination_by_petition:
        repeal = rules.quote(pid.REPEALED_7_114)
        ballot.notes.append(
            f'{repeal.cite}: "{repeal.words}" Uncontested offices are not left off by that section.'
        )
    printed: list[Printed] = []
    slates = joint_slates(data, rules, ballot)
    for office in data.offices:
        if office.kind == "president":
            presidential(office, data, rules, seed, ballot)
        elif office.kind not in DELEGATES and office.id not in slates.running_mates:
            entry = _contents(slates.office(office), rules, ballot)
            if entry is not None:
                printed.append(entry)
            slates.left_off_with(office, entry, ballot)
    for entry in printed:
        linked = [p for p in printed if _linked(p.office, entry.office)]
        order = _ordered(entry, linked, data, rules, seed)
        entry.contest.lines = lines_of(order, rules, entry.contest)
        slates.attach(entry.contest, order, rules)
        ballot.contests.append(entry.contest)
    ballot.contests = contest_order(ballot.contests, data, rules, ballot)
    _no_ballot(ballot, rules)
    return ballot


def _law_year(data: BallotInput, choice: LawChoice) -> tuple[int | None, str]:
    """The year whose law is in force, and how the law was chosen, in words."""
    if choice.law is not None:
        return None, f"law version {choice.law}, as asked"
    if data.date is not None:
        year = data.date.year
        return year, f"the law in force for {year}, the year of the election ({data.date})"
    year = season_year()
    return year, (
        f"the law in force for {year}: the file gives no election date, so the year of the "
        f"next general election still to come (today is {today()})"
    )


def _check_presidential(data: BallotInput, rules: BallotLaw) -> None:
    kinds = [o.kind for o in data.offices]
    if set(kinds) & set(PRESIDENTIAL) and not rules.presidential:
        raise OutOfCoverageError(
            "offices of kind president, delegate or alternate-delegate: a presidential primary "
            "ballot is modelled only under a law with the presidential primary of § 2-122-a "
            f"(provision {pid.PRESIDENTIAL})"
        )
    if kinds.count("president") > 1:
        raise UsageError("the ballot has more than one office of kind 'president'")
    if set(kinds) & set(DELEGATES) and "president" not in kinds:
        raise UsageError(
            "delegates and alternates are listed under the presidential candidate they are "
            "pledged to (§ 2-122-a(8)(b)), but the ballot has no office of kind 'president'"
        )


def _linked(a: Office, b: Office) -> bool:
    """Offices drawn and rotated together: delegates and alternates to one convention."""
    return a.id == b.id or (a.convention is not None and a.convention == b.convention)


def _no_ballot(ballot: Ballot, rules: BallotLaw) -> None:
    """§ 7-114: no ballot is printed for a party with no contested office or position."""
    if ballot.contests:
        return
    ballot.printed = False
    if rules.no_ballot is not None:
        ballot.notes.append(
            f'No ballot is printed for this party: nothing is contested. "{rules.no_ballot.words}" '
            f"[§ {rules.no_ballot.cite}]"
        )
    else:
        ballot.notes.append("No ballot is printed for this party: no name is left to vote on.")


def _contents(office: Office, rules: BallotLaw, ballot: Ballot) -> Printed | None:
    """The office's contest and names shown, or None (and why) when it is not printed."""
    if rules.nomination_by_petition and office.kind == "public-office":
        ballot.left_off.append(
            Left(
                office.id,
                office.title,
                "party nominations for public office are made by nominating petition, not at "
                "the primary",
                rules.quote(pid.BY_PETITION).cite,
            )
        )
        return None
    contest = Contest(office.id, office.title, office.kind, office.seats)
    shown, sole = appearing(office, rules, ballot)
    shown = once(office, shown, rules, contest, ballot)
    if sole:
        contest.say(
            f"{shown[0].name} is the only person who filed a notice of intent: named on the "
            f'ballot without a petition. "{rules.quote(pid.SOLE_FILER).words}"',
            rules.quote(pid.SOLE_FILER).cite,
        )
    persons = len({c.who for c in shown})
    if rules.uncontested is None or persons > office.seats:
        if office.opportunity_to_ballot:
            contest.write_in = True
        return Printed(office, contest, shown)
    return _uncontested(Printed(office, contest, shown), sole, persons, rules, ballot)


def _uncontested(
    entry: Printed, sole: bool, persons: int, rules: BallotLaw, ballot: Ballot
) -> Printed | None:
    """An office with no more persons than seats: printed where the law prints it, else left
    off with the words that leave it off."""
    office, contest = entry.office, entry.contest
    assert rules.uncontested is not None
    if sole:
        contest.say(
            "Uncontested, but printed: a notice of intent was filed. Reading: § 6-117(3) "
            "names the filer on the ballot and the amended § 7-114(1)(d) prints a ballot "
            f'where a notice was filed. "{rules.quote(pid.NOTICE_PRINTS).words}"',
            rules.quote(pid.NOTICE_PRINTS).cite,
        )
        return entry
    if office.opportunity_to_ballot and rules.no_ballot is not None:
        contest.write_in = True
        contest.say(
            "Uncontested, but a valid opportunity-to-ballot petition was filed: printed "
            f'with a write-in space. "{rules.no_ballot.words}"',
            rules.no_ballot.cite,
        )
        return entry
    ballot.left_off.append(
        Left(
            office.id,
            office.title,
            f"uncontested ({persons} candidate(s) for {office.seats} seat(s)): "
            f'"{rules.uncontested.words}"',
            rules.uncontested.cite,
        )
    )
    return None


def once(
    office: Office, shown: list[Candidate], rules: BallotLaw, contest: Contest, ballot: Ballot
) -> list[Candidate]:
    """One person designated by two or more petitions is printed once (§ 7-114(1)); for a party
    position of two or more seats, with the group of the petition first filed (§ 6-147(1))."""
    by_person: dict[str, list[Candidate]] = {}
    for c in shown:
        by_person.setdefault(c.who, []).append(c)
    kept: list[Candidate] = []
    for person, entries in by_person.items():
        names = {c.name for c in entries}
        if len(names) > 1:
            raise UsageError(
                f"office '{office.id}': person '{person}' is named "
                + " and ".join(repr(n) for n in sorted(names))
                + "; one person is printed under one name"
            )
        if len(entries) == 1:
            kept.append(entries[0])
        elif _grouped(office):
            kept.append(_first_filed(office, entries, contest, rules))
        else:
            kept.append(min(entries, key=lambda c: c.id))
            once = rules.but_once
            contest.say(
                f"{kept[-1].name} is designated by petitions "
                f"{', '.join(sorted(c.petition for c in entries))}: printed once. "
                + (
                    f'"{once.words}"'
                    if once is not None
                    else "Reading: no words of this law print a name once (§ 7-114 is "
                    "repealed); one person is one candidate, so the name is printed once."
                ),
                _once_cite(rules),
            )
        for dropped in entries:
            if dropped is not kept[-1]:
                ballot.left_off.append(
                    Left(
                        office.id,
                        f"{dropped.name} (petition {dropped.petition})",
                        f"designated again: printed once, with petition {kept[-1].petition}",
                        rules.first_filed.cite if _grouped(office) else _once_cite(rules),
                    )
                )
    return kept


def _once_cite(rules: BallotLaw) -> str:
    return rules.but_once.cite if rules.but_once is not None else rules.lot.cite


def _first_filed(
    office: Office, entries: list[Candidate], contest: Contest, rules: BallotLaw
) -> Candidate:
    times = [c.filed for c in entries]
    if any(t is None for t in times) or len(set(times)) < len(times):
        raise UsageError(
            f"office '{office.id}': {entries[0].name} is designated by petitions "
            + ", ".join(c.petition for c in entries)
            + "; the name is printed with the petition first filed (§ 6-147(1)), so each needs "
            "a distinct 'filed' time"
        )
    first = min(entries, key=lambda c: c.filed or dt.datetime.min)
    contest.say(
        f"{first.name} is designated by petitions {', '.join(c.petition for c in entries)}: "
        f"printed once, with petition {first.petition}, the first filed. "
        f'"{rules.first_filed.words}"',
        rules.first_filed.cite,
    )
    return first


def _grouped(office: Office) -> bool:
    return office.seats > 1 and office.kind != "public-office"


def _ordered(
    entry: Printed, linked: list[Printed], data: BallotInput, rules: BallotLaw, seed: str | None
) -> list[Item]:
    office, contest = entry.office, entry.contest
    # A vacancy filled late: ordered as the original candidate, then put in that place.
    everyone = {c.id: c for p in linked for c in p.office.candidates}
    substitutes = {c.replaces: c for p in linked for c in p.shown if c.replaces}
    together = [
        everyone[c.replaces] if c.replaces else c
        for p in linked
        for c in p.shown
        if c.court_order != "added-late"
    ]
    late = [c for c in entry.shown if c.court_order == "added-late"]
    removed = {c.id: c.name for c in entry.shown if c.court_order == "removed-late"}
    grouped = _grouped(office) or len(linked) > 1
    items = items_of(together, grouped)
    if len(linked) > 1:
        contest.say(
            "Delegates and alternates to one convention designated by one petition are one "
            f"group: offices {', '.join(p.office.id for p in linked)} are ordered together. "
            f'"{rules.quote(pid.CONVENTION_GROUP).words}"',
            rules.quote(pid.CONVENTION_GROUP).cite,
        )
    _say_groups(only_office(items, office.id), rules, contest)
    order = _drawn(items, entry, linked, data, rules, seed)
    order = only_office(_substituted(order, substitutes, rules, contest), office.id)
    late_items = items_of(late, _grouped(office))
    if late_items or removed:
        order = court_orders(order, late_items, removed, contest, _late_cite(rules, data, contest))
    return order


def _drawn(
    items: list[Item],
    entry: Printed,
    linked: list[Printed],
    data: BallotInput,
    rules: BallotLaw,
    seed: str | None,
) -> list[Item]:
    """The order the law gives the contest's items: the board's, the city's or by lot."""
    office, contest = entry.office, entry.contest
    grouped = _grouped(office) or len(linked) > 1
    key = office.convention if len(linked) > 1 and office.convention else office.id
    if rules.board_order:
        contest.say(
            "This law leaves the order to the officer or board (its § 7-116(1) speaks of each "
            "public office; § 7-116(3) to (6) are repealed, with nothing in their place for "
            "party positions). Drawn by lot here from the published seed, one method open to "
            f'the board. "{rules.quote(pid.BOARD_ORDER).words}"',
            rules.quote(pid.BOARD_ORDER).cite,
        )
        return by_lot(
            items,
            need_seed(seed, office.id),
            contest,
            groups_below=False,
            rules=rules,
            key=key,
            announce=False,
        )
    if data.new_york_city and not rules.new_york_city:
        raise OutOfCoverageError(f"office '{office.id}' in New York City: {rules.missing}")
    if data.new_york_city and office.numbered:
        return numbered(items, contest, office.id, rules)
    if data.new_york_city and office.kind == "county-committee":
        return county_committee(items, data.district_index, contest, seed, rules)
    if data.new_york_city:
        if len(linked) > 1:
            contest.say(
                f'"{rules.quote(pid.NYC_CONVENTION_GROUP).words}"',
                rules.quote(pid.NYC_CONVENTION_GROUP).cite,
            )
        return nyc_alphabetical(items, data.district_index, contest, rules)
    return by_lot(
        items, need_seed(seed, office.id), contest, groups_below=grouped, key=key, rules=rules
    )


def _substituted(
    order: list[Item], substitutes: dict[str, Candidate], rules: BallotLaw, contest: Contest
) -> list[Item]:
    """§ 7-116(4): each substitute printed in the place determined for the original."""
    if not substitutes:
        return order
    if rules.vacancy is None:
        raise OutOfCoverageError(
            "'replaces': this law has no words placing a vacancy filled after the order was "
            "determined"
        )
    for original, substitute in substitutes.items():
        if any(m.id == original for i in order for m in i.members):
            contest.say(
                f"{substitute.name} fills the vacancy of '{original}': printed in that place. "
                f'"{rules.vacancy.words}"',
                rules.vacancy.cite,
            )
    return [Item(i.key, tuple(substitutes.get(m.id, m) for m in i.members)) for i in order]


def _late_cite(rules: BallotLaw, data: BallotInput, contest: Contest) -> str:
    """The words for a late court order, and the reading taken where none apply."""
    if rules.board_order:
        contest.say(
            "Reading: § 7-116(6) would be repealed; the board places names added or removed "
            "late as the old words did, at the bottom or without moving the others.",
            rules.quote(pid.BOARD_ORDER).cite,
        )
        return rules.quote(pid.BOARD_ORDER).cite
    contest.say(f'"{rules.quote(pid.COURT_ORDER).words}"', rules.quote(pid.COURT_ORDER).cite)
    if not data.new_york_city:
        contest.say(
            "Reading: § 7-116(6) speaks of the city of New York; no other rule places a late "
            "name, so the same bottom placement is used.",
            rules.quote(pid.COURT_ORDER).cite,
        )
    return rules.quote(pid.COURT_ORDER).cite


def _say_groups(items: list[Item], rules: BallotLaw, contest: Contest) -> None:
    for item in items:
        if not item.is_group:
            continue
        names = ", ".join(c.name for c in item.members)
        if rules.board_order:
            contest.say(
                f"Petition {item.key}: {names} kept together in petition order (the board's "
                "choice: § 7-116(3), which required it, would be repealed).",
                rules.quote(pid.BOARD_ORDER).cite,
            )
        else:
            contest.say(
                f"Petition {item.key}: {names} kept together in petition order. "
                f'"{rules.quote(pid.WITHIN_GROUP).words}"',
                rules.quote(pid.WITHIN_GROUP).cite,
            )
