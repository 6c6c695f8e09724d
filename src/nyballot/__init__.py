"""nyballot: New York's ballot-access law as code.

The political calendar computed from the statute, with the words of the law behind every date::

    >>> from nyballot import build_calendar
    >>> cal = build_calendar(2015)
    >>> filing = cal.get("designating_petition.filing")
    >>> filing.opens.isoformat(), filing.closes.isoformat(), filing.cite
    ('2015-07-06', '2015-07-09', '6-158(1)')

The command line (``nyballot``), the HTTP API (``nyballot serve``) and the web pages are thin
shells over the functions exported here and in the subpackages (``nyballot.filing`` for the
filing desk, ``nyballot.ballot``, ``nyballot.delegates``, ``nyballot.signatures``).
"""

from __future__ import annotations

from nyballot.calendar.engine import build_calendar, calendar_under
from nyballot.calendar.model import Calendar, Deadline, Step
from nyballot.compare import Comparison, compare
from nyballot.errors import (
    ExpressionSyntaxError,
    LawDataError,
    NyballotError,
    OutOfCoverageError,
    RuleCycleError,
    UnknownNameError,
    UsageError,
)
from nyballot.law.choice import LawChoice
from nyballot.law.loader import load_law
from nyballot.reckoning.holidays import holidays, is_business_day

__all__ = [
    "Calendar",
    "Comparison",
    "Deadline",
    "ExpressionSyntaxError",
    "LawChoice",
    "LawDataError",
    "NyballotError",
    "OutOfCoverageError",
    "RuleCycleError",
    "Step",
    "UnknownNameError",
    "UsageError",
    "build_calendar",
    "calendar_under",
    "compare",
    "holidays",
    "is_business_day",
    "load_law",
]
