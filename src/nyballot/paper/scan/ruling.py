"""A page's ruled lines: the page straightened, its rules found, the table of signature lines
and the box of the witness's statement below it.

A sheet fed a little askew is turned straight first: the angle (within ``MAX_SKEW`` degrees)
at which the page's dark pixels fall into the sharpest rows is the skew. Rules are then found
by morphology (an opening with a long, thin element keeps only long horizontal or vertical
strokes), whatever printed them. The signature lines are the longest run of rows of one height
between rules of one width, crossed by at least ``MIN_COLUMNS`` + 1 vertical rules: the heading
row (of another height) and boxes elsewhere on the page (a cover sheet's few rows) are not.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from nyballot.paper.scan.pages import Gray

MAX_SKEW = 3.5  # degrees: a sheet fed askew up to 3 degrees, with a margin
MIN_ROWS = 5  # a form with fewer signature lines than this is not a petition sheet here
MIN_COLUMNS = 3
RULE_SPAN = 0.5  # a rule runs across at least half the page's width
ROW_TOLERANCE = 0.1  # rows of a table differ in height by less than a tenth


@dataclass(frozen=True)
class Rule:
    y: int
    left: int
    right: int


@dataclass(frozen=True)
class Table:
    """The signature lines' rows (between ``rules``) and the columns' vertical rules."""

    rules: tuple[Rule, ...]
    columns: tuple[int, ...]

    @property
    def left(self) -> int:
        return min(r.left for r in self.rules)

    @property
    def right(self) -> int:
        return max(r.right for r in self.rules)


@dataclass(frozen=True)
class Ruled:
    """A page straightened, with its ink and its rules as masks."""

    gray: Gray
    ink: Gray  # 255 where dark
    horizontal: Gray
    vertical: Gray
    skew: float  # degrees turned
    faint: Gray  # 255 where darker than halfway between ink and paper (rules, light strokes)


def straighten(gray: Gray) -> Ruled:
    """The page turned straight, with its masks of ink and of rules."""
    skew = skew_angle(gray)
    if abs(skew) >= 0.05:
        gray = rotate(gray, skew)
    smooth = cv2.medianBlur(gray, 3)  # a scanner's specks are not ink
    level, ink = cv2.threshold(smooth, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    # A thin rule prints (or scans) grey: rules are looked for halfway between ink and paper.
    paper = float(np.percentile(smooth, 90))
    # Strokes are looked for before the median, which erases a line one pixel thin (a rule
    # where it steps from one row to the next, a light pen's outline); the scan's specks fall
    # to the long openings, and to the least size of a mark (crops.MIN_MARK).
    _, faint = cv2.threshold(gray, (level + paper) / 2, 255, cv2.THRESH_BINARY_INV)
    width = gray.shape[1]
    horizontal = _strokes(faint, (max(width // 25, 10), 1))
    vertical = _strokes(faint, (1, max(width // 50, 10)))
    return Ruled(gray, ink, horizontal, vertical, skew, faint)


def _strokes(mask: Gray, size: tuple[int, int]) -> Gray:
    """The long strokes of ``size``'s direction, their small breaks mended first."""
    across = (5, 1) if size[0] > size[1] else (1, 5)
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones(across[::-1], np.uint8))
    kept: Gray = cv2.morphologyEx(closed, cv2.MORPH_OPEN, np.ones(size[::-1], np.uint8))
    return kept


def skew_angle(gray: Gray) -> float:
    """The angle, in degrees, that brings the page's rows of ink level: the sharpest
    projection of a small copy, tried coarse then fine."""
    small_width = 500
    scale = small_width / gray.shape[1]
    small = cv2.resize(
        255 - gray, (small_width, max(1, round(gray.shape[0] * scale))),
        interpolation=cv2.INTER_AREA,
    )  # fmt: skip
    ink = small.astype(np.float32)

    def sharpness(angle: float) -> float:
        turned = rotate(ink, angle, fill=0)
        rows = turned.sum(axis=1)
        return float(np.square(rows).sum())

    best = max(np.arange(-MAX_SKEW, MAX_SKEW + 1e-9, 0.25), key=sharpness)
    fine = np.arange(best - 0.25, best + 0.25 + 1e-9, 0.05)
    return round(float(max(fine, key=sharpness)), 2)


