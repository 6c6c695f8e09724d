"""The ruling on one signature line: each ground that defeats it, with its cite and words.

Pure functions over a line, the voter it matched (or None) and what the review knows: the
signing period, the sheet's witness, the voters already seen. ``reason`` builds the JSON of one
ground; every code's words are in ``law``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from nyballot.petitions.law import Ground, grounds_for, name_readings, readings
from nyballot.petitions.lines import Line, Witness, line_named
from nyballot.petitions.match import Match
from nyballot.petitions.period import Bound, Period


@dataclass(frozen=True)
class Rules:
    """What every line of one petition is judged by."""

    kind: str  # designating | independent
    party: str | None
    units: tuple[tuple[str, str], ...]
    period: Period
    grounds: Mapping[str, Ground] = field(default_factory=lambda: grounds_for("designating"))
    readings: Mapping[str, Ground] = field(default_factory=readings)
    reading: str = "presumed"  # of an ambiguous line: "presumed", "either" or "strict"
    name_readings: Mapping[str, Ground] = field(default_factory=name_readings)
    # Of a line under the voter's previous surname: "counts" or "strict".
    previous_name: str = "counts"


def reason(ground: Ground, detail: str) -> dict[str, Any]:
    found = {"code": ground.code, "cite": ground.cite, "words": ground.words, "detail": detail}
    if ground.unverified:
        found["text_unverified"] = ground.unverified
    return found


def _period_reason(bound: Bound, detail: str) -> dict[str, Any]:
    found = {
        "code": "date_outside_period",
        "cite": bound.cite,
        "words": bound.words,
        "detail": detail,
        "rule": bound.rule,
    }
    if bound.unverified:
        found["text_unverified"] = bound.unverified
    return found


def not_registered(voter: dict[str, Any], day: dt.date | None) -> str:
    """Why the voter was not registered on the day signed, or ''."""
    status = voter["STATUS"] or ""
    if status == "17":
        return "pre-registered (status 17), not yet a voter"
    purged = voter.get("purge_date_on")
    if status == "P" and (purged is None or day is None or purged <= day):
        return f"purged{f' on {purged.isoformat()}' if purged else ''}"
    registered = voter.get("regdate_on")
    if registered is not None and day is not None and registered > day:
        return f"registered on {registered.isoformat()}, after signing on {day.isoformat()}"
    return ""


def outside(voter: dict[str, Any], units: tuple[tuple[str, str], ...]) -> list[str]:
    """The unit fields where the voter's record differs from the unit."""
    return [
        f"{name} {voter.get(name) or '(none)'} on file; the unit is {name} {value}"
        for name, value in units
        if _unit_value(voter.get(name)) != _unit_value(value)
    ]


def _unit_value(value: object) -> str:
    text = str(value or "").strip().upper()
    return text.lstrip("0") or text if text.isdigit() else text


def voter_reasons(line: Line, match: Match, rules: Rules) -> list[dict[str, Any]]:
    return _voter_reasons(line, match.voter, rules)


def may_sign(line: Line, voter: dict[str, Any], rules: Rules) -> bool:
    """Whether the voter could have signed this line of this petition: registered on the day,
    enrolled in its party (a designating petition), residing in its unit."""
    return not _voter_reasons(line, voter, rules)


def _voter_reasons(line: Line, voter: dict[str, Any], rules: Rules) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    why = not_registered(voter, line.date)
    if why:
        found.append(reason(rules.grounds["not_registered"], why))
    if rules.kind == "designating" and rules.party and voter["ENROLLMENT"] != rules.party:
        found.append(
            reason(
                rules.grounds["wrong_party"],
                f"enrolled {voter['ENROLLMENT'] or '(none)'}; the petition is for {rules.party}",
            )
        )
    away = outside(voter, rules.units)
    if away:
        found.append(reason(rules.grounds["outside_unit"], "; ".join(away)))
    return found


