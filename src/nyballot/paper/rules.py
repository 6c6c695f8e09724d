"""Which words a petition sheet prints under a law: the one place the sheet reads the law.

Every word of the form a sheet prints is a provision of the law data (``paper.*`` in
``versions/<law>/6-130.yaml``, ``6-132.yaml``, ``6-134.yaml``, ``6-140.yaml`` and, for the cover
sheet, the regulation 9 NYCRR 6215.2 in ``NYCRR-6215.yaml``), whose quotations ``nyballot law
check`` finds in the shipped texts. Two shapes:

- a *form* (the signers' statement, the statement of witness): its passages printed in order,
  with what goes after each but the last (and, if named, after the last) in ``setting``: a fill
  such as the party, ``blank`` for a line to write on, ``break`` for a new paragraph, ``sign``
  for a line to sign on, captioned by the passage that follows, or ``""`` for nothing;
- *labels* (column headings, the cover sheet's items): each label is pieces of the passages
  joined by " / ", and a label with a word the passages do not hold is refused here, so the
  sheet never prints a word of law that ``law check`` has not found.
"""

from __future__ import annotations

from dataclasses import dataclass

from nyballot.errors import LawDataError, UsageError
from nyballot.law.model import Provision
from nyballot.law.provisions import ResolvedLaw, provisions_in_force
from nyballot.law.texts import fold

KINDS = ("designating", "independent")
FILLS = (
    "party",
    "primary",
    "election",
    "body",
    "emblem",
    "committee",
    "blank",
    "break",
    "sign",
    "",
)
FORMS = ("statement", "witness", "notary")
LABELS = ("candidates", "joint", "columns")
COMMITTEE = "paper.independent.committee"  # § 6-140(1)(a)
NUMBERED = "paper.sheets_numbered"  # § 6-134(2)
COVER = "paper.cover.contents"  # 9 NYCRR 6215.2(a), a regulation
_PIECE = " / "

# Every provision the sheet reads is a list (``law check`` checks the declared type).
TYPES = {
    **{f"paper.{k}.{n}": "list" for k in KINDS for n in (*FORMS, *LABELS)},
    COMMITTEE: "list",
    NUMBERED: "flag",
    COVER: "list",
}


@dataclass(frozen=True)
class Piece:
    """A passage of the law's words (``fill`` empty), or what goes between two passages."""

    words: str = ""
    fill: str = ""


@dataclass(frozen=True)
class Words:
    """Words of the law a sheet prints: where from, and why they may not be the words in force."""

    id: str
    cite: str
    pieces: tuple[Piece, ...] = ()  # a form
    labels: tuple[str, ...] = ()  # labels
    unverified: str = ""
    regulation: bool = False  # 9 NYCRR: a regulation, never called a statute
    quoted: tuple[str, ...] = ()  # the passages as quoted

    @property
    def shown_cite(self) -> str:
        return self.cite if self.regulation else f"§ {self.cite}"


@dataclass(frozen=True)
class SheetLaw:
    """The words of one kind of petition sheet under one law."""

    kind: str
    law: str  # the law version's id
    statement: Words
    candidates: Words
    joint: Words
    columns: Words
    witness: Words
    notary: Words
    committee: Words | None  # independent petitions: the committee and the attestation
    numbered: Words
    cover: Words

    def unverified(self) -> list[Words]:
        """The words printed that may not be the words in force, each with the reason."""
        every = [self.statement, self.candidates, self.joint, self.columns, self.witness]
        every += [self.notary, self.numbered, self.cover]
        every += [self.committee] if self.committee else []
        return [w for w in every if w.unverified]


def _form(item: Provision) -> Words:
    after = item.items()
    if len(after) not in (len(item.law) - 1, len(item.law)) or any(f not in FILLS for f in after):
        raise LawDataError(
            f"{item.origin} {item.id} ({item.cite}): a form's setting names what follows each "
            f"passage but the last ({len(item.law) - 1}, or one more for the last), each one "
            f"of {', '.join(repr(f) for f in FILLS)}"
        )
    pieces: list[Piece] = []
    for i, words in enumerate(item.law):
        pieces.append(Piece(words=words))
        if i < len(after):
            pieces.append(Piece(fill=after[i]))
    return _words(item, pieces=tuple(pieces))


def _labels(item: Provision) -> Words:
    passages = [fold(p) for p in item.law]
    for label in item.items():
        for piece in label.split(_PIECE):
            if not any(fold(piece) in p for p in passages):
                raise LawDataError(
                    f"{item.origin} {item.id} ({item.cite}): label '{label}' prints "
                    f"'{piece}', which its quoted passages do not hold"
                )
    shown = tuple(" ".join(label.split(_PIECE)) for label in item.items())
    return _words(item, labels=shown)


def _words(item: Provision, pieces: tuple[Piece, ...] = (), labels: tuple[str, ...] = ()) -> Words:
    regulation = "NYCRR" in item.cite
    return Words(item.id, item.cite, pieces, labels, item.unverified, regulation, item.law)


def sheet_law(law: ResolvedLaw, kind: str) -> SheetLaw:
    """The sheet's words under ``law``; a law whose data hold no words of the form is refused."""
    if kind not in KINDS:
        raise UsageError(f"kind '{kind}': expected one of {', '.join(KINDS)}", fields=("kind",))
    found = provisions_in_force(law)

    def need(provision_id: str) -> Provision:
        item = found.get(provision_id)
        if item is None:
            year = f"year {law.year}: " if law.year is not None else ""
            raise UsageError(
                f"{year}the law '{law.version.id}' ships no words for the petition sheet "
                f"('{provision_id}')",
                fields=("year",),
            )
        return item

    statement = _form(need(f"paper.{kind}.statement"))  # the first a law without them lacks
    numbered = need(NUMBERED)
    numbered.flag()  # a flag: the type law check checks
    return SheetLaw(
        kind=kind,
        law=law.version.id,
        statement=statement,
        candidates=_labels(need(f"paper.{kind}.candidates")),
        joint=_labels(need(f"paper.{kind}.joint")),
        columns=_labels(need(f"paper.{kind}.columns")),
        witness=_form(need(f"paper.{kind}.witness")),
        notary=_form(need(f"paper.{kind}.notary")),
        committee=_form(need(COMMITTEE)) if kind == "independent" else None,
        numbered=_words(numbered),
        cover=_labels(need(COVER)),
    )
