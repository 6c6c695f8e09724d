"""Who a rule of the calendar is for. Whether it is a candidate's, a board's or a voter's is
its kind (``KIND_GROUPS``); for a candidate, whether it is a party's or an independent body's is
the law's (``nyballot.law.nominations``), and for which office a family of rule ids, as data
(``data/audience.yaml``)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

from nyballot.errors import UsageError
from nyballot.law.model import Rule
from nyballot.law.nominations import body_of

WHO: dict[str, str] = {
    "candidate": "A candidate",
    "board": "A board of elections",
    "voter": "A voter",
    "all": "Everyone (the whole calendar)",
}
BODIES: dict[str, str] = {"party": "A party", "independent": "An independent body"}


@cache
def _data() -> dict[str, Any]:
    text = resources.files("nyballot.web").joinpath("data/audience.yaml").read_text("utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    return data


def offices() -> dict[str, str]:
    """Office choices: id -> title."""
    return {k: v["title"] for k, v in _data()["offices"].items()}


def _in(rule_id: str, families: list[str]) -> bool:
    return any(rule_id == f or rule_id.startswith(f + ".") for f in families)


def _office_family(rule_id: str) -> str | None:
    families: dict[str, list[str]] = _data()["families"]
    return next((name for name, ids in families.items() if _in(rule_id, ids)), None)


def check(who: str, office: str, body: str) -> None:
    """A bad choice is a UsageError naming it."""
    for name, value, known in (
        ("who", who, WHO),
        ("office", office, offices()),
        ("body", body, BODIES),
    ):
        if value not in known:
            raise UsageError(f"{name} '{value[:40]}': expected one of {', '.join(known)}")


def applies(rule: Rule, who: str, office: str, body: str) -> bool:
    """Whether a rule of the kinds ``who`` sees (``Calendar.of_kinds``) is for the office and
    the party or independent body chosen (``check`` them first)."""
    family = _office_family(rule.id)
    if family is not None and family not in _data()["offices"][office]["families"]:
        return False
    if who == "all" or rule.kind == "election":
        return True
    whose = body_of(rule.id)
    return whose is None or whose == body
