"""nyballot desk: the filing desk of a board of elections, without a server."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.table import Table
from rich.text import Text

from nyballot.cli import terminal
from nyballot.cli.options import with_option
from nyballot.export import json as json_export
from nyballot.export.fold import print_table
from nyballot.reckoning.dates import format_day

if TYPE_CHECKING:
    from nyballot.filing.chain import Break
    from nyballot.filing.desk import Desk

ENV_URL = "NYBALLOT_DATABASE_URL"  # the same as nyballot.filing.store.ENV_URL

DB = click.option(
    "--db",
    "db",
    envvar=ENV_URL,
    metavar="URL",
    help="Database URL (default: $NYBALLOT_DATABASE_URL or sqlite:///nyballot.sqlite3).",
)


KEY = click.option(
    "--signing-key",
    "key",
    envvar="NYBALLOT_SIGNING_KEY",
    metavar="FILE|env:NAME",
    help="The board's signing key: a PEM file (desk signing-key --new makes one), or env:NAME, a "
    "variable holding it (default: $NYBALLOT_SIGNING_KEY).",
)


def _paper_options(func: Any) -> Any:
    decorators = [
        click.option("--board", required=True, help="Board id, e.g. nyc, albany, westchester."),
        click.option("--year", required=True, type=int, help="Election year."),
        click.option(
            "--received",
            help="A late entry: the instant it was received, with date, time and UTC offset, "
            "e.g. 2026-04-02T16:59-04:00 (otherwise the desk stamps its own clock's time).",
        ),
        click.option(
            "--late-entry",
            "late_entry",
            metavar="REASON",
            help="Enter a paper received earlier (--received), saying why.",
        ),
        click.option(
            "--method",
            type=click.Choice(["in_person", "mail", "overnight"]),
            default="in_person",
            show_default=True,
        ),
        click.option("--postmark", help="Postmark date (YYYY-MM-DD) of a mailed paper."),
        click.option("--law", "law_id", help="Law version (default: in force that year)."),
        with_option("what_if", "A what-if bill, e.g. A9725, or an overlay file."),
        click.option("--clerk", default="clerk", show_default=True, help="Who stamps it."),
        click.option("--key", "idempotency_key", help="Idempotency key (recorded once)."),
        click.option("--note", default=""),
        click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text"),
        DB,
        KEY,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def _desk(db: str | None, key: str | None = None) -> Desk:
    # Imported here so that the calendar commands do not pay for the database libraries.
    from nyballot.elections.desk import special_desk
    from nyballot.filing.desk import Desk
    from nyballot.filing.keys import load_key

    return Desk(db, key=load_key(key) if key else None, specials=special_desk)


@click.group()
def desk() -> None:
    """The filing desk: stamp papers, judge timeliness, keep the book, run the clocks."""


@desk.command()
@DB
def init(db: str | None) -> None:
    """Create the database (or bring it to the latest schema)."""
    from nyballot.filing.store import current_revision, database_url
    from nyballot.urls import shown

    d = _desk(db)
    click.echo(f"{shown(database_url(db))}: schema at revision {current_revision(d.engine)}")


def _show(record: dict[str, Any], replayed: bool, fmt: str) -> None:
    if fmt == "json":
        click.echo(json_export.dumps({**record, "replayed": replayed}), nl=False)
        return
    decision = record["decision"]
    verdict = record["verdict"].replace("_", " ").upper()
    if record["fatal"]:
        verdict += " (fatal defect)"
    click.echo(f"{record['title']} #{record['seq']} {record['uid']}")
    terminal.echo(f"  stamped {record['received']}  board {record['board']}  {verdict}")
    if record["special"]:
        terminal.echo(f"  for the special election {record['special']}")
    if record["late_entry"]:
        terminal.echo(
            f"  late entry, recorded {record['recorded_at']} by {record['clerk']}: "
            f"{record['late_entry']['reason']}"
        )
    if replayed:
        terminal.echo("  (already recorded under this idempotency key: nothing new written)")
    for step in (decision["window"] or {}).get("derivation", [])[-1:] + decision["derivation"]:
        terminal.echo(f"  - {step['step']}  [{step['cite']}]")


def _record(kind: str, paper: dict[str, Any], **details: Any) -> None:
    """Build the paper from the options every paper takes plus ``details``, record and show it."""
    from nyballot.filing.access import Actor
    from nyballot.filing.desk import Submission

    s = Submission(
        kind=kind,
        board=paper["board"],
        year=paper["year"],
        received=paper["received"],
        method=paper["method"],
        postmark=paper["postmark"],
        note=paper["note"],
        law=paper["law_id"],
        what_if=list(paper["what_if"]),
        late_entry=paper["late_entry"],
        **details,
    )
    # Whoever runs the command line holds the database: the board's own role.
    who = Actor(paper["clerk"], "board", client="cli")
    record, replayed = _desk(paper["db"], paper["key"]).submit(s, who, paper["idempotency_key"])
    _show(record, replayed, paper["fmt"])


@desk.command(name="file")
@click.argument("kind")
@_paper_options
@click.option("--candidate", "candidates", multiple=True, metavar="NAME[@RESIDENCE]")
@click.option("--office", default="")
@click.option("--district", default="")
@click.option("--party", default="")
@click.option("--independent-body", is_flag=True, help="The party named is an independent body.")
@click.option("--refers-to", help="Uid of the filing this one concerns.")
@click.option("--outcome", help="For a determination: valid, invalid or noncompliant.")
@click.option("--supersedes", help="For a determination: uid of the earlier one it replaces.")
@click.option("--fee-cents", type=int, default=0)
@click.option(
    "--special",
    metavar="OFFICE:PROCLAIMED:ELECTION",
    help="A paper for this special election (e.g. assembly:2026-02-02:2026-03-17), judged by "
    "its calendar.",
)
def file_(
    kind: str,
    candidates: tuple[str, ...],
    office: str,
    district: str,
    party: str,
    independent_body: bool,
    refers_to: str | None,
    outcome: str | None,
    supersedes: str | None,
    fee_cents: int,
    special: str | None,
    **paper: Any,
) -> None:
    """Record a paper of KIND (designating_petition, party_nomination, objection, ...)."""
    people = []
    for c in candidates:
        name, _, residence = c.partition("@")
        if not name.strip():
            raise click.UsageError(
                f"--candidate '{c[:60]}': no name before the @ (NAME[@RESIDENCE])"
            )
        people.append({"name": name.strip(), "residence": residence.strip()})
    _record(
        kind,
        paper,
        candidates=people,
        office=office,
        district=district,
        party=party,
        independent_body=independent_body,
        refers_to=refers_to,
        outcome=outcome,
        supersedes=supersedes,
        fee_cents=fee_cents,
        special=special,
    )


@desk.command(name="object")
@click.argument("target")
@_paper_options
@click.option("--specifications", is_flag=True, help="Specifications of the objection TARGET.")
def object_(target: str, specifications: bool, **paper: Any) -> None:
    """Record an objection to the filing TARGET (or, with --specifications, its specifications)."""
    _record("specifications" if specifications else "objection", paper, refers_to=target)


@desk.command()
@click.argument("paper")
@click.option("--board", required=True, help="Board id, e.g. nyc, albany, westchester.")
@click.option(
    "--method",
    type=click.Choice(["in_person", "mail", "overnight"]),
    default="in_person",
    show_default=True,
)
@click.option("--at", "at", help="When it would be received, e.g. 2026-04-02T16:59-04:00 "
              "(default: now).")  # fmt: skip
@click.option("--postmark", help="Postmark date (YYYY-MM-DD) of a mailed paper.")
@click.option("--year", type=int, help="Election year (default: the year of --at).")
@click.option("--law", "law_id", help="Law version (default: in force that year).")
@with_option("what_if", "A what-if bill, e.g. A9725, or an overlay file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def check(
    paper: str,
    board: str,
    method: str,
    at: str | None,
    postmark: str | None,
    year: int | None,
    law_id: str | None,
    what_if: tuple[str, ...],
    fmt: str,
) -> None:
    """Would a paper of kind PAPER be on time if the board received it then? The verdict, the
    words of the law and the clocks it starts; nothing is recorded."""
    from nyballot.filing.check import would_be
    from nyballot.filing.desk import Submission
    from nyballot.filing.model import NEW_YORK, local
    from nyballot.filing.submission import parse_instant

    instant = parse_instant(at, "--at") if at is not None else dt.datetime.now(NEW_YORK)
    s = Submission(kind=paper, board=board, year=year or local(instant).year, method=method,
                   postmark=postmark, law=law_id, what_if=list(what_if))  # fmt: skip
    answer = would_be(s, instant)
    if fmt == "json":
        click.echo(json_export.dumps(answer), nl=False)
        return
    verdict = answer["verdict"].replace("_", " ").upper()
    verdict += " (fatal defect)" if answer["fatal"] else ""
    terminal.echo(f"{answer['title']} at {answer['board']}, {method}, {answer['at']}: {verdict}")
    for step in (answer["window"] or {}).get("derivation", [])[-1:] + answer["derivation"]:
        terminal.echo(f"  - {step['step']}  [{step['cite']}]")
    for c in answer["clocks"]:
        terminal.echo(f"  starts: {c['title']}: {c['due']}  [{c['cite']}]")
    terminal.echo("  (nothing recorded)")


@desk.command(name="book")
@click.option("--board")
@click.option("--year", type=int)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "csv", "html", "json"]), default="table"
)
@click.option("--limit", type=click.IntRange(1), help="At most this many papers (a page).")
@click.option(
    "--after",
    type=click.IntRange(0),
    metavar="SEQ",
    help="The papers after this seq (the cursor a page ends with).",
)
@DB
def book(
    board: str | None,
    year: int | None,
    fmt: str,
    limit: int | None,
    after: int | None,
    db: str | None,
) -> None:
    """The public book of filings (§ 6-144): time stamps, names, office, party, objections;
    with --limit, a page at a time (a page ends with the --after of the next), read from the
    index as the server reads it."""
    from nyballot.filing import book as book_export

    title = book_export.title(board, year)
    rows, digests, published, following = _book_rows(_desk(db), board, year, limit, after)
    if fmt == "csv":
        click.echo(book_export.to_csv(rows), nl=False)
    elif fmt == "html":
        click.echo(book_export.to_html(rows, title, digests, published), nl=False)
    elif fmt == "json":
        data = {"title": title, "rows": rows, "digests": digests, "keys": published}
        click.echo(json_export.dumps(data | {"next": following}), nl=False)
    else:
        _print_book(title, rows, digests)
    if following is not None and fmt != "json":  # the csv and html files stay whole
        click.echo(f"next page: --after {following}", err=fmt != "table")


def _book_rows(
    d: Desk, board: str | None, year: int | None, limit: int | None, after: int | None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, str]], int | None]:
    """The book's rows (a page of them, with --limit or --after), the digests of their days
    (of every day, for the whole book), the public keys, and the next page's cursor."""
    from nyballot.filing import book as book_export
    from nyballot.filing import chain
    from nyballot.filing.reading import PageAsked

    if limit is None and after is None:
        records = d.records(board, year)
        return book_export.rows(records), chain.digests(records), d.published_keys(), None
    page, digests, published = d.public_page(PageAsked(board, year, limit or 10**9, after=after))
    return page.rows, digests, published, page.next


