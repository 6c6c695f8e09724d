"""A review as text, as the clerk's HTML worksheet, and as the objector's specifications
(HTML, and PDF from the same HTML)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO, TextIO

import orjson
from jinja2 import Environment, PackageLoader, Template, select_autoescape

from nyballot.petitions.law import grounds_for
from nyballot.petitions.lines import sheet_named

_ENV = Environment(
    loader=PackageLoader("nyballot.petitions", "templates"),
    autoescape=select_autoescape(["html"]),
)

# The symbols of the specifications (§ 6-154(3)(a)(iii)), one per ruling code.
SYMBOLS = {
    "not_found": "NF",
    "ambiguous": "AM",
    "not_registered": "NR",
    "wrong_party": "WP",
    "outside_unit": "OU",
    "date_missing": "ND",
    "date_unreadable": "UD",
    "date_outside_period": "DP",
    "after_witness_date": "AW",
    "duplicate_same_petition": "DS",
    "duplicate_other_petition": "DO",
    "witness_not_qualified": "WQ",
    "witness_date_unreadable": "UW",
}


def title(result: dict[str, Any]) -> str:
    return _title(result["petition"])


def _title(p: dict[str, Any]) -> str:
    what = f"{p['party']} {p['kind']}" if p["party"] else p["kind"]
    article = "an" if what[0] in "AEIOUaeiou" else "a"
    unit = ", ".join(f"{k} {v}" for k, v in p["unit"].items())
    return f"Review of {article} {what} petition, {p['year']}{f' ({unit})' if unit else ''}"


def text(result: dict[str, Any]) -> str:
    out = io.StringIO()
    write_text(result["petition"], result["lines"], lambda: result, out)
    return out.getvalue()


def write_text(
    petition: dict[str, Any],
    lines: Iterable[dict[str, Any]],
    rest: Callable[[], dict[str, Any]],
    out: TextIO,
) -> None:
    """The review as text, each line written as it is ruled; ``rest`` gives the tally and
    notes once the lines are all written."""
    if petition.get("law"):  # the first line names the law the review is under
        out.write(f"Law: {petition['law']}\n")
    out.write(_title(petition) + "\n")
    for line in lines:
        head = f"  {sheet_named((line.get('volume', 1), line['sheet']))} line {line['line']}: "
        identity = line.get("identity")
        if line["valid"] and identity is not None:
            who = ", ".join(str(c["SBOEID"]) for c in line["candidates"])
            out.write(f"{head}valid, identity for a clerk ({who}) [§ {identity['cite']}] "
                      f"{identity['detail']}\n")  # fmt: skip
        elif line["valid"]:
            voter, match = line["voter"], line["match"]
            read = f"; § 6-134(10): {', '.join(match['differed'])}" if match["differed"] else ""
            out.write(f"{head}valid ({voter['SBOEID']}, score {match['score']}{read})\n")
        for why in line["reasons"]:
            # Words carried forward are marked here as in every other output.
            mark = ", text unverified" if why.get("text_unverified") else ""
            out.write(f"{head}{why['code']} [§ {why['cite']}{mark}] {why['detail']}\n")
    result = rest()
    t = result["tally"]
    blank = result.get("blank", {}).get("lines", 0)
    tail = [
        f"{t['valid']} valid{for_clerk(t)}, {t['invalid']} invalid, {required_count(t)}: "
        f"{verdict(t)}",
        *([f"{blank} blank line(s) skipped, neither valid nor invalid"] if blank else []),
        required_line(t["required_from"]),
        *result["notes"],
    ]
    out.write("\n".join(tail) + "\n")


def write_json(
    lines: Iterable[dict[str, Any]], rest: Callable[[], dict[str, Any]], out: BinaryIO
) -> None:
    """``{"lines": [...], **rest()}`` as ``dumps`` writes it (indented by two), each line
    written as it is ruled, so a million lines are never held at once."""
    for chunk in json_chunks(lines, rest):
        out.write(chunk)


def json_chunks(
    lines: Iterable[dict[str, Any]], rest: Callable[[], dict[str, Any]]
) -> Iterator[bytes]:
    """The bytes of ``write_json``, a line at a time (the API streams them)."""
    yield b'{\n  "lines": ['
    separator = b"\n    "
    for line in lines:
        yield separator + orjson.dumps(line, option=orjson.OPT_INDENT_2).replace(b"\n", b"\n    ")
        separator = b",\n    "
    yield b"]" if separator == b"\n    " else b"\n  ]"
    # The rest's keys follow the lines' at the same depth: its "{" becomes the comma.
    yield b"," + orjson.dumps(rest(), option=orjson.OPT_INDENT_2)[1:] + b"\n"


def for_clerk(counted: dict[str, Any]) -> str:
    """' (2 of them identity for a clerk)', or '' when no valid line's signer is unnamed."""
    n = counted.get("identity_for_clerk") or 0
    return f" ({n} of them identity for a clerk)" if n else ""


