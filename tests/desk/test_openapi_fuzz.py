"""A bounded schemathesis run over the OpenAPI document: no input gives a 5xx.

Writes are sent with a clerk's token, so they reach the desk itself (not only the 401 gate).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from nyballot.api import create_app
from nyballot.filing.desk import Desk
from nyballot.filing.store import dispose_all

# The schema is loaded at import, so the app and its database are made here (a temp folder).
_folder = tempfile.mkdtemp(prefix="nyballot-fuzz-")
_url = f"sqlite:///{Path(_folder) / 'fuzz.sqlite3'}"
_token = Desk(_url).create_token("Fuzz Clerk", "clerk")
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(_url))


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_errors(case: schemathesis.Case) -> None:
    headers = {"Authorization": f"Bearer {_token}"}
    response = case.call(headers=headers)
    case.validate_response(response, checks=[not_a_server_error])


def teardown_module() -> None:
    dispose_all()
    shutil.rmtree(_folder, ignore_errors=True)
