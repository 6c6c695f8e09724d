"""The checked law kept on disk: read back while nothing changed, built again when a file did,
and never in the way (an unwritable folder or a damaged entry only costs time)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nyballot import cache
from nyballot.law import loader


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NYBALLOT_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "rules.yaml"
    path.write_text("a: 1\n")
    return path


def _counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def build() -> object:
        calls.append(1)
        return value

    return calls, build


def test_an_entry_is_read_back_until_a_file_changes(data: Path) -> None:
    calls, build = _counting({"law": [1, 2, 3]})
    assert cache.cached("t", [data], build) == {"law": [1, 2, 3]}
    assert cache.cached("t", [data], build) == {"law": [1, 2, 3]}
    assert len(calls) == 1
    stat = data.stat()
    os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    cache.cached("t", [data], build)
    assert len(calls) == 2


def test_a_damaged_entry_is_built_again(data: Path) -> None:
    calls, build = _counting("value")
    cache.cached("t", [data], build)
    (entry,) = (Path(os.environ["NYBALLOT_CACHE_DIR"])).iterdir()
    entry.write_bytes(b"not a pickle")
    assert cache.cached("t", [data], build) == "value"
    assert len(calls) == 2


def test_an_unwritable_folder_or_off_only_costs_time(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls, build = _counting("value")
    monkeypatch.setenv("NYBALLOT_CACHE_DIR", str(data))  # a file: no folder can be made there
    assert cache.cached("t", [data], build) == "value"
    monkeypatch.setenv("NYBALLOT_CACHE_DIR", "off")
    assert cache.cached("t", [data], build) == "value"
    assert cache.cached("t", [data], build) == "value"
    assert len(calls) == 3


def test_the_law_from_the_cache_equals_the_law_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NYBALLOT_CACHE_DIR", str(tmp_path))
    first = loader.load_law.__wrapped__()  # builds and stores
    again = loader.load_law.__wrapped__()  # reads the entry
    # One entry for the law (the holidays' own entry is written too where no test before this
    # one has built them in this process).
    assert len(list(tmp_path.glob("law-*"))) == 1
    assert again == first
    assert again.versions["current"].rules == loader.load_law().versions["current"].rules
