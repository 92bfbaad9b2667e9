"""``olab engine``: a JSON Lines protocol over stdin/stdout.

In the spirit of UCI for chess engines: a frontend, a tournament runner or a
bot written in another language starts ``olab engine`` as a subprocess, writes
one JSON request per line and reads exactly one JSON response line back::

    -> {"cmd": "new", "players": 2, "seed": 1, "id": 1}
    <- {"ok": true, "id": 1, "game": {...}, "current_player": 0, ...}
    -> {"cmd": "apply", "action": "USE LR1"}
    <- {"ok": true, "action": 7, "text": "USE LR1", ...}
    -> {"cmd": "apply", "action": 99999}
    <- {"ok": false, "error": {"code": "illegal_action", "message": "..."}}

Every response carries ``"ok"``; a failed request gets ``"ok": false`` and an
``"error"`` with a stable ``code`` (:data:`ERROR_CODES`) and a ``message``,
and leaves the engine's state exactly as it was.  The optional ``"id"`` of a
request is echoed in its response.  The docs page "Engine protocol" describes
every command.

:class:`Engine` handles one request (a dict) and returns one response (a
dict); :func:`serve` is the stdin/stdout loop around it.

>>> engine = Engine()
>>> engine.handle({"cmd": "new", "players": 2, "seed": 2692})["current_player"]
0
>>> engine.handle({"cmd": "apply", "action": "USE LR1"})["text"]
'USE LR1'
>>> engine.handle({"cmd": "undo", "id": "u1"})["id"]
'u1'
>>> engine.handle({"cmd": "jump"})["error"]["code"]
'unknown_cmd'
"""
from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import sys
from typing import Any

import olab
from olab.errors import IllegalActionError, NotationError, StateFormatError
# the registry's (issue 26.2); still importable from here, as protocol 1 clients do
from olab.registry import ConfigError, default_game, game_from_config  # noqa: F401

__all__ = ["Engine", "serve", "ERROR_CODES",
           "PROTOCOL_VERSION", "MAX_LINE", "COMMANDS", "check_bot_spec"]

#: the version of the protocol (bumped on an incompatible change)
PROTOCOL_VERSION = 2

#: the longest request line accepted, in bytes (without the newline)
MAX_LINE = 1 << 20

#: every error code a response can carry, with its meaning
ERROR_CODES = {
    "bad_json": "the line is not valid UTF-8 JSON",
    "bad_args": "the request is not an object, or an argument is missing, unknown or of the wrong type or value",
    "unknown_cmd": "no command of that name",
    "no_game": "the command needs a game; send `new` or `load` first",
    "illegal_action": "the action is not legal in the current position",
    "notation": "the text of an action or a record cannot be read",
    "state_format": "the snapshot bytes are truncated, corrupted or from another game",
    "no_history": "`undo` asked to take back more actions than were played",
    "game_over": "the game is over (bestmove)",
    "chance_node": "bestmove at a chance node: apply one of its chance_outcomes instead",
    "unsupported": "the game has no such record format (another game has), or the feature is not in this build",
    "too_large": "the request line is longer than the limit",
    "internal": "an unexpected error inside the engine (a bug: please report it)",
}

_UINT64 = 1 << 64



class _Fail(Exception):
    def __init__(self, code: str, message: str):
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_TYPE_NAMES = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer",
               float: "number", type(None): "null"}


def _type_name(v) -> str:
    return _TYPE_NAMES.get(type(v), type(v).__name__)


def config_keys(name: str) -> set:
    """The keys a configuration of game ``name`` may have: ``game``, its options, and ``options``."""
    from olab.registry import game_info

    return {"game", "options", *game_info(name).option_names()}


