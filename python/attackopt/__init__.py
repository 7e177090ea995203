"""attackopt: decide and optimize declarations of attackers in Magic: The Gathering (CR 508.1).

Read a board with :meth:`Position.from_json` (JSON text or a dict) or :meth:`Position.from_file`,
then ask it :meth:`~Position.check`, :meth:`~Position.solve`, :meth:`~Position.enumerate`,
:meth:`~Position.maximum` or :meth:`~Position.validate`. Each answer is a dict equal to what the
command line prints with ``--format json``; a failure raises :class:`AttackoptError` (one of
:class:`BadInput`, :class:`TimeLimit`, :class:`InternalError`) with the command line's message.
:func:`batch` answers JSON Lines requests exactly as ``attackopt batch`` does.
"""

from ._native import AttackoptError, BadInput, InternalError, Position, TimeLimit, __version__, batch

__all__ = ["AttackoptError", "BadInput", "InternalError", "Position", "TimeLimit", "batch", "__version__"]
