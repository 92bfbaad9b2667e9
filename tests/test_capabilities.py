"""Issue 26 point 2: capabilities and configuration in the registry, and the rules
version in every kind of saved data (snapshots, logs, perft files, self-play shards)."""
from __future__ import annotations

import dataclasses
import json
import pathlib
import struct
import zlib

import pytest

import olab
from olab import registry, snapshot
from olab.registry import CHANCE_MODES, UTILITIES, GameInfo, Option
from olab_core.common.state import MAX_GAME_LENGTH

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAMES = list(olab.games())


def _configs(name):
    return olab.games()[name].test_configs or ({},)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_its_capabilities(name):
    info = olab.games()[name]
    assert info.chance_mode in CHANCE_MODES and info.utility in UTILITIES
    assert isinstance(info.perfect_information, bool) and info.perfect_information == (not info.hidden_information)
    assert 1 <= info.min_players <= info.max_players
    assert info.max_game_length == MAX_GAME_LENGTH
    assert isinstance(info.rules_version, int) and info.rules_version >= 1
    assert info.capabilities()["rules_version"] == info.rules_version
    assert info.describe()["capabilities"] == info.capabilities()


@pytest.mark.parametrize("name", NAMES)
def test_the_declarations_agree_with_the_core(name):
    # the declarations replace the probes of the core (the OpenSpiel adapter
    # read _has_chance and _hidden_information): they must say the same
    info = olab.games()[name]
    for cfg in _configs(name):
        game = olab.load(name, **cfg)
        assert game.core._has_chance() == (info.chance_mode != "deterministic"), cfg
        assert game.core._hidden_information() == info.hidden_information, cfg
        assert info.min_players <= game.num_players() <= info.max_players, cfg
    assert (info.min_players, info.max_players) == (min(info.option("players").values),
                                                    max(info.option("players").values))
    assert info.solo == (info.min_players == 1)


@pytest.mark.parametrize("name", NAMES)
def test_constant_sum_means_the_returns_sum_to_one(name):
    info = olab.games()[name]
    assert info.utility == "constant_sum"
    game = olab.load(name, players=max(2, info.min_players))
    state = game.new_initial_state(3)
    state.random_playout(3)
    assert state.is_terminal() and abs(sum(state.returns()) - 1.0) < 1e-9


def test_a_bad_declaration_fails_at_registration():
    base = dict(name="x", title="X", options=(Option("players", int, 2, (2, 3), "p"),), factory=None, module="")
    assert (GameInfo(**base).min_players, GameInfo(**base).max_players) == (2, 3)
    for bad in (dict(chance_mode="sampled"), dict(utility="win_lose"), dict(rules_version=0),
                dict(rules_version=True)):
        with pytest.raises(ValueError):
            GameInfo(**base, **bad)


def test_configuration_lives_in_the_registry():
    from olab import bench, protocol

    assert registry.default_game() == NAMES[0]
    assert protocol.game_from_config is registry.game_from_config
    assert protocol.ConfigError is registry.ConfigError and bench.describe_config is registry.describe_config
    game = registry.game_from_config({"game": NAMES[-1]})
    assert game == olab.load(NAMES[-1])
    with pytest.raises(registry.ConfigError, match="given twice"):
        registry.game_from_config({"players": 2, "options": {"players": 2}})
    assert registry.describe_config({"game": "g", "players": 1, "rules": "printed"}) == "g, 1 player, rules printed"


def test_no_copies_of_the_default_game_or_the_length_cap():
    # five copies of next(iter(olab.games())) and a 200000 in three places (issue 26.2)
    found = []
    for folder in ("olab", "tests", "benchmarks", "olab_core"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".pyx", ".pxi", ".pxd") or path.name == "test_capabilities.py":
                continue
            text = path.read_text()
            if "next(iter(olab.games()))" in text or "next(iter(games()))" in text and path.name != "registry.py":
                found.append(f"{path}: the default game")
            if "200000" in text and path.name != "playout.pxd":
                found.append(f"{path}: 200000")
    assert not found, found


def test_the_openspiel_adapter_reads_the_declarations():
    text = (ROOT / "olab" / "rl" / "openspiel.py").read_text()
    assert "_hidden_information()" not in text and "_has_chance()" not in text
    assert "info.chance_mode" in text and "info.perfect_information" in text and "info.max_game_length" in text