class Engine:
    """One engine session: a game, a position, and the commands that act on them.

    :meth:`handle` takes one request dict and returns one response dict; it
    never raises.  A failed request leaves the session as it was.
    """

    def __init__(self, max_line: int = MAX_LINE, allow_bots=()):
        self.max_line = max_line
        # the module:Class bots the operator allowed (olab engine --allow-bot):
        # no client names code to import (issue 27 item 2)
        self.allow_bots = tuple(check_bot_spec(b) for b in allow_bots)
        self.game: Any = None
        self.state: Any = None
        self.seed = None
        self.deal = None          # new's deal, given with the seed
        self.quit = False

    # ------------------------------------------------------------ entry points
    def handle_line(self, line) -> dict:
        """The response to one request line (``bytes`` or ``str``, without the newline).

        A trailing ``\\r`` (a ``\\r\\n`` line end) is not part of the line:
        the limit counts the request's own bytes, whatever the line end.
        """
        if isinstance(line, (bytes, bytearray)):
            line = bytes(line)
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > self.max_line:
                return _error("too_large", f"the line has {len(line)} bytes; the limit is {self.max_line}")
            try:
                line = bytes(line).decode("utf-8")
            except UnicodeDecodeError as e:
                return _error("bad_json", f"the line is not UTF-8: {e.reason} at byte {e.start}")
        elif isinstance(line, str) and len(line.removesuffix("\r")) > self.max_line:
            return _error("too_large", f"the line has {len(line)} characters; the limit is {self.max_line}")
        line = line.rstrip("\r\n")
        if not line.strip():
            return _error("bad_json", "empty line: every line must hold one JSON request")
        try:
            request = json.loads(line, parse_constant=_no_constant)
        except RecursionError:
            return _error("bad_json", "the JSON is nested too deeply")
        except ValueError as e:      # JSONDecodeError, NaN, integers with too many digits
            return _error("bad_json", f"invalid JSON: {e}")
        return self.handle(request)

    def handle(self, request) -> dict:
        """The response to one request (a dict with ``"cmd"``)."""
        has_id = isinstance(request, dict) and "id" in request
        rid = request["id"] if has_id else None
        try:
            if not isinstance(request, dict):
                raise _Fail("bad_args", f"a request is a JSON object, not {_type_name(request)}")
            if has_id and not _valid_id(rid):
                has_id = False           # not echoed: it could be anything
                raise _Fail("bad_args", "id must be a string, a finite number or null")
            if "cmd" not in request:
                raise _Fail("bad_args", 'a request needs "cmd", the command name')
            cmd = request["cmd"]
            if not isinstance(cmd, str):
                raise _Fail("bad_args", f"cmd must be a string, not {_type_name(cmd)}")
            method = _COMMANDS.get(cmd)
            if method is None:
                raise _Fail("unknown_cmd", f"unknown command {cmd[:80]!r}; commands: {', '.join(COMMANDS)}")
            args = {k: v for k, v in request.items() if k not in ("cmd", "id")}
            response: dict[str, Any] = {"ok": True}
            response.update(method(self, args))
        except _Fail as f:
            response = _error(f.code, f.message)
        except RecursionError:
            response = _error("bad_args", "the request is nested too deeply")
        except Exception as e:  # a bug: report it, keep running
            response = _error("internal", f"{type(e).__name__}: {e}")
        if has_id:
            response["id"] = rid
        return response

    # ------------------------------------------------------------ helpers
    def _need_state(self):
        if self.state is None:
            raise _Fail("no_game", "no game yet: send new or load first")
        return self.state

    def _status(self) -> dict:
        s = self.state
        return {"current_player": s.current_player(), "is_terminal": s.is_terminal(),
                "is_truncated": s.is_truncated(), "move_number": s.move_number()}

    def _player(self, args):
        # the optional observer of state / legal / history / save: a seat or null (everything)
        p = args.get("player")
        if p is not None and not 0 <= p < self.game.num_players():
            raise _Fail("bad_args", f"player must be a seat 0..{self.game.num_players() - 1} or null, not {p}")
        return p

    def _action_id(self, value) -> int:
        state = self._need_state()
        if isinstance(value, str):
            if len(value) > 200:
                raise _Fail("notation", "an action text is at most 200 characters")
            try:
                return state.string_to_action(value)
            except NotationError as e:
                if " " in value.strip() and ";" in value:
                    raise _Fail("notation", f"{e}; a whole turn (actions joined by ';') is sent as "
                                            '"actions": [...], one text each') from None
                raise _Fail("notation", str(e)) from None
            except IllegalActionError as e:
                raise _Fail("illegal_action", str(e)) from None
        if not _is_int(value):
            raise _Fail("bad_args", f"an action is an integer id or a text, not {_type_name(value)}")
        n = self.game.num_distinct_actions()
        if not 0 <= value < n:
            raise _Fail("illegal_action", f"illegal action {value}: not an action id (0..{n - 1})")
        return value

    def _apply(self, action: int):
        try:
            self.state.apply_action(action)
        except IllegalActionError as e:
            raise _Fail("illegal_action", str(e)) from None

    # ------------------------------------------------------------ commands
    def cmd_info(self, args):
        """The ``info`` command: the engine, the protocol version, the commands, games, bots and formats."""
        _check(args, {})
        registered = olab.games()
        formats = sorted({"snapshot", *(f for info in registered.values() for f in info.replay_formats)})
        return {"name": "olab", "version": olab.__version__, "protocol": PROTOCOL_VERSION,
                "commands": list(COMMANDS), "error_codes": list(ERROR_CODES),
                "games": list(registered), "game_options": {n: i.describe() for n, i in registered.items()},
                "bots": self.bot_names(), "max_line": self.max_line, "formats": formats}

    def _game_of(self, args: dict, also: dict):
        # the game a request's configuration keys describe; ``also`` is the
        # spec of the command's own keys
        name = args.get("game")
        if name is None:
            name = default_game()
        if not isinstance(name, str):
            raise _Fail("bad_args", f"game must be a string, not {_type_name(name)}")
        if name not in olab.games():
            raise _Fail("bad_args", f"unknown game {name[:40]!r}; games: {', '.join(olab.games())}")
        keys = config_keys(name)
        _check(args, {**also, **{k: object for k in keys}})
        try:
            return game_from_config({k: v for k, v in args.items() if k in keys})
        except ConfigError as e:
            raise _Fail("bad_args", str(e)) from None

    def cmd_new(self, args):
        """The ``new`` command: start a game from its configuration and a seed, replacing the current one."""
        game = self._game_of(args, {"seed": int, "deal": dict})
        seed = args.get("seed", 0)
        if not 0 <= seed < _UINT64:
            raise _Fail("bad_args", "seed must be in 0..2**64-1")
        deal = args.get("deal", {})
        # the game's own keyword arguments of new_initial_state (Ora et Labora's
        # seating); the game checks them, and what it refuses is bad_args
        try:
            state = game.new_initial_state(seed, **deal)
        except TypeError as e:
            raise _Fail("bad_args", f"deal: {e}") from None
        except ValueError as e:
            raise _Fail("bad_args", f"deal: {e}") from None
        self.game, self.state, self.seed, self.deal = game, state, seed, deal or None
        out = {"game": game.config(), "seed": seed,
               "num_distinct_actions": game.num_distinct_actions(), **self._status()}
        if deal:
            out["deal"] = deal
        return out

    def cmd_legal(self, args):
        """The ``legal`` command: the legal actions with their texts (a chance node's outcomes too)."""
        _check(args, {"player": (int, type(None))})
        state = self._need_state()
        p = self._player(args)
        legal = state.legal_actions() if p is None or p == state.current_player() else []
        actions = [{"id": a, "text": state.action_to_string(a)} for a in legal]
        out = {"actions": actions, **self._status()}
        if state.is_chance_node() and p is None:
            out["chance_outcomes"] = [{"id": a, "text": state.action_to_string(a), "probability": pr}
                                      for a, pr in state.chance_outcomes()]
        return out

    def cmd_apply(self, args):
        """The ``apply`` command: apply an action given by id or text, or a list of them all or nothing."""
        _check(args, {"action": (int, str), "actions": list})
        state = self._need_state()
        if ("action" in args) == ("actions" in args):
            raise _Fail("bad_args", 'apply needs exactly one of "action" (an id or a text) or "actions" (a list)')
        if "action" in args:
            a = self._action_id(args["action"])
            text = _text(state, a)               # read before the position changes
            self._apply(a)
            return {"action": a, "text": text, **self._status()}
        applied = []
        try:
            for i, value in enumerate(args["actions"]):
                try:
                    a = self._action_id(value)
                    self._apply(a)
                except _Fail as f:
                    raise _Fail(f.code, f"actions[{i}]: {f.message}") from None
                applied.append(a)
        except BaseException:
            for _ in applied:          # all or nothing
                state.undo_action()
            raise
        return {"actions": applied, **self._status()}

    def cmd_undo(self, args):
        """The ``undo`` command: take back the last ``n`` actions."""
        _check(args, {"n": int})
        state = self._need_state()
        n = args.get("n", 1)
        if n < 1:
            raise _Fail("bad_args", "n must be at least 1")
        if n > state.move_number():
            raise _Fail("no_history", f"cannot undo {n} action(s): {state.move_number()} played")
        undone = state.history()[-n:]
        for _ in range(n):
            state.undo_action()
        return {"undone": undone, **self._status()}

    def cmd_state(self, args):
        """The ``state`` command: the position as the game's JSON view (or its text board), whole or for a seat."""
        _check(args, {"legal_actions": bool, "player": (int, type(None)), "format": str})
        state = self._need_state()
        p = self._player(args)
        fmt = args.get("format", "json")
        if fmt == "text":
            return {"format": "text", "text": state.render(p)}
        if fmt != "json":
            raise _Fail("bad_args", f"unknown state format {fmt[:40]!r}; formats: json, text")
        return {"state": state.to_json(p, legal_actions=args.get("legal_actions", True))}

    def cmd_history(self, args):
        """The ``history`` command: the actions played since the first position, as a seat saw them."""
        _check(args, {"player": (int, type(None))})
        state = self._need_state()
        p = self._player(args)
        actions = state.history() if p is None else state.visible_history(p)
        out = {"actions": actions, "seed": self.seed if p is None else None, **self._status()}
        if self.deal and p is None:
            out["deal"] = self.deal
        return out

    def cmd_scores(self, args):
        """The ``scores`` command: the scores, the status and the outcome, with each seat's breakdown if asked."""
        _check(args, {"breakdown": bool})
        state = self._need_state()
        outcome = state.outcome()
        out = {"scores": state.scores(), "is_terminal": state.is_terminal(),
               "is_truncated": state.is_truncated(), "outcome": outcome.as_json() if outcome else None}
        if args.get("breakdown", False):
            out["breakdown"] = [state.score_breakdown(p) for p in range(self.game.num_players())]
        return out

    def bot_names(self) -> list:
        """The bots ``bestmove`` accepts: olab's own, the entry-point bots, and the allowed ``module:Class`` ones."""
        from olab.bots import BOT_NAMES, _entry_point_bots

        names = [*BOT_NAMES]
        names += [n for n in _entry_point_bots() if n not in names]
        names += [n for n in self.allow_bots if n not in names]
        return names

    def cmd_bestmove(self, args):
        """The ``bestmove`` command: the action a bot chooses for the seat that decides (nothing is applied)."""
        _check(args, {"bot": str, "seed": int, "simulations": int, "time_ms": int})
        state = self._need_state()
        from olab.bots import make_bot

        budget = {}
        for key in ("simulations", "time_ms"):
            if key in args:
                if args[key] < 1 or args[key] > 10 ** 9:
                    raise _Fail("bad_args", f"{key} must be in 1..10**9")
                budget[key] = args[key]
        seed = args.get("seed", 0)
        if not 0 <= seed < _UINT64:
            raise _Fail("bad_args", "seed must be in 0..2**64-1")
        name = args.get("bot", "random")
        accepted = self.bot_names()
        from olab.bots import BOT_NAMES, parse_bot_spec

        try:
            base, params = parse_bot_spec(name)
        except ValueError as e:
            raise _Fail("bad_args", str(e)[:200]) from None
        if params:
            # parameters only for olab's own bots, and only their search's
            # (no capacity: a client does not size the engine's memory)
            if base not in BOT_NAMES:
                raise _Fail("bad_args", f"bot {base[:80]!r} takes no parameters here; parameters "
                                        f"(mcts:simulations=200) are for {', '.join(BOT_NAMES)}")
            wrong = sorted(set(params) - _BOT_PARAMETERS)
            if wrong:
                raise _Fail("bad_args", f"bot parameter {wrong[0][:40]!r} is not accepted here; "
                                        f"parameters: {', '.join(sorted(_BOT_PARAMETERS))}")
            weights = params.get("weights")
            if weights is not None and (not isinstance(weights, str) or not weights
                                        or not all(c.isalnum() or c in "_-" for c in weights)):
                # a client names a packaged evaluation (or "heuristic"), never a file of the engine's machine
                raise _Fail("bad_args", "weights names one of the evaluations olab ships (or 'heuristic'), "
                                        "not a file")
            if weights is not None and weights != "heuristic":
                # resolved here, from the package's data alone: a name that is
                # also a file in the engine's working directory is not read
                from olab.evaluation import packaged_evaluation

                try:
                    params["weights"] = packaged_evaluation(weights)
                except ValueError as e:
                    raise _Fail("bad_args", str(e)[:200]) from None
            for key in ("simulations", "time_ms", "evaluations", "expand_budget", "budget"):
                if key in params and (not isinstance(params[key], (int, float)) or isinstance(params[key], bool)
                                      or not 1 <= params[key] <= 10 ** 9):
                    raise _Fail("bad_args", f"{key} must be in 1..10**9")
        if base not in accepted:
            # a client names a bot, never code: module:Class only when the
            # operator allowed it (olab engine --allow-bot MODULE:CLASS)
            hint = (" (a module:Class bot is accepted only when the engine is started with "
                    "--allow-bot MODULE:CLASS)" if ":" in name else "")
            raise _Fail("bad_args", f"unknown bot {name[:80]!r}{hint}; bots: {', '.join(accepted)}")
        if state.is_terminal():
            raise _Fail("game_over", "the game is over: there is no move to choose")
        if state.is_chance_node():
            raise _Fail("chance_node", "a chance node: apply one of chance_outcomes (see legal), not a bot's move")
        # whatever a bot (or a module it imports) prints goes to stderr: the
        # protocol's stream carries responses only
        with contextlib.redirect_stdout(sys.stderr):
            try:
                if params and base in BOT_NAMES:
                    # olab's own bot with its checked (and resolved) parameters
                    if "time_ms" in params and "simulations" not in params:
                        budget.pop("simulations", None)
                    bot = BOT_NAMES[base](seed=seed, **{**budget, **params})
                    bot.name = name
                else:
                    bot = make_bot(name, seed=seed, **budget)
            except (ValueError, TypeError) as e:
                raise _Fail("bad_args", f"bot {name}: {e}") from None
            # the bot gets the deciding seat's view only (a determinization: in a
            # game of hidden information what the seat cannot see is resampled),
            # and a copy, so it cannot touch our position
            a = bot.choose(state.determinize(state.current_player(), seed))
        legal = state.legal_actions()
        if isinstance(a, bool) or not isinstance(a, int) and not hasattr(a, "__index__") or a not in legal:
            raise _Fail("internal", f"bot {name} chose the illegal action {a!r}")
        a = legal[legal.index(a)]              # a plain int (a bot may answer numpy.int64)
        return {"action": a, "text": state.action_to_string(a), "bot": name}

    def cmd_save(self, args):
        """The ``save`` command: the game as a snapshot, JSON or a record in one of its formats."""
        _check(args, {"format": str, "player": (int, type(None)), "seed": int})
        state = self._need_state()
        fmt = args.get("format", "snapshot")
        p = self._player(args)
        if p is not None:
            # a seat's save: a determinization for that seat, so the saved
            # bytes tell nothing it cannot see (in a game of hidden information
            # the history before it is not saved, since replaying it would need
            # the hidden parts)
            seed = args.get("seed", 0)
            if not 0 <= seed < _UINT64:
                raise _Fail("bad_args", "seed must be in 0..2**64-1")
            state = state.determinize(p, seed)
        elif "seed" in args:
            raise _Fail("bad_args", "seed goes with player (the seed of a seat's determinization)")
        if fmt == "snapshot":
            return {"format": fmt, "data": base64.b64encode(state.serialize()).decode("ascii")}
        writers = olab.games()[self.game.name].export_formats
        if fmt in writers:
            from olab.records import record_header

            try:
                text = writers[fmt](state)
            except (NotationError, ValueError) as e:
                raise _Fail("notation", str(e)) from None
            # the header carries the game's options and rules version, so that
            # load replays the record in the game it was played in
            return {"format": fmt, "text": record_header(self.game) + "\n" + text}
        mine = ", ".join(["snapshot", *sorted(writers)])
        if fmt in _known_formats():
            raise _Fail("unsupported", f"{self.game.name} cannot be written as {fmt}; its formats: {mine}")
        raise _Fail("bad_args", f"unknown format {fmt[:40]!r}; formats of {self.game.name}: {mine}")

    def cmd_load(self, args):
        """The ``load`` command: replace the game and position by a saved one."""
        fmt = args.get("format", "snapshot")
        if not isinstance(fmt, str):
            raise _Fail("bad_args", f"format must be a string, not {_type_name(fmt)}")
        if fmt == "snapshot":
            if "data" not in args:
                _check(args, {"format": str, "data": str, "game": str})
                raise _Fail("bad_args", 'load snapshot needs "data" (base64 of the snapshot)')
            if "game" in args or set(args) - {"format", "data"}:
                game = self._game_of(args, {"format": str, "data": str})
            elif self.game is not None:
                game = self.game
            else:
                raise _Fail("no_game", "a snapshot is loaded into a game: send new first or give the game keys")
            if not isinstance(args["data"], str):
                raise _Fail("bad_args", f"data must be a string, not {_type_name(args['data'])}")
            try:
                data = base64.b64decode(args["data"].encode("ascii"), validate=True)
            except (binascii.Error, UnicodeEncodeError, ValueError):
                raise _Fail("bad_args", "data is not base64") from None
            try:
                state = game.deserialize_state(data)
            except StateFormatError as e:
                raise _Fail("state_format", str(e)) from None
        else:
            from olab.records import read_record_header, record_options

            if not isinstance(args.get("text", ""), str):
                raise _Fail("bad_args", f"text must be a string, not {_type_name(args['text'])}")
            try:
                header = read_record_header(args.get("text", ""))
            except ValueError as e:
                raise _Fail("bad_args", str(e)) from None
            name = args.get("game") or (header or {}).get("game") or (
                self.game.name if self.game is not None else None)
            if name is not None and not isinstance(name, str):
                raise _Fail("bad_args", f"game must be a string, not {_type_name(name)}")
            readers = {n: i.replay_formats[fmt] for n, i in olab.games().items() if fmt in i.replay_formats}
            if name is None and len(readers) == 1:
                name = next(iter(readers))
            if name not in readers:
                known = ", ".join(sorted(_known_formats() | {"snapshot"}))
                if fmt in _known_formats():
                    raise _Fail("unsupported", f"{name} records cannot be read as {fmt}; formats: {known}")
                raise _Fail("bad_args", f"unknown format {fmt[:40]!r}; formats: {known}")
            # the record's options: its header's (olab writes one), and any
            # the request gives, which must agree with it (issue 27 item 8)
            _check(args, {"format": str, "text": str, "game": str,
                          **{k: object for k in olab.games()[name].option_names()}})
            if "text" not in args:
                raise _Fail("bad_args", f'load {fmt} needs "text" (the record)')
            given = {k: v for k, v in args.items() if k not in ("format", "text", "game")}
            try:
                options = record_options(name, header, given)
                result = readers[name](args["text"], **options)
            except (ValueError, TypeError) as e:
                raise _Fail("bad_args", str(e)) from None
            if result.error is not None:
                raise _Fail("notation", str(result.error))
            state = result.state
            game = state.game
            if header is not None:
                want = olab.load(**{k: v for k, v in header.items() if k != "rules_version"}).config()
                if game.config() != want:
                    raise _Fail("bad_args", f"the record replays as {game.config()}, not as its header's {want}")
        self.game, self.state, self.seed, self.deal = game, state, None, None
        return {"game": game.config(), **self._status()}

    def cmd_quit(self, args):
        """The ``quit`` command: answer, then stop."""
        _check(args, {})
        self.quit = True
        return {}


