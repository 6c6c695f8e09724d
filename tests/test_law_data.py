"""The law data: quotations against the shipped texts, shipped texts against the originals,
and the errors a bad rule file gets when the law is loaded."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest
import yaml

from nyballot.errors import (
    ExpressionSyntaxError,
    LawDataError,
    RuleCycleError,
    UnknownNameError,
)
from nyballot.law import loader
from nyballot.law.loader import build_rule, check_rules, load_law
from nyballot.law.model import Rule
from nyballot.law.texts import quote_found, raw_text, readings, shipped_texts

DATA = Path(str(resources.files("nyballot.law").joinpath("data")))
REPO = Path(__file__).resolve().parents[1]


def _all_rules() -> list[Rule]:
    law = load_law()
    rules = [r for v in law.versions.values() for r in v.rules.values()]
    for overlay in law.overlays.values():
        # every change, including the section that loses a conflict: its words are quoted too
        rules += [c.rule for c in overlay.changes if c.rule is not None]
    return rules


def _quotes() -> list[object]:
    return [
        pytest.param(rule, n, words, id=f"{rule.origin}:{rule.id}:{n}")
        for rule in _all_rules()
        for n, words in enumerate(rule.law)
    ]


@pytest.mark.parametrize(("rule", "n", "words"), _quotes())
def test_quoted_words_occur_in_the_text_named_as_their_source(
    rule: Rule, n: int, words: str
) -> None:
    assert rule.source is not None, f"{rule.id} quotes words but names no source"
    assert quote_found(rule.source, words), f"{rule.id} ({rule.cite}): not in {rule.source}"


def test_every_rule_quotes_the_law_or_says_the_text_was_not_found() -> None:
    for rule in _all_rules():
        assert rule.law or rule.unverified, rule.id
        if rule.source is not None:
            assert rule.source in shipped_texts(), f"{rule.id}: {rule.source} is not shipped"


def test_a_misquotation_is_not_found() -> None:
    # The check above must be able to fail: one changed word is enough.
    assert quote_found("pre2019/6-158.txt", "not later than the ninth Thursday preceding")
    assert not quote_found("pre2019/6-158.txt", "not later than the tenth Thursday preceding")


def test_old_law_reading_of_a_bill_keeps_the_full_stop_before_the_next_section() -> None:
    # A.9725: "... may be [signed] FILED.\n  S 3. Section 6-116 ...": the law as it stood
    # ended "may be signed." (the words town_caucus quotes for § 6-108(1)).
    old = readings("bills/A9725.txt")[1]
    assert (
        "the first day on which designating petitions for the fall primary election may be "
        "signed. S 3." in old
    )


def _shared_law() -> Path | None:
    for candidate in (REPO.parent / "shared" / "law", REPO.parent.parent / "shared" / "law"):
        if (candidate / "README.md").is_file():
            return candidate
    return None


def _manifest() -> dict[str, str | None]:
    manifest: dict[str, str | None] = yaml.safe_load((DATA / "texts" / "MANIFEST.yaml").read_text())
    return manifest


def test_every_shipped_text_is_in_the_manifest() -> None:
    assert sorted(_manifest()) == shipped_texts()


@pytest.mark.parametrize(("key", "original"), sorted(_manifest().items()))
def test_shipped_text_equals_the_original(key: str, original: str | None) -> None:
    shared = _shared_law()
    if shared is None:
        pytest.skip("the shared law folder is not next to this checkout")
    if original == "package-only":  # found for the package: it must say where it was read
        assert raw_text(key).startswith("Source: "), key
        return
    assert raw_text(key) == (shared / original).read_text(encoding="utf-8")


# -- errors at load time -------------------------------------------------------------------

ORIGIN = "law/data/versions/pre2019/6-158.yaml"


def _rule(rule_id: str, cite: str, closes: str, origin: str = ORIGIN) -> Rule:
    raw = {"id": rule_id, "cite": cite, "title": "A test rule", "law": "words", "closes": closes}
    return build_rule(raw, origin, {"source": "pre2019/6-158.txt"})


def test_a_malformed_expression_names_file_rule_cite_and_points_at_the_word() -> None:
    with pytest.raises(ExpressionSyntaxError) as caught:
        _rule("designating_petition.filing", "6-158(1)", "9th Thursday befor primary")
    message = str(caught.value)
    first = message.splitlines()[0]
    assert first.startswith(f"{ORIGIN} designating_petition.filing (6-158(1)): ")
    assert '"9th Thursday befor primary"' in first
    echoed, caret = message.splitlines()[1:3]
    assert caret.strip() == "^"
    assert echoed[caret.index("^") :].startswith("befor primary")


def test_an_impossible_day_names_file_rule_and_cite() -> None:
    with pytest.raises(
        ExpressionSyntaxError, match=r"6-158\.yaml x\.y \(6-158\(14\)\).*February 30"
    ):
        _rule("x.y", "6-158(14)", "February 30")


def test_an_unknown_date_names_file_rule_cite_and_the_name() -> None:
    rule = _rule("designation.acceptance_declination", "6-158(2)", "4 days after no.such.closes")
    with pytest.raises(UnknownNameError) as caught:
        check_rules({rule.id: rule}, load_law().events, " in pre-2019")
    message = str(caught.value)
    assert message.startswith(f"{ORIGIN} designation.acceptance_declination (6-158(2)): ")
    assert "unknown date 'no.such.closes'" in message


def test_an_unknown_event_is_named_with_a_suggestion() -> None:
    rule = _rule("designation.vacancy_after_death", "6-158(3)", "10 days after event.deth")
    with pytest.raises(UnknownNameError, match=r"\(6-158\(3\)\): unknown event 'deth'.*death"):
        check_rules({rule.id: rule}, load_law().events, "")


def test_a_circle_of_rules_is_rejected_with_its_path() -> None:
    a = _rule("a.first", "6-158(2)", "4 days after b.second.closes")
    b = _rule("b.second", "6-158(3)", "4 days after a.first.closes", origin="other.yaml")
    with pytest.raises(RuleCycleError) as caught:
        check_rules({a.id: a, b.id: b}, load_law().events, " in pre-2019")
    message = str(caught.value)
    assert message.startswith(f"{ORIGIN} a.first (6-158(2)): ")
    assert "a.first.closes -> b.second.closes -> a.first.closes" in message


def test_a_rule_that_names_its_own_day_is_a_circle() -> None:
    rule = _rule("a.self", "6-158(4)", "earlier of (September 20, 1 day after a.self.closes)")
    with pytest.raises(RuleCycleError, match=r"a\.self \(6-158\(4\)\)"):
        check_rules({rule.id: rule}, load_law().events, "")


def test_an_unknown_key_is_named() -> None:
    raw = {"id": "x.y", "cite": "6-158(1)", "title": "T", "law": "w", "closes": "primary"}
    with pytest.raises(LawDataError, match=r"f\.yaml x\.y \(6-158\(1\)\): unknown key\(s\) clsoes"):
        build_rule({**raw, "clsoes": "primary"}, "f.yaml", {"source": "s"})


# A whole law data folder with one bad file, loaded the way the package loads its own.


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    monkeypatch.setattr(loader, "_data_root", lambda: copy)
    return copy


def _append_rule(path: Path, rule: dict[str, str]) -> None:
    data = yaml.safe_load(path.read_text())
    data["rules"].append(rule)
    path.write_text(yaml.safe_dump(data, sort_keys=False))


def _load_copy() -> None:
    loader.load_law.__wrapped__()  # bypass the cache: the package's own law stays loaded


def test_the_unchanged_copy_loads(data_copy: Path) -> None:
    _load_copy()


BAD_RULES = [
    pytest.param(
        "4 days after designating_petition.filng.closes",
        UnknownNameError,
        "unknown date 'designating_petition.filng.closes' (did you mean",
        id="unknown name",
    ),
    pytest.param(
        "4 days after bad.rule.closes",
        RuleCycleError,
        "in a circle: bad.rule.closes ->",
        id="cycle",
    ),
    pytest.param(
        "4 dayz after primary",
        ExpressionSyntaxError,
        'cannot read "4 dayz after primary"',
        id="syntax",
    ),
]


@pytest.mark.parametrize(("closes", "error", "problem"), BAD_RULES)
def test_a_bad_rule_file_fails_to_load_naming_file_rule_cite_and_problem(
    data_copy: Path, closes: str, error: type[Exception], problem: str
) -> None:
    path = data_copy / "versions" / "current" / "6-158.yaml"
    rule = {"id": "bad.rule", "cite": "6-158(99)", "title": "Bad", "law": "x", "closes": closes}
    _append_rule(path, rule)
    with pytest.raises(error) as caught:
        _load_copy()
    message = str(caught.value)
    assert message.startswith("law/data/versions/current/6-158.yaml bad.rule (6-158(99)): ")
    assert problem in message
    if error is ExpressionSyntaxError:
        echoed, caret = message.splitlines()[1:3]
        start = echoed.index("dayz")
        assert start <= caret.index("^") < start + len("dayz")


def test_a_change_names_its_section_without_the_section_sign() -> None:
    # Derivations write "§ " before the section of the act ("replaced by L2023-ch120 § 2"): a
    # section stored with its own sign would print "§ § 2".
    for overlay in load_law().overlays.values():
        for change in overlay.changes:
            assert not change.section.startswith("§"), (overlay.id, change.section)
