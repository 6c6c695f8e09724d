"""Golden cases, one per rule of the words, each counted by hand with the words that decide it.

Drawings by lot: each ticket is sha256("SEED|KEY|ITEM"), computed by hand with
``printf '%s' 'SEED|KEY|ITEM' | sha256sum``; items print in ascending order of tickets.
"""

from typing import Any

import pytest
from helpers import ballot, names, office

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.model import Ballot
from nyballot.ballot.render import render_text
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law


def _children(b: Ballot, row: str) -> list[str]:
    line = next(line for line in b.contests[0].lines if line.printed == row)
    return [f"{c.label}: {c.printed}" for c in line.children]


def _president(*delegate_offices: dict[str, Any]) -> list[dict[str, Any]]:
    pres = {
        "id": "president",
        "kind": "president",
        "candidates": [{"id": "alpha", "name": "Jane Alpha"}, {"id": "beta", "name": "Jo Beta"}],
    }
    return [pres, *delegate_offices]


def _delegate(cid: str, name: str, sex: str, pledged: str, petition: str) -> dict[str, Any]:
    return {"id": cid, "name": name, "sex": sex, "pledged_to": pledged, "petition": petition}


def _pledged(delegates: list[Any], alternates: list[Any]) -> Ballot:
    """The S.5961 ballot of Alpha and Beta with these delegates and alternates (2 seats each)."""
    offices = [
        {"id": "del", "kind": "delegate", "seats": 2, "candidates": delegates},
        {"id": "alt", "kind": "alternate-delegate", "seats": 2, "candidates": alternates},
    ]
    return ballot(*_president(*offices), nyc=False, bills=("S5961",))


# --- S.5961 delegate petitions ----------------------------------------------------------------


def test_s5961_a_petition_with_mixed_pledges_is_void() -> None:
    # § 2-122-a(6)(e): "NO DESIGNATING PETITION CONTAINING THE NAMES OF MORE THAN ONE CANDIDATE
    # FOR EITHER SUCH POSITION SHALL BE VALID ... UNLESS ALL ... PLEDGED TO THE SAME
    # PRESIDENTIAL CANDIDATE". P-1 names a delegate for Alpha and an alternate for Beta: void,
    # both names off; P-2 (all for Alpha) stands.
    b = _pledged(
        [
            _delegate("d1", "Ann Reyes", "F", "alpha", "P-1"),
            _delegate("d2", "Bob Stone", "M", "alpha", "P-2"),
        ],
        [_delegate("a1", "Fay Moss", "F", "beta", "P-1")],
    )
    assert _children(b, "JANE ALPHA") == ["Delegate: BOB STONE (M)"]
    assert _children(b, "JO BETA") == []
    void = {left.who for left in b.left_off if left.cite == "2-122-a(6)(e)"}
    assert void == {"Ann Reyes", "Fay Moss"}


def test_s5961_a_petitions_delegates_and_alternates_are_one_group_in_one_drawing() -> None:
    # § 2-122-a(8)(c): "CANDIDATES OR GROUPS OF CANDIDATES FOR DELEGATES AND ALTERNATE
    # DELEGATES DESIGNATED BY THE SAME PETITION SHALL BE TREATED AS ONE GROUP". One drawing for
    # Alpha's row: sha256('s|delegates:alpha|A-1') = 7a8bd32d5dd4...,
    # sha256('s|delegates:alpha|A-2') = 5f0fde5feec2...: A-2 first, in both lists.
    b = _pledged(
        [
            _delegate("d1", "Ann Reyes", "F", "alpha", "A-1"),
            _delegate("d3", "Carl Young", "M", "alpha", "A-2"),
        ],
        [
            _delegate("a1", "Fay Moss", "F", "alpha", "A-1"),
            _delegate("a2", "Gus Hart", "M", "alpha", "A-2"),
        ],
    )
    assert _children(b, "JANE ALPHA") == [
        "Delegate: CARL YOUNG (M)",
        "Delegate: ANN REYES (F)",
        "Alternate: GUS HART (M)",
        "Alternate: FAY MOSS (F)",
    ]


