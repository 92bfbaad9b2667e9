"""Write ``ora_et_labora.perft``: perft counts that pin the move generator.

Run it only when a rules change is *meant* to change the counts, and say so in
the commit::

    python tests/perft/generate.py > tests/perft/ora_et_labora.perft

Each case is a position (configuration, seed, and a prefix of actions written
in olab notation) and a depth; the count is the number of leaves of the
decision tree that many decisions below it.  Prefixes come from seeded random
games, so they reach the middle and the end of a game.
"""
from olab.testing import perft_file_lines

MODES = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"), (4, "short")]
KENNERSPIEL = [(2, "short"), (4, "long")]       # a few cases under the other preset
OPTIONS = ("players", "variant", "length", "rules")
CONFIGS = ([dict(players=p, variant=v, length=n, rules="printed") for v in ("france", "ireland") for p, n in MODES]
           + [dict(players=p, variant=v, length=n, rules="kennerspiel") for v in ("france", "ireland")
              for p, n in KENNERSPIEL])


def main():
    # a limit of 3,000,000 leaves keeps every case under a few hundredths of a second
    for line in perft_file_lines("ora_et_labora", CONFIGS, OPTIONS, plies=(0, 40, 150, 100000), back=6,
                                 limit=3_000_000, max_depth=8):
        print(line)


if __name__ == "__main__":
    main()