def date_reasons(line: Line, rules: Rules, witness: Witness | None) -> list[dict[str, Any]]:
    if line.unread_date:
        written = line.unread_date[:40]
        return [
            reason(
                rules.grounds["date_unreadable"],
                f"'{written}' is not a date (YYYY-MM-DD or MM/DD/YYYY)",
            )
        ]
    if line.date is None:
        return [reason(rules.grounds["date_missing"], "no date on the line")]
    found: list[dict[str, Any]] = []
    period = rules.period
    if line.date < period.opens.day:
        found.append(
            _period_reason(
                period.opens,
                f"signed {line.date.isoformat()}, before the first day to sign, "
                f"{period.opens.day.isoformat()}",
            )
        )
    elif line.date > period.closes.day:
        found.append(
            _period_reason(
                period.closes,
                f"signed {line.date.isoformat()}, after {period.closes.day.isoformat()}",
            )
        )
    if witness is not None and witness.unread_date:
        found.append(
            reason(
                rules.grounds["witness_date_unreadable"],
                f"the witness's statement is dated '{witness.unread_date[:40]}', which is not a "
                "date (YYYY-MM-DD or MM/DD/YYYY): the line's date cannot be read against it",
            )
        )
    elif witness is not None and witness.date is not None and line.date > witness.date:
        found.append(
            reason(
                rules.grounds["after_witness_date"],
                f"signed {line.date.isoformat()}, after the witness signed the statement on "
                f"{witness.date.isoformat()}",
            )
        )
    return found


def reading(match: Match, rules: Rules) -> dict[str, Any] | None:
    """How a near-miss was read: identified beyond doubt, so it counts (§ 6-134(10)), under
    the law of the petition's year."""
    if match.exact:
        return None
    compliance = rules.grounds["substantial_compliance"]
    nickname = (
        "; the first name is a nickname of the name on file (the nicknames table)"
        if match.nickname
        else ""
    )
    found: dict[str, Any] = {
        "cite": compliance.cite,
        "words": compliance.words,
        "reading": "substantial compliance: the house number, the street and the name "
        "identify one voter, so a variant spelling, a nickname, an initial or a missing "
        f"apartment does not defeat the signature{nickname}",
        "differed": match.differed,
    }
    if match.previous_name:
        counts = rules.name_readings["counts"]
        found["previous_name"] = {"reading": "counts", "cite": counts.cite,
                                  "words": counts.words, "note": counts.note}  # fmt: skip
    return found


def unnamed_under_strict(match: Match, rules: Rules) -> bool:
    """Whether the line names its voter only by the previous surname, read strictly."""
    return match.previous_name and not match.ambiguous and rules.previous_name == "strict"


def previous_name_strict(match: Match, rules: Rules) -> dict[str, Any]:
    """A line under the voter's previous surname, read strictly: no voter on file by the name
    it gives, the voter it would be named for a clerk."""
    strict = rules.name_readings["strict"]
    mark = ", text unverified" if strict.unverified else ""
    return reason(
        rules.grounds["not_found"],
        f"the surname is that of the previous name on file of {_voter_named(match.voter)}; "
        f'under the strict reading (§ {strict.cite}{mark}, "{strict.words}") a line names a '
        "voter by the name on file only, until a clerk identifies the signer",
    )


def signed_by(first: tuple[Any, ...], rules: Rules) -> dict[str, Any]:
    """The voter's counted line (date, volume, sheet, line) is another: this one does not
    count. "The first" is the earliest signed, then by volume, sheet and line
    (``review.counted_first``), never the first row of the file."""
    _, volume, sheet, line = first
    return reason(
        rules.grounds["duplicate_same_petition"],
        f"the same voter signed {line_named((volume, sheet, line))}; only the first counts",
    )


def ambiguous(may: Sequence[tuple[dict[str, Any], bool]], rules: Rules) -> dict[str, Any]:
    """Two or more voters match the line equally well: none is chosen (a clerk chooses), even
    when only one of them could sign this petition (the line is then valid or not by who
    signed it, which its words do not say); each is named with whether he or she may
    (``may``: each voter with ``may_sign``)."""
    named = "; ".join(
        f"{_voter_named(voter)} ({'may' if allowed else 'may not'} sign this petition)"
        for voter, allowed in may
    )
    return reason(
        rules.grounds["ambiguous"],
        f"the name and address match more than one voter equally well ({named}); the "
        "signer is not identified until a clerk chooses",
    )


