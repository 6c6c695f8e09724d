"""An overlay file of one's own, named by its path wherever a bill's name is taken.

The file is read with a size limit, forced to a what-if (``enacted: false``, whatever it
says) and handed to the loader as a ``$NYBALLOT_EXTRA_OVERLAYS`` folder, so it is checked
exactly as the package's overlays are: schema, expressions, names, circles of rules, and its
sections against each other. A ``text:`` key names the bill text its quotations come from
(a path beside the file, or a shipped text such as ``bills/A9725.txt``).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nyballot.errors import LawDataError, NyballotError, UsageError
from nyballot.files import KIB, read_capped

MAX_OVERLAY = 512 * KIB
MAX_TEXT = 2048 * KIB


def is_path(name: str) -> bool:
    """A ``--with`` value is a file when it has a '/' or ends in .yaml or .yml."""
    return "/" in name or name.lower().endswith((".yaml", ".yml"))


def read_text_file(path: Path, limit: int, what: str) -> str:
    """A UTF-8 text file, at most ``limit`` bytes; anything else is a one-line UsageError."""
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    data = read_capped(path, limit, why=f"{what} are at most that")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def read_named_text(path: Path, limit: int, what: str) -> str:
    """A text file, or where no such file is, the shipped text of that key (as
    ``enacted/A6774-2023.txt``): the package's bills and sections read like one's own."""
    if not path.exists():
        from nyballot.law.texts import raw_text, shipped_texts

        if path.as_posix() in shipped_texts():
            return raw_text(path.as_posix())
    return read_text_file(path, limit, what)


@dataclass(frozen=True)
class Brought:
    """An overlay read from a path: its id, the file, and the bill text it quotes."""

    id: str
    path: Path
    text: str | None  # the bill's words, where ``text:`` names a file beside the overlay
    text_name: str | None  # the shipped text's key or the file's name
    todos: int = 0  # a drafted overlay's rules that await a reader's words


def _raw(path: Path) -> dict[str, Any]:
    from nyballot.law.reading import read_yaml_text

    text = read_text_file(path, MAX_OVERLAY, "overlay files")
    try:
        raw = read_yaml_text(text, str(path))
    except LawDataError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("id"), str):
        raise UsageError(f"{path}: not an overlay (expected a mapping with id, title, kind, ...)")
    ident = raw["id"].strip()
    if not ident or any(c in ident for c in "/\\") or ident.startswith("."):
        raise UsageError(f"{path}: id '{ident[:40]}' cannot name an overlay")
    return dict(raw)


def _bill_text(path: Path, raw: Mapping[str, Any]) -> tuple[str | None, str | None]:
    name = raw.get("text")
    if name is None:
        return None, None
    if not isinstance(name, str):
        raise UsageError(f"{path}: text: expected the path of the bill's text")
    for beside in (path.parent / name, Path(name)):
        if beside.is_file():
            return read_text_file(beside, MAX_TEXT, "bill texts"), beside.name
    from nyballot.law.texts import shipped_texts

    if name in shipped_texts():
        return None, name
    raise UsageError(f"{path}: text: {name}: no such file beside it, nor a shipped text")


_FOLDER: list[Path] = []


def _folder() -> Path:
    """This process's folder of brought overlays, removed when it ends."""
    if not _FOLDER:
        from nyballot.law import loader

        folder = Path(tempfile.mkdtemp(prefix="nyballot-with-"))
        atexit.register(shutil.rmtree, folder, True)
        _FOLDER.append(folder)
        loader.UNCACHED.add(folder)
    return _FOLDER[0]


def bring(name: str) -> Brought:
    """Read the overlay at ``name`` and put it among the law's overlays, as a what-if."""
    import yaml

    from nyballot.law import loader

    path = Path(name)
    raw = _raw(path)
    text, text_name = _bill_text(path, raw)
    raw.pop("text", None)
    todos = raw.pop("todo", None) or []
    if raw.get("enacted"):
        raw["status"] = f"{raw.get('status') or 'enacted'}; read from {path.name} as a what-if"
    raw["enacted"] = False
    if text_name and text is None and "source" not in raw:
        raw["source"] = text_name
    if text is not None:
        from nyballot.law.texts import bring_text

        bring_text(str(raw.get("source") or text_name), text)
    folder = _folder()
    (folder / f"{raw['id']}.yaml").write_text(yaml.safe_dump(raw, sort_keys=False), "utf-8")
    present = [f for f in os.environ.get(loader.EXTRA_OVERLAYS, "").split(os.pathsep) if f]
    if str(folder) not in present:
        os.environ[loader.EXTRA_OVERLAYS] = os.pathsep.join([*present, str(folder)])
    loader.load_law.cache_clear()
    try:
        loader.load_law()
    except NyballotError as exc:
        (folder / f"{raw['id']}.yaml").unlink()
        loader.load_law.cache_clear()
        message = str(exc).splitlines()[0].replace(f"law/data/overlays/{raw['id']}.yaml", name)
        raise UsageError(f"{name}: {message}" if name not in message else message) from None
    return Brought(raw["id"], path, text, text_name, len(todos))


_BROUGHT: dict[str, Brought] = {}


def resolve_with(names: Iterable[str]) -> tuple[str, ...]:
    """Each ``--with`` value as an overlay id: a path is brought in, a name kept as given."""
    found = []
    for name in names:
        if is_path(name):
            brought = bring(name)
            _BROUGHT[brought.id] = brought
            found.append(brought.id)
        else:
            found.append(name)
    return tuple(found)


def brought(overlay_id: str) -> Brought | None:
    return _BROUGHT.get(overlay_id)


def check_brought(item: Brought) -> list[Any]:
    """``law check PATH``: the package's checks, the quotations against the bill text the file
    names, and every rule an overlay in force also changes (which one prevails is a question)."""
    from nyballot.law.checks import Problem, check_overlay
    from nyballot.law.loader import load_law, overlay_years
    from nyballot.law.texts import quote_in, text_readings

    law = load_law()
    overlay = law.overlays[item.id]
    if item.text is None:
        found = check_overlay(law, overlay)
    else:
        found = [p for p in check_overlay(law, overlay) if "quot" not in p.message]
        texts = text_readings(item.text)
        quoted = [(f"{c.rule_id} ({c.label()})", c.law) for c in overlay.changes]
        quoted += [(p.id, p.law) for p in overlay.provisions]
        found += [
            Problem(f'{item.path} {label}: quotation not found in {item.text_name}: "{w[:80]}..."',
                    True)
            for label, words in quoted
            for w in words
            if not quote_in(texts, w)
        ]  # fmt: skip
    if item.todos:
        found.append(Problem(f"{item.path}: {item.todos} todo(s) await a reader's words", True))
    mine = {c.rule_id for c in overlay.changes}
    years = set(overlay_years(overlay, law))
    for other in law.overlays.values():
        if not other.enacted or not set(overlay_years(other, law)) & years:
            continue  # in force in none of the years this overlay governs
        shared = sorted(mine & {c.rule_id for c in other.changes})
        if shared:
            found.append(
                Problem(f"{item.id} and {other.id} (in force) both change {', '.join(shared)}",
                        False)
            )  # fmt: skip
    return found


def full_check(item: Brought) -> list[Any]:
    """Every finding of ``nyballot law check`` on a brought file, the types its provisions are
    read as included."""
    from nyballot.law.checks import check_types, provisions_of, read_as_types
    from nyballot.law.loader import load_law

    types = check_types(provisions_of(load_law(), item.id), read_as_types())
    return [*check_brought(item), *types]
