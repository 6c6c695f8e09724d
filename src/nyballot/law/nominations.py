"""Whose nominations a rule belongs to: a party's or an independent body's (Article 6, Titles I
and II), as law data (``data/nominations.yaml``), for every view that shows a candidate only
the dates of their own way onto the ballot."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from nyballot.errors import LawDataError
from nyballot.law.reading import read_yaml

Body = Literal["party", "independent"]
_FAMILIES: dict[str, Body] = {"party": "party", "independent_body": "independent"}


@cache
def families() -> dict[Body, tuple[str, ...]]:
    """Each body's families of rule ids, as the data lists them."""
    path = resources.files("nyballot.law").joinpath("data/nominations.yaml")
    raw = read_yaml(path, "law/data/nominations.yaml")
    if not isinstance(raw, dict) or set(raw) != set(_FAMILIES):
        raise LawDataError(f"law/data/nominations.yaml: expected {' and '.join(_FAMILIES)}")
    return {_FAMILIES[key]: tuple(str(i) for i in ids) for key, ids in raw.items()}


def _in(rule_id: str, family: tuple[str, ...]) -> bool:
    return any(rule_id == f or rule_id.startswith(f + ".") for f in family)


def body_of(rule_id: str) -> Body | None:
    """The body whose nominations the rule belongs to; None: every candidate's. An independent
    body's family is asked first (``special.independent_nomination`` under ``special``)."""
    found = families()
    for body in ("independent", "party"):
        if _in(rule_id, found[body]):
            return body
    return None
