"""The nyballot command line: a thin shell over the library.

Every command group lives in its own module and is registered here by name; a module is
imported only when its command runs (or help lists it), so a short command does not pay for
the web server, the database or the exporters it does not use. Errors the user can fix exit 2
with one line naming the input and what was wrong; nothing prints a traceback.
"""

from __future__ import annotations

import importlib
import sys

import click

from nyballot.errors import NyballotError

# command name -> (module, attribute), in the order help lists them
COMMANDS = {
    "calendar": ("nyballot.cli.calendar", "calendar"),
    "explain": ("nyballot.cli.calendar", "explain"),
    "holidays": ("nyballot.cli.calendar", "holidays"),
    "law": ("nyballot.cli.law", "law"),
    "bill": ("nyballot.cli.bill", "bill"),
    "compare": ("nyballot.cli.compare", "compare_command"),
    "signatures": ("nyballot.cli.signatures", "signatures"),
    "ballot": ("nyballot.cli.ballot", "ballot"),
    "delegates": ("nyballot.cli.delegates", "delegates"),
    "desk": ("nyballot.cli.desk", "desk"),
    "serve": ("nyballot.cli.serve", "serve"),
    "voters": ("nyballot.cli.voters", "voters"),
    "petitions": ("nyballot.cli.petitions", "petitions"),
    "special": ("nyballot.cli.elections", "special"),
    "village": ("nyballot.cli.elections", "village"),
}


class _LazyGroup(click.Group):
    """A group whose commands are imported when they are asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            module, attribute = COMMANDS[cmd_name]
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command
        return super().get_command(ctx, cmd_name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nyballot")
def cli() -> None:
    """New York's ballot-access law as code: the political calendar from the statute."""


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
        from nyballot.cli.flags import with_flags

        fail(with_flags(exc))
    except BrokenPipeError:
        sys.exit(0)
    except OSError as exc:
        fail(f"{exc.filename or 'file'}: {exc.strerror}")
    except Exception as exc:  # a bug: still one line, never a traceback
        fail(f"internal error ({type(exc).__name__}: {exc}); please report it", 1)
