"""Settings for the whole suite.

Property tests run under one of two hypothesis profiles:

- ``ci`` (chosen when ``CI=true``, as ``.ci/run`` runs): derandomized, so every run explores the
  same examples and a green suite stays green; no example database.
- ``dev`` (elsewhere): random exploration, to find new failures. Every failure ever found is
  kept as an explicit ``@example`` beside its test, so the CI profile checks it too.

``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly. Neither profile has a per-example
deadline: property tests judge answers, not speed (speed is measured in benchmarks/).
"""

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from nyballot.cli import main

settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.register_profile("dev", deadline=None)
_default = "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default))

# Text output fits the terminal (nyballot.cli.terminal). The tests that compare printed lines
# read them at a wide terminal, whatever the terminal running the suite; the wrapping itself, at
# 80 and at 200 columns, is tests/test_terminal_width.py's, which sets COLUMNS for each case.
os.environ["COLUMNS"] = "200"


@pytest.fixture
def run_cli(capsysbinary: pytest.CaptureFixture[bytes]) -> Callable[..., tuple[int, str, str]]:
    """Run the command line in-process: (exit code, stdout, stderr). Output is read as UTF-8;
    bytes that are not (a latin-1 voter file) survive as surrogates: ``.encode("utf-8",
    "surrogateescape")`` gives them back."""

    def invoke(*args: str) -> tuple[int, str, str]:
        code = 0
        try:
            main(list(args))
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsysbinary.readouterr()
        return code, out.decode("utf-8", "surrogateescape"), err.decode()

    return invoke


Shell = Callable[..., "subprocess.CompletedProcess[str]"]  # the shell fixture


@pytest.fixture
def shell(tmp_path: Path) -> Shell:
    """Run a documented shell block under ``bash -e`` as a reader would: ``nyballot`` on the
    PATH, temporary files under the test's folder, no ``NYBALLOT_`` setting of the suite's own
    (``extra`` adds settings); in ``cwd``, the test's folder by default."""

    def run(script: str, cwd: Path | None = None, **extra: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("NYBALLOT_")}
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        env["TMPDIR"] = str(tmp_path)
        env.update(extra)
        return subprocess.run(
            ["bash", "-e", "-c", script], cwd=cwd or tmp_path, env=env, capture_output=True,
            text=True, timeout=300,
        )  # fmt: skip

    return run