def test_s5961_delegates_without_a_presidential_office_are_an_error() -> None:
    # § 2-122-a(8)(b) lists delegates "IMMEDIATELY UNDER OR ADJACENT TO THE NAME OF SUCH
    # PRESIDENTIAL CANDIDATE": with no presidential office they have nowhere to go.
    dels = {"id": "del", "kind": "delegate", "candidates": [_delegate("d1", "A Aa", "F", "x", "P")]}
    with pytest.raises(UsageError, match="no office of kind 'president'"):
        ballot(dels, bills=("S5961",))


# --- ids ----------------------------------------------------------------------------------


def test_a_candidate_id_equal_to_another_groups_petition_id_is_refused() -> None:
    o = office("jd", "Ann Kim", "Bo Lee", "Cy Moe", kind="party-position", seats=2)
    o["candidates"][0]["petition"] = "cy-moe"
    o["candidates"][1]["petition"] = "cy-moe"
    with pytest.raises(UsageError, match="petition id 'cy-moe' is also the id of the candidate"):
        ballot(o)


def test_the_id_uncommitted_is_refused() -> None:
    o = office("president", "Uncommitted Person", kind="president")
    o["candidates"][0]["id"] = "uncommitted"
    with pytest.raises(UsageError, match="reserved for the word UNCOMMITTED"):
        ballot(o, bills=("S5961",))


# --- the fifteen-letter rule and names: golden cases in tests/golden/ballot/7-104-names.yaml ---


# --- one person, printed once -------------------------------------------------------------


def test_one_person_designated_twice_prints_once() -> None:
    # § 7-114(1)(c) (pre-2019; A.9725's old reading): "his name shall be placed upon the ballot
    # for the primary election but once as such a candidate."
    o = office("ad", "Ann Lee", "Ann Lee", "Bo Best")
    o["candidates"][1].update({"id": "ann-lee-2", "person": "ann-lee", "petition": "P-9"})
    b = ballot(o)
    assert names(b, "ad") == ["BO BEST", "ANN LEE"]
    assert any(left.cite == "7-114(1)(c)" for left in b.left_off)


@pytest.mark.parametrize(
    ("law", "bills", "cite"),
    [
        # current/7-114.txt: "his or her name shall be placed upon the ballot for the primary
        # election but once as such a candidate." (paragraph 1(b) there).
        ("current", (), "7-114(1)(b)"),
        # S.5305-A § 17 repeals § 7-114: no words print a name once; the reading is stated and
        # the board's § 7-116(1) is cited.
        (None, ("S5305A",), "7-116(1)"),
    ],
)
def test_printed_once_under_the_law_in_force_and_s5305a(
    law: str | None, bills: tuple[str, ...], cite: str
) -> None:
    o = office("dl", "Ann Lee", "Ann Lee", "Bo Best", kind="party-position")
    o["candidates"][1].update({"id": "ann-lee-2", "person": "ann-lee", "petition": "P-9"})
    b = ballot(o, nyc=False, law=law, bills=bills)
    assert sorted(names(b, "dl")) == ["ANN LEE", "BO BEST"]
    assert [left.cite for left in b.left_off] == [cite]


def test_one_person_for_one_seat_is_no_contest() -> None:
    # Two petitions, one person, one seat: "uncontested" (§ 7-114(1)(d)).
    o = office("ad", "Ann Lee", "Ann Lee")
    o["candidates"][1].update({"id": "ann-lee-2", "person": "ann-lee"})
    b = ballot(o)
    assert b.contests == [] and b.left_off[-1].cite == "7-114(1)(d)"


