"""Fan ``attackopt`` work out over a Dask cluster: JSON Lines requests cut into partitions, each
answered by :func:`attackopt.batch` on a worker, the answers put back in input order.

Dask does the scheduling (placement, retries, spilling, a cluster of many machines); this
module only cuts the input and keeps each partition's line numbers, so that the answers are
byte for byte those of ``attackopt batch`` on the whole file. Dask is an optional dependency
(``pip install ".[dask]"``); nothing here imports it.

    from dask.distributed import Client
    from attackopt.fanout import batch_dask

    with Client("tcp://scheduler:8786") as client:   # or Client(LocalCluster(...))
        with open("requests.jsonl") as f, open("answers.jsonl", "w") as out:
            for line in batch_dask(client, f, source="requests.jsonl"):
                out.write(line + "\\n")
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from ._native import batch

#: Lines per partition: large enough that Dask's per-task cost (about a millisecond) is small
#: next to answering the lines, small enough that two workers get many partitions each.
DEFAULT_PARTITION_LINES = 500


def partitions(lines: Iterable[str], size: int = DEFAULT_PARTITION_LINES) -> Iterator[tuple[int, str]]:
    """The input in parts of ``size`` lines: (number of the part's first line, its text)."""
    if size < 1:
        raise ValueError(f"size: expected at least 1, found {size}")
    part: list[str] = []
    first = 1
    for number, line in enumerate(lines, start=1):
        if not part:
            first = number
        # A line read from a file keeps its newline; each part is joined with one.
        part.append(line[:-1] if line.endswith("\n") else line)
        if len(part) == size:
            yield first, "\n".join(part)
            part = []
    if part:
        yield first, "\n".join(part)


def answer_partition(part: tuple[int, str], source: str = "-") -> list[str]:
    """Answer one part on a worker, numbering its lines as in the whole input."""
    first, text = part
    return batch(text, source=source, first_line=first)


def batch_dask(client: Any, lines: Iterable[str], source: str = "-", partition_lines: int = DEFAULT_PARTITION_LINES) -> Iterator[str]:
    """``attackopt batch`` on a Dask cluster: the answer lines, in input order.

    ``client`` is a ``dask.distributed.Client``. All partitions are submitted at once (Dask maps
    over a list, not an iterator), answered by any worker, and yielded in input order.
    """
    # pure=False: the keys are not hashed from the (large) partition texts.
    futures = client.map(answer_partition, list(partitions(lines, partition_lines)), source=source, pure=False)
    for future in futures:
        yield from future.result()
