"""Issue 38: a board with `combat` asks for a declaration of blockers (CR 509.1); Python's
`check` and `enumerate` answer it as the command line does (one request layer)."""

from __future__ import annotations

import json

import pytest

import attackopt
from conftest import run

BOARD = {
    "attackopt": 1,
    "active_player": "A",
    "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "brute", "name": "Test brute", "controller": "A", "types": ["Creature", "Token"], "power": 4, "keywords": ["Menace"]},
        {"id": "spire", "name": "Test spire", "controller": "B", "types": ["Creature", "Token"], "power": 2},
        {"id": "bears", "name": "Test bears", "controller": "B", "types": ["Creature", "Token"], "power": 2},
    ],
    "effects": [{"kind": "blocks_if_able", "creatures": ["spire"], "source": "Test"}],
    "combat": {"attacks": [{"creature": "brute", "target": "B"}]},
}


def blocks(*pairs: tuple[str, str]) -> dict:
    return {"blocks": [{"blocker": b, "attacker": a} for b, a in pairs]}


def test_cr_702_111b_check_blocks_equals_the_command_line(binary, tmp_path):
    pos = attackopt.Position.from_json(BOARD)
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BOARD))
    for decl, legal in [(blocks(("spire", "brute"), ("bears", "brute")), True), (blocks(("spire", "brute")), False), (blocks(), False)]:
        result = pos.check(decl)
        assert result["legal"] is legal, result
        (tmp_path / "decl.json").write_text(json.dumps(decl))
        out = run(binary, "check", str(board), str(tmp_path / "decl.json"), "--format", "json")
        cli = json.loads(out.stdout)
        assert cli["legal"] == result["legal"] and cli["violations"] == result["violations"], (cli, result)
    # A menace blocked by one creature breaks a restriction (CR 702.111b).
    assert pos.check(blocks(("spire", "brute")))["violations"][0]["kind"] == "restriction"


def test_cr_509_1c_enumerate_blocks_lists_the_legal_declarations():
    pos = attackopt.Position.from_json(BOARD)
    found = pos.enumerate()
    assert found["complete"] is True
    assert [d["declaration"] for d in found["declarations"]] == [blocks(("spire", "brute"), ("bears", "brute"))]


def test_a_declaration_of_attackers_on_a_board_with_combat_is_bad_input():
    pos = attackopt.Position.from_json(BOARD)
    with pytest.raises(attackopt.BadInput) as e:
        pos.check({"attacks": []})
    assert "blocks" in str(e.value)


def test_cr_510_1_solve_blocks_prevents_the_most_damage_by_default():
    pos = attackopt.Position.from_json(BOARD)
    best = pos.solve()
    assert best["declaration"] == blocks(("spire", "brute"), ("bears", "brute")), best
    assert pos.solve("none")["declaration"] == best["declaration"]
    with pytest.raises(attackopt.BadInput):
        pos.solve("power")