def _voter_named(voter: dict[str, Any]) -> str:
    name = " ".join(
        str(voter[f]) for f in ("FIRSTNAME", "MIDDLENAME", "LASTNAME", "NAMESUFFIX") if voter[f]
    )
    apartment = f" apt {voter['RAPARTMENT']}" if voter["RAPARTMENT"] else ""
    return f"{voter['SBOEID']} {name}, {voter['RADDNUMBER']} {voter['RSTREETNAME']}{apartment}"


def other_petitions(
    line: Line, others: list[tuple[str, dt.date | None]], seats: int, grounds: Mapping[str, Ground]
) -> dict[str, Any] | None:
    """§ 6-134(3): signatures on more petitions for the office than there are seats count in
    order of date; those of the same date count on none."""
    if line.date is None or len(others) + 1 <= seats:
        return None
    same = [uid for uid, day in others if day == line.date]
    earlier = [uid for uid, day in others if day is not None and day < line.date]
    if same:
        detail = f"also signed petition {same[0]} on the same day, {line.date.isoformat()}"
    elif len(earlier) >= seats:
        detail = f"signed petition {earlier[0]} earlier for the same office"
    else:
        return None
    return reason(grounds["duplicate_other_petition"], detail)


def witness_reasons(
    witness: Witness | None, match: Match | None, rules: Rules, on: dt.date | None
) -> str:
    """Why the sheet's witness is not qualified, or ''."""
    if witness is None:
        return "no witness statement on the sheet"
    if match is None:
        return f"witness '{witness.name}' not found in the voter file"
    why = not_registered(match.voter, witness.date or on)
    if why:
        return f"witness {why}"
    enrolled = match.voter["ENROLLMENT"]
    if rules.kind == "designating" and rules.party and enrolled != rules.party:
        return f"witness enrolled {enrolled or '(none)'}, not {rules.party}"
    return ""


def voters_of(ruled: Mapping[str, Any]) -> Iterable[str]:
    """The voters a ruled line may be the signature of: its voter, or each of its candidates."""
    if ruled["voter"] is not None:
        return (str(ruled["voter"]["SBOEID"]),)
    return (str(c["SBOEID"]) for c in ruled.get("candidates") or ())


def why_not_standing(
    ruled: Mapping[str, Any],
    lines_of: Callable[[str], int],
    others: Mapping[str, Sequence[Any]],
    together: bool,
) -> dict[str, str]:
    """Why an ambiguous line does not stand under each reading that can count it ('' where it
    stands). Under "either" (§ 6-154(3)(a)(i)) every voter it fits must stand for it: may sign,
    be the voter of no other line of this petition (``lines_of(sboeid)``: the lines he or she
    may be the signer of) and have signed no other petition for the office (``others``,
    § 6-134(3)). Under "presumed" (§ 6-154(1), the objector's burden) it stands when it is
    ``together`` (``shared.AmbiguousLines``): however its group's lines are given to distinct
    voters free to have signed them, it is given one. A line with a defect of its own stands
    under neither. Order-free: it asks of every line at once."""
    if any(r["code"] != "ambiguous" for r in ruled["reasons"]):
        return dict.fromkeys(STANDING, "the line falls for a reason of its own")
    if any("may_sign" not in voter for voter in ruled["candidates"]):  # kept before this
        return dict.fromkeys(STANDING, "reviewed before a line was read this way: review it again")
    whys = [_why_not_signer(str(v["SBOEID"]), v["may_sign"], lines_of, others)
            for v in ruled["candidates"]]  # fmt: skip
    said = [why for why in whys if why]
    return {"either": said[0] if said else "", "presumed": "" if together else "; ".join(said)}


# The readings that count an ambiguous line (the third, strict, counts none until a clerk says).
STANDING = ("presumed", "either")


