"""Throughput of the Python binding against `attackopt batch`, per core, on the same requests.

    python python/bench/throughput.py [--requests 10000] [--boards 100] [--bin target/release/attackopt]

The requests: `--boards` boards from `attackopt generate` (`--players` 4, `--creatures` 8 by
default, commander profile, seeds 0..boards-1), each inline in its requests, one `solve` (power) per line, the
boards taken in turn. Measured, each on the same file:

- `attackopt batch` on 1 thread (RAYON_NUM_THREADS=1) and on 2;
- `attackopt.batch(text)` in this process (one thread: the binding's batch);
- the dict API, line by line: `Position.from_json(board).solve()` (what agent code calls);
- Dask, a LocalCluster of 1 and then 2 single-threaded worker processes, over partitions
  (attackopt/fanout.py).

Per core = requests / CPU seconds (user + system) of the processes doing the work, which is fair
on a shared machine where wall time depends on the neighbours; wall times are printed too. The
machine is 2 cores shared with other builds: the wall-time speed-up of 2 workers is bounded by
what the neighbours leave. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time


def make_requests(binary: str, requests: int, boards: int, players: int, creatures: int) -> str:
    texts = []
    for seed in range(boards):
        size = ["--players", str(players), "--creatures", str(creatures), "--seed", str(seed)]
        out = subprocess.run([binary, "generate", *size], check=True, capture_output=True, text=True)
        texts.append(json.dumps(json.loads(out.stdout), separators=(",", ":")))
    lines = [f'{{"id":{i},"command":"solve","board":{texts[i % boards]}}}' for i in range(requests)]
    return "\n".join(lines) + "\n"


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def self_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def run_cli(binary: str, path: str, threads: int) -> tuple[float, float, str]:
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    cpu0, t0 = children_cpu(), time.perf_counter()
    out = subprocess.run([binary, "batch", "--quiet", path], check=True, capture_output=True, text=True, env=env)
    return time.perf_counter() - t0, children_cpu() - cpu0, out.stdout


def worker_cpu(client) -> float:
    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime

    return sum(client.run(cpu).values())


def run_dask(text: str, path: str, workers: int) -> tuple[float, float, list[str]]:
    from dask.distributed import Client, LocalCluster

    from attackopt.fanout import batch_dask

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        client.run(lambda: __import__("attackopt"))  # imported before the clock starts
        cpu0, t0 = worker_cpu(client) + self_cpu(), time.perf_counter()
        answers = list(batch_dask(client, text.splitlines(), source=path))
        wall = time.perf_counter() - t0
        cpu = worker_cpu(client) + self_cpu() - cpu0
    return wall, cpu, answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10000)
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--creatures", type=int, default=8)
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "attackopt"))
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask runs")
    args = parser.parse_args()

    import attackopt

    text = make_requests(args.bin, args.requests, args.boards, args.players, args.creatures)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "requests.jsonl")
        with open(path, "w") as f:
            f.write(text)
        n = args.requests
        figures: dict[str, dict[str, float]] = {}

        def record(name: str, wall: float, cpu: float) -> None:
            figures[name] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "per_core_per_s": round(n / cpu, 1), "wall_per_s": round(n / wall, 1)}

        wall, cpu, cli_out = run_cli(args.bin, path, 1)
        record("cli_batch_1_thread", wall, cpu)
        expected = cli_out.splitlines()

        cpu0, t0 = self_cpu(), time.perf_counter()
        answers = attackopt.batch(text, source=path)
        record("python_batch", time.perf_counter() - t0, self_cpu() - cpu0)
        assert answers == expected, "attackopt.batch differs from attackopt batch"

        cpu0, t0 = self_cpu(), time.perf_counter()
        for line in text.splitlines():
            request = json.loads(line)
            attackopt.Position.from_json(request["board"]).solve()
        record("python_dict_api", time.perf_counter() - t0, self_cpu() - cpu0)

        wall, cpu, _ = run_cli(args.bin, path, 2)
        record("cli_batch_2_threads", wall, cpu)

        if not args.no_dask:
            for workers in (1, 2):
                wall, cpu, answers = run_dask(text, path, workers)
                record(f"dask_{workers}_workers", wall, cpu)
                assert answers == expected, f"Dask with {workers} workers differs from attackopt batch"

    base = figures["cli_batch_1_thread"]["per_core_per_s"]
    ratios = {name: round(base / f["per_core_per_s"], 3) for name, f in figures.items()}
    result = {"requests": n, "boards": args.boards, "players": args.players, "creatures": args.creatures, "load_average": os.getloadavg(), "figures": figures, "cpu_ratio_to_cli_1_thread": ratios}
    if "dask_2_workers" in figures:
        result["dask_speedup_2_workers_wall"] = round(figures["dask_1_workers"]["wall_s"] / figures["dask_2_workers"]["wall_s"], 3)
    result["cli_speedup_2_threads_wall"] = round(figures["cli_batch_1_thread"]["wall_s"] / figures["cli_batch_2_threads"]["wall_s"], 3)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
