"""The official ballot as § 7-106 describes it, and the proof a board checks before printing.

- ``official_html``: one page per ballot. The stub at the top carries "No. N" (§ 7-106(4)),
  parted from the ballot by a line of perforations; the endorsement (§ 7-106(5): the kind of
  election, county, district, ward where given, election district, the date, the
  commissioners' names; § 7-114(2)(a): the party); then the contests and candidates in the
  law's order, each name with one designating number. Nothing else is on the face: the law,
  the seed, the digest and the reasons are the proof's. A what-if ballot says so across its top,
  since no board prints one.
- ``proof_html``: the law and how it was chosen, the seed, the input digest, each contest's
  drawing steps with their citations, the readings taken, what is left off, the unverified
  words.

Both are laid out for US letter or legal paper (``templates/_page.html``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from nyballot.ballot.model import Ballot
from nyballot.ballot.render import law_line, page, shown_cite
from nyballot.errors import UsageError

PAPERS = ("letter", "legal")
ENDORSED = ("county", "district", "election_district", "commissioners")


def missing_endorsement(ballot: Ballot) -> list[str]:
    """The keys of the ballot file the endorsement of § 7-106(5) needs and does not have."""
    gaps = [key for key in ENDORSED if not ballot.endorsement.get(key)]
    return gaps + ([] if ballot.date else ["date"])


def _check(ballot: Ballot) -> None:
    if not ballot.printed:
        raise UsageError(
            "the official ballot: no ballot is printed for this party (nothing contested)"
        )
    gaps = missing_endorsement(ballot)
    if gaps:
        raise UsageError(
            "the official ballot: its endorsement (§ 7-106(5)) needs "
            + ", ".join(f"'{g}'" for g in gaps)
            + " in the ballot file"
        )


def _paper(paper: str) -> str:
    if paper not in PAPERS:
        raise UsageError(f"paper {paper[:20]!r}: one of {', '.join(PAPERS)}")
    return paper


def official_html(ballot: Ballot, numbers: Iterable[int], paper: str = "letter") -> str:
    """Numbered official ballots, one a page: the stub, the endorsement, the contests."""
    _paper(paper)
    _check(ballot)
    day = dt.date.fromisoformat(ballot.date)
    firsts, number = [], 1
    for contest in ballot.contests:  # one designating number a line, counted across contests
        firsts.append((contest, number))
        number += len(contest.lines)
    return page(
        "official.html", b=ballot, e=ballot.endorsement, paper=paper, numbers=numbers,
        day=f"{day:%B} {day.day}, {day.year}", contests=firsts,
    )  # fmt: skip


def proof_html(ballot: Ballot, paper: str = "letter") -> str:
    """What a board checks and the voter never sees: the law, the seed, every step."""
    left = [f"{x.office}: {x.who}: {x.reason} [{shown_cite(x.cite)}]" for x in ballot.left_off]
    lists = [
        ("Not on the ballot", left),
        ("Readings and notes", ballot.notes),
        ("Unverified words", ballot.unverified),
    ]
    return page("proof.html", b=ballot, paper=_paper(paper), law_line=law_line(ballot), lists=lists)
