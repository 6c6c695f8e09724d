"""A scanned volume read back (nyballot.paper.scan): sheets found by their code or their ruled
lines, every line cropped whole and numbered, blank lines marked, bad files refused.

The sheets are generated (benchmarks/scan_set.py): printed by the project's own sheet code,
filled in handwriting-like fonts, turned up to 3 degrees, blurred and noised, with pages of a
form nyballot did not print. The truth comes from the generator, never from the scanner: where
the PDF placed each line's number, where the other form's rules were drawn, which lines were
filled.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from nyballot.errors import UsageError

pdfium = pytest.importorskip("pypdfium2")
pytest.importorskip("cv2")
pytest.importorskip("zxingcpp")

from nyballot.paper.scan import MAX_PAGES, read_volume  # noqa: E402
from nyballot.paper.scan import ocr as scan_ocr  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NYBALLOT = Path(sys.executable).parent / "nyballot"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


gen = _load("scan_set")
if not gen.hands_available():
    pytest.skip(
        "the handwriting fonts are not installed (scripts/tesseract)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def made() -> tuple[list[object], bytes]:
    # A cover sheet, 6 filled sheets of the project's forms (designating on letter paper,
    # volume 1; independent on letter, volume 2; designating on legal, volume 3; two each, the
    # first two sheets with their printed names typed), 3 pages of another form.
    pages = gen.build(printed=6, other=3, seed=7, typed=2, forms=tuple(gen.FORMS))
    return pages, gen.volume_pdf(pages)


@pytest.fixture(scope="module")
def scanned(made: tuple[list[object], bytes]) -> object:
    return read_volume(made[1], source="set.pdf", petition=gen.PETITION, suggest=False)


def test_every_sheet_is_found_and_numbered_and_every_line_cropped_whole_once(
    made: tuple[list[object], bytes], scanned: object
) -> None:
    pages, _ = made
    got = gen.score(pages, scanned)
    assert got.sheets == 9 and got.printed == 6
    assert got.found == got.sheets, got.misses  # 100% of sheets found, lines numbered 1..n
    assert got.lost == 0 and got.doubled == 0, got.misses
    assert got.whole >= 0.995 * got.lines, got.misses
    assert got.codes_read >= 0.99 * got.printed, got.misses
    assert got.false_sheets == 0  # the cover sheet holds no signature lines
    assert got.ink_right == got.lines, got.misses  # blank exactly where nothing was written
    # The witness's statement whole: from its heading to the caption under its signature line.
    assert got.witnesses == got.sheets, got.misses


def test_the_cover_sheet_is_a_page_with_no_sheet_and_sheets_of_another_form_have_no_identity(
    scanned: object,
) -> None:
    assert scanned.unread_pages == (1,)  # type: ignore[attr-defined]
    sheets = scanned.sheets  # type: ignore[attr-defined]
    assert [s.found_by for s in sheets] == ["qr"] * 6 + ["lines"] * 3
    named = [(s.identity.volume, s.identity.sheet) for s in sheets[:6]]
    assert named == [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]
    assert all(s.identity is None for s in sheets[6:])
    assert all(s.witness is not None for s in sheets)


def test_each_sheet_is_straightened_by_the_angle_it_was_turned(
    made: tuple[list[object], bytes], scanned: object
) -> None:
    pages, _ = made
    for sheet in scanned.sheets:  # type: ignore[attr-defined]
        turned = pages[sheet.page - 1].angle
        assert abs(sheet.skew + turned) < 0.15, (sheet.page, sheet.skew, turned)


def test_the_scan_keeps_the_files_digest_and_each_crop_is_a_png(
    made: tuple[list[object], bytes], scanned: object
) -> None:
    assert scanned.digest == hashlib.sha256(made[1]).hexdigest()  # type: ignore[attr-defined]
    crop = scanned.sheets[0].lines[0]  # type: ignore[attr-defined]
    assert crop.png.startswith(b"\x89PNG\r\n\x1a\n")
    assert crop.suggestion == {}  # suggestions were not asked for


def test_a_sheet_scanned_twice_and_a_sheet_missing_are_said(
    made: tuple[list[object], bytes],
) -> None:
    pages = made[0]
    # Page 5 is volume 1's sheet 2; its sheet 1 (page 2) is left out.
    again = [pages[0], pages[4], pages[4]]
    volume = read_volume(gen.volume_pdf(again), source="v.pdf", suggest=False)
    assert volume.notes == (
        "volume 1 sheet 2 is on pages 2, 3",
        "volume 1: no page found with sheet 1",
        "suggestions were not asked for",
    )


def test_a_sheet_whose_lines_cannot_be_found_is_kept_by_its_code_and_said(
    made: tuple[list[object], bytes],
) -> None:
    from PIL import ImageDraw

    page = made[0][1]  # sheet 1
    image = page.image.copy()  # type: ignore[attr-defined]
    top, bottom = page.lines[0][1], page.lines[-1][3]  # type: ignore[attr-defined]
    # The table whited out, with room for the page's turn (3 degrees: 35 pixels at its edge).
    ImageDraw.Draw(image).rectangle((0, top - 100, image.width, bottom + 40), fill=255)
    gen_page = gen.Page(image, "printed", page.payload)  # type: ignore[attr-defined]
    volume = read_volume(gen.volume_pdf([gen_page]), source="v.pdf", suggest=False)
    (sheet,) = volume.sheets
    assert sheet.found_by == "qr" and sheet.identity.sheet == 1 and sheet.lines == ()
    assert volume.notes[0] == (
        "page 1: its code was read but no signature lines were found; key it from the page"
    )


def test_a_volume_of_images_is_read_as_a_pdf_is(made: tuple[list[object], bytes]) -> None:

    pages = made[0]
    # Sheets 1 of volumes 1 and 3 (letter, legal) as one TIFF scanned at 300 dpi, and one PNG.
    big = [p.image.resize((p.image.width * 2, p.image.height * 2)) for p in pages[1:4:2]]  # type: ignore[attr-defined]
    buffer = io.BytesIO()
    big[0].save(buffer, "TIFF", save_all=True, append_images=big[1:], dpi=(300, 300))
    volume = read_volume(buffer.getvalue(), source="v.tif", petition=gen.PETITION, suggest=False)
    assert [(s.identity.volume, len(s.lines)) for s in volume.sheets] == [(1, 10), (3, 15)]
    png = io.BytesIO()
    pages[2].image.save(png, "PNG")  # type: ignore[attr-defined]
    volume = read_volume(png.getvalue(), source="v.png", petition=gen.PETITION, suggest=False)
    assert [(s.identity.volume, len(s.lines)) for s in volume.sheets] == [(2, 10)]


@pytest.mark.parametrize("turns", [1, 2, 3], ids=["left", "upside-down", "right"])
def test_a_sheet_fed_on_its_side_or_upside_down_is_turned_back_by_its_code(
    made: tuple[list[object], bytes], turns: int
) -> None:

    page = made[0][1]  # volume 1, sheet 1
    turned = page.image.rotate(90 * turns, expand=True)  # type: ignore[attr-defined]
    png = io.BytesIO()
    turned.save(png, "PNG")
    volume = read_volume(png.getvalue(), source="v.png", petition=gen.PETITION, suggest=False)
    (sheet,) = volume.sheets
    assert sheet.identity.sheet == 1 and [c.line for c in sheet.lines] == list(range(1, 11))
    for crop, box, ink in zip(sheet.lines, page.lines, page.ink, strict=True):  # type: ignore[attr-defined]
        assert gen.whole(crop.box, box) and crop.blank == (not ink)


def test_a_sheet_of_another_petition_is_refused(made: tuple[list[object], bytes]) -> None:
    with pytest.raises(UsageError, match="page 2 is a sheet of petition 'RUIZ-AD71', not of 'X'"):
        read_volume(made[1], source="set.pdf", petition="X", suggest=False)


@pytest.mark.skipif(scan_ocr.missing() != "", reason="Tesseract is not installed")
def test_typed_names_are_suggested_and_signatures_never_read() -> None:
    # Two sheets whose printed names were typed (a blurred, noised 150 dpi scan, handwriting
    # beside and over them): most are read exactly; what is read is only ever a suggestion.
    typed, read = 0, 0
    for seed in (3, 5):
        pages = gen.build(printed=1, other=0, seed=seed, typed=1, cover=False)
        volume = read_volume(gen.volume_pdf(pages), source="t.pdf", petition=gen.PETITION)
        crops = {c.line: c for c in volume.sheets[0].lines}
        typed += len(pages[0].typed)
        read += sum(crops[n].suggestion.get("name") == name for n, name in pages[0].typed.items())
        for crop in crops.values():
            assert set(crop.suggestion) <= {"date", "name", "address", "town"}  # no signature
            assert not (crop.blank and crop.suggestion)
        assert volume.notes == ()
    assert typed >= 5 and read >= 0.6 * typed, (read, typed)


def test_without_tesseract_the_scan_works_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytesseract = pytest.importorskip("pytesseract")
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "/nonexistent/tesseract")
    scan_ocr.missing.cache_clear()
    try:
        pages = gen.build(printed=1, other=0, seed=4, typed=1, cover=False)
        volume = read_volume(gen.volume_pdf(pages), source="t.pdf", petition=gen.PETITION)
    finally:
        scan_ocr.missing.cache_clear()
    assert len(volume.sheets[0].lines) == 10
    assert all(c.suggestion == {} for c in volume.sheets[0].lines)
    assert volume.notes == (
        "Tesseract (Debian's tesseract-ocr) is not installed: no suggestions were read",
    )


# Bad input: one UsageError naming the file and what is wrong.


def _rc4(key: bytes, data: bytes) -> bytes:
    s, j = list(range(256)), 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def encrypted_pdf(password: bytes = b"secret") -> bytes:
    """A one-page PDF under the standard security handler, revision 2 (ISO 32000-1, 7.6.3.3,
    algorithms 2 and 4): readable only with ``password``."""
    pad = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
    owner, ident, perms = b"\x11" * 32, b"\x22" * 16, -4
    key = hashlib.md5(
        (password + pad)[:32] + owner + perms.to_bytes(4, "little", signed=True) + ident
    ).digest()[:5]
    user = _rc4(key, pad)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        b"<< /Filter /Standard /V 1 /R 2 /O <" + owner.hex().encode() + b"> /U <"
        + user.hex().encode() + b"> /P -4 >>",
    ]  # fmt: skip
    body, offsets = io.BytesIO(), []
    body.write(b"%PDF-1.4\n")
    for n, obj in enumerate(objects, start=1):
        offsets.append(body.tell())
        body.write(b"%d 0 obj\n%s\nendobj\n" % (n, obj))
    xref = body.tell()
    body.write(b"xref\n0 5\n0000000000 65535 f \n")
    for offset in offsets:
        body.write(b"%010d 00000 n \n" % offset)
    body.write(
        b"trailer\n<< /Size 5 /Root 1 0 R /Encrypt 4 0 R /ID [<%s><%s>] >>\n"
        % (ident.hex().encode(), ident.hex().encode())
        + b"startxref\n%d\n%%%%EOF\n" % xref
    )
    return body.getvalue()


def test_the_encrypted_test_file_is_a_pdf_that_opens_with_its_password() -> None:
    document = pdfium.PdfDocument(encrypted_pdf(), password="secret")
    assert len(document) == 1


def blank_pdf(pages: int) -> bytes:
    document = pdfium.PdfDocument.new()
    for _ in range(pages):
        document.new_page(612, 792)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def blank_png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (1275, 1650), 255).save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"name,address\nAna Ruiz,12 Elm St\n", "x: not a PDF or an image (PNG, JPEG or TIFF)"),
        (b"%PDF-1.4\nnothing else", "x: not a readable PDF"),
        (encrypted_pdf(), "x: the PDF is encrypted (it asks for a password)"),
        (blank_pdf(2000), f"x: 2,000 pages, over the limit of {MAX_PAGES:,} in one file"),
        (blank_pdf(2), "x: no petition sheet found on any of its 2 page(s)"),
        (blank_png(), "x: no petition sheet found on any of its 1 page(s)"),
        (b"", "x: the file is empty"),
    ],
    ids=["text", "broken-pdf", "encrypted", "2000-pages", "blank-pdf", "blank-png", "empty"],
)
def test_a_bad_file_is_refused_in_one_line_naming_it(data: bytes, said: str) -> None:
    with pytest.raises(UsageError) as caught:
        read_volume(data, source="x", petition=gen.PETITION)
    assert str(caught.value).startswith(said)
    assert "\n" not in str(caught.value)


def test_the_page_limit_is_a_thousand_pages() -> None:
    assert MAX_PAGES == 1000  # a 2,000-page upload must be refused (issue 33)


# The command line.


def _run(*args: str, cwd: Path) -> object:
    import subprocess

    return subprocess.run(
        [str(NYBALLOT), "petitions", "scan", *args], cwd=cwd, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def test_the_command_writes_every_crop_and_the_manifest(
    made: tuple[list[object], bytes], tmp_path: Path
) -> None:
    (tmp_path / "v.pdf").write_bytes(made[1])
    done = _run("v.pdf", "--petition", gen.PETITION, "--out", "crops", "--no-ocr", cwd=tmp_path)
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    shown = done.stdout  # type: ignore[attr-defined]
    # 4 letter sheets of 10 lines and 2 legal sheets of 15 (sheet.PAPERS: 70); the other
    # form's rows as generated (seed 7).
    rows = 70 + sum(len(p.lines) for p in made[0][7:])  # type: ignore[attr-defined]
    assert "10 pages, 9 sheets found (6 by their code, 3 by their ruled lines)" in shown
    assert f"lines cropped: {rows} " in shown and "pages with no sheet: 1" in shown
    listed = json.loads((tmp_path / "crops" / "scan.json").read_text(encoding="utf-8"))
    files = {c["file"] for s in listed["sheets"] for c in [*s["lines"], s["witness"]]}
    assert files == {p.name for p in (tmp_path / "crops").glob("*.png")}
    assert len(files) == rows + 9
    assert "v03-s002-p0007-line15.png" in files  # volume 3's sheet 2 (legal), page 7, line 15
    first = listed["sheets"][0]
    assert first["identity"] == {
        "petition": gen.PETITION, "volume": 1, "sheet": 1, "law": "current", "year": 2027,
    }  # fmt: skip
    assert [c["line"] for c in first["lines"]] == list(range(1, 11))
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"not a scan", "v.pdf: not a PDF or an image (PNG, JPEG or TIFF)"),
        (blank_pdf(2000), "v.pdf: 2,000 pages, over the limit of 1,000 in one file"),
        (encrypted_pdf(), "v.pdf: the PDF is encrypted"),
        (blank_png(), "v.pdf: no petition sheet found on any of its 1 page(s)"),
    ],
    ids=["text", "2000-pages", "encrypted", "no-sheet"],
)
def test_the_command_exits_2_in_one_line_and_writes_nothing(
    content: bytes, said: str, tmp_path: Path
) -> None:
    (tmp_path / "v.pdf").write_bytes(content)
    done = _run("v.pdf", "--petition", gen.PETITION, "--out", "crops", cwd=tmp_path)
    assert done.returncode == 2  # type: ignore[attr-defined]
    err = done.stderr  # type: ignore[attr-defined]
    assert err.startswith(f"nyballot: error: {said}") and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.pdf"]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from nyballot.paper.scan import MAX_BYTES

    with (tmp_path / "big.pdf").open("wb") as big:
        big.truncate(MAX_BYTES + 1)  # sparse: nothing is written to disk
    done = _run("big.pdf", "--petition", gen.PETITION, "--out", "crops", cwd=tmp_path)
    assert done.returncode == 2  # type: ignore[attr-defined]
    assert done.stderr == (  # type: ignore[attr-defined]
        f"nyballot: error: big.pdf: {MAX_BYTES + 1:,} bytes, over the limit of {MAX_BYTES:,}\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.pdf"]


def test_the_command_never_writes_into_a_folder_that_holds_something(tmp_path: Path) -> None:
    (tmp_path / "crops").mkdir()
    (tmp_path / "crops" / "kept.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "v.pdf").write_bytes(b"%PDF")
    done = _run("v.pdf", "--petition", "P", "--out", "crops", cwd=tmp_path)
    assert done.returncode == 2  # type: ignore[attr-defined]
    assert "crops: already exists and is not an empty folder" in done.stderr  # type: ignore[attr-defined]
    assert [p.name for p in (tmp_path / "crops").iterdir()] == ["kept.txt"]


def test_without_petition_the_codes_name_it_and_two_petitions_are_refused(
    made: tuple[list[object], bytes], tmp_path: Path
) -> None:
    from nyballot.cli.scan import _one_petition
    from nyballot.paper.model import ScannedSheet, ScannedVolume, SheetIdentity

    (tmp_path / "v.pdf").write_bytes(made[1])
    done = _run("v.pdf", "--no-ocr", cwd=tmp_path)
    assert done.returncode == 0, done.stderr  # type: ignore[attr-defined]
    assert "9 sheets found (6 by their code" in done.stdout  # type: ignore[attr-defined]

    def sheet(petition: str) -> ScannedSheet:
        return ScannedSheet(1, "qr", SheetIdentity(petition, 1, 1, "current", 2027), ())

    mixed = ScannedVolume("mixed.pdf", "0" * 64, 2, (sheet("RUIZ-AD71"), sheet("LEE-AD72")))
    with pytest.raises(UsageError, match=r"^mixed.pdf: its sheets' codes name 2 petitions "
                       r"\(LEE-AD72, RUIZ-AD71\): give --petition$"):  # fmt: skip
        _one_petition(mixed)
