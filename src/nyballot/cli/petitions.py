"""nyballot petitions: signature lines reviewed against the voter file; specifications."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

import click

from nyballot.cli.options import with_option
from nyballot.cli.scan import scan
from nyballot.cli.sheet import sheet
from nyballot.cli.terminal import Fitted, echo, fit
from nyballot.cli.voters import DB
from nyballot.export.json import dumps

if TYPE_CHECKING:
    from nyballot.petitions.lines import Petition
    from nyballot.petitions.request import Request

MAX_LINES_FILE = 256 * 1024 * 1024


def _review_options(func: Any) -> Any:
    decorators = [
        click.argument("lines_file", metavar="LINES.csv", type=click.Path(path_type=Path)),
        click.option("--year", required=True, type=int, help="Election year."),
        click.option(
            "--kind",
            type=click.Choice(["designating", "independent"]),
            default="designating",
            show_default=True,
        ),
        click.option("--party", help="Party code as in the voter file (DEM, REP, ...)."),
        click.option("--unit", "units", multiple=True, metavar="FIELD=VALUE", help="e.g. AD=7."),
        click.option("--enrolled", type=int, help="Enrolled voters of the party in the unit."),
        click.option(
            "--governor-votes",
            type=int,
            help="Votes for governor in the unit at the last gubernatorial election "
            "(an independent petition's number, § 6-142).",
        ),
        click.option("--required", type=int, help="The number required, given directly."),
        click.option("--seats", type=int, default=1, show_default=True, help="Persons elected."),
        _reading(
            "--ambiguous-reading",
            ("presumed", "either", "strict"),
            "A line that fits two voters: valid when one of them who may sign stands (presumed: "
            "the objector's burden, § 6-154(1)), when it stands whichever signed (either, "
            "§ 6-154(3)(a)(i)), or never counted until a clerk chooses (strict).",
        ),
        _reading(
            "--previous-name-reading",
            ("counts", "strict"),
            "A line under the surname of the voter's previous name on file: counted "
            "(substantial compliance, § 6-134(10)), or naming nobody until a clerk says "
            "(strict, § 6-130).",
        ),
        click.option("--law", "law_id", metavar="VERSION", help="Law version (default: in force)."),
        with_option("overlays", "A what-if bill or overlay file."),
        click.option("--petition", metavar="UID", help="The petition in the desk's book."),
        click.option("--desk-db", metavar="URL", envvar="NYBALLOT_DATABASE_URL"),
        DB,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def _reading(flag: str, readings: tuple[str, ...], help: str) -> Any:
    """A switch among readings of the law, the boards' (first) by default."""
    return click.option(
        flag, type=click.Choice(readings), default=readings[0], show_default=True, help=help
    )


@click.group()
def petitions() -> None:
    """Petition review against the voter file, and the objector's specifications."""


petitions.add_command(sheet)
petitions.add_command(scan)


def _run(options: dict[str, Any], keep: bool = False) -> tuple[dict[str, Any], str | None]:
    """The review, and the id it is kept under (with ``keep``). Reviewing the petition the
    desk's book holds (``--petition``) records its signers for the other petitions' reviews,
    with the kept review in the same transaction."""
    from nyballot.petitions.review import review
    from nyballot.voters.store import opened

    petition, request = _asked(options)
    uid = options["petition"]
    with opened(options["db"], read_only=uid is None and not keep) as con:
        if uid is None:
            result = review(con, petition, request)
        else:
            from nyballot.filing.desk import Desk
            from nyballot.petitions.book import review_in_book

            records = Desk(options["desk_db"]).records()
            result = review_in_book(con, petition, request, uid, records)
        if uid is None and not keep:
            return result, None
        from nyballot.petitions.book import record_review

        return result, record_review(con, result, uid, keep)


def _asked(options: dict[str, Any]) -> tuple[Petition, Request]:
    """The lines file read, and what the petition is for."""
    from nyballot.law.choice import LawChoice
    from nyballot.petitions.lines import read_lines
    from nyballot.petitions.review import Request, parse_units

    path: Path = options["lines_file"]
    petition = read_lines(_read(path), str(path))
    request = Request(
        year=options["year"],
        kind=options["kind"],
        party=options["party"].upper() if options["party"] else None,
        units=parse_units(options["units"]),
        enrolled=options["enrolled"],
        governor_votes=options["governor_votes"],
        required=options["required"],
        seats=options["seats"],
        law=LawChoice(options["law_id"], tuple(options["overlays"])),
        ambiguous_reading=options["ambiguous_reading"],
        previous_name_reading=options["previous_name_reading"],
    )
    return petition, request


