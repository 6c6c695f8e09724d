"""A synthetic voter file in the state's layout: 47 quoted fields, ISO-8859-1, no header.

The same ``--voters`` and ``--seed`` always give the same file: every value is a hash of the
seed, the record's number and the field, computed by DuckDB, which writes millions of records a
second; the text is then recoded from UTF-8 to ISO-8859-1 as it is written out.
"""

from __future__ import annotations

import codecs
import tempfile
from pathlib import Path
from typing import BinaryIO

import duckdb

from nyballot.errors import UsageError
from nyballot.voters.layout import FIELDS_47

MAX_VOTERS = 20_000_000

LAST = (  # noqa: SIM905
    "SMITH JOHNSON WILLIAMS BROWN JONES GARCIA MILLER DAVIS RODRIGUEZ MARTINEZ HERNANDEZ LOPEZ "
    "GONZALEZ WILSON ANDERSON THOMAS TAYLOR MOORE JACKSON MARTIN LEE PEREZ THOMPSON WHITE "
    "HARRIS SANCHEZ CLARK RAMIREZ LEWIS ROBINSON WALKER YOUNG ALLEN KING WRIGHT SCOTT TORRES "
    "NGUYEN HILL FLORES GREEN ADAMS NELSON BAKER HALL RIVERA CAMPBELL MITCHELL CARTER ROBERTS "
    "COHEN GOLDBERG KAPLAN O'BRIEN MURPHY SULLIVAN KELLY RUIZ PEÑA MÜLLER CHEN WANG LI ZHANG "
    "PATEL SHAH KHAN ALI DIALLO OKAFOR NOVAK KOWALSKI ROSSI RUSSO ESPOSITO ROMANO COLOMBO"
).split()
FIRST = (  # noqa: SIM905
    "JAMES MARY ROBERT PATRICIA JOHN JENNIFER MICHAEL LINDA DAVID ELIZABETH WILLIAM BARBARA "
    "RICHARD SUSAN JOSEPH JESSICA THOMAS SARAH CHARLES KAREN CHRISTOPHER LISA DANIEL NANCY "
    "MATTHEW BETTY ANTHONY MARGARET MARK SANDRA DONALD ASHLEY STEVEN KIMBERLY PAUL EMILY "
    "ANDREW DONNA JOSHUA MICHELLE ANA JOSÉ MARÍA LUIS CARMEN WEI MEI RAVI PRIYA FATIMA OMAR "
    "AISHA KWAME IRIS NINA OMAR KEN DAVID SOFIA LUCIA MATEO"
).split()
# Streets are a name and a suffix (480 of them) or a numbered street (200): with 3,000 house
# numbers that is about two million addresses, some six voters to an address statewide.
STREET_NAMES = (  # noqa: SIM905
    "MAIN BROADWAY GRAND PARK ELM OAK MAPLE CHURCH WASHINGTON LINCOLN CENTRAL RIVER LAKE HILL "
    "HIGH MILL SCHOOL ATLANTIC FLATBUSH QUEENS NORTHERN JAMAICA STATE PEARL CLINTON MADISON "
    "JEFFERSON FRANKLIN ADAMS JACKSON MONROE HUDSON GENESEE SENECA ONONDAGA CAYUGA DELAWARE "
    "SARATOGA PROSPECT SPRING WATER BRIDGE CANAL FOREST CEDAR PINE WILLOW CHESTNUT WALNUT "
    "SUNSET VALLEY MEADOW ORCHARD UNION LIBERTY HOPE PLEASANT HAMILTON FULTON NASSAU ESSEX"
).split()
SUFFIXES = ["ST", "AVE", "RD", "PL", "DR", "LN", "CT", "BLVD"]
CITIES = "NEW YORK|BROOKLYN|BRONX|ALBANY|BUFFALO|ROCHESTER|YONKERS|SYRACUSE|ITHACA|UTICA".split("|")  # noqa: SIM905
PARTIES = ["DEM"] * 10 + ["REP"] * 4 + ["BLK"] * 4 + ["CON", "WOR"]
STATUSES = ["A"] * 17 + ["I", "P", "AM"]


