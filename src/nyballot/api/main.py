"""The application uvicorn imports (``nyballot.api.main:app``), on $NYBALLOT_DATABASE_URL."""

from __future__ import annotations

from nyballot.api import create_app

app = create_app()
