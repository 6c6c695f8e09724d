import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from nyballot.ballot import draw, parse_ballot
from nyballot.ballot.order import Item, rotate
from nyballot.ballot.rules import ballot_law
from nyballot.cli import cli, main
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law
from nyballot.law.texts import quote_found

EXAMPLES = Path(__file__).parents[2] / "examples"


LAWS = [("pre-2019", ()), ("current", ()), ("pre-2019", ("A9725",)), ("pre-2019", ("S5305A",)),
        ("pre-2019", ("S5961",))]  # fmt: skip


@pytest.mark.parametrize(("law", "bills"), LAWS)
def test_every_quoted_ballot_rule_is_in_its_shipped_text(law: str, bills: tuple[str, ...]) -> None:
    words = ballot_law(choose_law(law, bills)).words
    quoted = [q for quotes in words.values() for q in quotes]
    assert len(quoted) > 10
    assert [q for q in quoted if not quote_found(q.text, q.words)] == []


def test_no_words_of_the_statute_are_written_in_the_ballot_code() -> None:
    """The ballot's quotations live in the law data; a long capitalised or quoted run of the
    statute's words in the package's Python would be one that `law check` never sees."""
    package = Path(__file__).parents[2] / "src" / "nyballot" / "ballot"
    laws = [ballot_law(choose_law(law, bills)) for law, bills in LAWS]
    quoted = [q.words for r in laws for quotes in r.words.values() for q in quotes]
    # A run of five words or more: a form's label ("Date:", "County") is no quotation.
    phrases = {words[:60] for words in quoted if len(words.split()) >= 5}
    found = [
        (path.name, phrase)
        for path in sorted(package.rglob("*.py"))
        for phrase in phrases
        if phrase in " ".join(path.read_text(encoding="utf-8").split())
    ]
    assert found == []


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
        (
            {"party": "D", "sede": "s", "offices": [{"id": "x"}]},
            "document: unknown key 'sede' (did you mean seed?)",
        ),
        (
            {"party": "D", "offices": [{"id": "x", "seat": 2}]},
            "offices[0]: unknown key 'seat' (did you mean seats?)",
        ),
        (
            {"party": "D", "offices": [{"id": "x", "candidates": [{"name": "A", "stauts": "x"}]}]},
            "offices[0].candidates[0]: unknown key 'stauts' (did you mean status?)",
        ),
        (
            {
                "party": "D",
                "offices": [{"id": "x", "candidates": [{"name": "A", "pledged_to": []}]}],
            },
            "offices[0].candidates[0]: 'pledged_to' must be a non-empty string",
        ),
        (
            {"party": "D", "offices": [{"id": str(i)} for i in range(201)]},
            "201 offices; one election district's ballot has at most 200",
        ),
        (
            {"party": "D", "offices": [{"id": "x", "candidates": [{"name": "A"}] * 2001}]},
            "2,001 candidates; one election district's ballot has at most 2,000",
        ),
    ],
)
def test_bad_input_names_the_place(doc: object, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_ballot(doc, "ed.json")
    assert message in str(err.value)
    assert str(err.value).startswith("ed.json")


@pytest.mark.parametrize("fmt", ["text", "json", "html"])
def test_the_examples_print_in_every_format(fmt: str) -> None:
    for example, bills in (
        ("ballot-ed.json", []),
        ("ballot-presidential.json", ["S5961"]),
        ("ballot-upstate.json", []),
        ("ballot-upstate.json", ["--law", "current"]),
    ):
        args = ["ballot", str(EXAMPLES / example), "--format", fmt]
        if bills[:1] == ["--law"]:
            args, bills = args + bills, []
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


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "ed.json: not UTF-8 text (byte 0"),
        (b"[" * 100_000, "ed.json: JSON nested too deeply to be a ballot input"),
        (b"[" + b"1" * 5000 + b"]", "ed.json: not valid JSON (Exceeds the limit"),
        (b" " * (1024 * 1024 + 1), "ed.json: larger than 1 MiB"),
        (
            b'{"party": "D", "offices": [{"id": "x", "colour": 1}]}',
            "ed.json: offices[0]: unknown key 'colour'",
        ),
        (
            b'{"party": "D", "party": "R", "offices": [{"id": "x"}]}',
            "ed.json: the key 'party' appears twice in one object",
        ),
        (
            b'{"party": "D", "offices": [{"id": "x", "candidates": [{"name": "A\\u0007 B"}]}]}',
            "ed.json: offices[0].candidates[0].name: contains the control character U+0007",
        ),
        (
            b'{"party": "D", "offices": [{"id": "x", "candidates": [{"name": "A \\u202e B"}]}]}',
            "ed.json: offices[0].candidates[0].name: contains the control character U+202E",
        ),
    ],
)
def test_unreadable_files_are_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    path = tmp_path / "ed.json"
    path.write_bytes(content)
    with pytest.raises(SystemExit) as exit_:
        main(["ballot", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"nyballot: error: {message}") and err.count("\n") == 1, err


def test_a_byte_order_mark_is_accepted_and_an_empty_seed_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ed.json"
    path.write_bytes(b"\xef\xbb\xbf" + (EXAMPLES / "ballot-ed.json").read_bytes())
    main_ok = CliRunner().invoke(cli, ["ballot", str(path), "--format", "json"])
    assert main_ok.exit_code == 0, main_ok.output
    with pytest.raises(SystemExit) as exit_:
        main(["ballot", str(path), "--seed", " "])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "nyballot: error: --seed: empty; give the published seed of the drawing (or leave it out)\n"
    )


