"""An overlay sent to the API or a web page: at most ``MAX_UPLOAD`` bytes, validated exactly as
``nyballot law check`` validates a file of one's own, and always a what-if under its own title
and status.

It is named by what it says (its id and a digest of its bytes), so a calendar computed for one
upload is never mistaken for another's. Kept only when asked: then it is stored under a name
in a folder with a cap on count and size (``$NYBALLOT_OVERLAY_STORE``), and ``?with=NAME``
finds it later. One not kept is held by this process for the page that shows it, the oldest
let go past ``MAX_LOOSE``.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nyballot.errors import UsageError
from nyballot.files import KIB

MAX_UPLOAD = 64 * KIB  # the API's body limit: the largest shipped overlay is 50 KiB
MAX_KEPT = 50
MAX_KEPT_BYTES = 2048 * KIB
MAX_LOOSE = 16
STORE = "NYBALLOT_OVERLAY_STORE"
_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_lock = threading.Lock()
_loose: OrderedDict[str, Path] = OrderedDict()
_taken: set[str] = set()  # the ids of every upload brought in by this process


def is_upload(overlay_id: str) -> bool:
    """Whether an overlay is someone's upload (never offered in a page's list of bills)."""
    return overlay_id in _taken


class StoreFullError(UsageError):
    """The store of kept overlays holds as many as it may, or the name is taken (a kept name
    is never replaced: what was computed under it stays true)."""


@dataclass(frozen=True)
class Upload:
    """An overlay taken in: the id the calendar knows it by, its title and status, and the name
    it is kept under (None when not kept)."""

    id: str
    title: str
    status: str
    kept: str | None


def store() -> Path:
    default = Path(tempfile.gettempdir()) / "nyballot-overlays"
    return Path(os.environ.get(STORE) or default)


def _name(keep: str) -> str:
    from nyballot.law.loader import load_law

    name = keep.strip().lower()
    if not _NAME.fullmatch(name):
        raise UsageError(f"keep '{keep[:40]}': a name of 1-40 letters, digits and dashes")
    if name in {o.lower() for o in load_law().overlays}:
        raise UsageError(f"keep '{name}': the name of an overlay the package ships; choose another")
    if (store() / f"{name}.yaml").exists():
        raise StoreFullError(f"keep '{name}': a kept overlay has that name; choose another")
    return name


def _text(data: bytes) -> str:
    if len(data) > MAX_UPLOAD:
        raise UsageError(f"overlay: larger than {MAX_UPLOAD // KIB} KiB")
    if not data.strip():
        raise UsageError("overlay: empty; send the overlay's YAML")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"overlay: not UTF-8 text (byte {exc.start})") from None


def _named(text: str, label: str) -> tuple[str, str]:
    """The overlay's id of its bytes (``<its id or name>-<digest>``), and its YAML under it."""
    import yaml

    from nyballot.errors import LawDataError
    from nyballot.law.reading import read_yaml_text

    try:
        raw = read_yaml_text(text, "overlay")
    except LawDataError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise UsageError("overlay: not an overlay (expected a mapping with id, title, kind, ...)")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    stem = re.sub(r"[^A-Za-z0-9-]+", "-", label or raw["id"]).strip("-")[:40] or "upload"
    ident = f"{stem}-{digest}"
    rest = {k: v for k, v in raw.items() if k != "id"}
    return ident, yaml.safe_dump({"id": ident, **rest}, sort_keys=False, allow_unicode=True)


def validate(path: Path) -> Upload:
    """Bring the file in and check it as ``law check`` does; every fatal finding, one line."""
    from nyballot.bills.own import bring, full_check
    from nyballot.law.loader import load_law

    try:
        item = bring(str(path))
    except UsageError as exc:
        raise UsageError(str(exc).replace(str(path), "overlay")) from None
    fatal = [p.message.replace(str(path), "overlay") for p in full_check(item) if p.fatal]
    if fatal:
        _drop(path)
        raise UsageError("overlay: " + "; ".join(fatal)[:1000])
    o = load_law().overlays[item.id]
    _taken.add(item.id)
    return Upload(item.id, o.title, o.status, None)


def _drop(path: Path) -> None:
    from nyballot.bills import own
    from nyballot.law import loader

    for folder in own._FOLDER:
        (folder / path.name).unlink(missing_ok=True)
    loader.load_law.cache_clear()


def take(data: bytes, keep: str | None = None) -> Upload:
    """Take an upload in: validated, and kept under ``keep`` when given."""
    text = _text(data)
    name = _name(keep) if keep else None
    ident, named = _named(text, name or "")
    with _lock, tempfile.TemporaryDirectory(prefix="nyballot-upload-") as folder:
        path = Path(folder) / f"{ident}.yaml"
        path.write_text(named, encoding="utf-8")
        found = validate(path)
        if name is None:
            _hold(found.id, path.name)
            return found
        _keep(name, named)
    return Upload(found.id, found.title, found.status, name)


def _hold(ident: str, filename: str) -> None:
    from nyballot.bills import own

    _loose[ident] = Path(filename)
    _loose.move_to_end(ident)
    while len(_loose) > MAX_LOOSE:
        _, gone = _loose.popitem(last=False)
        _drop(own._folder() / gone)


def _keep(name: str, named: str) -> None:
    folder = store()
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{name}.yaml"
    others = [p for p in folder.glob("*.yaml") if p != target]
    size = sum(p.stat().st_size for p in others) + len(named.encode("utf-8"))
    if len(others) >= MAX_KEPT or size > MAX_KEPT_BYTES:
        raise StoreFullError(
            f"keep: the store of kept overlays is full ({len(others)} of {MAX_KEPT}, "
            f"{size // KIB} of {MAX_KEPT_BYTES // KIB} KiB); send it without keep"
        )
    partial = folder / f".{name}.yaml.part"
    partial.write_text(named, encoding="utf-8")
    partial.replace(target)  # whole or not at all


def resolve(names: Sequence[str]) -> tuple[str, ...]:
    """Each ``with`` value as the calendar knows it: a kept name is brought in as its id."""
    from nyballot.law.loader import load_law

    folder = store()
    found = []
    for name in names:
        path = folder / f"{name.strip().lower()}.yaml"
        known = name.strip() in load_law().overlays
        if not known and _NAME.fullmatch(name.strip().lower()) and path.is_file():
            with _lock:
                found.append(_brought(path))
        else:
            found.append(name)
    return tuple(found)


def _brought(path: Path) -> str:
    from nyballot.bills.own import bring, read_text_file
    from nyballot.law.loader import load_law

    text = read_text_file(path, MAX_UPLOAD, "kept overlays")
    ident = text.split("\n", 1)[0].removeprefix("id: ").strip()  # written first, by _named
    if ident not in load_law().overlays:
        ident = bring(str(path)).id
    _taken.add(ident)
    return ident
