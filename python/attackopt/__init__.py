"""attackopt: decide and optimize declarations of attackers in Magic: The Gathering (CR 508.1).

Read a board with :meth:`Position.from_json` (JSON text or a dict) or :meth:`Position.from_file`,
then ask it :meth:`~Position.check`, :meth:`~Position.solve`, :meth:`~Position.enumerate`,
:meth:`~Position.maximum` or :meth:`~Position.validate`. Each answer is an :class:`Answer`, a dict
equal to what the command line prints with ``--format json``, whose :meth:`Answer.to_text` gives
the words it prints with ``--format text``; a failure raises :class:`AttackoptError` (one of
:class:`BadInput`, :class:`TimeLimit`, :class:`InternalError`) with the command line's message.
:func:`batch` answers JSON Lines requests exactly as ``attackopt batch`` does. A board with
``combat`` (the declare blockers step, CR 509.1) is asked about declarations of blockers by the
same methods.
"""

from ._native import AttackoptError, BadInput, InternalError, Position, TimeLimit, __version__, batch


class Answer(dict):
    """An answer of :class:`Position`: the dict the command line prints with ``--format json``
    (it compares equal to it), and :meth:`to_text`, the words it prints with ``--format text``."""

    __slots__ = ("_text",)

    def __init__(self, json: dict, text: str) -> None:
        super().__init__(json)
        self._text = text

    def to_text(self) -> str:
        """The answer as the command line writes it for people (``--format text``): the
        verdict, the rule each violation breaks with its CR number, the witness, the payment."""
        return self._text

    def __reduce__(self):
        # Pickled whole (dask's fan-out sends answers between processes): the dict and the words.
        return (Answer, (dict(self), self._text))


__all__ = ["Answer", "AttackoptError", "BadInput", "InternalError", "Position", "TimeLimit", "batch", "__version__"]
