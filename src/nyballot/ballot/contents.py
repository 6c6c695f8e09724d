"""Who appears on a primary ballot, in what order, under which law.

Under the law before 2019 (quoted from the bills' old-law readings):

- a candidate appears whose designation survived (status "designated" or "nominated");
- an office with no more candidates than seats is left off (§ 7-114(1)(d)); reading: an office
  for which a valid opportunity-to-ballot petition was filed appears, with a write-in space,
  since the same paragraph prints a ballot in that case;
- outside New York City the order is drawn by lot (§ 7-116(3)); in the city, names are
  alphabetical in the first election district and rotated by district (§ 7-116(6)), county
  committee by priority of filing; late court orders put an added name at the bottom.

With A.9725 the single filer of a notice of intent for a position is named without a petition
(§ 6-117(3)) and the office appears although uncontested (the amended § 7-114(1)(d) prints a
ballot where a notice was filed); any other designation needs a notice (§ 6-118 as amended).
With S.5305-A public offices leave the primary (nominations by petition, § 6-110 as amended),
§ 7-114 is repealed, the board fixes the order (drawn here by lot, one method the bill allows),
§ 7-116(3)-(6) are gone, and long names are shortened. With S.5961 the presidential contest
is printed in rows: each candidate (and UNCOMMITTED where a valid petition was filed) with the
delegates and then the alternates pledged to them, (M) or (F) after each delegate's name.
"""

from __future__ import annotations

from nyballot.ballot import law
from nyballot.ballot.model import (
    ON_BALLOT,
    Ballot,
    BallotInput,
    Candidate,
    Contest,
    Left,
    Line,
    Office,
)
from nyballot.ballot.names import printed_name, with_sex
from nyballot.ballot.order import (
    Item,
    by_lot,
    county_committee,
    court_orders,
    items_of,
    need_seed,
    numbered,
    nyc_alphabetical,
)
from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.choice import LawChoice

PRESIDENTIAL = ("president", "delegate", "alternate-delegate")
UNCOMMITTED = "uncommitted"


def build_ballot(data: BallotInput, choice: LawChoice, seed: str | None = None) -> Ballot:
    """The ballot of one election district under ``choice``."""
    if choice.law != "pre-2019":
        raise OutOfCoverageError(
            "ballots under the current law: §§ 7-104, 7-106, 7-114 and 7-116 are shipped only "
            "as they read before 2019 (the bills' old-law readings); use --law pre-2019"
        )
    seed = seed or data.seed
    ballot = Ballot(
        party=data.party,
        place=data.place,
        law=choice.label,
        law_title=choice.title,
        seed=seed,
        district_index=data.district_index,
    )
    kinds = {o.kind for o in data.offices}
    if kinds & set(PRESIDENTIAL) and not choice.has("S5961"):
        raise UsageError(
            "offices of kind president/delegate/alternate-delegate are modelled only under "
            "§ 2-122-a of S.5961; add --with S5961"
        )
    if choice.has("S5305A"):
        ballot.notes.append(
            f'{law.REPEAL_7_114.cite}: "{law.REPEAL_7_114.words}" Uncontested offices are '
            "not left off by that section."
        )
    for office in data.offices:
        if office.kind in ("delegate", "alternate-delegate"):
            continue
        if office.kind == "president":
            _presidential(office, data, choice, seed, ballot)
        else:
            _ordinary(office, data, choice, seed, ballot)
    return ballot


def _appearing(office: Office, choice: LawChoice, ballot: Ballot) -> tuple[list[Candidate], bool]:
    """Candidates who appear, and whether one is named by a sole notice of intent."""
    notices = [c for c in office.candidates if c.notice_of_intent]
    sole = choice.has("A9725") and len(notices) == 1 and office.kind != "president"
    shown: list[Candidate] = []
    for c in office.candidates:
        if sole and c is notices[0]:
            shown.append(c)
            continue
        if c.status not in ON_BALLOT:
            reason, cite = {
                "invalid": ("designating petition found invalid", "6-154"),
                "declined": ("declined the designation", "6-146"),
                "none": ("no designating petition", "6-118"),
            }[c.status]
            ballot.left_off.append(Left(office.id, c.name, reason, cite))
            continue
        if choice.has("A9725") and not c.notice_of_intent and office.kind != "president":
            ballot.left_off.append(
                Left(office.id, c.name, "no notice of intent filed", law.NOTICE_REQUIRED.cite)
            )
            continue
        shown.append(c)
    if not choice.has("A9725") and notices:
        note = "Notices of intent to circulate a petition have effect only under A.9725; ignored."
        if note not in ballot.notes:
            ballot.notes.append(note)
    return shown, sole


