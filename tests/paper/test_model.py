"""The sheet's identity as its QR code carries it."""

import pytest

from nyballot.errors import UsageError
from nyballot.paper.model import SheetIdentity


def test_a_sheets_code_names_the_same_sheet_when_read_back() -> None:
    sheet = SheetIdentity("RUIZ-AD71", 2, 14, "current", 2027)
    assert sheet.payload().startswith("NYB1|RUIZ-AD71|2|14|current|2027|")
    assert SheetIdentity.from_payload(sheet.payload()) == sheet


def test_a_code_misread_in_one_character_is_refused_not_filed_under_another_sheet() -> None:
    code = SheetIdentity("RUIZ-AD71", 2, 14, "current", 2027).payload()
    misread = code.replace("|14|", "|15|")
    with pytest.raises(UsageError, match="check value"):
        SheetIdentity.from_payload(misread)


@pytest.mark.parametrize("text", ["", "hello", "NYB2|P|1|1|current|2027|00000000"])
def test_a_code_of_another_shape_is_refused(text: str) -> None:
    with pytest.raises(UsageError, match="not a nyballot sheet code"):
        SheetIdentity.from_payload(text)


def test_a_sheet_is_numbered_from_one() -> None:
    with pytest.raises(UsageError, match="numbered from 1"):
        SheetIdentity("P", 1, 0, "current", 2027)