def verdict(tally: dict[str, Any]) -> str:
    """The tally's finding; none without a number required."""
    if tally["sufficient"] is None:
        return "sufficiency not ruled"
    return "prima facie sufficient" if tally["sufficient"] else "insufficient"


def required_count(tally: dict[str, Any]) -> str:
    """'100 required', or that no number was given."""
    number = tally["required"]
    return "no number required given" if number is None else f"{number} required"


def required_line(source: dict[str, Any]) -> str:
    """Where the number required came from, marked when it rests on a secondary source or on
    words that may not be those in force."""
    if source["number"] is None:
        return f"Required: no number; {source['note']}."
    if "cite" not in source:
        return f"Required: {source['number']:,}, {source['source']}."
    mark = f" [{source['evidence']}]" if source.get("secondary") else ""
    mark += " [text unverified]" if source.get("unverified") else ""
    return f"Required: {source['number']:,} under § {source['cite']}{mark}; {source['note']}."


_ENV.globals.update(verdict=verdict, required_count=required_count, for_clerk=for_clerk)


def template(name: str) -> Template:
    """One of the review's page templates, with the tally's wording."""
    return _ENV.get_template(name)


def worksheet(result: dict[str, Any]) -> str:
    return template("worksheet.html").render(
        r=result, title=title(result), required=required_line(result["tally"]["required_from"])
    )


def challenged(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The invalid lines grouped by volume and sheet (page), in that order, as § 6-154(3)(a)(i)
    sets them forth: "the volume number, page number, and line number"."""
    sheets: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for line in result["lines"]:
        if not line["valid"]:
            sheets.setdefault((line.get("volume", 1), line["sheet"]), []).append(line)
    return [
        {"volume": volume, "sheet": sheet, "lines": sheets[volume, sheet]}
        for volume, sheet in sorted(sheets)
    ]


def specifications_html(result: dict[str, Any]) -> str:
    sheets = challenged(result)
    p = result["petition"]
    used = {why["code"] for s in sheets for x in s["lines"] for why in x["reasons"]}
    return template("specifications.html").render(
        sheets=sheets,
        total=sum(len(s["lines"]) for s in sheets),
        tally=result["tally"],
        voter_file=result["voter_file"],
        kind=p["kind"],
        party=p["party"],
        year=p["year"],
        unit=", ".join(f"{k} {v}" for k, v in p["unit"].items()),
        symbols=SYMBOLS,
        notes=result["notes"],
        grounds=_grounds(result),
        used=used,
    )


def _grounds(result: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Each code's cite and words as the review gave them (the period's are the calendar's);
    a code no line used, as the grounds of the petition's kind in its year give it."""
    p = result["petition"]
    found = {code: {"cite": g.cite, "words": g.words, "unverified": g.unverified}
             for code, g in grounds_for(p["kind"], p["year"]).items()}  # fmt: skip
    for line in result["lines"]:
        for why in line["reasons"]:
            found[why["code"]] = {
                "cite": why["cite"],
                "words": why["words"],
                "unverified": why.get("text_unverified", ""),
            }
    return found