def _ordinary(
    office: Office, data: BallotInput, choice: LawChoice, seed: str | None, ballot: Ballot
) -> None:
    if choice.has("S5305A") and office.kind == "public-office":
        ballot.left_off.append(
            Left(
                office.id,
                office.title,
                "party nominations for public office are made by nominating petition, not at "
                "the primary",
                law.NOMINATION_BY_PETITION.cite,
            )
        )
        return
    shown, sole = _appearing(office, choice, ballot)
    contest = Contest(office.id, office.title, office.kind, office.seats)
    if sole:
        contest.say(
            f"{shown[0].name} is the only person who filed a notice of intent: named on the "
            f'ballot without a petition. "{law.SOLE_NOTICE.words}"',
            law.SOLE_NOTICE.cite,
        )
    if not choice.has("S5305A") and len(shown) <= office.seats:
        if sole:
            contest.say(
                "Uncontested, but printed: a notice of intent was filed. Reading: § 6-117(3) "
                "names the filer on the ballot and the amended § 7-114(1)(d) prints a ballot "
                f'where a notice was filed. "{law.UNCONTESTED_NOTICE.words}"',
                law.UNCONTESTED_NOTICE.cite,
            )
        elif office.opportunity_to_ballot:
            contest.write_in = True
            contest.say(
                "Uncontested, but a valid opportunity-to-ballot petition was filed: printed "
                f'with a write-in space. "{law.UNCONTESTED_OTB.words}"',
                law.UNCONTESTED_OTB.cite,
            )
        else:
            ballot.left_off.append(
                Left(
                    office.id,
                    office.title,
                    f"uncontested ({len(shown)} candidate(s) for {office.seats} seat(s)): "
                    f'"{law.UNCONTESTED.words}"',
                    law.UNCONTESTED.cite,
                )
            )
            return
    elif office.opportunity_to_ballot:
        contest.write_in = True
    contest.lines = _lines(_ordered(office, shown, data, choice, seed, contest), choice, contest)
    ballot.contests.append(contest)


def _ordered(
    office: Office,
    shown: list[Candidate],
    data: BallotInput,
    choice: LawChoice,
    seed: str | None,
    contest: Contest,
) -> list[Item]:
    late = [c for c in shown if c.court_order == "added-late"]
    removed = {c.id: c.name for c in shown if c.court_order == "removed-late"}
    regular = [c for c in shown if c.court_order != "added-late"]
    grouped = office.seats > 1 and office.kind != "public-office"
    items = items_of(regular, grouped)
    for item in items:
        if item.is_group and choice.has("S5305A"):
            contest.say(
                f"Petition {item.key}: {', '.join(c.name for c in item.members)} kept together "
                "in petition order (the board's choice: § 7-116(3), which required it, would be "
                "repealed).",
                law.BOARD_ORDER.cite,
            )
        elif item.is_group:
            contest.say(
                f"Petition {item.key}: {', '.join(c.name for c in item.members)} kept together "
                f'in petition order. "{law.WITHIN_GROUP.words}"',
                law.WITHIN_GROUP.cite,
            )
    if choice.has("S5305A"):
        contest.say(
            "S.5305-A leaves the order to the officer or board (its § 7-116(1) speaks of each "
            "public office; § 7-116(3) to (6) are repealed, with nothing in their place for "
            "party positions). Drawn by lot here from the published seed, one method open to "
            f'the board. "{law.BOARD_ORDER.words}"',
            law.BOARD_ORDER.cite,
        )
        order = by_lot(
            items,
            need_seed(seed, office.id),
            contest,
            groups_below=False,
            cite=law.BOARD_ORDER.cite,
        )
    elif data.new_york_city and office.numbered:
        order = numbered(items, contest, office.id)
    elif data.new_york_city and office.kind == "county-committee":
        order = county_committee(items, data.district_index, contest)
    elif data.new_york_city:
        order = nyc_alphabetical(items, data.district_index, contest)
    else:
        order = by_lot(items, need_seed(seed, office.id), contest, groups_below=grouped)
    late_items = items_of(late, grouped)
    if late_items or removed:
        order = court_orders(order, late_items, removed, contest)
        if not data.new_york_city:
            contest.say(
                "§ 7-116(6) speaks of the city of New York; no other rule places a late name, so "
                "the same bottom placement is used.",
                law.COURT_ORDER.cite,
            )
    return order


