"""Write ``fields_of_arle.perft``: perft counts that pin the Fields of Arle move generator.

Run it only when a rules change is *meant* to change the counts, and say so in
the commit::

    python tests/perft/generate_arle.py > tests/perft/fields_of_arle.perft

Each case is a position (configuration, seed, and a prefix of actions in olab
notation) and a depth; the count is the number of leaves of the decision tree
that many decisions below it.  Prefixes come from seeded random games, so they
reach the first turns, the middle and the end of a game.
"""
import random

import olab
from olab.arle import perft

CONFIGS = [(p, b, r) for p in (1, 2) for b in ("starter", "random") for r in ("printed", "rulebook")]
LIMIT = 500_000            # keep every case near a tenth of a second


def cases():
    for players, buildings, rules in CONFIGS:
        game = olab.load("fields_of_arle", players=players, buildings=buildings, rules=rules)
        for seed, plies in ((1, 0), (2, 30), (3, 90), (4, 100000)):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            prefix = []
            while not state.is_terminal() and len(prefix) < plies:
                a = rng.choice(state.legal_actions())
                prefix.append(state.action_to_string(a))
                state.apply_action(a)
            if state.is_terminal():
                for _ in range(8):
                    state.undo_action()
                    prefix.pop()
            depth = 1
            while depth < 9 and 0 < perft(state, depth + 1) <= LIMIT:
                depth += 1
            yield f"fields_of_arle {players} {buildings} {rules}", seed, prefix, depth, perft(state, depth)


def main():
    print("# config | seed | prefix (notation, ';' between actions) | depth | leaves")
    for config, seed, prefix, depth, count in cases():
        print(f"{config} | {seed} | {';'.join(prefix)} | {depth} | {count}")


if __name__ == "__main__":
    main()