OPTIONAL = {
    "document": ["election", "place", "new_york_city", "election_district_index", "seed", "date",
                 "county", "district", "ward", "election_district", "commissioners",
                 "independent_bodies"],
    "office": ["title", "kind", "seats", "opportunity_to_ballot", "numbered",
               "uncommitted_petition", "convention", "candidates", "level", "joint"],
    "candidate": ["id", "surname", "status", "petition", "filed", "notice_of_intent",
                  "short_form", "sex", "pledged_to", "number", "court_order", "person",
                  "replaces", "joint", "parties"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("level", "key"), [(level, key) for level, keys in OPTIONAL.items() for key in keys]
)
def test_null_is_read_as_absent_for_every_optional_key(level: str, key: str) -> None:
    base: dict[str, object] = {
        "party": "D",
        "seed": "s",
        "offices": [{"id": "x", "candidates": [{"name": "A Aa"}, {"name": "B Bb"}]}],
    }
    doc = json.loads(json.dumps(base))
    target = {
        "document": doc,
        "office": doc["offices"][0],
        "candidate": doc["offices"][0]["candidates"][0],
    }[level]
    target.pop(key, None)
    absent = parse_ballot(json.loads(json.dumps(doc)))
    target[key] = None
    assert parse_ballot(doc).offices == absent.offices
    assert parse_ballot(doc).seed == absent.seed


def test_every_optional_key_is_listed_in_the_model() -> None:
    from nyballot.ballot.model import CANDIDATE_KEYS, DOCUMENT_KEYS, OFFICE_KEYS

    assert set(OPTIONAL["document"]) | {"party", "offices"} == set(DOCUMENT_KEYS)
    assert set(OPTIONAL["office"]) | {"id"} == set(OFFICE_KEYS)
    assert set(OPTIONAL["candidate"]) | {"name"} == set(CANDIDATE_KEYS)


def test_the_pdf_is_a_printed_ballot_with_the_names_in_order(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["ballot", str(EXAMPLES / "ballot-ed.json"), "--format", "pdf"])
    assert out.exit_code == 0
    assert out.stdout_bytes.startswith(b"%PDF-")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils, scripts/poppler) is not installed")
    pdf = tmp_path / "ballot.pdf"
    pdf.write_bytes(out.stdout_bytes)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    # District 3 of the example (README): county committee I. MONTGOMERY-HALE, NINA FOX, OMAR
    # GRANT, KEN ITO, in that order.
    at = [text.index(n) for n in ("I. MONTGOMERY-HALE", "NINA FOX", "OMAR GRANT", "KEN ITO")]
    assert at == sorted(at)
