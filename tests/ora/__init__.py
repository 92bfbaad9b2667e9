"""Ora et Labora tests (shared helpers: tests/ora/orahelp.py, tests/helpers.py)."""
