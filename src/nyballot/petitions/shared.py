"""Ambiguous lines that share their voters, read together under the presumed reading.

Two lines without Jr or Sr at the home of a father and son who both may sign fit the same two
voters: each voter is a possible signer of both lines, so neither line can be given a voter no
other line could have. Yet nothing shows a second signature: the father may have signed one and
the son the other. Under the presumed reading (§ 6-154(1), the objector's burden) a line stands
when, however the lines of its group are given to distinct voters who are free to have signed
them, it is given one: it is matched in every maximum matching of the group's lines to its
voters. Two lines and two such voters both stand; a third line fitting only them, none of the
three (one of them is a second signature, and which one is for a clerk).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any, TypeVar

from nyballot.petitions.rulings import voters_of, why_not_standing

K = TypeVar("K", bound=Hashable)


class AmbiguousLines:
    """What the presumed reading asks of every ambiguous line at once, gathered as lines are
    ruled one by one (``add``), then asked once (``together``)."""

    def __init__(self) -> None:
        self.fits: dict[Any, list[tuple[str, bool]]] = {}
        # Voters not free to be another line's signer: the matched voter of a line, or a
        # possible signer of an ambiguous line that falls for a reason of its own.
        self.taken: set[str] = set()

    def add(self, key: Hashable, ruled: Mapping[str, Any]) -> None:
        if ruled["voter"] is not None:
            self.taken.add(str(ruled["voter"]["SBOEID"]))
            return
        candidates = ruled.get("candidates") or ()
        fits = [(str(c["SBOEID"]), bool(c.get("may_sign"))) for c in candidates]
        if any(r["code"] != "ambiguous" for r in ruled["reasons"]):
            self.taken.update(sboeid for sboeid, _ in fits)
        elif fits:
            self.fits[key] = fits

    def together(self, others: Mapping[str, Sequence[Any]]) -> set[Any]:
        """The keys of the lines that stand under the presumed reading, a voter being free for
        a line when he or she may sign, is taken by no other line and signed no rival
        petition (``others``, § 6-134(3))."""
        free = {
            key: [s for s, may in fits if may and s not in self.taken and not others.get(s)]
            for key, fits in self.fits.items()
        }
        return matched_in_every_maximum(free)


def matched_in_every_maximum(fits: Mapping[K, Collection[str]]) -> set[K]:
    """The lines that every maximum matching of lines to distinct voters gives a voter (each
    line with the voters it may be given). A line whose voters no other line fits always is;
    most groups are one line, and only a group of two or more is matched."""
    lines_of: dict[str, list[K]] = {}
    for key, voters in fits.items():
        for sboeid in voters:
            lines_of.setdefault(sboeid, []).append(key)
    alone = {key for key, voters in fits.items() if voters and all(
        len(lines_of[s]) == 1 for s in voters)}  # fmt: skip
    grouped = {key: voters for key, voters in fits.items() if voters and key not in alone}
    return alone | (_every_maximum(grouped) if grouped else set())


def _every_maximum(fits: Mapping[K, Collection[str]]) -> set[K]:
    import networkx as nx  # only for lines that share a voter: a few in a petition

    graph: nx.Graph[tuple[str, Any]] = nx.Graph()
    graph.add_edges_from((("line", key), ("voter", s)) for key, voters in fits.items()
                         for s in voters)  # fmt: skip
    found: set[K] = set()
    for group in nx.connected_components(graph):
        lines = [node for node in group if node[0] == "line"]
        whole = _size(graph.subgraph(group), lines)
        for line in lines:
            rest = [x for x in lines if x != line]
            if _size(graph.subgraph(group - {line}), rest) < whole:
                found.add(line[1])
    return found


def _size(graph: Any, lines: list[tuple[str, Any]]) -> int:
    from networkx.algorithms.bipartite import hopcroft_karp_matching

    return len(hopcroft_karp_matching(graph, top_nodes=lines)) // 2 if lines else 0


def whys_of(
    lines: Sequence[Mapping[str, Any]], others: Mapping[str, Sequence[Any]]
) -> dict[int, dict[str, str]]:
    """Why each ambiguous line of a whole petition's ruled ``lines`` does not stand under each
    reading (``rulings.why_not_standing``), by its index; for those that hold every line."""
    lines_of = Counter(sboeid for x in lines for sboeid in voters_of(x))
    shared = AmbiguousLines()
    for number, x in enumerate(lines):
        shared.add(number, x)
    together = shared.together(others)
    return {
        number: why_not_standing(x, lines_of.__getitem__, others, number in together)
        for number, x in enumerate(lines)
        if x.get("candidates")
    }
