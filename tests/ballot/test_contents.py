"""Who appears, and names as printed, under each law."""

import pytest
from helpers import ballot, names, office

from nyballot.errors import OutOfCoverageError, UsageError


def test_an_uncontested_office_does_not_appear() -> None:
    b = ballot(office("leader", "Sam Brown", kind="party-position"), office("ad", "A Aa", "B Bb"))
    assert [c.office for c in b.contests] == ["ad"]
    assert b.left_off[0].cite == "7-114(1)(d)"


def test_an_opportunity_to_ballot_keeps_an_uncontested_office_with_a_write_in() -> None:
    b = ballot(office("leader", "Sam Brown", kind="party-position", opportunity_to_ballot=True))
    assert b.contests[0].write_in


def test_invalid_and_declined_designations_do_not_appear() -> None:
    o = office("ad", "A Aa", "B Bb", "C Cc")
    o["candidates"][0]["status"] = "invalid"
    o["candidates"][1]["status"] = "declined"
    b = ballot(o, office("x", "D Dd", "E Ee"))
    assert [c.office for c in b.contests] == ["x"]  # ad has one left: uncontested
    assert {left.who for left in b.left_off} >= {"A Aa", "B Bb"}


def test_a9725_sole_notice_filer_is_named_without_a_petition() -> None:
    o = office("leader", "Sam Brown", kind="party-position")
    o["candidates"][0].update({"status": "none", "notice_of_intent": True})
    b = ballot(o, bills=("A9725",))
    assert names(b, "leader") == ["SAM BROWN"]
    assert b.contests[0].steps[0].cite == "6-117(3)"
    # Without the bill there is no petition, so no name and no office.
    assert ballot(o).contests == []


def test_a9725_two_notices_mean_petitions_are_needed() -> None:
    o = office("ad", "A Aa", "B Bb", "C Cc")
    for c in o["candidates"]:
        c["notice_of_intent"] = True
    o["candidates"][2]["status"] = "none"
    b = ballot(o, bills=("A9725",))
    assert names(b, "ad") == ["A AA", "B BB"]


def test_a9725_a_designation_without_a_notice_fails() -> None:
    o = office("ad", "A Aa", "B Bb", "C Cc")
    o["candidates"][0]["notice_of_intent"] = True
    o["candidates"][1]["notice_of_intent"] = True
    b = ballot(o, bills=("A9725",))
    assert names(b, "ad") == ["A AA", "B BB"]
    assert any(left.who == "C Cc" and "6-118" in left.cite for left in b.left_off)


def test_s5305a_moves_public_offices_off_the_primary() -> None:
    b = ballot(office("ad", "A Aa", "B Bb"), bills=("S5305A",))
    assert b.contests == []
    assert b.left_off[0].cite.startswith("6-110")


# S.5305-A's long names, worked by hand: tests/golden/ballot/7-104-long-names.yaml.


@pytest.mark.parametrize("law", [None, "current"])
def test_long_names_are_shortened_under_the_law_before_and_after_2019(law: str | None) -> None:
    # § 7-104(2) (unamended in S.5305-A § 14; the same words in current/7-104.txt): "In printing
    # the names of candidates whose full names contain more than fifteen letters, only the
    # surname must be printed in full." Christopher (11) + Abernathy-Smith (14) = 25 > 15.
    b = ballot(office("ad", "Christopher Abernathy-Smith", "Bo Best"), nyc=False, law=law)
    assert "C. ABERNATHY-SMITH" in names(b, "ad")
    assert any(s.cite.startswith("7-104(2)") for s in b.contests[0].steps)


def _presidential(uncommitted: bool) -> list[dict[str, object]]:
    return [
        {
            "id": "president",
            "kind": "president",
            "uncommitted_petition": uncommitted,
            "candidates": [
                {"id": "alpha", "name": "Jane Alpha"},
                {"id": "beta", "name": "Jo Beta"},
            ],
        },
        {
            "id": "del",
            "kind": "delegate",
            "seats": 3,
            "candidates": [
                {"id": "d1", "name": "Ann Reyes", "sex": "F", "pledged_to": "alpha"},
                {"id": "d2", "name": "Dan Quinn", "sex": "M", "pledged_to": "uncommitted"},
            ],
        },
    ]


def test_s5961_uncommitted_line_and_sex_letters() -> None:
    b = ballot(*_presidential(True), nyc=False, bills=("S5961",))
    rows = {line.printed: [c.printed for c in line.children] for line in b.contests[0].lines}
    assert rows["UNCOMMITTED"] == ["DAN QUINN (M)"]
    assert rows["JANE ALPHA"] == ["ANN REYES (F)"]
    assert rows["JO BETA"] == []


def test_s5961_without_an_uncommitted_petition_its_delegates_do_not_appear() -> None:
    b = ballot(*_presidential(False), nyc=False, bills=("S5961",))
    assert "UNCOMMITTED" not in [line.printed for line in b.contests[0].lines]
    assert any(left.who == "Dan Quinn" and left.cite == "2-122-a(6)(g)" for left in b.left_off)


def test_s5961_rows_are_not_rotated_in_the_city() -> None:
    first = ballot(*_presidential(True), index=1, bills=("S5961",))
    later = ballot(*_presidential(True), index=2, bills=("S5961",))
    assert names(first, "president") == names(later, "president")


def test_a_delegate_without_sex_is_an_error() -> None:
    offices = _presidential(True)
    del offices[1]["candidates"][0]["sex"]  # type: ignore[index]
    with pytest.raises(UsageError, match=r"Ann Reyes needs 'sex'"):
        ballot(*offices, bills=("S5961",))


def test_presidential_offices_need_s5961() -> None:
    with pytest.raises(
        OutOfCoverageError, match="only under a law with the presidential primary of § 2-122-a"
    ):
        ballot(*_presidential(True))


def test_current_law_in_the_city_carries_the_old_words_forward_marked_unverified() -> None:
    # current/7-116.txt stops inside subdivision 3: subdivision 6 (the city's order) is missing,
    # so the pre-2019 words are carried forward, and the ballot says so.
    b = ballot(office("ad", "Bo Best", "Al Abel"), law="current")
    assert names(b, "ad") == ["AL ABEL", "BO BEST"]  # alphabetical in district 1
    assert any("§ 7-116(6)" in u and "carried forward" in u for u in b.unverified)
