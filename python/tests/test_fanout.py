"""Fan-out over Dask in local mode (2 worker processes): the answers equal `attackopt batch`'s."""

from __future__ import annotations

import json

import pytest

from attackopt.fanout import batch_dask, partitions
from conftest import ROOT, run


def test_partitions_keep_line_numbers():
    lines = ["a\n", "b\n", "c\n", "d\n", "e"]
    assert list(partitions(lines, 2)) == [(1, "a\nb"), (3, "c\nd"), (5, "e")]
    with pytest.raises(ValueError):
        list(partitions(lines, 0))


def test_dask_two_local_workers_equal_cli(binary, tmp_path, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    monkeypatch.chdir(ROOT)
    lines = []
    for seed in range(12):
        board = json.loads(run(binary, "generate", "--players", "3", "--creatures", "4", "--seed", str(seed)).stdout)
        lines.append(json.dumps({"id": seed, "command": "solve", "board": board}))
        lines.append(json.dumps({"id": f"m{seed}", "command": "maximum", "board": "models/siege-battle.json"}))
    lines.insert(5, "{bad")
    text = "\n".join(lines) + "\n"
    path = tmp_path / "requests.jsonl"
    path.write_text(text)
    expected = run(binary, "batch", "--quiet", str(path)).stdout.splitlines()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            got = list(batch_dask(client, text.splitlines(), source=str(path), partition_lines=4))
            # Both workers took part.
            assert len(client.scheduler_info()["workers"]) == 2
    assert got == expected
