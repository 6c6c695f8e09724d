from pathlib import Path

import pytest
from click.testing import CliRunner

from nyballot.cli import cli, main
from nyballot.delegates import parse_results
from nyballot.errors import UsageError

HEADER = "district,candidate,votes\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("1,A,10\n1,B,-3\n", "RESULTS.csv row 3: votes '-3' is negative"),
        ("1,A,ten\n", "RESULTS.csv row 2: votes 'ten' is not a whole number"),
        ("1,A,1,200\n", "RESULTS.csv row 2: expected 3 columns, found 4"),  # not read as 1
        ("1,A,10,extra\n", "RESULTS.csv row 2: expected 3 columns, found 4"),
        ("1,A,10\n2,B,1\x00\n", "RESULTS.csv line 3: contains a NUL byte"),
        ("1,A,1.5\n", "RESULTS.csv row 2: votes '1.5' is not a whole number"),
        ("1,A,10\n1,A,12\n", "RESULTS.csv row 3: duplicate row for candidate 'A' in district 1"),
        ("1,A,10\n2,A,0\n2,B,0\n", "RESULTS.csv row 3: district 2 has no votes (rows 3, 4"),
        ("1,,10\n", "RESULTS.csv row 2: the candidate is empty"),
        (",A,10\n", "RESULTS.csv row 2: the district is empty"),
        ("1,A\n", "RESULTS.csv row 2: expected 3 columns, found 2"),
    ],
)
def test_bad_rows_are_named(body: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_results(HEADER + body)
    assert str(err.value).startswith(message)


def test_a_missing_column_is_named() -> None:
    with pytest.raises(UsageError, match=r"row 1: missing column\(s\) votes"):
        parse_results("district,candidate\n1,A\n")


def test_an_empty_file_is_reported() -> None:
    with pytest.raises(UsageError, match="empty file"):
        parse_results("")


def test_districts_come_in_numeric_order_and_blank_lines_are_skipped() -> None:
    data = parse_results(HEADER + "10,A,1\n\n2,A,1\n1,A,1\n")
    assert list(data) == ["1", "2", "10"]


def test_cli_error_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "RESULTS.csv"
    path.write_text(HEADER + "1,A,10\n1,B,-3\n1,C,4\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["delegates", str(path), "--at-large", "5"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err == f"nyballot: error: {path} row 3: votes '-3' is negative\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["/dev/null", "--at-large", "5"], "/dev/null: empty file"),
        (
            ["RESULTS.csv", "--at-large", "5", "--per-district", "4", "--with", "S5961"],
            "--per-district 4: § 2-122-b",
        ),
        # The law in force has no allocation: no answer from a bill unless it is asked for.
        (
            ["RESULTS.csv", "--at-large", "5", "--year", "2028"],
            "year 2028: Election Law in force from 2019 (June primary) has no delegate allocation; "
            "S.5961 of 2015 (a bill never enacted) would enact one: give --with S5961 to read it",
        ),
    ],
)
def test_cli_names_the_file_as_given_and_the_fixed_seats(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "RESULTS.csv").write_text(HEADER + "1,A,10\n1,B,3\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["delegates", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"nyballot: error: {message}") and err.count("\n") == 1, err


def test_cli_json_matches_the_contract(tmp_path: Path) -> None:
    import json

    path = tmp_path / "r.csv"
    # District 1: A 60% majority -> A 3. District 2: A 40, B 35, C 25 -> A 2, B 1.
    # Statewide A 100, B 60, C 40 of 200: A 50% is not a majority; all >= 20% (40 = 20%).
    # 10 at large: A 10*100/200 = 5, B 3, C 2 -> 10.  Total A 3+2+5 = 10, B 1+3 = 4, C 2.
    path.write_text(HEADER + "1,A,60\n1,B,25\n1,C,15\n2,A,40\n2,B,35\n2,C,25\n", encoding="utf-8")
    out = CliRunner().invoke(
        cli, ["delegates", str(path), "--at-large", "10", "--format", "json", "--with", "S5961"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["districts"]["1"]["awards"] == {"A": 3}
    assert data["districts"]["2"]["awards"] == {"A": 2, "B": 1}
    assert data["at_large"]["awards"] == {"A": 5, "B": 3, "C": 2}
    assert data["total"] == {"A": 10, "B": 4, "C": 2}
    assert data["districts"]["1"]["steps"][0]["cite"] == "§ 2-122-b(2)"
