"""The HTTP API (``nyballot.api.app``): the calendar, explain and holidays, and the filing desk."""

from nyballot.api.app import MAX_BODY, create_app
from nyballot.errors import UsageError

__all__ = ["MAX_BODY", "UsageError", "create_app"]
