"""The ``olab`` command line.

``olab play`` plays a complete game between bots and prints the score table;
``olab arena`` runs a match between bots, ``olab bench`` measures the engine,
``olab replay`` replays a kennerspiel record, ``olab engine`` answers the JSON
Lines protocol and ``olab capi`` prints the C library's compiler flags.
"""
from __future__ import annotations

import argparse
import sys

import olab
from olab.bots import BOT_NAMES, make_bot


def _add_game_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="ora_et_labora", choices=olab.games())
    p.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    p.add_argument("--variant", default="france", choices=("france", "ireland"))
    p.add_argument("--length", default="long", choices=("long", "short"))
    p.add_argument("--rules", default="printed", choices=("printed", "kennerspiel"))


def _progress_label(state) -> tuple[str, int]:
    """What the progress bar shows (round, bonus round or settlement phase) and how far it is."""
    from olab.ora.jsonview import display_round

    t = state._turn()
    rnd = display_round(state)
    if t["turn_kind"] in ("settlement", "solo_settlement"):
        text = f"phase {t['phase_letter']}"
    elif rnd == "bonus":
        text = "bonus"
    else:
        text = f"round {rnd}"
    return text, (rnd if isinstance(rnd, int) else 10 ** 6)


def _progress(text: str, done: int, last: int, out) -> None:
    width = 30
    filled = min(width, width * done // max(1, last))
    out.write(f"\r{text:<10} [{'#' * filled}{'.' * (width - filled)}]")
    out.flush()


def score_table(state, bots) -> str:
    """The final scores with each player's breakdown, as text."""
    lines = []
    header = f"{'seat':<5}{'colour':<8}{'bot':<10}{'goods':>6}{'econ':>6}{'settl':>7}{'total':>7}"
    lines.append(header)
    lines.append("-" * len(header))
    for seat in range(state.game.num_players()):
        b = state.score_breakdown(seat)
        lines.append(f"{seat:<5}{b['color']:<8}{bots[seat].name:<10}{b['goods']['total']:>6}"
                     f"{b['economic']['total']:>6}{b['settlements']['total']:>7}{b['total']:>7}")
    lines.append("")
    for seat in range(state.game.num_players()):
        b = state.score_breakdown(seat)
        goods = ", ".join(f"{k} {v['points']}" for k, v in b["goods"]["items"].items() if v["points"])
        econ = ", ".join(f"{i['card']} {i['value']}" for i in b["economic"]["items"])
        sets = ", ".join(f"{i['card']} {i['points']}" for i in b["settlements"]["items"])
        lines.append(f"seat {seat} ({b['color']}): goods [{goods or '-'}]; economic [{econ or '-'}]; "
                     f"settlements [{sets or '-'}]")
    return "\n".join(lines)


def _budget(args) -> dict:
    budget = {}
    if args.simulations is not None:
        budget["simulations"] = args.simulations
    if args.time_ms is not None:
        budget["time_ms"] = args.time_ms
    return budget


def _add_budget_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--simulations", type=int, default=None, metavar="N",
                   help="playouts per decision for mcts (default 1000)")
    p.add_argument("--time-ms", type=float, default=None, metavar="MS",
                   help="milliseconds per decision for mcts (instead of, or as well as, --simulations)")


def _bot_names(args) -> list[str] | None:
    names = args.bots.split(",") if args.bots else ["random"] * args.players
    if len(names) != args.players:
        print(f"--bots needs {args.players} names (one per seat), got {len(names)}", file=sys.stderr)
        return None
    return names


def cmd_play(args) -> int:
    game = olab.load(args.game, players=args.players, variant=args.variant,
                     length=args.length, rules=args.rules)
    names = _bot_names(args)
    if names is None:
        return 2
    try:
        bots = [make_bot(n, seed=args.seed * 1000 + i, **_budget(args)) for i, n in enumerate(names)]
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    state = game.new_initial_state(seed=args.seed)
    last = game.rules.core_config()["regular_rounds"] or 30
    shown = None
    err = sys.stderr
    while not state.is_terminal():
        if not args.quiet:
            label = _progress_label(state)
            if label != shown:
                _progress(*label, last, err)
                shown = label
        state.apply_action(bots[state.current_player()].choose(state))
    if not args.quiet:
        err.write("\n")
    print(f"{args.game}, {args.players} players, {args.variant}, {args.length}, rules {args.rules}, "
          f"seed {args.seed}: {len(state.history())} actions; bots {', '.join(names)}")
    print(score_table(state, bots))
    if args.log:
        try:
            with open(args.log, "w", encoding="utf-8") as f:
                f.write(state.to_kennerspiel())
        except OSError as e:
            print(f"cannot write {args.log}: {e}", file=sys.stderr)
            return 1
        print(f"game written to {args.log} (kennerspiel notation; replay with: olab replay {args.log})")
    return 0


