"""Write ``ora_et_labora.perft``: perft counts that pin the move generator.

Run it only when a rules change is *meant* to change the counts, and say so in
the commit::

    python tests/perft/generate.py > tests/perft/ora_et_labora.perft

Each case is a position (configuration, seed, and a prefix of actions written
in olab notation) and a depth; the count is the number of leaves of the
decision tree that many decisions below it.  Prefixes come from seeded random
games, so they reach the middle and the end of a game.
"""
import random

import olab
from olab.ora import perft

CONFIGS = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"), (4, "short")]
KENNERSPIEL = [(2, "short"), (4, "long")]       # a few cases under the other preset
LIMIT = 3_000_000          # keep every case under a few hundredths of a second


def cases():
    runs = [(v, p, n, "printed") for v in ("france", "ireland") for p, n in CONFIGS]
    runs += [(v, p, n, "kennerspiel") for v in ("france", "ireland") for p, n in KENNERSPIEL]
    for variant, players, length, rules in runs:
            game = olab.load("ora_et_labora", players=players, variant=variant, length=length,
                             rules=rules)
            for seed, plies in ((1, 0), (2, 40), (3, 150), (4, 100000)):
                state = game.new_initial_state(seed)
                rng = random.Random(seed)
                prefix = []
                # plies=100000: play to a few decisions before the end
                while not state.is_terminal() and len(prefix) < plies:
                    a = rng.choice(state.legal_actions())
                    prefix.append(state.action_to_string(a))
                    state.apply_action(a)
                if state.is_terminal():
                    for _ in range(6):
                        state.undo_action()
                        prefix.pop()
                depth = 1
                while depth < 8 and 0 < perft(state, depth + 1) <= LIMIT:
                    depth += 1
                yield (f"ora_et_labora {players} {variant} {length} {rules}", seed, prefix, depth,
                       perft(state, depth))


def main():
    print("# config | seed | prefix (notation, ';' between actions) | depth | leaves")
    for config, seed, prefix, depth, count in cases():
        print(f"{config} | {seed} | {';'.join(prefix)} | {depth} | {count}")


if __name__ == "__main__":
    main()
