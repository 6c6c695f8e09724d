"""Reading an input file with a size limit."""

from pathlib import Path

import pytest

from nyballot.errors import UsageError
from nyballot.files import read_capped, size_text


def test_a_limit_is_said_as_a_reader_would() -> None:
    assert size_text(4 * 1024**3) == "4 GiB"
    assert size_text(4 * 1024 * 1024) == "4 MiB"
    assert size_text(60 * 1024) == "60 KiB"
    assert size_text(1000) == "1,000 bytes"


def test_an_endless_file_is_refused_after_one_byte_past_the_limit() -> None:
    with pytest.raises(UsageError, match=r"^/dev/zero: larger than 1 KiB; too big$"):
        read_capped(Path("/dev/zero"), 1024, why="too big")


def test_a_file_at_the_limit_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"x" * 10)
    assert read_capped(path, 10) == b"x" * 10
    with pytest.raises(UsageError, match=r"^given\.txt: cannot read"):
        read_capped(tmp_path / "missing.txt", 10, "given.txt")
