"""Every command's text output fits the terminal: at 80 columns and at 200 no line is longer,
and the narrow text keeps every word of the wide one (only the line breaks differ)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nyballot.cli import cli
from nyballot.cli.terminal import fit

WIDTHS = (80, 200)

# One text output of each command, on the shipped examples. The plain ones wrap at spaces:
# their words, in order, are the same at any width.
PLAIN = [
    "ballot examples/ballot-governor.json",
    "ballot examples/ballot-ed.json",
    "ballot examples/ballot-upstate.json",
    "ballot examples/ballot-presidential.json --with S5961",
    "delegates examples/results.csv --at-large 14 --with S5961",
    "signatures --unit assembly --enrolled 30000",
    "signatures --office member-of-assembly --petition independent --votes-for-governor 41234",
    "special --office assembly --proclaimed 2026-02-02 --election 2026-03-17",
    "village 2027",
    "village 2027 --primary",
    "law show pre-2019",
    "law show S5961",
    "law check S5961",
    "compare 2016 --with S5961",
    "compare 2016 --law current --against pre-2019",
]
# A table stacks its columns on a narrow terminal: every word is still printed, the column
# headings and the stacked layout's own marks apart.
TABLES = [
    "calendar 2026",
    "law list",
    "law coverage",
    "law coverage --law pre-2019",
    "holidays 2026",
    "explain 2015 designating_petition.filing",
    "explain 2016 party_nomination.electors_certificate --with S5961",
]
# the calendar's column headings, and its stacked entries' dash between two days
LAYOUT = {"first", "day", "last", "/", "date", "what", "§", "–"}
BOX = {code: " " for code in range(0x2500, 0x2580)}


def _run(command: str, width: int) -> str:
    env = {"COLUMNS": str(width), "NYBALLOT_TODAY": "2026-12-01"}
    result = CliRunner().invoke(cli, command.split(), env=env, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def _words(text: str) -> list[str]:
    return text.translate(BOX).split()


def _table_words(text: str) -> set[str]:
    """A folded row writes "heading: cell" where the table has the heading above the cell."""
    return {word.rstrip(":") for word in _words(text)}


@pytest.fixture(scope="module", params=PLAIN + TABLES)
def outputs(request: pytest.FixtureRequest) -> dict[int, str]:
    return {0: request.param, **{width: _run(request.param, width) for width in WIDTHS}}


@pytest.mark.parametrize("width", WIDTHS)
def test_no_line_is_wider_than_the_terminal(outputs: dict[int, str], width: int) -> None:
    too_wide = [line for line in outputs[width].splitlines() if len(line) > width]
    assert too_wide == []


def test_the_narrow_text_keeps_every_word_of_the_wide(outputs: dict[int, str]) -> None:
    if outputs[0] in PLAIN:
        assert _words(outputs[80]) == _words(outputs[200])
    else:  # a word folded in a narrow cell would be two words found nowhere in the wide text
        assert _table_words(outputs[80]) ^ _table_words(outputs[200]) <= LAYOUT


def test_a_long_line_wraps_beneath_its_indent_and_keeps_every_word() -> None:
    line = "  1. " + "word " * 30 + "x" * 90
    lines = fit(line, 40).splitlines()
    assert max(len(x) for x in lines) <= 40
    assert all(x.startswith("      ") for x in lines[1:])  # two spaces, then four more
    assert "".join(line.split()) == "".join("".join(lines).split())
    assert fit("short\n\n  kept as it is", 40) == "short\n\n  kept as it is"


PAPER = (
    "desk file designating_petition --board nyc --year 2026 --received 2026-04-06T16:40-04:00"
    " --late-entry outage --candidate Ana_Ruiz@40_Grand_St --office Member_of_the_City_Council"
)


def test_the_desk_fits_the_terminal(tmp_path: Path) -> None:
    # One late petition filed in a new book; then the book and what falls due, at both widths.
    env = {"NYBALLOT_DATABASE_URL": f"sqlite:///{tmp_path / 'book.sqlite3'}"}
    runner = CliRunner(env={**env, "NYBALLOT_TODAY": "2026-12-01"})
    assert runner.invoke(cli, ["desk", "init"]).exit_code == 0
    filed = {w: runner.invoke(cli, PAPER.split(), env={"COLUMNS": str(w)}) for w in WIDTHS}
    for command in ("desk book", "desk due --all"):
        out = {w: runner.invoke(cli, command.split(), env={"COLUMNS": str(w)}) for w in WIDTHS}
        assert all(r.exit_code == 0 for r in out.values()), out[80].output
        for width in WIDTHS:
            lines = [*out[width].stdout.splitlines(), *filed[width].stdout.splitlines()]
            assert [line for line in lines if len(line) > width] == []
        narrow, wide = _table_words(out[80].stdout), _table_words(out[200].stdout)
        # a folded row leaves out its empty cells, so the headings of columns left empty
        assert narrow <= wide and wide - narrow <= {"party", "or", "body", "memorandum"}


DATA = Path(__file__).parent / "petitions" / "data"
LINES = DATA / "lines.csv"
PETITION = "--year 2026 --party DEM --unit AD=7"


def _clerk_round(folder: Path, width: int) -> dict[str, str]:
    """A clerk's round, on a voter store and a book of its own, at one width: what each
    command printed (stdout and stderr), by the command's name."""
    folder.mkdir()
    env = {
        "NYBALLOT_DATABASE_URL": f"sqlite:///{folder / 'book.sqlite3'}",
        "NYBALLOT_VOTERS_DB": str(folder / "voters.duckdb"),
        "NYBALLOT_TODAY": "2026-12-01",
        "COLUMNS": str(width),
    }
    runner = CliRunner(env=env)
    printed: dict[str, str] = {}

    def run(name: str, command: str, *more: str) -> str:
        result = runner.invoke(cli, [*command.split(), *more], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        printed[name] = result.output
        return result.output

    run("voters import", f"voters import {DATA / 'voters.txt'} --date 2026-01-05")
    run("voters info", "voters info")
    run("petitions review", f"petitions review {LINES} {PETITION} --enrolled 40")
    kept = run("petitions review --keep", f"petitions review {LINES} {PETITION} --keep")
    review = kept.split("kept as review ")[1].split(":")[0]
    run("petitions report", f"petitions report {review}")
    run("petitions override", f"petitions override {review} --sheet 1 --line 12 --valid",
        "--reason", "the name is legible on the sheet", "--clerk", "Ann Example")  # fmt: skip
    run("petitions undo", f"petitions undo {review} --sheet 1 --line 12",
        "--reason", "misread", "--clerk", "Ann Example")  # fmt: skip
    run("petitions certify", f"petitions certify {review}", "--clerk", "Ann Example")
    run("petitions specifications", f"petitions specifications {LINES} {PETITION}",
        "--format", "html", "--output", str(folder / "specs.html"))  # fmt: skip
    run("desk token", "desk token --board albany", "--clerk", "Ann Example")
    boards = [
        f"--board={b}" for b in ("albany", "cattaraugus", "nyc", "st-lawrence", "westchester")
    ]
    run("desk token (2)", "desk token --role supervisor --expires 2027-06-30", *boards,
        "--clerk", "Bartholomew Alexander Montgomery-Fitzwilliam")  # fmt: skip
    run("desk token --revoke", "desk token --revoke 1")
    run("desk token --list", "desk token --list")
    key = str(folder / "board-key.pem")
    run("desk signing-key", f"desk signing-key --new {key}")
    filed = run(
        "desk file",
        "desk file designating_petition --board albany --year 2026",
        "--candidate",
        "Ana Ruiz@40 Grand St",
        "--signing-key",
        key,
        "--format",
        "json",
    )
    digest = json.loads(filed)["hash"]  # the day's last record's hash: its digest
    del printed["desk file"]  # JSON, not text for a terminal (its text is tested above)
    run("desk verify", f"desk verify --digest {digest} --signing-key {key}")
    return printed


def test_the_clerks_commands_fit_the_terminal(tmp_path: Path) -> None:
    # Petition review, its report, an override, its undo, the certification, the
    # specifications, the voter store, the tokens and the book's check, at 80 and at 200.
    rounds = {width: _clerk_round(tmp_path / str(width), width) for width in WIDTHS}
    for width, printed in rounds.items():
        too_wide = {name: [x for x in out.splitlines() if len(x) > width]
                    for name, out in printed.items()}  # fmt: skip
        assert {name: lines for name, lines in too_wide.items() if lines} == {}
    # The review's words are the same at both widths (only the line breaks differ).
    assert _words(rounds[80]["petitions review"]) == _words(rounds[200]["petitions review"])
