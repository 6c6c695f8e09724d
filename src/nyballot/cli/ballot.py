"""nyballot ballot: the primary ballot of one election district, as text, JSON or a page."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from nyballot.ballot import build_ballot, parse_ballot
from nyballot.ballot.model import Ballot, text_problem
from nyballot.ballot.nist import from_cdf, to_cdf
from nyballot.ballot.printed import PAPERS, official_html, proof_html
from nyballot.ballot.render import ballot_dict, render_html, render_text
from nyballot.cli.options import with_option
from nyballot.cli.terminal import echo
from nyballot.errors import UsageError
from nyballot.export.json import dumps
from nyballot.export.pdf import html_to_pdf
from nyballot.files import read_capped
from nyballot.law.bills import choose_law
from nyballot.law.choice import LawChoice
from nyballot.reckoning.season import today


def ballot_choice(law_id: str | None, bills: tuple[str, ...]) -> LawChoice:
    """The law named, with the bills; with none named, the law in force (chosen by year)."""
    choice = choose_law(law_id, bills)
    return choice if law_id else LawChoice(None, choice.overlays)


MAX_BYTES = 1024 * 1024  # one election district's ballot is a few kilobytes
MAX_BALLOTS = 5000  # one run of numbered ballots for one election district's polling place


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


FORMATS = ["text", "json", "html", "pdf", "proof", "nist-cdf"]


@click.command()
@click.argument(
    "district_file",
    metavar="BALLOT.json",
    required=False,
    type=click.Path(dir_okay=False, path_type=Path),
)
@click.option(
    "--law",
    "law_id",
    metavar="VERSION",
    help="pre-2019 or current (default: the law in force in the election's year).",
)
@with_option("bills", "A9725, S5305A, S5961 or an overlay file.")
@click.option("--seed", help="Published seed for the drawing by lot (overrides the file's).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text")
@click.option("--no-steps", is_flag=True, help="Text: print the ballot without the reasoning.")
@click.option(
    "--number-from", type=click.IntRange(min=1), default=1, help="PDF: first stub number."
)
@click.option("--count", type=click.IntRange(1, MAX_BALLOTS), default=1, help="PDF: ballots.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", help="PDF and proof.")
@click.option(
    "--from-nist-cdf",
    "cdf_file",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read a NIST SP 1500-100 v2 election definition instead of a ballot file.",
)
def ballot(
    district_file: Path | None,
    law_id: str | None,
    bills: tuple[str, ...],
    seed: str | None,
    fmt: str,
    no_steps: bool,
    number_from: int,
    count: int,
    paper: str,
    cdf_file: Path | None,
) -> None:
    """The primary ballot described by BALLOT.json: who appears, in what order, as printed."""
    if (district_file is None) == (cdf_file is None):
        raise UsageError("ballot: give a ballot file or --from-nist-cdf FILE (one of them)")
    if cdf_file is not None:
        result = from_cdf(read_document(cdf_file), cdf_file.name)
    else:
        assert district_file is not None
        result = _built(district_file, law_id, bills, seed)
    _write(result, fmt, no_steps, range(number_from, number_from + count), paper)


def _built(path: Path, law_id: str | None, bills: tuple[str, ...], seed: str | None) -> Ballot:
    if seed is not None and not seed.strip():
        raise UsageError("--seed: empty; give the published seed of the drawing (or leave it out)")
    if seed is not None and text_problem(seed):
        raise UsageError(f"--seed: {text_problem(seed)}; the drawing steps quote the seed")
    data = parse_ballot(read_document(path), path.name)
    return build_ballot(data, ballot_choice(law_id, bills), seed)


def _write(result: Ballot, fmt: str, no_steps: bool, numbers: range, paper: str) -> None:
    if fmt == "json":
        click.echo(dumps(ballot_dict(result)), nl=False)
    elif fmt == "html":
        click.echo(render_html(result), nl=False)
    elif fmt == "nist-cdf":
        if not result.date:
            raise UsageError("--format nist-cdf: the ballot file gives no 'date' of the election")
        generated = f"{today().isoformat()}T00:00:00Z"
        click.echo(json.dumps(to_cdf(result, generated), ensure_ascii=False, indent=2))
    elif fmt in ("pdf", "proof"):
        page = official_html(result, numbers, paper) if fmt == "pdf" else proof_html(result, paper)
        if sys.stdout.isatty():
            raise UsageError(f"--format {fmt}: redirect the output to a file (> ballot.pdf)")
        sys.stdout.buffer.write(html_to_pdf(page))
    else:
        echo(render_text(result, steps=not no_steps), nl=False)