def check_bot_spec(spec: str) -> str:
    """``spec`` if it is a ``MODULE:CLASS`` bot name (``olab engine --allow-bot``); ``ValueError`` otherwise."""
    module, sep, attr = spec.partition(":") if isinstance(spec, str) else ("", "", "")
    if not sep or not all(p.isidentifier() for p in module.split(".")) or not all(
            p.isidentifier() for p in attr.split(".")):
        raise ValueError(f"--allow-bot takes MODULE:CLASS (my_bots:Cautious), not {spec!r}")
    return spec


def _valid_id(rid) -> bool:
    # an id the response can echo as JSON: checked before the command runs, so
    # that no command changes the state and then fails to answer (1e400 is
    # parsed as infinity, which JSON cannot write)
    if rid is None or isinstance(rid, (bool, int)):
        return True
    if isinstance(rid, float):
        return rid == rid and rid not in (float("inf"), float("-inf"))
    return isinstance(rid, str)


def _known_formats() -> set:
    # every record format some registered game reads or writes
    return {f for i in olab.games().values() for f in (*i.replay_formats, *i.export_formats)}


def _text(state, action):
    try:
        return state.action_to_string(action)
    except Exception:  # an illegal action may have no text; apply reports it
        return None


def _check(args: dict, spec: dict) -> None:
    # unknown keys and wrong types are refused (a typo must not pass silently)
    for key, value in args.items():
        if key not in spec:
            valid = ", ".join(sorted(spec)) or "none"
            raise _Fail("bad_args", f"unknown argument {key[:40]!r}; valid: {valid}")
        want = spec[key]
        if want is object:
            continue
        wants = want if isinstance(want, tuple) else (want,)
        ok = any(_is_int(value) if w is int else isinstance(value, w) for w in wants)
        if not ok:
            names = " or ".join(_TYPE_NAMES[w] for w in wants)
            raise _Fail("bad_args", f"{key} must be {names}, not {_type_name(value)}")


