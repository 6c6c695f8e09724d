"""A second labelled voter file and petition lines, made apart from ``bench_matching.py``.

    .venv/bin/pip install -e '.[bench]'      # Faker and anyascii
    .venv/bin/python benchmarks/second_generator.py --voters 300000 --lines 3000 --dir DIR

Nothing here is taken from the project's own generator: the names are drawn from Faker's
locales (each locale's own lists and, where Faker has them, its own frequencies), mixed by
origin; the households, buildings, streets and the ways a line is written are this module's.
What it holds that the first generator does not:

- surnames as New York's file writes them: two Spanish surnames (``RODRIGUEZ SANTIAGO``, or
  hyphenated), particles (``DE LA CRUZ``, ``VAN VLIET``, ``DA CUNHA``, ``LE GALL``), Irish and
  Scottish prefixes (``O'NEILL``, ``MCLEAN``, ``MAC GOILL``, ``O CLEIREACHAIN``), hyphenated
  given names (``CHIH-MING``); names Faker gives in another script are romanised by
  ``anyascii`` (Cyrillic, Greek, Hangul), or taken from Faker's own romanised lists (Chinese,
  Japanese); every name is written to the file in ASCII capitals, the signer writes it as
  Faker spells it (accents, lower-case particles);
- married names with the previous surname in PREVNAME, some hyphenated (``MAIDEN-FAMILY``);
  the layout's PREVNAME is described only as "Last registered name (if different)", so the
  file writes it three ways: the surname alone, ``SURNAME FIRST`` and ``FIRST SURNAME``;
- apartment buildings with RAPARTMENTTYPE and RAPARTMENT (APT 4B, APT 26, UNIT 7, PH A, PH),
  two-family houses (FL 1 and FL 2, REAR, BSMT), cousins of one name in one building;
- numbered streets (RPREDIRECTION ``W``, RSTREETNAME ``140 ST`` or ``140TH ST``: the file's
  own convention is not documented, so each street is written one way or the other);
- STATUS A, I and P, with purged DUPLICATE records (the same person, date of birth and
  address under another SBOEID) beside the active one; enrolment in several parties.

The lines are labelled: each with the SBOEID of its signer (None for somebody the file cannot
name: moved, not registered), whether the signer may sign (active or inactive, enrolled DEM,
the generator's statewide designating petition) and the KIND of writing (``KINDS``). The
shares of the origins, households and kinds are this generator's assumptions, not measured.
"""

from __future__ import annotations

import argparse
import csv
import random
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import duckdb

SEED = 31
POOL = 1500  # names drawn from Faker for each origin and pool (with their repetitions)
STREET_SLOTS = 60  # streets in each ZIP code
TOWER = 24  # households in an apartment building
MEMORY_LIMIT = "3GB"
PARTY = "DEM"  # the lines' petition: a statewide designating petition of this party

# FIELDS_47's order (src/nyballot/voters/layout.py), written out again so that the file is
# this module's own; the test checks the two agree.
FIELDS = (
    "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER", "RHALFCODE",
    "RPREDIRECTION", "RSTREETNAME", "RPOSTDIRECTION", "RAPARTMENTTYPE", "RAPARTMENT",
    "RADDRNONSTD", "RCITY", "RZIP5", "RZIP4", "MAILADD1", "MAILADD2", "MAILADD3", "MAILADD4",
    "DOB", "GENDER", "ENROLLMENT", "OTHERPARTY", "COUNTYCODE", "ED", "LD", "TOWNCITY", "WARD",
    "CD", "SD", "AD", "LASTVOTERDATE", "PREVYEARVOTED", "PREVCOUNTY", "PREVADDRESS",
    "PREVNAME", "COUNTYVRNUMBER", "REGDATE", "VRSOURCE", "IDREQUIRED", "IDMET", "STATUS",
    "REASONCODE", "INACT_DATE", "PURGE_DATE", "SBOEID", "VOTERHISTORY",
)  # fmt: skip


@dataclass(frozen=True)
class Origin:
    name: str
    locales: tuple[str, ...]
    weight: int  # share of households, in hundredths
    two_surnames: bool = False  # a father's and a mother's surname (Spanish usage)
    romanized: bool = False  # Faker's romanised lists (its plain ones are in Han script)


ORIGINS = (
    Origin("US", ("en_US",), 34),
    Origin("Irish and British", ("en_IE", "en_GB"), 5),
    Origin("Irish, Gaelic forms", ("ga_IE",), 1),
    Origin("Mexican", ("es_MX",), 5, two_surnames=True),
    Origin("Caribbean and South American", ("es_CO", "es_AR", "es_CL"), 8, True),
    Origin("Spanish", ("es_ES",), 2, two_surnames=True),
    Origin("Brazilian and Portuguese", ("pt_BR", "pt_PT"), 1),
    Origin("Italian", ("it_IT",), 5),
    Origin("German", ("de_DE", "de_AT"), 2),
    Origin("Dutch and Flemish", ("nl_NL", "nl_BE"), 2),
    Origin("French", ("fr_FR", "fr_CA"), 2),
    Origin("Chinese", ("zh_CN", "zh_TW"), 6, romanized=True),
    Origin("Japanese", ("ja_JP",), 1, romanized=True),
    Origin("Korean", ("ko_KR",), 2),
    Origin("Russian and Ukrainian", ("ru_RU", "uk_UA"), 4),
    Origin("Polish, Czech and Slovak", ("pl_PL", "cs_CZ", "sk_SK"), 3),
    Origin("Arabic (Maghreb, Pakistan)", ("fr_DZ", "en_PK"), 3),
    Origin("West African", ("yo_NG", "ig_NG", "tw_GH", "ha_NG"), 3),
    Origin("South Asian", ("en_IN",), 3),
    Origin("Greek", ("el_GR",), 1),
    Origin("Vietnamese", ("vi_VN",), 1),
    Origin("Turkish, Hungarian, Romanian", ("tr_TR", "hu_HU", "ro_RO"), 6),
)
# Street types as a file abbreviates them, with how a signer may spell them.
STREET_TYPES = {"ST": "Street", "AVE": "Avenue", "RD": "Road", "PL": "Place", "DR": "Drive",
                "LN": "Lane", "CT": "Court", "BLVD": "Boulevard", "PKWY": "Parkway",
                "TER": "Terrace"}  # fmt: skip
TYPE_SHARES = ["ST"] * 10 + ["AVE"] * 6 + ["RD"] * 3 + ["PL", "DR", "LN", "CT", "BLVD",
                                                        "PKWY", "TER"]  # fmt: skip
DIRECTIONS = {"W": "West", "E": "East", "N": "North", "S": "South"}
GENERATIONS = {"JR", "SR", "II", "III", "IV"}

