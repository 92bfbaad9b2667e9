"""Orléans tests (shared helpers: tests/orleans/orlhelp.py, tests/helpers.py)."""
