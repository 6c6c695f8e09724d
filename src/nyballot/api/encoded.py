"""A fixed response body made once and served many times: gzipped for a client that accepts it,
with an entity tag so a client that has it already gets ``304 Not Modified``.

A year's calendar is 152 KB of JSON and 17 KB gzipped; the gzip is made once, where the body is
made (in a worker thread), never per request. The two forms have their own tags (RFC 9110
§ 8.8.3: a strong tag changes with the content coding), and either one in ``If-None-Match``
answers 304, as the comparison there is weak (§ 13.1.2). ``Vary: Accept-Encoding`` tells caches
that the answer depends on that header.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass, field

from starlette.datastructures import Headers
from starlette.responses import Response

VARY = "Accept-Encoding"


@dataclass(frozen=True)
class Encoded:
    """A body, its gzip and their entity tags."""

    body: bytes
    media_type: str
    gzipped: bytes = field(init=False, repr=False)
    etag: str = field(init=False)

    def __post_init__(self) -> None:
        # mtime=0: the same body always gzips to the same bytes (and the same tag).
        object.__setattr__(self, "gzipped", gzip.compress(self.body, compresslevel=9, mtime=0))
        digest = hashlib.sha256(self.body).hexdigest()[:32]
        object.__setattr__(self, "etag", f'"{digest}"')

    @property
    def gzip_etag(self) -> str:
        return f'"{self.etag[1:-1]}-gzip"'

    def response(self, request: Headers) -> Response:
        """The answer to a request with these headers: 304 when its ``If-None-Match`` names
        this body, else the body, gzipped when ``Accept-Encoding`` allows gzip."""
        zipped = accepts_gzip(request.get("accept-encoding", ""))
        headers = {"ETag": self.gzip_etag if zipped else self.etag, "Vary": VARY}
        if matches(request.get("if-none-match", ""), (self.etag, self.gzip_etag)):
            return Response(status_code=304, headers=headers)
        if zipped:
            headers["Content-Encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` value allows gzip: named (or as ``x-gzip``), or ``*``,
    with a weight above 0 (RFC 9110 § 12.5.3)."""
    named: float | None = None
    anything: float | None = None
    for item in accept_encoding.split(","):
        coding, _, params = item.partition(";")
        coding = coding.strip().lower()
        weight = _weight(params)
        if coding in ("gzip", "x-gzip"):
            named = weight if named is None else max(named, weight)
        elif coding == "*":
            anything = weight
    chosen = named if named is not None else anything
    return chosen is not None and chosen > 0


def _weight(params: str) -> float:
    """The ``q`` of ``;q=0.5`` (1 when absent; 0 when it is not a number)."""
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "q":
            try:
                return float(value.strip())
            except ValueError:
                return 0.0
    return 1.0


def matches(if_none_match: str, etags: tuple[str, ...]) -> bool:
    """Whether an ``If-None-Match`` value names any of ``etags`` (``*`` names every one; a weak
    ``W/`` tag compares by its value)."""
    for tag in if_none_match.split(","):
        tag = tag.strip()
        if tag == "*":
            return True
        if tag.removeprefix("W/") in etags:
            return True
    return False
