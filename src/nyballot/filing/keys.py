"""The board's signing key: every record the desk writes is signed with it (Ed25519).

The hash chain shows that nothing was rewritten after a digest was kept; it cannot show who
wrote a record, since anyone who can write to the database can compute a correct hash. The
signature can: it is made with a private key kept outside the database (a file, or an
environment variable holding the key), which a person who can only write to the database does
not have. The public key is published with the digests; ``verify`` checks every signed record
against it. Ed25519 (from ``cryptography``): small keys and signatures, deterministic, fast.

A key is given as a path to a PEM file (``nyballot desk signing-key --new FILE`` makes one), or as
``env:NAME``, the name of an environment variable that holds the PEM text.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from sqlalchemy import Connection, select

from nyballot.errors import UsageError
from nyballot.filing.schema import keys as keys_table

ENV_KEY = "NYBALLOT_SIGNING_KEY"  # where the board's key is: a file, or env:NAME
MAX_KEY_FILE = 4096  # a PEM Ed25519 key is 119 bytes
_RAW = serialization.Encoding.Raw, serialization.PublicFormat.Raw


def key_id(public_hex: str) -> str:
    """A short name for a public key: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]


@dataclass(frozen=True)
class BoardKey:
    """The board's private key, with its public half's hex and id."""

    private: Ed25519PrivateKey
    public_hex: str
    id: str

    @classmethod
    def of(cls, private: Ed25519PrivateKey) -> BoardKey:
        public = private.public_key().public_bytes(*_RAW).hex()
        return cls(private, public, key_id(public))

    def sign(self, digest: str) -> str:
        """The signature (hex) of a record's hash."""
        return self.private.sign(digest.encode()).hex()


def signed_by(public_hex: str, digest: str, signature: str) -> bool:
    """Whether ``signature`` is the key's signature of ``digest``."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex)).verify(
            bytes.fromhex(signature), digest.encode()
        )
    except (InvalidSignature, ValueError):
        return False
    return True


def public_key(text: str, what: str = "public_key") -> str:
    """A public key as given (64 hex digits), checked."""
    value = text.strip().lower()
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(value))
    except ValueError:
        raise UsageError(
            f"{what} '{text[:70]}': expected the 64 hexadecimal digits of the board's public key",
            fields=(what,),
        ) from None
    return value


def new_key(path: Path) -> BoardKey:
    """Make a key and write it to ``path``, a new file only its owner may read."""
    if path.exists():
        raise UsageError(f"{path}: already exists; a key is never overwritten")
    if not path.parent.is_dir():
        raise UsageError(f"{path}: folder {path.parent} does not exist")
    private = Ed25519PrivateKey.generate()
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    return BoardKey.of(private)


def load_key(source: str) -> BoardKey:
    """The key at ``source``: a PEM file, or ``env:NAME`` (a variable holding the PEM)."""
    where = source.strip()
    named = f"signing_key '{where[:200]}'"
    if where.startswith("env:"):
        name = where[4:]
        text = os.environ.get(name)
        if not text:
            raise _bad(named, f"the environment variable {name} is not set")
        pem = text.encode()
    else:
        path = Path(where).expanduser()
        if not path.is_file():
            raise _bad(named, "no such file (nyballot desk signing-key makes one)")
        with path.open("rb") as f:
            pem = f.read(MAX_KEY_FILE + 1)
        if len(pem) > MAX_KEY_FILE:
            raise _bad(named, f"larger than {MAX_KEY_FILE} bytes; not a key")
    try:
        private = serialization.load_pem_private_key(pem, password=None)
    except (ValueError, TypeError):
        raise _bad(named, "not an unencrypted PEM private key") from None
    if not isinstance(private, Ed25519PrivateKey):
        raise _bad(named, "not an Ed25519 key")
    return BoardKey.of(private)


def _bad(named: str, problem: str) -> UsageError:
    return UsageError(f"{named}: {problem}", fields=("signing_key",))


def key_from_env() -> BoardKey | None:
    """The key $NYBALLOT_SIGNING_KEY names, if it is set."""
    source = os.environ.get(ENV_KEY)
    return load_key(source) if source else None


def stored(conn: Connection) -> dict[str, str]:
    """The public keys the book has been signed with, by id (as stored: a person who can
    write to the database can add one, so a check that counts sees the published key)."""
    rows = conn.execute(select(keys_table.c.key_id, keys_table.c.public_key)).all()
    return {r[0]: r[1] for r in rows}


def published(conn: Connection) -> list[dict[str, str]]:
    """The public keys as the book publishes them, with the day each was first used."""
    query = select(keys_table).order_by(keys_table.c.first_used)
    # Plain str names: SQLAlchemy's own (a str subclass) are refused as keys by orjson.
    return [{str(k): v for k, v in r.items()} for r in conn.execute(query).mappings()]
