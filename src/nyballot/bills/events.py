"""The new things a bill creates, named from its own words, and the days other phrases count
from them by.

A new sentence "A NOTICE OF INTENT TO CIRCULATE A DESIGNATING PETITION, ... SHALL BE FILED NO
EARLIER THAN THIRTY DAYS BEFORE ..." creates a paper, named by the words before its first
infinitive or comma (``notice_of_intent``), and its dates (``notice_of_intent.filing``, from
"shall be filed"). Later phrases then count from "the first day to file a notice of intent to
circulate a designating petition" (its ``.opens``). Where the bill sets the paper beside
another ("the petition OR NOTICE"), the rules of that other paper the sentence holds get a twin
for the new one, counted as theirs are. Nothing is named that the bill's words do not name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# "shall be filed": the participle, the verb and its gerund, as the project names a day's act.
_VERBS = {"filed": ("file", "filing"), "signed": ("sign", "signing")}
_CREATES = re.compile(
    r"^(?:\(?[a-z0-9-]{1,4}[.)]\s*)*(?:a|an)\s+(?P<name>[a-z][a-z -]*?)\s*(?:,[^.]*?)?"
    r"\s+shall be (?P<verb>filed|signed)\b"
)
_PERIOD = re.compile(r"shall have (?P<period>[a-z -]+?) to (?P<verb>[a-z]+)\b")
_ARTICLES = ("", "a ", "the ", "such ")
_QUALIFIERS = ("", " for the primary election", " for the fall primary election")


def snake(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", words.lower()).strip("_")


@dataclass(frozen=True)
class Event:
    """A paper the bill creates: its name in the bill's words and in the expressions."""

    id: str  # "notice_of_intent"
    name: str  # "notice of intent to circulate a designating petition"
    verb: str  # "file"
    gerund: str  # "filing"

    @property
    def rule_id(self) -> str:
        return f"{self.id}.{self.gerund}"

    @property
    def head(self) -> str:
        return self.name.split(" ")[0]

    def days(self) -> tuple[tuple[str, str], ...]:
        """Each wording of its first and last day, with the day's name."""
        found = []
        participle = next(p for p, (v, _) in _VERBS.items() if v == self.verb)
        for edge, part in (("first", "opens"), ("last", "closes")):
            day = f"{self.rule_id}.{part}"
            for art in _ARTICLES:
                found += [
                    (f"the {edge} day to {self.verb} {art}{self.name}", day),
                    (f"the {edge} day for {self.gerund} {art}{self.name}", day),
                ]
                found += [
                    (f"the {edge} day on which {art}{self.name}{q} may be {participle}", day)
                    for q in _QUALIFIERS
                ]
        return tuple(found)


def created(text: str) -> Event | None:
    """The paper a new sentence creates ("A NOTICE OF INTENT ... SHALL BE FILED"), if any."""
    match = _CREATES.search(text.lower())
    if match is None:
        return None
    name = re.sub(r"\s+", " ", match.group("name")).strip()
    head = re.split(r" (?:to|for|with|by|in) ", name)[0]
    verb, gerund = _VERBS[match.group("verb")]
    return Event(snake(head), name, verb, gerund)


def period(text: str, event: Event) -> tuple[str, str] | None:
    """ "... A NOTICE OF INTENT ... THE CANDIDATE SHALL HAVE THREE BUSINESS DAYS FROM THE DATE OF
    SUCH DETERMINATION TO CURE THE VIOLATION": the rule's id and the words of its period."""
    low = re.sub(r"\s+", " ", text.lower())
    match = _PERIOD.search(low)
    if match is None or event.name not in low:
        return None
    return f"{event.id}.{match.group('verb')}", match.group("period")


def beside(old: list[str], new: list[str], event: Event) -> bool:
    """Whether the new words set the event's paper beside another: an inserted "or notice"."""
    import difflib

    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return any(
        tag == "insert" and (new[j1 : j1 + 2] == ["or", event.head] or new[j1 - 1 : j1 + 1] ==
                             ["or", event.head])
        for tag, _, _, j1, _ in ops
    )  # fmt: skip


def twin(expr: str, of: str, event: Event) -> str:
    """A formula of the other paper's rule, counted from the new paper instead."""
    return re.sub(rf"\b{re.escape(of)}\.", f"{event.id}.", expr)
