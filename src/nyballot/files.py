"""Reading an input file with a size limit: no command reads more than it will accept.

``read_capped`` reads one byte past the limit, so ``/dev/zero`` or a file growing while it is
read is refused without being held in memory.
"""

from __future__ import annotations

from pathlib import Path

from nyballot.errors import UsageError

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB


def size_text(limit: int) -> str:
    """'4 GiB', '4 MiB', '60 KiB' or '1,000 bytes': the limit as a reader would say it."""
    if limit % GIB == 0:
        return f"{limit // GIB} GiB"
    if limit % MIB == 0:
        return f"{limit // MIB} MiB"
    if limit % KIB == 0:
        return f"{limit // KIB} KiB"
    return f"{limit:,} bytes"


def read_capped(path: Path, limit: int, name: str | None = None, why: str = "") -> bytes:
    """The bytes of ``path``, at most ``limit`` of them; errors name the file as ``name`` (by
    default the path as given) and add ``why`` after a larger file's limit."""
    name = str(path) if name is None else name
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{name}: cannot read ({exc.strerror})") from None
    if len(data) > limit:
        raise UsageError(f"{name}: larger than {size_text(limit)}" + (f"; {why}" if why else ""))
    return data