def test_a_person_on_two_group_petitions_prints_with_the_petition_first_filed() -> None:
    # § 6-147(1): "shall be printed on the ballot with the group of candidates designated by the
    # petition first filed". Kim is on P-1 (filed 9:00) and P-2 (filed 10:00): printed in P-1.
    rows = [
        ("kim", "Grace Kim", "P-1", "09:00"),
        ("adams", "Ruth Adams", "P-1", "09:00"),
        ("kim-2", "Grace Kim", "P-2", "10:00"),
        ("baker", "Tom Baker", "P-2", "10:00"),
    ]
    candidates = [
        {"id": i, "name": n, "petition": p, "filed": f"2016-04-04T{t}", "person": n}
        for i, n, p, t in rows
    ]
    o = {"id": "jd", "kind": "party-position", "seats": 2, "candidates": candidates}
    # Left: P-1 (Kim, Adams), placed by its first person, Kim; Baker alone. Baker < Kim.
    assert names(ballot(o), "jd") == ["TOM BAKER", "GRACE KIM", "RUTH ADAMS"]


# --- a vacancy filled after the order was determined -----------------------------------------


@pytest.mark.parametrize("law", [None, "current"])
def test_a_vacancy_filled_late_takes_the_original_candidates_place(law: str | None) -> None:
    # § 7-116(4) (pre-2019; carried forward, unverified, under the law in force): "the name of
    # the candidate designated or nominated to fill such vacancy shall be printed in the place
    # so determined for the original candidate." Abel declined; Zane fills the vacancy. In the
    # city, district 1: Abel's place is first (Abel, Best, Cole), so ZED ZANE is first, not
    # last as "Zane" would sort.
    o = office("ad", "Anna Abel", "Bo Best", "Cy Cole", "Zed Zane")
    o["candidates"][0]["status"] = "declined"
    o["candidates"][3]["replaces"] = "anna-abel"
    if law is None:
        assert names(ballot(o), "ad") == ["ZED ZANE", "BO BEST", "CY COLE"]
    # Outside the city Zane is drawn with Abel's ticket: the same place as Abel would have had.
    drawn = names(ballot(o, nyc=False, law=law), "ad")
    o["candidates"][0]["status"] = "designated"
    del o["candidates"][3]
    with_abel = names(ballot(o, nyc=False, law=law), "ad")
    assert drawn == [n.replace("ANNA ABEL", "ZED ZANE") for n in with_abel]


def test_replaces_must_name_a_candidate_off_the_ballot() -> None:
    o = office("ad", "Anna Abel", "Bo Best", "Zed Zane")
    o["candidates"][2]["replaces"] = "anna-abel"
    with pytest.raises(UsageError, match="only a candidate who declined"):
        ballot(o)


# --- A.9725 ---------------------------------------------------------------------------------


def test_a9725_a_sole_filer_who_declined_is_not_printed() -> None:
    # § 6-117(3) names the sole filer; a filer who declined (§ 6-146) is not a candidate.
    o = office("leader", "Sam Brown", kind="party-position")
    o["candidates"][0].update({"status": "declined", "notice_of_intent": True})
    b = ballot(o, bills=("A9725",))
    assert b.contests == []
    assert (b.left_off[0].who, b.left_off[0].cite) == ("Sam Brown", "6-146")


# --- convention delegates and alternates: one petition, one group ----------------------------
# Worked by hand as golden cases: tests/golden/ballot/7-116-conventions.yaml.


# --- smaller --------------------------------------------------------------------------------


def test_a_party_with_nothing_contested_gets_no_ballot() -> None:
    # § 7-114(1)(d): "no ballot shall be printed for a party whose primary is uncontested
    # unless a petition for opportunity to ballot has been filed."
    b = ballot(office("leader", "Sam Brown", kind="party-position"))
    assert not b.printed
    text = render_text(b)
    assert text.splitlines()[1] == "NO PRIMARY BALLOT PRINTED - DEMOCRATIC PARTY"
    assert "§ 7-114(1)(d)" in text


def test_s5305a_cites_no_section_it_repeals() -> None:
    # S.5305-A § 18 repeals § 7-116(3) to (6); a late court order is placed by the board.
    o = office("dl", "Ann Abel", "Bo Best", "Cy Cole", kind="party-position")
    o["candidates"][0]["court_order"] = "added-late"
    b = ballot(o, nyc=False, bills=("S5305A",))
    cites = {s.cite for c in b.contests for s in c.steps} | {left.cite for left in b.left_off}
    assert not {c for c in cites if c.startswith(("7-116(3)", "7-116(6)", "7-114"))}


