"""The calendar, explain and compare pages take an uploaded overlay: the page under it, a
what-if; an overlay that fails the checks gives the form again with the error and the name
typed."""

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.bills import uploaded
from nyballot.web import create_app

SHIPPED = resources.files("nyballot.law").joinpath("data/overlays/A9725.yaml")


def _mine() -> bytes:
    text = SHIPPED.read_text("utf-8").replace("id: A9725", "id: MY-NOTICE", 1)
    return text.replace("title: Notice of intent", "title: My notice of intent", 1).encode()


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv(uploaded.STORE, str(tmp_path / "kept"))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'site.sqlite3'}", rate=0)) as c:
        yield c


def test_the_calendar_page_under_an_upload(client: TestClient) -> None:
    sent = client.post("/web/calendar/2027/overlay", files={"overlay": ("mine.yaml", _mine())},
                       follow_redirects=False)  # fmt: skip
    assert sent.status_code == 303
    target = sent.headers["location"]
    assert re.fullmatch(r"/web/calendar/2027\?with=MY-NOTICE-[0-9a-f]{12}", target)
    page = client.get(target)
    assert page.status_code == 200
    assert "What-if, not the law" in page.text and "My notice of intent" in page.text
    assert 'data-rule="notice_of_intent.filing"' in page.text


def test_kept_under_a_name_the_address_names_it(client: TestClient) -> None:
    sent = client.post("/web/explain/2027/notice_of_intent.filing/overlay?law=current",
                       files={"overlay": ("mine.yaml", _mine())}, data={"keep": "mine"},
                       follow_redirects=False)  # fmt: skip
    assert (
        sent.headers["location"]
        == "/web/explain/2027/notice_of_intent.filing?law=current&with=mine"
    )
    assert client.get(sent.headers["location"]).status_code == 200
    files = {"overlay": ("mine.yaml", _mine())}
    compared = client.post("/web/compare/overlay", data={"overlay_year": "2027"}, files=files,
                           follow_redirects=False)  # fmt: skip
    assert compared.status_code == 303
    assert compared.headers["location"].startswith("/web/compare/2027?with=MY-NOTICE-")


def test_a_bad_upload_gives_the_form_again_with_the_error(client: TestClient) -> None:
    bad = _mine().replace(b"opens: 30 days before designating_petition.signing.opens",
                          b"opens: 30 days before event.nope")  # fmt: skip
    page = client.post("/web/calendar/2027/overlay", files={"overlay": ("bad.yaml", bad)},
                       data={"keep": "my-try"})  # fmt: skip
    assert page.status_code == 400
    assert 'id="upload-error"' in page.text and "unknown event &#39;nope&#39;" in page.text
    assert 'value="my-try"' in page.text  # the name typed, kept
    assert "New York political calendar, 2027" in page.text  # the page it was sent from
    assert not (uploaded.store() / "my-try.yaml").exists()
    form = client.post("/web/compare/overlay", data={"overlay_year": "2027", "keep": "x y"},
                       files={"overlay": ("mine.yaml", _mine())})  # fmt: skip
    assert form.status_code == 400 and "keep &#39;x y&#39;" in form.text
    assert "Compare two laws" in form.text
