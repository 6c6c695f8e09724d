"""The access log's time of day: local time with its offset, as the Common Log Format writes it
(made once a second and kept)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from nyballot.api.middleware import _stamp


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    yield
    monkeypatch.undo()
    time.tzset()
    _stamp.cache_clear()


@pytest.mark.parametrize(
    ("tz", "expected"),
    [
        # Second 0 is 1 January 1970, 00:00:00 UTC; New York was then 5 hours behind (EST).
        ("UTC", "01/Jan/1970:00:00:00 +0000"),
        ("America/New_York", "31/Dec/1969:19:00:00 -0500"),
    ],
)
def test_the_log_stamps_local_time_with_its_offset(
    zone: None, monkeypatch: pytest.MonkeyPatch, tz: str, expected: str
) -> None:
    monkeypatch.setenv("TZ", tz)
    time.tzset()
    _stamp.cache_clear()
    assert _stamp(0) == expected
