"""The four smaller defects of the last independent check, each fixed and kept fixed."""

import json
from pathlib import Path

import pytest
from helpers import ballot, office

from nyballot.cli import main

EXAMPLES = Path(__file__).parents[2] / "examples"


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # one line, no traceback
    return err


def test_a_short_form_refused_for_its_length_is_not_said_to_drop_the_surname() -> None:
    # "Christopher Abernathy-Smith": 25 letters (11 + 9 + 5: the hyphen is no letter). The form
    # "Christopher Q Abernathy-Smith" keeps the surname but has 26: refused for its length.
    o = office("ad", "Christopher Abernathy-Smith", "Bo Best")
    o["candidates"][0] |= {
        "surname": "Abernathy-Smith",
        "short_form": "Christopher Q Abernathy-Smith",
    }
    b = ballot(o, nyc=False, law="pre-2019")
    steps = " ".join(s.text for c in b.contests for s in c.steps)
    assert "has 26 letters, no fewer than the full name's 25" in steps
    assert "does not keep the surname" not in steps
    assert "C. ABERNATHY-SMITH" in [line.printed for c in b.contests for line in c.lines]


def test_a_lone_surrogate_character_is_refused_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.json"
    doc = '{"party": "D", "seed": "s", "offices": [{"id": "x", "candidates": [{"name": "A \\ud800"}]}]}'  # noqa: E501
    path.write_text(doc, encoding="utf-8")
    err = _refused(["ballot", str(path)], capsys)
    assert "s.json: offices[0].candidates[0].name: contains a lone surrogate U+D800" in err


@pytest.mark.parametrize("seed", ["a\nb", "a\tb", "a\u202eb"])
def test_a_seed_with_a_control_character_is_refused_as_the_file_refuses_it(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(["ballot", str(EXAMPLES / "ballot-upstate.json"), "--seed", seed], capsys)
    assert err.startswith("nyballot: error: --seed: contains the control character U+")


def test_a_conventions_delegates_contest_lists_no_drawing_for_an_alternate_only_candidate() -> None:
    delegates = office(
        "del", "Ann Abel", "Bo Best", "Di Dunn", kind="party-position", seats=2, convention="jc"
    )
    alternates = office(
        "alt", "Cy Cole", "Zed Zane", "Eve Egan", kind="party-position", seats=2, convention="jc"
    )
    for c in (*delegates["candidates"], alternates["candidates"][0]):
        c["petition"] = "P1"  # Ann Abel, Bo Best (delegates) and Cy Cole (alternate): one group
    b = ballot(delegates, alternates, nyc=False, law="pre-2019")
    drawn = {c.office: [s.text for s in c.steps if s.text.startswith("Drawn")] for c in b.contests}
    assert not any("Zed Zane" in s for s in drawn["del"])  # an alternate only: not a delegate
    assert any("Zed Zane" in s for s in drawn["alt"])
    assert json.dumps(drawn)  # both contests show their own drawing