def test_a_tie_in_filing_time_is_drawn_by_lot_and_the_reading_stated() -> None:
    # § 7-116(6) orders county committee by "priority of filing"; P-1 and P-2 were filed at the
    # same minute. sha256('s|cc|P-2') = a439ad9b32c6... < sha256('s|cc|P-1') = e84867...: P-2.
    rows = [
        ("Nina Fox", "P-1", "09:12"),
        ("Omar Grant", "P-1", "09:12"),
        ("Iris Hale", "P-2", "09:12"),
        ("Ken Ito", "P-2", "09:12"),
        ("Al Bo", "P-3", "11:00"),
    ]
    candidates = [{"name": n, "petition": p, "filed": f"2016-04-04T{t}"} for n, p, t in rows]
    o = {"id": "cc", "kind": "county-committee", "seats": 2, "candidates": candidates}
    b = ballot(o)
    assert names(b, "cc") == ["IRIS HALE", "KEN ITO", "NINA FOX", "OMAR GRANT", "AL BO"]
    assert any(s.text.startswith("Reading: petitions filed at the same time") for s in
               b.contests[0].steps)  # fmt: skip


def test_several_late_additions_are_alphabetical_and_the_reading_stated() -> None:
    # § 7-116(6): "the name may be added at the bottom"; the order of two added names is not
    # in the words: alphabetical here (Abel before Zane), said on the ballot.
    o = office("ad", "Zed Zane", "Anna Abel", "Bo Best", "Cy Cole")
    o["candidates"][0]["court_order"] = "added-late"
    o["candidates"][1]["court_order"] = "added-late"
    b = ballot(o)
    assert names(b, "ad") == ["BO BEST", "CY COLE", "ANNA ABEL", "ZED ZANE"]
    assert any("do not order several" in s.text for s in b.contests[0].steps)


def test_the_input_digest_is_recorded_beside_the_seed() -> None:
    # Canonical JSON (keys sorted, no spaces) of the document below, by hand:
    # {"offices":[{"candidates":[{"name":"A Aa"},{"name":"B Bb"}],"id":"x"}],"party":"D","seed":"s"}
    # printf '%s' '<that>' | sha256sum = a8ee9104...
    doc = {"party": "D", "seed": "s", "offices": [{"id": "x", "candidates": [{"name": "A Aa"},
           {"name": "B Bb"}]}]}  # fmt: skip
    b = build_ballot(parse_ballot(doc), choose_law(None))
    assert b.input_digest.startswith("a8ee91048cd04aa4")
    assert "Input digest: sha256 a8ee9104" in render_text(b)


def test_every_output_under_a_bill_says_what_if() -> None:
    b = ballot(office("ad", "A Aa", "B Bb"), bills=("A9725",))
    assert b.what_if and "WHAT-IF" in render_text(b)
    assert not ballot(office("ad", "A Aa", "B Bb")).what_if


# --- the law in force -----------------------------------------------------------------------


def test_law_in_force_outside_the_city_cites_its_own_words() -> None:
    # current/7-114.txt: uncontested is paragraph 1(c) there ("The ballot shall not contain a
    # space for voting for candidates for uncontested offices and positions"); the lot is the
    # start of § 7-116(3) ("shall determine by lo"), the rest carried forward, unverified.
    b = ballot(office("leader", "Sam Brown"), office("ad", "A Aa", "B Bb"), nyc=False,
               law="current")  # fmt: skip
    assert [left.cite for left in b.left_off] == ["7-114(1)(c)"]
    assert b.unverified and "Unverified: § 7-116(3)" in render_text(b)


def test_the_ballot_code_asks_for_provisions_never_for_a_bill_or_version() -> None:
    import re
    from pathlib import Path

    import nyballot.ballot

    folder = Path(nyballot.ballot.__file__).parent
    code = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.py")}
    asks = re.compile(r"\.has\(|\.law ==|\.law !=|overlays\[|versions\[")
    assert {name for name, text in code.items() if asks.search(text)} == set()
