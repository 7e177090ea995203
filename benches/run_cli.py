#!/usr/bin/env python3
"""Whole-process timings of the attackopt command line on generated boards (issue 4).

For each profile, player count and creature count, a board is generated (with the
`gen_board` example, until the CLI has `generate`) into a temporary directory, and these are
timed as separate processes, median of --runs runs after one warm-up run:

    attackopt validate BOARD                       (read the board: parse, validate, expand, print)
    attackopt check BOARD EMPTY                    (the empty declaration: computes requirements_max)
    attackopt solve BOARD --objective power

Timing uses hyperfine when installed, else a Python timer (time.perf_counter around
subprocess.run, output to /dev/null). Peak memory (maximum resident set size, /usr/bin/time
-f %M) is measured for the largest boards. Results go to benches/results/: cli.csv, cli.md,
and cli_time_vs_n.png (matplotlib; an SVG written by hand when matplotlib is missing).

Usage (from the repository root):
    CARGO_TARGET_DIR=/tmp/target-bench cargo build --release --bin attackopt --example gen_board
    python3 benches/run_cli.py [--target-dir /tmp/target-bench] [--runs 7]
"""

import argparse
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
COMMANDS = ["validate", "check", "solve"]


def argv_for(cmd, binary, board, empty, time_limit):
    if cmd == "validate":
        return [binary, "validate", board]
    if cmd == "check":
        return [binary, "check", board, empty, "--time-limit", str(time_limit)]
    return [binary, "solve", board, "--objective", "power", "--time-limit", str(time_limit)]


def run_once(argv):
    """Seconds and exit status of one run, output discarded."""
    t = time.perf_counter()
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t, p.returncode


