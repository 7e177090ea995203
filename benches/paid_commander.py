#!/usr/bin/env python3
"""`solve` under the paid baseline on taxed Commander boards, whole processes, side by side.

For each binary given with --bin (e.g. the cut loop of an older commit and the current dual
bar), runs `solve --objective power --format json` (or --objective OBJ) on `generate --profile commander` boards,
P = 4, 5, 6, N = 20, 40, 60, 100, seeds 1-5, and prints a Markdown table per (P, N): boards
proven optimal, median and worst wall time, and the median gap (objective_bound - objective) /
objective_bound of the unproven ones.

    python3 benches/paid_commander.py --bin target/release/attackopt --bin /tmp/old --time-limit 3

--profile adversarial runs the same on that profile's boards (issue 10: its gap), e.g.
`--profile adversarial --players 8 --creatures 1000 --seeds 1,2,3 --time-limit 10`.

--anchor CMD adds an outside anchor on the same boards: CMD BOARD power TIME_LIMIT must print a
line `status Optimal obj X bound Y ...` (the HiGHS reference of issue 10,
`python3 ../shared/reference/paid_bilevel_grouped.py`, prints exactly that; it needs
`pip install highspy numpy` and handles this board family only). Where both the first binary and
the anchor prove an optimum, the two must agree: a disagreement is printed and the script exits 1.
On boards with mana creatures (which the reference does not count) its optimum must not exceed ours.
Between the binaries too: no answer above another's proven optimum (exit 1 otherwise).

--repeat R solves each board R times per binary, the binaries alternating, and keeps each
board's fastest run: on a machine shared with builds, single runs of one binary moved by 2x.

--objective OBJ (default power) runs `solve --objective OBJ` (issue 10, point 4: every objective
is proven by the same search), e.g. `--objective attackers` or `--objective damage:B` (the
generated boards' players are A, B, C, ...; A is active).

--enumerate LIMIT runs `enumerate --limit LIMIT --detail summary` instead (issue 10, point 4: the
same search serves enumerate under paid): per (P, N), the boards whose list was finished (LIMIT
declarations listed, or the complete list) within the time limit, median and worst wall time.
Both list the declarations with the fewest attackers first, so where two binaries finish, their
lists' attacker counts must be the same sequence (exit 1 otherwise).
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--bin", action="append", required=True, help="attackopt binary (repeatable)")
ap.add_argument("--time-limit", type=float, default=3.0)
ap.add_argument("--players", default="4,5,6")
ap.add_argument("--creatures", default="20,40,60,100")
ap.add_argument("--seeds", default="1,2,3,4,5")
ap.add_argument("--profile", default="commander", choices=["commander", "tokens", "adversarial"])
ap.add_argument("--anchor", help="outside reference command (see the module doc)")
ap.add_argument("--objective", default="power", help="solve's objective: power, attackers, none, damage:PLAYER (issue 10, point 4)")
ap.add_argument("--enumerate", type=int, metavar="LIMIT", help="time enumerate --limit LIMIT instead of solve")
ap.add_argument("--repeat", type=int, default=1, help="solve each board R times per binary, alternating, and keep the fastest (a shared machine's load)")
args = ap.parse_args()
if args.anchor and (args.enumerate is not None or args.objective != "power"):
    sys.exit("--anchor compares optima of the objective power: not with --enumerate or another --objective")
columns = args.bin + ([args.anchor] if args.anchor else [])
disagreements = []
out_of_scope = []


def run_anchor(path):
    """(seconds, objective, bound, proven) of the outside anchor on one board."""
    t0 = time.monotonic()
    out = subprocess.run(args.anchor.split() + [path, "power", str(args.time_limit)], capture_output=True, text=True)
    dt = time.monotonic() - t0
    for line in out.stdout.splitlines():
        w = line.split()
        if len(w) >= 6 and w[0] == "status" and w[2] == "obj":
            obj, bound = float(w[3]), float(w[5])
            return dt, obj, bound, w[1] == "Optimal"
    return dt, None, None, False

gen = args.bin[0]
# CPU seconds (user + system) of the children, per board and binary: less moved by other
# processes on the machine than wall time (the fastest of --repeat runs, as for wall time).
cpu_s = {}


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


tmp = tempfile.mkdtemp()
rows = {}
for p in map(int, args.players.split(",")):
    for n in map(int, args.creatures.split(",")):
        for s in map(int, args.seeds.split(",")):
            path = os.path.join(tmp, f"b_{p}_{n}_{s}.json")
            with open(path, "w") as f:
                subprocess.run([gen, "generate", "--players", str(p), "--creatures", str(n), "--seed", str(s), "--profile", args.profile], stdout=f, check=True)
            if args.enumerate is not None:
                for b in args.bin:
                    t0 = time.monotonic()
                    out = subprocess.run([b, "enumerate", path, "--limit", str(args.enumerate), "--detail", "summary", "--format", "json", "--time-limit", str(args.time_limit)], capture_output=True, text=True)
                    dt = time.monotonic() - t0
                    try:
                        d = json.loads(out.stdout)
                        sizes = [len(x["attacks"]) for x in d.get("declarations", [])]
                        done = not d.get("time_limit_reached") and (d.get("complete") or len(sizes) == args.enumerate)
                    except (ValueError, KeyError, TypeError):
                        sizes, done = [], False
                    rows.setdefault((p, n, b), []).append((dt, len(sizes), None, done, sizes))
                finished = [(b, rows[(p, n, b)][-1][4]) for b in args.bin if rows[(p, n, b)][-1][3]]
                for b, sizes in finished:
                    for c, other in finished:
                        if sizes != other:
                            disagreements.append(f"P={p} N={n} seed {s}: {b} lists attacker counts {sizes}, {c} {other}")
                continue
            # --repeat R: the binaries alternate R times, each board's fastest run kept.
            best = {}
            for _ in range(args.repeat):
                for b in args.bin:
                    t0, c0 = time.monotonic(), cpu()
                    out = subprocess.run([b, "solve", path, "--objective", args.objective, "--format", "json", "--time-limit", str(args.time_limit)], capture_output=True, text=True)
                    dt = time.monotonic() - t0
                    cpu_s[(p, n, s, b)] = min(cpu_s.get((p, n, s, b), float("inf")), cpu() - c0)
                    try:
                        d = json.loads(out.stdout)
                        obj, bound, opt = d.get("objective"), d.get("objective_bound"), d.get("optimal")
                    except ValueError:
                        obj, bound, opt = None, None, False
                    if b not in best or dt < best[b][0]:
                        best[b] = (dt, obj, bound, bool(opt))
            for b in args.bin:
                rows.setdefault((p, n, b), []).append(best[b])
            # The binaries side by side: a proven optimum is above no other's answer, and two
            # proven optima agree.
            got = [(b, rows[(p, n, b)][-1]) for b in args.bin]
            for b, (_, obj, _, opt) in got:
                for c, (_, other, _, _) in got:
                    if opt and other is not None and other > obj:
                        disagreements.append(f"P={p} N={n} seed {s}: {b} proves {obj}, {c} answers {other}")
            if args.anchor:
                got = run_anchor(path)
                rows.setdefault((p, n, args.anchor), []).append(got)
                ours = rows[(p, n, args.bin[0])][-1]
                with open(path) as f:
                    board = json.load(f)
                # The reference counts lands, Sol Ring and Arcane Signet only: where the active
                # player has mana creatures (Llanowar Elves), it sees less mana, so its optimum
                # is only a lower bound (what it finds is payable, and the paid bar does not
                # depend on mana).
                partial = any("Creature" in q["types"] and q["name"] == "Llanowar Elves" for q in board["permanents"])
                if got[3] and ours[3] and (round(got[1]) > ours[1] if partial else round(got[1]) != ours[1]):
                    disagreements.append(f"P={p} N={n} seed {s}: attackopt proves {ours[1]}, the anchor proves {got[1]}")
                elif got[3] and ours[3] and partial:
                    out_of_scope.append(f"P={p} N={n} seed {s}: attackopt {ours[1]}, the anchor (no mana creatures) {got[1]}")
print(f"time limit {args.time_limit} s; columns: " + ", ".join(f"[{i}] {b}" for i, b in enumerate(columns)))
print()
head = "finished, median, worst" if args.enumerate is not None else "proven, median, worst, median gap"
print("| P | N | " + " | ".join(f"[{i}] {head}" for i in range(len(columns))) + " |")
print("|---|---|" + "---|" * len(columns))
for p in map(int, args.players.split(",")):
    for n in map(int, args.creatures.split(",")):
        cells = []
        for b in columns:
            r = rows[(p, n, b)]
            proven = sum(1 for x in r if x[3])
            times = [x[0] for x in r]
            gaps = [(x[2] - x[1]) / x[2] for x in r if not x[3] and x[1] is not None and x[2]]
            gap = f"{100 * statistics.median(gaps):.0f} %" if gaps else "-"
            cell = f"{proven}/{len(r)}, {1000 * statistics.median(times):.0f} ms, {1000 * max(times):.0f} ms"
            cells.append(cell if args.enumerate is not None else f"{cell}, {gap}")
        print(f"| {p} | {n} | " + " | ".join(cells) + " |")
totals = [sum(x[0] for (p, n, c), r in rows.items() if c == b for x in r) for b in columns]
print()
print("total wall time: " + ", ".join(f"[{i}] {t:.2f} s" for i, t in enumerate(totals)))
if cpu_s:
    cpu_totals = [sum(v for k, v in cpu_s.items() if k[3] == b) for b in args.bin]
    print("total CPU time: " + ", ".join(f"[{i}] {t:.2f} s" for i, t in enumerate(cpu_totals)))
for d in out_of_scope:
    print("anchor out of scope (mana creatures; its optimum is a lower bound):", d)
for d in disagreements:
    print("DISAGREEMENT:", d)
sys.exit(1 if disagreements else 0)
