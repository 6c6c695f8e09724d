"""The scanner the desk calls on an uploaded volume: ``nyballot.paper.scan.read_volume``,
imported when first asked for (its image libraries are heavy, and a desk without them still
keys the volumes it has)."""

from __future__ import annotations

from typing import Protocol

from nyballot.errors import UsageError
from nyballot.paper.model import ScannedVolume


class Scanner(Protocol):
    def __call__(
        self, data: bytes, *, source: str, petition: str | None = None
    ) -> ScannedVolume: ...


class ScannerMissing(UsageError):
    """No scanner in this installation (answered 503)."""


def default_scanner(data: bytes, *, source: str, petition: str | None = None) -> ScannedVolume:
    try:
        from nyballot.paper.scan import read_volume
    except ImportError as exc:
        raise ScannerMissing(
            f"scanner: not available in this installation ({exc.name or 'nyballot.paper.scan'})"
        ) from None
    found: ScannedVolume = read_volume(data, source=source, petition=petition)
    return found
