"""Issue 36, R12: a Python value that is no JSON (a dict holding NaN or an object, bytes, a str
with a lone surrogate) raises `BadInput` carrying `code` (2) and `path` like every other bad
input: `e.code` raised AttributeError, and a lone surrogate a bare UnicodeEncodeError."""

from __future__ import annotations

import pytest

import attackopt

BOARD = {"attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}], "permanents": []}


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ({"attackopt": 1, "players": [float("nan")]}, "players[0]"),
        ({"attackopt": 1, "players": [{"id": float("inf")}]}, "players[0].id"),
        ({"a": object()}, "a"),
        (b"{}", None),
        ('{"a": "\ud800"}', None),
    ],
)
def test_a_value_json_cannot_hold_is_bad_input_with_code_and_path(value, path):
    with pytest.raises(attackopt.BadInput) as caught:
        attackopt.Position.from_json(value, name="b.json")
    e = caught.value
    assert isinstance(e, attackopt.AttackoptError)
    assert (e.code, e.path) == (2, path)
    assert str(e).startswith("b.json: ")
    if path is not None:
        assert str(e).startswith(f"b.json: at {path}: ")


def test_declarations_and_batch_lines_too():
    pos = attackopt.Position.from_json(BOARD)
    with pytest.raises(attackopt.BadInput) as caught:
        pos.check({"attacks": [{"creature": float("nan"), "target": "B"}]}, name="d.json")
    assert (caught.value.code, caught.value.path) == (2, "attacks[0].creature")
    with pytest.raises(attackopt.BadInput) as caught:
        pos.check('{"attacks": "\ud800"}', name="d.json")
    assert (caught.value.code, caught.value.path) == (2, None)
    for requests in ("\ud800", ["{}", "\ud800"], ["{}", 3]):
        with pytest.raises(attackopt.BadInput) as caught:
            attackopt.batch(requests)
        assert (caught.value.code, caught.value.path) == (2, None)
        assert str(caught.value).startswith("requests")
