"""Linearity by growth, never by a wall-clock budget: the process CPU time of a reading
at size 2n against size n, twice (n to 2n, 2n to 4n). A linear reading costs twice as
much per doubling, a quadratic one four times, at both. The machine's speed and load
cancel out of a ratio, so CI can share its CPUs with anything; asking both doublings
keeps one step of the CPU's caches (a string outgrowing them costs more per character
once) from reading as a quadratic."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

# Per doubling: 2 is linear, 4 quadratic; this is their geometric mean.
MAX_RATIO = 2.83
# The smallest run is grown until it costs this much CPU, so timer resolution and a
# stray interrupt cannot decide the ratio.
MIN_SECONDS = 0.02


def cpu_seconds(run: Callable[[Any], Any], data: Any, *, repeat: int = 3) -> float:
    """The least process CPU time of ``repeat`` runs (the least is the least disturbed).
    The cyclic collector is off while it counts, as timeit has it: its passes scan the
    whole test process's heap, a cost that grows with what else the suite holds."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            started = time.process_time()
            run(data)
            best = min(best, time.process_time() - started)
    finally:
        if enabled:
            gc.enable()
    return best


def per_call_seconds(run: Callable[[Any], Any], data: Any, *, repeat: int = 3) -> float:
    """The least CPU time of one call, each measurement looping the call until it costs
    at least ``MIN_SECONDS`` (as timeit's autorange does): a call of a few milliseconds
    is then not read through the timer's resolution and one stray interrupt."""
    loops, cost = 1, cpu_seconds(run, data, repeat=1)
    while cost * loops < MIN_SECONDS and loops < 1024:
        loops *= 2

    def looped(value: Any) -> None:
        for _ in range(loops):
            run(value)

    return cpu_seconds(looped, data, repeat=repeat) / loops


def assert_costs_less(run: Callable[[Any], Any], small: Any, large: Any, factor: float, *,
                      floor: float = 0.0, label: str = "") -> None:
    """Fails when ``large`` costs ``factor`` times what ``small`` costs (or ``floor``
    seconds, when more) in two measurements one after the other: a reading that grows
    does so every time; a shared machine seldom disturbs two measurements alike (CI once
    measured x3.35 for a ratio that is x1.5 alone, the small side 8 ms read once)."""
    for _ in range(2):
        little, big = per_call_seconds(run, small), per_call_seconds(run, large)
        if big < factor * max(little, floor):
            return
    assert big < factor * max(little, floor), (
        f"{label or run}: {little:.4f}s then {big:.4f}s (x{big / max(little, 1e-9):.1f}; "
        f"the limit is x{factor})")


def growth(build: Callable[[int], Any], run: Callable[[Any], Any], n: int, *,
           max_n: int | None = None) -> tuple[int, list[float]]:
    """(n, [cost at n, 2n, 4n]), n halved or doubled from the given size (one probe run
    each) until the cost at n is measurable but small, or ``max_n`` is reached."""
    max_n = max_n or n * 64
    gc.collect()  # once: a full pass over the test process's heap is itself costly
    cost = cpu_seconds(run, build(n), repeat=1)
    while cost > 4 * MIN_SECONDS and n >= 32:
        n //= 2
        cost = cpu_seconds(run, build(n), repeat=1)
    while cost < MIN_SECONDS and n * 2 <= max_n:
        n *= 2
        cost = cpu_seconds(run, build(n), repeat=1)
    costs = [cpu_seconds(run, build(n * k), repeat=3) for k in (1, 2, 4)]
    # The smallest again, after the others: one measurement a stall inflated at every
    # repeat (seen: 45 ms where the size costs 30, 199 ms where it costs 115) reads a
    # quadratic as under x2.83, so each size is the least of three runs and the first of
    # five.
    costs[0] = min(costs[0], cpu_seconds(run, build(n), repeat=2))
    return n, costs


def assert_linear(build: Callable[[int], Any], run: Callable[[Any], Any], n: int, *,
                  max_n: int | None = None, label: str = "") -> None:
    """Fails when both doublings of the input more than ``MAX_RATIO``-fold the CPU time,
    in two measurements one after the other: a quadratic reading does so every time; a
    machine busy enough to thrash the caches of one measurement (seen in CI sharing two
    cores with three other processes: x3.4 then x3.0 for a reading that is x2 alone)
    seldom does so twice."""
    for _ in range(2):
        size, costs = growth(build, run, n, max_n=max_n)
        ratios = [costs[1] / max(costs[0], 1e-4), costs[2] / max(costs[1], 1e-4)]
        if min(ratios) < MAX_RATIO:
            return
    assert min(ratios) < MAX_RATIO, (
        f"{label or run}: " + ", ".join(f"{c:.3f}s" for c in costs)
        + f" at n={size}, 2n, 4n (x{ratios[0]:.1f} then x{ratios[1]:.1f} per doubling; "
        f"linear is x2, quadratic x4)")
