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
import random

import olab
from olab.search import perft

LIMIT = 400_000         # keep every case well under a tenth of a second


def cases():
    for players in (2, 3, 4):
        for chance in ("sampled", "explicit"):
            for exclusion in (False, True):
                game = olab.load("orleans", players=players, chance=chance, exclusion=exclusion)
                for seed, plies in ((1, 0), (2, 60), (3, 200), (4, 100000)):
                    state = game.new_initial_state(seed)
                    rng = random.Random(seed)
                    prefix = []
                    while not state.is_terminal() and len(prefix) < plies:
                        if state.is_chance_node():
                            a, p = zip(*state.chance_outcomes())
                            act = rng.choices(a, p)[0]
                        else:
                            act = rng.choice(state.legal_actions())
                        prefix.append(state.action_to_string(act))
                        state.apply_action(act)
                    if state.is_terminal():
                        for _ in range(8):
                            state.undo_action()
                            prefix.pop()
                    depth = 1
                    while depth < 10 and 0 < perft(state, depth + 1) <= LIMIT:
                        depth += 1
                    yield (f"orleans {players} {chance} {exclusion}", seed, prefix, depth, perft(state, depth))


def main():
    print("# config (players chance exclusion) | seed | prefix (notation, ';' between actions) | depth | leaves")
    for config, seed, prefix, depth, count in cases():
        print(f"{config} | {seed} | {';'.join(prefix)} | {depth} | {count}")


if __name__ == "__main__":
    main()