# -- the rules version in saved data ----------------------------------------------------------

@pytest.fixture
def newer_rules(monkeypatch):
    """The registry as it would be after a rules change of ``name``: the same game, rules version + 1."""
    def bump(name):
        info = registry._REGISTERED[name]
        monkeypatch.setitem(registry._REGISTERED, name, dataclasses.replace(info, rules_version=info.rules_version + 1))
    return bump


def _played(name, n=5):
    state = olab.load(name).new_initial_state(4)
    for _ in range(n):
        state.apply_action(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("name", NAMES)
def test_a_snapshot_carries_the_rules_version(name, newer_rules):
    state = _played(name)
    data = state.serialize()
    magic, fmt, code, rules = struct.unpack_from("<4sH4sH", data)
    assert (magic, fmt, rules) == (b"OLAB", snapshot.FORMAT_VERSION, olab.games()[name].rules_version)
    assert state.game.deserialize_state(data) == state
    newer_rules(name)
    with pytest.raises(olab.StateFormatError, match="rules version"):
        state.game.deserialize_state(data)


@pytest.mark.parametrize("name", NAMES)
def test_a_snapshot_of_format_1_is_read_only_at_rules_version_1(name, newer_rules):
    state = _played(name)
    root, history = state._root_raw(), state._chain_history()
    body = snapshot._HEAD_1.pack(b"OLAB", 1, state.game._snapshot_code, len(root), len(history)) + root
    body += struct.pack(f"<{len(history)}i", *history)
    old = body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)
    if olab.games()[name].rules_version == 1:
        assert state.game.deserialize_state(old) == state
        newer_rules(name)
    with pytest.raises(olab.StateFormatError, match="does not say its rules version"):
        state.game.deserialize_state(old)


@pytest.mark.parametrize("name", NAMES)
def test_a_log_header_carries_the_rules_version(name, tmp_path, newer_rules):
    from olab.cli import write_log
    from olab.records import read_record, read_record_header

    state = _played(name)
    path = tmp_path / "game.log"
    write_log(state, str(path))
    text = path.read_text()
    assert read_record_header(text)["rules_version"] == olab.games()[name].rules_version
    newer_rules(name)
    with pytest.raises(ValueError, match="rules version"):
        read_record(text)


@pytest.mark.parametrize("name", NAMES)
def test_a_perft_file_carries_the_rules_version(name, tmp_path, newer_rules):
    from olab.testing import read_perft_file

    path = ROOT / "tests" / "perft" / f"{name}.perft"
    info = olab.games()[name]
    options = [(o.name, o.type) for o in info.options if o.name in path.read_text().split("\n")[0]]
    assert f"# rules_version: {info.rules_version}" in path.read_text().split("\n")[:3]
    without = tmp_path / "old.perft"
    without.write_text("\n".join(l for l in path.read_text().split("\n") if not l.startswith("# rules_version")))
    with pytest.raises(ValueError, match="names no rules version"):
        read_perft_file(without, options)
    newer_rules(name)
    with pytest.raises(ValueError, match="rules version"):
        read_perft_file(path, options)


def test_perft_lines_write_the_rules_version():
    from olab.testing import perft_file_lines

    lines = perft_file_lines(NAMES[0], [{}], [], plies=(0,), max_depth=1)
    next(lines)
    assert next(lines) == f"# rules_version: {olab.games()[NAMES[0]].rules_version}"


def test_selfplay_shards_carry_the_rules_version(tmp_path, newer_rules):
    pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from olab.rl.selfplay import read_games, run_selfplay

    name = NAMES[-1]
    run_selfplay(name, tmp_path, 1, bots=["random"], shard_games=1, seed=3)
    shard = next(tmp_path.glob("shard-*.parquet"))
    manifest = json.loads(pq.ParquetFile(shard).schema_arrow.metadata[b"olab.selfplay"])
    assert manifest["rules_version"] == olab.games()[name].rules_version
    assert read_games(tmp_path).num_rows > 0
    newer_rules(name)
    with pytest.raises(ValueError, match="rules version"):
        read_games(tmp_path)
    with pytest.raises(ValueError, match="rules_version"):
        run_selfplay(name, tmp_path, 1, bots=["random"], shard_games=1, seed=3)
