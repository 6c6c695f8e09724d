"""Words of derivations that name what an overlay did."""

from __future__ import annotations

from nyballot.calendar.engine import build_calendar


def test_an_added_rule_says_added_and_a_replaced_one_replaced() -> None:
    cal = build_calendar(2026, enacted=False, overlays=("A9725",))
    added = cal.deadline("notice_of_intent.filing")
    replaced = cal.deadline("town_caucus")
    assert any(s.text.startswith("added by A9725") for s in added.derivation)
    assert any(s.text.startswith("replaced by A9725") for s in replaced.derivation)
    assert not any("addd" in s.text for d in cal.deadlines for s in d.derivation)