def rotate(image: Gray, angle: float, fill: int = 255) -> Gray:
    height, width = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), angle, 1.0)
    turned: Gray = cv2.warpAffine(
        image, matrix, (width, height), flags=cv2.INTER_LINEAR, borderValue=(fill,)
    )
    return turned


def rules(page: Ruled) -> list[Rule]:
    """The page's horizontal rules, top to bottom: unbroken strokes across at least
    ``RULE_SPAN`` of the page, a thick rule counted once (two short rules side by side, as a
    date's and a signature's, are not one)."""
    width = page.horizontal.shape[1]
    # A thin rule left a hair off level steps from one row of pixels to the next: each row is
    # looked at with its neighbours.
    thick = cv2.dilate(page.horizontal, np.ones((3, 1), np.uint8))
    filled = (thick > 0).sum(axis=1)
    dark = np.flatnonzero(filled >= RULE_SPAN * width)
    found: list[Rule] = []
    for run in np.split(dark, np.flatnonzero(np.diff(dark) > 2) + 1):
        if run.size == 0:
            continue
        band = thick[run[0] : run[-1] + 1].max(axis=0) > 0
        left, right = _longest(band)
        if right - left >= RULE_SPAN * width:
            found.append(Rule(int(run.mean().round()), left, right))
    return found


def _longest(band: npt.NDArray[np.bool_]) -> tuple[int, int]:
    """The first and last index of the longest run of True."""
    edges = np.diff(np.concatenate(([0], band.astype(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    if starts.size == 0:
        return 0, 0
    k = int(np.argmax(ends - starts))
    return int(starts[k]), int(ends[k]) - 1


def table(page: Ruled, found: list[Rule]) -> Table | None:
    """The signature lines: the longest run of equal rows between rules of one width."""
    height = page.gray.shape[0]
    best: tuple[Rule, ...] = ()
    for start in range(len(found) - 1):
        run = [found[start], found[start + 1]]
        gap = run[1].y - run[0].y
        if gap < height / 80:
            continue
        for rule in found[start + 2 :]:
            if abs((rule.y - run[-1].y) - gap) > ROW_TOLERANCE * gap or not _same_width(
                rule, run[0], page.gray.shape[1]
            ):
                break
            run.append(rule)
        if len(run) - 1 >= MIN_ROWS and len(run) > len(best):
            best = tuple(run)
    if not best:
        return None
    columns = _columns(page, best)
    if len(columns) < MIN_COLUMNS + 1:
        return None
    return Table(best, columns)


def _same_width(a: Rule, b: Rule, width: int) -> bool:
    slack = 0.03 * width
    return abs(a.left - b.left) <= slack and abs(a.right - b.right) <= slack


def _columns(page: Ruled, run: tuple[Rule, ...]) -> tuple[int, ...]:
    """The vertical rules that cross the whole run (a column's divider), left to right."""
    top, bottom = run[0].y, run[-1].y
    band = page.vertical[top:bottom] > 0
    filled = band.sum(axis=0)
    dark = np.flatnonzero(filled >= 0.8 * (bottom - top))
    return tuple(
        int(group.mean().round())
        for group in np.split(dark, np.flatnonzero(np.diff(dark) > 2) + 1)
        if group.size
    )


def witness_box(found: list[Rule], lines: Table) -> tuple[int, int, int, int] | None:
    """The box below the signature lines between the next two rules: the witness's (or the
    notary's) statement on the forms seen; None when the page has no such box."""
    bottom = lines.rules[-1].y
    below = [r for r in found if r.y > bottom + 3]
    if len(below) < 2:
        return None
    top, end = below[0], below[1]
    return (min(top.left, end.left), top.y, max(top.right, end.right), end.y)
