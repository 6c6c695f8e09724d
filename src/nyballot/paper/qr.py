"""The sheet's identity as a QR code (segno): a small SVG, inline, that a scan reads back.

Error correction level M (about 15% of the code may be lost: a staple, a fold, a smudge) and
the standard quiet zone of four modules, without which readers miss the code on a busy page.
"""

from __future__ import annotations

import segno


def qr_data_uri(payload: str) -> str:
    """The code as an SVG ``data:`` URL (the PDF writer fetches nothing else)."""
    code = segno.make_qr(payload, error="m", boost_error=False)
    uri: str = code.svg_data_uri(scale=4, border=4)
    return uri
