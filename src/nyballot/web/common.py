"""What the pages share with the API: reading a calendar request from a query
(``nyballot.api.query``; the pages may use the API's modules, never the reverse)."""

from nyballot.api.query import MAX_NAME, choose, parse_year

__all__ = ["MAX_NAME", "choose", "parse_year"]
