"""What a benchmark prints beside its figures, so a fresh clone can tell a slower machine
from a slower program: the CPUs, the load average, and the CPU time of one fixed piece of
work (the calibration), always the same work on every machine and every run."""

from __future__ import annotations

import hashlib
import os
import time

# The calibration's work: hash 16 MB in 4 KB blocks and sort 500,000 integers, in pure
# Python and C alike, as the product's work mixes both. Never change it: its figure is
# only comparable with itself.
_BLOCK = bytes(range(256)) * 16
# This machine kind (2 cores, quiet), for reading the figure: see docs/benchmarks.md.
REFERENCE_MS = 100


def calibration_ms() -> float:
    """Process CPU time of the fixed work, best of three, in milliseconds."""
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        digest = hashlib.sha256()
        for _ in range(4096):
            digest.update(_BLOCK)
        sorted((i * 7919) % 500_009 for i in range(500_000))
        best = min(best, time.process_time() - started)
    return best * 1000


def machine_line() -> str:
    one, five, _ = os.getloadavg()
    return (f"machine: {os.cpu_count()} CPUs, load average {one:.2f} (1 min) {five:.2f} "
            f"(5 min); CPU calibration {calibration_ms():.0f} ms for the fixed work "
            f"(about {REFERENCE_MS} ms on a quiet 2-core machine of this project's kind; "
            f"higher is a slower or busier machine)")