def _no_constant(name):
    raise ValueError(f"{name} is not valid JSON")


def _error(code: str, message: str) -> dict:
    return {"ok": False, "error": {"code": code, "message": message}}


_COMMANDS = {
    "info": Engine.cmd_info,
    "new": Engine.cmd_new,
    "legal": Engine.cmd_legal,
    "apply": Engine.cmd_apply,
    "undo": Engine.cmd_undo,
    "state": Engine.cmd_state,
    "history": Engine.cmd_history,
    "scores": Engine.cmd_scores,
    "bestmove": Engine.cmd_bestmove,
    "save": Engine.cmd_save,
    "load": Engine.cmd_load,
    "quit": Engine.cmd_quit,
}

#: the command names
COMMANDS = tuple(_COMMANDS)


def encode(response: dict) -> bytes:
    """One response as its line: compact ASCII JSON and a newline."""
    try:
        text = json.dumps(response, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as e:
        fallback = _error("internal", f"unserializable response: {e}")
        if "id" in response:
            fallback["id"] = response["id"] if isinstance(response["id"], (str, int)) else None
        text = json.dumps(fallback, separators=(",", ":"))
    return text.encode("ascii") + b"\n"


def read_line(stream, max_line: int):
    """The next request line of a binary stream, without its line end (``\\n`` or ``\\r\\n``).

    Returns ``None`` at the end of the input, and ``False`` for a line longer
    than ``max_line`` bytes (not counting its line end), which is read and
    dropped in chunks (the memory used stays bounded whatever the line's length).
    """
    line = stream.readline(max_line + 2)       # room for the request, \r and \n
    if not line:
        return None
    if line.endswith(b"\n"):
        line = line[:-1]
        if line.endswith(b"\r"):
            line = line[:-1]
        return line if len(line) <= max_line else False
    if len(line) <= max_line + 1:
        return line                    # the last line, without a newline (handle_line drops a \r)
    while True:                        # too long: skip to the end of the line
        chunk = stream.readline(1 << 16)
        if not chunk or chunk.endswith(b"\n"):
            return False


@contextlib.contextmanager
def _stdout_to_stderr():
    # the protocol's stream is a copy of file descriptor 1; descriptor 1
    # itself (and sys.stdout) then point at stderr, so that nothing printed
    # by a bot, a module it imports or a C library reaches the client
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        stream = os.fdopen(os.dup(saved), "wb", buffering=0)
        with contextlib.redirect_stdout(sys.stderr):
            yield stream
    finally:
        sys.stderr.flush()
        os.dup2(saved, 1)
        os.close(saved)


#: the parameters a ``bestmove`` request may give one of olab's own bots in its spec
_BOT_PARAMETERS = frozenset({"simulations", "time_ms", "evaluations", "search", "exploration", "expand_budget", "prior_scale",
                             "reward_scale", "win_weight", "completions", "prior_noise", "rollout",
                             "solo_centred", "playout_depth", "follow", "budget", "weights", "objective"})


def serve(inp=None, out=None, max_line: int = MAX_LINE, allow_bots=()) -> int:
    """Answer requests from ``inp`` on ``out`` (binary streams; stdin/stdout by default)
    until ``quit`` or the end of the input.  Returns the exit status (0).

    ``allow_bots`` lists the ``module:Class`` bots ``bestmove`` may import
    (``olab engine --allow-bot``); the bots ``info`` lists are always accepted.
    On the real stdout, everything else written to it (by a bot, say) goes to
    stderr instead: the stream holds one response line per request, nothing more.
    """
    inp = inp if inp is not None else sys.stdin.buffer
    engine = Engine(max_line=max_line, allow_bots=allow_bots)
    if out is not None:
        return _serve(engine, inp, out, max_line)
    with _stdout_to_stderr() as stream:
        try:
            return _serve(engine, inp, stream, max_line)
        finally:
            stream.close()


def _serve(engine, inp, out, max_line) -> int:
    while not engine.quit:
        line = read_line(inp, max_line)
        if line is None:
            break
        if line is False:
            response = _error("too_large", f"the line is longer than the limit of {max_line} bytes")
        else:
            response = engine.handle_line(line)
        try:
            out.write(encode(response))
            out.flush()
        except BrokenPipeError:
            break
    return 0
