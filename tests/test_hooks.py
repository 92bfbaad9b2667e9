"""Issue 26 point 1: the behaviour every game shares lives in the mixins, and every
hook shared code calls is declared on the contract with its default."""
from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import re

import pytest

import olab
from olab_core.common.state import CoreStateBase
from olab.contract import GameMixin, GameProtocol, StateMixin, StateProtocol, check_seed
from olab.turns import Move

ROOT = pathlib.Path(olab.__file__).parent

#: hooks shared code calls on a state, and the mixin's default behaviour
STATE_HOOKS = ("apply_recorded", "_illegal_reason", "_to_json", "_render", "_move_type", "_closes_move",
               "_opens_move", "winners", "turn_to_string", "string_to_turn", "moves", "serialize")
#: hooks shared code calls on a game
GAME_HOOKS = ("search_defaults", "core", "info", "component_totals", "observation_layout", "_layout",
              "_read_json", "_root_problem")

#: what the mixins do for every game, so no game's game.py writes it again
SHARED_STATE = ("serialize", "to_json", "render", "__str__", "winners", "turn_to_string", "string_to_turn",
                "moves", "_action_text")
SHARED_GAME = ("__eq__", "__hash__", "core", "info")


def _games():
    return [(name, olab.load(name)) for name in olab.games()]


@pytest.mark.parametrize("hook", STATE_HOOKS)
def test_every_state_hook_has_a_default_on_the_mixin(hook):
    # the core base's defaults count: _illegal_reason is the core's, which apply_action calls
    assert hasattr(StateMixin, hook) or hasattr(CoreStateBase, hook), f"StateMixin declares no {hook}"


@pytest.mark.parametrize("hook", GAME_HOOKS)
def test_every_game_hook_has_a_default_on_the_mixin(hook):
    assert hasattr(GameMixin, hook), f"GameMixin declares no {hook}"


@pytest.mark.parametrize("hook", ("apply_recorded", "_illegal_reason", "winners", "turn_to_string",
                                  "string_to_turn", "moves"))
def test_the_public_state_hooks_are_on_the_protocol(hook):
    assert hook in dir(StateProtocol)


@pytest.mark.parametrize("hook", ("search_defaults", "core", "info", "component_totals", "observation_layout"))
def test_the_public_game_hooks_are_on_the_protocol(hook):
    assert hook in GameProtocol.__annotations__ or hook in dir(GameProtocol)


def test_the_defaults_do_what_the_table_says():
    # a state of a game with no overrides of its own: the mixin's defaults
    name, game = _games()[0]
    state = game.new_initial_state(1)
    assert StateMixin._closes_move(state, 0) is False and StateMixin._opens_move(state) is True
    assert StateMixin._move_type is Move
    assert GameMixin.component_totals(game, state.to_json()) == []
    assert GameMixin.search_defaults.fget(game) == {}
    with pytest.raises(NotImplementedError):
        GameMixin._read_json(game, {})
    with pytest.raises(NotImplementedError):
        StateMixin._to_json(state, None, True)


@pytest.mark.parametrize("name", list(olab.games()))
def test_no_game_writes_the_shared_behaviour_again(name):
    module = importlib.import_module(olab.games()[name].module + ".game")
    tree = ast.parse(inspect.getsource(module))
    classes = {c.name: {f.name for f in c.body if isinstance(f, (ast.FunctionDef, ast.Assign))
                        and hasattr(f, "name")} for c in tree.body if isinstance(c, ast.ClassDef)}
    again = sorted(set(classes.get("State", ())) & set(SHARED_STATE))
    assert not again, f"{name}'s State writes {again} again (StateMixin has them)"
    again = sorted(set(classes.get("Game", ())) & set(SHARED_GAME))
    assert not again, f"{name}'s Game writes {again} again (GameMixin has them)"
    assert "must be an int in 0..2**64-1" not in inspect.getsource(module), "the seed check is contract.check_seed"


@pytest.mark.parametrize("name", list(olab.games()))
def test_the_core_has_a_public_accessor(name):
    game = olab.load(name)
    assert type(game.core).__name__ == "CoreGame"
    assert game.core.num_distinct_actions() == game.num_distinct_actions()
    assert game.info() is olab.games()[name]


@pytest.mark.parametrize("name", list(olab.games()))
@pytest.mark.parametrize("bad", (True, -1, 2 ** 64, 1.0, "1"))
def test_every_game_checks_its_seed_alike(name, bad):
    with pytest.raises(ValueError, match="seed must be"):
        olab.load(name).new_initial_state(bad)


def test_check_seed():
    assert check_seed(0) == 0 and check_seed(2 ** 64 - 1) == 2 ** 64 - 1
    assert check_seed(None, optional=True) is None
    with pytest.raises(ValueError, match="hidden_seed must be None or an int"):
        check_seed(False, "hidden_seed", optional=True)


@pytest.mark.parametrize("name", list(olab.games()))
def test_games_compare_and_hash_by_configuration(name):
    game = olab.load(name)
    again = olab.load(**game.config())
    assert game == again and hash(game) == hash(again)
    other = [n for n in olab.games() if n != name][0]
    assert game != olab.load(other)


@pytest.mark.parametrize("name", list(olab.games()))
def test_every_illegal_id_raises_illegal_action_error(name):
    # the protocol's apply relied on a catch-all for ids the facade could not
    # explain (issue 26.1): every id that is not legal must raise
    # IllegalActionError with the state unchanged, for every game
    game = olab.load(name)
    state = game.new_initial_state(2)
    before = state.clone()
    for a in range(game.num_distinct_actions()):
        if not state.is_legal(a):
            with pytest.raises(olab.IllegalActionError):
                state.apply_action(a)
    assert state == before


@pytest.mark.parametrize("name", list(olab.games()))
def test_the_mixins_views_check_the_seat(name):
    state = olab.load(name).new_initial_state(1)
    n = state.game.num_players()
    for call in (lambda p: state.to_json(p), lambda p: state.render(p)):
        for bad in (True, n, -1, "0"):
            with pytest.raises(ValueError, match="no seat"):
                call(bad)
    assert str(state) == state.render()
    assert state.moves() == []


_FOUND_BY_NAME = re.compile(r"""(getattr|hasattr)\([^)]*["'](apply_recorded|search_defaults|winners|_illegal_reason|"""
                            r"""_core|moves|string_to_turn|component_totals|_chain_history)["']""")


def test_shared_code_finds_no_hook_by_name():
    found = []
    for path in ROOT.rglob("*.py"):
        text = path.read_text()
        for m in _FOUND_BY_NAME.finditer(text):
            found.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
        if "import_module(" in text and "_package" in text:
            found.append(f"{path.relative_to(ROOT)}: import_module(... _package ...)")
    assert not found, found


@pytest.mark.parametrize("name", list(olab.games()))
def test_a_readers_component_totals_are_the_games(name):
    # the mixin found component_totals in the game's fromjson module by name;
    # now the Game declares it: a reader that counts the box must be wired to it
    game = olab.load(name)
    reader = importlib.import_module(olab.games()[name].module + ".fromjson")
    if hasattr(reader, "component_totals"):
        assert type(game).component_totals is not GameMixin.component_totals
        doc = game.new_initial_state(1).to_json()
        assert game.component_totals(doc) == reader.component_totals(game, doc) != []
