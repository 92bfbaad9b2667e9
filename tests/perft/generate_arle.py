"""Write ``fields_of_arle.perft``: perft counts that pin the Fields of Arle move generator.

Run it only when a rules change is *meant* to change the counts, and say so in
the commit::

    python tests/perft/generate_arle.py > tests/perft/fields_of_arle.perft

Each case is a position (configuration, seed, and a prefix of actions in olab
notation) and a depth; the count is the number of leaves of the decision tree
that many decisions below it.  Prefixes come from seeded random games, so they
reach the first turns, the middle and the end of a game.
"""
from olab.testing import perft_file_lines

OPTIONS = ("players", "buildings", "rules")
CONFIGS = [dict(players=p, buildings=b, rules=r) for p in (1, 2) for b in ("starter", "random")
           for r in ("printed", "rulebook")]


def main():
    # a limit of 500,000 leaves keeps every case near a tenth of a second
    for line in perft_file_lines("fields_of_arle", CONFIGS, OPTIONS, plies=(0, 30, 90, 100000), back=8,
                                 limit=500_000, max_depth=9):
        print(line)


if __name__ == "__main__":
    main()