# Kinds of line, with their share of the lines: the voter the line is drawn from, and how it
# is written. Each names what the line does; everything else on it is written plainly.
KINDS: dict[str, int] = {
    "exact": 8,
    "typo in surname": 3,
    "nickname": 3,
    "middle initial for the middle name": 3,
    "suffix dropped": 3,
    "Surname, First": 3,
    "city and ZIP written": 3,
    "spaced surname copied exactly": 4,
    "hyphenated surname copied exactly": 3,
    "first part of two surnames": 3,
    "second part of two surnames": 3,
    "surname parts joined": 3,
    "surname hyphen and space swapped": 3,
    "O', Mc, Mac, particle spacing": 3,
    "second surname added": 3,
    "previous surname (PREVNAME)": 3,
    "goes by middle name": 3,
    "middle name first, first initial": 3,
    "first initial, middle name": 3,
    "voter with a purged duplicate": 3,
    "numbered street without type": 3,
    "numbered street spelled out": 3,
    "house number letter for digit": 3,
    "unit: Apt": 2,
    "unit: #": 2,
    "unit: Unit": 2,
    "unit: bare number": 2,
    "unit: floor": 3,
    "unit: Rear or Bsmt": 3,
    "unit: PH or Penthouse": 3,
    "moved (no voter)": 3,
    "not registered (no voter)": 3,
    "enrolled in another party": 2,
    "purged (not a duplicate)": 2,
}


@dataclass(frozen=True)
class Line:
    name: str
    address: str
    truth: str | None  # the signer's SBOEID; None for somebody the file cannot name
    valid: bool  # the signer may sign the generator's petition
    kind: str


# --- names from Faker ------------------------------------------------------------------------


def file_form(text: str) -> str:
    """A name as the file writes it: ASCII capitals, letters, spaces, hyphens, apostrophes."""
    from anyascii import anyascii

    plain = anyascii(text.replace("’", "'")).upper()
    plain = re.sub(r"[^A-Z '\-]", "", plain)
    return " ".join(plain.split())


def written_form(text: str) -> str:
    """A name as its bearer writes it: Faker's own spelling where it is in the Latin script,
    else its romanisation."""
    from anyascii import anyascii

    if all(c.isascii() or "LATIN" in _unicode_name(c) for c in text):
        text = " ".join(text.split())
        return text.title() if text.isupper() and len(text) > 1 else text  # zh_TW's CHEN
    words = anyascii(text).split()
    return " ".join(w[:1].upper() + w[1:].lower() for w in words)


def _unicode_name(c: str) -> str:
    import unicodedata

    return unicodedata.name(c, "")


def _usable(name: str) -> bool:
    """A name the file can hold as one field: two letters or more (Hangul's 이 romanises to
    one), no generation word in it (Faker's de_DE has ``Koch II``), at most 30 letters."""
    words = name.replace("-", " ").split()
    letters = sum(c.isalpha() for c in name)
    return letters >= 2 and len(name) <= 30 and not GENERATIONS & set(words) and "," not in name


def _draw(locale: str, attributes: tuple[str, ...], count: int, seed: int) -> list[str]:
    """``count`` names from a Faker locale's list, with the list's own weights where Faker
    gives them (its en_US surnames and first names have them)."""
    from faker import Faker

    fake = Faker(locale)
    fake.seed_instance(seed)
    for attribute in attributes:
        for provider in fake.get_providers():
            elements = getattr(provider, attribute, None)
            if elements:
                return [str(x) for x in fake.random_elements(elements, length=count)]
    raise ValueError(f"Faker {locale}: none of {attributes}")


POOLS = {
    "surname": (("last_romanized_names",), ("last_names_male", "last_names")),
    "male": (("first_romanized_names_male", "first_romanized_names"),
             ("first_names_male", "first_names")),
    "female": (("first_romanized_names_female", "first_romanized_names"),
               ("first_names_female", "first_names")),
}  # fmt: skip


def pool(origin: Origin, kind: str, seed: int) -> list[tuple[str, str]]:
    """POOL (file form, written form) names of an origin, drawn from its locales in turn."""
    romanized, plain = POOLS[kind]
    attributes = romanized if origin.romanized else plain
    found: list[tuple[str, str]] = []
    rounds = 0
    while len(found) < POOL:
        for number, locale in enumerate(origin.locales):
            drawn = _draw(locale, attributes, POOL, seed + 1000 * rounds + number)
            found += [(file_form(w), written_form(w)) for w in drawn if _usable(file_form(w))]
        rounds += 1
    rng = random.Random(f"{seed} {origin.name} {kind}")
    rng.shuffle(found)  # the locales mixed, each as often as the others
    return found[:POOL]


def _streets(seed: int) -> list[tuple[str, str]]:
    """Named streets: a name Faker gives (en_US surnames and first names, by their weights)."""
    names = _draw("en_US", ("last_names",), 400, seed) + _draw(
        "en_US", ("first_names",), 200, seed + 1
    )
    return [(file_form(n), n) for n in names if _usable(file_form(n))]


def _cities(seed: int) -> list[str]:
    from faker import Faker

    fake = Faker("en_US")
    fake.seed_instance(seed)
    return [file_form(fake.city()) for _ in range(200)]


# --- the voter file --------------------------------------------------------------------------


def _h(key: str, of: str = "i") -> str:
    """A uniform 64-bit number of the seed, a column and a key. Hashed twice: DuckDB's hash of
    several values combines theirs so that the low bits of two keys' hashes of one value
    agree (``hash(h, s, 'a') % 4`` fixes ``hash(h, s, 'b') % 4``); hashing the hash mixes them."""
    return f"hash(hash({of}, $seed, '{key}'))"


def _load_tables(con: duckdb.DuckDBPyConnection, seed: int, zips: int) -> None:
    for kind in POOLS:
        rows = [(o * POOL + k, f, w) for o, origin in enumerate(ORIGINS)
                for k, (f, w) in enumerate(pool(origin, kind, seed))]  # fmt: skip
        _table(con, f"pool_{kind}", ("key", "f", "w"), rows)
    streets = [(z * STREET_SLOTS + j, *rest) for z, j, *rest in _street_rows(seed, zips)]
    _table(con, "street", ("key", "pre", "name", "numbered", "w"), streets)
    cities = _cities(seed)
    _table(con, "zip", ("z", "code", "city", "county"),
           [(z, f"{10001 + z:05d}", cities[z % 37 if z % 3 else 0], 1 + z % 62)
            for z in range(zips)])  # fmt: skip


def _table(
    con: duckdb.DuckDBPyConnection, name: str, columns: tuple[str, ...], rows: list[Any]
) -> None:
    """A table of rows, given to DuckDB as one list per column (a row at a time is slow)."""
    lists = {c: [row[n] for row in rows] for n, c in enumerate(columns)}
    select = ", ".join(f"unnest(${c}) AS {c}" for c in columns)
    con.execute(f"CREATE TABLE {name} AS SELECT {select}", lists)


