"""The presidential primary ballot of § 2-122-a (S.5961): one row per presidential candidate (and
UNCOMMITTED where a valid petition was filed), the pledged delegates and then alternates beneath.

- A petition naming more than one delegate or alternate is void unless all are pledged to the
  same presidential candidate, or all uncommitted (§ 2-122-a(6)(e)): none of its names appear.
- Delegates pledged to someone not on the ballot are void (§ 2-122-a(6)(g)).
- Within a row, delegates and alternates designated by one petition are one group, drawn by lot
  in the same drawing as individuals (§ 2-122-a(8)(c)): one drawing per row, whose order the
  delegates and the alternates both follow. Rows are not rotated in the city.
"""

from __future__ import annotations

from nyballot.ballot import rules as pid
from nyballot.ballot.model import (
    UNCOMMITTED,
    Ballot,
    BallotInput,
    Candidate,
    Contest,
    Left,
    Line,
    Office,
)
from nyballot.ballot.order import Item, by_lot, items_of, need_seed, only_office
from nyballot.ballot.rules import BallotLaw
from nyballot.ballot.shown import appearing, lines_of
from nyballot.errors import UsageError

LABELS = (("delegate", "Delegate"), ("alternate-delegate", "Alternate"))


def presidential(
    office: Office, data: BallotInput, rules: BallotLaw, seed: str | None, ballot: Ballot
) -> None:
    """Add the presidential contest (or why it is left off) to ``ballot``."""
    contest = Contest(office.id, office.title, office.kind, office.seats)
    shown, _ = appearing(office, rules, ballot)
    rows = [Item(c.id, (c,)) for c in shown]
    if office.uncommitted_petition:
        word = Candidate(UNCOMMITTED, "UNCOMMITTED", "UNCOMMITTED", "designated", UNCOMMITTED, -1)
        rows.append(Item(UNCOMMITTED, (word,)))
        contest.say(
            f'"UNCOMMITTED" is listed. "{rules.quote(pid.UNCOMMITTED).words}"',
            rules.quote(pid.UNCOMMITTED).cite,
        )
    contest.say(
        f'No rotation by election district. "{rules.quote(pid.NO_ROTATION).words}"',
        rules.quote(pid.NO_ROTATION).cite,
    )
    pledged = _pledged(data, rules, ballot, {r.key for r in rows})
    kinds = {o.id: o.kind for o in data.offices}
    if len(rows) <= 1 and not pledged:
        words = f': "{rules.uncontested.words}"' if rules.uncontested else ""
        cite = rules.uncontested.cite if rules.uncontested else rules.quote(pid.PRESIDENTIAL).cite
        ballot.left_off.append(Left(office.id, office.title, f"uncontested{words}", cite))
        return
    order = by_lot(rows, need_seed(seed, office.id), contest, groups_below=False, rules=rules)
    contest.say(
        f'Delegates, then alternates, under each name. "{rules.quote(pid.DELEGATES_UNDER).words}"',
        rules.quote(pid.DELEGATES_UNDER).cite,
    )
    for row in order:
        contest.lines.append(_row(row, pledged.get(row.key, []), rules, seed, contest, kinds))
    ballot.contests.append(contest)


def _pledged(
    data: BallotInput, rules: BallotLaw, ballot: Ballot, rows: set[str]
) -> dict[str, list[Candidate]]:
    """Delegates and alternates who appear, by the row they are pledged to."""
    legends: dict[str, set[str]] = {}
    for other in data.offices:
        for c in other.candidates if other.kind in ("delegate", "alternate-delegate") else ():
            if c.pledged_to is None:
                raise UsageError(
                    f"office '{other.id}': {c.name} needs 'pledged_to' (a presidential "
                    f'candidate\'s id or "{UNCOMMITTED}")'
                )
            legends.setdefault(c.petition, set()).add(c.pledged_to)
    pledged: dict[str, list[Candidate]] = {}
    for other in data.offices:
        if other.kind not in ("delegate", "alternate-delegate"):
            continue
        delegates, _ = appearing(other, rules, ballot)
        for c in delegates:
            void = _void(c, legends[c.petition], rows, rules)
            if void is not None:
                ballot.left_off.append(Left(other.id, c.name, void[0], void[1]))
                continue
            pledged.setdefault(str(c.pledged_to), []).append(c)
    return pledged


def _void(
    c: Candidate, legends: set[str], rows: set[str], rules: BallotLaw
) -> tuple[str, str] | None:
    if len(legends) > 1:
        return (
            f"petition {c.petition} names candidates pledged to "
            + ", ".join(f"'{p}'" for p in sorted(legends))
            + f': "{rules.quote(pid.MIXED_PLEDGE).words}"',
            rules.quote(pid.MIXED_PLEDGE).cite,
        )
    if c.pledged_to not in rows:
        void = rules.quote(pid.VOID_PLEDGE)
        return f"pledged to '{c.pledged_to}', who is not on the ballot: \"{void.words}\"", void.cite
    return None


def _row(
    row: Item,
    members: list[Candidate],
    rules: BallotLaw,
    seed: str | None,
    contest: Contest,
    kinds: dict[str, str],
) -> Line:
    head = row.first
    if head.id == UNCOMMITTED:
        line = Line(head.id, head.name, head.name)
    else:
        line = lines_of([row], rules, contest)[0]
    if not members:
        return line
    key = f"delegates:{row.key}"
    sub = Contest(key, "", "delegate", 0)
    drawn = by_lot(items_of(members, grouped=True), need_seed(seed, contest.office), sub,
                   groups_below=False, rules=rules)  # fmt: skip
    groups = rules.quote(pid.DELEGATE_GROUPS)
    contest.say(
        f"Delegates and alternates pledged to {head.name}: petitions and individuals in one "
        f'drawing, a petition\'s delegates and alternates one group. "{groups.words}"',
        groups.cite,
    )
    contest.steps += [s for s in sub.steps if s.cite == rules.lot.cite and "Drawn" in s.text]
    offices = sorted({(c.office_index, c.office) for c in members})
    for kind, label in LABELS:
        for oid in (o for _, o in offices if kinds[o] == kind):
            for child in lines_of(only_office(drawn, oid), rules, contest, sex=True):
                child.label = label
                line.children.append(child)
    contest.say_once(
        f'(M)/(F) after delegate names. "{rules.quote(pid.SEX_LETTER).words}"',
        rules.quote(pid.SEX_LETTER).cite,
    )
    return line
