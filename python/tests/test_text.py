"""Issue 40, point 6: every answer of the binding has `to_text()`, the words the command line
prints with `--format text`, on every model board and declaration; the answer stays the dict the
command line prints with `--format json` and survives pickling (dask's fan-out sends it)."""

from __future__ import annotations

import pickle

import pytest

import attackopt
from conftest import ROOT, run
from test_cli_equal import MODELS, declarations


def cli_text(binary: str, *args: str) -> str:
    out = run(binary, *args, "--format", "text")
    assert out.returncode in (0, 1, 3), out.stderr
    return out.stdout


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("model", MODELS)
def test_to_text_is_the_command_lines_text(binary, model):
    board = f"models/{model}"
    pos = attackopt.Position.from_file(board)
    assert pos.validate().to_text() == cli_text(binary, "validate", board)
    assert pos.solve().to_text() == cli_text(binary, "solve", board)
    assert pos.enumerate(5).to_text() == cli_text(binary, "enumerate", board, "--limit", "5")
    for decl in declarations(model)[:3]:
        got = pos.check((ROOT / decl).read_text(), name=decl)
        assert isinstance(got, attackopt.Answer) and isinstance(got, dict)
        assert got.to_text() == cli_text(binary, "check", board, decl), decl


def test_an_answer_pickles_whole():
    pos = attackopt.Position.from_file(str(ROOT / "models" / "paid-vs-free.json"))
    answer = pos.solve()
    back = pickle.loads(pickle.dumps(answer))
    assert back == answer and back.to_text() == answer.to_text() and isinstance(back, attackopt.Answer)