def _is_city(z: int) -> bool:
    """A third of the ZIP codes are a city's, with numbered streets and apartment buildings."""
    return z % 3 == 0


def _street_rows(seed: int, zips: int) -> list[tuple[Any, ...]]:
    """Each ZIP's STREET_SLOTS streets: in a city, forty numbered streets in a run (W or E,
    written ``140 ST`` or ``140TH ST``) and a few numbered avenues; elsewhere named ones."""
    rng = random.Random(f"{seed} streets")
    named = _streets(seed)
    rows = []
    for z in range(zips):
        first = rng.randrange(1, 180)
        for j in range(STREET_SLOTS):
            if _is_city(z) and j < 44:
                number = first + j if j < 40 else j - 39
                kind = "ST" if j < 40 else "AVE"
                ordinal = rng.random() < 0.5
                text = f"{number}{_ordinal(number).upper() if ordinal else ''} {kind}"
                pre = rng.choice(("W", "E")) if kind == "ST" else ""
                rows.append((z, j, pre, text, True, f"{number} {kind}"))
            else:
                file, shown = rng.choice(named)
                kind = rng.choice(TYPE_SHARES)
                rows.append((z, j, "", f"{file} {kind}", False, f"{shown} {kind}"))
    return rows


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# The households: sizes 1 to 4; blocks of TOWER households are one apartment building where
# the block's ZIP code is a city's (seven in ten) or not (one in ten); elsewhere one pair of
# households in four shares a two-family house, the rest live alone.
_HOUSEHOLDS = f"""
    CREATE TABLE household AS
    SELECT h, size, {_h("echo", "h")} % 25 = 0 AND h % {TOWER} > 0 AS echo,
        {_h("family", "h")} % 10 < 7 AND size > 1 AS family,
        {_h("junior", "h")} % 40 = 0 AND size > 1 AS junior
    FROM (SELECT range AS h, CASE WHEN {_h("size", "range")} % 100 < 30 THEN 1
            WHEN {_h("size", "range")} % 100 < 62 THEN 2
            WHEN {_h("size", "range")} % 100 < 82 THEN 3 ELSE 4 END AS size
        FROM range(0, $households))
"""
_PEOPLE = """
    CREATE TABLE person AS
    SELECT i, h, p, size, echo, family, junior FROM (
        SELECT row_number() OVER (ORDER BY h, p) - 1 AS i, * FROM (
            SELECT h, unnest(range(size)) AS p, size, echo, family, junior FROM household))
    WHERE i < $n
"""


def _places(zips: int) -> str:
    tower_zip = f"{_h('zip', f'h // {TOWER}')} % {zips}"
    towered = f"""(CASE WHEN ({tower_zip}) % 3 = 0 THEN {_h("tower", f"h // {TOWER}")} % 10 < 7
        ELSE {_h("tower", f"h // {TOWER}")} % 10 < 1 END)"""
    paired = f"{_h('pair', 'h // 2')} % 4 = 0"
    return f"""
    SELECT *, CASE WHEN tower THEN h // {TOWER} WHEN pair THEN 1000000000000 + h // 2
            ELSE 2000000000000 + h END AS place,
        CASE WHEN tower THEN {tower_zip}
            ELSE {_h("zip", "CASE WHEN pair THEN h // 2 ELSE h END")} % {zips} END AS z,
        -- a cousin's household in the same building: the same origin and surname, and a head
        -- of the same first name (``echo``): the name alone does not tell them apart
        CASE WHEN echo AND tower THEN h - 1 ELSE h END AS fh
    FROM (SELECT *, {towered} AS tower, NOT {towered} AND {paired} AS pair FROM person)
    """


def _letter(number: str) -> str:
    """A, B, C ... for 0, 1, 2 ..."""
    return f"chr(CAST(65 + {number} AS INTEGER))"


def _units() -> str:
    """RAPARTMENTTYPE and RAPARTMENT: buildings of four flats a floor (APT 4B), numbered flats
    (APT 26), units (UNIT 7), the top floor a penthouse (PH A and PH B, or one PH) in three in
    ten; two-family houses FL 1 and FL 2, or the second household in the REAR or the BSMT."""
    slot = f"h % {TOWER}"
    style = f"{_h('style', f'h // {TOWER}')} % 10"
    lettered = f"{_h('ph1', f'h // {TOWER}')} % 2 = 0"  # PH A and PH B, or one PH
    top = f"({slot} = {TOWER - 1} OR ({lettered} AND {slot} = {TOWER - 2}))"
    penthouse = f"{_h('ph', f'h // {TOWER}')} % 10 < 3 AND {top}"
    second = f"{_h('second', 'h // 2')} % 4"
    kind = f"""CASE WHEN tower THEN CASE WHEN {penthouse} THEN 'PH'
            WHEN {style} < 9 THEN 'APT' ELSE 'UNIT' END
        WHEN pair THEN CASE WHEN {second} < 2 THEN 'FL'
            WHEN h % 2 = 0 THEN '' WHEN {second} = 2 THEN 'REAR' ELSE 'BSMT' END
        ELSE '' END"""
    number = f"""CASE WHEN tower THEN CASE WHEN {penthouse} THEN
            CASE WHEN {lettered} THEN {_letter(f"{slot} - {TOWER - 2}")}
            ELSE '' END
            WHEN {style} < 7 THEN CAST(2 + {slot} // 4 AS VARCHAR) || {_letter(f"{slot} % 4")}
            ELSE CAST(1 + {slot} + {_h("first", f"h // {TOWER}")} % 20 AS VARCHAR) END
        WHEN pair AND {second} < 2 THEN CAST(1 + h % 2 AS VARCHAR)
        ELSE '' END"""
    return f"({kind}) AS unit_type, ({number}) AS unit"


def _origins() -> str:
    """A list of 100 origins, each as many times as its weight: an origin by a number < 100."""
    slots = [o for o, origin in enumerate(ORIGINS) for _ in range(origin.weight)]
    assert len(slots) == 100, "the origins' weights add up to 100"
    return f"CAST({slots} AS INTEGER[])"


def _two_surnames() -> str:
    return f"list_contains({[o for o, x in enumerate(ORIGINS) if x.two_surnames]}, o)"


