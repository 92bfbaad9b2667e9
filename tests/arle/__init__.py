"""Fields of Arle tests (shared helpers: tests/arle/arlehelp.py, tests/helpers.py)."""
