"""Shared fixtures: the repository's root and the `attackopt` binary the answers are compared with."""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def binary() -> str:
    # The binary `cargo test --release` (or python/ci.sh) builds; ATTACKOPT_BIN overrides.
    path = os.environ.get("ATTACKOPT_BIN", str(ROOT / "target" / "release" / "attackopt"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path}: no attackopt binary (run `cargo build --release` or set ATTACKOPT_BIN)")
    return path


def run(binary: str, *args: str, cwd: pathlib.Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([binary, *args], cwd=cwd, capture_output=True, text=True, input=stdin, timeout=600)
