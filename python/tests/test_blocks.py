"""Issue 38: a board with `combat` asks for a declaration of blockers (CR 509.1); Python's
`check` and `enumerate` answer it as the command line does (one request layer)."""

from __future__ import annotations

import json

import pytest

import attackopt
from conftest import ROOT, run

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


# A cost to block that enables a requirement (CR 509.1c-d): paying nothing obeys 0; the costly
# creature (reach) and the free one (blocks each combat if able) blocking the menace attacker
# together, paying {1} from the land, obey 1.
COSTLY = {
    "attackopt": 1,
    "active_player": "A",
    "players": [{"id": "A"}, {"id": "B"}],
    "permanents": [
        {"id": "m", "name": "Test m", "controller": "A", "types": ["Creature", "Token"], "power": 2, "keywords": ["Menace"]},
        {"id": "y", "name": "Test y", "controller": "A", "types": ["Creature", "Token"], "power": 2, "keywords": ["Flying"]},
        {"id": "costly", "name": "Test costly", "controller": "B", "types": ["Creature", "Token"], "power": 2, "keywords": ["Reach"]},
        {"id": "free", "name": "Test free", "controller": "B", "types": ["Creature", "Token"], "power": 2},
        {"id": "w1", "name": "Test Land w1", "controller": "B", "types": ["Land"], "mana": [{"add": "{W}"}]},
    ],
    "effects": [
        {"kind": "block_cost", "creatures": ["costly"], "cost": "{1}", "source": "Test Tax {1}"},
        {"kind": "blocks_if_able", "creatures": ["free"], "source": "Test Provocation"},
    ],
    "combat": {"attacks": [{"creature": "m", "target": "B"}, {"creature": "y", "target": "B"}]},
}


def cli_json(binary, tmp_path, *args: str) -> tuple[dict, int]:
    board = tmp_path / "costly.json"
    board.write_text(json.dumps(COSTLY))
    out = run(binary, args[0], str(board), *args[1:], "--format", "json")
    return json.loads(out.stdout), out.returncode


def test_cr_509_1c_maximum_on_a_combat_board_equals_the_command_line(binary, tmp_path):
    pos = attackopt.Position.from_json(COSTLY)
    paid = pos.maximum()
    assert (paid["requirements_max_free"], paid["requirements_max"], paid["baseline"]) == (0, 1, "paid"), paid
    assert paid["witness"] == {"blocks": []}
    assert paid["witness_max"]["payment"] == [{"permanent": "w1", "mana": "{W}"}], paid
    assert pos.check(paid["witness_max"])["legal"] is True
    assert paid == cli_json(binary, tmp_path, "maximum")[0]
    free = pos.maximum(baseline="free", method="exhaustive")
    assert (free["requirements_max"], free["proof"]) == (0, "exhaustive"), free
    assert free == cli_json(binary, tmp_path, "maximum", "--baseline", "free", "--exhaustive")[0]
    text = " ".join(paid.to_text().split())
    assert "at most 0 paying no cost to block (CR 509.1c)" in text and "paid by: tap Test Land w1 (w1) for {W}" in text, text
    # The time limit: undecided, raised as for attacks.
    with pytest.raises(attackopt.TimeLimit) as e:
        pos.maximum(time_limit=0)
    assert e.value.result["proof"] == "none"


def test_cr_510_1_solve_blocks_objectives_and_baselines_equal_the_command_line(binary, tmp_path):
    pos = attackopt.Position.from_json(COSTLY)
    for objective, flags in [(None, []), ("kills", []), ("losses", ["--baseline", "free"]), ("none", ["--exhaustive"])]:
        baseline = "free" if "free" in flags else "paid"
        method = "exhaustive" if "--exhaustive" in flags else "ilp"
        best = pos.solve(objective, baseline=baseline, method=method)
        assert best["legal"] is True and best["optimal"] is True, best
        args = ["solve"] + (["--objective", objective] if objective else []) + flags
        assert best == cli_json(binary, tmp_path, *args)[0], args
    # Most damage prevented: 2 (one attacker blocked; the costly creature can block one only).
    assert pos.solve()["objective"] == 2


def test_cr_509_1c_enumerate_blocks_summary_lists_each_declaration_alone(binary, tmp_path):
    pos = attackopt.Position.from_json(COSTLY)
    summary = pos.enumerate(detail="summary")
    assert summary == cli_json(binary, tmp_path, "enumerate", "--detail", "summary")[0]
    paid = {"blocks": [{"blocker": "costly", "attacker": "m"}, {"blocker": "free", "attacker": "m"}], "payment": [{"permanent": "w1", "mana": "{W}"}]}
    assert summary["declarations"] == [{"blocks": []}, paid], summary
    full = pos.enumerate()
    assert [r["declaration"] for r in full["declarations"]] == summary["declarations"]


def test_cr_509_1c_batch_maximum_on_a_combat_board_equals_the_command_line(binary):
    lines = [json.dumps({"id": b, "command": "maximum", "board": COSTLY, "options": {"baseline": b}}) for b in ("paid", "free")]
    answers = [json.loads(line) for line in attackopt.batch(lines)]
    out = run(binary, "batch", "-", "--quiet", stdin="\n".join(lines) + "\n")
    assert answers == [json.loads(line) for line in out.stdout.splitlines()]
    assert [(a["exit"], a["result"]["requirements_max"]) for a in answers] == [(0, 1), (0, 0)], answers


def test_cr_509_1_check_takes_the_one_line_form_as_the_command_line(binary, tmp_path):
    """Issue 38: `check("wall=jugg")` is `--block wall=jugg` on a board with combat, `check("jugg=B")`
    `--attack jugg=B` on one without, `"none"` either's empty declaration (it raised "not valid
    JSON"); a bad one raises BadInput with the command line's JSON path."""
    pos = attackopt.Position.from_json(BOARD)
    assert pos.check("spire=brute, bears=brute") == pos.check(blocks(("spire", "brute"), ("bears", "brute")))
    assert pos.check("none") == pos.check(blocks())
    board = tmp_path / "board.json"
    board.write_text(json.dumps(BOARD))
    cli = json.loads(run(binary, "check", str(board), "--block", "spire=brute", "--format", "json").stdout)
    assert dict(pos.check("spire=brute")) == cli
    for line, path in [("zzz=brute", "blocks[0].blocker"), ("spire", "blocks[0]"), ("spire=brute, bears=zzz", "blocks[1].attacker")]:
        with pytest.raises(attackopt.BadInput) as e:
            pos.check(line)
        out = run(binary, "check", str(board), "--block", line.replace(" ", ""), "--format", "json")
        assert (e.value.code, e.value.path) == (2, path) == (out.returncode, json.loads(out.stdout)["error"]["path"]), (str(e.value), out.stdout)
    # On an attack board, attacks typed as --attack types them.
    pvf = str(ROOT / "models" / "paid-vs-free.json")
    attack = attackopt.Position.from_file(pvf)
    cli = json.loads(run(binary, "check", pvf, "--attack", "serpent=B", "--format", "json").stdout)
    assert dict(attack.check("serpent=B")) == cli
    assert attack.check("none") == attack.check({"attacks": []})
    with pytest.raises(attackopt.BadInput) as e:
        attack.check("wall=bears")
    assert e.value.path == "attacks[0].creature", str(e.value)