def cmd_arena(args) -> int:
    import json

    from olab.arena import run_arena

    names = args.bots.split(",")
    if len(names) != args.players:
        print(f"--bots needs {args.players} names (one per seat), got {len(names)}", file=sys.stderr)
        return 2
    if args.games < 1 or args.workers < 1:
        print("--games and --workers must be at least 1", file=sys.stderr)
        return 2
    err = sys.stderr

    def progress(done):
        if not args.quiet:
            width = 30
            filled = width * done // args.games
            err.write(f"\rgame {done:>5}/{args.games} [{'#' * filled}{'.' * (width - filled)}]")
            err.flush()

    try:
        r = run_arena(names, args.games, game=args.game, players=args.players, variant=args.variant,
                      length=args.length, rules=args.rules, seed=args.seed, workers=args.workers,
                      budget=_budget(args), progress=progress)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    if not args.quiet:
        err.write("\n")
    if args.json:
        print(json.dumps(r.as_json()))
        return 0
    print(f"{args.game}, {args.players} players, {args.variant}, {args.length}, rules {args.rules}: "
          f"{r.games} games, seed {args.seed}, {r.seconds:.1f} s")
    print(f"{'bot':<12}{'wins':>6}{'win rate':>10}{'95% interval':>18}{'mean score':>12}")
    for b, name in enumerate(r.bots):
        lo, hi = r.ci95[b]
        print(f"{name:<12}{r.wins[b]:>6}{r.win_rate[b]:>10.3f}{f'[{lo:.3f}, {hi:.3f}]':>18}"
              f"{r.mean_score[b]:>12.1f}")
    print(f"draws: {r.draws}")
    return 0


def cmd_bench(args) -> int:
    import json

    from olab.bench import format_table, run_bench

    if args.seconds <= 0:
        print("--seconds must be > 0", file=sys.stderr)
        return 2
    r = run_bench(args.game, players=args.players, variant=args.variant, length=args.length,
                  rules=args.rules, seconds=args.seconds, seed=args.seed)
    print(json.dumps(r) if args.json else format_table(r))
    return 0


def cmd_engine(args) -> int:
    # the JSON Lines protocol of olab.protocol over stdin/stdout
    from olab.protocol import serve

    return serve(max_line=args.max_line)


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
    import json

    from olab.ora.kennerspiel import replay

    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return _replay_unreadable(args, f"cannot read {args.file}: {e}")
    result = replay(text, rules=args.rules)
    if result.state is None:
        return _replay_unreadable(args, str(result.error))
    state = result.state
    players = []
    for seat in range(state.game.num_players()):
        b = state.score_breakdown(seat)
        players.append({"seat": seat, "color": b["color"], "score": b["total"],
                        "breakdown": {"goods": b["goods"], "economic": b["economic"],
                                      "settlements": b["settlements"]}})
    err = result.error
    doc = {"finished": result.finished, "moves_applied": result.moves_applied,
           "moves_total": result.moves_total, "players": players,
           "error": None if err is None else {"line": err.line, "command": err.command,
                                              "message": err.message}}
    if args.json:
        print(json.dumps(doc))
    else:
        rules = state.game.rules
        print(f"{args.file}: {rules.players} players, {rules.variant}, {rules.length}, rules {rules.preset}")
        print(f"{result.moves_applied} of {result.moves_total} moves applied; "
              + ("game finished" if result.finished else "game not finished"))
        if err is not None:
            print(f"stopped at line {err.line}: {err.command}\n  {err.message}")
        print(score_table(state, [_Named("-")] * rules.players))
    return 0 if err is None else 1


class _Named:
    def __init__(self, name):
        self.name = name


def _replay_unreadable(args, message: str) -> int:
    import json
    if args.json:
        print(json.dumps({"finished": False, "moves_applied": 0, "moves_total": 0, "players": [],
                          "error": {"line": 0, "command": "", "message": message}}))
    else:
        print(message, file=sys.stderr)
    return 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="olab", description="olab: an engine for Ora et Labora")
    parser.add_argument("--version", action="version", version=f"olab {olab.__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play a complete game between bots and print the scores")
    _add_game_args(p)
    p.add_argument("--bots", default=None,
                   help=f"comma-separated bot per seat ({', '.join(BOT_NAMES)}); default all random")
    p.add_argument("--seed", type=int, default=1)
    _add_budget_args(p)
    p.add_argument("--log", metavar="FILE", help="write the game in kennerspiel notation to FILE")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("arena", help="a seeded match between bots, with win rates and 95%% intervals")
    _add_game_args(p)
    p.set_defaults(players=2)
    p.add_argument("--bots", required=True, help="comma-separated bot per seat; seats rotate game by game")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--workers", type=int, default=1, help="processes to play on (default 1)")
    p.add_argument("--seed", type=int, default=0)
    _add_budget_args(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_arena)
    p = sub.add_parser("bench", help="measure random games per second and actions per second")
    _add_game_args(p)
    p.add_argument("--seconds", type=float, default=4.0, help="time to measure for, in all")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("replay", help="replay a game record and print the scores")
    p.add_argument("file", help="the record, one command per line")
    p.add_argument("--format", default="kennerspiel", choices=("kennerspiel",))
    p.add_argument("--rules", default="kennerspiel", choices=("printed", "kennerspiel"))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("engine", help="answer JSON Lines requests on stdin/stdout (see the protocol docs)")
    p.add_argument("--max-line", type=int, default=1 << 20, metavar="BYTES",
                   help="longest request line accepted (default 1 MiB)")
    p.set_defaults(func=cmd_engine)
    p = sub.add_parser("capi", help="compiler flags for the C library libolab and its header olab.h")
    p.add_argument("--cflags", action="store_true", help="print -I<dir of olab.h>")
    p.add_argument("--libs", action="store_true", help="print the linker flags for libolab")
    p.set_defaults(func=cmd_capi)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
