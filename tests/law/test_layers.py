"""No import runs back up the pipeline: a stage knows the stages before it, never those after
(DESIGN.md § 4: "Nothing in a stage reaches back into a later one"). The test reads every module
of the package and fails on an import of a later layer, or of ``web`` from ``api``."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "nyballot"

# The pipeline, first to last (DESIGN.md § 4). The modules at the top of the package that serve
# every stage (errors, the size-capped file reader, the disk cache, database URLs) sit with the
# lowest. A package or module of the top level that is not named here fails the test: place it.
ORDER: tuple[tuple[str, ...], ...] = (
    ("errors", "files", "cache", "urls", "spreadsheet", "reckoning"),
    ("law",),
    ("calendar",),
    ("compare",),
    ("bills",),  # a bill the user brings: read, drafted, measured against the calendar
    ("filing",),
    ("voters",),
    ("petitions", "signatures"),
    ("ballot",),
    ("delegates",),
    ("export",),
    ("paper",),  # paper petitions: sheets printed by the law, scans read back, keying
    ("keying",),  # a scanned volume's lines keyed by clerks, in the desk's book, for review
    ("elections",),  # a special or village election: the calendar, the desk and the exports
    ("cli", "api", "web"),
)
LEVEL = {name: level for level, names in enumerate(ORDER) for name in names}
# Within the last layer the pages may use the API's modules, but the API never the pages: the
# JSON API stands alone, and the site is the API with the pages added.
FORBIDDEN = {("api", "web")}


def _layer(module: str) -> str | None:
    """The layer of ``nyballot.<layer>...``; None for the package itself (its public API)."""
    parts = module.split(".")
    outside = len(parts) < 2 or parts[0] != "nyballot" or parts[1] == "__init__"
    return None if outside else parts[1]


def _imported(tree: ast.AST, here: str) -> Iterator[tuple[int, str]]:
    """(line, module) of every import of the package's own modules, anywhere in a module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package
                package = here.split(".")[: -node.level]
                base = ".".join([*package, base] if base else package)
            if base == "nyballot":  # from nyballot import calendar
                yield from ((node.lineno, f"nyballot.{a.name}") for a in node.names)
            else:
                yield node.lineno, base


def upward_imports(tree: ast.AST, module: str) -> list[str]:
    """Each import in ``module`` (``nyballot.x.y``) of a later layer, as 'line: what'."""
    mine = _layer(module)
    if mine is None:
        return []
    found = []
    for line, target in sorted(_imported(tree, module)):
        theirs = _layer(target)
        if theirs is None or theirs == mine:
            continue
        if theirs not in LEVEL:
            found.append(f"{line}: {target} is in no layer (place it in ORDER)")
        elif LEVEL[theirs] > LEVEL[mine] or (mine, theirs) in FORBIDDEN:
            found.append(f"{line}: {mine} imports {target}, a later layer")
    return found


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        # a package's own module keeps its __init__, so a relative import reads from the package
        yield ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts), path


def test_every_module_of_the_package_is_in_a_layer() -> None:
    tops = {_layer(module) for module, _ in _modules()} - {None}
    assert sorted(str(top) for top in tops - set(LEVEL)) == []


def test_no_module_imports_a_later_layer() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{what}"
        for module, path in _modules()
        for what in upward_imports(ast.parse(path.read_text(encoding="utf-8")), module)
    ]
    assert found == []


def test_the_check_finds_an_upward_import() -> None:
    code = (
        "from nyballot.errors import UsageError\n"  # lower: allowed
        "from nyballot.law.choice import resolve_law\n"  # the same layer: allowed
        "def f():\n"
        "    from nyballot.calendar.engine import build_calendar\n"  # later, even in a function
        "from nyballot import web\n"
        "from ..petitions import tally\n"
        "import nyballot.nowhere\n"
    )
    assert upward_imports(ast.parse(code), "nyballot.law.provisions") == [
        "4: law imports nyballot.calendar.engine, a later layer",
        "5: law imports nyballot.web, a later layer",
        "6: law imports nyballot.petitions, a later layer",
        "7: nyballot.nowhere is in no layer (place it in ORDER)",
    ]


def test_the_api_may_not_import_the_pages_though_both_are_last() -> None:
    code = "from nyballot.web.pages import is_page\nfrom nyballot.api import create_app\n"
    assert upward_imports(ast.parse(code), "nyballot.api.errors") == [
        "1: api imports nyballot.web.pages, a later layer"
    ]
    assert upward_imports(ast.parse(code), "nyballot.web.site") == []


def test_the_api_alone_serves_no_pages_and_the_site_serves_them(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nyballot.api import create_app as create_api
    from nyballot.web import create_app as create_site

    url = f"sqlite:///{tmp_path / 'desk.sqlite3'}"
    with TestClient(create_api(url)) as api, TestClient(create_site(url)) as site:
        alone = api.get("/web/calendar/2026")
        assert alone.status_code == 404 and alone.json() == {"error": "Not Found"}
        page = site.get("/web/calendar/2026")
        assert page.status_code == 200 and "New York political calendar, 2026" in page.text
        missing = site.get("/web/nowhere")  # an error on a page is a page, not JSON
        assert missing.status_code == 404 and missing.headers["content-type"].startswith(
            "text/html"
        )


def test_the_delegates_page_says_which_law_and_that_it_is_a_what_if(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from nyballot.web import create_app as create_site

    csv = (PACKAGE.parents[1] / "examples" / "results.csv").read_bytes()
    with TestClient(create_site(f"sqlite:///{tmp_path / 'desk.sqlite3'}")) as site:
        page = site.post(
            "/web/delegates",
            data={"at_large": "14", "bill": "S5961"},
            files={"results": ("r.csv", csv)},
        ).text
    assert "Under Election Law in force from 2019 (June primary), with S.5961 of 2015" in page
    assert "What-if: S.5961 of 2015 was never enacted; " in page
