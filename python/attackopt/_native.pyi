# Type stubs of the native module (python/src/lib.rs). Results are the command line's JSON as
# Python objects: their shapes are documented in docs/format.md and `attackopt schema result`.
from typing import Any, Iterable

class Answer(dict[str, Any]):
    """The command line's JSON as a dict (equal to it), and its --format text words."""

    def to_text(self) -> str: ...

__version__: str

class AttackoptError(Exception):
    """Any failure of attackopt."""

    code: int
    """The command line's exit status: 2 bad input, 3 time limit, 70 internal error."""
    path: str | None
    """The JSON path in the input, when there is one."""

class BadInput(AttackoptError):
    """Bad input or options (exit status 2)."""

class TimeLimit(AttackoptError):
    """No answer within the time limit (exit status 3)."""

    result: dict[str, Any]
    """The command line's undecided object: {"proof": "none", "legal": None, "message": ..., "assumptions": [...]}."""

class InternalError(AttackoptError):
    """A bug in attackopt (exit status 70)."""

class Position:
    """A board read and expanded, ready for questions; immutable and safe to share between threads."""

    @staticmethod
    def from_json(board: str | dict[str, Any], name: str = "board", *, cards: str | None = None) -> Position: ...
    @staticmethod
    def from_file(path: str, *, cards: str | None = None) -> Position: ...
    @property
    def warnings(self) -> list[dict[str, Any]]: ...
    @property
    def assumptions(self) -> list[dict[str, Any]]:
        """What answers on this board assume (each {kind, path, permanent, card, clause, needs}), as every answer's `assumptions`."""
    # strict=True: on a board with any assumption, the answer is the undecided object
    # {"proof": "none", "legal": None, "message": ..., "assumptions": [...]} (the command line's
    # exit 3), returned, not raised.
    def check(
        self,
        declaration: str | dict[str, Any],
        *,
        baseline: str = "paid",
        time_limit: float | None = 10.0,
        method: str = "ilp",
        name: str = "declaration",
        strict: bool = False,
    ) -> Answer:
        """The declaration: a dict, its JSON text, or one line as --attack / --block take it ("jugg=B, drake=pwC"; with combat "wall=jugg"; "none")."""
    def solve(
        self, objective: str | None = None, *, baseline: str = "paid", time_limit: float | None = 10.0, method: str = "ilp", strict: bool = False
    ) -> Answer: ...
    def enumerate(
        self,
        limit: int = 100,
        *,
        baseline: str = "paid",
        time_limit: float | None = 10.0,
        method: str = "ilp",
        detail: str = "full",
        strict: bool = False,
    ) -> Answer: ...
    # {requirements_max_free, witness, proof}; on a board with combat also {baseline,
    # requirements_max, witness_max} (docs/format.md "Batch").
    def maximum(
        self, *, baseline: str = "paid", time_limit: float | None = 10.0, method: str = "ilp", strict: bool = False
    ) -> Answer: ...
    def validate(self) -> Answer: ...

def batch(requests: str | Iterable[str], source: str = "-", first_line: int = 1, *, cards: str | None = None) -> list[str]: ...
