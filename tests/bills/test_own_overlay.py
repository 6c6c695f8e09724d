"""An overlay file of one's own, named by its path: read, checked and applied like a shipped
bill, and always a what-if."""

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

Run = Callable[..., tuple[int, str, str]]
SHIPPED = resources.files("nyballot.law").joinpath("data/overlays/A9725.yaml")


def _copy(tmp_path: Path, ident: str, days: str = "twenty") -> Path:
    """A9725 with its notice of intent opening twenty days (not thirty) before signing."""
    text = SHIPPED.read_text(encoding="utf-8").replace("id: A9725", f"id: {ident}", 1)
    text = text.replace(
        "opens: 30 days before designating_petition.signing.opens",
        f"opens: {'20' if days == 'twenty' else '30'} days before "
        "designating_petition.signing.opens",
    )
    text = text.replace("title: Notice of intent", "title: My notice of intent", 1)
    path = tmp_path / f"{ident.lower()}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _opens(out: str, rule: str) -> str:
    return next(d["opens"] for d in json.loads(out)["deadlines"] if d["id"] == rule)


def test_with_path_moves_the_one_date_changed(run_cli: Run, tmp_path: Path) -> None:
    # Twenty days before the first day to sign, not thirty: the notice opens ten days later.
    path = _copy(tmp_path, "MINE-A")
    code, mine, err = run_cli("calendar", "2027", "--with", str(path), "--format", "json")
    assert code == 0, err
    code, shipped, _ = run_cli("calendar", "2027", "--with", "A9725", "--format", "json")
    a, b = _opens(mine, "notice_of_intent.filing"), _opens(shipped, "notice_of_intent.filing")
    import datetime as dt

    assert (dt.date.fromisoformat(a) - dt.date.fromisoformat(b)).days == 10
    # The town caucus opens with the notice (A.9725 § 2), so it moves with it; signing does not.
    assert _opens(mine, "town_caucus") == a
    sig = "designating_petition.signing"
    assert _opens(mine, sig) == _opens(shipped, sig)


def test_with_path_is_a_what_if_with_its_own_title(run_cli: Run, tmp_path: Path) -> None:
    path = _copy(tmp_path, "MINE-B")
    text = path.read_text(encoding="utf-8").replace("enacted: false", "enacted: true")
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("calendar", "2027", "--with", str(path))
    assert code == 0, err
    assert "WHAT-IF" in out.upper() and "MINE-B" in out
    assert "My notice of intent" in out
    assert "read from mine-b.yaml as a what-if" in " ".join(out.split())


@pytest.mark.parametrize(
    "command",
    [
        ["explain", "2027", "notice_of_intent.filing"],
        ["compare", "2027"],
        ["signatures", "--office", "governor", "--year", "2026", "--enrolled", "50000"],
    ],
)
def test_with_path_wherever_a_bill_is_taken(
    run_cli: Run, tmp_path: Path, command: list[str]
) -> None:
    path = _copy(tmp_path, "MINE-C")
    code, out, err = run_cli(*command, "--with", str(path))
    assert code == 0, err
    assert "MINE-C" in out


def test_law_check_path_passes_a_faithful_copy(run_cli: Run, tmp_path: Path) -> None:
    path = _copy(tmp_path, "MINE-D", days="thirty")
    code, out, err = run_cli("law", "check", str(path))
    assert code == 0, out + err
    assert "MINE-D: ok" in out or "MINE-D: note" in out


def test_law_check_path_finds_a_quotation_not_in_its_text(run_cli: Run, tmp_path: Path) -> None:
    path = _copy(tmp_path, "MINE-E")
    text = path.read_text(encoding="utf-8").replace(
        "NO EARLIER THAN THIRTY DAYS", "NO EARLIER THAN TWENTY DAYS"
    )
    (tmp_path / "bill.txt").write_text(
        resources.files("nyballot.law").joinpath("data/texts/bills/A9725.txt").read_text("utf-8"),
        encoding="utf-8",
    )
    path.write_text(text + "\ntext: bill.txt\n", encoding="utf-8")
    code, out, _ = run_cli("law", "check", str(path))
    assert code == 1
    assert "notice_of_intent.filing (§ 5): quotation not found in bill.txt" in out
    words = " ".join(out.split())  # the title line wraps to the terminal's width
    assert "MINE-E: My notice of intent" in words and "a what-if read from" in words


def _bad(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("notyaml.yaml", b"id: [unclosed\n", "not valid YAML"),
        ("list.yaml", b"- a\n- b\n", "not an overlay"),
        ("latin.yaml", "id: caf\u00e9\n".encode("latin-1"), "not UTF-8"),
        ("big.yaml", b"#" * (600 * 1024), "larger than"),
        (
            "norule.yaml",
            b"id: X1\ntitle: t\nkind: bill\ncite: c\nenacted: false\n"
            b"versions: [current]\nsource: bills/A9725.txt\nadd:\n  - id: no.such\n"
            b"    cite: '6-158'\n    title: t\n"
            b"    law: words\n    opens: 3 days before event.nope\n",
            "unknown event 'nope'",
        ),
    ],
)
def test_bad_overlay_file_is_one_line_exit_2(
    run_cli: Run, tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    path = _bad(tmp_path, name, data)
    for command in (["calendar", "2027", "--with", str(path)], ["law", "check", str(path)]):
        code, out, err = run_cli(*command)
        assert code == 2, (command, out, err)
        assert said in err and len(err.strip().splitlines()) == 1, err


def test_missing_file_is_one_line_exit_2(run_cli: Run, tmp_path: Path) -> None:
    code, _, err = run_cli("calendar", "2027", "--with", str(tmp_path / "gone.yaml"))
    assert code == 2 and "no such file" in err and len(err.strip().splitlines()) == 1
