"""Allocating delegates under Election Law § 2-122-b(4)(b) and (5), from its provisions
(``nyballot.delegates.rules``: their numbers and words are law data).

All arithmetic is exact (``fractions.Fraction``): a share of exactly twenty percent qualifies,
exactly half of the votes is not a majority, and a quota of exactly n + 1/2 is rounded by the
chosen rule. Shares are shown to two decimals only in the printed steps.

Readings chosen where the text is silent or open, each with a switch:

- ``denominator``: the at-large ratio is each candidate's vote "in relation to the total
  statewide vote for all presidential candidates receiving at least twenty percent" -- read as
  the sum of the qualifying candidates' votes (``"qualifying"``, the default). The other reading,
  the whole statewide vote (``"all"``), leaves more seats to the remainder clause.
- ``rounding``: "rounded to the nearest whole number" does not say which way a half goes; the
  default rounds half up (ordinary arithmetic); ``"half-even"`` rounds it to the even number.
- Per-district seats other than the law's: refused (the words split only their own number).
- The excess clause decreases only "the candidate receiving the least statewide votes". If that
  candidate has fewer seats than the excess (possible only with very few at-large seats), the
  rest is taken from the next-least, and the steps say that the text is silent on it.
- No candidate reaching twenty percent statewide: the proviso ("must receive at least twenty
  percent ... in order to be awarded any at-large delegates") prevails over the remainder clause,
  so the at-large seats are left unawarded, and the steps say so.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Literal

from nyballot.delegates.model import Allocation, DelegateResult, Tie
from nyballot.delegates.rules import DelegateRules, Quote, delegate_rules
from nyballot.errors import UsageError

Denominator = Literal["qualifying", "all"]
Rounding = Literal["half-up", "half-even"]


def pct(part: int | Fraction, whole: int) -> str:
    """A share as a percentage with two decimals (display only; decisions use exact fractions)."""
    value = Fraction(part) * 100 / whole
    hundredths = (value * 100 + Fraction(1, 2)).__floor__()
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def show(q: Fraction) -> str:
    """A quota as an exact decimal where it has one, else the fraction and a rounded decimal."""
    if q.denominator == 1:
        return str(q.numerator)
    for digits in range(1, 7):
        scaled = q * 10**digits
        if scaled.denominator == 1:
            whole, frac = divmod(scaled.numerator, 10**digits)
            return f"{whole}.{frac:0{digits}d}"
    return f"{q.numerator}/{q.denominator} (about {float(q):.4f})"


def round_quota(q: Fraction, rounding: Rounding) -> int:
    """Round a non-negative quota to the nearest whole number; halves by the chosen rule."""
    floor = q.numerator // q.denominator
    rest = q - floor
    if rest > Fraction(1, 2):
        return floor + 1
    if rest < Fraction(1, 2):
        return floor
    if rounding == "half-up":
        return floor + 1
    return floor if floor % 2 == 0 else floor + 1


def _check_votes(unit: str, votes: Mapping[str, int]) -> int:
    for name, n in votes.items():
        if n < 0:
            raise UsageError(f"{unit}: votes for '{name}' are negative ({n})")
    total = sum(votes.values())
    if total == 0:
        raise UsageError(f"{unit}: no votes were cast for any presidential candidate")
    return total


def _ranked(votes: Mapping[str, int]) -> list[str]:
    return sorted(votes, key=lambda name: (-votes[name], name))


def _group_at(names: list[str], votes: Mapping[str, int], index: int) -> list[str]:
    """The candidates having the same number of votes as ``names[index]``."""
    return [n for n in names if votes[n] == votes[names[index]]]


def _list_shares(a: Allocation, total: int, cite: str, where: str) -> None:
    shares = ", ".join(f"{n} {a.votes[n]} ({pct(a.votes[n], total)})" for n in _ranked(a.votes))
    a.say(f"Total votes cast for presidential candidates {where}: {total}. {shares}.", cite)


def _qualified(
    a: Allocation, ranked: list[str], total: int, share: Fraction, said: tuple[str, Quote]
) -> list[str]:
    """The candidates with the share of ``total`` the words ask or more, in rank order (said as
    a step): ``said`` is the share in words and the words that ask it."""
    qualified = [n for n in ranked if a.votes[n] >= share * total]
    words, quote = said
    a.say(
        f"{words[:1].upper()}{words[1:]} of {total} is {show(share * total)}; at or above it: "
        f"{', '.join(qualified) or 'nobody'}. {quote.quoted}",
        quote.cite,
    )
    return qualified


def _check_seats(seats: int, rules: DelegateRules) -> None:
    if seats != rules.seats:
        cite = rules.quotes["district.first"].cite
        raise UsageError(
            f"per_district {seats}: § {cite} fixes {rules.seats_words} ({rules.first} to the "
            f"first, {rules.second} to the second); no other number is modelled",
            fields=("per_district",),
        )


def allocate_district(
    district: str,
    votes: Mapping[str, int],
    seats: int | None = None,
    rules: DelegateRules | None = None,
) -> Allocation:
    """Award a congressional district's delegates (§ 2-122-b(4)(b)); alternates follow alike.
    ``seats`` defaults to the number the law fixes; ``rules`` to the law in force."""
    rules = rules or delegate_rules()
    seats = rules.seats if seats is None else seats
    _check_seats(seats, rules)
    total = _check_votes(f"district {district}", votes)
    a = Allocation(unit=district, seats=seats, votes=dict(votes))
    q = rules.quotes
    cite = q["district.majority"].cite
    a.say(f"{seats} delegates (and as many alternates) to award.", q["district.seats"].cite)
    _list_shares(a, total, cite, "in the district")
    ranked = _ranked(votes)
    leader = ranked[0]
    if 2 * votes[leader] > total:
        a.say(
            f"{leader} has {votes[leader]} of {total} ({pct(votes[leader], total)}), more than "
            f"half: a majority takes all {seats}. {q['district.majority'].quoted}",
            cite,
        )
        a.awards[leader] = seats
        return a
    a.say(f"No candidate has more than half of {total} votes: no majority.", cite)
    said = (rules.threshold_words, q["district.threshold"])
    qualified = _qualified(a, ranked, total, rules.district_threshold, said)
    if not qualified:
        a.vacant = seats
        a.say(
            f"No candidate reaches {rules.threshold_words}: all {seats} seats are vacant. "
            f"{q['district.none'].quoted}",
            cite,
        )
        return a
    if len(qualified) == 1:
        a.awards[leader] = seats
        a.say(
            f"Only {leader} reaches {rules.threshold_words}: {leader} takes all {seats}. "
            f"{q['district.single'].quoted}",
            cite,
        )
        return a
    _split(a, qualified, rules, cite)
    return a


def _split(a: Allocation, qualified: list[str], rules: DelegateRules, cite: str) -> None:
    votes = a.votes
    first, second = rules.first, rules.second
    words = rules.quotes["district.first"].quoted
    top = _group_at(qualified, votes, 0)
    if len(top) == 1:
        a.awards[top[0]] = first
        a.say(f"{top[0]} has the most votes ({votes[top[0]]}): {first}. {words}", cite)
        runners = _group_at(qualified, votes, 1)
        if len(runners) == 1:
            if second:
                a.awards[runners[0]] = second
            a.say(f"{runners[0]} has the second most votes ({votes[runners[0]]}): {second}.", cite)
        elif second:
            a.ties.append(Tie(second, tuple(runners), "tied for the second most votes"))
            a.say(
                f"TIE: {', '.join(runners)} each have {votes[runners[0]]} votes, tied for the "
                f"second most; the text does not break the tie, so {second} seat(s) are left "
                "unresolved.",
                cite,
            )
        return
    if len(top) == 2:
        for name in top:
            if second:
                a.awards[name] = second
        a.ties.append(Tie(first - second, tuple(top), "tied for the most votes"))
        a.say(
            f"TIE: {top[0]} and {top[1]} each have {votes[top[0]]} votes, tied for the most. "
            f"Whichever is first takes {first} and the other {second}: each is sure of "
            f"{second}; {first - second} seat(s) are left unresolved. {words}",
            cite,
        )
        return
    a.ties.append(Tie(first + second, tuple(top), "three or more tied for the most votes"))
    a.say(
        f"TIE: {', '.join(top)} each have {votes[top[0]]} votes; the text cannot say who is first "
        f"or second, so all {first + second} seats are left unresolved. {words}",
        cite,
    )


def allocate_at_large(
    statewide: Mapping[str, int],
    seats: int,
    *,
    denominator: Denominator = "qualifying",
    rounding: Rounding = "half-up",
    rules: DelegateRules | None = None,
) -> Allocation:
    """Award the at-large delegates on the statewide vote (§ 2-122-b(5)); ``rules`` default to
    the law in force."""
    rules = rules or delegate_rules()
    if seats < 0:
        raise UsageError(f"at_large must not be negative, not {seats}", fields=("at_large",))
    a = Allocation(unit="at-large", seats=seats, votes=dict(statewide))
    q = rules.quotes
    cite = q["at_large.majority"].cite
    total = _check_votes("statewide", statewide)
    a.say(f"{seats} at-large delegates (and as many alternates) to award.", cite)
    _list_shares(a, total, cite, "statewide")
    if seats == 0:
        a.say("No at-large seats: nothing to award.", cite)
        return a
    ranked = _ranked(statewide)
    leader = ranked[0]
    if 2 * statewide[leader] > total:
        a.awards[leader] = seats
        a.say(
            f"{leader} has a statewide majority ({pct(statewide[leader], total)}): all {seats}. "
            f"{q['at_large.majority'].quoted}",
            cite,
        )
        return a
    a.say(f"No candidate has more than half of {total} votes statewide: no majority.", cite)
    said = (rules.threshold_words, q["at_large.threshold"])
    qualified = _qualified(a, ranked, total, rules.at_large_threshold, said)
    if not qualified:
        a.vacant = seats
        a.say(
            f"Nobody reaches {rules.threshold_words} statewide, so nobody may be awarded any "
            f"at-large delegate; the remainder clause cannot give them to {leader} against that "
            f"proviso. All {seats} are left unawarded (the text does not say how they are then "
            "filled).",
            cite,
        )
        return a
    _apportion(a, ranked, qualified, total, (denominator, rounding), rules)
    return a


def _apportion(
    a: Allocation,
    ranked: list[str],
    qualified: list[str],
    total: int,
    readings: tuple[Denominator, Rounding],
    rules: DelegateRules,
) -> None:
    """The qualifying candidates' seats pro rata, then what is left over or too many."""
    q = rules.quotes
    cite = q["at_large.majority"].cite
    counts = _pro_rata(a, qualified, total, *readings, rules)
    given = sum(counts.values())
    a.say(f"Pro-rata apportionment gives {given} of {a.seats}.", cite)
    if given < a.seats:
        _remainder(a, counts, a.seats - given, ranked, cite, q["at_large.remainder"])
    elif given > a.seats:
        _excess(a, counts, given - a.seats, cite, q["at_large.excess"])
    for name in qualified:
        if counts[name]:
            a.awards[name] = counts[name]


