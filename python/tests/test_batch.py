"""`attackopt.batch` answers JSON Lines exactly as `attackopt batch` does, byte for byte."""

from __future__ import annotations

import json

import attackopt
from conftest import ROOT, run


def requests() -> str:
    board = json.loads((ROOT / "models" / "paid-vs-free.json").read_text())
    lines = [
        json.dumps({"id": 1, "command": "solve", "board": "models/paid-vs-free.json"}),
        "",
        json.dumps({"id": "two", "command": "check", "board": board, "declaration": "models/declarations/paid-vs-free.tapped.json"}),
        json.dumps({"command": "enumerate", "board": "models/archenemy.json", "limit": 3, "options": {"baseline": "free"}}),
        json.dumps({"command": "maximum", "board": "models/commander-eight-player.json", "colour": 1}),
        json.dumps({"command": "validate", "board": board}),
        json.dumps({"command": "solve", "board": board, "objective": "damage:nobody"}),
        json.dumps({"command": "check", "board": {"attackopt": 1, "players": 3}}),
        "{not json",
        "[1, 2]",
        json.dumps({"command": "solve", "board": "models/no-such-board.json"}),
        json.dumps({"command": "solve", "board": board, "options": {"time_limit": -1}}),
        "   ",
    ]
    return "\n".join(lines) + "\n"


def test_batch_equals_cli(binary, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = requests()
    path = tmp_path / "requests.jsonl"
    path.write_text(text)
    expected = run(binary, "batch", "--quiet", str(path)).stdout.splitlines()
    assert len(expected) == 11
    assert attackopt.batch(text, source=str(path)) == expected
    # Lines as read from the file (with their newlines): the same answers.
    with open(path) as f:
        assert attackopt.batch(f, source=str(path)) == expected
    # Standard input names its lines <stdin>.
    assert attackopt.batch(text) == run(binary, "batch", "--quiet", "-", stdin=text).stdout.splitlines()


def test_batch_parts_keep_their_line_numbers(binary, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    text = requests()
    whole = attackopt.batch(text, source="r.jsonl")
    lines = text.splitlines()
    parts = attackopt.batch(lines[:5], source="r.jsonl") + attackopt.batch("\n".join(lines[5:]), source="r.jsonl", first_line=6)
    assert parts == whole


def test_batch_refuses_non_text():
    try:
        attackopt.batch(["{}", 3])
    except attackopt.BadInput as e:
        assert "requests[1]" in str(e)
    else:
        raise AssertionError("a list holding a number was accepted")
