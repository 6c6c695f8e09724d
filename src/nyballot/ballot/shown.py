"""Who of an office's candidates appears, and their names as printed."""

from __future__ import annotations

from nyballot.ballot import rules as pid
from nyballot.ballot.model import ON_BALLOT, Ballot, Candidate, Contest, Left, Line, Office
from nyballot.ballot.names import printed_name, with_sex
from nyballot.ballot.order import Item
from nyballot.ballot.rules import BallotLaw
from nyballot.errors import UsageError


def appearing(office: Office, rules: BallotLaw, ballot: Ballot) -> tuple[list[Candidate], bool]:
    """Candidates who appear, and whether one is named by a sole notice of intent."""
    notices = sorted({c.who for c in office.candidates if c.notice_of_intent})
    sole = rules.sole_notice and len(notices) == 1 and office.kind != "president"
    shown: list[Candidate] = []
    for c in office.candidates:
        if sole and c.who == notices[0] and c.status in ("none", *ON_BALLOT):
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
        if rules.notice_required and not c.notice_of_intent and office.kind != "president":
            ballot.left_off.append(
                Left(
                    office.id,
                    c.name,
                    "no notice of intent filed",
                    rules.quote(pid.NOTICE_REQUIRED).cite,
                )
            )
            continue
        shown.append(c)
    if not rules.sole_notice and notices:
        note = (
            "Notices of intent to circulate a petition: no provision of this law gives them "
            f"effect ({pid.SOLE_FILER}); ignored."
        )
        if note not in ballot.notes:
            ballot.notes.append(note)
    return shown, sole and bool(shown) and shown[0].who == notices[0]


def lines_of(
    order: list[Item], rules: BallotLaw, contest: Contest, sex: bool = False
) -> list[Line]:
    """The printed lines: capitals, long names shortened, (M)/(F) for delegates."""
    lines: list[Line] = []
    for item in order:
        for c in item.members:
            printed, why = printed_name(c, rules.limit, rules.short_name, rules.short_name_board)
            for text, cite in why:
                contest.say(text, cite)
            if sex:
                if c.sex is None:
                    raise UsageError(
                        f"office '{c.office}': {c.name} needs 'sex' (\"M\" or \"F\"): "
                        f"§ {rules.quote(pid.SEX_LETTER).cite} prints (M) or (F) after each "
                        "delegate's name"
                    )
                printed = with_sex(printed, c)
            filed = c.filed.date().isoformat() if c.filed else ""
            lines.append(
                Line(c.id, c.name, printed, c.petition, filed=filed, parties=list(c.parties))
            )
    if lines and rules.capitals is not None:
        contest.say_once(f'Names in capitals. "{rules.capitals.words}"', rules.capitals.cite)
    return lines
