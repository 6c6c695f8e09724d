"""Each test brings its overlay files afresh: none stays among the law's for the next test."""

from collections.abc import Iterator

import pytest

from nyballot.bills import own
from nyballot.law import loader


@pytest.fixture(autouse=True)
def _fresh_law(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(loader.EXTRA_OVERLAYS, "")
    loader.load_law.cache_clear()
    yield
    for folder in own._FOLDER:
        for path in folder.glob("*.yaml"):
            path.unlink()
    own._BROUGHT.clear()
    loader.load_law.cache_clear()
