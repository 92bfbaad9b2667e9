"""Fitted evaluations (issue 22, goal 4): the file, the bot's weights, olab tune."""
import json
import os
import subprocess
import sys

import pytest

import olab
from olab.bots import GreedyBot, MCTSBot, make_bot
from olab.evaluation import FORMAT, Evaluation, fit, load_evaluation, packaged_evaluation
from olab.protocol import Engine

np = pytest.importorskip("numpy")


def _evaluation(name="fields_of_arle", players=2, scale=0.0, seed=0, **options):
    game = olab.load(name, players=players, **options)
    n = int(game.observation_tensor_shape()[0])
    rng = np.random.default_rng(seed)
    return game, Evaluation(game.name, game.config(), olab.games()[name].rules_version, n,
                            tuple(float(x) for x in rng.uniform(-scale, scale, n)),
                            tuple(float(x) for x in rng.uniform(-scale, scale, n)), 0.0, 0.0)


def test_an_evaluation_file_reads_back_exactly(tmp_path):
    game, ev = _evaluation(scale=0.3, seed=4)
    path = tmp_path / "e.json"
    ev.save(path)
    back = load_evaluation(path)
    assert back == ev and back.weights() == ev.weights()
    assert json.loads(path.read_text())["format"] == FORMAT


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="olab.evaluation/0"), "format"),
    (lambda d: d["weights"]["a"].pop(), "weights.a must be a list of"),
    (lambda d: d["weights"].update(c=float("nan")), "weights.c"),
    (lambda d: d["weights"]["b"].__setitem__(3, True), r"weights.b\[3\]"),
    (lambda d: d.update(observation_size="7"), "observation_size"),
    (lambda d: d.pop("game"), "game is missing"),
])
def test_a_malformed_evaluation_is_refused_by_name(tmp_path, change, message):
    _, ev = _evaluation()
    doc = ev.to_json()
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=message):
        load_evaluation(path)


