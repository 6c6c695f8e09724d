"""Errors of the filing desk (the API maps them to 404, 409, 401, 403 and 503)."""

from __future__ import annotations

from nyballot.errors import NyballotError


class ConflictError(NyballotError):
    """The request conflicts with what is recorded (e.g. an idempotency key reused)."""


class NotFoundError(NyballotError):
    """A filing named by uid does not exist."""


class AuthError(NyballotError):
    """No valid token was given."""


class ForbiddenError(NyballotError):
    """The token is valid but its role may not do this."""


class StorageError(NyballotError):
    """The database could not be reached or could not store the filing (nothing was recorded)."""