def _stream(fmt: str, options: dict[str, Any]) -> None:
    """A review written line by line as each is ruled (memory stays flat for a million)."""
    from nyballot.petitions import report
    from nyballot.petitions.review import Review
    from nyballot.voters.store import opened

    petition, request = _asked(options)
    with opened(options["db"]) as con, _no_cycle_collector():
        run = Review(con, petition, request)
        if fmt == "json":
            report.write_json(run.lines(), run.rest, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            out = cast(TextIO, Fitted(sys.stdout))  # it only writes whole lines
            report.write_text(run.about(), run.lines(), run.rest, out)


@contextmanager
def _no_cycle_collector() -> Iterator[None]:
    """Ruling a line makes no reference cycles, and with a million lines alive the cycle
    collector's passes cost more than the ruling itself (300,000 lines: 178 us a line of
    Python with it, 115 without): it is off while the review runs."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _read(path: Path) -> bytes:
    from nyballot.files import read_capped

    return read_capped(path, MAX_LINES_FILE)


@petitions.command(name="review")
@_review_options
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text")
@click.option("--keep", is_flag=True, help="Keep the review for the clerk's page.")
def review_command(fmt: str, keep: bool, **options: Any) -> None:
    """A cited ruling for every line of LINES.csv, and the tally against the number required."""
    from nyballot.petitions import report

    if fmt != "html" and not keep and options["petition"] is None:
        _stream(fmt, options)
        return
    result, uid = _run(options, keep)
    if uid is not None:
        click.echo(fit(f"kept as review {uid}: page /web/petitions/{uid}"), err=True)
    if fmt == "json":
        click.echo(dumps(result), nl=False)
    elif fmt == "html":
        click.echo(report.worksheet(result))
    else:
        echo(report.text(result), nl=False)


@petitions.command()
@_review_options
@click.option("--format", "fmt", type=click.Choice(["pdf", "html"]), default="pdf")
@click.option("--output", "-o", type=click.Path(path_type=Path), help="File (default: stdout).")
@click.option("--file", "objection", metavar="OBJECTION_UID", help="File them at the desk.")
@click.option("--board", help="The board the objection was filed with (with --file).")
@click.option(
    "--received", help="With --file and --late-entry: when they were received (default: now)."
)
@click.option("--late-entry", metavar="REASON", help="Why they are entered after receipt.")
@click.option("--clerk", default="clerk", show_default=True)
def specifications(
    fmt: str,
    output: Path | None,
    objection: str | None,
    board: str | None,
    received: str | None,
    late_entry: str | None,
    clerk: str,
    **options: Any,
) -> None:
    """The objector's specifications: every challenged line, by sheet, with reason and cite."""
    from nyballot.export.pdf import html_to_pdf
    from nyballot.petitions import report

    result, _ = _run(options)
    html = report.specifications_html(result)
    body = html_to_pdf(html) if fmt == "pdf" else html.encode()
    if output is None:
        if objection is not None:
            _file(objection, board, (received, late_entry), clerk, options, result)
        sys.stdout.buffer.write(body)
        sys.stdout.buffer.flush()
        return
    # The document is written before it is filed: a filing cannot be taken back, so an output
    # that cannot be written must stop the command before the desk records anything.
    output.write_bytes(body)
    if objection is not None:
        try:
            _file(objection, board, (received, late_entry), clerk, options, result)
        except BaseException:
            output.unlink(missing_ok=True)  # nothing filed: no document that looks filed
            raise


def _file(
    objection: str,
    board: str | None,
    stamp: tuple[str | None, str | None],
    clerk: str,
    options: dict[str, Any],
    result: dict[str, Any],
) -> None:
    from nyballot.errors import UsageError
    from nyballot.filing.access import Actor
    from nyballot.filing.desk import Desk, Submission
    from nyballot.petitions.report import challenged

    if board is None:
        raise UsageError("--file: give --board, the board the objection was filed with")
    total = sum(len(s["lines"]) for s in challenged(result))
    s = Submission(
        kind="specifications",
        board=board,
        year=options["year"],
        received=stamp[0],
        late_entry=stamp[1],
        refers_to=objection,
        note=f"{total} signatures objected to in {len(challenged(result))} sheets "
        f"(voter file of {result['voter_file']['date']})",
    )
    # The command line acts for the board itself (it holds the database).
    from nyballot.elections.desk import special_desk  # the paper may be a special election's

    desk = Desk(options["desk_db"], specials=special_desk)
    record, _ = desk.submit(s, Actor(clerk, "board", client="cli"))
    click.echo(f"specifications filed: {record['uid']} ({record['verdict']})", err=True)


@petitions.command()
@click.argument("review_id", metavar="REVIEW_ID")
@click.option("--format", "fmt", type=click.Choice(["text", "csv", "pdf", "html"]), default="text")
@click.option("--output", "-o", type=click.Path(path_type=Path), help="File (default: stdout).")
@DB
def report(review_id: str, fmt: str, output: Path | None, db: str | None) -> None:
    """The clerk's report of a kept review: per volume and sheet, lines, valid, invalid by
    reason, objected, sustained, overruled, the running count, and every override."""
    from nyballot.petitions import clerk, kept
    from nyballot.voters.store import opened

    with opened(db) as con:
        found = clerk.clerk_report(kept.get(con, review_id))
    if fmt == "pdf":
        from nyballot.export.pdf import html_to_pdf

        body = html_to_pdf(clerk.as_html(found))
    elif fmt == "html":
        body = clerk.as_html(found).encode()
    elif fmt == "text" and output is None:  # for the terminal: fitted to its width
        echo(clerk.as_text(found), nl=False)
        return
    else:
        body = (clerk.as_csv(found) if fmt == "csv" else clerk.as_text(found)).encode()
    if output is not None:
        output.write_bytes(body)
        return
    sys.stdout.buffer.write(body)
    sys.stdout.buffer.flush()


def _line_options(func: Any) -> Any:
    for decorator in reversed(
        [
            click.argument("review_id", metavar="REVIEW_ID"),
            click.option("--volume", type=click.IntRange(min=1), default=1, show_default=True),
            click.option("--sheet", type=int, required=True),
            click.option("--line", "line_number", type=int, required=True),
            click.option("--reason", required=True, help="Why (kept in the history)."),
            click.option("--clerk", default="clerk", show_default=True),
            DB,
        ]
    ):
        func = decorator(func)
    return func


@petitions.command()
@_line_options
@click.option("--valid/--invalid", required=True, help="The clerk's ruling on the line.")
def override(review_id: str, volume: int, sheet: int, line_number: int, reason: str,
             clerk: str, db: str | None, valid: bool) -> None:  # fmt: skip
    """A clerk's ruling on one line of a kept review, kept beside the review's own."""
    from nyballot.petitions import kept
    from nyballot.voters.store import opened

    with opened(db, read_only=False) as con:
        found = kept.override(
            con, review_id, sheet, line_number, valid, reason, clerk, volume=volume
        )
    click.echo(f"{found['tally_after_overrides']['valid']} valid after the clerk's rulings")


@petitions.command()
@_line_options
def undo(review_id: str, volume: int, sheet: int, line_number: int, reason: str, clerk: str,
         db: str | None) -> None:  # fmt: skip
    """Undo the clerk's ruling in force on a line (until the review is certified)."""
    from nyballot.petitions import kept
    from nyballot.voters.store import opened

    with opened(db, read_only=False) as con:
        found = kept.undo(con, review_id, sheet, line_number, reason, clerk, volume=volume)
    click.echo(f"{found['tally_after_overrides']['valid']} valid after the clerk's rulings")


@petitions.command()
@click.argument("review_id", metavar="REVIEW_ID")
@click.argument("reading", type=click.Choice(["presumed", "either", "strict"]))
@click.option("--reason", required=True, help="Why (kept in the history).")
@click.option("--clerk", default="clerk", show_default=True)
@DB
def reading(review_id: str, reading: str, reason: str, clerk: str, db: str | None) -> None:
    """Read a kept review's ambiguous lines as READING from now on: presumed (valid when one of
    its voters who may sign stands), either (valid when it stands whichever of its voters
    signed) or strict (none counted until a clerk chooses)."""
    from nyballot.petitions import kept
    from nyballot.voters.store import opened

    with opened(db, read_only=False) as con:
        found = kept.read_as(con, review_id, reading, reason, clerk)
    t = found["tally_after_overrides"]
    click.echo(f"read {reading}: {t['valid']} valid after the clerk's rulings "
               f"({t['identity_for_clerk']} of them identity for a clerk)")  # fmt: skip


@petitions.command()
@click.argument("review_id", metavar="REVIEW_ID")
@click.option("--clerk", default="clerk", show_default=True)
@DB
def certify(review_id: str, clerk: str, db: str | None) -> None:
    """Certify a kept review: its rulings, the clerk's included, are frozen."""
    from nyballot.petitions import kept
    from nyballot.voters.store import opened

    with opened(db, read_only=False) as con:
        found = kept.certify(con, review_id, clerk)
    done = found["certified"]
    click.echo(f"certified by {done['clerk']} at {done['certified_at']}; "
               f"{found['tally_after_overrides']['valid']} valid")  # fmt: skip
