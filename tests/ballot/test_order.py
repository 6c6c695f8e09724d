"""Order of names, each expected order worked by hand from § 7-116."""

import pytest
from helpers import ballot, names, office

THREE = ("David Lee", "Ann Abernathy", "Maria Vasquez")


@pytest.mark.parametrize(
    ("index", "expected"),
    [
        # First district: alphabetical by surname: Abernathy, Lee, Vasquez.
        (1, ["ANN ABERNATHY", "DAVID LEE", "MARIA VASQUEZ"]),
        # Each succeeding district moves the first-named to the bottom.
        (2, ["DAVID LEE", "MARIA VASQUEZ", "ANN ABERNATHY"]),
        (3, ["MARIA VASQUEZ", "ANN ABERNATHY", "DAVID LEE"]),
        # The fourth district starts the cycle again.
        (4, ["ANN ABERNATHY", "DAVID LEE", "MARIA VASQUEZ"]),
    ],
)
def test_new_york_city_rotation_by_election_district(index: int, expected: list[str]) -> None:
    b = ballot(office("ad", *THREE), index=index)
    assert names(b, "ad") == expected


def test_identical_surnames_are_ordered_by_given_name() -> None:
    b = ballot(office("ad", "John Smith", "Adam Smith"))
    assert names(b, "ad") == ["ADAM SMITH", "JOHN SMITH"]


def _group_office() -> dict[str, object]:
    people = [
        ("Grace Kim", "P-12"),
        ("Ruth Adams", "P-12"),
        ("Paul Zimmer", "P-12"),
        ("Tom Baker", "P-19"),
        ("Ellen Cohen", "P-19"),
    ]
    candidates = [{"id": n, "name": n, "petition": p} for n, p in people]
    return {"id": "jd", "kind": "party-position", "seats": 3, "candidates": candidates}


def test_groups_stay_together_placed_by_the_first_name_on_the_petition() -> None:
    # P-12's first person is Kim (not Adams); P-19's is Baker: Baker < Kim, so P-19 first.
    b = ballot(_group_office())
    assert names(b, "jd") == ["TOM BAKER", "ELLEN COHEN", "GRACE KIM", "RUTH ADAMS", "PAUL ZIMMER"]


def test_groups_rotate_as_a_whole() -> None:
    # Second district: the first group (P-19) moves to the bottom as one.
    b = ballot(_group_office(), index=2)
    assert names(b, "jd") == ["GRACE KIM", "RUTH ADAMS", "PAUL ZIMMER", "TOM BAKER", "ELLEN COHEN"]


def _county_committee() -> dict[str, object]:
    rows = [
        ("Nina Fox", "P-12", "2016-04-04T09:12:00"),
        ("Omar Grant", "P-12", "2016-04-04T09:12:00"),
        ("Iris Hale", "P-31", "2016-04-07T16:55:00"),
        ("Ken Ito", "P-40", "2016-04-05T11:00:00"),
    ]
    candidates = [{"id": n, "name": n, "petition": p, "filed": f} for n, p, f in rows]
    return {"id": "cc", "kind": "county-committee", "seats": 2, "candidates": candidates}


def test_county_committee_by_priority_of_filing_then_rotated() -> None:
    # Filed: P-12 04-04, Ito 04-05, Hale 04-07.
    assert names(ballot(_county_committee()), "cc") == [
        "NINA FOX",
        "OMAR GRANT",
        "KEN ITO",
        "IRIS HALE",
    ]
    # Next district: the P-12 group moves to the bottom.
    assert names(ballot(_county_committee(), index=2), "cc") == [
        "KEN ITO",
        "IRIS HALE",
        "NINA FOX",
        "OMAR GRANT",
    ]


def test_a_name_added_late_by_court_order_goes_to_the_bottom() -> None:
    o = office("ad", "Anna Abel", "Zed Zane", "Bo Best")
    o["candidates"][0]["court_order"] = "added-late"
    # Without Abel: Best, Zane; Abel added at the bottom despite coming first alphabetically.
    assert names(ballot(o), "ad") == ["BO BEST", "ZED ZANE", "ANNA ABEL"]


def test_a_name_removed_late_leaves_the_others_in_place() -> None:
    o = office("ad", "Anna Abel", "Bo Best", "Cy Cole")
    o["candidates"][1]["court_order"] = "removed-late"
    # District 2 with all three: Best, Cole, Abel; Best removed: Cole, Abel (not re-rotated).
    assert names(ballot(o, index=2), "ad") == ["CY COLE", "ANNA ABEL"]


def test_numbered_names_are_not_rotated() -> None:
    o = office("ad", "Ann Lee", "Bob Lee", numbered=True)
    o["candidates"][0]["number"] = 2
    o["candidates"][1]["number"] = 1
    assert names(ballot(o, index=2), "ad") == ["BOB LEE", "ANN LEE"]


@pytest.mark.parametrize("law", [None, "current"])
def test_outside_the_city_the_order_is_drawn_from_the_seed(law: str | None) -> None:
    # § 7-116(3) "shall determine by lot" (the law in force has these words too).
    # sha256 of "seed-1|office-x|a" = bab449..., "|b" = 8db0c8..., "|c" = 348a30...
    # (computed with: printf '%s' 'seed-1|office-x|a' | sha256sum); ascending: c, b, a.
    o = {
        "id": "office-x",
        "candidates": [{"id": k, "name": f"Name {k.upper()}x"} for k in "abc"],
    }
    b = ballot(o, nyc=False, seed="seed-1", law=law)
    assert names(b, "office-x") == ["NAME CX", "NAME BX", "NAME AX"]


def test_a_seed_is_required_for_a_drawing() -> None:
    from nyballot.errors import UsageError

    with pytest.raises(UsageError, match="published seed"):
        ballot(office("x", "A One", "B Two"), nyc=False, seed=None)


def _groups_and_solo() -> dict[str, object]:
    o = _group_office()
    o["candidates"].append({"id": "solo", "name": "Solo Person"})  # type: ignore[attr-defined]
    return o


def test_pre2019_groups_by_a_single_lot_then_individuals() -> None:
    # § 7-116(3): groups "determined by a single lot"; individuals "printed below such group or
    # groups". sha256('s|petition|P-19') = 2edea3a9e3e3... < sha256('s|petition|P-12') =
    # 4bc77750026c...: P-19, P-12, then Solo.
    assert names(ballot(_groups_and_solo(), nyc=False), "jd") == [
        "TOM BAKER", "ELLEN COHEN", "GRACE KIM", "RUTH ADAMS", "PAUL ZIMMER", "SOLO PERSON",
    ]  # fmt: skip


def test_s5305a_the_board_draws_groups_and_individuals_together() -> None:
    # S.5305-A: the board "shall determine the order" (§ 7-116(1)), § 7-116(3) repealed: one
    # drawing. sha256('s|jd|solo') = 10d009b24d42... < sha256('s|jd|P-12') = 4c984335b204...
    # < sha256('s|jd|P-19') = f2ae5bdd085d...: Solo, P-12, P-19.
    assert names(ballot(_groups_and_solo(), nyc=False, bills=("S5305A",)), "jd") == [
        "SOLO PERSON", "GRACE KIM", "RUTH ADAMS", "PAUL ZIMMER", "TOM BAKER", "ELLEN COHEN",
    ]  # fmt: skip
