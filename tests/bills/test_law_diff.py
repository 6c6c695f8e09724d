"""nyballot law diff: two wordings of a section, each changed unit and who quotes it."""

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

Run = Callable[..., tuple[int, str, str]]
TEXTS = Path(str(resources.files("nyballot.law").joinpath("data/texts")))


def test_pre2019_and_current_6_158(run_cli: Run) -> None:
    old, new = TEXTS / "pre2019/6-158.txt", TEXTS / "current/6-158.txt"
    code, out, err = run_cli("law", "diff", str(old), str(new), "--format", "json")
    assert code == 0, err
    found = {c["cite"]: c for c in json.loads(out)["changed"]}
    # § 6-158(1): "not earlier than the [tenth] THIRTEENTH Monday before, and not later than
    # the [ninth] TWELFTH Thursday preceding" (L.2019 ch.5): changed, and quoted by the
    # designating-petition rule of both versions.
    one = found["6-158(1)"]
    assert one["how"] == "changed"
    assert "tenth Monday" in one["old"] and "thirteenth Monday" in one["new"]
    quoting = {(q["in"], q["id"]) for q in one["quoted_by"] if q["by"] == "quotes it"}
    assert ("pre-2019", "designating_petition.filing") in quoting
    # The current text divides subdivision 6 into paragraphs (a)-(d): new units.
    assert found["6-158(6)(a)"]["how"] == "added"
    code, out, _ = run_cli("law", "diff", str(old), str(new))
    assert code == 0 and "§ 6-158(1) changed" in out


def test_wordings_of_two_sections_are_refused(run_cli: Run) -> None:
    code, _, err = run_cli(
        "law", "diff", str(TEXTS / "pre2019/6-158.txt"), str(TEXTS / "current/6-134.txt")
    )
    assert code == 2 and "not a wording of § 6-158" in err and len(err.splitlines()) == 1
