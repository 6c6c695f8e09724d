"""Each signature line cut from the straightened page, as PNG, and whether it carries ink.

A line's crop runs from rule to rule across the table, with a margin of a tenth of the row
above and below: a signature that strays over its rule is kept whole. A line is ``blank`` when,
its rules, its columns' dividers and its first column (the printed line number) set aside, no
mark as large as a pen's stroke is left in it: the printed guides in light grey ("/ /" for the
date), a scanner's specks and the tail of a letter hanging from the line above are not ink.
"""

from __future__ import annotations

import cv2
import numpy as np

from nyballot.paper.model import Box
from nyballot.paper.scan.pages import Gray
from nyballot.paper.scan.ruling import Ruled, Table

MARGIN = 0.1  # of a row's height, above and below
MIN_MARK = 30  # pixels: a pen's stroke at 150 dpi; a grey guide's "/" or a speck is less
MIN_INK = 80  # pixels of marks in a line for it to carry ink


def line_boxes(lines: Table, height: int) -> list[Box]:
    """Each line's box, top to bottom, with its margin."""
    boxes = []
    left, right = lines.left, lines.right
    for upper, lower in zip(lines.rules, lines.rules[1:], strict=False):
        pad = round(MARGIN * (lower.y - upper.y))
        boxes.append((left, max(0, upper.y - pad), right + 1, min(height, lower.y + pad + 1)))
    return boxes


def png(gray: Gray, box: Box) -> bytes:
    left, top, right, bottom = box
    ok, encoded = cv2.imencode(".png", gray[top:bottom, left:right])
    if not ok:  # pragma: no cover - OpenCV encodes any grey array
        raise RuntimeError("PNG encoding failed")
    return bytes(encoded.tobytes())


def blank(page: Ruled, lines: Table, row: int) -> bool:
    """No ink on line ``row`` (0-based) once the printed rules and number are set aside."""
    upper, lower = lines.rules[row].y, lines.rules[row + 1].y
    inset = 4
    first = lines.columns[1] if len(lines.columns) > 1 else lines.left
    top, bottom = upper + inset, lower - inset
    left, right = first + inset, lines.right - inset
    if bottom <= top or right <= left:
        return True
    marks = (page.faint[top:bottom, left:right] > 0).astype(np.uint8)
    # The columns' dividers found, not every long stroke: a word in a bold hand is long too.
    for column in lines.columns:
        marks[:, max(0, column - left - inset) : max(0, column - left + inset + 1)] = 0
    count, _, stats, centres = cv2.connectedComponentsWithStats(marks, connectivity=8)
    areas = stats[1:count, cv2.CC_STAT_AREA]
    # A stroke hanging from the line above (a "g" or a "y" crossing the rule) is its line's.
    from_above = (stats[1:count, cv2.CC_STAT_TOP] == 0) & (
        centres[1:count, 1] < 0.3 * marks.shape[0]
    )
    return int(areas[(areas >= MIN_MARK) & ~from_above].sum()) < MIN_INK
