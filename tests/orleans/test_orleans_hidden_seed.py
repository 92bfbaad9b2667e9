"""Orléans: what no seat sees is seeded apart from what every seat sees (issue 24.4).

``new_initial_state(seed, hidden_seed)``: ``seed`` deals the goods on the map
and the goods out of the game (public), ``hidden_seed`` seeds the generator of
the draws to come (followers, hourglass tiles, Plague, Bathhouse, torture);
the surfaces derive the hidden seed with a key no seat holds.  The attack
itself, on every game with hidden information, is tests/test_seed_recovery.py.
"""
import random

import pytest

import olab
from olab.arena import TIMED_FIELDS, _chance_seed, deal, hidden_seed, play_game, run_arena
from olab.cli import main
from olab.orleans.record import export, replay

GAME = olab.load("orleans", players=3)


def _play(state, n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_same_two_seeds_give_the_same_game():
    a, b = GAME.new_initial_state(5, 77), GAME.new_initial_state(5, 77)
    assert a == b and _play(a, 40) == _play(b, 40)


def test_the_hidden_seed_changes_the_future_and_not_the_deal():
    plain, hidden, other = GAME.new_initial_state(5), GAME.new_initial_state(5, 77), GAME.new_initial_state(5, 78)
    for seat in range(3):
        assert plain.to_json(seat) == hidden.to_json(seat) == other.to_json(seat)   # the deal is the seed's
    assert plain != hidden != other
    # the draws differ: the same decisions, other followers drawn
    assert len({str(_play(s.clone(), 30).to_json(0)) for s in (plain, hidden, other)}) == 3


def test_without_a_hidden_seed_the_game_is_what_it_always_was():
    # pinned games and perft files of Orléans are unchanged: the seed alone
    # deals and draws as before (tests/orleans/test_orleans_perft.py holds the numbers)
    assert GAME.new_initial_state(5) == GAME.new_initial_state(5, None)


@pytest.mark.parametrize("bad", [-1, 2 ** 64, 1.5, "7", True])
def test_a_bad_hidden_seed_is_refused(bad):
    with pytest.raises(ValueError, match="hidden_seed"):
        GAME.new_initial_state(5, bad)


def test_a_record_carries_the_hidden_seed_and_replays_exactly():
    state = _play(GAME.new_initial_state(5, 2 ** 64 - 3), 50)
    text = export(state)
    assert text.splitlines()[:2] == ["SEED 5", f"HIDDEN {2 ** 64 - 3}"]
    assert replay(text, players=3).state == state
    # without the HIDDEN line it is another game (the draws differ)
    short = "\n".join(line for line in text.splitlines() if not line.startswith("HIDDEN"))
    assert replay(short, players=3).state != state


def test_a_record_without_a_hidden_seed_is_unchanged():
    state = _play(GAME.new_initial_state(5), 10)
    assert not any(line.startswith("HIDDEN") for line in export(state).splitlines())
    assert replay(export(state), players=3).state == state


@pytest.mark.parametrize("line", ["HIDDEN", "HIDDEN x", "HIDDEN 1 2", f"HIDDEN {2 ** 64}"])
def test_a_bad_hidden_line_is_refused(line):
    r = replay(f"SEED 5\n{line}\nDRAW\n", players=3)
    assert r.error is not None and r.error.line == 2 and "HIDDEN takes one number" in r.error.message


def test_a_seats_view_writes_no_record():
    # a view is a determinization: it forgets the deal's seed and the
    # generator, so it has no record to leak, even before the game is over
    state = _play(GAME.new_initial_state(5, 77), 20)
    with pytest.raises(ValueError, match="seeded deal"):
        export(state.determinize(0, 1))


def test_hidden_seeds_need_the_key():
    assert hidden_seed(b"key-one", 7) == hidden_seed(b"key-one", 7)
    assert len({hidden_seed(b"key-one", 7), hidden_seed(b"key-two", 7), hidden_seed(b"key-one", 8), 7}) == 4
    with pytest.raises(ValueError):
        hidden_seed(b"", 7)
    state = deal(GAME, 7, b"key-one")
    assert state == GAME.new_initial_state(7, hidden_seed(b"key-one", 7))
    assert deal(GAME, 7, None) == GAME.new_initial_state(7)
    ora = olab.load("ora_et_labora", players=2)
    assert deal(ora, 7, b"key-one") == ora.new_initial_state(7)      # nothing hidden: the key changes nothing


def test_the_arenas_chance_draws_are_keyed():
    # chance="explicit": the outcomes come from play_bots' generator, which
    # was seeded from the match seed alone (a seat that guessed it knew them)
    base = (3 * 1_000_003 + 0) * 8 + 7
    assert _chance_seed(base, None) == base
    assert len({_chance_seed(base, b"a"), _chance_seed(base, b"b"), _chance_seed(base, b"a", salt=1), base}) == 4


def test_a_match_tells_its_key_after_the_games_and_replays_with_it():
    cfg = dict(players=2, chance="explicit")
    r = run_arena(["random", "random"], games=2, game="orleans", seed=3, **cfg)
    key = bytes.fromhex(r.as_json()["hidden_key"])
    again = run_arena(["random", "random"], games=2, game="orleans", seed=3, hidden_key=key, **cfg)
    untimed = dict.fromkeys(TIMED_FIELDS, 0)
    assert again.as_json() | untimed == r.as_json() | untimed
    config = olab.load("orleans", **cfg).config()
    one = play_game(config, ["random", "random"], 0, 3, hidden_key=key)
    assert play_game(config, ["random", "random"], 0, 3, hidden_key=key) == one
    # a game without hidden information has no key, and its result no field for one
    ora = run_arena(["random", "random"], games=1, players=2, seed=3)
    assert ora.hidden_key is None and "hidden_key" not in ora.as_json()


def test_olab_play_logs_the_hidden_seed_once_the_game_is_over(tmp_path, capsys):
    log = tmp_path / "game.txt"
    args = ["play", "--game", "orleans", "--players", "2", "--bots", "random,random", "--seed", "4", "--quiet"]
    assert main(args + ["--log", str(log), "--hidden-key", "00ff"]) == 0
    out = capsys.readouterr().out
    assert "hidden key 00ff" in out
    text = log.read_text()
    assert f"HIDDEN {hidden_seed(bytes.fromhex('00ff'), 4)}" in text.splitlines()
    assert main(["replay", str(log)]) == 0
    # the same seed and key: the same game
    log2 = tmp_path / "again.txt"
    assert main(args + ["--log", str(log2), "--hidden-key", "00ff"]) == 0
    assert log2.read_text() == text
    assert main(args + ["--hidden-key", "zz"]) == 2
    assert "--hidden-key" in capsys.readouterr().err


def test_the_engine_protocol_deals_with_a_hidden_seed_and_never_saves_it_for_a_seat():
    from olab.protocol import Engine

    e = Engine()
    assert e.handle({"cmd": "new", "game": "orleans", "players": 2, "seed": 3, "deal": {"hidden_seed": 99}})["ok"]
    assert e.handle({"cmd": "apply", "action": "DRAW"})["ok"]
    # the holder of the true state saves what replays it ...
    assert e.handle({"cmd": "save", "format": "olab"})["text"].splitlines()[1:4] == ["SEED 3", "HIDDEN 99", "DRAW"]
    # ... a seat's save is its view, which has no record, and its history no seed
    seat = e.handle({"cmd": "save", "format": "olab", "player": 0, "seed": 5})
    assert not seat["ok"] and "seeded deal" in seat["error"]["message"]
    assert e.handle({"cmd": "history", "player": 0})["seed"] is None
