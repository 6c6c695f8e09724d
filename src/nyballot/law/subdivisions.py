"""Subdivisions of the statute named by a rule's cite.

A unit of a section is a path of markers: ``()`` the whole section, ``("6",)`` subdivision 6,
``("6", "a")`` its paragraph (a). ``parse_cite("6-134(4); L.2014 ch.20")`` gives § 6-134 subd 4
(the act is not a statute subdivision). ``nyballot.law.markers`` reads the same units from the
shipped texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Path = tuple[str, ...]

# Another law's section: "PBO 42(1)", "PBO § 42(1)", "GCL § 20"; shipped as PBO-42.txt, GCN-20.txt.
_OTHER_LAW = {"PBO": "PBO", "GCN": "GCN", "GCL": "GCN"}
# A regulation of the State Board of Elections is its own kind of source, never a statute:
# "9 NYCRR 6211.7(c)", a section of title 9 of the New York Codes, Rules and Regulations; shipped
# as regulations/9NYCRR-6211.7.txt, its section named "9NYCRR-6211.7".
_REGULATION = re.compile(
    r"(?P<title>\d+)\s+NYCRR\s+(?P<section>\d+(?:\.\d+)*)(?P<subs>(?:\([0-9a-z-]+\))*)"
)
REGULATION_MARK = "NYCRR"
_PART = re.compile(
    r"(?:(?P<law>PBO|GCN|GCL)\s*(?:§\s*)?)?(?P<section>\d+(?:-\d+)?(?:-[a-z]+)?)"
    r"(?P<subs>(?:\([0-9a-z-]+\))*)(?:-\([0-9a-z]+\))?"
)
_MORE = re.compile(r",\s*(?P<subs>(?:\([0-9a-z-]+\))+)")
_SUB = re.compile(r"\(([0-9a-z-]+)\)")


@dataclass(frozen=True, order=True)
class Cited:
    """One statute subdivision a cite names: the section ('6-158', 'PBO-42') and the path."""

    section: str
    path: Path

    def __str__(self) -> str:
        return cite_of(self.section, self.path)


def cite_of(section: str, path: Path) -> str:
    """'6-158', ('6', 'a') -> '6-158(6)(a)'; another law's section is written 'PBO 42(1)', a
    regulation's '9 NYCRR 6211.7(c)'."""
    if is_regulation(section):
        title, _, number = section.partition(f"{REGULATION_MARK}-")
        name = f"{title} {REGULATION_MARK} {number}"
    else:
        name = section.replace("-", " ", 1) if section[:1].isalpha() else section
    return name + "".join(f"({p})" for p in path)


def is_regulation(cite: str) -> bool:
    """Whether a cite (or a section's name) is a regulation's, not a statute's."""
    return REGULATION_MARK in cite


def with_sign(cite: str) -> str:
    """'6-158(1-a)' -> '§ 6-158(1-a)'; a cite naming another law ('PBO 42(1)') or a regulation
    ('9 NYCRR 6211.7(c)') as it is: a regulation is never given the statute's sign."""
    return f"§ {cite}" if cite[:1].isdigit() and not is_regulation(cite) else cite


def _subs(text: str) -> Path:
    return tuple(_SUB.findall(text))


def parse_cite(cite: str) -> list[Cited]:
    """The statute subdivisions a rule's cite names, in order, each once.

    Parts are separated by ';'. A part that names no section of a law ("L.2014 ch.20", "US v.
    NY, ...") is the act or order beside the section and is skipped. An Election Law section is
    written with its article ('6-158'); a bare number is a section only of another law named
    before it. "7-104(2), (4)" names 7-104(2) and 7-104(4); a range "(a)-(h)" stops at its
    enclosing unit.
    """
    found: list[Cited] = []
    for part in cite.split(";"):
        part = part.strip()
        reg = _REGULATION.match(part)
        if reg is not None:
            cited = Cited(f"{reg['title']}{REGULATION_MARK}-{reg['section']}", _subs(reg["subs"]))
            if cited not in found:
                found.append(cited)
            continue
        m = _PART.match(part)
        if m is None:
            continue
        if m["law"] is None and not re.fullmatch(r"\d+-\d+(?:-[a-z]+)?", m["section"]):
            continue
        section = f"{_OTHER_LAW[m['law']]}-{m['section']}" if m["law"] else m["section"]
        first = _subs(m["subs"])
        # A range "(2)(a)-(h)" names its enclosing unit, subdivision 2.
        paths = [first[:-1] if m.group(0).endswith(")") and "-(" in m.group(0) else first]
        rest = part[m.end() :]
        for more in _MORE.finditer(rest):
            paths.append(_subs(more["subs"]))
        for path in paths:
            if Cited(section, path) not in found:
                found.append(Cited(section, path))
    return found
