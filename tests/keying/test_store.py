"""Keeping a scanned volume, claiming its lines, keying them: two clerks never hold one line, a
claim runs out, nothing committed is lost when the server starts again, and the keyed lines are
the lines file the review reads."""

from __future__ import annotations

import datetime as dt
import threading

import pytest

from keying.scanned import scanned_volume
from nyballot.errors import UsageError
from nyballot.filing.desk import Desk
from nyballot.filing.errors import ConflictError
from nyballot.keying.lines import UNREADABLE, lines_file
from nyballot.keying.store import LEASE, Keyed, Keying
from nyballot.petitions.lines import read_lines

T0 = dt.datetime(2026, 4, 20, 9, 0, tzinfo=dt.UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> dt.datetime:
        return self.now


@pytest.fixture
def url(db_url: str) -> str:
    """The desk's database: SQLite, then PostgreSQL ($NYBALLOT_TEST_POSTGRES_URL)."""
    return db_url


@pytest.fixture
def keying(url: str) -> Keying:
    return Keying(Desk(url).engine, Clock())


def test_a_volume_is_kept_with_every_line_and_each_sheets_witness(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(2, 3), "pet-1", "albany", "Ann", 1)
    kept = keying.volume(uid)
    # 2 sheets of 3 lines, and a witness statement (line 0) on each: 8 lines, none keyed.
    assert (kept["total"], kept["states"]["to key"], kept["volume"]) == (8, 8, 1)
    assert keying.image(uid, 2, 3).startswith(b"\x89PNG")


def test_a_volume_kept_twice_is_refused(keying: Keying) -> None:
    keying.keep(scanned_volume(1, 1), "pet-1", "albany", "Ann", 1)
    with pytest.raises(ConflictError, match="volume 1 is already kept"):
        keying.keep(scanned_volume(1, 1), "pet-1", "albany", "Ann", 1)


def test_a_sheet_whose_code_names_another_volume_keeps_nothing(keying: Keying) -> None:
    with pytest.raises(UsageError, match="names volume 2, not volume 1"):
        keying.keep(scanned_volume(1, 1, volume=2), "pet-1", "albany", "Ann", 1)
    assert keying.volumes_of("pet-1") == []


def test_lines_are_claimed_in_order_the_witness_first(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(1, 2), "pet-1", "albany", "Ann", 1)
    first = keying.claim(uid, "Ann")
    assert first is not None and (first.sheet, first.line) == (1, 0)
    # Asked again before keying it, the clerk gets the same line back (a reloaded page).
    again = keying.claim(uid, "Ann")
    assert again is not None and (again.sheet, again.line) == (1, 0)
    second = keying.claim(uid, "Bo")
    assert second is not None and (second.sheet, second.line) == (1, 1)


def test_two_clerks_keying_at_once_never_claim_the_same_line(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(5, 10), "pet-1", "albany", "Ann", 1)  # 55 lines
    keyed: dict[str, list[tuple[int, int]]] = {"Ann": [], "Bo": []}

    def clerk(name: str) -> None:
        while (line := keying.claim(uid, name)) is not None:
            keying.key(uid, line.sheet, line.line, name, Keyed("keyed", "A B", "1 Main St"))
            keyed[name].append((line.sheet, line.line))

    threads = [threading.Thread(target=clerk, args=(n,)) for n in keyed]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    both = keyed["Ann"] + keyed["Bo"]
    assert len(both) == 55 and len(set(both)) == 55
    assert keying.volume(uid)["states"]["keyed"] == 55


def test_a_claim_runs_out_and_the_line_goes_to_another_clerk(url: str) -> None:
    clock = Clock()
    keying = Keying(Desk(url).engine, clock)
    uid = keying.keep(scanned_volume(1, 1), "pet-1", "albany", "Ann", 1)
    assert keying.claim(uid, "Ann") is not None  # the witness statement, line 0
    with pytest.raises(ConflictError, match="claimed by Ann"):
        keying.key(uid, 1, 0, "Bo", Keyed("blank"))
    clock.now = T0 + LEASE + dt.timedelta(seconds=1)  # Ann's tab closed long ago
    taken = keying.claim(uid, "Bo")
    assert taken is not None and (taken.sheet, taken.line) == (1, 0)


def test_the_same_key_sent_twice_is_kept_once_and_another_is_refused(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(1, 1), "pet-1", "albany", "Ann", 1)
    keyed = Keyed("keyed", "Ana Ruiz", "40 Grand St", "2026-03-01")
    assert keying.key(uid, 1, 1, "Ann", keyed) is True
    assert keying.key(uid, 1, 1, "Ann", keyed) is False  # a browser resending it
    with pytest.raises(ConflictError, match="already keyed by Ann"):
        keying.key(uid, 1, 1, "Ann", Keyed("blank"))


def test_a_line_keyed_without_a_name_or_address_is_refused(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(1, 1), "pet-1", "albany", "Ann", 1)
    with pytest.raises(UsageError, match="mark the line blank"):
        keying.key(uid, 1, 1, "Ann", Keyed("keyed", " ", ""))


def test_every_keyed_line_survives_a_restart(url: str) -> None:
    first = Keying(Desk(url).engine)
    uid = first.keep(scanned_volume(1, 3), "pet-1", "albany", "Ann", 1)
    first.key(uid, 1, 1, "Ann", Keyed("keyed", "Ana Ruiz", "40 Grand St", "2026-03-01"))
    first.key(uid, 1, 2, "Ann", Keyed("unreadable"))
    first.engine.dispose()
    # A new process: a new desk over the same file.
    from nyballot.filing.store import dispose_all

    dispose_all()
    again = Keying(Desk(url).engine)
    kept = {(x["sheet"], x["line"]): x for x in again.lines_of("pet-1")}
    assert (kept[(1, 1)]["state"], kept[(1, 1)]["name"]) == ("keyed", "Ana Ruiz")
    assert kept[(1, 2)]["state"] == "unreadable"
    assert again.volume(uid)["states"]["to key"] == 2  # the witness and line 3


def test_the_lines_file_carries_the_witness_and_each_state(keying: Keying) -> None:
    uid = keying.keep(scanned_volume(1, 3), "pet-1", "albany", "Ann", 1)
    with pytest.raises(UsageError, match="4 lines not yet keyed"):
        lines_file(keying.lines_of("pet-1"), "pet-1")
    keying.key(uid, 1, 0, "Ann", Keyed("keyed", "Iris Grant", "30 Pearl St", "2026-03-15"))
    keying.key(uid, 1, 1, "Ann", Keyed("keyed", "Ana Ruiz", "40 Grand St", "2026-03-01"))
    keying.key(uid, 1, 2, "Ann", Keyed("blank"))
    keying.key(uid, 1, 3, "Ann", Keyed("unreadable"))
    petition = read_lines(lines_file(keying.lines_of("pet-1"), "pet-1"), "keyed")
    # Line 1 keyed, line 2 blank (counted blank, not a line), line 3 unreadable.
    assert [(x.sheet, x.line, x.name) for x in petition.lines] == [
        (1, 1, "Ana Ruiz"), (1, 3, UNREADABLE)
    ]  # fmt: skip
    assert petition.blank == [(1, 1, 2)]
    witness = petition.witnesses[(1, 1)]
    assert (witness.name, witness.address, witness.date) == (
        "Iris Grant", "30 Pearl St", dt.date(2026, 3, 15)
    )  # fmt: skip


def test_a_volume_with_sheets_of_two_petitions_keeps_nothing(keying: Keying) -> None:
    import dataclasses

    from nyballot.paper.model import SheetIdentity

    scanned = scanned_volume(2, 1)
    other = dataclasses.replace(scanned.sheets[1],
                                identity=SheetIdentity("P-2", 1, 2, "current", 2026))  # fmt: skip
    mixed = dataclasses.replace(scanned, sheets=(scanned.sheets[0], other))
    with pytest.raises(UsageError, match="page 2: a sheet of petition 'P-2', but page 1 one of"):
        keying.keep(mixed, "pet-1", "albany", "Ann", 1)
    assert keying.volumes_of("pet-1") == []


def test_what_the_scan_could_not_do_is_kept_with_the_volume(keying: Keying) -> None:
    import dataclasses

    noted = dataclasses.replace(scanned_volume(1, 1), notes=("no OCR engine: no suggestions",))
    uid = keying.keep(noted, "pet-1", "albany", "Ann", 1)
    assert keying.volume(uid)["notes"] == ["no OCR engine: no suggestions"]
