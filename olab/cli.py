"""The ``olab`` command line, for every registered game.

``olab play`` plays a complete game between bots and prints the score table;
``olab arena`` runs a match between bots, ``olab ladder`` rates several bots in
Elo from a round robin, ``olab bench`` measures the engine,
``olab replay`` replays a game record, ``olab show`` draws a position as text,
``olab engine`` answers the JSON Lines protocol, ``olab serve`` serves a
page to play in the browser (:mod:`olab.web`) and ``olab capi`` prints the C
library's compiler flags.

``--game NAME`` picks the game (default: the first registered, Ora et
Labora); the game's options become flags of ``play``, ``arena``, ``ladder``, ``bench``
and ``replay`` (``olab play --game NAME --help`` lists them), generated from
the registry, so this module names no game.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys

import olab
from olab.bots import BOT_NAMES, make_bot
from olab.registry import default_game, describe_config
from olab.records import RECORD_HEADER, read_record_header, record_header, record_options

__all__ = ["main"]

#: the first line of a log written by ``olab play --log``: the game's configuration (olab.records)
from olab.records import LOG_HEADER, read_header as _read_header, record_text  # noqa: E402


def _game_of_argv(argv: list[str]) -> str:
    # --game must be known before the game's options can be added to the parser
    for i, arg in enumerate(argv):
        if arg == "--game" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--game="):
            return arg.split("=", 1)[1]
    return default_game()


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _parse_bool(text: str) -> bool:
    low = text.strip().lower()
    if low in ("true", "yes", "1", "on"):
        return True
    if low in ("false", "no", "0", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, not {text!r}")


def _add_game_args(p: argparse.ArgumentParser, game: str, defaults: dict | None = None) -> None:
    p.add_argument("--game", default=game, choices=list(olab.games()),
                   help="the game (default: %(default)s); its options follow")
    if game not in olab.games():
        return                       # argparse reports the bad --game
    info = olab.games()[game]
    group = p.add_argument_group(f"options of {info.title} (--game {info.name})")
    for o in info.options:
        kind = _parse_bool if o.type is bool else o.type
        default = (defaults or {}).get(o.name, o.default)
        choices = list(o.values) if o.values is not None and o.type is not bool else None
        shown = "the preset's" if default is None else "%(default)s"
        # an option with a single valid value is accepted but not listed: it
        # documents a point every preset agrees on, no choice for the player
        single = o.values is not None and len(o.values) == 1
        group.add_argument(_flag(o.name), dest=o.name, type=kind, default=default, choices=choices,
                           metavar=None if choices else o.type.__name__.upper(),
                           help=argparse.SUPPRESS if single else
                           (f"{o.help} (default: {shown})" if "(default" not in o.help else o.help))


def _options(args) -> dict:
    # the game's options from the parsed flags (those left at None keep the game's own default)
    info = olab.games()[args.game]
    return {o.name: getattr(args, o.name) for o in info.options if getattr(args, o.name) is not None}


def _describe(game) -> str:
    return describe_config(game.config())


class _Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, quiet: bool, out=None):
        self.out = out if out is not None else sys.stderr
        self.on = not quiet and hasattr(self.out, "isatty") and self.out.isatty()
        self.shown: str | None = None

    def show(self, text: str, fraction: float) -> None:
        if not self.on:
            return
        width = 30
        filled = max(0, min(width, int(width * fraction)))
        line = f"\r{text:<16} [{'#' * filled}{'.' * (width - filled)}]"
        if line != self.shown:
            self.out.write(line)
            self.out.flush()
            self.shown = line

    def done(self) -> None:
        if self.on and self.shown is not None:
            self.out.write("\n")
            self.out.flush()


def _items_text(items) -> str:
    # a breakdown category's items in one line, whatever their shape
    parts = []
    if isinstance(items, dict):
        for key, v in items.items():
            pts = v.get("points") if isinstance(v, dict) else v
            if pts:
                parts.append(f"{key} {pts}")
    else:
        for it in items:
            label = it.get("card") or it.get("name") or it.get("what") or "?"
            pts = next((it[k] for k in ("points", "value", "score") if k in it), None)
            parts.append(f"{label} {pts}" if pts is not None else str(label))
    return ", ".join(parts) or "-"


def _points(entry: dict) -> str:
    # a game whose scores count in smaller units than points (Fields of Arle:
    # half points) gives each total in points too; the table shows points
    if "points" in entry:
        pts = entry["points"]
        return f"{pts:g}" if pts == int(pts) else f"{pts:.1f}"
    return str(entry["total"])


def score_table(state, bots) -> str:
    """The final scores with each player's breakdown by the game's categories, as text."""
    game = state.game
    cats = game.score_categories()
    widths = [max(6, len(label) + 1) for _key, label in cats]
    header = f"{'seat':<5}{'player':<8}{'bot':<10}" + "".join(
        f"{label:>{w}}" for (_k, label), w in zip(cats, widths)) + f"{'total':>7}"
    lines = [header, "-" * len(header)]
    breakdowns = [state.score_breakdown(seat) for seat in range(game.num_players())]
    for seat, b in enumerate(breakdowns):
        lines.append(f"{seat:<5}{state.player_label(seat):<8}{bots[seat].name:<10}" + "".join(
            f"{_points(b[key]):>{w}}" for (key, _l), w in zip(cats, widths)) + f"{_points(b):>7}")
    lines.append("")
    for seat, b in enumerate(breakdowns):
        detail = "; ".join(f"{label} [{_items_text(b[key].get('items', []))}]" for key, label in cats)
        lines.append(f"seat {seat} ({state.player_label(seat)}): {detail}")
    if state.is_truncated():
        lines.append("")
        lines.append("truncated: the engine's safety cap stopped this game before its rules ended it; "
                     "the scores are those of the position reached")
    return "\n".join(lines)


def _budget(args) -> dict | None:
    budget = {}
    if args.simulations is not None:
        if args.simulations < 1:
            print("--simulations must be at least 1", file=sys.stderr)
            return None
        budget["simulations"] = args.simulations
    if args.time_ms is not None:
        if not (math.isfinite(args.time_ms) and args.time_ms > 0):
            print(f"--time-ms must be a finite number > 0, not {args.time_ms}", file=sys.stderr)
            return None
        budget["time_ms"] = args.time_ms
    return budget


def _add_hidden_key_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hidden-key", metavar="HEX", default=None,
                   help="a game with hidden information (Orleans): the secret key its hidden seeds are derived "
                        "with (default: a fresh random key, printed once the games are over)")


def _add_budget_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--simulations", type=int, default=None, metavar="N",
                   help="playouts per decision for mcts (default: 1000, unless --time-ms is given)")
    p.add_argument("--time-ms", type=float, default=None, metavar="MS",
                   help="milliseconds per decision for mcts (instead of, or as well as, --simulations; "
                        "default: none)")


def _add_backend_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--backend", choices=("local", "ray"), default="local",
                   help="where the games run: local processes or Ray (needs olab[ray]) (default: %(default)s)")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="with --backend ray: the cluster (auto, or HOST:PORT of `ray start --head`); "
                        "default: a local Ray instance")


#: the bot of every seat ``--bots`` does not name: one that plays a game worth watching
DEFAULT_BOT = "greedy"


def _bot_names(text: str | None, seats: int, human: int | None = None) -> list[str] | None:
    # with --human, --bots may name only the other seats (in seat order), or every seat
    # (the human's entry is then ignored)
    bots = seats if human is None else seats - 1
    names = [n.strip() for n in text.split(",")] if text else [DEFAULT_BOT] * bots
    if human is not None and 0 <= human < seats and len(names) == bots:
        names.insert(human, HUMAN)
    if len(names) != seats:
        also = "" if human is None else f", or {bots} for the seats besides the human's"
        print(f"--bots needs {seats} names (one per seat{also}), got {len(names)}", file=sys.stderr)
        return None
    return names


def _seed_ok(seed: int, flag: str = "--seed") -> bool:
    if not 0 <= seed < 2 ** 64:
        print(f"{flag} must be in 0..2**64-1, not {seed}", file=sys.stderr)
        return False
    return True


def _load(args):
    try:
        return olab.load(args.game, **_options(args))
    except ValueError as e:
        print(e, file=sys.stderr)
        return None


def write_log(state, path: str) -> str:
    """Write ``state``'s game to ``path`` in its game's first record format, with a header line.

    The header (``# olab-game: {config}``, :func:`olab.records.record_header`)
    records the configuration and the rules version, so ``olab replay`` reads
    the game back with the same rules.  Returns the format's name.
    """
    writers = olab.games()[state.game.name].export_formats
    if not writers:
        raise ValueError(f"{state.game.name} has no record format to log in")
    text = record_text(state)
    # into a temporary file renamed over the log: the log is always a whole record
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return next(iter(writers))


def _match(args, human: int | None = None):
    # what play and arena both read: the seed, the game, a bot per seat and
    # the search budget, as (game, names, budget); None once an error is printed
    if not _seed_ok(args.seed):
        return None
    game = _load(args)
    if game is None:
        return None
    if human is not None and not 0 <= human < game.num_players():
        print(f"--human must be a seat 0..{game.num_players() - 1}", file=sys.stderr)
        return None
    names = _bot_names(args.bots, game.num_players(), human)
    budget = _budget(args)
    if names is None or budget is None:
        return None
    return game, names, budget


class _Log:
    """``olab play --log``: the record written as the game goes, and at its end.

    The record is rewritten at most every ``every`` seconds while the game
    runs (a record of the whole game each time, into a temporary file renamed
    over the log, so the file always holds a complete record of the game so
    far), and once more whenever the game stops: at its end, at ``quit``, on
    Ctrl-C or on a closed output pipe.
    """

    def __init__(self, path: str | None, every: float = 2.0):
        import time

        self.path = path
        self.every = every
        self._clock = time.monotonic
        self.last = self._clock()
        self.fmt: str | None = None

    def update(self, state) -> None:
        # not while a game with hidden information is played: its record
        # names the hidden seed (HIDDEN), which a seat must not read before
        # the game stops
        from olab.arena import _hidden_information

        if self.path and self._clock() - self.last >= self.every and not _hidden_information(state.game):
            self.save(state, quiet=True)

    def save(self, state, quiet: bool = False) -> bool:
        if not self.path:
            return False
        self.last = self._clock()
        try:
            self.fmt = write_log(state, self.path)
            return True
        except (OSError, ValueError) as e:
            if not quiet:
                print(f"cannot write {self.path}: {e}", file=sys.stderr)
            return False


def _hidden_key(args, game):
    # --hidden-key HEX for a game with hidden information (olab.arena.deal);
    # None when not given (the surface then makes a fresh key, or selfplay
    # continues with its run's) and for a game without; False once an error is printed
    from olab.arena import _hidden_information

    text = getattr(args, "hidden_key", None)
    if not _hidden_information(game) or text is None:
        return None
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if not 1 <= len(key) <= 64:
        print("--hidden-key must be 1 to 64 bytes in hex", file=sys.stderr)
        return False
    return key


def cmd_play(args) -> int:
    from olab.arena import _chance_seed, _hidden_information, deal, new_hidden_key, play_bots

    match = _match(args, human=args.human)
    if match is None:
        return 2
    game, names, budget = match
    key = _hidden_key(args, game)
    if key is False:
        return 2
    if key is None and _hidden_information(game):
        key = new_hidden_key()             # what no seat can derive; told once the game is over
    if args.seed * 1000 + len(names) >= 2 ** 64:
        print("--seed is too large: the bots' seeds (seed * 1000 + seat) must stay below 2**64", file=sys.stderr)
        return 2
    try:
        bots = [_Named(HUMAN) if i == args.human else make_bot(n, seed=args.seed * 1000 + i, **budget)
                for i, n in enumerate(names)]
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    if args.log:
        try:
            open(args.log, "a", encoding="utf-8").close()      # fail before the game, not after it
        except OSError as e:
            print(f"cannot write {args.log}: {e}", file=sys.stderr)
            return 1
        writers = olab.games()[game.name].export_formats
        try:                                                    # and a game its notation cannot write
            if not writers:
                raise ValueError(f"{game.name} has no record format to log in")
            next(iter(writers.values()))(game.new_initial_state(seed=args.seed))
        except ValueError as e:
            print(f"cannot log this game: {e}", file=sys.stderr)
            return 2
    log = _Log(args.log)
    state = deal(game, args.seed, key)
    try:
        if args.human is not None:
            finished = play_with_a_human(state, bots, args.human, _chance_seed(args.seed, key), on_move=log.update) is not None
            if not finished:
                if log.save(state):
                    print(f"the game so far ({state.move_number()} actions) is in {args.log} "
                          f"(continue it with: olab show {args.log})")
                return 0
        else:
            bar = _Progress(args.quiet)

            def on_move(s):
                bar.show(*s.progress())
                log.update(s)

            try:
                play_bots(state, bots, seed=_chance_seed(args.seed, key), on_move=on_move,
                          view_seed=None if key is None else _chance_seed(args.seed, key, salt=0x71E45))
            finally:
                bar.done()
    except KeyboardInterrupt:
        saved = log.save(state)
        print("interrupted" + (f"; the game so far ({state.move_number()} actions) is in {args.log}"
                               if saved else ""), file=sys.stderr)
        return 130
    # the record first: a reader that closes the pipe early (| head) must not cost the log
    if args.log and not log.save(state):
        return 1
    names = [b.name for b in bots]
    print(f"{_describe(game)}, seed {args.seed}: {state.move_number()} actions; bots {', '.join(names)}")
    print(score_table(state, bots))
    if key is not None:
        # the game is over: the key of what the seats could not see may be told
        print(f"hidden key {key.hex()} (play the same game again with --hidden-key {key.hex()})")
    if args.log:
        print(f"game written to {args.log} ({log.fmt} notation; replay with: olab replay {args.log})")
    return 0


#: the label of the human's seat in ``olab play --human``
HUMAN = "you"

HUMAN_HELP = ("type a move's number or its text (as listed); 'undo' takes back your last move "
              "(and the bots' moves since); 'board' shows the board again; 'quit' ends the game "
              "(with --log the game so far is saved)")


def _board(state, seat: int) -> str:
    return state.render(seat).rsplit("\n\nLegal", 1)[0]


def _ask(state, seat: int, inp, out, full_board: bool = True) -> str | int:
    # one decision of the human: an action id, or "undo" / "quit"
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    board = _board(state, seat)
    # the whole board at the start of a turn; within it, only the first line
    # (what is being decided), since little has changed ('board' shows it all)
    out.write("\n" + (board if full_board else board.split("\n", 1)[0]) + "\n")
    while True:
        out.write("\n" + "\n".join(f"  {i:>3}  {t}" for i, t in enumerate(texts)) + "\n")
        out.write(f"seat {seat}, your move (number, text, undo, board, quit): ")
        out.flush()
        line = inp.readline()
        if not line:
            return "quit"
        line = line.strip()
        if line.lower() in ("quit", "undo"):
            return line.lower()
        if line.lower() == "board":
            out.write(board + "\n")
            continue
        if line.lower() in ("help", "?"):
            out.write(HUMAN_HELP + "\n")
            continue
        if line.isdigit():
            if int(line) < len(legal):
                return legal[int(line)]
            out.write(f"  there is no move {line}: type 0..{len(legal) - 1}, or a move's text\n")
            continue
        try:
            a = state.string_to_action(line)
        except (olab.NotationError, olab.IllegalActionError) as e:
            out.write(f"  {e}\n")
            continue
        if a in legal:
            return a
        try:
            state.clone().apply_action(a)
        except olab.IllegalActionError as e:
            out.write(f"  {e}\n")


def _starts_a_turn(state) -> bool:
    # whether the decision now begins a new turn (a new Move of state.moves())
    legal = state.legal_actions()
    if not legal:
        return True
    after = state.clone()
    after.apply_action(legal[0])
    return len(after.moves()) > len(state.moves())


def play_with_a_human(state, bots, seat: int, seed: int, inp=None, out=None, on_move=None):
    """``olab play --human SEAT``: the bots play the other seats, the human answers on the terminal.

    Plays ``state`` in place.  Returns the finished state, or ``None`` when
    the human quits (or the input ends); ``state`` then holds the game so far.
    ``on_move(state)``, if given, is called after every action.
    """
    import random as _random

    inp = inp if inp is not None else sys.stdin
    out = out if out is not None else sys.stdout
    rng = _random.Random(seed)
    out.write(f"You play seat {seat} ({state.player_label(seat)}). {HUMAN_HELP}\n")
    others_moved = True
    while not state.is_terminal():
        p = state.current_player()
        if p == olab.CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], weights=[w for _, w in outcomes])[0])
        elif p == seat:
            new_turn = _starts_a_turn(state)
            if new_turn and not others_moved and state.game.num_players() > 1 and state.move_number():
                out.write(f"\nyour turn again: seat {seat} plays another turn before the others move\n")
            answer = _ask(state, seat, inp, out, full_board=new_turn or others_moved)
            others_moved = False
            if answer == "quit":
                out.write("game left unfinished\n")
                return None
            if answer == "undo":
                if seat not in _deciders(state):
                    out.write("  nothing of yours to take back\n")
                    continue
                while True:                  # back to your previous decision
                    state.undo_action()
                    if state.current_player() == seat:
                        break
                others_moved = True
                continue
            state.apply_action(answer)
        else:
            a = bots[p].choose(state.determinize(p, rng.getrandbits(64)))
            out.write(f"seat {p} ({state.player_label(p)}, {bots[p].name}): {state.action_to_string(a)}\n")
            state.apply_action(a)
            others_moved = True
        if on_move is not None:
            on_move(state)
    return state


def _deciders(state) -> set:
    # the seats that made the actions of the history
    c = state.clone()
    seats = set()
    while c.move_number():
        c.undo_action()
        seats.add(c.current_player())
    return seats


def cmd_show(args) -> int:
    """Show a position (a JSON document of State.to_json, or a game record) as text."""
    try:
        with open(args.file, encoding="utf-8-sig") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    state = None
    try:
        doc = json.loads(text)
    except ValueError as e:
        if text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
            # meant as a state document: say what is wrong with it, not what a
            # record reader makes of it
            print(f"{args.file}: not a valid JSON document: {e}", file=sys.stderr)
            return 2
        doc = None
    if doc is not None and not (isinstance(doc, dict) and isinstance(doc.get("config"), dict)):
        print(f"{args.file}: JSON, but not a state document (State.to_json writes one, with its "
              "\"config\")", file=sys.stderr)
        return 2
    try:
        if isinstance(doc, dict) and isinstance(doc.get("config"), dict):
            game = olab.load(**doc["config"])
            state = game.state_from_json(doc)
        else:
            header = _read_header(text) or {}
            name = header.get("game") or default_game()
            info = olab.games()[name]
            fmt = args.format or next(iter(info.replay_formats), None)
            if fmt not in info.replay_formats:
                print(f"{args.file} is neither a state document nor a record olab reads", file=sys.stderr)
                return 2
            options = record_options(name, header or None, {})
            result = info.replay_formats[str(fmt)](text, **options)
            if result.state is None:
                print(f"{args.file}: {result.error}", file=sys.stderr)
                return 2
            state = result.state
            if result.error is not None:
                print(f"(the record stops at line {result.error.line}: {result.error.message})")
    except (ValueError, olab.OlabError) as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 2
    if args.player is not None and not 0 <= args.player < state.game.num_players():
        print(f"--player must be a seat 0..{state.game.num_players() - 1}", file=sys.stderr)
        return 2
    print(state.render(args.player))
    return 0


def cmd_arena(args) -> int:
    from olab.arena import run_arena

    match = _match(args)
    if match is None:
        return 2
    game, names, budget = match
    if args.games < 1 or args.workers < 1:
        print("--games and --workers must be at least 1", file=sys.stderr)
        return 2
    key = _hidden_key(args, game)
    if key is False:
        return 2
    bar = _Progress(args.quiet)
    try:
        r = run_arena(names, args.games, game=args.game, seed=args.seed, workers=args.workers,
                      budget=budget, progress=lambda done: bar.show(f"game {done}/{args.games}", done / args.games),
                      backend=args.backend, address=args.address, hidden_key=key, results=args.results,
                      **_options(args))
    except (ValueError, ImportError) as e:
        bar.done()
        print(e, file=sys.stderr)
        return 2
    except OSError as e:
        bar.done()
        print(f"--results: {e.strerror or e}: {e.filename or args.results}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        bar.done()
        raise
    bar.done()
    if args.json:
        print(json.dumps(r.as_json()))
        return 0
    print(f"{_describe(game)}: {r.games} games, seed {args.seed}, {r.seconds:.1f} s")
    print(f"{'bot':<14}{'wins':>6}{'win rate':>10}{'95% interval':>18}{'mean score':>12}"
          f"{'ms a move':>11}{'longest':>9}")
    labels = _bot_labels(r.bots)
    for b, label in enumerate(labels):
        lo, hi = r.ci95[b]
        print(f"{label:<14}{r.wins[b]:>6}{r.win_rate[b]:>10.3f}{f'[{lo:.3f}, {hi:.3f}]':>18}"
              f"{r.mean_score[b]:>12.1f}{1000 * r.decision_seconds[b]:>11.2f}{1000 * r.decision_seconds_max[b]:>9.0f}")
    print(f"draws: {r.draws}; truncated games: {r.truncated}")
    if r.hidden_key is not None:
        print(f"hidden key {r.hidden_key} (play the same match again with --hidden-key {r.hidden_key})")
    return 0


def _seed_game_budget(args, hidden_key: bool = False):
    # what ladder, selfplay and tune read first: the seed, the game and the
    # search budget, as (game, budget), with hidden_key (game, budget, the
    # --hidden-key or None); None once an error is printed
    if not _seed_ok(args.seed):
        return None
    game = _load(args)
    budget = _budget(args)
    if game is None or budget is None:
        return None
    if not hidden_key:
        return game, budget
    key = _hidden_key(args, game)
    return None if key is False else (game, budget, key)


def cmd_ladder(args) -> int:
    from olab.ladder import plot_ladder, run_ladder

    setup = _seed_game_budget(args, hidden_key=True)
    if setup is None:
        return 2
    game, budget, key = setup
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if args.games < 1 or args.workers < 1:
        print("--games and --workers must be at least 1", file=sys.stderr)
        return 2
    bar = _Progress(args.quiet)
    try:
        r = run_ladder(names, args.games, game=args.game, seed=args.seed, workers=args.workers, budget=budget,
                       progress=lambda done, total: bar.show(f"game {done}/{total}", done / total),
                       hidden_key=key, **_options(args))
    except (ValueError, ImportError) as e:
        print(e, file=sys.stderr)
        return 2
    bar.done()
    if args.plot:
        try:
            plot_ladder(r, args.plot)
        except (ImportError, OSError) as e:
            print(f"--plot: {e}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(r.as_json()))
        return 0
    pairs = len(names) * (len(names) - 1) // 2
    print(f"{_describe(game)}: {pairs} pairs x {r.games} games, seed {args.seed}, {r.seconds:.1f} s")
    print(r.table())
    if args.plot:
        print(f"plot: {args.plot}")
    if r.hidden_key is not None:
        print(f"hidden key {r.hidden_key} (play the same ladder again with --hidden-key {r.hidden_key})")
    return 0


def cmd_tune(args) -> int:
    from olab.tune import run_tune

    setup = _seed_game_budget(args, hidden_key=True)
    if setup is None:
        return 2
    game, budget, key = setup
    if args.games < 1 or args.workers < 1 or args.every < 1:
        print("--games, --workers and --every must be at least 1", file=sys.stderr)
        return 2
    if args.ridge is not None and not (math.isfinite(args.ridge) and args.ridge > 0):
        print(f"--ridge must be a finite number > 0, not {args.ridge}", file=sys.stderr)
        return 2
    bar = _Progress(args.quiet)
    made_by = "olab " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["tune"] else ""
    try:
        if args.fit == "heuristic" and (args.ridge is not None or args.every != 1):
            raise ValueError("--ridge and --every are for --fit residual")
        r = run_tune(args.game, args.out, args.games, bots=[b.strip() for b in args.bots.split(",")],
                     seed=args.seed, budget=budget, workers=args.workers, every=args.every, ridge=args.ridge,
                     made_by=made_by, hidden_key=key, fit=args.fit, start=args.start,
                     progress=lambda done, total: bar.show(f"game {done}/{total}", done / total),
                     **_options(args))
    except (ValueError, ImportError, OSError) as e:
        bar.done()
        print(f"tune: {e}", file=sys.stderr)
        return 2
    bar.done()
    if args.json:
        print(json.dumps(r))
        return 0
    f = r["fit"]
    if args.fit == "heuristic":
        print(f"{_describe(game)}: the heuristic's weights fitted by {f['steps']:,} steps of SPSA "
              f"over {f['games']:,} games of {f['bot']} in {r['seconds']:.1f} s")
        print("  " + ", ".join(f"{k} {f['start'][k]:g} -> {v:g}" for k, v in r["heuristic"].items()))
        c = f["check"]
        if "share" in c:
            print(f"fitted against the starting weights on {c['deals']} fresh deals, both seatings: "
                  f"{c['share']:.3f} of the wins (95% {c['ci95'][0]:.3f}-{c['ci95'][1]:.3f})")
        else:
            print(f"fitted against the starting weights on {c['deals']} fresh deals: edge {c['edge']:+.3f} "
                  "(d / (|d| + 10) of the score difference d, averaged)")
        print(f"wrote {r['out']} (play with --bots mcts:weights={r['out']} or greedy:weights={r['out']})")
        return 0
    print(f"{_describe(game)}: fitted on {f['rows']:,} positions of {f['games']} games in {r['seconds']:.1f} s "
          f"(ridge {f['ridge']:g})")
    print(f"final score predicted on {f['held_out_rows']:,} held-out positions: heuristic alone off by "
          f"{f['rmse_heuristic']:.1f} points (RMS), with the fitted residual {f['rmse_fitted']:.1f}")
    print(f"wrote {r['out']} (play with --bots mcts:weights={r['out']})")
    return 0


def _bot_labels(names: list[str]) -> list[str]:
    # identical bots are told apart by their place in --bots
    return [f"{n} (#{i})" if names.count(n) > 1 else n for i, n in enumerate(names)]


def cmd_bench(args) -> int:
    from olab.bench import format_table, run_bench

    if not (math.isfinite(args.seconds) and args.seconds > 0):
        print(f"--seconds must be a finite number > 0, not {args.seconds}", file=sys.stderr)
        return 2
    if not _seed_ok(args.seed):
        return 2
    if _load(args) is None:
        return 2
    if args.vector:
        from olab.rl.bench import format_vector_table, run_vector_bench

        try:
            threads = tuple(int(t) for t in args.threads.split(","))
            r = run_vector_bench(args.game, batch=args.batch, threads=threads, seconds=args.seconds,
                                 seed=args.seed, **_options(args))
        except (ValueError, ImportError) as e:
            print(f"bench --vector: {e}", file=sys.stderr)
            return 2
        print(json.dumps(r) if args.json else format_vector_table(r))
        return 0
    r = run_bench(args.game, seconds=args.seconds, seed=args.seed, **_options(args))
    print(json.dumps(r) if args.json else format_table(r))
    return 0


def cmd_selfplay(args) -> int:
    from olab.rl.selfplay import run_selfplay

    setup = _seed_game_budget(args, hidden_key=True)
    if setup is None:
        return 2
    game, budget, key = setup
    bar = _Progress(args.quiet)
    try:
        r = run_selfplay(args.game, args.out, args.games, bots=[b.strip() for b in args.bots.split(",")],
                         seed=args.seed, budget=budget, shard_games=args.shard_games, backend=args.backend,
                         workers=args.workers, address=args.address, hidden_key=key,
                         progress=lambda done, total: bar.show(f"game {done}/{total}", done / total),
                         **_options(args))
    except (ValueError, ImportError) as e:
        bar.done()
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    bar.done()
    if args.json:
        print(json.dumps(r))
    else:
        rate = r["decisions"] / r["seconds"] if r["seconds"] > 0 else 0.0
        print(f"{_describe(game)}: {r['games']} games in {r['shards']} shards in {r['out']} "
              f"({r['played']} played now, {r['decisions']:,} decisions, {rate:,.0f} decisions/s)")
    return 0


def cmd_engine(args) -> int:
    # the JSON Lines protocol of olab.protocol over stdin/stdout
    from olab.protocol import serve

    if args.max_line < 1:
        print("--max-line must be at least 1 byte", file=sys.stderr)
        return 2
    from olab.protocol import check_bot_spec

    try:
        allowed = [check_bot_spec(b) for b in args.allow_bot]
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    return serve(max_line=args.max_line, allow_bots=allowed)


def cmd_serve(args) -> int:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        print('olab serve needs the web extra: pip install "olab[web]"', file=sys.stderr)
        return 2
    from olab import web

    if not 0 < args.port < 65536 or args.max_games < 1 or args.max_body < 1024:
        print("--port must be 1..65535, --max-games >= 1, --max-body >= 1024", file=sys.stderr)
        return 2
    try:
        web.serve(host=args.host, port=args.port, data=args.data, allow_bots=tuple(args.allow_bot),
                  max_games=args.max_games, max_body=args.max_body, open_browser=args.open)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    except OSError as e:
        print(f"cannot serve on {args.host}:{args.port}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


def cmd_capi(args) -> int:
    # what a C compiler needs to use libolab (olab.capi)
    from olab import capi

    try:
        flags = ([capi.cflags()] if args.cflags else []) + ([capi.libs()] if args.libs else [])
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return 1
    print(" ".join(flags) if flags else capi.summary())
    return 0


def cmd_replay(args) -> int:
    """Replay a game record; exit 0 when every move applied, 1 when one was refused, 2 on unreadable input."""
    try:
        with open(args.file, encoding="utf-8-sig") as f:      # a byte-order mark is no command
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return _replay_unreadable(args, f"cannot read {args.file}: {e}")
    header = _read_header(text)
    name = args.game_given or (header or {}).get("game") or default_game()
    info = olab.games().get(name)
    if info is None:
        return _replay_unreadable(args, f"unknown game {name!r}; games: {', '.join(olab.games())}")
    fmt = args.format or next(iter(info.replay_formats), None)
    if fmt not in info.replay_formats:
        known = ", ".join(info.replay_formats) or "none"
        return _replay_unreadable(args, f"{name} records are not read as {fmt!r}; formats: {known}")
    # the options the record's header gives (olab play --log writes them), --rules over them
    header = header if header and header.get("game") == name else None
    if args.rules:
        if "rules" not in info.option_names():
            return _replay_unreadable(args, f"{info.title} has no rule presets: --rules does not apply")
        if header is not None:
            header = {k: v for k, v in header.items() if k != "rules"}
    try:
        options = record_options(name, header, {"rules": args.rules} if args.rules else {})
        result = info.replay_formats[str(fmt)](text, **options)
    except (ValueError, TypeError) as e:
        return _replay_unreadable(args, f"bad options for the replay: {e}")
    if result.state is None:
        err = result.error
        return _replay_unreadable(args, getattr(err, "message", str(err)), getattr(err, "line", 0),
                                  getattr(err, "command", ""))
    state = result.state
    players = []
    for seat in range(state.game.num_players()):
        b = state.score_breakdown(seat)
        players.append({"seat": seat, "color": state.player_label(seat), "score": b["total"],
                        "breakdown": {key: b[key] for key, _label in state.game.score_categories()}})
    err = result.error
    doc = {"game": state.game.config(), "format": fmt, "finished": result.finished,
           "moves_applied": result.moves_applied, "moves_total": result.moves_total,
           "truncated": state.is_truncated(), "players": players,
           "warnings": [w.to_json() for w in getattr(result, "warnings", [])],
           "error": None if err is None else {"line": err.line, "command": err.command,
                                              "message": err.message}}
    if args.json:
        print(json.dumps(doc))
    else:
        print(f"{args.file}: {_describe(state.game)}")
        print(f"{result.moves_applied} of {result.moves_total} moves applied; "
              + ("game finished" if result.finished else "game not finished"))
        for w in getattr(result, "warnings", []):
            print(f"warning: line {w.line}: {w.command}\n  {w.message}")
        if err is not None:
            print(f"stopped at line {err.line}: {err.command}\n  {err.message}")
        print(score_table(state, [_Named("-")] * state.game.num_players()))
    return 0 if err is None else 1


class _Named:
    def __init__(self, name):
        self.name = name


def _replay_unreadable(args, message: str, line: int = 0, command: str = "") -> int:
    if args.json:
        print(json.dumps({"game": None, "format": args.format, "finished": False, "moves_applied": 0,
                          "moves_total": 0, "truncated": False, "players": [], "warnings": [],
                          "error": {"line": line, "command": command, "message": message}}))
    else:
        where = f"line {line}: {command}: " if line else ""
        print(where + message, file=sys.stderr)
    return 2


def _another_games_option(argv: list[str]) -> str | None:
    # a flag that is an option of another game than --game's: say whose it is
    # (argparse alone would only call it unrecognized)
    game = _game_of_argv(argv)
    if game not in olab.games() or not argv or argv[0] not in ("play", "arena", "selfplay", "bench", "ladder", "tune"):
        return None
    own = {_flag(o.name) for o in olab.games()[game].options}
    for arg in argv:
        flag = arg.split("=", 1)[0]
        if not flag.startswith("--") or flag in own:
            continue
        owners = [i for i in olab.games().values() if i.name != game and flag in {_flag(o.name) for o in i.options}]
        if owners:
            where = ", ".join(f"{i.title} (--game {i.name})" for i in owners)
            return f"{flag} is an option of {where}, not of {olab.games()[game].title}; see olab {argv[0]} --game {game} --help"
    return None


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    argv = list(sys.argv[1:] if argv is None else argv)
    game = _game_of_argv(argv)
    titles = [i.title for i in olab.games().values()]
    parser = argparse.ArgumentParser(prog="olab", description=f"olab: engines for {', '.join(titles)}; "
                                     "olab COMMAND --help lists a command's flags")
    parser.add_argument("--version", action="version", version=f"olab {olab.__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    fmt = argparse.HelpFormatter

    p = sub.add_parser("play", help="play a complete game between bots and print the scores", formatter_class=fmt)
    _add_game_args(p, game)
    p.add_argument("--bots", default=None,
                   help=f"comma-separated bot per seat ({', '.join(BOT_NAMES)}, or module:Class for your own; "
                        f"default: {DEFAULT_BOT} in every seat); with --human, the other seats' bots")
    p.add_argument("--seed", type=int, default=1, help="deals the game and seeds the bots (default: %(default)s)")
    _add_budget_args(p)
    p.add_argument("--log", metavar="FILE", help="write the game to FILE in the game's record notation")
    _add_hidden_key_arg(p)
    p.add_argument("--human", type=int, default=None, metavar="SEAT",
                   help="play seat SEAT yourself on the terminal; --bots then names the other seats "
                        "(or every seat, the human's entry ignored)")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("arena", help="a seeded match between bots, with win rates and 95%% intervals",
                       formatter_class=fmt)
    _add_game_args(p, game, defaults={"players": 2})
    p.add_argument("--bots", required=True, help="comma-separated bot per seat; seats rotate game by game")
    _add_hidden_key_arg(p)
    p.add_argument("--games", type=int, default=100, help="games to play (default: %(default)s)")
    p.add_argument("--workers", type=int, default=1, help="processes to play on (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="game i is dealt with seed + i (default: %(default)s)")
    p.add_argument("--results", metavar="FILE", default=None,
                   help="keep each game in FILE (JSON lines) as it finishes; run again with the same "
                        "FILE to go on where a stopped match stopped (a game with hidden information "
                        "needs --hidden-key)")
    _add_backend_args(p)
    _add_budget_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal)")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("ladder", help="a round robin between bots, rated in Elo with 95%% intervals",
                       formatter_class=fmt)
    _add_game_args(p, game, defaults={"players": 2})
    p.add_argument("--bots", required=True,
                   help="comma-separated bots, each once (a bot may carry parameters: mcts:simulations=200)")
    p.add_argument("--games", type=int, default=20, help="games per pair (default: %(default)s)")
    p.add_argument("--workers", type=int, default=1, help="processes to play on (default: %(default)s)")
    p.add_argument("--seed", type=int, default=0, help="game k of every pair is dealt with seed + k "
                                                       "(default: %(default)s)")
    _add_budget_args(p)
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="draw the ratings into FILE (.svg as is; .png/.pdf need olab[plot])")
    _add_hidden_key_arg(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal)")
    p.set_defaults(func=cmd_ladder)

    p = sub.add_parser("selfplay", help="self-play training data (Parquet shards; needs olab[rl])",
                       formatter_class=fmt)
    _add_game_args(p, game)
    p.add_argument("--bots", default="mcts", help="a bot for every seat, or comma-separated one per seat "
                                                  "(default: %(default)s)")
    p.add_argument("--games", type=int, required=True, help="games to play")
    p.add_argument("--out", required=True, metavar="DIR", help="the directory of the shards; a run there is continued")
    p.add_argument("--seed", type=int, default=0, help="game i is dealt with seed + i (default: %(default)s)")
    _add_hidden_key_arg(p)
    p.add_argument("--shard-games", type=int, default=16, help="games per shard file (default: %(default)s)")
    p.add_argument("--workers", type=int, default=1, help="processes (or Ray CPUs) to play on (default: %(default)s)")
    _add_backend_args(p)
    _add_budget_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal)")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("tune", help="fit the bots' evaluation to self-play (an evaluation file; needs olab[rl])",
                       formatter_class=fmt)
    _add_game_args(p, game)
    p.add_argument("--bots", default="greedy", help="the self-play bots: one for every seat, or comma-separated "
                                                    "one per seat (default: %(default)s)")
    p.add_argument("--games", type=int, required=True, help="self-play games to fit on")
    p.add_argument("--out", required=True, metavar="FILE", help="the evaluation file to write (JSON)")
    p.add_argument("--seed", type=int, default=0, help="game i is dealt with seed + i (default: %(default)s)")
    p.add_argument("--fit", choices=("heuristic", "residual"), default="heuristic",
                   help="heuristic: the heuristic's own weights, fitted to the games' results (SPSA); residual: "
                        "a residual over the observation tensor, fitted to the final scores (default: %(default)s)")
    p.add_argument("--start", default=None, metavar="EVALUATION",
                   help="--fit heuristic: start from this evaluation's weights (a file, or a packaged name; "
                        "default: the heuristic's own)")
    p.add_argument("--every", type=int, default=1,
                   help="--fit residual: record every this many decisions (default: %(default)s)")
    _add_hidden_key_arg(p)
    p.add_argument("--ridge", type=float, default=None,
                   help="--fit residual: the ridge penalty (default: chosen on held-out games)")
    p.add_argument("--workers", type=int, default=1, help="processes to play on (default: %(default)s)")
    _add_budget_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it is shown only on a terminal)")
    p.set_defaults(func=cmd_tune)

    p = sub.add_parser("bench", help="measure random games per second and actions per second", formatter_class=fmt)
    _add_game_args(p, game)
    p.add_argument("--seconds", type=float, default=4.0, help="time to measure for, in all (default: %(default)s)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (default: %(default)s)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--vector", action="store_true",
                   help="measure olab.rl.VectorEnv against a Python loop (needs olab[rl])")
    p.add_argument("--batch", type=int, default=1024, help="with --vector: games per batch (default: %(default)s)")
    p.add_argument("--threads", default="1,2",
                   help="with --vector: thread counts to measure, comma-separated (default: %(default)s)")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("replay", help="replay a game record and print the scores", formatter_class=fmt)
    p.add_argument("file", help="the record, one command per line")
    p.add_argument("--game", dest="game_given", default=None, choices=list(olab.games()),
                   help="the game (default: the one named by the record's header, else the first registered)")
    formats = sorted({f for i in olab.games().values() for f in i.replay_formats})
    p.add_argument("--format", default=None, choices=formats,
                   help="the record's notation (default: the game's first)")
    p.add_argument("--rules", default=None,
                   help="the rules to replay with (default: the record header's, else the format's own)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("show", help="show a position (a to_json document or a game record) as text")
    p.add_argument("file", help="a JSON state document, or a record (olab play --log writes one)")
    p.add_argument("--player", type=int, default=None, metavar="SEAT", help="that seat's view")
    p.add_argument("--format", default=None, help="the record's notation (default: the game's first)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("engine", help="answer JSON Lines requests on stdin/stdout (see the protocol docs)",
                       formatter_class=fmt)
    p.add_argument("--max-line", type=int, default=1 << 20, metavar="BYTES",
                   help="longest request line accepted (default: %(default)s, 1 MiB)")
    p.add_argument("--allow-bot", action="append", default=[], metavar="MODULE:CLASS",
                   help="let bestmove use this bot class besides olab's and the installed ones (repeatable)")
    p.set_defaults(func=cmd_engine)

    p = sub.add_parser("serve", help="play in a browser: a local web server (needs olab[web])", formatter_class=fmt)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: %(default)s, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default: %(default)s)")
    p.add_argument("--open", action="store_true", help="open the start page in the browser")
    p.add_argument("--allow-bot", action="append", default=[], metavar="MODULE:CLASS",
                   help="let browsers seat this module:Class bot (repeatable); no other code is ever imported")
    p.add_argument("--data", metavar="DIR", default=None,
                   help="save every game as a record in DIR as it goes; unfinished games there are resumed")
    p.add_argument("--max-games", type=int, default=64, help="games held at once (default: %(default)s)")
    p.add_argument("--max-body", type=int, default=1 << 20, metavar="BYTES",
                   help="the largest request accepted (default: %(default)s, 1 MiB)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("capi", help="compiler flags for the C library libolab and its header olab.h")
    p.add_argument("--cflags", action="store_true", help="print -I<dir of olab.h>")
    p.add_argument("--libs", action="store_true", help="print the linker flags for libolab")
    p.set_defaults(func=cmd_capi)
    return parser


def main(argv=None) -> int:
    """Run the ``olab`` command with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    ``olab --help`` lists the commands, ``olab COMMAND --help`` the flags of
    one, with their defaults.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv)
    if not argv:
        parser.print_help()
        return 2
    foreign = _another_games_option(argv)
    if foreign:
        print(f"olab: {foreign}", file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
        code = args.func(args)
        sys.stdout.flush()          # a closed pipe shows here, not at exit
        return code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader of our output went away (olab replay g.txt | head): stop
        # quietly, and keep Python from complaining when it flushes stdout at exit
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 141


if __name__ == "__main__":
    sys.exit(main())
