"""Errors nyballot raises; each message names the input and what was wrong.

NyballotError                 base: catch this to catch everything below
  LawDataError                a rule file is wrong (file, rule id, cite, problem)
    ExpressionSyntaxError     a date expression cannot be read (with a caret)
    UnknownNameError          a rule, event or election name does not exist
    RuleCycleError            rules refer to each other in a circle (path shown)
  OutOfCoverageError          a year or election the law data does not cover
  UsageError                  a request names an unknown law, overlay, event or rule,
                              or gives a malformed value
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class NyballotError(Exception):
    """Base class of every error nyballot raises on purpose."""


class LawDataError(NyballotError):
    """The law data (a rule or overlay file) is malformed; raised at load time."""


class ExpressionSyntaxError(LawDataError):
    """A date expression does not follow the grammar."""


class UnknownNameError(LawDataError):
    """An expression names a rule, event or election that does not exist."""


class RuleCycleError(LawDataError):
    """Rules depend on each other in a circle."""


class OutOfCoverageError(NyballotError):
    """The question falls outside what the shipped law covers."""


class UsageError(NyballotError):
    """A request is malformed: unknown law, overlay, event, rule id, or a bad value.

    The message names the request's fields (``with``, ``enacted_on``, ``primary``), never a
    command-line flag; ``fields`` lists the fields it names, in order, so the command line can
    speak of its flags instead (each field's first mention is the one it translates)."""

    def __init__(self, message: str, *, fields: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.fields = fields


def suggest(name: str, known: Iterable[str]) -> str:
    """A ' (did you mean ...?)' hint with the nearest known names, or ''."""
    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""
