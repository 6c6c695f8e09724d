"""The canonical form every hash of the book is taken over: the same bytes whichever encoder
writes them, so no hash recorded earlier ever changes."""

from __future__ import annotations

import hashlib
import json

from hypothesis import example, given
from hypothesis import strategies as st

from nyballot.filing.chain import CHAINED, canonical, record_hash
from nyballot.filing.submission import Submission

# The canonical form as first defined: the standard library's encoder, keys sorted, no spaces,
# every character outside printable ASCII escaped.
REFERENCE = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"))

values = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.text(max_size=40))


def test_the_canonical_form_written_out() -> None:
    # Keys in order a, b, c, d; "ñ" is U+00F1 and DEL is U+007F, both escaped; a newline, a
    # quote and a backslash escaped as JSON escapes them.
    content = {"d": True, "b": 1, "c": None, "a": 'Peña\x7f\n"\\'}
    assert canonical(content) == b'{"a":"Pe\\u00f1a\\u007f\\n\\"\\\\","b":1,"c":null,"d":true}'


@given(st.dictionaries(st.text(max_size=8), values, max_size=6))
@example({"a": "\x7f"})  # DEL: left as it is by the fast encoder, escaped by the reference
@example({"a": "é"})
@example({"a": "\x1f\x00\t"})
@example({"a": 2**64})  # beyond what the fast encoder takes
def test_canonical_is_the_reference_form(content: dict[str, object]) -> None:
    assert canonical(content) == REFERENCE.encode(content).encode()


def test_a_record_hash_is_sha256_of_its_chained_columns_in_canonical_form() -> None:
    row = {c: "" for c in CHAINED} | {"year": 2026, "fee_cents": 0, "fatal": 0}
    row |= {"independent_body": 1, "postmark": None, "clerk": "Ann Ruiz", "id": 7, "hash": "x"}
    # Booleans stored as 0/1 are hashed as false/true; the row number and the hash are not
    # hashed. Keys sorted: candidates, clerk, decision, district, fatal, fee_cents, ...
    written = (
        '{"board":"","candidates":"","clerk":"Ann Ruiz","decision":"","district":"",'
        '"fatal":false,"fee_cents":0,"filed_on":"","idempotency_key":"",'
        '"independent_body":true,"kind":"","late_reason":"","law":"","method":"","note":"",'
        '"office":"","outcome":"","party":"","postmark":null,"prev_hash":"","received_at":"",'
        '"recorded_at":"","refers_to":"","request_hash":"","supersedes":"","uid":"",'
        '"verdict":"","what_if":"","year":2026}'
    )
    assert record_hash(row) == hashlib.sha256(written.encode()).hexdigest()


def test_a_request_hash_recorded_in_the_first_spaced_form_is_still_the_same_request() -> None:
    s = Submission(kind="designating_petition", board="erie", year=2026, party="Democratic")
    # recorded before a paper could name a special election: no "special" among the fields
    fields = {k: v for k, v in vars(s).items() if k != "special"}
    spaced = json.dumps(fields, sort_keys=True, ensure_ascii=True)  # ", " and ": "
    assert s.is_request(hashlib.sha256(spaced.encode()).hexdigest())
    assert s.is_request(s.request_hash())
    other = Submission(kind="designating_petition", board="erie", year=2026, party="Republican")
    assert not s.is_request(other.request_hash())
