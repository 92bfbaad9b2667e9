"""The ``olab`` command line: ``play`` and ``replay`` (issues 2, 4).

The CLI is run in-process through :func:`olab.cli.main` (fast) and once as a
real subprocess (the installed entry point or ``python -m olab.cli``).
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from olab.cli import main
from olab.ora.kennerspiel import replay

DATA = Path(__file__).resolve().parent / "data" / "kennerspiel"


def record(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


def write_moves(tmp_path, moves, name="game.txt") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(moves) + "\n")
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- olab play ---------------------------------------------------------------

def test_play_prints_the_score_table(capsys):
    code, out, err = run(capsys, "play", "--players", "2", "--seed", "3", "--quiet")
    assert code == 0
    assert "seat" in out and "total" in out
    assert out.count("\nseat 0 (") == 1 and out.count("\nseat 1 (") == 1


def test_score_table_shows_points_where_scores_count_half_points():
    # Fields of Arle counts half points (rulebook: timber is worth 1/2 point); the
    # table shows each category and the total in points, as the scoring pad does
    import olab
    from olab.bots import RandomBot
    from olab.cli import score_table
    state = olab.load("fields_of_arle", players=2).new_initial_state(1)
    rows = score_table(state, [RandomBot(), RandomBot()]).splitlines()[2:4]
    for seat, row in enumerate(rows):
        b = state.score_breakdown(seat)
        assert b["half_points"] == -34 and b["total"] == b["points"] == -17.0   # the start: -17 points
        assert row.split()[-1] == "-17"
        assert row.split()[4] == "-3"                            # equipment: no large vehicle
    ora = olab.load("ora_et_labora", players=2).new_initial_state(1)
    assert score_table(ora, [RandomBot(), RandomBot()]).splitlines()[2].split()[-1] == str(ora.scores()[0])


def test_play_is_deterministic_for_a_seed(capsys):
    _, a, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--quiet")
    _, b, _ = run(capsys, "play", "--players", "3", "--seed", "5", "--quiet")
    assert a == b


def test_play_rejects_a_wrong_number_of_bots(capsys):
    code, _, err = run(capsys, "play", "--players", "2", "--bots", "random", "--quiet")
    assert code == 2 and "2 names" in err


def test_play_rejects_an_unknown_bot(capsys):
    code, _, err = run(capsys, "play", "--players", "2", "--bots", "random,nobody", "--quiet")
    assert code == 2 and "unknown bot 'nobody'" in err


# -- olab replay --------------------------------------------------------------

def test_replay_json_of_a_complete_game(tmp_path, capsys):
    rec = record("random-france-2p-long-13")          # replays to the reference scores
    path = write_moves(tmp_path, rec["moves"])
    code, out, _ = run(capsys, "replay", str(path), "--format", "kennerspiel", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["finished"] is True and doc["error"] is None
    # moves are the commands after CONFIG and START
    assert doc["moves_applied"] == doc["moves_total"] == len(rec["moves"]) - 2
    assert [p["score"] for p in doc["players"]] == [s["total"] for s in rec["reference"]["final_scores"]]
    for seat, p in enumerate(doc["players"]):
        assert p["seat"] == seat and isinstance(p["color"], str) and len(p["color"]) == 1
        assert set(p["breakdown"]) == {"goods", "economic", "settlements"}
        b = p["breakdown"]
        assert b["goods"]["total"] + b["economic"]["total"] + b["settlements"]["total"] == p["score"]


def test_replay_text_summary(tmp_path, capsys):
    rec = record("random-france-solo-00")
    path = write_moves(tmp_path, rec["moves"])
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "game finished" in out and "total" in out


def test_replay_stops_at_a_refused_move_with_exit_1(tmp_path, capsys):
    # a record that leans on a reference bug: the import stops there (corpus README)
    rec = record("random-france-2p-long-00")
    expected = replay("\n".join(rec["moves"]), rules="kennerspiel")
    assert expected.error is not None
    path = write_moves(tmp_path, rec["moves"])
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["finished"] is False
    assert doc["error"]["line"] == expected.error.line
    assert doc["error"]["command"] == rec["moves"][expected.error.line - 1]
    assert doc["error"]["message"]
    assert doc["moves_applied"] == expected.moves_applied < doc["moves_total"]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1 and f"stopped at line {expected.error.line}" in out


def test_replay_a_move_the_rules_refuse(tmp_path, capsys):
    # cut the worked game short and append a building nobody can afford: a rule error, exit 1
    rec = record("random-france-2p-long-13")
    moves = rec["moves"][:3] + ["BUILD G41 0 0"]
    path = write_moves(tmp_path, moves)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 1
    doc = json.loads(out)
    assert doc["error"]["line"] == 4 and doc["error"]["command"] == "BUILD G41 0 0"
    assert doc["moves_applied"] == 1 and doc["moves_total"] == 2


def test_replay_reports_what_the_lenient_reading_dropped(tmp_path, capsys):
    # issue 10 point 1: what the importer drops is in --json "warnings" and in the text output
    # (REPORT.md section 3: the Cloister Office reads only "Jo", case 5 "USE LR3 Pn")
    moves = ["CONFIG 2 france long", "START R G", "USE LR3 Pn", "COMMIT"]
    path = write_moves(tmp_path, moves)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    doc = json.loads(out)
    assert [(w["line"], w["command"]) for w in doc["warnings"]] == [(3, "USE LR3 Pn")]
    assert "Jo" in doc["warnings"][0]["message"]
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "warning: line 3: USE LR3 Pn" in out


def test_replay_printed_rules_option(tmp_path, capsys):
    # --rules printed replays under the printed preset: the same result as the
    # Python replay with those rules, and the JSON says which rules were used
    rec = record("random-france-solo-00")
    text = "\n".join(rec["moves"])
    path = write_moves(tmp_path, rec["moves"])
    code, out, _ = run(capsys, "replay", str(path), "--rules", "printed", "--json")
    doc = json.loads(out)
    expected = replay(text, rules="printed")
    assert doc["game"]["rules"] == "printed" and doc["format"] == "kennerspiel"
    assert code == (0 if expected.error is None else 1)
    assert doc["moves_applied"] == expected.moves_applied and doc["moves_total"] > 0
    assert [p["score"] for p in doc["players"]] == expected.state.scores()
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert json.loads(out)["game"]["rules"] == "kennerspiel"


@pytest.mark.parametrize("content", [b"", b"\xff\xfe not text", b"CONFIG 9 nowhere long\nSTART 1\n"])
def test_replay_unreadable_input_exits_2(tmp_path, capsys, content):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["finished"] is False and doc["moves_applied"] == 0 and doc["error"]["message"]


def test_replay_missing_file_exits_2(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.txt"))
    assert code == 2 and "cannot read" in err


def test_replay_as_a_subprocess(tmp_path):
    rec = record("random-france-solo-00")
    path = write_moves(tmp_path, rec["moves"])
    script = shutil.which("olab")
    cmd = ([script] if script else [sys.executable, "-m", "olab.cli"]) + ["replay", str(path), "--json"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["finished"] is True


# -- every game through the registry (issue 9, section 4) ---------------------------

def test_the_games_options_are_flags(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--game", "ora_et_labora", "--help"])
    out = capsys.readouterr().out
    import olab
    for o in olab.games()["ora_et_labora"].options:
        # an option with a single valid value is accepted but not listed (issue 25 point 9)
        listed = o.values is None or len(o.values) > 1
        assert (("--" + o.name.replace("_", "-") + " ") in out) == listed, o.name
    assert "options of Ora et Labora" in out and "(default: 4)" in out


def olab_option_names():
    import olab
    return olab.games()["ora_et_labora"].option_names()


def test_play_with_rule_options_and_explicit_chance(capsys):
    code, out, err = run(capsys, "play", "--players", "3", "--chance", "explicit", "--seed", "2",
                         "--whiskey-distillery-free", "true", "--variant", "ireland",
                         "--bots", "greedy, random ,random")
    assert code == 0, err
    assert "ora_et_labora, 3 players, ireland, long, rules printed, explicit" in out
    assert "\r" not in err                       # no progress frames when stderr is not a terminal
    with pytest.raises(SystemExit) as e:
        main(["play", "--players", "2", "--whiskey-distillery-free", "maybe"])
    assert e.value.code == 2 and "expected true or false" in capsys.readouterr().err


@pytest.mark.parametrize("rules", ["printed", "kennerspiel"])
def test_a_logged_game_replays_with_the_command_olab_prints(tmp_path, capsys, rules):
    log = tmp_path / "game.txt"
    code, out, _ = run(capsys, "play", "--players", "2", "--length", "short", "--rules", rules,
                       "--bots", "greedy,random", "--seed", "4", "--log", str(log), "--quiet")
    assert code == 0 and f"replay with: olab replay {log}" in out
    scores = [line.split()[-1] for line in out.splitlines() if line[:1] in "01" and len(line.split()) > 5]
    code, out, _ = run(capsys, "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["finished"] and doc["game"]["rules"] == rules
    assert [str(p["score"]) for p in doc["players"]] == scores


def test_a_log_that_cannot_be_written_fails_before_the_game(tmp_path, capsys):
    code, out, err = run(capsys, "play", "--players", "2", "--log", str(tmp_path / "no" / "dir" / "g.txt"))
    assert code == 1 and "cannot write" in err and "total" not in out


@pytest.mark.parametrize("argv, words", [
    (["play", "--seed", "-1"], "0..2**64-1"),
    (["play", "--seed", str(2 ** 64)], "0..2**64-1"),
    (["play", "--time-ms", "nan", "--bots", "mcts,mcts,mcts,mcts"], "finite"),
    (["arena", "--bots", "greedy,random", "--time-ms", "inf"], "finite"),
    (["bench", "--seconds", "nan"], "finite"),
    (["bench", "--seed", "-1"], "0..2**64-1"),
    (["engine", "--max-line", "0"], "at least 1"),
])
def test_bad_numbers_are_clear_errors(capsys, argv, words):
    code, _, err = run(capsys, *argv)
    assert code == 2 and words in err


def test_arena_labels_identical_bots_by_seat(capsys):
    code, out, _ = run(capsys, "arena", "--bots", "random,random", "--games", "2", "--quiet")
    assert code == 0 and "random (#0)" in out and "random (#1)" in out and "truncated games:" in out


# -- a newcomer's first day (issue 16) ----------------------------------------------

def test_a_human_plays_against_the_bots_with_numbers_text_and_undo():
    import io
    import olab
    from olab.bots import make_bot
    from olab.cli import play_with_a_human
    game = olab.load("ora_et_labora", players=2)
    bots = [make_bot("random", seed=1), make_bot("greedy", seed=2)]
    inp = io.StringIO("USE LR1\n0\nundo\nnonsense\n1\nCOMMIT\nquit\n")
    out = io.StringIO()
    assert play_with_a_human(game.new_initial_state(2692), bots, 0, 3, inp, out) is None
    text = out.getvalue()
    assert "You play seat 0 (R)" in text and "Wheel (front" in text
    assert "cannot read 'nonsense'" in text           # the bad move is refused and said so
    assert "game left unfinished" in text


def test_a_human_game_to_the_end(tmp_path):
    import io
    import olab
    from olab.bots import make_bot
    from olab.cli import play_with_a_human
    game = olab.load("ora_et_labora", players=1)
    inp = io.StringIO("0\n" * 2000)                   # always the first move listed
    state = play_with_a_human(game.new_initial_state(5), [None, make_bot("random")], 0, 1, inp, io.StringIO())
    assert state is not None and state.is_terminal()


def test_show_draws_a_log_and_a_json_document(tmp_path, capsys):
    import olab
    log = tmp_path / "g.txt"
    run(capsys, "play", "--players", "2", "--bots", "random,random", "--seed", "2", "--log", str(log), "--quiet")
    code, out, _ = run(capsys, "show", str(log))
    assert code == 0 and out.startswith("Ora et Labora: 2 players") and "game over" in out.splitlines()[0]
    state = olab.load("ora_et_labora", players=3).new_initial_state(4)
    doc = tmp_path / "s.json"
    doc.write_text(json.dumps(state.to_json()))
    code, out, _ = run(capsys, "show", str(doc), "--player", "1")
    assert code == 0 and out.strip() == state.render(1).strip()
    bad = tmp_path / "bad.json"
    bad.write_text('{"config": {"game": "ora_et_labora"}, "players": []}')
    code, _, err = run(capsys, "show", str(bad))
    assert code == 2 and "$" in err


def test_str_of_a_state_is_a_compact_board():
    import olab
    state = olab.load("ora_et_labora", players=4).new_initial_state(1)
    text = str(state)
    assert len(text.splitlines()) < 60 and "{" not in text
    assert text.count("Seat ") == 4 and "Legal (" in text
    assert "LR1" in text and "MOO" in text and "FOR" in text
