"""Write ``tests/perft/<game>.perft``: perft counts that pin a game's move generator.

Run it only when a rules change is *meant* to change the counts, and say so in
the commit::

    python tests/perft/generate.py ora_et_labora > tests/perft/ora_et_labora.perft
    python tests/perft/generate.py fields_of_arle > tests/perft/fields_of_arle.perft
    python tests/perft/generate.py orleans > tests/perft/orleans.perft

Each case is a position (configuration, seed, and a prefix of actions written
in olab notation, chance outcomes included with ``chance="explicit"``) and a
depth; the count is the number of leaves of the decision tree that many
decisions below it (a chance node's outcomes are branches; with ``"sampled"``
the state's generator draws inside each action, so the count is still exact).
Prefixes come from seeded random games, so they reach the first turns, the
middle and the end of a game.  A new game adds its entry to ``FILES``.
"""
import sys

from olab.testing import perft_file_lines

_MODES = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"), (4, "short")]
_KENNERSPIEL = [(2, "short"), (4, "long")]       # a few Ora et Labora cases under the other preset

#: game -> (the options written in each line, the configurations, perft_file_lines' settings);
#: each limit keeps every case of its file under about a tenth of a second
FILES = {
    "ora_et_labora": (
        ("players", "variant", "length", "rules"),
        [dict(players=p, variant=v, length=n, rules="printed") for v in ("france", "ireland") for p, n in _MODES]
        + [dict(players=p, variant=v, length=n, rules="kennerspiel") for v in ("france", "ireland")
           for p, n in _KENNERSPIEL],
        dict(plies=(0, 40, 150, 100000), back=6, limit=3_000_000, max_depth=8)),
    "fields_of_arle": (
        ("players", "buildings", "rules"),
        [dict(players=p, buildings=b, rules=r) for p in (1, 2) for b in ("starter", "random")
         for r in ("printed", "rulebook")],
        dict(plies=(0, 30, 90, 100000), back=8, limit=500_000, max_depth=9)),
    "orleans": (
        ("players", "chance", "exclusion"),
        [dict(players=p, chance=c, exclusion=x) for p in (2, 3, 4) for c in ("sampled", "explicit")
         for x in (False, True)],
        dict(plies=(0, 60, 200, 100000), back=8, limit=400_000, max_depth=10)),
}


def main(argv):
    if len(argv) != 1 or argv[0] not in FILES:
        sys.exit(f"usage: python tests/perft/generate.py {{{','.join(FILES)}}}")
    options, configs, settings = FILES[argv[0]]
    for line in perft_file_lines(argv[0], configs, options, **settings):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
