"""Code asks which provision or rule governs, never which bill or law version is loaded: no
``choice.has("<bill>")`` and no comparison with a bill's or a version's name anywhere in the
package (the names belong to the law data)."""

from __future__ import annotations

import ast
from pathlib import Path

from nyballot.law.loader import load_law

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "nyballot"


def _names() -> set[str]:
    law = load_law()
    return set(law.overlays) | set(law.versions)


def _tests_of_names(tree: ast.AST, names: set[str]) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        if call and node.func.attr == "has":  # type: ignore[attr-defined]
            found.append((node.lineno, "a .has(...) test of what is loaded"))
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Constant) and side.value in names:
                    found.append((node.lineno, f"a comparison with {side.value!r}"))
    return found


def test_no_code_tests_which_bill_or_version_is_loaded() -> None:
    names = _names()
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, what in _tests_of_names(ast.parse(path.read_text(encoding="utf-8")), names)
    ]
    assert found == []


def test_the_check_finds_such_a_test() -> None:
    code = 'if choice.has("S5961") or choice.law == "current": pass'
    found = _tests_of_names(ast.parse(code), {"S5961", "current"})
    assert [what for _, what in found] == [
        "a .has(...) test of what is loaded",
        "a comparison with 'current'",
    ]
