import pytest
from click.testing import CliRunner

from nyballot.cli import cli
from nyballot.errors import OutOfCoverageError, UsageError
from nyballot.law.bills import choose_law
from nyballot.law.loader import load_law
from nyballot.law.texts import quote_found
from nyballot.signatures import Inputs, signatures


def _quotes() -> list[tuple[str, str]]:
    """The words of every presidential-primary number S.5961's data declares."""
    bill = load_law().overlays["S5961"]
    found = [
        ("bills/S5961.txt", words)
        for item in bill.provisions
        if item.id.startswith("signatures.presidential.")
        for words in item.law
    ]
    assert len(found) == 8  # (3), (3)(c) twice, § 14, (4), (6)(c) twice, its enrolment
    return found


@pytest.mark.parametrize("quote", _quotes(), ids=lambda q: q[1][:40])
def test_every_quote_is_in_the_shipped_bill(quote: tuple[str, str]) -> None:
    assert quote_found(*quote)


def test_both_presidential_sections_are_shown_without_section() -> None:
    reqs = signatures("president", choose_law(None, ["S5961"]), Inputs(enrolled=80000))
    assert [r.cite for r in reqs] == ["2-122-a(3)", "2-122-b(3)(c)"]
    assert [r.number for r in reqs] == [5000, 4000]


def test_the_petition_named_follows_the_law() -> None:
    inputs = Inputs(votes_for_governor=1000)
    old = signatures("state-senator", choose_law(None), inputs, petition="independent")
    new = signatures("state-senator", choose_law(None, ["S5305A"]), inputs)
    assert old[0].petition == "independent nominating petition"
    assert new[0].petition.startswith("nominating petition")


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (("mayr", None, None, Inputs()), UsageError, "did you mean nyc-mayor"),
        (("member-of-assembly", None, None, Inputs()), UsageError, "enrolled: required"),
        (("member-of-assembly", "senate", None, Inputs(1)), UsageError, "filled by the voters"),
        (("local-office", None, None, Inputs(1)), UsageError, "unit: name the political unit"),
        (("president", None, None, Inputs()), OutOfCoverageError, "bill S5961"),
        (("member-of-assembly", None, None, Inputs(enrolled=-5)), UsageError, "must not be"),
        (("member-of-assembly", None, None, Inputs(enrolled=0)), UsageError, "enrolled: 0"),
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


def test_one_signature_is_singular() -> None:
    out = CliRunner().invoke(
        cli,
        ["signatures", "--office", "local-office", "--district", "county-outside-nyc",
         "--petition", "independent", "--votes-for-governor", "1"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "independent nominating petition: 1 signature   [" in out.output
    assert "5% of 1 vote for governor = 0.05" in out.output


def test_cli_text_names_the_inputs() -> None:
    out = CliRunner().invoke(
        cli, ["signatures", "--office", "member-of-assembly", "--law", "pre-2019",
              "--petition", "independent", "--votes-for-governor", "41234"]
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "1,500 signatures" in out.output
    assert "votes for governor = 41,234" in out.output


def test_a_section_the_bill_does_not_give_is_refused() -> None:
    with pytest.raises(UsageError, match="only under 2-122-a, 2-122-b"):
        signatures("president", choose_law(None, ["S5961"]), Inputs(), section="2-122-c")
    with pytest.raises(UsageError, match=r"only under 2-122-a$"):
        signatures("uncommitted", choose_law(None, ["S5961"]), Inputs(), section="2-122-b")


def test_the_uncommitted_space_meets_the_presidents_requirement_in_two_steps() -> None:
    (req,) = signatures("uncommitted", choose_law(None, ["S5961"]), Inputs())
    # § 2-122-a(4): "meets the same requirements as a petition designating a candidate for the
    # office of president"; § 2-122-a(3): "not less than five thousand": 5,000.
    assert (req.number, req.cite) == (5000, "2-122-a(4)")
    assert [s.cite for s in req.steps] == ["2-122-a(4)", "2-122-a(3)"]
    assert "FIVE THOUSAND" in req.steps[1].law


def test_the_bills_notes_are_given_where_they_apply() -> None:
    bill = choose_law(None, ["S5961"])
    (delegate,) = signatures("national-convention-delegate", bill, Inputs(enrolled=150000))
    # § 2-122-a(6)(c): "computed using the official April first, two thousand fifteen
    # enrollments"; 0.5% of 150,000 = 750 > 500: 500.
    assert delegate.number == 500
    assert any("April 1, 2015" in n and "TWO THOUSAND FIFTEEN" in n for n in delegate.notes)
    both = signatures("president", bill, Inputs(enrolled=80000))
    # S.5961 § 14: the state committee "shall select either section fifteen or section
    # sixteen": both are shown, and the note says so; naming one leaves the note out.
    assert any("section fifteen" in n for n in both[0].notes)
    (one,) = signatures("president", bill, Inputs(enrolled=80000), section="2-122-b")
    assert not any("section fifteen" in n for n in one.notes)
