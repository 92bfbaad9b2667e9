"""Orléans's entry in the registry: its options and its factory."""
from __future__ import annotations

from olab.registry import GameInfo, Option

__all__ = ["GAME_INFO"]


def _replay(text, **options):
    from .record import replay

    return replay(text, **options)


def _export(state):
    from .record import export

    return export(state)


def _factory(players, chance, exclusion):
    from .game import Game

    return Game(players=players, chance=chance, exclusion=exclusion)


#: every player count in both chance modes, with and without the exclusion of place tiles
TEST_CONFIGS = tuple(dict(players=p, chance=c, exclusion=x)
                     for p in (2, 3, 4) for c in ("sampled", "explicit") for x in (False, True))

GAME_INFO = GameInfo(
    name="orleans",
    title="Orléans",
    options=(
        Option("players", int, 4, (2, 3, 4), "2 to 4 players"),
        Option("chance", str, "sampled", ("sampled", "explicit"),
               "draws (followers, hourglass, Plague, Bathhouse, torture) from the state's seeded generator, "
               "or each as a chance node with its exact probabilities"),
        Option("exclusion", bool, False, (False, True),
               "the additional rule: each player excludes place tiles before the first round"),
    ),
    factory=_factory,
    module="olab.orleans",
    replay_formats={"olab": _replay},
    export_formats={"olab": _export},
    test_configs=TEST_CONFIGS,
    # every draw is a chance node with chance="explicit"; the draws to come are hidden
    chance_mode="explicit_stochastic",
    # 2: the Sacristy only against a cost, the Bathhouse places two, recalls only for draws that
    # could be made (issue 24.5): a record of version 1 may replay differently
    rules_version=2,
    hidden_information=True,
)
