"""The reader on each shipped bill text, checked against the overlay written by hand from it.

Each test names the hand-written overlay and the dates it and the draft must share; the
figures for the whole set are ``nyballot bill measure``'s (measured, not asserted, beyond the
floor each test states)."""

from importlib import resources
from pathlib import Path

import pytest

from nyballot.bills.measure import Measure, measure_overlay
from nyballot.law.loader import load_law


def _measure(overlay: str, tmp_path: Path) -> Measure:
    found = measure_overlay(load_law().overlays[overlay], tmp_path)
    assert found is not None, f"{overlay}: its text is not read as a bill"
    return found


def test_A9725_every_amended_provision_found(tmp_path: Path) -> None:
    # A.9725 amends or adds §§ 6-104(6), 6-108(1), 6-116, 6-117, 6-118, 6-120(3), 6-144,
    # 6-154(2), 6-158(1), 1-106, 6-210, 6-212, 7-114, 15-108, 16-102: all found.
    m = _measure("A9725", tmp_path)
    assert m.provisions[0] == m.provisions[1] == 18
    # Its ten date rules: the new notice of intent (§ 5), its cure (§ 5(6)), its objections,
    # specifications (§ 8) and two court proceedings (§ 19), each a twin of the designating
    # petition's; and the meeting (§ 1), caucus (§ 2), vacancy (§ 3) and authorization (§ 6)
    # counted from the notice. Every one is drafted with the hand overlay's dates for 2010.
    assert (m.rules, m.missed) == ((10, 10), ())


def test_S5305A_repeals_reproduced(tmp_path: Path) -> None:
    # S.5305-A § 8 repeals §§ 6-130..6-136: the first day to sign designating petitions goes,
    # and with it the rules counted from it (the town caucus, the state committee meeting,
    # the statement of party positions), exactly as the hand overlay repeals them.
    m = _measure("S5305A", tmp_path)
    assert m.provisions == (10, 10)
    for rule in ("designating_petition.signing", "town_caucus", "party_positions.statement"):
        assert rule not in m.missed
    assert m.rules[0] >= 6


def test_S5961_dates_reproduced(tmp_path: Path) -> None:
    # S.5961 § 2: "not later than [thirty-six] FIFTY-FOUR days before a primary election"
    # (§ 4-110), § 3 the same for the general (§ 4-112(1)), § 7 the tenth Tuesday (§ 6-147).
    m = _measure("S5961", tmp_path)
    assert m.provisions == (32, 32)  # all 32 the hand overlay amends are found
    for rule in ("primary_candidates.certification", "nominations.certification",
                 "multiple_group.certificate", "referendum.transmittal"):  # fmt: skip
        assert rule not in m.missed, rule


def test_2026_petition_period_reproduced(tmp_path: Path) -> None:
    # A.6774 § 1: "FOR THE YEAR TWO THOUSAND TWENTY-SIX ... NOT EARLIER THAN THE THIRTEENTH
    # MONDAY BEFORE, AND NOT LATER THAN THE TWELFTH MONDAY PRECEDING THE PRIMARY ELECTION";
    # § 2: signatures not earlier than forty-one days before the last day to file.
    m = _measure("2026-petition-period", tmp_path)
    assert (m.year, m.provisions, m.rules, m.missed) == (2026, (2, 2), (2, 2), ())


def test_L2023_ch120_reproduced(tmp_path: Path) -> None:
    # The same words for the year two thousand twenty-three.
    m = _measure("L2023-ch120", tmp_path)
    assert (m.year, m.provisions, m.rules, m.missed) == (2023, (2, 2), (2, 2), ())


def test_L2024_ch93_congressional_signatures_left_to_a_person(tmp_path: Path) -> None:
    # L.2024 ch.93 § 1 sets a first day to sign for congressional petitions only, "PROVIDED,
    # HOWEVER" others keep § 6-134(4): a new rule the hand overlay names; the reader finds the
    # provision and does not invent the rule.
    m = _measure("L2024-ch93", tmp_path)
    assert m.provisions == (1, 1)
    assert m.missed == ("designating_petition.signing_congressional",)


@pytest.mark.parametrize("key", ["bills/A9725.txt", "bills/S5305A.txt", "bills/S5961.txt"])
def test_every_seed_is_read_to_its_effective_section(key: str) -> None:
    from nyballot.bills.reader import read_bill

    text = resources.files("nyballot.law").joinpath("data/texts", key).read_text("utf-8")
    bill = read_bill(text, key)
    assert "take effect" in bill.effective.heading
