"""olab.rl.openspiel: every game as a pyspiel game, checked by OpenSpiel's own tests and bots."""
import pytest

import olab

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from olab.bots import make_bot  # noqa: E402
from olab.rl import openspiel  # noqa: E402

NAMES = list(olab.games())


def _small(name):
    # the game's shortest configuration with several players among its test configurations
    info = olab.games()[name]
    several = [c for c in info.test_configs if c.get("players", 2) > 1 and len(c) > 1]
    several.sort(key=lambda c: (c.get("players", 2), c.get("length") != "short"))
    return dict(several[0]) if several else {}


def test_register_every_game_again_and_again():
    names = openspiel.register()
    assert names == [openspiel.game_name(n) for n in NAMES]
    assert openspiel.register() == names
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered


@pytest.mark.parametrize("name", NAMES)
def test_parameters_are_the_options(name):
    openspiel.register()
    info = olab.games()[name]
    game = pyspiel.load_game(openspiel.game_name(name))
    params = game.get_parameters()
    assert params["seed"] == 0
    for o in info.options:
        if o.default is not None:
            assert params[o.name] == o.default
    assert game.num_distinct_actions() == olab.load(name).num_distinct_actions()
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(openspiel.game_name(name), {"no_such_option": 1})
    with pytest.raises(ValueError, match="seed"):
        pyspiel.load_game(openspiel.game_name(name), {"seed": -1})


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_sim_test(name):
    openspiel.register()
    for options in ({}, _small(name)):
        game = pyspiel.load_game(openspiel.game_name(name), options)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_states_agree_with_olab(name):
    openspiel.register()
    options = _small(name)
    game = pyspiel.load_game(openspiel.game_name(name), {**options, "seed": 4})
    ref = olab.load(name, **options).new_initial_state(4)
    state = game.new_initial_state()
    observer = make_observation(game)
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        assert state.current_player() == ref.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes == sorted(ref.chance_outcomes())
            action = outcomes[rng.randint(len(outcomes))][0]
        else:
            p = state.current_player()
            assert state.legal_actions() == sorted(ref.legal_actions())
            observer.set_from(state, p)
            assert np.array_equal(observer.tensor, ref.observation_tensor(p))
            assert observer.string_from(state, p) == ref.observation_string(p)
            action = state.legal_actions()[rng.randint(len(state.legal_actions()))]
            assert state.action_to_string(p, action) == ref.action_to_string(action)
        clone = state.clone()
        state.apply_action(action)
        ref.apply_action(action)
        assert clone.history() == state.history()[:-1]
    assert state.returns() == pytest.approx(ref.returns())


@pytest.mark.parametrize("name", NAMES)
def test_mcts_against_olab_random_bot(name):
    """Full games: OpenSpiel's MCTSBot (random rollouts) against olab's random bot, through evaluate_bots."""
    openspiel.register()
    options = _small(name)
    game = pyspiel.load_game(openspiel.game_name(name), options)
    n = game.num_players()
    for seat in range(n):
        rng = np.random.RandomState(seat)
        bots = [openspiel.olab_bot(make_bot("random", seed=10 + p), p) for p in range(n)]
        bots[seat] = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == n and sum(returns) == pytest.approx(1.0)
        assert all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", NAMES)
def test_ismcts_resamples_what_its_seat_cannot_see(name):
    """OpenSpiel's IS-MCTS searches positions drawn by resample_from_infostate (olab's determinize)."""
    from open_spiel.python.algorithms import ismcts

    openspiel.register()
    game = pyspiel.load_game(openspiel.game_name(name), _small(name))
    n = game.num_players()
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(40):               # into the game, chance nodes resolved at random
        if state.is_terminal():
            break
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(acts, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for p in range(n):
        other = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.observation_tensor(p) == state.observation_tensor(p)
        assert other.legal_actions() == state.legal_actions()
    if game.get_type().information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        return                        # (IS-MCTS takes only games with hidden information)
    # a full game with IS-MCTS in one seat (ISMCTSBot has no restart_at, so no evaluate_bots)
    seat, rng = n - 1, np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    other = make_bot("random", seed=21)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(acts, p=probs)))
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(other.choose(state._olab.determinize(state.current_player(), 1)))
    assert sum(state.returns()) == pytest.approx(1.0)

