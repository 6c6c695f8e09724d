"""The library names a request's fields; only the command line speaks of its flags.

An error or a derivation note outside ``nyballot.cli`` reaches the API's JSON and the pages,
where a flag means nothing; the command line turns the fields an error names into its flags
when it prints it (``nyballot.cli.flags``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from fastapi.testclient import TestClient

import nyballot
from nyballot.api import create_app
from nyballot.cli import main
from nyballot.cli.flags import flag_of, with_flags
from nyballot.errors import UsageError
from nyballot.law.bills import choose_law

PACKAGE = Path(nyballot.__file__).parent
FLAG = re.compile(r"(?<![\w(-])--[a-z][a-z-]*")
# Describing a command line in words (``nyballot signatures --year``) is the CLI's own help.
COMMAND = re.compile(r"nyballot [a-z]+(?: [a-z]+)? --[a-z][a-z-]*")
# Modules whose messages still speak of flags, each to be brought to field names in turn.
NOT_YET: set[str] = set()
# libyaml's parser where PyYAML has it: the same data, read about eight times faster.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (they may describe the command line)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add(id(value))
    return found


def _python_strings(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def _yaml_strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _yaml_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _yaml_strings(item)


def _outside_cli() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*")):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith("cli/") or any(name.startswith(n) for n in NOT_YET):
            continue
        if path.suffix in (".py", ".yaml"):
            yield path


def _flags_named(text: str) -> list[str]:
    return FLAG.findall(COMMAND.sub("", text))


def test_no_message_outside_the_command_line_names_a_flag() -> None:
    found: list[str] = []
    for path in _outside_cli():
        name = path.relative_to(PACKAGE).as_posix()
        if path.suffix == ".py":
            found += [f"{name}:{n}: {f}" for n, s in _python_strings(path) for f in _flags_named(s)]
        else:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
            found += [f"{name}: {f}" for s in _yaml_strings(data) for f in _flags_named(s)]
    assert found == []


def test_the_scan_sees_a_flag_in_a_message_and_not_in_a_docstring() -> None:
    # The check above is only as good as its scan: a flag in an f-string message is seen, the
    # same words in a docstring or a CSS variable are not.
    source = 'def f(x):\n    """Give --with."""\n    raise E(f"--with {x}: no", "var(--ink)")\n'
    tree = ast.parse(source)
    docs = _docstrings(tree)
    strings = [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]
    assert [f for s in strings for f in _flags_named(s)] == ["--with"]


@pytest.mark.parametrize(
    ("field", "flag"),
    [("with", "--with"), ("enacted_on", "--enacted-on"), ("per_district", "--per-district")],
)
def test_each_field_has_its_flag(field: str, flag: str) -> None:
    assert flag_of(field) == flag


def test_the_library_names_the_field_and_the_command_line_the_flag() -> None:
    with pytest.raises(UsageError) as caught:
        choose_law(None, ["S9999"])
    assert str(caught.value).startswith("with S9999: unknown bill")
    assert with_flags(caught.value).startswith("--with S9999: unknown bill")


def test_only_the_first_mention_of_a_field_becomes_its_flag() -> None:
    # "law" names the field first, then is a plain word: only the field becomes --law.
    exc = UsageError("law x: unknown law version", fields=("law",))
    assert with_flags(exc) == "--law x: unknown law version"
    assert with_flags(UsageError("law x: unknown law version")) == "law x: unknown law version"


def test_the_command_line_prints_its_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["calendar", "2026", "--enacted-on", "S5305A=2026-01-01"])
    assert exited.value.code == 2
    assert capsys.readouterr().err == (
        "nyballot: error: --enacted-on S5305A: that bill is not applied (--with)\n"
    )


def test_the_api_names_the_fields(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'api.sqlite3'}")) as client:
        response = client.get("/calendar/2026", params={"with": "S9999"})
    assert response.status_code == 400
    assert response.json() == {"error": "with 'S9999': no such bill or overlay"}
