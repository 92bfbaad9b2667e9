"""Write ``orleans.perft``: perft counts that pin Orléans's move generator.

Run it only when a rules change is *meant* to change the counts, and say so
in the commit::

    python tests/perft/generate_orleans.py > tests/perft/orleans.perft

Each case is a position (configuration, seed, and a prefix of actions in olab
notation, chance outcomes included with ``chance="explicit"``) and a depth;
the count is the number of leaves of the decision tree that many decisions
below it (a chance node's outcomes are branches; with ``"sampled"`` the
state's generator draws inside each action, so the count is still exact).
"""
from olab.testing import perft_file_lines

OPTIONS = ("players", "chance", "exclusion")
CONFIGS = [dict(players=p, chance=c, exclusion=x) for p in (2, 3, 4) for c in ("sampled", "explicit")
           for x in (False, True)]


def main():
    # a limit of 400,000 leaves keeps every case well under a tenth of a second
    for line in perft_file_lines("orleans", CONFIGS, OPTIONS, plies=(0, 60, 200, 100000), back=8,
                                 limit=400_000, max_depth=10):
        print(line)


if __name__ == "__main__":
    main()
