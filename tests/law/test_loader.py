"""The loader: a replacement keeps what it does not restate, the kind alone decides rolling,
and an overlay file is named by its id."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nyballot.calendar.engine import build_calendar
from nyballot.errors import LawDataError
from nyballot.export.json import provision_dict
from nyballot.law.loader import apply_overlays, build_provision, build_rule, load_law, load_overlay
from nyballot.law.model import NON_ROLLING_KINDS, Rule

_BASE_RULE = {
    "id": "x.meeting",
    "cite": "6-158(5)",
    "title": "A meeting",
    "law": "held not later than",
    "source": "current/6-158.txt",
    "closes": "4th Thursday of August",
}


def test_s5961_judicial_convention_keeps_the_base_rules_no_roll() -> None:
    # S.5961 § 8 restates 6-158(5) ("not earlier than the FOURTH TUESDAY in AUGUST ... not
    # later than the FOURTH THURSDAY in AUGUST") without a kind; the pre-2019 rule is a
    # convention held, not a paper filed, so its last day does not roll.
    # August 2016: Tuesdays 2, 9, 16, 23 -> Tue Aug 23; Thursdays 4, 11, 18, 25 -> Thu Aug 25.
    cal = build_calendar(2016, law="pre-2019", overlays=["S5961"])
    got = cal.get("judicial_convention")
    assert got is not None
    assert (got.opens, got.closes, got.cite) == (
        dt.date(2016, 8, 23),
        dt.date(2016, 8, 25),
        "6-158(5)",
    )
    assert got.rule.overlay == "S5961"
    assert got.rule.kind == load_law().versions["pre-2019"].rules["judicial_convention"].kind
    assert not got.rule.roll


def _replace_convention(tmp_path: Path, ident: str, extra: str = "") -> tuple[Rule, Rule]:
    """The pre-2019 judicial convention rule, and that rule as a one-change overlay moving its
    last day to the fourth Friday of August (with ``extra`` keys) leaves it."""
    base = load_law().versions["pre-2019"]
    path = tmp_path / f"{ident}.yaml"
    path.write_text(
        f"id: {ident}\ntitle: t\nkind: bill\ncite: c\nenacted: false\nversions: [pre-2019]\n"
        "replace:\n  - id: judicial_convention\n    cite: '6-158(5)'\n    title: t\n"
        "    law: w\n    source: pre2019/6-158.txt\n    closes: 4th Friday of August\n" + extra,
        encoding="utf-8",
    )
    rules = apply_overlays(base, [load_overlay(path)])
    return base.rules["judicial_convention"], rules["judicial_convention"]


def test_a_replacement_keeps_every_field_it_does_not_restate(tmp_path: Path) -> None:
    was, now = _replace_convention(tmp_path, "only-closes")
    assert now.closes != was.closes
    assert (now.opens, now.kind, now.when, now.only_in) == (
        was.opens,
        was.kind,
        was.when,
        was.only_in,
    )
    assert now.kind == "meeting" and not now.roll


def test_a_replacement_that_restates_the_kind_changes_it(tmp_path: Path) -> None:
    _, now = _replace_convention(tmp_path, "kind", "    kind: window\n")
    assert now.kind == "window"
    assert now.roll


@pytest.mark.parametrize("roll", [True, False])
def test_the_loader_refuses_a_roll_key(roll: bool) -> None:
    with pytest.raises(LawDataError, match="'roll' is not a key: the kind decides"):
        build_rule({**_BASE_RULE, "roll": roll}, "t.yaml", {})


def test_the_kind_alone_decides_rolling() -> None:
    assert not build_rule({**_BASE_RULE, "kind": "meeting"}, "t.yaml", {}).roll
    assert build_rule({**_BASE_RULE, "kind": "receipt"}, "t.yaml", {}).roll
    assert build_rule(_BASE_RULE, "t.yaml", {}).roll  # a deadline
    law = load_law()
    for version in law.versions.values():
        for rule in version.rules.values():
            assert rule.roll == (rule.kind not in NON_ROLLING_KINDS), rule.id


def test_each_overlay_file_is_named_by_its_id() -> None:
    for ident, overlay in load_law().overlays.items():
        assert Path(overlay.origin).name == f"{ident}.yaml"


def test_an_overlay_file_whose_name_is_not_its_id_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other-name.yaml"
    path.write_text(
        "id: an-id\ntitle: t\nkind: bill\ncite: c\nenacted: false\nversions: [pre-2019]\n",
        encoding="utf-8",
    )
    with pytest.raises(LawDataError, match=r"other-name\.yaml: the file must be named an-id\.yaml"):
        load_overlay(path)


_PROVISION = {
    "id": "x.fee",
    "cite": "6-117(2)",
    "title": "A fee",
    "law": "five hundred dollars",
    "source": "bills/A9725.txt",
    "value": "$500",
    "type": "dollars",
    "setting": 500,
}


def test_secondary_evidence_is_one_convention_for_rules_and_provisions() -> None:
    source = {"evidence": "secondary", "evidence_source": "current/X-SECONDARY.txt"}
    p = build_provision({**_PROVISION, **source}, "t.yaml", {})
    assert (p.evidence, p.evidence_source) == ("secondary", "current/X-SECONDARY.txt")
    assert p.secondary == "secondary: current/X-SECONDARY.txt"
    shown = provision_dict(p)
    assert (shown["evidence"], shown["evidence_source"]) == ("secondary", source["evidence_source"])
    assert build_provision(_PROVISION, "t.yaml", {}).secondary == ""
    for wrong, message in (
        ({"evidence": "secondary: current/X-SECONDARY.txt"}, "'evidence' must be 'secondary'"),
        ({"evidence": "secondary"}, "name the secondary source in 'evidence_source'"),
        ({"evidence_source": "current/X-SECONDARY.txt"}, "without 'evidence: secondary'"),
    ):
        with pytest.raises(LawDataError, match=message):
            build_provision({**_PROVISION, **wrong}, "t.yaml", {})
        with pytest.raises(LawDataError, match=message):
            build_rule({**_BASE_RULE, **wrong}, "t.yaml", {})