def _names() -> str:
    """Each person's origin, sex, names and status: a family's (and every household head's,
    so that a cousin's household in the building echoes it) from the household's hashes, a
    lodger's from their own."""
    key = "CASE WHEN family OR p = 0 THEN fh ELSE i END"
    spouse = "family AND NOT junior AND p = 1"
    return f"""
    SELECT *,
        -- a spouse keeps her surname (one in four), takes the family's (PREVNAME holds hers,
        -- six in ten of them), or joins the two with a hyphen (one in ten)
        CASE WHEN NOT ({spouse}) THEN 'none' WHEN {_h("married")} % 20 < 5 THEN 'kept'
            WHEN {_h("married")} % 20 < 7 THEN 'hyphenated'
            WHEN {_h("married")} % 20 < 13 THEN 'prevname' ELSE 'took' END AS marriage,
        {_h("surname", key)} % {POOL} AS s1,
        {_h("surname2", key)} % {POOL} AS s2,
        {_h("maiden")} % {POOL} AS maiden,
        CASE WHEN {_h("style", key)} % 100 < 45 THEN 'single'
            WHEN {_h("style", key)} % 100 < 85 THEN 'space' ELSE 'hyphen' END AS style,
        CASE WHEN p = 0 THEN junior OR {_h("sex", "fh")} % 2 = 0
            WHEN junior AND p = 1 THEN true
            WHEN {spouse} THEN NOT ({_h("sex", "fh")} % 2 = 0)
            ELSE {_h("sex")} % 2 = 0 END AS male,
        CASE WHEN p = 0 OR (junior AND p = 1) THEN {_h("first", "fh")} % {POOL}
            ELSE {_h("first")} % {POOL} END AS fk,
        {_h("middle")} % {POOL} AS mk, {_two_surnames()} AS two,
        {_h("middle kind")} % 20 AS middle_kind,
        {_h("status")} % 100 AS status_draw,
        {_h("dup")} % 60 = 0 AS has_dup
    FROM (SELECT *, ({_origins()})[CAST({_h("origin", key)} % 100 AS INTEGER) + 1] AS o
        FROM ({{places}}))
    """


def _joined() -> str:
    """The pools joined in, each on one BIGINT key (a join on several columns of mixed types
    made DuckDB plan a loop): file forms (f) and written forms (w)."""

    def name(table: str, alias: str, k: str) -> str:
        return f"JOIN {table} {alias} ON {alias}.key = CAST(n.o * {POOL} + n.{k} AS BIGINT)"

    return f"""
    SELECT n.*,
        a.f AS s1f, a.w AS s1w, b.f AS s2f, b.w AS s2w, m.f AS maidenf, m.w AS maidenw,
        CASE WHEN n.male THEN fm.f ELSE ff.f END AS firstf,
        CASE WHEN n.male THEN fm.w ELSE ff.w END AS firstw,
        CASE WHEN n.male THEN mm.f ELSE mf.f END AS midf,
        CASE WHEN n.male THEN mm.w ELSE mf.w END AS midw,
        st.pre, st.name AS street, st.numbered, st.w AS streetw, zc.code, zc.city, zc.county
    FROM ({{named}}) n
    {name("pool_surname", "a", "s1")} {name("pool_surname", "b", "s2")}
    {name("pool_surname", "m", "maiden")}
    {name("pool_male", "fm", "fk")} {name("pool_female", "ff", "fk")}
    {name("pool_male", "mm", "mk")} {name("pool_female", "mf", "mk")}
    JOIN street st ON st.key = CAST(n.z * {STREET_SLOTS} + n.street_slot AS BIGINT)
    JOIN zip zc ON zc.z = CAST(n.z AS BIGINT)
    """


def _record() -> str:
    """The record's fields and the hidden columns the lines are chosen by."""
    two = "two AND style <> 'single' AND s1f <> s2f"
    family_last = f"""CASE WHEN {two} THEN s1f || CASE WHEN style = 'space' THEN ' ' ELSE '-'
        END || s2f ELSE s1f END"""
    family_w = f"""CASE WHEN {two} THEN s1w || CASE WHEN style = 'space' THEN ' ' ELSE '-'
        END || s2w ELSE s1w END"""
    return f"""
    SELECT *,
        CASE marriage WHEN 'kept' THEN maidenf WHEN 'hyphenated' THEN maidenf || '-' || s1f
            ELSE {family_last} END AS last,
        CASE marriage WHEN 'kept' THEN maidenw WHEN 'hyphenated' THEN maidenw || '-' || s1w
            ELSE {family_w} END AS lastw,
        {two} AND marriage IN ('none', 'took', 'prevname') AS two_parts,
        CASE WHEN marriage = 'prevname' AND maidenf <> s1f THEN maidenf END AS prevf,
        CASE WHEN marriage = 'prevname' AND maidenf <> s1f THEN maidenw END AS prevw,
        CASE WHEN middle_kind < 8 THEN midf WHEN middle_kind < 15 THEN left(midf, 1) END
            AS middle,
        CASE WHEN junior AND p = 0 THEN (CASE WHEN {_h("gen", "h")} % 5 = 0 THEN ''
                ELSE 'SR' END)
            WHEN junior AND p = 1 THEN (CASE WHEN {_h("gen", "h")} % 5 = 0 THEN 'II'
                ELSE 'JR' END)
            WHEN male AND {_h("suffix")} % 200 = 0 THEN 'JR'
            WHEN male AND {_h("suffix")} % 400 = 1 THEN 'III'
            ELSE '' END AS suffix,
        CAST(1 + {_h("house", "place")} % 2999 AS VARCHAR) AS house,
        CASE WHEN status_draw < 5 THEN 'P' WHEN status_draw < 10 THEN 'I' ELSE 'A' END
            AS status,
        CASE WHEN {_h("party")} % 100 < 52 THEN 'DEM' WHEN {_h("party")} % 100 < 70 THEN 'REP'
            WHEN {_h("party")} % 100 < 92 THEN 'BLK' WHEN {_h("party")} % 100 < 95 THEN 'CON'
            WHEN {_h("party")} % 100 < 97 THEN 'WOR' ELSE 'OTH' END AS party,
        DATE '1935-01-01' + CAST(CASE WHEN junior AND p = 1
            THEN {_h("dob", "h")} % 12000 + 9000
            WHEN p = 0 THEN {_h("dob", "h")} % 12000
            ELSE {_h("dob")} % 24000 END AS INTEGER) AS dob,
        (p = 0 AND (echo OR {_h("echo", "h + 1")} % 25 = 0 AND (h + 1) % {TOWER} > 0)
            AND tower) AS namesake
    FROM ({{joined}})
    """


