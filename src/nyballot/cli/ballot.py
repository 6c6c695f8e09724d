"""nyballot ballot: the primary ballot of one election district, as text, JSON or a page."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.model import text_problem
from nyballot.ballot.render import ballot_dict, render_html, render_text
from nyballot.errors import UsageError
from nyballot.export.json import dumps
from nyballot.export.pdf import html_to_pdf
from nyballot.files import read_capped
from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice


def ballot_choice(law_id: str | None, bills: tuple[str, ...]) -> LawChoice:
    """The law named, with the bills; with none named, the law in force (chosen by year)."""
    choice = choose_law(law_id, bills)
    return choice if law_id else LawChoice(None, choice.overlays)


MAX_BYTES = 1024 * 1024  # one election district's ballot is a few kilobytes


def read_document(path: Path) -> object:
    """The JSON document in a file: UTF-8 (a byte order mark allowed), at most ``MAX_BYTES``."""
    name = path.name
    data = read_capped(path, MAX_BYTES, name, "a ballot input is smaller")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{name}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except DuplicateKeyError as exc:
        raise UsageError(f"{name}: {exc}") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python reads
        raise UsageError(f"{name}: not valid JSON ({exc})") from None
    except RecursionError:
        raise UsageError(f"{name}: JSON nested too deeply to be a ballot input") from None


class DuplicateKeyError(ValueError):
    """A JSON object names one key twice (json.loads would keep the last silently)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKeyError(f"the key {key[:60]!r} appears twice in one object")
        seen[key] = value
    return seen


@click.command()
@click.argument(
    "district_file", metavar="BALLOT.json", type=click.Path(dir_okay=False, path_type=Path)
)
@click.option(
    "--law",
    "law_id",
    metavar="VERSION",
    help="pre-2019 or current (default: the law in force in the election's year).",
)
@click.option("--with", "bills", multiple=True, metavar="BILL", help="A9725, S5305A or S5961.")
@click.option("--seed", help="Published seed for the drawing by lot (overrides the file's).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html", "pdf"]), default="text")
@click.option("--no-steps", is_flag=True, help="Text: print the ballot without the reasoning.")
def ballot(
    district_file: Path,
    law_id: str | None,
    bills: tuple[str, ...],
    seed: str | None,
    fmt: str,
    no_steps: bool,
) -> None:
    """The primary ballot described by BALLOT.json: who appears, in what order, as printed."""
    if seed is not None and not seed.strip():
        raise UsageError("--seed: empty; give the published seed of the drawing (or leave it out)")
    if seed is not None and text_problem(seed):
        raise UsageError(f"--seed: {text_problem(seed)}; the drawing steps quote the seed")
    data = parse_ballot(read_document(district_file), district_file.name)
    result = build_ballot(data, ballot_choice(law_id, bills), seed)
    if fmt == "json":
        click.echo(dumps(ballot_dict(result)), nl=False)
    elif fmt == "html":
        click.echo(render_html(result), nl=False)
    elif fmt == "pdf":
        pdf = html_to_pdf(render_html(result))
        if sys.stdout.isatty():
            raise UsageError("--format pdf: redirect the output to a file (> ballot.pdf)")
        sys.stdout.buffer.write(pdf)
    else:
        click.echo(render_text(result, steps=not no_steps), nl=False)