def _print_book(title: str, rows: list[dict[str, Any]], digests: list[dict[str, Any]]) -> None:
    """The book as a table: a late entry marked under its stamp, with when and by whom it was
    recorded; then the daily digests."""
    columns = ("seq", "stamped", "kind", "candidates", "office", "party_or_body", "verdict",
               "status", "memorandum")  # fmt: skip
    table = Table(title=title)
    for column in columns:
        table.add_column(column.replace("_", " "))
    for row in rows:
        cells = {c: str(row[c]) for c in columns}
        if row["special"]:
            cells["office"] += f"\n(special election {row['special']})"
        if row["late_entry"]:
            cells["stamped"] += (
                f"\n({row['late_entry']}; recorded {row['recorded']} by {row['clerk']})"
            )
        table.add_row(*(Text(cell) for cell in cells.values()))  # plain text, never markup
    console = terminal.console()
    print_table(table, console)
    if digests:
        console.print("Daily digests (the last hash of each day):", markup=False)
    for d in digests:
        console.print(f"  {d['board']}  {d['day']}  #{d['seq']}  {d['hash']}", markup=False)


@desk.command()
@click.option("--board")
@click.option("--year", type=int)
@click.option("--on", "on", help="List what is still running on this day (default: today).")
@click.option("--all", "show_all", is_flag=True, help="Include clocks that have run out.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--limit", type=click.IntRange(1), help="At most this many (a page).")
@click.option("--after", metavar="CURSOR", help="The page after this cursor (as a page ends).")
@DB
def due(
    board: str | None,
    year: int | None,
    on: str | None,
    show_all: bool,
    fmt: str,
    limit: int | None,
    after: str | None,
    db: str | None,
) -> None:
    """What falls due, soonest first: objections, specifications, cure, court, notices; with
    --limit, a page at a time (a text page ends with the --after of the next)."""
    from nyballot.filing.model import NEW_YORK
    from nyballot.filing.reading import due_cursor
    from nyballot.filing.records import clock_dict
    from nyballot.filing.submission import parse_day

    if show_all and on is not None:
        raise click.UsageError("--on and --all: give one of them (a day, or every clock)")
    if show_all:
        day = None
    elif on is not None:
        day = parse_day(on, "--on")
    else:
        day = dt.datetime.now(NEW_YORK).date()
    found = _desk(db).due(board, year, day, limit=limit and limit + 1, after=after)
    more = limit is not None and len(found) > limit
    found = found[:limit]
    if fmt == "json":
        click.echo(json_export.dumps([clock_dict(c) for c in found]), nl=False)
        return
    for c in found:
        terminal.echo(f"{format_day(c.due)}  {c.title}  [{c.cite}]  filing {c.filing}")
    if more:
        terminal.echo(f"next page: --after {due_cursor(found[-1])}")