def _why_not_signer(
    sboeid: str, may_sign: bool, lines_of: Callable[[str], int], others: Mapping[str, Any]
) -> str:
    if not may_sign:
        return f"{sboeid} may not sign this petition"
    if lines_of(sboeid) > 1:
        return f"{sboeid} may have signed another line of this petition"
    if others.get(sboeid):
        return f"{sboeid} signed another petition for the office"
    return ""


def read_ambiguous(ruled: dict[str, Any], whys: Mapping[str, str], rules: Rules) -> None:
    """An ambiguous line under the review's reading. Where a reading counts it
    (``why_not_standing``), ``identity`` says so (who signed is for a clerk) and keeps the
    ruling under each reading that does not; else the line is not valid, and why."""
    ambiguous_reason = ruled["reasons"][0]
    stands = standing(whys)
    if not stands:
        ambiguous_reason["detail"] += f"; not valid whichever of them signed: {whys['presumed']}"
        return
    chosen = rules.readings[stands[-1]]  # "either" where it stands: the stronger ground
    strict = rules.readings["strict"]
    ruled["identity"] = {
        "cite": chosen.cite,
        "words": chosen.words,
        "reading": chosen.note,
        "detail": _standing_detail(whys),
        "stands_under": list(stands),
        "strict": {
            **ambiguous_reason,
            "detail": f"{ambiguous_reason['detail']}; under the strict reading (§ {strict.cite}, "
            f'"{strict.words}") it is not counted until a clerk chooses, though it is valid '
            f"under the {' and '.join(stands)} reading (§ {chosen.cite})",
        },
    }
    if whys["either"]:
        ruled["identity"]["either"] = {
            **ambiguous_reason,
            "detail": f"{ambiguous_reason['detail']}; under the either reading "
            f"(§ {rules.readings['either'].cite}) it is not valid whichever of them signed: "
            f"{whys['either']}",
        }
    apply_reading(ruled, rules.reading)


def _standing_detail(whys: Mapping[str, str]) -> str:
    if not whys["either"]:
        return (
            "each of them may sign this petition, and none may have signed another line of it "
            "or another petition for the office: valid whichever of them signed; who signed "
            "is for a clerk"
        )
    return (
        "a voter it fits may sign this petition and signed no other petition for the office, and "
        "each line of it that fits such voters can be given one of its own "
        f"({whys['either']}): valid unless an objector shows that another of them signed (the "
        "burden is the objector's); who signed is for a clerk"
    )


def standing(whys: Mapping[str, str]) -> tuple[str, ...]:
    """The readings an ambiguous line stands under, given ``why_not_standing``."""
    return tuple(name for name in STANDING if not whys[name])


def counted_under(line: Mapping[str, Any]) -> tuple[str, ...]:
    """The readings a ruled line is counted under as an ambiguous line (none if it is not)."""
    identity = line.get("identity")
    if identity is None:
        return ()
    # A review kept before the presumed reading: a line it counted stands under both.
    return tuple(identity.get("stands_under", STANDING))


def apply_reading(line: dict[str, Any], reading: str) -> None:
    """A line that a reading counts (``identity``) under the reading asked: valid where it
    stands under it, else the ruling that reading gives (not counted until a clerk chooses,
    under "strict"); other lines unchanged."""
    identity = line.get("identity")
    if identity is not None:
        line["valid"] = reading in counted_under(line)
        line["reasons"] = [] if line["valid"] else [identity.get(reading) or identity["strict"]]


def reading_said(rules: Rules) -> str:
    """The review's reading of ambiguous lines, for its notes."""
    return _said("Ambiguous lines read", rules.reading, rules.readings[rules.reading])


def name_reading_said(rules: Rules) -> str:
    """The review's reading of lines under a voter's previous surname, for its notes."""
    chosen = rules.name_readings[rules.previous_name]
    return _said("Lines under a voter's previous surname read", rules.previous_name, chosen)


def _said(what: str, name: str, chosen: Ground) -> str:
    mark = ", text unverified" if chosen.unverified else ""
    return f'{what} {name} (§ {chosen.cite}{mark}, "{chosen.words}"): {chosen.note}'
