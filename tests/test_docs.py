"""The docs hold: every shell block of the README and of docs/ runs as written, every console
example prints what it shows, every link leads somewhere, and the layout map of
docs/developers.md is the tree."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
# Pages other engineers are writing; a link to one is allowed before it exists.
PENDING = {
    "signatures.md", "law-data.md", "calendar-kinds.md", "petition-review.md", "desk.md",
    "ballots.md", "special-elections.md",
}  # fmt: skip
# Blocks run, with their printed results checked, by a test of their own.
DEDICATED = {
    "uid() { python3 -c": "tests/test_readme_walkthroughs.py (the desk)",
    "nyballot voters import voters.txt --date 2026-01-05             #": (
        "tests/test_readme_walkthroughs.py (petition review)"
    ),
    "--unit AD=7 --governor-votes 12345": "tests/test_readme_walkthroughs.py (petition review)",
    "--format json > review.json": "tests/test_readme_walkthroughs.py (petition review)",
    "scripts/postgres --export": "tests/voters/test_postgres.py (a PostgreSQL server)",
}
# The test suite itself (README's second command): running it from inside it would recurse.
NOT_RUN_LINES = {"scripts/test"}


def blocks(lang: str) -> list[tuple[str, int, str]]:
    """(page, index, body) of every block fenced ``lang``, in page order."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for i, m in enumerate(b for b in FENCE.finditer(text) if b.group(1) == lang):
            found.append((page.relative_to(ROOT).as_posix(), i, m.group(2)))
    return found


def scratch(tmp: Path) -> Path:
    """A folder as a reader's: examples/ beside scripts/ whose commands run the checkout's."""
    (tmp / "examples").symlink_to(ROOT / "examples")
    (tmp / "scripts").mkdir()
    for script in (ROOT / "scripts").iterdir():
        if script.is_file() and os.access(script, os.X_OK):
            wrapper = tmp / "scripts" / script.name
            wrapper.write_text(f'#!/bin/sh\nexec "{script}" "$@"\n', encoding="utf-8")
            wrapper.chmod(0o755)
    return tmp


def shell(script: str, cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` under ``bash -e`` as a reader would: ``nyballot`` and ``python`` on the
    PATH, no store named in the environment, temporary files under ``cwd``, "today" fixed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["TMPDIR"] = str(cwd)
    env["NYBALLOT_TODAY"] = "2026-03-16"
    env.update(extra)
    return subprocess.run(
        ["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SH = blocks("sh")


@pytest.mark.parametrize(("page", "index", "body"), SH, ids=[f"{p}#{i}" for p, i, _ in SH])
def test_every_shell_block_runs_as_written(
    page: str, index: int, body: str, tmp_path: Path
) -> None:
    for marker, where in DEDICATED.items():
        if marker in body:
            pytest.skip(f"run by {where}")
    lines = body.splitlines()
    script = "\n".join(x for x in lines if x.split("#")[0].strip() not in NOT_RUN_LINES)
    done = shell(script, scratch(tmp_path), PORT=str(free_port()))
    assert done.returncode == 0, f"{page} block {index}:\n{done.stderr}"
    assert "Traceback" not in done.stderr


def test_every_dedicated_block_is_still_in_the_docs() -> None:
    for marker in DEDICATED:
        assert sum(marker in body for _, _, body in SH) == 1, marker


def console_examples() -> list[tuple[str, str, list[str]]]:
    """(page, command, the lines shown after it) of each ``$ `` line of the console blocks."""
    examples: list[tuple[str, str, list[str]]] = []
    for page, _, body in blocks("console"):
        for line in body.splitlines():
            if line.startswith("$ "):
                examples.append((page, line[2:], []))
            elif examples:
                examples[-1][2].append(line)
    return examples


CONSOLE = console_examples()


def shown_as_pattern(line: str) -> re.Pattern[str]:
    """A line shown in the docs, where "..." stands for words left out; spaces and line breaks
    count alike, so a line the docs wrap differently from the terminal still matches."""
    parts = (r"\s+".join(map(re.escape, part.split())) for part in line.split("..."))
    return re.compile(".*?".join(parts), re.DOTALL)


@pytest.mark.parametrize(("page", "command", "shown"), CONSOLE, ids=[c for _, c, _ in CONSOLE])
def test_every_console_example_prints_what_it_shows(
    page: str, command: str, shown: list[str], tmp_path: Path
) -> None:
    done = shell(command, scratch(tmp_path))
    assert "Traceback" not in done.stderr
    printed = done.stdout + done.stderr
    for line in shown:
        if line.strip() not in ("", "..."):
            pattern = shown_as_pattern(line)
            assert pattern.search(printed), f"{page}: {command!r} printed no {line!r}"


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces -> -."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    heads = re.findall(r"^#+ (.+)$", text, re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


def links() -> list[tuple[Path, str]]:
    found = []
    for page in PAGES:
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if not re.match(r"[a-z]+:", target):
                found.append((page, target))
    return found


def test_every_link_between_the_pages_leads_somewhere() -> None:
    missing = []
    for page, target in links():
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists():
            if goal.name not in PENDING:
                missing.append(f"{page.name}: {target}")
            continue
        if anchor and goal.suffix == ".md" and anchor not in anchors(goal):
            missing.append(f"{page.name}: {target} (no such heading)")
    assert missing == []


def test_the_readme_links_every_page_for_a_reader() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for reader in ("candidates", "clerks", "lawyers", "analysts", "operators", "developers"):
        assert f"(docs/{reader}.md)" in readme
        assert (ROOT / "docs" / f"{reader}.md").is_file()


def layout_map() -> list[str]:
    """The paths the layout map of docs/developers.md names, in its order."""
    text = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")
    start = text.index("```text\n", text.index("## The layout")) + len("```text\n")
    body = text[start : text.index("\n```", start)]
    return [line.split()[0] for line in body.splitlines() if line and not line[0].isspace()]


def tracked() -> set[str]:
    """The checkout's files as git sees them: committed or new, ignored ones left out."""
    done = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return {line for line in done.stdout.splitlines() if (ROOT / line).exists()}


def test_the_layout_map_names_only_what_exists() -> None:
    for path in layout_map():
        assert (ROOT / path).exists(), f"docs/developers.md names {path}, which is not there"


def test_the_layout_map_names_every_part_of_the_package_and_the_checkout() -> None:
    named = {path.rstrip("/") for path in layout_map()}
    files = tracked()
    tops = {f.split("/")[0] for f in files if not f.startswith(".")}
    parts = {"/".join(f.split("/")[:3]) for f in files if f.startswith("src/nyballot/")}
    assert sorted((tops - {"src"}) - named) == []
    assert sorted(parts - named) == []
