"""The number required in the tally: the signatures code under the review's law where the unit
is one district, else the share alone. Numbers counted by hand from the words of § 6-136
(law/data/versions/*/6-136.yaml) and the 2019 act (overlays/L2019-ch17.yaml)."""

from __future__ import annotations

from nyballot.law.choice import LawChoice
from nyballot.petitions.report import required_line
from nyballot.petitions.request import Request
from nyballot.petitions.tally import required_dict, required_number


def _request(*units: tuple[str, str], year: int = 2026, **kw: object) -> Request:
    return Request(year=year, party="DEM", units=units, law=LawChoice(), **kw)  # type: ignore[arg-type]


def test_an_assembly_district_is_limited_to_500_on_a_secondary_source() -> None:
    # 5% of 12,000 = 600; § 6-136(2)(f)-(j) as the secondary source gives "500 for an assembly
    # district", which binds: 500.
    got = required_number(_request(("COUNTYCODE", "60"), ("AD", "7")), 12_000)
    assert (got["number"], got["cite"], got["unit"]) == (500, "6-136(2)(f)-(j)", "assembly")
    assert got["secondary"] is True
    assert got["words"] == "500 for an assembly district"
    assert "6-136-caps-SECONDARY.txt" in got["evidence"]
    assert "[secondary: current/6-136-caps-SECONDARY.txt]" in required_line(
        {**got, "source": "given (enrolled)"}
    )


def test_a_county_legislative_district_rests_on_the_statute_alone() -> None:
    # 5% of 12,000 = 600; § 6-136(2)(l): "For any county legislative district, five hundred
    # signatures." binds: 500, from the shipped statute.
    got = required_number(_request(("LD", "3")), 12_000)
    assert (got["number"], got["cite"], got["secondary"]) == (500, "6-136(2)(l)", False)
    assert got["words"] == "For any county legislative district, five hundred signatures."


def test_below_the_limit_the_five_per_centum_is_the_subdivision() -> None:
    # 5% of 40 = 2; the limit of 500 does not bind, so § 6-136(2) itself gives the number.
    got = required_number(_request(("AD", "7")), 40)
    assert (got["number"], got["cite"]) == (2, "6-136(2)")
    assert got["words"].startswith("All other petitions must be signed by not less than five")


def test_a_county_alone_is_five_per_centum_and_says_why() -> None:
    # COUNTYCODE alone: a county may lie in or outside the city; no limit applied. 5% of 12,000.
    got = required_number(_request(("COUNTYCODE", "60")), 12_000)
    assert (got["number"], got["cite"]) == (600, "6-136(2)")
    assert "not one district" in got["note"]


def test_a_year_whose_measure_splits_the_city_falls_back() -> None:
    # 2019, L.2019 ch.17 reduces the limits outside the city only: 500 in the city, 375
    # (3/4 of 500, rounded down) outside. An AD may be either, so 5% of 12,000 = 600 is given.
    got = required_number(_request(("AD", "7"), year=2019), 12_000)
    assert got["number"] == 600
    assert "in the city of New York, 500" in got["note"]
    assert "outside the city of New York, 375" in got["note"]


def test_a_named_law_is_read_and_marked_what_if() -> None:
    # 5% of 12,000 = 600; the pre-2019 version carries § 6-136's words back, with the
    # secondary source's "500 for an assembly district": 500, a what-if for 2026.
    named = Request(year=2026, party="DEM", units=(("AD", "7"),), law=LawChoice("pre-2019"))
    got = required_number(named, 12_000)
    assert (got["number"], got["what_if"], got["secondary"]) == (500, True, True)


def test_a_given_number_wins() -> None:
    got = required_dict(_request(("AD", "7"), required=7), 12_000, "given (enrolled)")
    assert (got["number"], got["source"]) == (7, "given (required)")


def test_no_unit_is_the_whole_state_under_subdivision_one() -> None:
    # § 6-136(1): "not less than fifteen thousand or five per centum, whichever is less, of the
    # then enrolled voters of the party in the state". 5% of 1,000,000 = 50,000; 15,000 is less.
    got = required_number(_request(), 1_000_000)
    assert (got["number"], got["cite"], got["unit"]) == (15_000, "6-136(1)", "state")
    # 5% of 2,000 = 100, less than 15,000: 100, still under subdivision 1.
    small = required_number(_request(), 2_000)
    assert (small["number"], small["cite"]) == (100, "6-136(1)")
    # 2018: the pre-2019 version, whose § 6-136(1) carries the current words back (marked):
    # the lesser of 15,000 and 50,000, 15,000.
    old = required_number(_request(year=2018), 1_000_000)
    assert (old["number"], old["cite"], old["law"]) == (15_000, "6-136(1)", "law in force in 2018")
    assert "carried back" in old["unverified"]


def test_no_voter_enrolled_gives_no_number_in_the_words_of_the_years_share() -> None:
    # § 6-136(2): "not less than five per centum"; L.2021 ch.22 for 2021: "[five] ONE AND
    # ONE-HALF per centum". Of 0 enrolled either gives no number, and the note says which share.
    now = required_number(_request(("AD", "7")), 0)
    assert now["number"] is None
    assert "so five per centum (§ 6-136(2)) gives no number" in now["note"]
    then = required_number(_request(("AD", "7"), year=2021), 0)
    assert then["number"] is None
    assert "so one and one-half per centum (§ 6-136(2)" in then["note"]
    assert "five per centum" not in then["note"]


def test_the_share_alone_is_said_in_the_words_of_the_law() -> None:
    # COUNTYCODE alone, 2021: L.2021 ch.22's "ONE AND ONE-HALF per centum" of 12,000 = 180.
    got = required_number(_request(("COUNTYCODE", "60"), year=2021), 12_000)
    assert got["number"] == 180
    assert got["note"].startswith("one and one-half per centum of the enrolled voters, rounded up")
