"""Issue 40, point 3, "Imports tell": every answer about an imported board carries what its
import dropped or guessed (`import`), in Python as on the command line; `strict=True` refuses
such a board as the command line's `--strict` does."""

from __future__ import annotations

import json

import attackopt
from conftest import run

FORGE = "tests/forge/goblins-vs-propaganda.pzl"


def imported(binary: str, root) -> dict:
    out = run(binary, "import", "forge", str(root / FORGE))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cli_json(binary: str, *args: str) -> tuple[dict, int]:
    out = run(binary, *args, "--format", "json")
    return json.loads(out.stdout), out.returncode


def test_issue_40_every_answer_carries_the_import(binary, root, tmp_path):
    board = imported(binary, root)
    notes = board["import"]
    assert [s["card"] for s in notes["skipped"]] == ["Tarmogoyf", "Dark Confidant"]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    pos = attackopt.Position.from_json(board, name=str(path))
    decl = {"attacks": []}
    (tmp_path / "decl.json").write_text(json.dumps(decl))
    questions = [
        (lambda **o: pos.check(decl, **o), ["check", str(path), str(tmp_path / "decl.json")]),
        (lambda **o: pos.solve(**o), ["solve", str(path)]),
        (lambda **o: pos.enumerate(3, **o), ["enumerate", str(path), "--limit", "3"]),
    ]
    for ask, args in questions:
        answer = ask()
        assert answer["import"] == notes
        assert answer == cli_json(binary, *args)[0]
        assert answer.to_text().startswith("Imported from goblins-vs-propaganda.pzl (Forge) with 2 cards skipped")
        assert answer.to_text() == run(binary, *args).stdout
        # strict refuses it, as the command line's --strict does (exit 3).
        refused = ask(strict=True)
        expected, code = cli_json(binary, *args, "--strict")
        assert code == 3 and refused == expected
        assert refused["legal"] is None and refused["import"] == notes
    assert pos.validate()["import"] == notes
    assert pos.maximum()["import"] == notes


def test_issue_40_batch_answers_carry_the_import(binary, root, tmp_path):
    board = imported(binary, root)
    lines = [json.dumps({"id": c, "command": c, "board": board, "options": {"strict": c == "maximum"}}) for c in ("solve", "maximum", "validate")]
    text = "\n".join(lines) + "\n"
    path = tmp_path / "requests.jsonl"
    path.write_text(text)
    got = attackopt.batch(text, source=str(path))
    assert got == run(binary, "batch", "--quiet", str(path)).stdout.splitlines()
    answers = [json.loads(line) for line in got]
    assert [a["exit"] for a in answers] == [0, 3, 0]
    assert all(a["result"]["import"] == board["import"] for a in answers)
