"""The API takes an overlay of one's own as the request's body: the calendar, one date's
derivation and the comparison, each a what-if under the overlay's own title and status; checked
as ``nyballot law check`` checks a file; kept under a name only when asked."""

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from nyballot.api import calendar, create_app
from nyballot.bills import uploaded

SHIPPED = resources.files("nyballot.law").joinpath("data/overlays/A9725.yaml")
YAML = {"content-type": "application/yaml"}


def _mine(days: int = 20) -> bytes:
    """A.9725 with its notice of intent opening ``days`` (not thirty) before signing."""
    text = SHIPPED.read_text("utf-8").replace("id: A9725", "id: MY-NOTICE", 1)
    text = text.replace("title: Notice of intent", "title: My notice of intent", 1)
    signing = "days before designating_petition.signing.opens"
    return text.replace(f"opens: 30 {signing}", f"opens: {days} {signing}").encode()


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv(uploaded.STORE, str(tmp_path / "kept"))
    calendar._answers.clear()  # a store of its own: no answer kept from another test's
    with TestClient(create_app(f"sqlite:///{tmp_path / 'desk.sqlite3'}", rate=0)) as c:
        yield c


def _opens(data: dict[str, object], rule: str) -> str:
    deadlines = data["deadlines"]
    assert isinstance(deadlines, list)
    return str(next(d["opens"] for d in deadlines if d["id"] == rule))


def test_post_calendar_is_a_what_if_under_its_own_title(client: TestClient) -> None:
    # Twenty days before the first day to sign, not thirty (A.9725 § 5): ten days later.
    mine = client.post("/calendar/2027", content=_mine(), headers=YAML)
    assert mine.status_code == 200, mine.text
    shipped = client.get("/calendar/2027", params={"with": "A9725"}).json()
    data = mine.json()
    import datetime as dt

    a, b = _opens(data, "notice_of_intent.filing"), _opens(shipped, "notice_of_intent.filing")
    assert (dt.date.fromisoformat(a) - dt.date.fromisoformat(b)).days == 10
    assert data["uploaded"]["title"].startswith("My notice of intent")
    assert data["uploaded"]["kept"] is None and data["uploaded"]["what_if"] is True
    assert data["what_if"] and any("never enacted" in r for r in data["what_if_reasons"])


def test_post_explain_and_compare(client: TestClient) -> None:
    one = client.post("/explain/2027/notice_of_intent.filing", content=_mine(), headers=YAML)
    assert one.status_code == 200, one.text
    assert one.json()["uploaded"]["id"].startswith("MY-NOTICE-")
    both = client.post("/compare/2027", content=_mine(), headers=YAML)
    assert both.status_code == 200, both.text
    added = {r["id"] for r in both.json()["changes"] if r["status"] == "added"}
    assert "notice_of_intent.filing" in added


def test_a_form_upload_kept_is_named_later(client: TestClient) -> None:
    sent = client.post("/calendar/2027", files={"overlay": ("mine.yaml", _mine())},
                       data={"keep": "my-notice"})  # fmt: skip
    assert sent.status_code == 200, sent.text
    assert sent.json()["uploaded"]["kept"] == "my-notice"
    later = client.get("/calendar/2027", params={"with": "my-notice"})
    assert later.status_code == 200, later.text
    assert _opens(later.json(), "notice_of_intent.filing") == _opens(
        sent.json(), "notice_of_intent.filing")  # fmt: skip
    again = client.post("/calendar/2027", params={"keep": "my-notice"}, content=_mine(25),
                        headers=YAML)  # fmt: skip
    assert again.status_code == 409 and "has that name" in again.json()["error"]


def test_unkept_is_not_found_by_name(client: TestClient) -> None:
    assert client.post("/calendar/2027", content=_mine(), headers=YAML).status_code == 200
    later = client.get("/calendar/2027", params={"with": "my-notice"})
    assert later.status_code == 400 and "error" in later.json()


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"id: [unclosed\n", "not valid YAML"),
        (b"- a\n- b\n", "not an overlay"),
        ("id: caf\u00e9\n".encode("latin-1"), "not UTF-8"),
        (b"", "empty"),
        (_mine().replace(b"opens: 20 days before designating_petition.signing.opens",
                         b"opens: 20 days before event.nope"), "unknown event 'nope'"),
        (_mine().replace(b"NO EARLIER THAN THIRTY DAYS", b"NO EARLIER THAN TWENTY DAYS"),
         "quotation"),
    ],
)  # fmt: skip
def test_an_invalid_overlay_is_a_4xx_naming_what_is_wrong(
    client: TestClient, body: bytes, said: str
) -> None:
    answer = client.post("/calendar/2027", content=body, headers=YAML)
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert said in error and "\n" not in error and "/tmp" not in error


def test_over_the_size_limit_is_refused(client: TestClient) -> None:
    big = _mine() + b"#" * (uploaded.MAX_UPLOAD + 1)
    answer = client.post("/calendar/2027", content=big, headers=YAML)
    assert answer.status_code == 413 and "error" in answer.json()


def test_the_store_is_capped(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(uploaded, "MAX_KEPT", 1)
    first = client.post("/calendar/2027", params={"keep": "one"}, content=_mine(), headers=YAML)
    assert first.status_code == 200, first.text
    second = client.post("/calendar/2027", params={"keep": "two"}, content=_mine(21),
                         headers=YAML)  # fmt: skip
    assert second.status_code == 409 and "full" in second.json()["error"]
    assert not (uploaded.store() / "two.yaml").exists()  # nothing half-written
