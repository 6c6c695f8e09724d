"""Whose nominations a rule belongs to is law data: a party's (Article 6, Title I) or an
independent body's (Title II); every family names rules the law has."""

from __future__ import annotations

from nyballot.law.loader import load_law
from nyballot.law.nominations import body_of, families


def test_a_designating_petition_is_a_partys_and_an_independent_one_an_independent_bodys() -> None:
    assert body_of("designating_petition.filing") == "party"
    assert body_of("independent_petition.filing") == "independent"


def test_a_special_elections_independent_nomination_is_not_taken_for_a_partys() -> None:
    assert body_of("special.independent_nomination") == "independent"
    assert body_of("special.party_nomination") == "party"


def test_a_rule_of_neither_family_is_every_candidates() -> None:
    assert body_of("election.general") is None
    assert body_of("designating_petitioner") is None  # a family is a whole id or a dotted prefix


def test_every_family_names_rules_or_provisions_the_law_has() -> None:
    law = load_law()
    ids = {r for v in law.versions.values() for r in [*v.rules, *v.provisions]}
    ids |= {c.rule_id for o in law.overlays.values() for c in o.changes}
    ids |= {p.id for o in law.overlays.values() for p in o.provisions}
    unknown = [
        family
        for names in families().values()
        for family in names
        if not any(i == family or i.startswith(family + ".") for i in ids)
    ]
    assert unknown == []
