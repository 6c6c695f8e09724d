import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nyballot.ballot import draw, parse_ballot
from nyballot.ballot import law as ballot_law
from nyballot.ballot.order import Item, rotate
from nyballot.cli import cli, main
from nyballot.errors import UsageError
from nyballot.law.texts import quote_found

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize("rule", ballot_law.ALL_RULES, ids=lambda r: f"{r.cite} {r.words[:30]}")
def test_every_quoted_rule_is_in_its_text(rule: ballot_law.Rule) -> None:
    assert quote_found(rule.text, rule.words)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "the document must be a JSON object"),
        ({"party": "D", "offices": []}, "'offices' must be a non-empty list"),
        (
            {"party": "D", "offices": [{"id": "x", "candidates": [{}]}]},
            "offices[0].candidates[0]: 'name' must be a non-empty string",
        ),
        (
            {
                "party": "D",
                "offices": [{"id": "x", "candidates": [{"name": "A", "status": "won"}]}],
            },
            "offices[0].candidates[0]: 'status' must be one of",
        ),
        (
            {"party": "D", "offices": [{"id": "x", "seats": 0}]},
            "offices[0]: 'seats' must be a whole number of at least 1",
        ),
        (
            {"party": "D", "offices": [{"id": "x"}, {"id": "x"}]},
            "offices[1]: office id 'x' is repeated",
        ),
        ({"party": "D", "election": "general", "offices": [{"id": "x"}]}, "only 'primary' ballots"),
    ],
)
def test_bad_input_names_the_place(doc: object, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_ballot(doc, "ed.json")
    assert message in str(err.value)
    assert str(err.value).startswith("ed.json")


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_the_examples_print_in_every_format(fmt: str) -> None:
    for example, bills in (("ballot-ed.json", []), ("ballot-presidential.json", ["S5961"])):
        args = ["ballot", str(EXAMPLES / example), "--format", fmt]
        for bill in bills:
            args += ["--with", bill]
        out = CliRunner().invoke(cli, args)
        assert out.exit_code == 0, out.output
        if fmt == "json":
            assert json.loads(out.output)["contests"]
        if fmt == "html":
            assert out.output.startswith("<!doctype html>")


def test_cli_reports_bad_json_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ed.json"
    path.write_text("{nope", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["ballot", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("nyballot: error: ed.json: not valid JSON (line 1")
    assert err.count("\n") == 1


@given(st.lists(st.text(min_size=1, max_size=5), unique=True, max_size=8), st.text())
def test_a_drawing_is_a_reproducible_permutation(keys: list[str], seed: str) -> None:
    order = draw(seed, "office", keys)
    assert sorted(order) == sorted(keys)
    assert draw(seed, "office", list(reversed(keys))) == order


@given(st.lists(st.integers(), unique=True, max_size=8), st.integers(0, 50))
def test_rotation_is_a_permutation_with_period_n(values: list[int], steps: int) -> None:
    items = [Item(str(v), ()) for v in values]
    rotated = rotate(items, steps)
    assert sorted(i.key for i in rotated) == sorted(i.key for i in items)
    assert rotate(items, steps + len(items)) == rotated
