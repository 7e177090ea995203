#!/usr/bin/env python3
"""`check` of a declaration against `validate`, whole processes, side by side (issue 39).

For each binary given with --bin (the current build first, then e.g. an older commit's), on
`generate --profile PROFILE --players P --creatures N --seed S` boards, times
`validate BOARD --format json` (the outside anchor: read, validate and print the board) and
`check BOARD DECLARATION --format json` (the maximum of requirements, CR 508.1d, proven), the median
wall time of --runs runs each, and prints a Markdown table: validate, each binary's check, the
ratio check / validate of the first, and each binary's proof and requirements_max (which must
agree where two are proven: exit 1 otherwise). Then the log-log slope of the first binary's
check time against N per profile and player count (the scaling exponent).

--declaration empty (the default) checks the empty declaration; everything, each creature of
the active player that may attack (untapped, not summoning sick or with haste) attacking the
opponents in turn: on the adversarial profile it breaks caps and can't be paid, so the check
also proves the paid maximum of its own costs and seeks the closest legal declaration; half,
each of those creatures attacking with probability one half a random opponent (the generator
random.Random(seed), so the same declaration every run).

    python3 benches/check_vs_validate.py --bin target/release/attackopt --bin /tmp/old/attackopt \\
        --players 4,8 --creatures 1000,2500,5000,10000 --seeds 9101,9102
"""
import argparse, json, math, os, random, statistics, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--bin", action="append", required=True)
ap.add_argument("--profile", default="adversarial")
ap.add_argument("--players", default="4,8")
ap.add_argument("--creatures", default="1000,2500,5000,10000")
ap.add_argument("--seeds", default="9101,9102")
ap.add_argument("--runs", type=int, default=3)
ap.add_argument("--time-limit", default="60")
ap.add_argument("--declaration", choices=["empty", "everything", "half"], default="empty")
args = ap.parse_args()


def everything(board_file, half_seed=None):
    """Every creature of the active player that may attack, attacking the opponents in turn;
    with `half_seed`, each with probability one half, a random opponent."""
    b = json.load(open(board_file))
    active = b["active_player"]
    opponents = [p["id"] for p in b["players"] if p["id"] != active]
    rnd = random.Random(half_seed)
    attacks = []
    for p in b["permanents"]:
        ready = not p.get("tapped") and (not p.get("summoning_sick") or "Haste" in p.get("keywords", []))
        if "Creature" in p["types"] and p["controller"] == active and ready:
            if half_seed is None:
                attacks.append({"creature": p["id"], "target": opponents[len(attacks) % len(opponents)]})
            elif rnd.random() < 0.5:
                attacks.append({"creature": p["id"], "target": rnd.choice(opponents)})
    return {"attacks": attacks}


def timed(cmd):
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return time.perf_counter() - t, p


tmp = tempfile.mkdtemp()
empty = os.path.join(tmp, "empty.json")
with open(empty, "w") as f:
    f.write('{"attacks": []}')
rows, series, bad = [], {}, False
for players in map(int, args.players.split(",")):
    for n in map(int, args.creatures.split(",")):
        for seed in map(int, args.seeds.split(",")):
            board = os.path.join(tmp, f"{args.profile}-{players}-{n}-{seed}.json")
            with open(board, "w") as f:
                subprocess.run([args.bin[0], "generate", "--profile", args.profile, "--players", str(players), "--creatures", str(n), "--seed", str(seed)], stdout=f, check=True)
            declaration = empty
            if args.declaration != "empty":
                declaration = board + f".{args.declaration}.json"
                with open(declaration, "w") as f:
                    json.dump(everything(board, seed if args.declaration == "half" else None), f)
            validate = statistics.median(timed([args.bin[0], "validate", board, "--format", "json"])[0] for _ in range(args.runs))
            checks = []
            for b in args.bin:
                times, out = [], None
                for _ in range(args.runs):
                    t, p = timed([b, "check", board, declaration, "--format", "json", "--time-limit", args.time_limit])
                    times.append(t)
                    try:
                        d = json.loads(p.stdout)
                        out = (d.get("proof"), d.get("requirements_max"))
                    except ValueError:
                        out = ("error", None)
                checks.append((statistics.median(times), out))
            proven = {c[1][1] for c in checks if c[1][0] in ("ilp-optimal", "exhaustive")}
            if len(proven) > 1:
                print(f"DISAGREEMENT on {board}: {checks}", file=sys.stderr)
                bad = True
            rows.append((players, n, seed, validate, checks))
            series.setdefault(players, []).append((n, checks[0][0]))
            print(f"P={players} N={n} seed {seed}: validate {validate:.3f} s, checks {[(round(t, 3), o) for t, o in checks]}", file=sys.stderr)

head = "| P | N | seed | validate (s) | " + " | ".join(f"check, bin {i + 1} (s)" for i in range(len(args.bin))) + " | ratio (bin 1) | proof, requirements_max |"
print(head)
print("|" + "---|" * (head.count("|") - 1))
for players, n, seed, validate, checks in rows:
    cells = " | ".join(f"{t:.3f}" for t, _ in checks)
    outs = "; ".join(f"{o[0]}, {o[1]}" for _, o in checks)
    print(f"| {players} | {n:,} | {seed} | {validate:.3f} | {cells} | {checks[0][0] / validate:.1f}x | {outs} |")
for players, pts in series.items():
    xs = [math.log(n) for n, _ in pts]
    ys = [math.log(t) for _, t in pts]
    mx, my = statistics.mean(xs), statistics.mean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    if den > 0:
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den
        print(f"\nP = {players}: check time grows as N^{slope:.2f} (log-log least squares over {len(pts)} boards)")
sys.exit(1 if bad else 0)
