"""The numbers a changed sentence gives a provision: "at least [fifteen] TWENTY thousand voters"
-> count 20000. Only where the old and new words hold the same numbers but one, and the
provision quotes that sentence; anything else is a todo with its words."""

from __future__ import annotations

import re
from typing import Any

from nyballot.bills.phrases import number

_TYPED = {"count", "business_days", "dollars", "share"}


def numbers_in(text: str) -> list[int]:
    """Every cardinal number the words give: "fifteen thousand" 15000, "one hundred" 100."""
    words = re.findall(r"[a-z]+(?:-[a-z]+)?|\d[\d,]*", text.lower())
    found: list[int] = []
    i = 0
    while i < len(words):
        first = _cardinal(words[i])
        if first is None:
            i += 1
            continue
        total, current = 0, first
        i += 1
        while i < len(words):
            word = words[i]
            if word == "hundred":
                current *= 100
            elif word == "thousand":
                total, current = total + current * 1000, 0
            elif word == "and" and i + 1 < len(words) and _cardinal(words[i + 1]) is not None:
                pass
            elif (n := _cardinal(word)) is not None and current % 100 == 0 and n < 100:
                current += n
            else:
                break
            i += 1
        found.append(total + current)
    return found


def _cardinal(word: str) -> int | None:
    if word.replace(",", "").isdigit():
        return int(word.replace(",", ""))
    if word.endswith(("th", "st", "nd", "rd")) and not word.isdigit():
        return None  # an ordinal names a day, not a number of signatures
    return number(word)


def provision_change(item: Any, old: str, new: str, section: str, cite: str) -> dict[str, Any]:
    """The drafted provision entry, or a todo entry (``todo`` key) saying why not."""
    a, b = numbers_in(old), numbers_in(new)
    differ = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    entry: dict[str, Any] = {"id": item.id, "section": section, "cite": cite,
                             "title": item.title, "law": new, "type": item.type}  # fmt: skip
    if len(a) == len(b) and len(differ) == 1 and a[differ[0]] not in numbers_in(" ".join(item.law)):
        return {}  # the number changed is another provision's
    if len(a) != len(b) or len(differ) != 1:
        entry["todo"] = f'{len(differ)} numbers changed of {len(a)} -> {len(b)}: "{new[:160]}"'
        return entry
    value = b[differ[0]]
    if item.type == "share":
        if not re.search(r"per centum|percent", new, re.I):
            entry["todo"] = f"a share without 'per centum': \"{new[:160]}\""
            return entry
        entry["setting"] = f"{value}/100"
    else:
        entry["setting"] = value
    entry["value"] = str(entry["setting"])
    entry["was"] = str(a[differ[0]])
    return entry


def typed(item: Any) -> bool:
    return getattr(item, "type", None) in _TYPED
