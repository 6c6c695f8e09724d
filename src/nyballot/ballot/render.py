"""A ballot as plain text, as JSON, and as a simple printable HTML page (``templates/``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from nyballot.ballot.model import Ballot, Contest

_PAGES = Environment(
    loader=PackageLoader("nyballot.ballot", "templates"),
    autoescape=select_autoescape(["html"]),
)


def ballot_dict(ballot: Ballot) -> dict[str, Any]:
    data = asdict(ballot)
    for contest in data["contests"]:
        for step in contest["steps"]:
            step["cite"] = f"§ {step['cite']}" if step["cite"][:1].isdigit() else step["cite"]
    for left in data["left_off"]:
        left["cite"] = f"§ {left['cite']}" if left["cite"][:1].isdigit() else left["cite"]
    return data


def _vote_for(c: Contest) -> str:
    return f"vote for {'not more than ' if c.seats > 1 else ''}{c.seats}"


def shown_cite(cite: str) -> str:
    return f"§ {cite}" if cite[:1].isdigit() else cite


WHAT_IF = "WHAT-IF: read under a bill that was never enacted; not a ballot any board prints."


def _heading(ballot: Ballot) -> str:
    if not ballot.printed:
        return f"NO PRIMARY BALLOT PRINTED - {ballot.party.upper()} PARTY"
    return f"OFFICIAL PRIMARY BALLOT - {ballot.party.upper()} PARTY"


def law_line(ballot: Ballot) -> str:
    """Which law the ballot is read under, and how it was chosen: every output's first line."""
    mark = "WHAT-IF " if ballot.what_if else ""
    return f"{mark}Law: {ballot.law} ({ballot.law_title}); {ballot.law_chosen}"


def render_text(ballot: Ballot, *, steps: bool = True) -> str:
    out = [law_line(ballot), _heading(ballot), ballot.place]
    if ballot.what_if:
        out.append(WHAT_IF)
    if ballot.seed:
        out.append(f"Drawing seed: {ballot.seed!r}")
    out.append(f"Input digest: sha256 {ballot.input_digest}")
    out.append("")
    for contest in ballot.contests:
        out.append(f"{contest.title} ({_vote_for(contest)})")
        for n, line in enumerate(contest.lines, start=1):
            out.append(f"  {n}. {line.printed}")
            for child in line.children:
                out.append(f"       {child.label}: {child.printed}")
        if contest.write_in:
            out.append("  [write-in] ______________________")
        if steps:
            out.append("  Why this order:")
            for i, step in enumerate(contest.steps, start=1):
                cite = f"   [{shown_cite(step.cite)}]" if step.cite else ""
                out.append(f"    {i}. {step.text}{cite}")
        out.append("")
    if ballot.left_off:
        out.append("Not on the ballot:")
        for left in ballot.left_off:
            out.append(f"  - {left.office}: {left.who}: {left.reason}   [{shown_cite(left.cite)}]")
        out.append("")
    for note in ballot.notes:
        out.append(f"Note: {note}")
    for note in ballot.unverified:
        out.append(f"Unverified: {note}")
    return "\n".join(out).rstrip("\n") + "\n"


def render_html(ballot: Ballot) -> str:
    """A one-file page: contests boxed, ovals to fill, the reasoning in a smaller print below."""
    notes = [*ballot.notes, *(f"Unverified: {n}" for n in ballot.unverified)]
    return page("ballot.html", b=ballot, notes=notes)


def page(template: str, **values: Any) -> str:
    """One of the ballot's page templates, filled in (every value escaped)."""
    return _PAGES.get_template(template).render(what_if=WHAT_IF, **values) + "\n"
