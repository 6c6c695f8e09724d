"""The law lives in the law data, never in Python: no quotation of a shipped text, no number of
the law and no test of a year for a legal fact anywhere in the package's code.

- A quotation: ten or more words in a row of a shipped text (``law/data/texts``) in a string
  the code holds. Docstrings are documentation: they may quote the words a function stands for
  (as Catala writes the paragraph above its code); what a program prints, compares or returns
  is law data, where ``nyballot law check`` checks it.
- A number of the law: a ``Fraction`` of constants (a share: five per centum, twenty percent)
  other than one half (rounding), or a number on a line that cites a section (``§``, ``6-136``).
- A year test: a comparison of a year with a year the law data covers (``if year >= 2019``).
  A bound on input (a year from 1900) is no year of the law.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from nyballot.law.loader import load_law
from nyballot.law.texts import fold

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "nyballot"
TEXTS = PACKAGE / "law" / "data" / "texts"
RUN = 10  # words in a row that make a quotation (a name such as a board's is shorter)
CITE = re.compile(r"§|\b\d{1,2}-\d{3}(?:-[a-z])?\b")
_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")

# Modules whose law is still being moved into the law data, each with the reason it is still
# here; a module not listed must pass. None is left: every module passes.
PENDING: dict[str, str] = {}


def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text).casefold())


@cache
def _runs() -> frozenset[str]:
    """Every run of ``RUN`` words of every shipped text."""
    found: set[str] = set()
    for path in TEXTS.rglob("*.txt"):
        w = _words(path.read_text(encoding="utf-8"))
        found.update(" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    return frozenset(found)


@cache
def _law_years() -> range:
    versions = load_law().versions.values()
    return range(min(v.first_year for v in versions), max(v.last_year for v in versions) + 1)


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        first = node.body[0] if isinstance(node, kinds) and node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def _quotation(text: str) -> str:
    w = _words(text)
    runs = _runs()
    hit = next((i for i in range(len(w) - RUN + 1) if " ".join(w[i : i + RUN]) in runs), None)
    return "" if hit is None else " ".join(w[hit : hit + RUN])


def _cited_lines(source: str, tree: ast.AST) -> set[int]:
    """Lines whose comment or string cites a section."""
    lines = {
        tok.start[0]
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type == tokenize.COMMENT and CITE.search(tok.string)
    }
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and CITE.search(text):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _year_test(node: ast.Compare) -> bool:
    sides = [node.left, *node.comparators]
    of_year = any(
        "year" in ast.unparse(s).casefold() for s in sides if not isinstance(s, ast.Constant)
    )
    years = _law_years()
    return of_year and any(
        isinstance(s, ast.Constant) and type(s.value) is int and s.value in years for s in sides
    )


def _fraction(node: ast.Call) -> bool:
    name = getattr(node.func, "id", getattr(node.func, "attr", ""))
    constant = node.args and all(isinstance(a, ast.Constant) for a in node.args)
    return bool(name == "Fraction" and constant and [a.value for a in node.args] != [1, 2])  # type: ignore[attr-defined]


def law_in(source: str) -> Iterator[str]:
    """'line: what' for each quotation, number of the law and year test in a module's code."""
    tree = ast.parse(source)
    docs, cited = _docstrings(tree), _cited_lines(source, tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words = _quotation(node.value)
            if words:
                yield f"{node.lineno}: a quotation of the law: {words}..."
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
            if node.value not in (0, 1, -1) and node.lineno in cited:
                yield f"{node.lineno}: the number {node.value} beside a citation"
        elif isinstance(node, ast.Call) and _fraction(node):
            yield f"{node.lineno}: a share of the law as a constant: {ast.unparse(node)}"
        elif isinstance(node, ast.Compare) and _year_test(node):
            yield f"{node.lineno}: a year test: {ast.unparse(node)}"


def test_no_module_holds_the_law_in_python() -> None:
    found = [
        f"{module}:{what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (module := path.relative_to(PACKAGE).as_posix()) not in PENDING
        for what in law_in(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_check_finds_a_quotation_a_number_and_a_year_test() -> None:
    code = (
        '"""A docstring may quote: the tenth Monday before, and not later than the ninth '
        'Thursday preceding the primary election."""\n'
        'WORDS = "shall be filed not earlier than the tenth Monday before, and not later than '
        'the ninth Thursday preceding the primary election"\n'
        "FIVE = Fraction(5, 100)\n"
        "HALF = Fraction(1, 2)\n"
        "LIMIT = 15000  # § 6-136(1)\n"
        "if year >= 2019: pass\n"
        "if day.year < 1900: pass\n"
    )
    found = sorted(law_in(code), key=lambda f: int(f.split(":")[0]))
    assert [f.split(":")[0] for f in found] == ["2", "3", "5", "6"]  # not the docstring, not 1900
    assert "a quotation of the law: shall be filed not earlier than the tenth" in found[0]
    assert found[1:] == [
        "3: a share of the law as a constant: Fraction(5, 100)",
        "5: the number 15000 beside a citation",
        "6: a year test: year >= 2019",
    ]