@desk.command()
@click.argument("uid")
@DB
def history(uid: str, db: str | None) -> None:
    """A filing with every later record that refers to it, replayed."""
    click.echo(json.dumps(_desk(db).history(uid), indent=2, ensure_ascii=False))


@desk.command()
@click.option("--clerk", help="The clerk's name (to create a token).")
@click.option(
    "--board", "boards", multiple=True, metavar="BOARD", help="A board it may write to "
    "(repeat for several; default: every board)."
)  # fmt: skip
@click.option(
    "--role", type=click.Choice(["clerk", "supervisor", "viewer"]),
    help="clerk (the default): records; supervisor: also late entries; viewer: reads.",
)  # fmt: skip
@click.option("--expires", metavar="DATE", help="Last day it works (YYYY-MM-DD, New York).")
@click.option("--list", "show_list", is_flag=True, help="List the tokens (never the tokens).")
@click.option("--revoke", type=int, metavar="ID", help="Revoke the token ID.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@DB
def token(
    clerk: str | None,
    boards: tuple[str, ...],
    role: str | None,
    expires: str | None,
    show_list: bool,
    revoke: int | None,
    fmt: str,
    db: str | None,
) -> None:
    """Create a clerk's API token (printed once; only its hash is stored), list or revoke."""
    from nyballot.filing import access

    asked = [flag for flag, given in (("--clerk", clerk is not None), ("--list", show_list),
             ("--revoke", revoke is not None)) if given]  # fmt: skip
    if len(asked) > 1:
        raise click.UsageError(f"{' and '.join(asked)}: give one of them (create, list or revoke)")
    if (boards or expires or role) and clerk is None:
        raise click.UsageError(
            "--board, --role and --expires describe a new token: give --clerk NAME"
        )
    d = _desk(db)
    if show_list:
        found = access.list_tokens(d.engine)
        if fmt == "json":
            click.echo(json_export.dumps(found), nl=False)
        for t in found if fmt == "text" else []:
            state = "revoked " + t["revoked_at"] if t["revoked_at"] else "active"
            ends = (
                f" expires {t['expires_at']}{_through(t['expires_at'])}" if t["expires_at"] else ""
            )
            boards_ = ",".join(t["boards"])
            terminal.echo(f"{t['id']}  {t['clerk']}  {t['role']}  boards {boards_}{ends}  {state}")
        return
    if revoke is not None:
        already = access.revoke_token(d.engine, revoke)
        if already is not None:
            click.echo(f"token {revoke}: already revoked at {already}")
            return
        _log_admin(d, f"revoke token {revoke}")
        click.echo(f"token {revoke}: revoked")
        return
    if not clerk:
        raise click.UsageError("give --clerk NAME (or --list, or --revoke ID)")
    until: dt.datetime | None = None
    if expires is not None:
        from nyballot.filing.model import NEW_YORK
        from nyballot.filing.submission import parse_day

        day = parse_day(expires, "--expires")
        # The token works through the whole of its last day, New York time.
        until = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), NEW_YORK)
        if until <= access.now():
            raise click.UsageError(f"--expires {expires}: that day is past")
    role = role or "clerk"
    token_id, secret = access.create_token(d.engine, clerk, role, boards, until)
    scope = ",".join(boards) or "every board"
    _log_admin(d, f"create token {token_id} for {clerk} ({role}; {scope})")
    if fmt == "json":
        click.echo(json_export.dumps({"id": token_id, "token": secret}), nl=False)
    else:
        click.echo(secret)


