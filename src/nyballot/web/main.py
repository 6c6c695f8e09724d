"""The application uvicorn imports (``nyballot.web.main:app``): the API and its pages, on
$NYBALLOT_DATABASE_URL.

``nyballot serve`` passes its options to each worker process in the environment:
$NYBALLOT_RATE_LIMIT (requests a second per client, 0 for none), $NYBALLOT_PAGE_CACHE (MiB of
the book's public pages kept, 0 for none), $NYBALLOT_ACCESS_LOG (a file to append a Common Log
Format line to per request, or ``-`` for standard error),
$NYBALLOT_SIGNING_KEY (where the board's signing key is: a file, or env:NAME),
$NYBALLOT_REVIEW_WORKERS and $NYBALLOT_REVIEW_QUEUE (the worker processes that review the
public's petitions at once, and how many more may wait).
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from nyballot.api.app import RATE
from nyballot.api.kept_pages import BUDGET
from nyballot.filing.keys import key_from_env
from nyballot.petitions.workers import Pool
from nyballot.web import create_app


def _access_log() -> TextIO | None:
    target = os.environ.get("NYBALLOT_ACCESS_LOG")
    if not target:
        return None
    if target == "-":
        return sys.stderr
    return open(target, "a", encoding="utf-8", buffering=1)


app = create_app(
    rate=float(os.environ.get("NYBALLOT_RATE_LIMIT", RATE)),
    access_log=_access_log(),
    page_cache=int(os.environ.get("NYBALLOT_PAGE_CACHE", BUDGET >> 20)) << 20,
    key=key_from_env(),
    reviews=Pool(
        int(os.environ.get("NYBALLOT_REVIEW_WORKERS", 1)),
        int(os.environ.get("NYBALLOT_REVIEW_QUEUE", 3)),
    ),
    settled=True,
)
