"""olab's test suite: shared tests at the top, one package per game (``tests/<game>/``).

The tests written once for every registered game (perft, random games,
docstring examples, the C ABI, records) live here and iterate
``olab.games()``; what they share is in :mod:`tests.helpers`.
"""
