"""Governor and lieutenant governor designated jointly: one row, governor first, drawn once.

The ballot file says an office was designated jointly with another by the office's ``joint``
key (the governor's office names the lieutenant governor's), and pairs each candidate with the
running mate by the candidate's ``joint`` key (on either side). ``model.parse_ballot`` checks
the pairing. Under a law whose provision ``ballot.joint_designation`` (§ 7-114(1)(d)) gives
words, the pair is one contest whose items are the governor's candidates, each line carrying
its running mate; the lot draws the pair once. Under a law without it the two offices stay
two contests, each drawn by its own lot, and the ballot says which words it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from nyballot.ballot import rules as pid
from nyballot.ballot.model import Ballot, BallotInput, Candidate, Contest, Left, Line, Office
from nyballot.ballot.order import Item
from nyballot.ballot.rules import BallotLaw


@dataclass
class Slates:
    """The joint designations of one ballot, as the law in force prints them."""

    offices: dict[str, Office] = field(default_factory=dict)  # governor office id -> its mate's
    mates: dict[str, Candidate] = field(default_factory=dict)  # governor candidate -> mate

    @property
    def running_mates(self) -> set[str]:
        return {o.id for o in self.offices.values()}

    def office(self, office: Office) -> Office:
        """The office as printed: a joint one titled for both offices."""
        mate = self.offices.get(office.id)
        if mate is None:
            return office
        return replace(office, title=f"{office.title} and {mate.title}")

    def left_off_with(self, office: Office, entry: object, ballot: Ballot) -> None:
        """A joint office left off takes its running mates' office with it."""
        mate = self.offices.get(office.id)
        if mate is not None and entry is None:
            ballot.left_off.append(
                Left(
                    mate.id,
                    mate.title,
                    f"designated jointly with {office.title}: left off with it",
                    "7-114(1)(d)",
                )
            )

    def attach(self, contest: Contest, order: list[Item], rules: BallotLaw) -> None:
        """Each governor's line carries the running mate, in the same row."""
        mate_office = self.offices.get(contest.office)
        if mate_office is None:
            return
        from nyballot.ballot.shown import lines_of  # shown imports order, as this module does

        for line in contest.lines:
            mate = self.mates[line.id]
            child: Line = lines_of([Item(mate.who, (mate,))], rules, contest)[0]
            child.label = mate_office.title
            line.children.append(child)
        words = rules.words[pid.JOINT]
        contest.say(
            f"{contest.title}: designated jointly, printed in one row, the candidate for "
            f"{contest.title.split(' and ')[0]} first, with one number, and drawn once. "
            + " ".join(f'"{q.words}"' for q in words),
            words[0].cite,
        )


def joint_slates(data: BallotInput, rules: BallotLaw, ballot: Ballot) -> Slates:
    """The joint designations the law prints together (none under a law without the words)."""
    slates = Slates()
    by_id = {o.id: o for o in data.offices}
    for office in data.offices:
        if not office.joint:
            continue
        mate = by_id[office.joint]
        if not rules.gives(pid.JOINT):
            lot = rules.lot
            ballot.notes.append(
                f"Offices '{office.id}' and '{mate.id}' were designated jointly; this law has no "
                "words printing them together (no § 7-114(1)(d)), so they are two contests, each "
                f'ordered by its own lot: "{lot.words}" [§ {lot.cite}]'
            )
            continue
        slates.offices[office.id] = mate
        mates = {c.id: c for c in mate.candidates}
        for c in office.candidates:
            partner = c.joint or next((m.id for m in mate.candidates if m.joint == c.id), "")
            if partner:
                slates.mates[c.id] = mates[partner]
    return slates
