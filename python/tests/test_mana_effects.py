"""Issue 35, done when: a card that changes mana answers in Python as on the command line, by
name and by its Oracle text. Two Forests pay Propaganda for two bears only under Mana
Reflection (CR 106.12b, 508.1h); validate shows the doubled mana per source."""

from __future__ import annotations

import json

import pytest

import attackopt
from conftest import run

REFLECTION = {
    "name": {"id": "mr", "name": "Mana Reflection", "controller": "A"},
    "text": {
        "id": "mr",
        "name": "Mana Reflection",
        "controller": "A",
        "type_line": "Enchantment",
        "oracle_text": "If you tap a permanent for mana, it produces twice as much of that mana instead.",
    },
}


def board(card: dict | None) -> dict:
    perms = [
        {"id": "b1", "name": "Grizzly Bears", "controller": "A"},
        {"id": "b2", "name": "Grizzly Bears", "controller": "A"},
        {"id": "f1", "name": "Forest", "controller": "A"},
        {"id": "f2", "name": "Forest", "controller": "A"},
        {"id": "pr", "name": "Propaganda", "controller": "B"},
    ]
    return {"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": perms + ([card] if card else [])}


DECL = {"attacks": [{"creature": "b1", "target": "B"}, {"creature": "b2", "target": "B"}]}


@pytest.mark.parametrize("how", sorted(REFLECTION))
def test_mana_reflection_pays_for_two_as_on_the_command_line(binary, tmp_path, how):
    b = board(REFLECTION[how])
    (tmp_path / "board.json").write_text(json.dumps(b))
    (tmp_path / "decl.json").write_text(json.dumps(DECL))
    pos = attackopt.Position.from_json(b)
    answer = pos.check(DECL)
    assert answer["legal"] is True
    assert [e["mana"] for e in answer["declaration"]["payment"]] == ["{G}{G}", "{G}{G}"]
    cli = run(binary, "check", str(tmp_path / "board.json"), str(tmp_path / "decl.json"), "--format", "json")
    assert answer == json.loads(cli.stdout)
    sources = pos.validate()["mana_sources"]
    assert [s["modified_by"] for s in sources] == [["Mana Reflection (mr)"], ["Mana Reflection (mr)"]]
    assert pos.solve(objective="attackers")["objective"] == 2


def test_without_reflection_two_forests_pay_for_one():
    pos = attackopt.Position.from_json(board(None))
    assert pos.check(DECL)["legal"] is False
    assert pos.solve(objective="attackers")["objective"] == 1
