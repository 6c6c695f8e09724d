"""The signature numbers live in the law data, not in the code that reads them: in
``nyballot/signatures/`` and ``petitions/law.py`` and ``tally.py`` no string quotes the
statute (eight words in a row of a shipped text), none names a bill or a law version, no
number is a year, and no number but 0, 1 and 100 (a per centum shown as a percentage) appears.
Docstrings may cite and explain; the code may not hold the law."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from nyballot.law.loader import load_law
from nyballot.law.texts import fold, readings, shipped_texts

SRC = Path(__file__).resolve().parents[2] / "src" / "nyballot"
MODULES = [*sorted((SRC / "signatures").glob("*.py")), SRC / "petitions" / "law.py",
           SRC / "petitions" / "tally.py"]  # fmt: skip
ALLOWED_NUMBERS = {0, 1, 100}
ACT = re.compile(r"\b(L\.\s?(19|20)\d\d|[AS]\.\s?\d{3,5}|EO \d|ch\.\s?\d)")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _constants(path: Path) -> list[ast.Constant]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip]


def _strings(path: Path) -> list[tuple[int, str]]:
    """Each string constant, with the f-strings' literal parts joined (their fields as gaps)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [
        (n.lineno, n.value)
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip
    ]


def _quotes(text: str, corpus: list[str]) -> bool:
    words = fold(text).split()
    return any(
        " ".join(words[i : i + 8]) in reading for i in range(len(words) - 7) for reading in corpus
    )


def test_no_string_quotes_the_statute() -> None:
    corpus = [r for key in shipped_texts() for r in readings(key)]
    found = [f"{p.name}:{line}" for p in MODULES for line, s in _strings(p) if _quotes(s, corpus)]
    assert found == []


def test_no_string_names_a_bill_or_a_law_version() -> None:
    law = load_law()
    names = {*law.overlays, *law.versions}
    found = [
        f"{p.name}:{line}: {s[:40]!r}"
        for p in MODULES
        for line, s in _strings(p)
        if ACT.search(s)
        or s in names
        or any(re.search(rf"\b{re.escape(n)}\b", s) for n in names if len(n) > 4)
    ]
    assert found == []


def test_no_number_of_the_law_and_no_year_in_the_code() -> None:
    # report.py lays out text: its numbers are column widths.
    found = [
        f"{p.name}:{n.lineno}: {n.value!r}"
        for p in MODULES
        if p.name != "report.py"
        for n in _constants(p)
        if isinstance(n.value, int | float)
        and not isinstance(n.value, bool)
        and n.value not in ALLOWED_NUMBERS
    ]
    assert found == []


def test_the_checks_find_what_they_forbid() -> None:
    corpus = list(readings("current/6-136.txt"))
    assert _quotes("must be signed by not less than five per centum, as determined", corpus)
    assert ACT.search("L.2019 ch.17") and ACT.search("A.4686 of 2021")
    source = "if year >= 2019:\n    share = Fraction(5, 100)\n"
    tree = ast.parse(source)
    numbers = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    assert set(numbers) - ALLOWED_NUMBERS == {2019, 5}
