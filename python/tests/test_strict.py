"""Issue 34, point 4: `strict=True` refuses a board with anything attackopt would have to assume
(a card text it does not read, a card it does not know), returning the command line's undecided
object (its `--strict` answer, exit 3); without it every answer lists the `assumptions`."""

from __future__ import annotations

import json

import pytest

import attackopt
from conftest import run

OKK = "Okk can't attack unless you tap an untapped creature you control not declared as an attacking creature."

BOARDS = {
    "unread_text": {
        "attackopt": 1,
        "active_player": "A",
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": "okk", "name": "Okk", "controller": "A", "types": ["Creature"], "power": 4, "oracle_text": OKK},
            {"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2},
        ],
    },
    "unknown_card": {
        "attackopt": 1,
        "active_player": "A",
        "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": "bear", "name": "Grizzly Bears", "controller": "A", "types": ["Creature"], "power": 2},
            {"id": "prop", "name": "Propoganda", "controller": "B", "types": ["Enchantment"]},
        ],
    },
}


def cli_json(binary: str, *args: str) -> tuple[dict, int]:
    out = run(binary, *args, "--format", "json")
    return json.loads(out.stdout), out.returncode


@pytest.mark.parametrize("kind", sorted(BOARDS))
def test_strict_refuses_and_equals_the_command_line(binary, tmp_path, kind):
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BOARDS[kind]))
    decl = {"attacks": []}
    (tmp_path / "decl.json").write_text(json.dumps(decl))
    pos = attackopt.Position.from_json(BOARDS[kind])
    [assumption] = pos.assumptions
    assert assumption["kind"] == kind
    questions = [
        (lambda **o: pos.check(decl, **o), ["check", str(board), str(tmp_path / "decl.json")]),
        (lambda **o: pos.solve(**o), ["solve", str(board)]),
        (lambda **o: pos.enumerate(5, detail="summary", **o), ["enumerate", str(board), "--limit", "5", "--detail", "summary"]),
    ]
    for ask, args in questions:
        refused = ask(strict=True)
        expected, code = cli_json(binary, *args, "--strict")
        assert code == 3
        assert refused == expected
        assert refused["legal"] is None and refused["proof"] == "none"
        assert refused["assumptions"] == [assumption]
        assert refused["message"].startswith("this board has 1 thing attackopt would have to assume")
        # Without strict: answered as the command line answers, the assumption listed.
        answered = ask()
        assert answered == cli_json(binary, *args)[0]
        assert answered["assumptions"] == [assumption]
    refused = pos.maximum(strict=True)
    assert refused["legal"] is None and refused["assumptions"] == [assumption]
    assert pos.maximum()["assumptions"] == [assumption]
    # validate answers whatever strict says, and lists what it would refuse.
    assert pos.validate()["assumptions"] == [assumption]


def test_strict_changes_nothing_without_assumptions(monkeypatch, root):
    monkeypatch.chdir(root)
    pos = attackopt.Position.from_file("models/paid-vs-free.json")
    assert pos.assumptions == []
    assert pos.solve(strict=True) == pos.solve()
    assert pos.solve()["assumptions"] == []


def test_strict_in_batch_equals_the_command_line(binary, tmp_path):
    lines = [
        json.dumps({"id": s, "command": c, "board": BOARDS["unread_text"], "options": {"strict": s}})
        for s in (True, False)
        for c in ("solve", "maximum", "validate")
    ]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "requests.jsonl"
    path.write_text(text)
    expected = run(binary, "batch", "--quiet", str(path)).stdout.splitlines()
    got = attackopt.batch(text, source=str(path))
    assert got == expected
    exits = [json.loads(line)["exit"] for line in got]
    assert exits == [3, 3, 0, 0, 0, 0]


def test_a_time_limit_lists_the_boards_assumptions():
    pos = attackopt.Position.from_json(BOARDS["unread_text"])
    # With no time at all the answer is usually the undecided object, raised as TimeLimit;
    # whichever it is, it lists the assumption, as the command line's does.
    try:
        answer = pos.solve(time_limit=0)
    except attackopt.TimeLimit as e:
        answer = e.result
    assert answer["assumptions"] == pos.assumptions