def _denominator(
    a: Allocation, qualified: list[str], total: int, denominator: Denominator, rules: DelegateRules
) -> int:
    """The ratio's denominator by the reading chosen, said as a step with the words."""
    base = sum(a.votes[n] for n in qualified) if denominator == "qualifying" else total
    which = (
        "the qualifying candidates' votes"
        if denominator == "qualifying"
        else "all statewide votes (reading denominator all)"
    )
    ratio = rules.quotes["at_large.ratio"]
    a.say(
        f"Ratio denominator: {which} = {base}. Reading chosen: "
        + (
            f"the words name the candidates at {rules.threshold_words} or more, whose votes "
            "are summed; the other reading (denominator all) divides by every vote cast. "
            if denominator == "qualifying"
            else "every vote cast; the default reading sums only the qualifying candidates. "
        )
        + ratio.quoted,
        ratio.cite,
    )
    return base


def _pro_rata(
    a: Allocation,
    qualified: list[str],
    total: int,
    denominator: Denominator,
    rounding: Rounding,
    rules: DelegateRules,
) -> dict[str, int]:
    """Each qualifying candidate's seats by the ratio, rounded, each said as a step."""
    base = _denominator(a, qualified, total, denominator, rules)
    counts: dict[str, int] = {}
    for name in qualified:
        quota = Fraction(a.seats * a.votes[name], base)
        counts[name] = round_quota(quota, rounding)
        half = " (exactly a half: rounded " + (
            "up)" if rounding == "half-up" else "to even; rounding half-even)"
        )
        a.say(
            f"{name}: {a.seats} x {a.votes[name]} / {base} = {show(quota)}, rounded to the "
            f"nearest whole number: {counts[name]}"
            + (half if quota - quota.numerator // quota.denominator == Fraction(1, 2) else "")
            + ".",
            rules.quotes["at_large.rounding"].cite,
        )
    return counts


def _remainder(
    a: Allocation, counts: dict[str, int], left: int, ranked: list[str], c: str, said: Quote
) -> None:
    leaders = _group_at(ranked, a.votes, 0)
    words = said.quoted
    if len(leaders) == 1:
        counts[leaders[0]] += left
        a.say(f"{left} left unawarded go to {leaders[0]}, with the most votes. {words}", c)
        return
    a.ties.append(Tie(left, tuple(leaders), "tied for the most statewide votes"))
    a.say(
        f"TIE: {', '.join(leaders)} tie for the most statewide votes; the {left} remaining "
        f"seat(s) are left unresolved. {words}",
        c,
    )


def _excess(a: Allocation, counts: dict[str, int], excess: int, c: str, said: Quote) -> None:
    a.say(f"{excess} more than the {a.seats} authorized. {said.quoted}", c)
    first = True
    while excess > 0:
        entitled = sorted((n for n in counts if counts[n] > 0), key=lambda n: (a.votes[n], n))
        least = _group_at(entitled, a.votes, 0)
        if not first:
            a.say(
                "The text decreases only the candidate with the least votes, who has no seat "
                f"left; reading: the remaining {excess} come from the next-least.",
                c,
            )
        if len(least) == 1:
            cut = min(excess, counts[least[0]])
            counts[least[0]] -= cut
            a.say(f"{least[0]}, with the least votes ({a.votes[least[0]]}), loses {cut}.", c)
        else:
            cut = _cut_tied(a, counts, least, excess, c)
        excess -= cut
        first = False


def _cut_tied(a: Allocation, counts: dict[str, int], least: list[str], excess: int, c: str) -> int:
    """Take up to ``excess`` seats from candidates tied for the least votes; return how many.

    The text cannot say which of them loses, so each keeps only what no order of losing could
    take from it, and the seats the group keeps beyond that are a tie.
    """
    held = counts[least[0]]  # equal votes give equal quotas, so every one of them holds the same
    cut = min(excess, held * len(least))
    sure = max(0, held - cut)
    unresolved = held * len(least) - cut - sure * len(least)
    for name in least:
        counts[name] = sure
    if unresolved:
        a.ties.append(Tie(unresolved, tuple(least), "tied for the least votes"))
    a.say(
        f"TIE: {', '.join(least)} tie for the least votes with {held} each; together they lose "
        f"{cut}, and the text cannot say which of them: each keeps {sure} for certain, "
        f"{unresolved} seat(s) are left unresolved among them.",
        c,
    )
    return cut


def allocate(
    results: Mapping[str, Mapping[str, int]],
    at_large: int,
    *,
    per_district: int | None = None,
    denominator: Denominator = "qualifying",
    rounding: Rounding = "half-up",
    rules: DelegateRules | None = None,
) -> DelegateResult:
    """Allocate every district's seats and the at-large seats from district results, under
    ``rules`` (default: the law in force in ``season_year()``); ``per_district`` defaults to
    the number the law fixes."""
    if not results:
        raise UsageError("no district results to allocate")
    rules = rules or delegate_rules()
    seats = rules.seats if per_district is None else per_district
    _check_seats(seats, rules)
    districts = {d: allocate_district(d, v, seats, rules) for d, v in results.items()}
    statewide: dict[str, int] = {}
    for votes in results.values():
        for name, n in votes.items():
            statewide[name] = statewide.get(name, 0) + n
    large = allocate_at_large(
        statewide, at_large, denominator=denominator, rounding=rounding, rules=rules
    )
    options = {"denominator": denominator, "rounding": rounding, "per_district": str(seats)}
    return DelegateResult(districts, large, options, rules.law, rules.what_if, rules.year,
                          rules.year_note)  # fmt: skip