def median_time(argv, runs):
    """(median seconds, exit status of the last run); exit 3 (time limit) stops early."""
    _, code = run_once(argv)  # warm-up (page cache, binary loading)
    if code == 3:
        return None, code
    if shutil.which("hyperfine"):
        out = tempfile.NamedTemporaryFile(suffix=".json", delete=False).name
        subprocess.run(
            ["hyperfine", "-N", "--warmup", "1", "--runs", str(runs), "-i", "--export-json", out, " ".join(argv)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(out) as f:
            r = json.load(f)["results"][0]
        os.unlink(out)
        return r["median"], code
    times = []
    for _ in range(runs):
        t, code = run_once(argv)
        times.append(t)
    return statistics.median(times), code


def peak_kib(argv):
    """Maximum resident set size of one run, in KiB (GNU time %M)."""
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    last = p.stderr.strip().splitlines()[-1]
    return int(last)


def plot(rows, path_png, players):
    """Time against N, one panel per profile, one line per command (P = players)."""
    profiles = sorted({r["profile"] for r in rows})
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return plot_svg(rows, path_png.replace(".png", ".svg"), players)
    fig, axes = plt.subplots(1, len(profiles), figsize=(5 * len(profiles), 4.2), squeeze=False)
    for ax, prof in zip(axes[0], profiles):
        for cmd, marker in zip(COMMANDS, "os^"):
            pts = [(r["creatures"], r[cmd + "_ms"]) for r in rows
                   if r["profile"] == prof and r["players"] == players and r[cmd + "_ms"] is not None]
            pts.sort()
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, label=cmd)
        for y, lab in [(50, "50 ms"), (200, "200 ms"), (1000, "1 s")]:
            ax.axhline(y, color="grey", lw=0.6, ls="--")
            ax.text(10, y * 1.08, lab, color="grey", fontsize=7)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(f"{prof}, {players} players")
        ax.set_xlabel("creatures N")
        ax.set_ylabel("whole process, median (ms)")
        ax.grid(True, which="both", lw=0.3)
        ax.legend()
    fig.tight_layout()
    fig.savefig(path_png, dpi=110)
    return path_png


def plot_svg(rows, path, players):
    """A minimal log-log line chart as SVG, for machines without matplotlib."""
    import math
    w, h, m = 900, 320, 50
    profiles = sorted({r["profile"] for r in rows})
    pw = (w - m) / max(1, len(profiles))
    colors = {"validate": "#1f77b4", "check": "#ff7f0e", "solve": "#2ca02c"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-size="10">']
    ys = [r[c + "_ms"] for r in rows for c in COMMANDS if r[c + "_ms"]]
    lo, hi = math.log10(max(min(ys), 0.1)), math.log10(max(ys) * 1.5)
    for i, prof in enumerate(profiles):
        x0 = m + i * pw
        parts.append(f'<text x="{x0 + 10}" y="15">{prof}, P={players}</text>')
        for cmd in COMMANDS:
            pts = sorted((r["creatures"], r[cmd + "_ms"]) for r in rows
                         if r["profile"] == prof and r["players"] == players and r[cmd + "_ms"])
            coords = [(x0 + 10 + (math.log10(n) - 1) / 3 * (pw - 40),
                       h - m + 20 - (math.log10(t) - lo) / (hi - lo) * (h - m)) for n, t in pts]
            if coords:
                parts.append('<polyline fill="none" stroke="%s" points="%s"/>'
                             % (colors[cmd], " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts))
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target-dir", default=os.environ.get("CARGO_TARGET_DIR", "/tmp/target-bench"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sizes", default="10,100,1000,2500,5000")
    ap.add_argument("--players", default="8")
    ap.add_argument("--extra", default="2:2500,4:2500,2:1000,4:1000", help="P:N pairs also timed, for every profile")
    ap.add_argument("--profiles", default="commander,tokens,adversarial")
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    binary = os.path.join(args.target_dir, "release", "attackopt")
    gen = os.path.join(args.target_dir, "release", "examples", "gen_board")
    for b in (binary, gen):
        if not os.path.exists(b):
            sys.exit(f"missing {b}: build with `cargo build --release --bin attackopt --example gen_board`")
    os.makedirs(RESULTS, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="attackopt-cli-")
    empty = os.path.join(tmp, "empty.json")
    with open(empty, "w") as f:
        f.write('{"attacks": []}\n')

    sizes = [int(x) for x in args.sizes.split(",")]
    players = [int(x) for x in args.players.split(",")]
    configs = [(p, n) for p in players for n in sizes]
    for pair in filter(None, args.extra.split(",")):
        p, n = (int(x) for x in pair.split(":"))
        if (p, n) not in configs:
            configs.append((p, n))
    rows = []
    for prof in args.profiles.split(","):
        for p, n in configs:
            board = os.path.join(tmp, f"{prof}-P{p}-N{n}.json")
            with open(board, "w") as f:
                subprocess.run([gen, str(p), str(n), str(args.seed), prof], stdout=f, check=True)
            row = {"profile": prof, "players": p, "creatures": n, "bytes": os.path.getsize(board)}
            for cmd in COMMANDS:
                t, code = median_time(argv_for(cmd, binary, board, empty, args.time_limit), args.runs)
                row[cmd + "_ms"] = None if t is None else round(t * 1e3, 2)
                row[cmd + "_exit"] = code
            largest = n == max(sizes) or (prof == "adversarial" and n == 1000) or (prof != "adversarial" and n == 2500)
            for cmd in COMMANDS:
                row[cmd + "_peak_mib"] = (round(peak_kib(argv_for(cmd, binary, board, empty, args.time_limit)) / 1024, 1)
                                          if largest and p == max(players) else None)
            rows.append(row)
            print(json.dumps(row), flush=True)

    fields = list(rows[0].keys())
    with open(os.path.join(RESULTS, "cli.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(rows)

    def fmt(ms, code):
        if ms is None:
            # exit 3: no proof within the limit (solve may still answer a legal declaration).
            return f"not proven in {args.time_limit:g} s (exit {code})"
        s = f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"
        return s + (" (exit 3)" if code == 3 else "")

    lines = [
        "| profile | P | N | board KiB | validate ms | check ms | check / validate | solve ms | peak MiB (validate / check / solve) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        ratio = (f"{r['check_ms'] / r['validate_ms']:.2f}x" if r["check_ms"] and r["validate_ms"] else "-")
        peak = (" / ".join(str(r[c + "_peak_mib"]) for c in COMMANDS) if r["validate_peak_mib"] is not None else "")
        lines.append(f"| {r['profile']} | {r['players']} | {r['creatures']} | {r['bytes'] // 1024} | "
                     f"{fmt(r['validate_ms'], r['validate_exit'])} | {fmt(r['check_ms'], r['check_exit'])} | {ratio} | "
                     f"{fmt(r['solve_ms'], r['solve_exit'])} | {peak} |")
    with open(os.path.join(RESULTS, "cli.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    png = plot(rows, os.path.join(RESULTS, "cli_time_vs_n.png"), max(players))
    print("plot:", png)
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
