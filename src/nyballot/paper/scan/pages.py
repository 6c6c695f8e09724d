"""A scanned file's pages as grey images: a PDF rendered page by page (pypdfium2), or a PNG,
JPEG or TIFF image (each frame of a TIFF a page).

Every page is brought to one working width, about 150 dots to the inch across a sheet, so that
the rest of the scan measures in one scale whatever the scanner's resolution; the crops, cut
from these images, stay legible. The file is checked before a page is rendered: its kind, its
size, a password, its number of pages; each problem is one UsageError naming the file.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from nyballot.errors import UsageError

Gray = npt.NDArray[Any]  # one channel of 8 bits (OpenCV's stubs type arrays loosely)

MAX_BYTES = 512 * 1024 * 1024  # a bound volume of 1,000 pages scanned at 300 dpi fits well under
MAX_PAGES = 1000  # the largest volume read in one go; a bigger upload is split by the clerk
WIDTH = 1275  # the working width in pixels: 8.5 inches at 150 dpi
MAX_PIXELS = 80_000_000  # one page's image: a 600 dpi legal page is 30 million
IMAGE_KINDS = {"PNG", "JPEG", "TIFF", "MPO"}  # MPO: a JPEG some cameras write


@dataclass(frozen=True)
class Opened:
    """A file checked and opened: its kind and its number of pages."""

    kind: str  # "pdf" or "image"
    pages: int
    handle: object  # the pypdfium2 document or the PIL image


def open_file(data: bytes, source: str) -> Opened:
    """The file opened, or a UsageError saying what is wrong with it."""
    if len(data) > MAX_BYTES:
        raise UsageError(
            f"{source}: {len(data):,} bytes, over the limit of {MAX_BYTES:,} "
            "(scan the volume in parts)"
        )
    if not data:
        raise UsageError(f"{source}: the file is empty")
    if b"%PDF-" in data[:1024]:
        return _open_pdf(data, source)
    return _open_image(data, source)


def _open_pdf(data: bytes, source: str) -> Opened:
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise UsageError(
                f"{source}: the PDF is encrypted (it asks for a password); "
                "scan or save it without one"
            ) from None
        raise UsageError(f"{source}: not a readable PDF ({exc})") from None
    pages = len(document)
    _check_pages(pages, source)
    return Opened("pdf", pages, document)


def _open_image(data: bytes, source: str) -> Opened:
    from PIL import Image, UnidentifiedImageError

    try:
        image = Image.open(io.BytesIO(data))
        kind = image.format
    except Image.DecompressionBombError:
        raise UsageError(f"{source}: too large an image") from None
    except (UnidentifiedImageError, OSError):
        raise UsageError(f"{source}: not a PDF or an image (PNG, JPEG or TIFF)") from None
    if kind not in IMAGE_KINDS:
        raise UsageError(f"{source}: a {kind} image; give a PDF or a PNG, JPEG or TIFF image")
    if image.width * image.height > MAX_PIXELS:
        raise UsageError(
            f"{source}: {image.width} by {image.height} pixels, over the limit of "
            f"{MAX_PIXELS:,} a page"
        )
    pages = int(getattr(image, "n_frames", 1))
    _check_pages(pages, source)
    return Opened("image", pages, image)


def _check_pages(pages: int, source: str) -> None:
    if pages < 1:
        raise UsageError(f"{source}: the file has no pages")
    if pages > MAX_PAGES:
        raise UsageError(
            f"{source}: {pages:,} pages, over the limit of {MAX_PAGES:,} in one file "
            "(scan the volume in parts)"
        )


def page_images(opened: Opened, source: str) -> Iterator[Gray]:
    """Each page in turn, grey, at the working width (one page in memory at a time)."""
    for n in range(opened.pages):
        try:
            image = _pdf_page(opened, n) if opened.kind == "pdf" else _image_page(opened, n)
        except (OSError, ValueError) as exc:
            raise UsageError(f"{source}: page {n + 1} cannot be read ({exc})") from None
        yield to_width(image)


def _pdf_page(opened: Opened, n: int) -> Gray:
    page = opened.handle[n]  # type: ignore[index]
    width = max(float(page.get_width()), 1.0)
    height = max(float(page.get_height()), 1.0)
    scale = WIDTH / width
    if width * height * scale * scale > MAX_PIXELS:
        raise ValueError("its page is too large")
    bitmap = page.render(scale=scale, grayscale=True)
    array: Gray = np.array(bitmap.to_numpy(), dtype=np.uint8)
    return array.reshape(array.shape[0], array.shape[1])


def _image_page(opened: Opened, n: int) -> Gray:
    image = opened.handle
    image.seek(n)  # type: ignore[attr-defined]
    if image.width * image.height > MAX_PIXELS:  # type: ignore[attr-defined]
        raise ValueError("its image is too large")  # a TIFF's frames differ in size
    return np.asarray(image.convert("L"), dtype=np.uint8)  # type: ignore[attr-defined]


def to_width(image: Gray) -> Gray:
    """The page scaled to the working width (an image much narrower is kept as it is)."""
    height, width = image.shape
    if width == WIDTH or width < WIDTH * 0.5:
        return image
    size = (WIDTH, max(1, round(height * WIDTH / width)))
    interpolation = cv2.INTER_AREA if width > WIDTH else cv2.INTER_LINEAR
    scaled: Gray = cv2.resize(image, size, interpolation=interpolation)
    return scaled
