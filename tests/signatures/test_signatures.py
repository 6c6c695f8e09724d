import pytest
from click.testing import CliRunner

from nyballot.cli import cli
from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.bills import choose_law
from nyballot.law.texts import quote_found
from nyballot.signatures import Inputs, signatures, table


def _quotes() -> list[tuple[str, str]]:
    data = table()
    found: list[tuple[str, str]] = []
    nominating = data["nominating"]
    key = nominating["text"]
    for rule in [nominating["statewide"], nominating["percent"], nominating["larger"]]:
        found.append((key, rule["law"]))
    found += [(key, cap["law"]) for cap in nominating["caps"]]
    presidential = data["presidential"]
    for kind in ("president", "uncommitted", "delegate"):
        for rule in presidential[kind]:
            found.append((presidential["text"], rule["law"]))
            if "enrolment_note" in rule:
                found.append((presidential["text"], rule["enrolment_note"]))
    return found


@pytest.mark.parametrize("quote", _quotes(), ids=lambda q: q[1][:40])
def test_every_quote_is_in_the_shipped_bill(quote: tuple[str, str]) -> None:
    assert quote_found(*quote)


def test_both_presidential_sections_are_shown_without_section() -> None:
    reqs = signatures("president", choose_law(None, ["S5961"]), Inputs(enrolled=80000))
    assert [r.cite for r in reqs] == ["2-122-a(3)", "2-122-b(3)(c)"]
    assert [r.number for r in reqs] == [5000, 4000]


def test_the_petition_named_follows_the_law() -> None:
    old = signatures("state-senator", choose_law(None), Inputs(votes_for_governor=1000))
    new = signatures("state-senator", choose_law(None, ["S5305A"]), Inputs(votes_for_governor=1000))
    assert old[0].petition == "independent nominating petition"
    assert new[0].petition.startswith("nominating petition")


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (("mayr", None, None, Inputs()), UsageError, "did you mean nyc-mayor"),
        (("member-of-assembly", None, None, Inputs()), UsageError, "votes_for_governor"),
        (("member-of-assembly", "senate", None, Inputs(1)), UsageError, "not a state senate"),
        (("local-office", None, None, Inputs(1)), UsageError, "district is required"),
        (("governor", None, "current", Inputs()), OutOfCoverageError, "law version pre-2019"),
        (("president", None, None, Inputs()), OutOfCoverageError, "bill S5961"),
        (("member-of-assembly", None, None, Inputs(-5)), UsageError, "must not be negative"),
        (("member-of-assembly", None, None, Inputs(0)), UsageError, "votes_for_governor 0:"),
        (("local-office", "other", None, Inputs(10, larger_requirement=0)), UsageError, "0:"),
        (("national-convention-delegate", None, "S5961", Inputs(enrolled=0)), UsageError, "0:"),
    ],
)
def test_bad_requests_say_what_is_wrong(
    args: tuple[str, str | None, str | None, Inputs], error: type[Exception], message: str
) -> None:
    office, district, law, inputs = args
    choice = choose_law(None, [law]) if law == "S5961" else choose_law(law)
    with pytest.raises(error, match=message.replace("(", r"\(")):
        signatures(office, choice, inputs, district=district)


@pytest.mark.parametrize(
    ("office", "district", "cite"),
    [
        ("member-of-assembly", None, "6-142(2)(g)"),
        ("city-council-member", None, "6-142(2)(d-1)"),
        ("local-office", "county-outside-nyc", "6-142(2)(a)"),
        ("lipa-trustee", "other", "6-142(2)(h)"),
    ],
)
def test_the_larger_subdivision_yields_where_a_paragraph_provides(
    office: str, district: str | None, cite: str
) -> None:
    # § 6-142(2)(i) applies "except as herein otherwise provided": a unit with a paragraph of
    # its own, (a) to (h), keeps that paragraph's number, whatever the larger subdivision needs.
    inputs = Inputs(votes_for_governor=100, larger_requirement=1)
    req = signatures(office, choose_law(None), inputs, district=district)[0]
    assert req.number == 5 and req.cite == "6-142(2)"  # 5% of 100, under every cap
    assert any("(i) does not apply" in s.text and cite in s.text for s in req.steps)
    assert "larger_requirement" not in req.inputs
    assert req.notes[-1] == "larger_requirement 1 was given but not used."


def test_one_signature_is_singular() -> None:
    out = CliRunner().invoke(
        cli,
        ["signatures", "--office", "local-office", "--district", "other",
         "--votes-for-governor", "1"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "independent nominating petition: 1 signature   [" in out.output
    assert "5% of 1 vote for governor = 0.05" in out.output


def test_cli_text_names_the_inputs() -> None:
    out = CliRunner().invoke(
        cli, ["signatures", "--office", "member-of-assembly", "--votes-for-governor", "41234"]
    )
    assert out.exit_code == 0, out.output
    assert "1,500 signatures" in out.output
    assert "votes for governor = 41,234" in out.output
