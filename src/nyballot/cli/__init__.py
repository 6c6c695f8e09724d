"""The nyballot command line: a thin shell over the library.

Every command group lives in its own module and is registered here. Errors the user can fix
exit 2 with one line naming the input and what was wrong; nothing prints a traceback.
"""

from __future__ import annotations

import sys

import click

from nyballot.cli.ballot import ballot
from nyballot.cli.calendar import calendar, explain, holidays
from nyballot.cli.compare import compare_command
from nyballot.cli.delegates import delegates
from nyballot.cli.desk import desk
from nyballot.cli.law import law
from nyballot.cli.petitions import petitions
from nyballot.cli.serve import serve
from nyballot.cli.signatures import signatures
from nyballot.cli.voters import voters
from nyballot.errors import NyballotError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nyballot")
def cli() -> None:
    """New York's ballot-access law as code: the political calendar from the statute."""


COMMANDS = (
    calendar, explain, holidays, law, compare_command,
    signatures, ballot, delegates, desk, serve, voters,
    petitions,
)  # fmt: skip
for command in COMMANDS:
    cli.add_command(command)


def fail(message: str, code: int = 2) -> None:
    first_line, *rest = message.splitlines() or [""]
    click.echo(f"nyballot: error: {first_line}", err=True)
    for line in rest:
        click.echo(f"  {line}", err=True)
    sys.exit(code)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command line, turning every error into a clear exit."""
    try:
        cli.main(args=argv, prog_name="nyballot", standalone_mode=False)
    except click.exceptions.Abort:
        fail("aborted", 130)
    except click.ClickException as exc:
        fail(exc.format_message())
    except NyballotError as exc:
        fail(str(exc))
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:
        fail(f"{exc.filename or 'file'}: {exc.strerror}")
    except Exception as exc:  # a bug: still one line, never a traceback
        fail(f"internal error ({type(exc).__name__}: {exc}); please report it", 1)
