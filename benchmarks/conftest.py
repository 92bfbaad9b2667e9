"""Benchmarks run with pytest-benchmark: ``pytest benchmarks``.

CI runs them once with ``--benchmark-disable`` to prove they work.
"""