def _file_fields() -> dict[str, str]:
    regdate = "least(dob + INTERVAL 18 YEAR + to_days(CAST(hash(hash(i, $seed, 'reg')) % 9000 " \
        "AS INTEGER)), DATE '2025-06-30')"  # fmt: skip
    purge = "DATE '2019-01-01' + CAST(hash(hash(i, $seed, 'purged')) % 1800 AS INTEGER)"
    form = _h("prevname form")
    prevname = f"""CASE WHEN prevf IS NULL THEN '' WHEN {form} % 3 = 0 THEN prevf
        WHEN {form} % 3 = 1 THEN prevf || ' ' || firstf
        ELSE firstf || ' ' || prevf END"""
    return {
        "LASTNAME": "last", "FIRSTNAME": "firstf", "MIDDLENAME": "coalesce(middle, '')",
        "NAMESUFFIX": "suffix", "RADDNUMBER": "house", "RPREDIRECTION": "pre",
        "RSTREETNAME": "street", "RAPARTMENTTYPE": "unit_type", "RAPARTMENT": "unit",
        "RCITY": "city", "RZIP5": "code", "DOB": "strftime(dob, '%Y%m%d')",
        "GENDER": "CASE WHEN male THEN 'M' ELSE 'F' END", "ENROLLMENT": "party",
        "COUNTYCODE": "CAST(county AS VARCHAR)", "ED": "CAST(1 + place % 90 AS VARCHAR)",
        "LD": "CAST(1 + z % 5 AS VARCHAR)", "TOWNCITY": "city",
        "CD": "CAST(1 + z % 26 AS VARCHAR)", "SD": "CAST(1 + z % 63 AS VARCHAR)",
        "AD": "CAST(1 + z % 150 AS VARCHAR)", "PREVNAME": prevname,
        "REGDATE": f"strftime({regdate}, '%Y%m%d')",
        "VRSOURCE": "CASE WHEN i % 3 = 0 THEN 'DMV' ELSE 'MAIL' END",
        "IDREQUIRED": "'N'", "IDMET": "'Y'", "STATUS": "status",
        "REASONCODE": "CASE status WHEN 'P' THEN (CASE WHEN i % 2 = 0 THEN 'MOVED' "
        "ELSE 'DEATH' END) WHEN 'I' THEN 'MAIL-CHECK' ELSE '' END",
        "INACT_DATE": "CASE WHEN status = 'I' THEN '20230315' ELSE '' END",
        "PURGE_DATE": f"CASE WHEN status = 'P' THEN strftime({purge}, '%Y%m%d') ELSE '' END",
        "SBOEID": "'NY' || lpad(CAST(i AS VARCHAR), 18, '0')",
    }  # fmt: skip


# The lines are drawn from the people of a sample of the places (every resident of each, so
# that a stranger's line is checked against everyone at the address): about this many people.
SAMPLED = 400_000


def _pipeline(zips: int, where: str) -> str:
    """Each person's record and hidden columns, of the places that pass ``where``."""
    places = f"""SELECT * FROM (SELECT *, {_h("street", "place")} % {STREET_SLOTS} AS street_slot,
        {_units()} FROM ({_places(zips)})) WHERE {where}"""
    named = _names().replace("{places}", places)
    return _record().replace("{joined}", _joined().replace("{named}", named))


