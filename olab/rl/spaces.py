"""Gymnasium spaces of a game: ``Discrete`` actions, a ``Box`` observation, a ``MultiBinary`` mask.

>>> import olab
>>> from olab.rl.spaces import action_space, observation_space
>>> game = olab.load("fields_of_arle")
>>> int(action_space(game).n) == game.num_distinct_actions()
True
>>> space = observation_space(game)
>>> space["observation"].shape == game.observation_tensor_shape(), int(space["action_mask"].n) == game.num_distinct_actions()
(True, True)
"""
from __future__ import annotations

from olab.rl import require

__all__ = ["action_space", "tensor_space", "mask_space", "observation_space"]


def action_space(game, seed: int | None = None):
    """``Discrete(num_distinct_actions)``: every action id of the game."""
    spaces = require("gymnasium", "olab.rl.spaces").spaces
    return spaces.Discrete(game.num_distinct_actions(), seed=seed)


def tensor_space(game, seed: int | None = None):
    """A float32 ``Box`` of the observation tensor, with the layout's bounds per element."""
    np = require("numpy", "olab.rl.spaces")
    spaces = require("gymnasium", "olab.rl.spaces").spaces
    low, high = game.observation_layout().bounds()
    shape = tuple(game.observation_tensor_shape())
    return spaces.Box(low=low.reshape(shape), high=high.reshape(shape), shape=shape, dtype=np.float32, seed=seed)


def mask_space(game, seed: int | None = None):
    """``MultiBinary(num_distinct_actions)`` (int8): 1 for each legal action."""
    spaces = require("gymnasium", "olab.rl.spaces").spaces
    return spaces.MultiBinary(game.num_distinct_actions(), seed=seed)


def observation_space(game, seed: int | None = None):
    """``Dict(observation=Box, action_mask=MultiBinary)``: what one player is shown."""
    spaces = require("gymnasium", "olab.rl.spaces").spaces
    return spaces.Dict({"observation": tensor_space(game, seed), "action_mask": mask_space(game, seed)},
                       seed=seed)
