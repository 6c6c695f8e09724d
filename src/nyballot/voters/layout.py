"""The NYSVoter extract's layout: 47 quoted, comma-separated fields without a header.

The field order is the one public parsers read since December 2021 (``voter-file-layout.txt``
in the shared law folder); older files have 45 fields (no RAPARTMENTTYPE, RADDRNONSTD, and the
apartment before the street). A file's layout is known from its field count.
"""

from __future__ import annotations

FIELDS_47: tuple[str, ...] = (
    "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER", "RHALFCODE",
    "RPREDIRECTION", "RSTREETNAME", "RPOSTDIRECTION", "RAPARTMENTTYPE", "RAPARTMENT",
    "RADDRNONSTD", "RCITY", "RZIP5", "RZIP4", "MAILADD1", "MAILADD2", "MAILADD3", "MAILADD4",
    "DOB", "GENDER", "ENROLLMENT", "OTHERPARTY", "COUNTYCODE", "ED", "LD", "TOWNCITY", "WARD",
    "CD", "SD", "AD", "LASTVOTERDATE", "PREVYEARVOTED", "PREVCOUNTY", "PREVADDRESS",
    "PREVNAME", "COUNTYVRNUMBER", "REGDATE", "VRSOURCE", "IDREQUIRED", "IDMET", "STATUS",
    "REASONCODE", "INACT_DATE", "PURGE_DATE", "SBOEID", "VOTERHISTORY",
)  # fmt: skip

FIELDS_45: tuple[str, ...] = (
    "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER", "RHALFCODE",
    "RAPARTMENT", "RPREDIRECTION", "RSTREETNAME", "RPOSTDIRECTION", "RCITY", "RZIP5", "RZIP4",
    "MAILADD1", "MAILADD2", "MAILADD3", "MAILADD4", "DOB", "GENDER", "ENROLLMENT",
    "OTHERPARTY", "COUNTYCODE", "ED", "LD", "TOWNCITY", "WARD", "CD", "SD", "AD",
    "LASTVOTERDATE", "PREVYEARVOTED", "PREVCOUNTY", "PREVADDRESS", "PREVNAME",
    "COUNTYVRNUMBER", "REGDATE", "VRSOURCE", "IDREQUIRED", "IDMET", "STATUS", "REASONCODE",
    "INACT_DATE", "PURGE_DATE", "SBOEID", "VOTERHISTORY",
)  # fmt: skip

LAYOUTS: dict[int, tuple[str, ...]] = {47: FIELDS_47, 45: FIELDS_45}

# Dates the review reads (YYYYMMDD); a file with anything else in them is refused.
DATE_FIELDS = ("DOB", "REGDATE", "INACT_DATE", "PURGE_DATE")

# The political units a petition can be for, by the fields that name them.
UNIT_FIELDS = ("COUNTYCODE", "AD", "SD", "CD", "LD", "ED", "TOWNCITY", "WARD")

# What the review shows of a voter's record (never the date of birth or the history).
SHOWN_FIELDS = (
    "SBOEID", "LASTNAME", "FIRSTNAME", "MIDDLENAME", "NAMESUFFIX", "RADDNUMBER",
    "RPREDIRECTION", "RSTREETNAME", "RPOSTDIRECTION", "RAPARTMENT", "RCITY", "RZIP5",
    "ENROLLMENT", "STATUS", "REGDATE", "PURGE_DATE", *UNIT_FIELDS,
)  # fmt: skip
