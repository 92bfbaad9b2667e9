"""Every registered game as an OpenSpiel (pyspiel) Python game.

>>> import pyspiel
>>> from olab.rl import openspiel
>>> names = openspiel.register()
>>> "olab_fields_of_arle" in names
True
>>> game = pyspiel.load_game("olab_fields_of_arle", {"players": 2})
>>> game.num_players(), game.num_distinct_actions() > 0
(2, True)
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.returns())
1.0

A game's parameters are its options (:func:`olab.load`) that have a value
of their own; the rule fields a preset decides (default ``None``) are left
to the preset.  Who moves uses OpenSpiel's ids (olab uses them too): a seat,
``pyspiel.PlayerId.CHANCE`` at a chance node, ``TERMINAL`` at the end.  A
new state is the game dealt with seed 0 unless the parameter ``seed`` (an
int, 0 by default) says otherwise.  The observation tensor is olab's
(``state.observation_tensor(player)``: only what ``player`` may see); the
observation and information state strings are olab's too.

:func:`olab_bot` wraps an olab bot as a ``pyspiel.Bot``, so that OpenSpiel's
``evaluate_bots`` can play it against OpenSpiel's own bots.
"""
from __future__ import annotations

from olab.rl import require

__all__ = ["register", "game_name", "olab_bot"]

#: a bound on a solo game's score (its return), for OpenSpiel's GameInfo
MAX_SOLO_SCORE = 1000.0

_REGISTERED: dict[str, object] = {}


def game_name(name: str) -> str:
    """The pyspiel name of olab game ``name``: ``"olab_" + name``."""
    return f"olab_{name}"


def _params_of(info) -> dict:
    params = {"seed": 0}
    for o in info.options:
        if o.default is not None and o.type in (bool, int, str, float):
            params[o.name] = o.default
    return params


def _classes(pyspiel):
    np = require("numpy", "olab.rl.openspiel")

    class Observer:
        """OpenSpiel's observer protocol over olab's tensors and strings."""

        def __init__(self, game, info_state: bool):
            size = int(np.prod(game._olab.observation_tensor_shape()))
            self.tensor = np.zeros(size, dtype=np.float32)
            self.dict = {"observation": self.tensor}
            self._info_state = info_state

        def set_from(self, state, player):
            state._olab.observation_tensor(player, out=self.tensor)

        def string_from(self, state, player):
            s = state._olab
            return s.information_state_string(player) if self._info_state else s.observation_string(player)

    class OlabSpielState(pyspiel.State):
        """A pyspiel state holding an olab State."""

        def __init__(self, game, olab_state=None):
            super().__init__(game)
            self._olab = olab_state if olab_state is not None else game._olab.new_initial_state(game._seed)

        def current_player(self):
            return self._olab.current_player()

        def _legal_actions(self, player):
            return sorted(self._olab.legal_actions())

        def chance_outcomes(self):
            return sorted(self._olab.chance_outcomes())

        def _apply_action(self, action):
            self._olab.apply_action(int(action))

        def _action_to_string(self, player, action):
            return self._olab.action_to_string(int(action))

        def is_terminal(self):
            return self._olab.is_terminal()

        def returns(self):
            s = self._olab
            return list(s.returns()) if s.is_terminal() else [0.0] * self.get_game().num_players()

        def __str__(self):
            return self._olab.render()

        def __deepcopy__(self, memo):
            # pyspiel clones a Python state with deepcopy
            return OlabSpielState(self.get_game(), self._olab.clone())

        def resample_from_infostate(self, player_id, probability_sampler):
            """A position ``player_id`` cannot tell from this one (OpenSpiel's hook for IS-MCTS).

            What the seat cannot see is drawn again by olab's
            ``determinize``, seeded from ``probability_sampler()`` (a float
            in [0, 1)); a game without hidden information gives a copy.
            """
            seed = int(float(probability_sampler()) * 2.0 ** 53) % (2 ** 64)
            return OlabSpielState(self.get_game(), self._olab.determinize(int(player_id), seed))

    class OlabSpielGame(pyspiel.Game):
        """A configuration of an olab game as a pyspiel game."""

        _info = None       # set by register() in the subclass made for each game
        _type = None

        def __init__(self, params=None):
            import olab

            info, game_type = self._info, self._type
            params = dict(params or {})
            seed = params.pop("seed", 0)
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise ValueError(f"seed must be an int >= 0, not {seed!r}")
            options = {k: v for k, v in params.items() if info.option(k).default != v}
            self._olab = olab.load(info.name, **options)
            self._seed = seed
            n = self._olab.num_players()
            core = self._olab.core
            game_info = pyspiel.GameInfo(
                num_distinct_actions=self._olab.num_distinct_actions(),
                max_chance_outcomes=core._max_legal() if info.chance_mode != "deterministic" else 0,
                num_players=n,
                min_utility=0.0,
                max_utility=1.0 if n > 1 else MAX_SOLO_SCORE,
                # OpenSpiel wants a sum only from a constant-sum game type (a game
                # with a solo mode is general-sum, its returns with several
                # players still sum to 1)
                utility_sum=1.0 if game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM else None,
                max_game_length=info.max_game_length)
            super().__init__(game_type, game_info, {"seed": seed, **params})

        def new_initial_state(self):
            return OlabSpielState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            info_state = iig_obs_type is not None and iig_obs_type.perfect_recall
            return Observer(self, info_state)

        def observation_tensor_shape(self):
            return list(self._olab.observation_tensor_shape())

        def observation_tensor_size(self):
            return int(np.prod(self._olab.observation_tensor_shape()))

    return OlabSpielGame


