"""The number required of an independent petition: § 6-142(2)'s five per centum of the votes
cast for governor in the unit at the last gubernatorial election, with the unit's limit, and no
number at all without the votes. Numbers counted by hand from the shipped words of § 6-142
(src/nyballot/law/data/texts/current/6-142.txt) and src/nyballot/signatures/data/in_force.yaml.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nyballot.law.choice import LawChoice
from nyballot.petitions.report import required_line
from nyballot.petitions.request import Request
from nyballot.petitions.tally import required_dict, required_of_votes, tally

# § 6-142(2): "must be signed by voters numbering five per centum of the total number of votes
# cast for governor at the last gubernatorial election in such unit, excluding blank and void
# votes".
PERCENT_WORDS = (
    "must be signed by voters numbering five per centum of the total number of votes cast for "
    "governor at the last gubernatorial election in such unit, excluding blank and void votes"
)


def _independent(*units: tuple[str, str], year: int = 2026, **kw: object) -> Request:
    return Request(year=year, kind="independent", units=units, **kw)  # type: ignore[arg-type]


def test_an_assembly_district_below_its_limit_is_five_per_centum_rounded_up() -> None:
    # 5% of 12,345 votes = 617.25; 617 signers fall short of it, so 618 (rounded up to a whole
    # signer). The assembly limit of § 6-142(2)(g), 1,500, does not bind: § 6-142(2) gives it.
    got = required_of_votes(_independent(("COUNTYCODE", "60"), ("AD", "7")), 12_345)
    assert (got["number"], got["cite"], got["unit"]) == (618, "6-142(2)", "assembly")
    assert got["words"] == PERCENT_WORDS
    assert got["governor_votes"] == 12_345
    assert got["secondary"] is False
    assert "617.25" in got["steps"][0]["text"] and "618" in got["steps"][0]["text"]
    # The assembly limit's words are the old law's, carried forward: the mark travels.
    assert "S.5305-A" in got["unverified"]


def test_a_large_assembly_district_is_held_to_its_limit() -> None:
    # 5% of 40,000 = 2,000; § 6-142(2)(g): "for any office to be filled by all the voters of an
    # assembly district, one thousand five hundred" binds: 1,500.
    got = required_of_votes(_independent(("AD", "7")), 40_000)
    assert (got["number"], got["cite"]) == (1_500, "6-142(2)(g)")
    assert got["words"] == (
        "for any office to be filled by all the voters of an assembly district, one thousand "
        "five hundred"
    )
    assert "S.5305-A" in got["unverified"]
    assert "Limit: need not exceed 1,500." in [s["text"] for s in got["steps"]]


def test_a_county_legislative_district_takes_the_lower_of_two_limits() -> None:
    # 5% of 100,000 = 5,000; § 6-142(2) caps a subdivision wholly outside the city at 3,500 and
    # (a) an office "in any county or portion thereof outside the city of New York" at 1,500,
    # the lower: 1,500, from the current words (not marked unverified or secondary).
    got = required_of_votes(_independent(("LD", "3")), 100_000)
    assert (got["number"], got["cite"], got["secondary"]) == (1_500, "6-142(2)(a)", False)
    assert got["words"].startswith("for any office to be filled in any county or portion")
    assert got["unverified"] == ""


def test_a_limit_that_does_not_bind_is_not_the_words_quoted() -> None:
    # 5% of 20,000 = 1,000: neither the 3,500 of § 6-142(2) (its opening words, the same cite
    # as the five per centum) nor the 1,500 of (a) binds, so the words are the five per centum's.
    got = required_of_votes(_independent(("LD", "3")), 20_000)
    assert (got["number"], got["cite"], got["words"]) == (1_000, "6-142(2)", PERCENT_WORDS)


def test_the_2021_measure_halves_the_limit_on_a_secondary_source() -> None:
    # 2021, A.4686: "TWO AND ONE-HALF per centum": 2.5% of 40,000 = 1,000. The limits are
    # halved (the Assembly press release, a secondary source): 1,500 / 2 = 750, which binds.
    got = required_of_votes(_independent(("AD", "7"), year=2021), 40_000)
    assert got["number"] == 750
    assert got["secondary"] is True
    assert "press release" in got["evidence"]
    assert "[secondary:" in required_line({**got, "source": "given (governor votes)"})


def test_a_county_alone_is_five_per_centum_of_the_votes_and_says_why() -> None:
    # COUNTYCODE alone: not one district, no limit applied. 5% of 12,345 = 617.25, up: 618.
    got = required_of_votes(_independent(("COUNTYCODE", "60")), 12_345)
    assert (got["number"], got["cite"], got["words"]) == (618, "6-142(2)", PERCENT_WORDS)
    assert "limits of § 6-142(2) are not applied (the unit is not one district" in got["note"]


def test_a_named_law_is_read_as_a_what_if_and_every_year_has_its_law() -> None:
    # 5% of 40,000 = 2,000; § 6-142(2)(g) (S.5305-A's old-law reading): "for any office to be
    # filled by all the voters of an assembly district, one thousand five hundred": 1,500,
    # under the pre-2019 version named (a what-if for 2026) and under the law in force in 2030.
    named = required_of_votes(_independent(("AD", "7"), law=LawChoice("pre-2019")), 40_000)
    assert (named["number"], named["cite"], named["what_if"]) == (1_500, "6-142(2)(g)", True)
    late = required_of_votes(_independent(("AD", "7"), year=2030), 40_000)
    assert (late["number"], late["what_if"], late["law"]) == (1_500, False, "law in force in 2030")


def test_the_whole_state_is_the_lesser_of_45000_and_one_percent() -> None:
    # No --unit: the whole state, § 6-142(1): "at least forty-five thousand voters, or one
    # percent of the total number of votes ... whichever is less". 1% of 5,900,000 = 59,000:
    # 45,000. 1% of 3,000,000 = 30,000: 30,000. The spread among the congressional districts
    # bears the same cite but is not the words of the number.
    big = required_of_votes(_independent(), 5_900_000)
    assert (big["number"], big["cite"], big["unit"]) == (45_000, "6-142(1)", "state")
    assert big["words"].startswith(
        "An independent nominating petition for candidates to be voted for by all the voters of "
        "the state must be signed by at least forty-five thousand voters"
    )
    assert "L.2020 ch.58" in big["unverified"]
    assert required_of_votes(_independent(), 3_000_000)["number"] == 30_000


def test_the_whole_state_in_2030_is_the_law_in_force() -> None:
    # § 6-142(1) as L.2020 ch.58 part ZZZ wrote it, still in force in 2030: 1% of 5,900,000 =
    # 59,000, more than 45,000: 45,000.
    got = required_of_votes(_independent(year=2030), 5_900_000)
    assert (got["number"], got["cite"], got["governor_votes"]) == (45_000, "6-142(1)", 5_900_000)


def test_without_the_votes_there_is_no_number_and_no_finding() -> None:
    request = _independent(("AD", "7"), enrolled=12_000)
    got = required_dict(request, 12_000, "given (enrolled)")
    assert got["number"] is None and got["source"] == "not given"
    assert got["cite"] == "6-142(2)"
    assert "give governor_votes (votes for governor in the unit at the last gubernatorial " \
        "election) or required" in got["note"]  # fmt: skip
    counted = tally([{"sheet": 1, "valid": True}], got)
    assert (counted["required"], counted["sufficient"], counted["valid"]) == (None, None, 1)
    assert required_line(got).startswith("Required: no number; § 6-142(2) counts the votes")


def test_the_votes_given_name_their_source_and_a_given_number_wins() -> None:
    got = required_dict(_independent(("AD", "7"), governor_votes=12_345), None, "unused")
    assert (got["number"], got["source"]) == (618, "given (governor votes)")
    given = required_dict(_independent(("AD", "7"), required=7), None, "unused")
    assert (given["number"], given["source"]) == (7, "given (required)")


def test_designating_petitions_still_count_enrolled_voters() -> None:
    # The votes for governor do not touch a designating petition: 5% of 12,000 enrolled = 600,
    # the assembly limit of 500 (§ 6-136(2)(f)-(j), secondary source) binds.
    request = Request(year=2026, party="DEM", units=(("AD", "7"),), governor_votes=99)
    assert required_dict(request, 12_000, "given (enrolled)")["number"] == 500


@given(
    votes=st.integers(min_value=0, max_value=10_000_000),
    field=st.sampled_from(["AD", "SD", "CD", "LD", "COUNTYCODE", "TOWNCITY"]),
    year=st.integers(min_value=2017, max_value=2028),
)
def test_the_number_never_exceeds_five_per_centum_of_the_votes(
    votes: int, field: str, year: int
) -> None:
    got = required_of_votes(_independent((field, "7"), year=year), votes)
    # 5 per centum, rounded up: votes * 5 / 100 -> ceil = (votes * 5 + 99) // 100; none of
    # no votes (a petition is never sufficient against 0).
    if votes == 0:
        assert got["number"] is None
    else:
        assert 1 <= got["number"] <= (votes * 5 + 99) // 100
    assert got["cite"].startswith("6-142(2)")
