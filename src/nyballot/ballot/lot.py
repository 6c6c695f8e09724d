"""The determination by lot (§ 7-116(3)) as a drawing anyone can re-run from a published seed.

Each item drawn (a candidate, or a group designated by one petition) gets the SHA-256 digest of

    <seed>|<office id>|<item key>

written in hexadecimal, and the items are printed in ascending order of their digests. The seed
is published before the drawing (a board might use the date, the board's name and numbers read
from a public source); anyone can then recompute each digest, for instance with
``printf '%s' 'SEED|OFFICE|ITEM' | sha256sum``, and check the order. The digest does not depend
on the order in which the items are listed in the input, and drawing for one office does not
change the drawing for another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable


def ticket(seed: str, office: str, item: str) -> str:
    """The hexadecimal digest that fixes ``item``'s place in the drawing."""
    return hashlib.sha256(f"{seed}|{office}|{item}".encode()).hexdigest()


def draw(seed: str, office: str, items: Iterable[str]) -> list[str]:
    """Items in the order drawn (ascending digest; the item key breaks an impossible tie)."""
    return sorted(items, key=lambda item: (ticket(seed, office, item), item))
