#!/usr/bin/env python3
"""Turn the criterion results of `cargo bench --bench attack` into markdown tables and a plot.

Reads $CARGO_TARGET_DIR/criterion/{op}-{profile}/{engine}/P{p}-N{n}/new/estimates.json (median)
and benches/results/skipped.csv (written by the bench), and writes benches/results/bench.md
and benches/results/bench_time_vs_n.png.

    python3 benches/summarize.py [--target-dir /tmp/target-bench]
"""

import argparse
import csv
import glob
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
OPS = ["load", "check", "maximum", "solve"]
ENGINES = ["ilp", "plain", "dfs"]


def load(target):
    med = {}
    for path in glob.glob(os.path.join(target, "criterion", "*", "*", "*", "new", "estimates.json")):
        parts = path.split(os.sep)
        group, engine, param = parts[-5], parts[-4], parts[-3]
        m = re.match(r"P(\d+)-N(\d+)$", param)
        op, profile = group.split("-", 1)
        if not m:
            continue
        with open(path) as f:
            est = json.load(f)
        med[(op, profile, engine, int(m.group(1)), int(m.group(2)))] = est["median"]["point_estimate"] / 1e6  # ms
    skipped = {}
    path = os.path.join(RESULTS, "skipped.csv")
    if os.path.exists(path):
        with open(path) as f:
            for row in csv.reader(f):
                if len(row) < 6 or row[0] == "op" or row[0].startswith("#"):
                    continue
                skipped[(row[0], row[1], row[2], int(row[3]), int(row[4]))] = row[5]
    return med, skipped


def cell(med, skipped, key):
    # skipped.csv is from the latest run; criterion may keep older estimates of those benches.
    if key in skipped:
        why = skipped[key]
        return "**timeout**" if "no answer" in why else ("**> 1 s**" if "took" in why else "err")
    if key in med:
        ms = med[key]
        return f"{ms * 1000:.0f} µs" if ms < 1 else (f"{ms:.1f}" if ms < 100 else f"{ms:.0f}")
    if key in skipped:
        why = skipped[key]
        return "**timeout**" if "no answer" in why else ("**> 1 s**" if "took" in why else "err")
    return "–"


def ratio(med, a, b, skipped=()):
    if a in skipped or b in skipped:
        return "–"
    if a in med and b in med and med[a] > 0:
        return f"{med[b] / med[a]:.1f}x"
    return "–"


def tables(med, skipped):
    profiles = sorted({k[1] for k in list(med) + list(skipped)})
    sizes = sorted({(k[3], k[4]) for k in list(med) + list(skipped)})
    out = []
    for prof in profiles:
        out.append(f"#### {prof}\n")
        out.append("Medians in ms (µs where marked). `plain` = the integer program without grouping; `dfs` = the "
                   "bound-pruned depth-first search; ratios are plain / ilp and dfs / ilp; **timeout** = no answer "
                   "within the 1 s pre-flight, so not benchmarked.\n")
        out.append("| P | N | load | check ilp | check plain | check dfs | max ilp | max plain | max dfs | plain/ilp (max) | dfs/ilp (max) | solve ilp | solve plain | plain/ilp (solve) |")
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for p, n in sizes:
            k = lambda op, e: (op, prof, e, p, n)
            row = [str(p), str(n), cell(med, skipped, k("load", "ilp"))]
            row += [cell(med, skipped, k("check", e)) for e in ENGINES]
            row += [cell(med, skipped, k("maximum", e)) for e in ENGINES]
            row += [ratio(med, k("maximum", "ilp"), k("maximum", "plain"), skipped), ratio(med, k("maximum", "ilp"), k("maximum", "dfs"), skipped)]
            row += [cell(med, skipped, k("solve", e)) for e in ["ilp", "plain"]]
            row += [ratio(med, k("solve", "ilp"), k("solve", "plain"), skipped)]
            out.append("| " + " | ".join(row) + " |")
        out.append("")
    return "\n".join(out)


def plot(med, path, players=8):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    profiles = sorted({k[1] for k in med})
    fig, axes = plt.subplots(2, len(profiles), figsize=(5 * len(profiles), 8), squeeze=False)
    for j, prof in enumerate(profiles):
        for i, op in enumerate(["maximum", "solve"]):
            ax = axes[i][j]
            for eng, marker in zip(ENGINES, "os^"):
                pts = sorted((k[4], v) for k, v in med.items() if k[0] == op and k[1] == prof and k[2] == eng and k[3] == players)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, label=eng)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_title(f"{op}, {prof}, {players} players (in-process)")
            ax.set_xlabel("creatures N")
            ax.set_ylabel("median (ms)")
            ax.grid(True, which="both", lw=0.3)
            ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--target-dir", default=os.environ.get("CARGO_TARGET_DIR", "/tmp/target-bench"))
    args = ap.parse_args()
    med, skipped = load(args.target_dir)
    med = {k: v for k, v in med.items() if k not in skipped}
    text = tables(med, skipped)
    with open(os.path.join(RESULTS, "bench.md"), "w") as f:
        f.write(text)
    print(text)
    try:
        plot(med, os.path.join(RESULTS, "bench_time_vs_n.png"))
    except ImportError:
        print("matplotlib missing: no plot")


if __name__ == "__main__":
    main()
