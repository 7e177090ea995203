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


def test_cards_as_the_command_line(binary, tmp_path, monkeypatch):
    """`cards=` is `--cards`: a Forge cardsfolder written here gives the board's cards their text,
    in `batch` (every request's default; `options.cards` a request's own) and in `Position`."""
    monkeypatch.setenv("ATTACKOPT_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "cardsfolder" / "i"
    folder.mkdir(parents=True)
    (folder / "ironclad_brute.txt").write_text(
        "Name:Ironclad Brute\nManaCost:4\nTypes:Artifact Creature Golem\nPT:5/3\nOracle:Ironclad Brute attacks each combat if able.\n"
    )
    cards = str(tmp_path / "cardsfolder")
    board = {"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
             "permanents": [{"id": "brute", "name": "Ironclad Brute", "controller": "A"}]}
    board_file = tmp_path / "board.json"
    board_file.write_text(json.dumps(board))
    text = "\n".join([
        json.dumps({"id": 1, "command": "validate", "board": str(board_file)}),
        json.dumps({"id": 2, "command": "validate", "board": board, "options": {"cards": cards}}),
    ]) + "\n"
    path = tmp_path / "requests.jsonl"
    path.write_text(text)
    expected = run(binary, "batch", "--quiet", "--cards", cards, str(path)).stdout.splitlines()
    assert attackopt.batch(text, source=str(path), cards=cards) == expected
    for line in expected:
        assert json.loads(line)["result"]["requirements"], line
    # Without a source the first request's brute has no text; the second names its own.
    plain = [json.loads(line) for line in attackopt.batch(text, source=str(path))]
    assert not plain[0]["result"]["requirements"] and plain[1]["result"]["requirements"]
    assert attackopt.Position.from_json(board, cards=cards).validate()["requirements"]
    assert attackopt.Position.from_file(str(board_file), cards=cards).validate()["requirements"]
    assert not attackopt.Position.from_json(board).validate()["requirements"]
    try:
        attackopt.Position.from_json(board, cards=str(tmp_path / "missing"))
        raise AssertionError("a missing card source is bad input")
    except attackopt.BadInput as e:
        assert "cannot read the card source" in str(e) and e.code == 2