def test_not_json_and_a_missing_file_say_so(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{\"format\": ")
    with pytest.raises(ValueError, match="not JSON .line 1"):
        load_evaluation(bad)
    with pytest.raises(ValueError, match="cannot read"):
        load_evaluation(tmp_path / "none.json")
    with pytest.raises(ValueError, match="no evaluation file"):
        MCTSBot(weights=str(tmp_path / "none.json"))
    with pytest.raises(ValueError, match="no packaged evaluation"):
        packaged_evaluation("no_such_evaluation")
    with pytest.raises(ValueError, match="no packaged evaluation"):
        packaged_evaluation("../etc/passwd")


def test_an_evaluation_refuses_another_game_or_rules_version():
    game, ev = _evaluation()
    other = olab.load("ora_et_labora", players=2)
    bot = MCTSBot(seed=1, simulations=20, weights=ev)
    with pytest.raises(ValueError, match="fitted for fields_of_arle"):
        bot.choose(other.new_initial_state(1))
    old = Evaluation(ev.game, ev.config, ev.rules_version + 1, ev.observation_size, ev.a, ev.b, 0.0, 0.0)
    with pytest.raises(ValueError, match="rules version"):
        old.check(game)


def test_weights_are_for_the_chain_search():
    _, ev = _evaluation()
    with pytest.raises(ValueError, match="chains"):
        MCTSBot(search="actions", weights=ev)
    with pytest.raises(ValueError, match="weights must be"):
        MCTSBot(weights=3)


@pytest.mark.parametrize("players", [1, 2])
def test_zero_weights_play_the_heuristic_s_game(players):
    # a fitted evaluation with every weight 0 adds nothing: the bot plays
    # exactly the moves of the bot without one (2 players; solo a fitted
    # evaluation always centres its rewards, so solo_centred is set alike), with
    # either search that reads a residual (the planner has no solo_centred)
    game, ev = _evaluation(players=players)
    for search in ("chains", "beam") if players == 2 else ("chains",):
        extra = {"solo_centred": True} if players == 1 else {}
        a = MCTSBot(seed=3, simulations=60, weights=ev, search=search, **extra)
        b = MCTSBot(seed=3, simulations=60, weights="heuristic", search=search, **extra)
        s1, s2 = game.new_initial_state(5), game.new_initial_state(5)
        for _ in range(30):
            x, y = a.choose(s1), b.choose(s2)
            assert x == y
            s1.apply_action(x)
            s2.apply_action(y)
        assert a.evaluation is ev and b.evaluation is None


def test_weights_change_the_search():
    # the weights are read: large ones (here against holding anything the
    # tensor counts) make a different first decisions than none
    game, ev = _evaluation(scale=50.0, seed=9)
    state = game.new_initial_state(2)
    moves = {}
    for name, weights in (("fitted", ev), ("heuristic", "heuristic")):
        bot, s = MCTSBot(seed=1, simulations=200, weights=weights), state.clone()
        played = []
        for _ in range(12):
            played.append(bot.choose(s))
            s.apply_action(played[-1])
        moves[name] = played
    assert moves["fitted"] != moves["heuristic"]


def test_the_bot_spec_loads_a_file(tmp_path):
    game, ev = _evaluation(scale=0.1)
    path = tmp_path / "w.json"
    ev.save(path)
    bot = make_bot(f"mcts:weights={path}:simulations=30", seed=1)
    bot.choose(game.new_initial_state(1))
    assert bot.evaluation == ev


def test_a_client_names_no_file_of_the_engine(tmp_path):
    # the protocol's bestmove takes a packaged evaluation's name (or
    # "heuristic"), never a path the engine would read
    eng = Engine()
    assert eng.handle({"cmd": "new", "game": "fields_of_arle", "players": 2, "seed": 1})["ok"]
    bad = eng.handle({"cmd": "bestmove", "bot": "mcts:weights=/etc/passwd", "simulations": 20})
    assert not bad["ok"] and "not a file" in bad["error"]["message"]
    good = eng.handle({"cmd": "bestmove", "bot": "mcts:weights=heuristic", "simulations": 20})
    assert good["ok"], good


def test_the_check_catches_a_core_that_disagrees(monkeypatch):
    # check_evaluation can fail: a core whose fitted value is off by a point
    from olab.testing import ConformanceError, check_evaluation
    from olab_core.common import search

    real = search.fitted_seat_value
    monkeypatch.setattr(search, "fitted_seat_value", lambda s, w, k: real(s, w, k) + 1.0)
    with pytest.raises(ConformanceError, match="fitted value"):
        check_evaluation(olab.load("fields_of_arle", players=2), positions=3)


@pytest.mark.parametrize("wrong, says", [
    (lambda real: (lambda s: -real(s)), "never go back"),                  # a clock that runs backwards
    (lambda real: (lambda s: 7), "stood still"),                          # one that never moves
    # one that reads the seed an Orléans game was dealt with, which a determinization clears
    (lambda real: (lambda s: real(s) + (s.to_json()["engine"]["seed"] != 0)), "determinization"),
])
def test_the_check_catches_a_turn_clock_that_goes_wrong(monkeypatch, wrong, says):
    # check_evaluation holds every game's GameOps.clock (the planner's levels) to its contract
    from olab.testing import ConformanceError, check_evaluation
    from olab_core.common import search

    monkeypatch.setattr(search, "clock", wrong(search.clock))
    name, players = ("orleans", 2) if says == "determinization" else ("fields_of_arle", 2)
    with pytest.raises(ConformanceError, match="turn clock") as e:
        check_evaluation(olab.load(name, players=players), seed=5, positions=3)
    assert says in str(e.value)


def test_the_fit_recovers_a_residual_it_was_given():
    # positions whose final score is the heuristic plus a known function of
    # the tensor and the clock: the fit finds that function back
    game = olab.load("fields_of_arle", players=2)
    rng = np.random.default_rng(1)
    state, rows = game.new_initial_state(3), []
    bot = GreedyBot(2)
    from olab.bots import heuristic, progress
    while not state.is_terminal():
        for k in range(2):
            rows.append((state.observation_tensor(k), k, progress(state), heuristic(state, k)))
        state.apply_action(bot.choose(state))
    n = int(game.observation_tensor_shape()[0])
    true_a = np.zeros(n)
    obs = np.array([r[0] for r in rows], dtype=np.float32)
    varying = np.flatnonzero(obs.std(axis=0) > 0)
    true_a[varying[:5]] = rng.uniform(-2, 2, 5)
    t = np.array([r[2] for r in rows])
    h = np.array([r[3] for r in rows])
    final = h + obs @ true_a + 3.0 + 4.0 * t
    positions = {"observation": obs, "seat": np.array([r[1] for r in rows]), "progress": t, "heuristic": h,
                 "final": final, "game": np.arange(len(rows)) % 7}
    ev = fit(positions, game, ridge=1e-9)
    pred = np.array([ev.c + ev.d * tt + sum(float(v) * (ev.a[i] + tt * ev.b[i]) for i, v in enumerate(o) if v)
                     for o, tt in zip(obs, t)])
    assert np.abs(pred - (final - h)).max() < 1e-3 * max(1.0, np.abs(final - h).max())
    # held out (fitted without those games), the error is a sliver of the heuristic's
    assert ev.fit["rmse_fitted"] < 0.05 * ev.fit["rmse_heuristic"] and ev.fit["rows"] == len(rows)


def test_olab_tune_makes_the_same_file_twice(tmp_path):
    # the command anyone can rerun: the same arguments give the same file
    outs = []
    for k in range(2):
        # the same command in two directories (the file records its command)
        (tmp_path / str(k)).mkdir()
        out = tmp_path / str(k) / "e.json"
        r = subprocess.run([sys.executable, "-m", "olab.cli", "tune", "--game", "fields_of_arle", "--players", "1",
                            "--games", "3", "--seed", "4", "--out", "e.json", "--fit", "residual", "--quiet"],
                           capture_output=True, text=True, cwd=tmp_path / str(k), timeout=600)
        assert r.returncode == 0, r.stderr
        assert "fitted on" in r.stdout and "held-out" in r.stdout
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    ev = load_evaluation(tmp_path / "0" / "e.json")
    assert ev.game == "fields_of_arle" and ev.fit["games"] == 3
    assert ev.made_by.startswith("olab tune --game fields_of_arle")


def test_olab_tune_refuses_bad_arguments_in_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "olab.cli", "tune", "--game", "fields_of_arle", "--games", "0",
                        "--out", str(tmp_path / "e.json")], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--games" in r.stderr
    r = subprocess.run([sys.executable, "-m", "olab.cli", "tune", "--game", "fields_of_arle", "--games", "2",
                        "--bots", "nobody", "--out", str(tmp_path / "e.json")],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.startswith("tune:")


def test_a_packaged_name_never_reads_a_file_of_the_engine(tmp_path, monkeypatch):
    # a file in the engine's working directory named like an evaluation is
    # not read by a client's bestmove (only the package's data is)
    _, ev = _evaluation(scale=0.1)
    ev.save(tmp_path / "mine")
    monkeypatch.chdir(tmp_path)
    assert MCTSBot(weights="mine")._weights == ev          # a user's own call reads it
    eng = Engine()
    assert eng.handle({"cmd": "new", "game": "fields_of_arle", "players": 2, "seed": 1})["ok"]
    r = eng.handle({"cmd": "bestmove", "bot": "mcts:weights=mine", "simulations": 20})
    assert not r["ok"] and "no packaged evaluation" in r["error"]["message"]
    r = eng.handle({"cmd": "bestmove", "bot": "mcts:simulations=20:prior_scale=2", "simulations": 20})
    assert r["ok"] and r["bot"] == "mcts:simulations=20:prior_scale=2"


# ---------------------------------------------------------------------------
# Evaluations of the heuristic's own weights (fit="heuristic")

def _weights_evaluation(name="fields_of_arle", players=2, **weights):
    game = olab.load(name, players=players)
    return game, Evaluation(game.name, game.config(), olab.games()[name].rules_version, 0, (), (), 0.0, 0.0,
                            {"method": "test"}, "", weights)


def test_an_evaluation_of_heuristic_weights_reads_back_and_names_no_residual(tmp_path):
    game, ev = _weights_evaluation(material=0.7, land=0.1)
    ev.save(tmp_path / "h.json")
    doc = json.loads((tmp_path / "h.json").read_text())
    assert doc["heuristic"] == {"material": 0.7, "land": 0.1} and "weights" not in doc
    back = load_evaluation(tmp_path / "h.json")
    assert back == ev and not back.has_residual and back.weights() is None
    assert back.residual(game.new_initial_state(1), 0) == 0.0
    back.check(game)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("heuristic"), "neither heuristic weights nor a residual"),
    (lambda d: d["heuristic"].update(land="0.3"), "heuristic.land"),
    (lambda d: d["heuristic"].update(land=float("inf")), "heuristic.land"),
    (lambda d: d.update(heuristic=[1, 2]), "heuristic must be an object"),
    (lambda d: d.update(observation_size=5), "weights is missing"),
])
def test_a_malformed_evaluation_of_heuristic_weights_is_refused_by_name(tmp_path, change, message):
    _, ev = _weights_evaluation(land=0.3)
    doc = ev.to_json()
    change(doc)
    (tmp_path / "bad.json").write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=message):
        load_evaluation(tmp_path / "bad.json")


def test_weights_the_heuristic_has_not_are_refused_at_the_first_choose():
    game, ev = _weights_evaluation(cap_push=1.0)             # an Ora et Labora weight
    for bot in (MCTSBot(seed=1, simulations=20, weights=ev), GreedyBot(seed=1, weights=ev)):
        with pytest.raises(ValueError, match="not weights of fields_of_arle's heuristic"):
            bot.choose(game.new_initial_state(1))


@pytest.mark.parametrize("name, players", [("fields_of_arle", 2), ("ora_et_labora", 2), ("orleans", 2)])
def test_a_bot_searches_with_its_weights_and_puts_the_core_s_back(name, players):
    # the bot holding weights plays exactly as a plain bot does when the core
    # holds those weights, and leaves the core's own in place
    game = olab.load(name, players=players)
    engine = game._engine
    own = engine.heuristic_weights()
    key = sorted(k for k in own if k not in game.fixed_weights)[0]
    changed = {key: own[key] * 3 + 2.0}
    _, ev = _weights_evaluation(name, players, **changed)
    for make in (lambda w: GreedyBot(seed=2, weights=w), lambda w: MCTSBot(seed=2, simulations=60, weights=w)):
        state = game.new_initial_state(3)
        held, plain = make(ev), make("heuristic")       # "heuristic": the core's weights, whatever the game names
        for _ in range(25):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            view = state.determinize(state.current_player(), 9)
            a = held.choose(view)
            assert engine.heuristic_weights() == own
            engine.heuristic_weights(**changed)
            try:
                b = plain.choose(view)
            finally:
                engine.heuristic_weights(**own)
            assert a == b
            state.apply_action(a)


def test_weights_change_greedy_s_play():
    # large weights on land are read: the first decisions differ from the core's own
    game, ev = _weights_evaluation(land=40.0, material=-5.0)
    moves = {}
    for label, w in (("fitted", ev), ("own", None)):
        bot, s = GreedyBot(seed=1, weights=w), game.new_initial_state(2)
        moves[label] = []
        for _ in range(20):
            moves[label].append(bot.choose(s))
            s.apply_action(moves[label][-1])
    assert moves["fitted"] != moves["own"]


def test_bots_with_other_weights_in_threads_each_search_with_their_own():
    # searches that need other weights take turns on the core; none reads another's
    import threading

    game, ev = _weights_evaluation(land=40.0, material=-5.0)
    states = [game.new_initial_state(s) for s in range(6)]

    def answers(weights):
        bot = GreedyBot(seed=5, weights=weights)
        out = []
        for s in states:
            s = s.clone()
            for _ in range(15):
                out.append(bot.choose(s))
                s.apply_action(out[-1])
        return out

    alone = {label: answers(w) for label, w in (("fitted", ev), ("own", None))}
    got: dict = {}
    threads = [threading.Thread(target=lambda lab=lab, w=w, i=i: got.__setitem__((lab, i), answers(w)))
               for i in range(3) for lab, w in (("fitted", ev), ("own", None))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[(lab, i)] == alone[lab] for lab in alone for i in range(3))
    assert game._engine.heuristic_weights() == olab.load("fields_of_arle", players=2)._engine.heuristic_weights()


def test_olab_tune_fits_the_heuristic_the_same_whatever_the_workers(tmp_path):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"h{workers}.json"
        r = subprocess.run([sys.executable, "-m", "olab.cli", "tune", "--game", "fields_of_arle", "--players", "2",
                            "--games", "24", "--seed", "3", "--out", str(out), "--workers", str(workers),
                            "--quiet"], capture_output=True, text=True, cwd=tmp_path, timeout=600)
        assert r.returncode == 0, r.stderr
        assert "SPSA" in r.stdout and "fresh deals" in r.stdout
        doc = json.loads(out.read_text())
        doc.pop("made_by")
        outs.append(doc)
    assert outs[0] == outs[1]
    ev = load_evaluation(tmp_path / "h1.json")
    game = olab.load("fields_of_arle", players=2)
    assert not ev.has_residual and set(ev.heuristic) == set(game._engine.heuristic_weights()) - game.fixed_weights
    assert ev.fit["method"] == "spsa" and ev.fit["games"] == 24 and ev.fit["steps"] == 6
    assert ev.fit["check"]["deals"] == 10 and 0 <= ev.fit["check"]["share"] <= 1


def test_olab_tune_refuses_what_a_fit_of_the_heuristic_cannot_use(tmp_path):
    from olab.tune import run_tune

    out = tmp_path / "h.json"
    for kwargs, message in (({"fit": "both"}, "fit must be"), ({"bots": ["random"]}, "must read the heuristic"),
                            ({"bots": ["greedy", "mcts"]}, "one bot plays every seat"), ({"games": 4}, "too few")):
        with pytest.raises(ValueError, match=message):
            run_tune("fields_of_arle", out, **{"games": 40, **kwargs}, players=2)
    assert not out.exists()
    r = subprocess.run([sys.executable, "-m", "olab.cli", "tune", "--game", "fields_of_arle", "--games", "8",
                        "--ridge", "1", "--out", str(out)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "--fit residual" in r.stderr


def test_spsa_deal_is_the_first_side_s_edge():
    # the same weights on both sides of a 2-player deal: each seating's edge
    # cancels the other's exactly when the seat, not the weights, decides
    from olab.tune import spsa_deal

    game = olab.load("fields_of_arle", players=2)
    own = {k: v for k, v in game._engine.heuristic_weights().items() if k not in game.fixed_weights}
    job = {"config": game.config(), "bot": "greedy", "budget": {}, "hidden_key": None, "plus": own,
           "minus": own, "deal": 4, "seed": 4}
    assert spsa_deal(job) == 0.0
    strong = {**own, "land": 40.0, "material": -5.0}           # a poor heuristic loses
    assert spsa_deal({**job, "minus": strong}) > 0 > spsa_deal({**job, "plus": strong})
    solo = olab.load("fields_of_arle", players=1)
    assert -1 < spsa_deal({**job, "config": solo.config(), "minus": strong}) <= 1


def test_a_fit_of_the_heuristic_starts_where_it_is_told(tmp_path):
    # --start: a fit refined from another's weights records them as its start,
    # and is checked against them
    from olab.tune import run_tune

    game, ev = _weights_evaluation(material=0.7, land=0.1)
    ev.save(tmp_path / "first.json")
    r = run_tune("fields_of_arle", tmp_path / "next.json", 8, seed=2, start=tmp_path / "first.json", players=2)
    assert r["fit"]["start"]["material"] == 0.7 and r["fit"]["start"]["land"] == 0.1
    own = game._engine.heuristic_weights()
    assert r["fit"]["start"]["peat"] == own["peat"]
    assert load_evaluation(tmp_path / "next.json").made_by.endswith(f"--start {tmp_path / 'first.json'}")
    with pytest.raises(ValueError, match="residual fit starts from nothing"):
        run_tune("fields_of_arle", tmp_path / "r.json", 8, fit="residual", start=tmp_path / "first.json", players=2)
    with pytest.raises(ValueError, match="no packaged evaluation"):
        run_tune("fields_of_arle", tmp_path / "r.json", 8, start="no_such_fit", players=2)