def build(folder: Path, voters: int, seed: int = SEED) -> tuple[Path, Path]:
    """The voter file (``second-voters.txt``) and the table the lines are drawn from
    (``second.duckdb``) in ``folder``: ``voters`` people, and beside 1 in 60 of the active ones
    a purged DUPLICATE record of the same person (made in the same pass: the file is written
    as it is computed, never held)."""
    folder.mkdir(parents=True, exist_ok=True)
    source, db = folder / "second-voters.txt", folder / "second.duckdb"
    db.unlink(missing_ok=True)
    zips = max(9, voters // 20_000)
    con = duckdb.connect(str(db))
    try:
        con.execute("SET threads = 2")
        con.execute("SET enable_progress_bar = false")
        con.execute("SET preserve_insertion_order = false")
        # Without a limit DuckDB holds up to 80% of the memory (9 GB at 13 million); it
        # spills what does not fit beside the file.
        con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
        con.execute(f"SET temp_directory = '{folder / 'spill'}'")
        _load_tables(con, seed, zips)
        con.execute(_HOUSEHOLDS, {"seed": seed, "households": voters // 2 + 10})
        con.execute(_PEOPLE, {"n": voters})
        fields = _file_fields()
        copy = {"STATUS": "'P'", "REASONCODE": "'DUPLICATE'", "PURGE_DATE": "'20210601'",
                "INACT_DATE": "''",
                "SBOEID": f"'NY' || lpad(CAST(i + {voters} AS VARCHAR), 18, '0')"}  # fmt: skip
        written = ", ".join(
            f'CASE WHEN copy THEN {copy[n]} ELSE {fields[n]} END AS "{n}"'
            if n in copy
            else f'{fields.get(n, "$blank")} AS "{n}"'
            for n in FIELDS
        )
        twice = "unnest(CASE WHEN has_dup AND status <> 'P' THEN [false, true] ELSE [false] END)"
        everyone = _pipeline(zips, "true")
        con.execute(
            f"COPY (SELECT {written} FROM (SELECT *, {twice} AS copy FROM ({everyone}))) "
            f"TO '{source}' (HEADER false, FORCE_QUOTE *)",
            {"seed": seed, "blank": ""},
        )
        hidden = ("i, h, p, place, o, two, two_parts, s1f, s1w, s2f, s2w, lastw, firstw, midw, "
                  "prevf, prevw, numbered, streetw, has_dup, namesake, marriage")  # fmt: skip
        select = ", ".join(f'{fields.get(n, "$blank")} AS "{n}"' for n in FIELDS)
        sample = f"{_h('sample', 'place')} % {max(1, voters // SAMPLED)} = 0"
        con.execute(
            f"CREATE TABLE voter AS SELECT {select}, {hidden} FROM ({_pipeline(zips, sample)})",
            {"seed": seed, "blank": ""},
        )
    finally:
        con.close()
    return source, db


# --- the lines -------------------------------------------------------------------------------

# Who may be the signer of each kind, besides being a voter who may sign.
_VALID = f"STATUS <> 'P' AND ENROLLMENT = '{PARTY}'"
_WHO: dict[str, str] = {
    "exact": "true",
    "typo in surname": "length(replace(LASTNAME, ' ', '')) >= 5",
    "nickname": "true",
    "middle initial for the middle name": "length(MIDDLENAME) > 1",
    "suffix dropped": "NAMESUFFIX <> ''",
    "Surname, First": "true",
    "city and ZIP written": "true",
    "spaced surname copied exactly": "contains(LASTNAME, ' ')",
    "hyphenated surname copied exactly": "contains(LASTNAME, '-')",
    "first part of two surnames": "two_parts",
    "second part of two surnames": "two_parts",
    "surname parts joined": "regexp_matches(LASTNAME, '[ ''-]')",
    "surname hyphen and space swapped": "regexp_matches(LASTNAME, '^[A-Z]+[ -][A-Z]+$')",
    "O', Mc, Mac, particle spacing": (
        "regexp_matches(LASTNAME, '^(O''|D''|MC|MAC |O |VAN |DE |LE |DA |ST-)')"
    ),
    "second surname added": "two AND NOT regexp_matches(LASTNAME, '[ -]')",
    "previous surname (PREVNAME)": "prevf IS NOT NULL",
    "goes by middle name": "length(MIDDLENAME) > 1",
    "middle name first, first initial": "length(MIDDLENAME) > 1",
    "first initial, middle name": "length(MIDDLENAME) > 1",
    "voter with a purged duplicate": "has_dup",
    "numbered street without type": "numbered AND RPREDIRECTION <> ''",
    "numbered street spelled out": "numbered AND RPREDIRECTION <> ''",
    "house number letter for digit": "regexp_matches(RADDNUMBER, '[5018]')",
    "unit: Apt": "RAPARTMENTTYPE = 'APT'",
    "unit: #": "RAPARTMENTTYPE IN ('APT', 'UNIT')",
    "unit: Unit": "RAPARTMENTTYPE = 'APT'",
    "unit: bare number": "RAPARTMENTTYPE = 'APT' AND RAPARTMENT <> ''",
    "unit: floor": "RAPARTMENTTYPE = 'FL'",
    "unit: Rear or Bsmt": "RAPARTMENTTYPE IN ('REAR', 'BSMT')",
    "unit: PH or Penthouse": "RAPARTMENTTYPE = 'PH'",
}
# The kinds whose signer may not sign, or is nobody on file.
_INVALID: dict[str, str] = {
    "enrolled in another party": f"STATUS <> 'P' AND ENROLLMENT <> '{PARTY}'",
    "purged (not a duplicate)": "STATUS = 'P'",
    "moved (no voter)": "true",
    "not registered (no voter)": "true",
}
_COLUMNS = ("SBOEID", "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER",
            "RPREDIRECTION", "RSTREETNAME", "RAPARTMENTTYPE", "RAPARTMENT", "RCITY", "RZIP5",
            "PREVNAME", "place", "o", "two", "s1w", "s2w", "lastw", "firstw", "midw", "prevw",
            "numbered", "streetw")  # fmt: skip


def counts(lines: int) -> dict[str, int]:
    """How many lines of each kind: its share of ``lines``, at least one."""
    total = sum(KINDS.values())
    return {kind: max(1, round(lines * share / total)) for kind, share in KINDS.items()}


def make_lines(db: Path, lines: int, seed: int = SEED) -> list[Line]:
    """``lines`` labelled lines (about: each kind gets its share, at least one), drawn from
    the generator's table; no voter signs twice."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        return list(_lines(con, lines, seed))
    finally:
        con.close()


def _voters(
    con: duckdb.DuckDBPyConnection, where: str, n: int, seed: int, kind: str, used: set[str]
) -> list[dict[str, Any]]:
    """``n`` voters who fit ``where``, drawn by a hash of their SBOEID (the same every run; a
    hash of the hash, as ``_h`` says, or each kind would draw nearly the same voters), and
    not already drawn; for the unit kinds, half of them voters with a namesake in the
    building, where there are as many."""
    if kind.startswith("unit:"):
        some = _drawn(con, f"({where}) AND namesake", n // 2, seed, kind, used)
        return some + _drawn(con, where, n - len(some), seed, kind, used)
    return _drawn(con, where, n, seed, kind, used)


def _drawn(
    con: duckdb.DuckDBPyConnection, where: str, n: int, seed: int, kind: str, used: set[str]
) -> list[dict[str, Any]]:
    rows = con.execute(
        f"SELECT {', '.join(_COLUMNS)} FROM voter WHERE {where} "
        "ORDER BY hash(hash(SBOEID, $seed, $kind)), SBOEID LIMIT $m",
        {"seed": seed, "kind": kind, "m": (20 if kind in _FITS else 3) * n + len(used) + 10},
    ).fetchall()
    fits = _FITS.get(kind, lambda voter: True)
    found = (dict(zip(_COLUMNS, row, strict=True)) for row in rows)
    fresh = [v for v in found if v["SBOEID"] not in used and fits(v)][:n]
    used.update(v["SBOEID"] for v in fresh)
    return fresh


def _has_nickname(voter: dict[str, Any]) -> bool:
    return bool(_namer().nicknames_of(voter["FIRSTNAME"].lower()))


# Tests of a voter the SQL does not make.
_FITS: dict[str, Callable[[dict[str, Any]], bool]] = {"nickname": _has_nickname}


def _lines(con: duckdb.DuckDBPyConnection, lines: int, seed: int) -> Iterable[Line]:
    rng = random.Random(seed)
    used: set[str] = set()
    wanted = counts(lines)
    strangers = _Strangers(con, seed)
    for kind, n in wanted.items():
        if kind in _WHO:
            for voter in _voters(con, f"{_VALID} AND {_WHO[kind]}", n, seed, kind, used):
                name, address = WRITERS[kind](voter, rng)
                yield Line(name, address, voter["SBOEID"], True, kind)
        elif kind in ("enrolled in another party", "purged (not a duplicate)"):
            where = _INVALID[kind] + (" AND REASONCODE <> 'DUPLICATE'" if "purged" in kind else "")
            for voter in _voters(con, where, n, seed, kind, used):
                name, address = plain_name(voter, rng), plain_address(voter, rng)
                yield Line(name, address, voter["SBOEID"], False, kind)
        else:
            yield from strangers.lines(kind, n, rng, used)


class _Strangers:
    """Lines of people the file cannot name: a voter's name at an address where nobody of
    that name is on file (moved), or a name drawn afresh from Faker's pools at a voter's
    address (not registered); checked against everyone at the address."""

    def __init__(self, con: duckdb.DuckDBPyConnection, seed: int) -> None:
        self.con, self.seed = con, seed

    def lines(self, kind: str, n: int, rng: random.Random, used: set[str]) -> Iterable[Line]:
        people = _voters(self.con, "true", n, self.seed, kind, used)
        homes = _voters(self.con, "true", n, self.seed, kind + " home", used)
        surnames = _written_pool(self.con)
        for person, home in zip(people, homes, strict=False):
            if kind.startswith("moved"):
                first, last = person["FIRSTNAME"], person["LASTNAME"]
                name = plain_name(person, rng)
            else:
                last_w = rng.choice(surnames)
                first, last = person["FIRSTNAME"], file_form(last_w)
                name = f"{person['firstw']} {last_w}"
            if self._lives_there(home["place"], first, last):
                continue  # somebody of that name does live there: not a stranger
            yield Line(_cased(name, rng), plain_address(home, rng), None, False, kind)

    def _lives_there(self, place: int, first: str, last: str) -> bool:
        found = self.con.execute(
            "SELECT count(*) FROM voter WHERE place = ? AND LASTNAME = ? AND FIRSTNAME = ?",
            [place, last, first],
        ).fetchone()
        return bool(found and found[0])


def _written_pool(con: duckdb.DuckDBPyConnection) -> list[str]:
    rows = con.execute("SELECT w FROM pool_surname ORDER BY key").fetchall()
    return [w for (w,) in rows]


# --- how a line is written ---------------------------------------------------------------------


def _cased(text: str, rng: random.Random) -> str:
    """As people write: mostly as spelt, some in capitals, a few in lower case."""
    draw = rng.random()
    if draw < 0.15:
        return text.upper()
    if draw < 0.22:
        return text.lower()
    return text


def _first(voter: dict[str, Any]) -> str:
    return str(voter["firstw"])


def _middle(voter: dict[str, Any], rng: random.Random) -> str:
    """The middle name as a signer writes it: mostly left out, else the initial or in full."""
    middle = voter["MIDDLENAME"] or ""
    draw = rng.random()
    if not middle or draw < 0.5:
        return ""
    if len(middle) == 1 or draw < 0.75:
        return middle[0]
    return str(voter["midw"])


def _suffix(voter: dict[str, Any], rng: random.Random) -> str:
    """The suffix as on file, Jr and Sr sometimes with a full stop (left out only by the kind
    "suffix dropped": without it a Jr and a Sr at one address are one name)."""
    suffix = str(voter["NAMESUFFIX"] or "")
    return rng.choice((suffix.title(), f"{suffix.title()}.")) if suffix in ("JR", "SR") else suffix


def _name(first: str, middle: str, last: str, suffix: str, rng: random.Random) -> str:
    return _cased(" ".join(x for x in (first, middle, last, suffix) if x), rng)


def plain_name(voter: dict[str, Any], rng: random.Random, last: str | None = None) -> str:
    surname = voter["lastw"] if last is None else last
    return _name(_first(voter), _middle(voter, rng), surname, _suffix(voter, rng), rng)


def _street(voter: dict[str, Any]) -> str:
    """The street as commonly written: ``W 140 St``, ``Elm Ave``."""
    pre = voter["RPREDIRECTION"] or ""
    words = str(voter["streetw"]).split(" ")
    kind = words[-1].title()
    body = " ".join(words[:-1])
    return " ".join(x for x in (pre.title(), body, kind) if x)


def _unit(voter: dict[str, Any]) -> str:
    """The unit as the file holds it, written plainly: ``Apt 4B``, ``Fl 2``, ``PH A``, ``Rear``."""
    kind, number = voter["RAPARTMENTTYPE"] or "", voter["RAPARTMENT"] or ""
    if not kind and not number:
        return ""
    return " ".join(x for x in (kind.title() if kind != "PH" else "PH", number) if x)


def _place(voter: dict[str, Any], rng: random.Random) -> str:
    """A city written after the street, on one line in four."""
    return f", {voter['RCITY'].title()}" if rng.random() < 0.25 else ""


def plain_address(
    voter: dict[str, Any],
    rng: random.Random,
    house: str | None = None,
    street: str | None = None,
    unit: str | None = None,
) -> str:
    house = voter["RADDNUMBER"] if house is None else house
    street = _street(voter) if street is None else street
    unit = _unit(voter) if unit is None else unit
    joined = f"{house} {street}" + (f", {unit}" if unit[:1].isalnum() or unit[:1] == "#" else unit)
    return _cased(joined + _place(voter, rng), rng)


def _typo(word: str, rng: random.Random) -> str:
    letters = [i for i, c in enumerate(word) if c.isalpha()]
    at = rng.choice(letters[1:-1] or letters)
    if rng.random() < 0.5 and at + 1 < len(word) and word[at + 1].isalpha():
        return word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    options = [c for c in "aeioulnrst" if c != word[at].lower()]
    return word[:at] + rng.choice(options) + word[at + 1 :]


Writer = Callable[[dict[str, Any], random.Random], tuple[str, str]]


def _plain_both(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    return plain_name(voter, rng), plain_address(voter, rng)


def _exact(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """Every part of the name as on file (the middle name as the file has it)."""
    middle = voter["MIDDLENAME"] or ""
    middle = str(voter["midw"]) if len(middle) > 1 else middle
    name = _name(_first(voter), middle, voter["lastw"], _suffix(voter, rng), rng)
    return name, plain_address(voter, rng)


def _with_last(last: Callable[[dict[str, Any], random.Random], str]) -> Writer:
    def write(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
        return plain_name(voter, rng, last(voter, rng)), plain_address(voter, rng)

    return write


def _nickname(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """A nickname from the ``nicknames`` package's table (the table the matcher reads too:
    this kind checks the path works, it does not test the table)."""
    known = sorted(_namer().nicknames_of(voter["FIRSTNAME"].lower()))
    first = rng.choice(known).title() if known else _first(voter)
    return _name(first, _middle(voter, rng), voter["lastw"], _suffix(voter, rng), rng), (
        plain_address(voter, rng)
    )


@lru_cache(maxsize=1)
def _namer() -> Any:
    from nicknames import NickNamer

    return NickNamer()


def _middle_initial(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    middle = voter["MIDDLENAME"][0] + rng.choice(("", "."))
    name = _name(_first(voter), middle, voter["lastw"], _suffix(voter, rng), rng)
    return name, plain_address(voter, rng)


def _no_suffix(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    name = _name(_first(voter), _middle(voter, rng), voter["lastw"], "", rng)
    return name, plain_address(voter, rng)


def _surname_first(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    given = " ".join(x for x in (_first(voter), _middle(voter, rng)) if x)
    return _cased(f"{voter['lastw']}, {given}", rng), plain_address(voter, rng)


def _city_zip(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    tail = f", {voter['RCITY'].title()}, NY {voter['RZIP5']}"
    if rng.random() < 0.3:
        tail = f" {voter['RZIP5']}"
    address = f"{voter['RADDNUMBER']} {_street(voter)}"
    unit = _unit(voter)
    return plain_name(voter, rng), _cased(address + (f" {unit}" if unit else "") + tail, rng)


def _joined_parts(voter: dict[str, Any], rng: random.Random) -> str:
    words = re.split(r"[ '\-]", voter["lastw"])
    if rng.random() < 0.5:
        return "".join(words).title()  # Delacruz, Garcialopez
    return "".join(w[:1].upper() + w[1:] for w in words)  # DeLaCruz, GarciaLopez


def _swapped(voter: dict[str, Any], rng: random.Random) -> str:
    last = voter["lastw"]
    return last.replace(" ", "-") if " " in last else last.replace("-", " ")


def _prefix_spacing(voter: dict[str, Any], rng: random.Random) -> str:
    """O'Brien as OBrien or O Brien; McLean as Mc Lean; Mac Goill as MacGoill; Ó Treabhair as
    O'Treabhair; De Backer as Debacker; St-Pierre as St Pierre or Saint Pierre."""
    last = str(voter["lastw"])
    head, _, rest = last.partition("'")
    if rest:
        return rng.choice((f"{head}{rest}", f"{head} {rest}", f"{head}{rest.lower()}"))
    if last.lower().startswith("mc") and " " not in last:
        return f"{last[:2]} {last[2:]}"
    if last.lower().startswith("st-"):
        return rng.choice((f"St {last[3:]}", f"Saint {last[3:]}", f"St. {last[3:]}"))
    first, _, rest = last.partition(" ")
    if first in ("O", "Ó") and rest:
        return rng.choice((f"O'{rest}", f"O{rest}"))
    return first + rest.replace(" ", "").lower() if rest else last.replace("-", "")


def _second_added(voter: dict[str, Any], rng: random.Random) -> str:
    """The father's surname on file alone; the line adds the mother's (another of the origin's
    surnames, drawn from the pool the file's names come from)."""
    return f"{voter['lastw']} {voter['s2w']}"


def _goes_by_middle(form: str) -> Writer:
    def write(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
        middle, first = str(voter["midw"]), _first(voter)
        given = {"middle": middle, "middle initial": f"{middle} {first[0]}",
                 "initial middle": f"{first[0]}{rng.choice(('', '.'))} {middle}"}[form]  # fmt: skip
        return _name(given, "", voter["lastw"], _suffix(voter, rng), rng), plain_address(voter, rng)

    return write


def _numbered_no_type(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """``682 W 140th`` or ``682 W 140``: the street's type left out."""
    number = str(voter["streetw"]).split(" ")[0]
    pre = (voter["RPREDIRECTION"] or "").title()
    body = f"{number}{_ordinal(int(number))}" if rng.random() < 0.7 else number
    return plain_name(voter, rng), plain_address(voter, rng, street=f"{pre} {body}".strip())


def _numbered_spelled(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """``West 140 Street``, ``W 140th Street``, ``West 140th St``."""
    number, kind = str(voter["streetw"]).split(" ")
    pre = voter["RPREDIRECTION"]
    written_pre = DIRECTIONS[pre] if rng.random() < 0.6 else pre.title()
    written_number = f"{number}{_ordinal(int(number))}" if rng.random() < 0.5 else number
    written_kind = STREET_TYPES[kind] if rng.random() < 0.6 else kind.title()
    street = f"{written_pre} {written_number} {written_kind}"
    return plain_name(voter, rng), plain_address(voter, rng, street=street)


MISREAD = {"5": "S", "0": "O", "1": "l", "8": "B"}


def _letter_for_digit(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """One digit of the house number written (or read) as the letter it looks like."""
    house = str(voter["RADDNUMBER"])
    at = rng.choice([i for i, c in enumerate(house) if c in MISREAD])
    letter = MISREAD[house[at]]
    misread = house[:at] + (rng.choice(("l", "I")) if letter == "l" else letter) + house[at + 1 :]
    address = plain_address(voter, rng)  # cased as a whole, then the number as misread
    return plain_name(voter, rng), misread + address[len(house) :]


def _unit_writer(forms: Callable[[str, str], list[str]]) -> Writer:
    def write(voter: dict[str, Any], rng: random.Random) -> tuple[str, str]:
        kind, number = voter["RAPARTMENTTYPE"] or "", voter["RAPARTMENT"] or ""
        unit = rng.choice(forms(kind, number))
        return plain_name(voter, rng), plain_address(voter, rng, unit=unit)

    return write


def _apartment(kind: str, number: str) -> list[str]:
    hyphened = [f"Apt {number[:-1]}-{number[-1]}"] if number[-1:].isalpha() else []
    return [f"Apt {number}", f"Apt. {number}", *hyphened]


def _floor(kind: str, number: str) -> list[str]:
    n = int(number) if number.isdigit() else 1
    nth = f"{n}{_ordinal(n)}"
    return [f"{nth} Fl", f"{nth} Fl.", f"Fl {n}", f"Floor {n}", f"{nth} Floor", f"{n} Fl"]


def _rear_basement(kind: str, number: str) -> list[str]:
    return ["Rear", "rear"] if kind == "REAR" else ["Bsmt", "Basement", "Bsmt."]


def _penthouse(kind: str, number: str) -> list[str]:
    if number:
        return [f"PH {number}", f"PH{number}", f"Penthouse {number}", f"Apt PH{number}"]
    return ["PH", "Penthouse", "Apt PH"]


WRITERS: dict[str, Writer] = {
    "exact": _exact,
    "typo in surname": _with_last(lambda v, rng: _typo(v["lastw"], rng)),
    "nickname": _nickname,
    "middle initial for the middle name": _middle_initial,
    "suffix dropped": _no_suffix,
    "Surname, First": _surname_first,
    "city and ZIP written": _city_zip,
    "spaced surname copied exactly": _exact,
    "hyphenated surname copied exactly": _exact,
    # Each of the two surnames whole ("de Jesús" of "de Jesús Lucero"), never a particle alone.
    "first part of two surnames": _with_last(lambda v, rng: str(v["s1w"])),
    "second part of two surnames": _with_last(lambda v, rng: str(v["s2w"])),
    "surname parts joined": _with_last(_joined_parts),
    "surname hyphen and space swapped": _with_last(_swapped),
    "O', Mc, Mac, particle spacing": _with_last(_prefix_spacing),
    "second surname added": _with_last(_second_added),
    "previous surname (PREVNAME)": _with_last(lambda v, rng: str(v["prevw"])),
    "goes by middle name": _goes_by_middle("middle"),
    "middle name first, first initial": _goes_by_middle("middle initial"),
    "first initial, middle name": _goes_by_middle("initial middle"),
    "voter with a purged duplicate": _plain_both,
    "numbered street without type": _numbered_no_type,
    "numbered street spelled out": _numbered_spelled,
    "house number letter for digit": _letter_for_digit,
    "unit: Apt": _unit_writer(_apartment),
    "unit: #": _unit_writer(lambda k, n: [f"#{n}", f"# {n}", f"Apt #{n}"]),
    "unit: Unit": _unit_writer(lambda k, n: [f"Unit {n}"]),
    "unit: bare number": _unit_writer(lambda k, n: [f", {n}", f" {n}"]),
    "unit: floor": _unit_writer(_floor),
    "unit: Rear or Bsmt": _unit_writer(_rear_basement),
    "unit: PH or Penthouse": _unit_writer(_penthouse),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voters", type=int, default=300_000)
    parser.add_argument("--lines", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    start = time.perf_counter()
    source, db = build(args.dir, args.voters, args.seed)
    print(f"{args.voters:,} voters written to {source} in {time.perf_counter() - start:.1f} s")
    lines = make_lines(db, args.lines, args.seed)
    with (args.dir / "second-lines.csv").open("w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(["kind", "name", "address", "truth", "valid"])
        out.writerows((x.kind, x.name, x.address, x.truth or "", x.valid) for x in lines)
    print(f"{len(lines):,} lines written to {args.dir / 'second-lines.csv'}")


if __name__ == "__main__":
    main()
