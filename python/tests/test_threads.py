"""The GIL is released while attackopt answers: another Python thread runs meanwhile."""

from __future__ import annotations

import json
import threading
import time

import attackopt
from conftest import run


def test_gil_released_while_solving(binary):
    board = run(binary, "generate", "--players", "6", "--creatures", "400", "--seed", "3", "--profile", "adversarial").stdout
    pos = attackopt.Position.from_json(json.loads(board))
    def ask() -> None:
        # Bounded by its time limit; running out of it (TimeLimit) is as good a test.
        try:
            pos.enumerate(200, time_limit=1.0)
        except attackopt.TimeLimit:
            pass

    started = time.perf_counter()
    ask()
    alone = time.perf_counter() - started
    assert alone > 0.05, f"the board answered in {alone:.3f} s, too fast to tell"

    ticks = 0
    done = threading.Event()

    def solve() -> None:
        ask()
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    # Counted in pure Python: with the GIL held by the solve, this loop would stall until it ends.
    while not done.is_set():
        ticks += 1
        time.sleep(0)
    worker.join()
    assert ticks > 1000, f"only {ticks} iterations ran beside the solve: the GIL was held"


def test_one_position_from_two_threads_answers_alike():
    pos = attackopt.Position.from_file("models/commander-eight-player.json")
    expected = pos.solve()
    results = []
    threads = [threading.Thread(target=lambda: results.append(pos.solve())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4
