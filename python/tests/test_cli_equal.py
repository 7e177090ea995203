"""Every answer of the binding equals the command line's `--format json` output, on every model
board in models/ and every declaration in models/declarations/; errors carry the same messages."""

from __future__ import annotations

import json
import os

import pytest

import attackopt
from conftest import ROOT, run

MODELS = sorted(p.name for p in (ROOT / "models").glob("*.json"))


def declarations(model: str) -> list[str]:
    stem = model[: -len(".json")]
    found = sorted((ROOT / "models" / "declarations").glob(f"{stem}.*json"))
    return [f"models/declarations/{p.name}" for p in found if p.name == f"{stem}.json" or p.name.startswith(f"{stem}.")]


def cli_json(binary: str, *args: str) -> dict:
    out = run(binary, *args, "--format", "json")
    assert out.returncode in (0, 1, 3), out.stderr
    return json.loads(out.stdout)


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    # Board paths are relative to the repository's root, as the command line is run there.
    monkeypatch.chdir(ROOT)


def test_there_are_models():
    assert len(MODELS) >= 10
    assert sum(len(declarations(m)) for m in MODELS) >= 50


@pytest.mark.parametrize("model", MODELS)
def test_model_answers_equal_cli(binary, model):
    board = f"models/{model}"
    pos = attackopt.Position.from_file(board)
    assert pos.validate() == cli_json(binary, "validate", board)
    assert pos.solve() == cli_json(binary, "solve", board)
    # A board with combat is solved for a defender (docs/blocks.md), any other for the attacker.
    objective = "kills" if "combat" in json.loads((ROOT / board).read_text()) else "attackers"
    assert pos.solve(objective, baseline="free") == cli_json(binary, "solve", board, "--objective", objective, "--baseline", "free")
    assert pos.enumerate(5) == cli_json(binary, "enumerate", board, "--limit", "5")
    assert pos.enumerate(5, detail="summary") == cli_json(binary, "enumerate", board, "--limit", "5", "--detail", "summary")
    # A board read from text or as a dict answers as from its file.
    text = (ROOT / board).read_text()
    assert attackopt.Position.from_json(json.loads(text)).solve() == pos.solve()
    for decl in declarations(model):
        expected = cli_json(binary, "check", board, decl)
        got = pos.check((ROOT / decl).read_text(), name=decl)
        assert got == expected, decl
        assert pos.check(json.loads((ROOT / decl).read_text()), name=decl) == expected, decl


BAD_BOARDS = [
    '{"attackopt": 1, "players": 3}',
    '{"attackopt": 1, "active_player": "A", "players": [{"id": "A"}], "permanents": [{"id": "x", "controller": "Z", "types": ["Creature"]}]}',
    "{not json",
    "[]",
]


@pytest.mark.parametrize("text", BAD_BOARDS)
def test_bad_board_same_message_as_cli(binary, tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    out = run(binary, "validate", str(path), "--format", "json")
    assert out.returncode == 2
    error = json.loads(out.stdout)["error"]
    with pytest.raises(attackopt.BadInput) as caught:
        attackopt.Position.from_file(str(path))
    assert str(caught.value) == error["message"]
    assert caught.value.code == 2
    assert caught.value.path == error["path"]
    assert isinstance(caught.value, attackopt.AttackoptError)
    # From text with the file's name: the same message.
    with pytest.raises(attackopt.BadInput) as again:
        attackopt.Position.from_json(text, name=str(path))
    assert str(again.value) == error["message"]


def test_bad_declaration_same_message_as_cli(binary, tmp_path):
    decl = tmp_path / "d.json"
    decl.write_text('{"attacks": [{"creature": "nobody", "target": "B"}]}')
    board = "models/paid-vs-free.json"
    out = run(binary, "check", board, str(decl), "--format", "json")
    assert out.returncode == 2
    error = json.loads(out.stdout)["error"]
    pos = attackopt.Position.from_file(board)
    with pytest.raises(attackopt.BadInput) as caught:
        pos.check(decl.read_text(), name=str(decl))
    assert str(caught.value) == error["message"]
    assert caught.value.path == error["path"]


def test_options_refused():
    pos = attackopt.Position.from_file("models/paid-vs-free.json")
    with pytest.raises(attackopt.BadInput, match=r"^time_limit: expected a non-negative number of seconds, found -1$"):
        pos.solve(time_limit=-1)
    with pytest.raises(attackopt.BadInput, match="baseline"):
        pos.solve(baseline="cheap")
    with pytest.raises(attackopt.BadInput, match="method"):
        pos.enumerate(method="guess")
    with pytest.raises(attackopt.BadInput, match="^detail: "):
        pos.enumerate(detail="short")
    with pytest.raises(attackopt.BadInput, match="^objective: "):
        pos.solve("damage:nobody")
    with pytest.raises(attackopt.BadInput, match="expected an object"):
        attackopt.Position.from_json(3)
    with pytest.raises(attackopt.BadInput, match="found object"):
        attackopt.Position.from_json(object())
    with pytest.raises(attackopt.BadInput):
        attackopt.Position.from_json({"x": float("nan")})


def test_time_limit_zero_raises_with_the_undecided_object(binary):
    board = "models/commander-eight-player.json"
    out = run(binary, "solve", board, "--time-limit", "0", "--format", "json")
    pos = attackopt.Position.from_file(board)
    if out.returncode == 3 and "declaration" not in json.loads(out.stdout):
        with pytest.raises(attackopt.TimeLimit) as caught:
            pos.solve(time_limit=0)
        assert caught.value.code == 3
        assert caught.value.result == json.loads(out.stdout)
    else:
        # The command line answered at once: so does the binding, with the same answer.
        assert pos.solve(time_limit=0) == json.loads(out.stdout)


def test_unknown_declaration_field_warns():
    pos = attackopt.Position.from_file("models/paid-vs-free.json")
    with pytest.warns(UserWarning, match="unknown field"):
        pos.check({"attacks": [], "atacks": []})


def test_no_limit_accepted():
    pos = attackopt.Position.from_file("models/paid-vs-free.json")
    assert pos.solve(time_limit=None)["optimal"] is True
    assert os.path.exists("models")
