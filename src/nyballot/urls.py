"""Database URLs as SQLAlchemy reads them: shown without their password."""

from __future__ import annotations

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError


def shown(url: str) -> str:
    """A URL as it may be printed: any password hidden."""
    try:
        text = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        text = url
    # the driver name is this program's choice, not the user's: show the URL as given
    return text.replace("postgresql+psycopg://", "postgresql://", 1)
