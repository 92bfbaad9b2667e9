"""Positions for the benchmarks: seeded games, chance drawn by weight, half the moves greedy.

Purely random players of some games end a game in a few dozen actions (an
Orléans player whose tiles all wait on unfinished places with an empty bag
draws and recalls nothing), so half the moves are a greedy bot's.
"""
import random

import olab
from olab.bots import GreedyBot


def positions_of(name: str, config: dict, n: int = 200, seed: int = 1) -> list:
    """Up to ``n`` positions of one seeded game of ``olab.load(name, **config)``."""
    state = olab.load(name, **config).new_initial_state(seed)
    rng = random.Random(seed)
    bot = GreedyBot(seed=seed)
    out = []
    while not state.is_terminal() and len(out) < n:
        out.append(state.clone())
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        elif rng.random() < 0.5:
            state.apply_action(bot.choose(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return out
