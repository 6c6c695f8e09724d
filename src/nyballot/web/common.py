"""What the pages share with the API: reading a calendar request from a query
(``nyballot.api.query``; the pages may use the API's modules, never the reverse); and what a
form sent, to show it again with what was wrong."""

from fastapi import Request

from nyballot.api.query import MAX_NAME, choose, parse_year

TYPED_MAX = 200  # characters of a field shown again


def typed_in(request: Request, **more: str) -> dict[str, str]:
    """The fields of a GET form as they were sent (the last of a repeated one; ``event`` as
    ``NAME=DATE`` becomes the form's ``event.NAME``), and ``more``, for the form again."""
    typed = {k: v[:TYPED_MAX] for k, v in request.query_params.items()}
    for value in request.query_params.getlist("event"):
        name, _, day = value.partition("=")
        typed[f"event.{name[:TYPED_MAX]}"] = day[:TYPED_MAX]
    return typed | {k: v[:TYPED_MAX] for k, v in more.items()}


__all__ = ["MAX_NAME", "choose", "parse_year", "typed_in"]
