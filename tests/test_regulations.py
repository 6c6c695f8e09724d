"""A regulation of the State Board of Elections is its own kind of source: cited "9 NYCRR
6211.7(c)", never with the statute's "§", and marked so in the JSON. 2026: the early voting
communications plan is due Fri May 1 (9 NYCRR 6211.7(c), "on or before May 1")."""

from __future__ import annotations

import json

from click.testing import CliRunner

from nyballot import build_calendar
from nyballot.cli import cli
from nyballot.law.subdivisions import Cited, cite_of, is_regulation, parse_cite, with_sign

PLAN = "early_voting.communication_plan"


def test_a_regulation_cite_names_its_section_and_subdivision() -> None:
    assert parse_cite("9 NYCRR 6211.7(c)") == [Cited("9NYCRR-6211.7", ("c",))]
    assert cite_of("9NYCRR-6211.7", ("c",)) == "9 NYCRR 6211.7(c)"
    assert is_regulation("9 NYCRR 6211.1(a)") and not is_regulation("9-214(1)")


def test_a_regulation_is_never_given_the_statutes_sign() -> None:
    assert with_sign("9 NYCRR 6211.7(c)") == "9 NYCRR 6211.7(c)"
    assert with_sign("9-214(1)") == "§ 9-214(1)"


def test_the_communications_plan_is_due_may_first_under_the_regulation() -> None:
    plan = build_calendar(2026).deadline(PLAN)
    assert (plan.closes.isoformat(), plan.cite) == ("2026-05-01", "9 NYCRR 6211.7(c)")


def test_the_json_and_the_table_say_regulation_not_statute() -> None:
    out = CliRunner().invoke(cli, ["calendar", "2026", "--kind", "board", "--format", "json"])
    assert out.exit_code == 0, out.output
    dated = {d["id"]: d for d in json.loads(out.output)["deadlines"]}
    assert dated[PLAN]["authority"] == "regulation"
    assert dated["canvass.primary"]["authority"] == "statute"
    explained = CliRunner().invoke(cli, ["explain", "2026", PLAN])
    assert "9 NYCRR 6211.7(c)" in explained.output
    assert "§ 9 NYCRR" not in explained.output
