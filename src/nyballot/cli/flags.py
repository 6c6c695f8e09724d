"""The one place the command line turns a request's field names into its flags.

The library's errors name the fields of a request (``enacted_on S5305A=...``), as the API and
the pages do; the command line prints the same error with its flags (``--enacted-on``)."""

from __future__ import annotations

import re

from nyballot.errors import NyballotError, UsageError


def flag_of(field: str) -> str:
    """Each field's flag is its name with dashes: ``enacted_on`` is ``--enacted-on``."""
    return "--" + field.replace("_", "-")


def with_flags(exc: NyballotError) -> str:
    """The error's message with each field it names (first mention) given as its flag."""
    message = str(exc)
    for field in exc.fields if isinstance(exc, UsageError) else ():
        message = re.sub(
            rf"(?<![\w-]){re.escape(field)}(?![\w-])", flag_of(field), message, count=1
        )
    return message