def _log_admin(d: Desk, what: str) -> None:
    """A token made or revoked is a write: logged as done by whoever runs the command line
    (the system's user name), from the command line."""
    import getpass

    from nyballot.filing import access

    try:
        who = getpass.getuser()
    except (KeyError, OSError):  # no user name for this uid (a bare container)
        who = "?"
    access.log(d.engine, who, "token", what, "cli", "recorded")


def _through(expires_at: str) -> str:
    """' (works through YYYY-MM-DD)' for a token ending at a New York midnight, as
    ``--expires`` makes them; else ''."""
    from nyballot.filing.model import NEW_YORK

    ends = dt.datetime.fromisoformat(expires_at).astimezone(NEW_YORK)
    if ends.time() != dt.time():
        return ""
    return f" (works through {(ends.date() - dt.timedelta(days=1)).isoformat()})"


@desk.command()
@click.option(
    "--digest", "kept", multiple=True, metavar="HASH",
    help="A daily digest kept from the book: it must still be borne by a record (repeatable).",
)  # fmt: skip
@click.option(
    "--public-key", "public_keys", multiple=True, metavar="HEX",
    help="The board's published public key: every signature must be its (repeatable).",
)  # fmt: skip
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@DB
@KEY
def verify(
    kept: tuple[str, ...], public_keys: tuple[str, ...], fmt: str, db: str | None, key: str | None
) -> None:
    """Check the database's integrity, every board's hash chain, every signature, the access
    log's chain and any kept digests; name what does not hold (exit 1 if anything)."""
    from nyballot.filing import chain
    from nyballot.filing.integrity import require_book
    from nyballot.filing.keys import public_key

    given = [public_key(k, "public_key") for k in public_keys]
    require_book(db, "verify")
    d = _desk(db, key)
    report = d.verification(given)
    report["integrity"] = d.integrity()
    digests = chain.kept_digests(d.records(), kept) if kept else []
    missing = [x for x in digests if not x["found"]]
    broken = report.pop("break")
    log_broken = report["access_log"]["first_broken"]
    failed = bool(report["integrity"]) or broken is not None or bool(missing) or bool(log_broken)
    if fmt == "json":
        report = {"ok": not failed, **report, "first_broken": broken.as_dict() if broken else None}
        if kept:
            report["digests"] = digests
        click.echo(json_export.dumps(report), nl=False)
    else:
        _print_verify(report, broken, digests)
    if failed:
        raise SystemExit(1)


