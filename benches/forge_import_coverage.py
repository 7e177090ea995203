#!/usr/bin/env python3
"""How much of real Forge puzzle files `attackopt import forge` imports (issue 14, point 3).

    python3 benches/forge_import_coverage.py DIR [--bin target/release/attackopt] [--top 10] [--cards FILE|DIR]

DIR holds Forge puzzle files (*.pzl, e.g. saved from forge-gui/res/puzzle/ of the Forge
repository; they are not vendored here). For each file the script runs
`attackopt import forge FILE --format json` and tallies:

- files imported (exit 0) and files failing (any other exit, with the first line of stderr);
- cards on the battlefield: listed in the file (every `;`-separated entry of a `*battlefield=` or
  `*play=` key, counted from the file itself so that failing files count too), imported (the
  board's permanents) and skipped (`skipped` entries from a battlefield key);
- the most frequent skip reasons and skipped card names.

With `--cards FILE|DIR` (a Scryfall card list or a Forge cardsfolder) each file is imported with
`--cards`, so that cards outside attackopt's tables are read from their Oracle text; the
warnings about sentences of a card's text that attackopt does not understand are tallied too.

It prints a Markdown table, the form docs/oracle.md "Coverage on Forge's puzzles" quotes.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys


def battlefield_entries(text):
    """The card entries of every battlefield key of the [state] section (or of a file without sections)."""
    entries = []
    has_sections = any(line.strip().startswith("[") for line in text.splitlines())
    in_state = not has_sections
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            in_state = line.lower() == "[state]"
            continue
        if not in_state or "=" not in line:
            continue
        key, value = line.split("=", 1)
        key = key.strip().lower()
        if re.fullmatch(r"(human|ai|p\d+)(battlefield|play)", key):
            entries += [e.strip() for e in value.split(";") if e.strip()]
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "attackopt"))
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--cards", help="a card source passed to the import (--cards FILE|DIR)")
    args = ap.parse_args()

    files = sorted(f for f in os.listdir(args.dir) if f.endswith(".pzl"))
    if not files:
        sys.exit(f"{args.dir}: no .pzl files")
    listed = imported = skipped = 0
    ok = 0
    failures = []
    reasons = collections.Counter()
    names = collections.Counter()
    attacking_side = 0  # imported files whose active player keeps a creature
    not_understood = collections.Counter()  # cards imported with a sentence not understood
    for f in files:
        path = os.path.join(args.dir, f)
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        n = len(battlefield_entries(text))
        listed += n
        command = [args.bin, "import", "forge", path, "--format", "json"] + (["--cards", args.cards] if args.cards else [])
        run = subprocess.run(command, capture_output=True, text=True)
        if run.returncode != 0:
            first = (run.stderr.strip().splitlines() or ["(no message)"])[0]
            failures.append((f, run.returncode, first))
            continue
        ok += 1
        out = json.loads(run.stdout)
        board = out["board"]
        imported += len(board["permanents"])
        for s in out["skipped"]:
            if re.search(r"(battlefield|play)$", s["zone"]):
                skipped += 1
                # A reason may name the card's own text after a colon; the kind is what comes first.
                reasons[s["reason"].split(":")[0]] += 1
                names[s["card"]] += 1
        for w in out["warnings"]:
            m = re.search(r"card \d+ \((.*)\): attackopt does not understand", w)
            if m:
                not_understood[m.group(1)] += 1
        active = board["active_player"]
        if any(p["controller"] == active and "Creature" in p["types"] for p in board["permanents"]):
            attacking_side += 1

    pct = lambda a, b: f"{100.0 * a / b:.1f} %" if b else "-"
    print(f"| files | imported | failing | battlefield cards | imported | skipped | not read (failing files) |")
    print(f"|---|---|---|---|---|---|---|")
    print(
        f"| {len(files)} | {ok} | {len(failures)} | {listed} | {imported} ({pct(imported, listed)}) | {skipped} "
        f"({pct(skipped, listed)}) | {listed - imported - skipped} |"
    )
    print()
    print(f"Imported files whose active player keeps a creature: {attacking_side} of {ok}.")
    if failures:
        print()
        print("Failing files:")
        for f, rc, first in failures:
            print(f"- {f} (exit {rc}): {first}")
    print()
    print("Top skip reasons:")
    print()
    print("| cards | reason |")
    print("|---|---|")
    for r, c in reasons.most_common(args.top):
        print(f"| {c} | {r} |")
    print()
    print("Most skipped cards: " + ", ".join(f"{n} ({c})" for n, c in names.most_common(args.top)))
    if args.cards:
        print()
        print(
            f"Imported with a sentence of their text not understood (warned, assumed away): {sum(not_understood.values())} cards: "
            + ", ".join(f"{n} ({c})" for n, c in not_understood.most_common(args.top))
        )


if __name__ == "__main__":
    main()
