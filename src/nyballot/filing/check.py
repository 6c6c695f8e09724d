"""Would this paper be on time? The desk's own judgment of a paper (``paper_of`` and
``timeliness.decide``, the calls a filing goes through), for a paper not filed: a kind, a
board, a method and an instant, with the verdict, the words of the law behind it and the
clocks it would start. Nothing is recorded: no database is opened.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any

from nyballot.errors import UsageError
from nyballot.filing.clocks import clocks_of
from nyballot.filing.model import KINDS, FilingKind, filing_kind, local
from nyballot.filing.records import clock_dict, decision_dict
from nyballot.filing.submission import Submission, paper_of
from nyballot.filing.timeliness import decide

ASKING = "the candidate asking"


def would_be(s: Submission, at: dt.datetime) -> dict[str, Any]:
    """The verdict for ``s`` received at ``at``, its derivation and the clocks it starts."""
    kind = filing_kind(s.kind)
    if KINDS[kind].rule is None:
        answer = (
            "the paper it answers"
            if kind in (FilingKind.OBJECTION, FilingKind.SPECIFICATIONS)
            else "no time limit of its own"
        )
        raise UsageError(
            f"paper '{kind.value}': its time is counted from {answer}; file it at the desk "
            "to have it judged",
            fields=("paper",),
        )
    if not s.candidates:  # the name does not change the time; a paper filed must give it
        s = dataclasses.replace(s, candidates=[{"name": ASKING, "residence": ""}])
    paper, what_if, cal = paper_of(s, at)
    decision = decide(paper, cal)
    judged = decision_dict(decision)
    record = {
        "uid": "", "kind": paper.kind.value, "year": paper.year, "law": cal.law,
        "what_if": list(what_if), "verdict": decision.verdict.value, "refers_to": None,
        "filed_on": judged["filed_on"], "decision": judged, "outcome": None,
    }  # fmt: skip
    return {
        "paper": paper.kind.value,
        "title": KINDS[paper.kind].title,
        "board": paper.board.id,
        "method": paper.method.value,
        "at": local(at).isoformat(timespec="seconds"),
        "year": paper.year,
        "law": cal.law,
        "what_if": list(what_if),
        **judged,
        "clocks": [clock_dict(c) | {"filing": None} for c in clocks_of([record])],
        "recorded": False,
    }
