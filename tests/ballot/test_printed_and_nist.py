"""The official ballot (§ 7-106), its proof, and the NIST SP 1500-100 v2 election definition."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from jsonschema import Draft4Validator, FormatChecker

from nyballot.ballot.nist import from_cdf, problems, schema, to_cdf
from nyballot.cli import cli, main

GOLDEN = Path(__file__).parents[1] / "golden" / "ballot"
EXAMPLES = Path(__file__).parents[2] / "examples"
JOINT = yaml.safe_load((GOLDEN / "7-114-joint-and-order.yaml").read_text())[0]["ballot"]
WHEN = "2026-12-01T00:00:00Z"
needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")


def _file(tmp_path: Path, doc: dict[str, Any], name: str = "b.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _run(*argv: str) -> Any:
    out = CliRunner().invoke(cli, ["ballot", *argv])
    assert out.exit_code == 0, out.output
    return out


def _pdf_text(tmp_path: Path, data: bytes) -> str:
    pdf = tmp_path / "out.pdf"
    pdf.write_bytes(data)
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip


def _refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


@needs_poppler
def test_a_numbered_run_of_three_official_ballots(tmp_path: Path) -> None:
    out = _run(str(_file(tmp_path, JOINT)), "--format", "pdf", "--number-from", "41",
               "--count", "3")  # fmt: skip
    pages = _pdf_text(tmp_path, out.stdout_bytes).split("\f")
    pages = [p for p in pages if p.strip()]
    # § 7-106(4): "No." on the stub, consecutive; three pages, numbered 41, 42, 43.
    assert [p.split()[0:2] for p in pages] == [["No.", "41"], ["No.", "42"], ["No.", "43"]]
    for page in pages:
        # § 7-106(5), the endorsement, from the file: kind, county, district, election district,
        # the date, the commissioners; § 7-114(2)(a): the party.
        for words in ("Official Ballot for Primary Election", "Democratic Party",
                      "County of Albany", "Assembly District 109", "Election District 12",
                      "June 23, 2026",
                      "Casey Morgan, Robin Hale, Commissioners of Elections"):  # fmt: skip
            assert words in page
        # The golden case, counted by hand: Hal Hunt / Mia Moss numbered 1, Gail Gray / Lee
        # Long 2, then the assembly: Bo Best 3, Ann Abel 4.
        at = [page.index(n) for n in ("HAL HUNT", "MIA MOSS", "GAIL GRAY", "LEE LONG",
                                      "BO BEST", "ANN ABEL")]  # fmt: skip
        assert at == sorted(at)
        # Nothing but the ballot on its face.
        for absent in ("Law", "sha256", "seed", "Drawn", "nverified", "Reading"):
            assert absent not in page


@needs_poppler
def test_the_proof_carries_what_the_face_does_not(tmp_path: Path) -> None:
    out = _run(str(_file(tmp_path, JOINT)), "--format", "proof")
    text = " ".join(_pdf_text(tmp_path, out.stdout_bytes).split())
    for words in ("Law: current", "the law in force for 2026", "2026 state board drawing",
                  "Input digest: sha256", "Drawn 1: Hal Hunt", "§ 7-114(1)(d)", "Reading:",
                  "Unverified words"):  # fmt: skip
        assert words in text


def test_legal_paper_is_legal_size(tmp_path: Path) -> None:
    if shutil.which("pdfinfo") is None:
        pytest.skip("no pdfinfo")
    out = _run(str(_file(tmp_path, JOINT)), "--format", "pdf", "--paper", "legal")
    pdf = tmp_path / "legal.pdf"
    pdf.write_bytes(out.stdout_bytes)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert "612 x 1008 pts" in info  # 8.5 x 14 inches


def test_an_endorsement_with_missing_parts_is_refused_naming_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = {k: v for k, v in JOINT.items() if k not in ("county", "commissioners")}
    err = _refused(["ballot", str(_file(tmp_path, doc)), "--format", "pdf"], capsys)
    assert "needs 'county', 'commissioners' in the ballot file" in err


@needs_poppler
def test_a_what_if_is_marked_in_every_output(tmp_path: Path) -> None:
    doc = {**JOINT, "date": "2016-09-13"}
    path = str(_file(tmp_path, doc))
    args = [path, "--law", "pre-2019", "--with", "S5961"]
    assert _run(*args).output.startswith("WHAT-IF Law: pre-2019 + S5961")
    assert json.loads(_run(*args, "--format", "json").output)["what_if"] is True
    assert "WHAT-IF" in _run(*args, "--format", "html").output
    for fmt in ("pdf", "proof"):
        assert "WHAT-IF" in _pdf_text(tmp_path, _run(*args, "--format", fmt).stdout_bytes)
    cdf = json.loads(_run(*args, "--format", "nist-cdf").output)
    assert cdf["IsTest"] is True and cdf["Notes"].startswith("WHAT-IF")


@pytest.fixture(scope="module")
def golden() -> list[Any]:
    import sys

    sys.path.insert(0, str(GOLDEN.parent))
    import runner

    cases = [c for p in sorted(GOLDEN.glob("*.yaml")) for c in yaml.safe_load(p.read_text())]
    return [runner.ballot_of(c) for c in cases if c.get("stage") == "ballot"]


def test_every_golden_ballot_exports_a_valid_nist_definition(golden: list[Any]) -> None:
    validator = Draft4Validator(schema(), format_checker=FormatChecker())
    assert len(golden) > 20
    for built in golden:
        built.date = built.date or "2026-06-23"
        report = to_cdf(built, WHEN)
        assert [e.message for e in validator.iter_errors(report)] == []


def test_the_round_trip_keeps_every_candidate_party_and_order(golden: list[Any]) -> None:
    for built in golden:
        built.date = built.date or "2026-06-23"
        report = to_cdf(built, WHEN)
        back = from_cdf(json.loads(json.dumps(report)), "b.json")
        assert to_cdf(back, WHEN)["Election"] == report["Election"]
        assert to_cdf(back, WHEN)["Party"] == report["Party"]
        rows = [[(x.printed, x.full_name, [m.printed for m in x.children]) for x in c.lines]
                for c in built.contests]  # fmt: skip
        assert [[(x.printed, x.full_name, [m.printed for m in x.children]) for x in c.lines]
                for c in back.contests] == rows  # fmt: skip


def test_fusion_and_independent_bodies_are_parties_of_the_definition(tmp_path: Path) -> None:
    doc = json.loads(json.dumps(JOINT))
    doc["independent_bodies"] = ["Unity"]
    doc["offices"][0]["candidates"][0] |= {"parties": ["Working Families", "Unity"],
                                           "filed": "2026-04-02T10:15:00"}  # fmt: skip
    report = json.loads(_run(str(_file(tmp_path, doc)), "--format", "nist-cdf").output)
    parties = {p["@id"]: p["IsRecognizedParty"] for p in report["Party"]}
    assert parties == {"party-democratic": True, "party-working-families": True,
                       "party-unity": False}  # fmt: skip
    election = report["Election"][0]
    abel = next(c for c in election["Candidate"] if c["@id"] == "cand-Ann Abel")
    assert abel["FileDate"] == "2026-04-02" and abel["PreElectionStatus"] == "qualified"
    contest = next(c for c in election["Contest"] if c["@id"] == "con-assembly")
    endorsed = [s["EndorsementPartyIds"] for s in contest["ContestSelection"]
                if s["CandidateIds"] == ["cand-Ann Abel"]]  # fmt: skip
    assert endorsed == [["party-democratic", "party-working-families", "party-unity"]]
    # One selection for the joint slate, governor first; the ballot style in ballot order.
    gov = next(c for c in election["Contest"] if c["@id"] == "con-gov")
    assert gov["VotesAllowed"] == 1
    assert [s["CandidateIds"] for s in gov["ContestSelection"]] == [
        ["cand-g-2", "cand-lg-2"], ["cand-g-1", "cand-lg-1"]]  # fmt: skip
    style = election["BallotStyle"][0]["OrderedContent"]
    assert [o["ContestId"] for o in style] == ["con-gov", "con-assembly"]
    assert election["Type"] == "partisan-primary-closed" and election["StartDate"] == "2026-06-23"


def test_a_definition_read_back_prints_in_its_own_order(tmp_path: Path) -> None:
    cdf = _run(str(_file(tmp_path, JOINT)), "--format", "nist-cdf").output
    path = tmp_path / "def.json"
    path.write_text(cdf, encoding="utf-8")
    text = _run("--from-nist-cdf", str(path), "--no-steps").output
    at = [text.index(n) for n in ("HAL HUNT", "Lieutenant Governor: MIA MOSS", "GAIL GRAY",
                                  "BO BEST", "ANN ABEL")]  # fmt: skip
    assert at == sorted(at)


def test_a_file_that_is_no_nist_definition_is_refused_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, {"@type": "ElectionResults.ElectionReport"}, "x.json")
    err = _refused(["ballot", "--from-nist-cdf", str(path)], capsys)
    assert "x.json: not a NIST SP 1500-100 v2 election report:" in err
    assert problems({"@type": "nothing"})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda o: o[2]["candidates"][1].pop("joint"),
            "Hal Hunt, candidate for Governor, is designated jointly with no candidate for "
            "Lieutenant Governor",
        ),
        (
            lambda o: o[1]["candidates"].append({"id": "lg-3", "name": "Ned Noe"}),
            "Ned Noe, candidate for Lieutenant Governor, is designated jointly with no candidate "
            "for Governor",
        ),
        (
            lambda o: o[1]["candidates"][0].update(status="declined"),
            "Gail Gray (Governor, designated) and Lee Long (Lieutenant Governor, declined) were "
            "designated jointly",
        ),
        (lambda o: o[2].update(joint="nowhere"), "'joint' names 'nowhere'"),
    ],
)
def test_a_joint_designation_missing_a_running_mate_is_refused_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, message: str
) -> None:
    doc = json.loads(json.dumps(JOINT))
    change(doc["offices"])
    err = _refused(["ballot", str(_file(tmp_path, doc))], capsys)
    assert message in err


@needs_poppler
def test_every_script_the_names_use_prints_in_a_noto_font(tmp_path: Path) -> None:
    if shutil.which("pdffonts") is None:
        pytest.skip("no pdffonts")
    out = _run(str(EXAMPLES / "ballot-governor.json"), "--format", "pdf")
    text = _pdf_text(tmp_path, out.stdout_bytes)
    for name in ("ИВАН ПЕТРОВ", "陈伟", "आशा राव", "ΩMAR ØSTER"):  # examples/ballot-governor.json
        assert name in text
    fonts = subprocess.run(["pdffonts", str(tmp_path / "out.pdf")], capture_output=True,
                           text=True, check=True).stdout.splitlines()[2:]  # fmt: skip
    families = {line.split()[0].split("+")[-1] for line in fonts}
    # Latin, Greek and Cyrillic in Noto Sans; Arabic, Devanagari, CJK in their Noto families.
    assert all(f.startswith("Noto-Sans") for f in families), families
    assert {"Noto-Sans-Arabic-Bold", "Noto-Sans-Devanagari-Bold"} <= families
    assert any(f.startswith("Noto-Sans-CJK") for f in families)
