"""The order of contests on the face of the ballot (§ 7-114(1)(a)): the file's order never decides.

Public offices (and the presidential contest) come first, then party positions, as the words of
provision ``ballot.contest_order`` say. Within a part the words set no order; the reading the
provision records places the offices from the widest electorate to the narrowest (its
``setting`` lists the levels, widest first; the ballot file gives each office its ``level``),
then by title in the Unicode Collation Algorithm's order, then by id, so that two files listing
the same offices in another order print the same ballot.
"""

from __future__ import annotations

from nyballot.ballot import rules as pid
from nyballot.ballot.model import Ballot, BallotInput, Contest
from nyballot.ballot.names import collation_key
from nyballot.ballot.rules import BallotLaw
from nyballot.errors import UsageError

PUBLIC = ("public-office", "president")


def contest_order(
    contests: list[Contest], data: BallotInput, rules: BallotLaw, ballot: Ballot
) -> list[Contest]:
    """The contests in the law's order, and the reason said once on the ballot."""
    levels = {o.id: o.level for o in data.offices}
    for office in data.offices:
        if office.level and rules.levels and office.level not in rules.levels:
            raise UsageError(
                f"office '{office.id}': level '{office.level[:40]}' is not one of "
                + ", ".join(rules.levels)
            )
    rank = {level: n for n, level in enumerate(rules.levels)}

    def key(c: Contest) -> tuple[int, int, tuple[int, ...], str]:
        level = rank.get(levels.get(c.office, ""), len(rank))
        return (0 if c.kind in PUBLIC else 1, level, collation_key(c.title), c.office)

    ordered = sorted(contests, key=key)
    if rules.gives(pid.CONTEST_ORDER) and len(ordered) > 1:
        words = rules.quote(pid.CONTEST_ORDER)
        ballot.notes.append(
            f'Contests: public offices first, then party positions. "{words.words}" '
            f"[§ {words.cite}] Reading: within each part, the widest electorate first "
            f"({', '.join(rules.levels)}), then by title; an office with no level last."
        )
    elif len(ordered) > 1:
        ballot.notes.append(
            "Contests: no words of this law order them (§ 7-114 is not part of it); printed as "
            "the words of § 7-114(1)(a) did, public offices first, then party positions, the "
            "widest electorate first."
        )
    return ordered