def register() -> list[str]:
    """Register every game of the registry with pyspiel (again is harmless); returns their pyspiel names."""
    pyspiel = require("pyspiel", "olab.rl.openspiel")
    import olab

    game_cls = None
    for name, info in olab.games().items():
        short = game_name(name)
        if short in _REGISTERED:
            continue
        if game_cls is None:
            game_cls = _classes(pyspiel)
        # the registry's declarations (GameInfo), not probes of the core
        T = pyspiel.GameType
        chance = {"deterministic": T.ChanceMode.DETERMINISTIC,
                  "explicit_stochastic": T.ChanceMode.EXPLICIT_STOCHASTIC}[info.chance_mode]
        utility = {"zero_sum": T.Utility.ZERO_SUM, "constant_sum": T.Utility.CONSTANT_SUM,
                   "general_sum": T.Utility.GENERAL_SUM}[info.utility]
        game_type = T(
            short_name=short,
            long_name=f"olab {info.title}",
            dynamics=T.Dynamics.SEQUENTIAL,
            chance_mode=chance,
            information=(T.Information.PERFECT_INFORMATION if info.perfect_information
                         else T.Information.IMPERFECT_INFORMATION),
            # a solo game returns its score, so one that may be played alone is general-sum
            utility=T.Utility.GENERAL_SUM if info.solo else utility,
            reward_model=T.RewardModel.TERMINAL,
            max_num_players=info.max_players,
            min_num_players=info.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_params_of(info))

        # one class per game, registered as the class itself, as OpenSpiel's
        # own Python games are
        cls = type(f"OlabSpielGame_{name}", (game_cls,), {"_info": info, "_type": game_type})
        pyspiel.register_game(game_type, cls)
        _REGISTERED[short] = cls
    return [game_name(n) for n in olab.games()]


def olab_bot(bot, player_id: int):
    """An olab bot (``olab.bots.make_bot(...)``) as a ``pyspiel.Bot`` for seat ``player_id``."""
    pyspiel = require("pyspiel", "olab.rl.openspiel")

    class _OlabBot(pyspiel.Bot):  # type: ignore[name-defined]  # pyspiel is imported at run time
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self._bot = bot
            self._player = player_id

        def step(self, state):
            return self._bot.choose(state._olab)

        def restart_at(self, state):
            pass

        def inform_action(self, state, player_id, action):
            pass

        def player_id(self):
            return self._player

    return _OlabBot()