def _pick(values: list[str] | tuple[str, ...], key: str) -> str:
    listed = ", ".join("'" + v.replace("'", "''") + "'" for v in values)
    return f"[{listed}][CAST(hash(i, $seed, '{key}') % {len(values)} AS BIGINT) + 1]"


def _num(key: str, low: int, count: int) -> str:
    return f"CAST({low} + hash(i, $seed, '{key}') % {count} AS VARCHAR)"


def _day(key: str, first: str, days: int) -> str:
    return f"strftime(DATE '{first}' + CAST(hash(i, $seed, '{key}') % {days} AS INTEGER), '%Y%m%d')"


def _columns() -> dict[str, str]:
    status = _pick(STATUSES, "status")
    return {
        "LASTNAME": _pick(LAST, "last"),
        "FIRSTNAME": _pick(FIRST, "first"),
        "MIDDLENAME": "chr(65 + CAST(hash(i, $seed, 'middle') % 26 AS INTEGER))",
        "RADDNUMBER": _num("house", 1, 3000),
        "RSTREETNAME": f"CASE WHEN hash(i, $seed, 'numbered') % 7 = 0 "
        f"THEN {_num('street_number', 1, 200)} || ' ST' "
        f"ELSE {_pick(STREET_NAMES, 'street')} || ' ' || {_pick(SUFFIXES, 'suffix')} END",
        "RAPARTMENT": f"CASE WHEN hash(i, $seed, 'apt') % 3 = 0 THEN {_num('aptno', 1, 30)} "
        "|| chr(65 + CAST(hash(i, $seed, 'aptl') % 6 AS INTEGER)) END",
        "RCITY": _pick(CITIES, "city"),
        "RZIP5": _num("zip", 10001, 4000),
        "DOB": _day("dob", "1930-01-01", 26000),
        "GENDER": _pick(["M", "F", "X"], "gender"),
        "ENROLLMENT": _pick(PARTIES, "party"),
        "COUNTYCODE": _num("county", 1, 62),
        "ED": _num("ed", 1, 120),
        "LD": _num("ld", 1, 40),
        "TOWNCITY": _pick(CITIES, "town"),
        "WARD": _num("ward", 1, 12),
        "CD": _num("cd", 1, 26),
        "SD": _num("sd", 1, 63),
        "AD": _num("ad", 1, 150),
        "COUNTYVRNUMBER": "CAST(1000000 + i AS VARCHAR)",
        "REGDATE": _day("reg", "1980-01-01", 16000),
        "STATUS": status,
        "INACT_DATE": f"CASE WHEN {status} = 'I' THEN {_day('inact', '2022-01-01', 900)} END",
        "PURGE_DATE": f"CASE WHEN {status} = 'P' THEN {_day('purge', '2022-01-01', 900)} END",
        "SBOEID": "'NY' || lpad(CAST(i AS VARCHAR), 18, '0')",
        "VOTERHISTORY": "'20241105 GE;20240625 PE'",
    }


def write_sample(voters: int, seed: int, out: BinaryIO) -> None:
    """Write ``voters`` synthetic records, the same for the same seed."""
    if not 1 <= voters <= MAX_VOTERS:
        raise UsageError(f"voters {voters}: expected 1 to {MAX_VOTERS:,}", fields=("voters",))
    columns = _columns()
    select = ", ".join(f'{columns.get(n, "NULL::VARCHAR")} AS "{n}"' for n in FIELDS_47)
    with tempfile.TemporaryDirectory(prefix="nyballot-sample-") as folder:
        path = Path(folder) / "sample.csv"
        con = duckdb.connect()
        con.execute("SET threads = 2")
        try:
            con.execute(
                f"COPY (SELECT {select} FROM range(1, $n + 1) t(i)) TO '{path}' "
                "(HEADER false, QUOTE '\"', FORCE_QUOTE *)",
                {"seed": seed, "n": voters},
            )
        finally:
            con.close()
        _recode(path, out)


def _recode(path: Path, out: BinaryIO) -> None:
    decoder = codecs.getincrementaldecoder("utf-8")()
    with path.open("rb") as f:
        while block := f.read(8 * 1024 * 1024):
            out.write(decoder.decode(block).encode("latin-1"))
        out.write(decoder.decode(b"", final=True).encode("latin-1"))
    out.flush()
