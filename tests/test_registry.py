"""The registry: olab.games(), olab.load() with typed options, game.config() (issue 9, section 1)."""
import copy
import pickle

import pytest

import olab
from olab.registry import GameInfo, Option


def test_games_lists_every_game_with_its_options():
    games = olab.games()
    assert "ora_et_labora" in games and list(games)[0] == "ora_et_labora"
    info = games["ora_et_labora"]
    assert info.title == "Ora et Labora" and info.module == "olab.ora"
    names = info.option_names()
    assert names[:5] == ["players", "variant", "length", "rules", "chance"]
    # every rule field of olab.ora.Rules is an option, the preset's name is not
    from dataclasses import fields
    rule_fields = {f.name for f in fields(olab.ora.Rules)} - {"players", "variant", "length", "preset"}
    assert rule_fields <= set(names) and "preset" not in names
    for o in info.options:
        assert o.help and o.type in (bool, int, str)
        assert o.values is None or o.default is None or o.default in o.values
    d = info.describe()
    assert d["options"][0] == {"name": "players", "type": "int", "default": 4, "values": [1, 2, 3, 4],
                               "help": info.option("players").help}
    assert d["replay_formats"] == ["kennerspiel"] and d["export_formats"] == ["kennerspiel"]
    with pytest.raises(TypeError):
        games["chess"] = info                      # read-only


@pytest.mark.parametrize("kwargs, words", [
    (dict(game="chess"), ["unknown game", "ora_et_labora"]),
    (dict(game="ora_et_labora", players=True), ["players", "an int"]),
    (dict(game="ora_et_labora", players=2.0), ["players", "an int"]),
    (dict(game="ora_et_labora", players="2"), ["players", "an int"]),
    (dict(game="ora_et_labora", whiskey_distillery_free="false"), ["whiskey_distillery_free", "a bool"]),
    (dict(game="ora_et_labora", whiskey_distillery_free=1), ["whiskey_distillery_free", "a bool"]),
    (dict(game="ora_et_labora", round_tower_dwelling=9.0), ["round_tower_dwelling", "an int"]),
    (dict(game="ora_et_labora", round_tower_dwelling=5), ["round_tower_dwelling", "9, 2"]),
    (dict(game="ora_et_labora", chance="always"), ["chance", "'sampled', 'explicit'"]),
    (dict(game="ora_et_labora", preset="printed"), ["unknown option", "preset"]),
    (dict(game="ora_et_labora", two_player_round_limit=5), ["two_player_round_limit", "30..1000"]),
])
def test_load_refuses_bad_options_naming_what_is_valid(kwargs, words):
    # issue 14 item 10 as well: strict types, no preset relabelling
    with pytest.raises(ValueError) as e:
        olab.load(**kwargs)
    for w in words:
        assert w in str(e.value), str(e.value)


@pytest.mark.parametrize("cfg", olab.games()["ora_et_labora"].test_configs)
def test_config_rebuilds_an_equal_game(cfg):
    game = olab.load("ora_et_labora", **cfg)
    config = game.config()
    assert olab.load(**config) == game and hash(olab.load(**config)) == hash(game)
    import json
    assert json.loads(json.dumps(config)) == config
    assert pickle.loads(pickle.dumps(game)) == game
    assert copy.deepcopy(game) == game and copy.copy(game) == game


def test_config_lists_only_overrides_that_differ():
    game = olab.load("ora_et_labora", players=2, rules="kennerspiel", round_tower_dwelling=2,
                     money_scoring="additive")
    # round_tower_dwelling=2 is kennerspiel's own value; money_scoring differs from it
    assert game.config() == {"game": "ora_et_labora", "players": 2, "variant": "france",
                             "length": "long", "rules": "kennerspiel", "chance": "sampled",
                             "money_scoring": "additive"}
    assert game.rules.money_scoring == "additive" and game.rules.round_tower_dwelling == 2


def test_a_rules_object_still_loads():
    rules = olab.ora.Rules.preset("kennerspiel", players=3, contract_fee="built")
    game = olab.load("ora_et_labora", rules=rules)
    assert game.rules == rules and game.config()["contract_fee"] == "built"
    with pytest.raises(ValueError, match="either a Rules object"):
        olab.load("ora_et_labora", rules=rules, players=2)


def test_a_game_registered_later_is_found_everywhere():
    info = GameInfo(name="test_copy_of_ora", title="A copy", module="olab.ora",
                    options=(Option("players", int, 2, (2,), "two"),),
                    factory=lambda players: olab.load("ora_et_labora", players=players))
    olab.register(info)
    try:
        assert "test_copy_of_ora" in olab.games()
        assert olab.load("test_copy_of_ora").num_players() == 2
        with pytest.raises(ValueError, match="already registered"):
            olab.register(GameInfo(name="test_copy_of_ora", title="", module="", options=(), factory=None))
        from olab.protocol import Engine
        r = Engine().handle({"cmd": "info"})
        assert "test_copy_of_ora" in r["games"]
    finally:
        from olab import registry
        del registry._REGISTERED["test_copy_of_ora"]
    with pytest.raises(TypeError):
        olab.register("not a GameInfo")


def test_olab_exports_the_contract():
    assert olab.CHANCE == -1 and olab.TERMINAL == -4
    import olab_core.common.state as s
    assert (s.CHANCE, s.TERMINAL) == (olab.CHANCE, olab.TERMINAL)
    assert olab.ora.BUILDINGS["G01"].name == "Priory"      # olab.ora without a prior load()


def test_import_olab_exposes_every_game_package_and_the_bots(tmp_path):
    # a fresh interpreter: nothing loaded before, no load() called; run outside
    # the source tree, so that the installed olab is imported (a clean clone's
    # tree has no compiled core)
    import subprocess
    import sys
    packages = sorted({info.module for info in olab.games().values() if info.module.startswith("olab.")})
    names = ["olab.bots"] + packages
    code = "import olab\n" + "".join(f"assert olab.{n[5:]}.__name__ == {n!r}\n" for n in names)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr
