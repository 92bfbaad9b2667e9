"""The command line on a newcomer's second day (issue 25 points 3, 5, 6, 7 and 9)."""
import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import olab
from olab.bots import make_bot
from olab.arena import play_bots
from olab.cli import main, play_with_a_human

CLI = [sys.executable, "-m", "olab.cli"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- point 3: your bot from your folder --------------------------------------------

BOT_FILE = textwrap.dedent("""\
    import random


    class Builder:
        # no seed= in the constructor
        def __init__(self):
            self.rng = random.Random(0)

        def choose(self, state):
            return self.rng.choice(state.legal_actions())


    class Picky:
        def __init__(self, strength):
            self.strength = strength

        def choose(self, state):
            return state.legal_actions()[0]
    """)


def test_a_bot_next_to_the_working_directory_plays_in_arena_workers(tmp_path):
    (tmp_path / "newcomerbot.py").write_text(BOT_FILE)
    out = subprocess.run(CLI + ["arena", "--bots", "newcomerbot:Builder,greedy", "--games", "2", "--workers", "2",
                                "--quiet", "--json"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 2


def test_a_constructor_without_seed_works_and_a_wrong_one_gets_one_line(tmp_path, monkeypatch, capsys):
    (tmp_path / "newcomerbot2.py").write_text(BOT_FILE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    bot = make_bot("newcomerbot2:Builder", seed=3, simulations=5)
    assert bot.choose(olab.load("ora_et_labora", players=2).new_initial_state(1)) is not None
    code, _, err = run(capsys, "play", "--players", "2", "--bots", "newcomerbot2:Picky,greedy", "--quiet")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "must accept seed=" in err and "Traceback" not in err


# -- point 5: olab play --human ---------------------------------------------------

def test_bots_names_the_other_seats_and_the_human_is_labelled(tmp_path, capsys, monkeypatch):
    log = tmp_path / "h.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n" * 3000))
    code, out, _ = run(capsys, "play", "--players", "2", "--bots", "greedy", "--human", "1", "--log", str(log))
    assert code == 0
    table = out[out.index("seat player"):]
    rows = [line.split() for line in table.splitlines()[2:4]]
    assert rows[0][2] == "greedy" and rows[1][2] == "you"
    assert "bots greedy, you" in out


def test_quit_saves_the_game_so_far_and_says_so(tmp_path, capsys, monkeypatch):
    log = tmp_path / "q.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n0\n0\nquit\n"))
    code, out, _ = run(capsys, "play", "--players", "2", "--human", "0", "--log", str(log))
    assert code == 0 and f"is in {log}" in out
    text = log.read_text()
    assert text.startswith("# olab-game: ") and "CONFIG 2" in text
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "game not finished" in out


def test_an_out_of_range_number_names_the_valid_range():
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(1)
    n = len(state.legal_actions())
    out = io.StringIO()
    play_with_a_human(state, [None, make_bot("random")], 0, 1, io.StringIO("99\nquit\n"), out)
    assert f"there is no move 99: type 0..{n - 1}" in out.getvalue()


def test_the_board_is_shown_once_per_turn_and_a_second_turn_in_a_row_is_announced():
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(2692)
    out = io.StringIO()
    # seat 0 plays its first turn (a use, its take, commit) and then, in the 2-player
    # game, a second turn right after it
    play_with_a_human(state, [None, make_bot("random")], 0, 1, io.StringIO("USE LR1\n0\nCOMMIT\nquit\n"), out)
    text = out.getvalue()
    assert text.count("Wheel (front") == 2          # the start of each turn, not each decision
    assert "your turn again" in text


# -- point 6: no tracebacks -------------------------------------------------------

def test_a_closed_pipe_ends_quietly_and_the_log_is_complete(tmp_path):
    log = tmp_path / "g.txt"
    cmd = " ".join(CLI + ["play", "--players", "2", "--bots", "random,random", "--log", str(log)])
    # from tmp_path: in the repository's root `python -m` would import the uncompiled sources
    out = subprocess.run(f"{cmd} | head -c 10", shell=True, capture_output=True, text=True, timeout=300,
                         cwd=tmp_path)
    assert "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr, out.stderr
    back = subprocess.run(CLI + ["replay", str(log)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert back.returncode == 0 and "game finished" in back.stdout
    shown = subprocess.run(f"{' '.join(CLI)} replay {log} | head -1", shell=True, capture_output=True,
                           text=True, timeout=300, cwd=tmp_path)
    assert shown.stderr == ""


def _ctrl_c(argv, wait: float, cwd, ready=None):
    # Ctrl-C as a terminal sends it: SIGINT to the whole process group, once
    # ready() says the command is under way (not still starting up: a loaded
    # machine can take seconds to import), and at least `wait` seconds in
    p = subprocess.Popen(CLI + argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(wait)
    deadline = time.monotonic() + 120
    while ready is not None and not ready() and time.monotonic() < deadline and p.poll() is None:
        time.sleep(0.2)
    os.killpg(p.pid, signal.SIGINT)
    out, err = p.communicate(timeout=120)
    return p.returncode, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="process groups")
def test_ctrl_c_in_play_saves_the_game_so_far(tmp_path):
    log = tmp_path / "c.txt"
    def playing():
        # the log is first written a few seconds into the game
        return log.exists() and log.read_text().startswith("# olab-game: ")

    code, _, err = _ctrl_c(["play", "--players", "4", "--bots", "mcts,mcts,mcts,mcts", "--log", str(log)], 1,
                           tmp_path, ready=playing)
    assert code == 130 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "the game so far" in err and log.read_text().startswith("# olab-game: ")


@pytest.mark.skipif(sys.platform == "win32", reason="process groups")
def test_ctrl_c_in_arena_workers_is_one_line(tmp_path):
    code, _, err = _ctrl_c(["arena", "--players", "2", "--bots", "mcts,mcts", "--games", "8", "--workers", "2"],
                           6, tmp_path)
    assert code == 130 and err.strip() == "interrupted", err


# -- point 7: a first game worth watching ------------------------------------------

def test_the_default_seats_are_greedy(capsys):
    code, out, _ = run(capsys, "play", "--players", "2", "--quiet")
    assert code == 0 and "bots greedy, greedy" in out and "truncated" not in out


# -- point 9: small ones ----------------------------------------------------------

def test_the_registry_prints_readably():
    text = repr(olab.games())
    assert len(text) < 200 and "Orléans" in text
    info = olab.games()["orleans"]
    assert repr(info).startswith("<GameInfo 'orleans'") and "players: 2, 3, 4" in str(info)
    assert "Fields of Arle" in str(olab.games())


def test_olab_alone_prints_the_commands(capsys):
    code, out, _ = run(capsys)
    assert code == 2 and "play" in out and "replay" in out and "Orléans" in out


def test_an_option_of_another_game_says_whose_it_is(capsys):
    code, _, err = run(capsys, "play", "--game", "orleans", "--variant", "ireland")
    assert code == 2 and "--variant is an option of Ora et Labora (--game ora_et_labora)" in err


def test_rules_for_a_game_without_presets_is_refused(tmp_path, capsys):
    log = tmp_path / "orl.txt"
    run(capsys, "play", "--game", "orleans", "--players", "2", "--bots", "random,random", "--log", str(log),
        "--quiet")
    code, _, err = run(capsys, "replay", str(log), "--rules", "printed")
    assert code == 2 and "Orléans has no rule presets" in err


def test_show_of_bad_json_says_json(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"config": {"game": "orleans"}, "players": [')
    code, _, err = run(capsys, "show", str(bad))
    assert code == 2 and "not a valid JSON document" in err and "START" not in err
    bad.write_text('{"players": []}')
    code, _, err = run(capsys, "show", str(bad))
    assert code == 2 and "not a state document" in err and "START" not in err


def test_single_valued_options_are_not_listed_in_help(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert "--solo-joker" not in out and "--variant" in out
    assert main(["play", "--players", "1", "--solo-joker", olab.games()["ora_et_labora"].option("solo_joker").values[0],
                 "--quiet"]) == 0


def test_the_text_boards_explain_themselves():
    ora = olab.load("ora_et_labora", players=2).new_initial_state(1).render(0)
    assert "clergy: lay brother 1 home, lay brother 2 home, prior home" in ora and "LB1 home" not in ora
    assert "*R a clergyman of colour R" in ora
    orl = olab.load("orleans", players=2).new_initial_state(1)
    text = orl.render(0)
    assert "{" not in text and "draw (drawn 0, draw limit 4)" in text and "F* B* C* T* a seat's own" in text
    play_bots(orl, [make_bot("random", seed=1), make_bot("random", seed=2)], seed=1)
    assert "Legal (" not in orl.render(0)
    # a seat that fell short of food or fuel: the board says what the number is
    from tests.arle.arlehelp import make, set_goods, set_tiles, skip_to_inventory, start
    g, doc = start()
    set_tiles(doc, grain_field=0, flax_field=0)
    set_goods(doc, food=0, grain=1, peat=2, horse=1)
    short = skip_to_inventory(make(g, doc))
    assert short._player(0)["missing"] == 1
    assert "1 food/fuel short at inventories (-2 points each)" in short.render(0)
