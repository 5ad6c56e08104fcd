"""Linearity by growth, never by a wall-clock budget: the process CPU time of a reading
at size n, then 2n, then 4n. A linear reading costs four times as much at 4n, a quadratic
one sixteen times; the machine's speed and load cancel out of the ratio, so CI can share
its CPUs with anything and the test still tells one from the other (two doublings leave
a factor of two for noise either way)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

# Over two doublings: 4 is linear, 16 quadratic, n log n a little over 4.
MAX_RATIO = 8.0
# The smallest run is grown until it costs this much CPU, so timer resolution and a
# stray interrupt cannot decide the ratio.
MIN_SECONDS = 0.02


def cpu_seconds(run: Callable[[Any], Any], data: Any, *, repeat: int = 3) -> float:
    """The least process CPU time of ``repeat`` runs (the least is the least disturbed).
    The cyclic collector is off while it counts, as timeit has it: its passes scan the
    whole test process's heap, a cost that grows with what else the suite holds."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            started = time.process_time()
            run(data)
            best = min(best, time.process_time() - started)
        finally:
            gc.enable()
    return best


def growth(build: Callable[[int], Any], run: Callable[[Any], Any], n: int, *,
           max_n: int | None = None) -> tuple[int, list[float]]:
    """(n, [cost at n, 2n, 4n]), n doubled from the given size (one probe run each)
    until the cost at n is measurable, or ``max_n`` is reached."""
    max_n = max_n or n * 64
    while n * 2 <= max_n and cpu_seconds(run, build(n), repeat=1) < MIN_SECONDS:
        n *= 2
    return n, [cpu_seconds(run, build(n * k), repeat=3 if k == 1 else 2) for k in (1, 2, 4)]


def assert_linear(build: Callable[[int], Any], run: Callable[[Any], Any], n: int, *,
                  max_n: int | None = None, label: str = "") -> None:
    """Fails when two doublings of the input more than ``MAX_RATIO``-fold the CPU time."""
    size, costs = growth(build, run, n, max_n=max_n)
    ratio = costs[2] / max(costs[0], 1e-4)
    assert ratio < MAX_RATIO, (
        f"{label or run}: " + ", ".join(f"{c:.3f}s" for c in costs)
        + f" at n={size}, 2n, 4n (x{ratio:.1f} over two doublings; linear is x4, "
        f"quadratic x16)")