def _lines(order: list[Item], choice: LawChoice, contest: Contest, sex: bool = False) -> list[Line]:
    shorten = choice.has("S5305A")
    lines: list[Line] = []
    for item in order:
        for c in item.members:
            printed, why = printed_name(c, shorten)
            for text, cite in why:
                contest.say(text, cite)
            if sex:
                if c.sex is None:
                    raise UsageError(
                        f"office '{contest.office}': {c.name} needs 'sex' (\"M\" or \"F\"): "
                        f"§ {law.SEX_LETTER.cite} prints (M) or (F) after each delegate's name"
                    )
                printed = with_sex(printed, c)
            lines.append(Line(c.id, c.name, printed, petition=c.petition))
    if lines and not shorten:
        contest.say_once(f'Names in capitals. "{law.CAPITALS.words}"', law.CAPITALS.cite)
    return lines


def _presidential(
    office: Office, data: BallotInput, choice: LawChoice, seed: str | None, ballot: Ballot
) -> None:
    """§ 2-122-a(8): one row per presidential candidate (and UNCOMMITTED), delegates beneath."""
    contest = Contest(office.id, office.title, office.kind, office.seats)
    shown, _ = _appearing(office, choice, ballot)
    rows = [Item(c.id, (c,)) for c in shown]
    if office.uncommitted_petition:
        word = Candidate(UNCOMMITTED, "UNCOMMITTED", "UNCOMMITTED", "designated", UNCOMMITTED, -1)
        rows.append(Item(UNCOMMITTED, (word,)))
        contest.say(f'"UNCOMMITTED" is listed. "{law.UNCOMMITTED.words}"', law.UNCOMMITTED.cite)
    contest.say(
        f'No rotation by election district. "{law.NO_ROTATION.words}"', law.NO_ROTATION.cite
    )
    on_rows = {r.key for r in rows}
    pledged: dict[str, dict[str, list[Candidate]]] = {}
    for other in data.offices:
        if other.kind not in ("delegate", "alternate-delegate"):
            continue
        delegates, _ = _appearing(other, choice, ballot)
        for c in delegates:
            if c.pledged_to is None:
                raise UsageError(
                    f"office '{other.id}': {c.name} needs 'pledged_to' (a presidential "
                    f'candidate\'s id or "{UNCOMMITTED}")'
                )
            if c.pledged_to not in on_rows:
                ballot.left_off.append(
                    Left(
                        other.id,
                        c.name,
                        f"pledged to '{c.pledged_to}', who is not on the "
                        f'ballot: "{law.VOID_PLEDGE.words}"',
                        law.VOID_PLEDGE.cite,
                    )
                )
                continue
            pledged.setdefault(c.pledged_to, {}).setdefault(other.kind, []).append(c)
    if len(rows) <= 1 and not pledged:
        ballot.left_off.append(
            Left(
                office.id,
                office.title,
                f'uncontested: "{law.UNCONTESTED.words}"',
                law.UNCONTESTED.cite,
            )
        )
        return
    order = by_lot(rows, need_seed(seed, office.id), contest, groups_below=False)
    contest.say(
        f'Delegates, then alternates, under each name. "{law.DELEGATES_UNDER.words}"',
        law.DELEGATES_UNDER.cite,
    )
    for row in order:
        head = row.first
        line = Line(head.id, head.name, head.name.upper() if head.id == UNCOMMITTED else "")
        if head.id != UNCOMMITTED:
            line.printed = _lines([row], choice, contest)[0].printed
        for kind, label in (("delegate", "Delegate"), ("alternate-delegate", "Alternate")):
            members = pledged.get(row.key, {}).get(kind, [])
            if not members:
                continue
            sub = Contest(f"{kind}:{row.key}", "", kind, 0)
            items = items_of(members, grouped=True)
            contest.say(
                f"{label}s pledged to {head.name}: petitions and individuals in one drawing. "
                f'"{law.DELEGATE_GROUPS.words}"',
                law.DELEGATE_GROUPS.cite,
            )
            drawn = by_lot(items, need_seed(seed, sub.office), sub, groups_below=False)
            contest.steps += [s for s in sub.steps if s.cite == law.LOT.cite and "Drawn" in s.text]
            for child in _lines(drawn, choice, contest, sex=True):
                child.label = label
                line.children.append(child)
        ballot_line_note = f'(M)/(F) after delegate names. "{law.SEX_LETTER.words}"'
        if line.children and all(s.text != ballot_line_note for s in contest.steps):
            contest.say(ballot_line_note, law.SEX_LETTER.cite)
        contest.lines.append(line)
    ballot.contests.append(contest)