def _print_verify(
    report: dict[str, Any], broken: Break | None, digests: list[dict[str, Any]]
) -> None:
    for problem in report["integrity"]:
        terminal.echo(f"DAMAGED: the database's integrity check reports: {problem}")
    if broken is not None:
        terminal.echo(
            f"BROKEN: board {broken.board}, record #{broken.seq} ({broken.uid}): {broken.reason}"
        )
    elif not report["integrity"]:
        terminal.echo(f"ok: {report['records']} records, every board's chain holds")
    if report["signed"]:
        terminal.echo(
            f"signatures: {report['signed']} signed, {report['unsigned']} unsigned; checked "
            f"against {report['checked_against']}"
        )
    else:
        terminal.echo("signatures: none (the desk signs records given --signing-key)")
    for k in report["keys"]:
        terminal.echo(
            f"  key {k['key_id']}: public key {k['public_key']} (since {k['first_used']})"
        )
    log = report["access_log"]
    if log["first_broken"] is None:
        terminal.echo(f"access log: {log['lines']} lines, its chain holds")
    else:
        terminal.echo(f"BROKEN: access log line #{log['first_broken']}: its chain does not hold")
    for x in digests:
        if x["found"]:
            terminal.echo(f"digest {x['hash']}: record #{x['seq']} of {x['board']} bears it")
        else:
            terminal.echo(
                f"NOT IN THE BOOK: digest {x['hash']}: a record up to it was rewritten or removed"
            )


@desk.command(name="signing-key")
@click.option("--new", "new", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Make a key in FILE (a new file only you may read).")  # fmt: skip
@click.option("--show", "show", metavar="FILE|env:NAME", help="Show this key's public key.")
def signing_key(new: Path | None, show: str | None) -> None:
    """Make the board's signing key (--new FILE), or show a key's public key (--show FILE):
    publish it, so anyone can check the book's signatures."""
    from nyballot.filing.keys import load_key, new_key

    if (new is None) == (show is None):
        raise click.UsageError("give --new FILE (make a key) or --show FILE (its public key)")
    made = new_key(new) if new is not None else load_key(str(show))
    if new is not None:
        click.echo(terminal.fit(f"{new}: a new key; keep it outside the database, and back it up"),
                   err=True)  # fmt: skip
    terminal.echo(f"key {made.id}: public key {made.public_hex}")


@desk.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@DB
def backup(file: Path, db: str | None) -> None:
    """Copy a SQLite book into FILE, a new file, while the desk may keep working."""
    from nyballot.filing.backup import backup as copy

    click.echo(f"{file}: {copy(db, file)} filings backed up")


@desk.command()
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@DB
def restore(file: Path, db: str | None) -> None:
    """Fill an empty SQLite book from the backup FILE (its chain must verify)."""
    from nyballot.filing.backup import restore as fill

    click.echo(f"{file}: {fill(db, file)} filings restored")
