"""Hardening: no input, thread or budget may crash, hang or corrupt olab (issue 14).

Each test reproduces a finding of the adversarial review and checks the fix.
"""
import copy
import math
import pickle

import pytest

import olab
from olab.bots import GreedyBot, MCTSBot, RandomBot, make_bot
from olab.errors import HistoryError, IllegalActionError, NotationError, OlabError


@pytest.fixture
def state():
    return olab.load("ora_et_labora", players=2).new_initial_state(2692)


# -- 4: budgets -------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [dict(time_ms=math.nan), dict(time_ms=math.inf), dict(time_ms=-1),
                                    dict(time_ms=0), dict(simulations=0), dict(simulations=1.5),
                                    dict(simulations=True)])
def test_bad_budgets_are_refused(kwargs):
    with pytest.raises(ValueError):
        MCTSBot(**kwargs)
    for name in ("random", "greedy", "mcts"):
        with pytest.raises(ValueError):
            make_bot(name, **kwargs)


def test_a_nan_time_budget_cannot_reach_the_search(state):
    from olab_core.common.search import Searcher
    s = Searcher()
    with pytest.raises(ValueError, match="finite"):
        s.search(state, 0, math.nan)
    with pytest.raises(ValueError):
        Searcher(exploration=math.nan)


# -- 8, 12: notation ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["AT 1 99999999999999999999", "FELL_TREES 99999999999999999999 0",
                                  "CUT_PEAT 2147483648 0", "AMOUNT 99999999999999999999"])
def test_overflowing_numbers_are_notation_errors(state, text):
    with pytest.raises(NotationError) as e:
        state.string_to_action(text)
    assert "too large" in str(e.value) and not isinstance(e.value, OverflowError)


@pytest.mark.parametrize("text", ["\u017fkip", "AMOUNT \u0663", "COMM\u0130T", "USE LR\uff11"])
def test_notation_is_ascii_only(state, text):
    with pytest.raises(NotationError, match="ASCII"):
        state.string_to_action(text)


# -- 9: seeds -------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, 2 ** 64, 1.0, "1", True])
def test_bot_seeds_are_checked(seed):
    for cls in (RandomBot, GreedyBot, MCTSBot):
        with pytest.raises(ValueError, match="seed"):
            cls(seed=seed)


def test_arena_seeds_stay_in_64_bits():
    from olab.arena import run_arena
    r = run_arena(["random", "random"], games=2, seed=2 ** 64 - 3)
    assert r.games == 2
    with pytest.raises(ValueError):
        run_arena(["random", "random"], games=2, seed=2 ** 64 - 1)
    with pytest.raises(ValueError):
        run_arena(["random", "random"], games=2, seed=-1)


# -- 10: rule options ----------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [dict(whiskey_distillery_free="false"), dict(whiskey_distillery_free=0),
                                    dict(round_tower_dwelling=9.0), dict(two_player_round_limit=True)])
def test_rule_options_are_type_checked(kwargs):
    with pytest.raises(ValueError):
        olab.ora.Rules.preset("printed", **kwargs)
    with pytest.raises(ValueError):
        olab.load("ora_et_labora", **kwargs)


def test_a_preset_name_cannot_be_overridden():
    with pytest.raises(ValueError, match="preset"):
        olab.ora.Rules.preset("printed", preset="kennerspiel")
    with pytest.raises(ValueError, match="preset"):
        olab.load("ora_et_labora", preset="kennerspiel")


# -- 11: actions, games, states --------------------------------------------------------

def test_actions_may_be_any_integral_type(state):
    np = pytest.importorskip("numpy")
    a = state.legal_actions()[0]
    assert state.is_legal(np.int64(a)) and state.is_legal(np.int32(a))
    state.apply_action(np.int64(a))
    assert state.history() == [a]


def test_true_is_not_an_action(state):
    assert not state.is_legal(True)
    with pytest.raises(TypeError):
        state.apply_action(True)
    assert state.move_number() == 0


def test_games_pickle_and_deep_copy():
    game = olab.load("ora_et_labora", players=3, variant="ireland", rules="kennerspiel", round_tower_dwelling=9)
    assert pickle.loads(pickle.dumps(game)) == game
    assert copy.deepcopy(game) == game


def test_an_id_no_decision_produces_says_so(state):
    with pytest.raises(ValueError, match="names nothing"):
        state.action_to_string(2000)            # a USE of a space with no building


def test_undo_at_the_start_is_an_olab_error(state):
    with pytest.raises(HistoryError) as e:
        state.undo_action()
    assert isinstance(e.value, OlabError) and isinstance(e.value, IndexError) and "first position" in str(e.value)


def test_illegal_ids_of_every_kind_leave_the_state(state):
    before = state._raw()
    for a in (-1, 4868, 2 ** 63, 10 ** 30):
        with pytest.raises(IllegalActionError):
            state.apply_action(a)
    assert state._raw() == before
