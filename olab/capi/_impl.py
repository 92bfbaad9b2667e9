"""The Python side of libolab: the ``extern "Python"`` functions of libolab.c.

The embedded interpreter imports this module from libolab's init code and
calls :func:`install` with the cffi ``ffi`` / ``lib`` of the library.  Games
live in :data:`_GAMES`, keyed by the handle value C sees; handle values count
up from 1 and are never reused, so a freed handle can never reach another game
and is never dereferenced.  Every function catches its own errors: it returns
a negative code of olab.h after setting the last error, and never raises.
"""
from __future__ import annotations

import json

# the codes of olab.h
OK = 0
ERR_HANDLE = -101
ERR_ARGUMENT = -102
ERR_BUFFER = -103
ERR_ILLEGAL = -104
ERR_CONFIG = -105
ERR_HISTORY = -106
ERR_NOTATION = -107
ERR_PYTHON = -108
ERR_INTERNAL = -109

_INT_MAX = 2 ** 31 - 1
# the results of one olab_random_playouts call are held in memory: a bound that
# keeps that small (a few MB) while a caller can always make several calls
_MAX_PLAYOUTS = 1 << 20

#: handle value -> State
_GAMES: dict = {}
_next_handle = 1
_game_cache: dict = {}


class _Fail(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


def install(ffi, lib) -> None:
    """Define libolab's ``extern "Python"`` functions on ``ffi``."""
    import olab
    from olab.errors import IllegalActionError, NotationError
    from olab.registry import ConfigError, game_from_config

    def set_error(code: int, message: str) -> int:
        # at most 1000 bytes, cut at a character boundary: the text stays UTF-8
        data = message.encode("utf-8", "replace")[:1000].decode("utf-8", "ignore").encode("utf-8")
        lib.olab__set_error(code, data)
        return code

    def on_error(exc_type, exc_value, tb):
        # an exception escaped a function below (a bug): record it, return the error value
        set_error(ERR_INTERNAL, f"internal error: {exc_type.__name__}: {exc_value}")

    def extern(func):
        # run func, turning _Fail into its code and anything unexpected into ERR_INTERNAL
        def wrapper(*args):
            try:
                return func(*args)
            except _Fail as f:
                return set_error(f.code, str(f))
            except Exception as e:
                return set_error(ERR_INTERNAL, f"internal error in {func.__name__}: {type(e).__name__}: {e}")
        wrapper.__name__ = func.__name__
        return ffi.def_extern(name=func.__name__, error=ERR_INTERNAL, onerror=on_error)(wrapper)

    def state_of(handle: int):
        state = _GAMES.get(handle)
        if state is None:
            raise _Fail(ERR_HANDLE, f"0x{handle:x} is not a live olab_state handle (freed, or not from olab_new)")
        return state

    def game_of(config_json):
        if config_json == ffi.NULL:
            text = ""
        else:
            raw = ffi.string(config_json)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise _Fail(ERR_CONFIG, f"config_json is not UTF-8: {e.reason} at byte {e.start}") from None
        key = text
        game = _game_cache.get(key)
        if game is not None:
            return game
        if text.strip():
            try:
                cfg = json.loads(text, parse_constant=_no_constant)
            except (ValueError, RecursionError) as e:
                raise _Fail(ERR_CONFIG, f"config_json is not valid JSON: {e}") from None
        else:
            cfg = {}
        try:
            game = game_from_config(cfg)
        except ConfigError as e:
            raise _Fail(ERR_CONFIG, f"config_json: {e}") from None
        if len(_game_cache) < 64:
            _game_cache[key] = game
        return game

    def room(out, capacity: int, n: int, what: str) -> bool:
        # the one buffer convention (issue 27): NULL and 0 ask the size (False:
        # write nothing), NULL with a capacity is an argument error, a buffer
        # too small for n items a buffer error; True: write the n items
        if capacity < 0:
            raise _Fail(ERR_ARGUMENT, f"capacity must be >= 0, not {capacity}")
        if out == ffi.NULL:
            if capacity != 0:
                raise _Fail(ERR_ARGUMENT, f"out is NULL but capacity is {capacity}")
            return False
        if capacity < n:
            raise _Fail(ERR_BUFFER, f"{what}: the buffer holds {capacity}, {n} are needed")
        return True

    def write_ints(out, capacity: int, values, what: str) -> int:
        n = len(values)
        if room(out, capacity, n, what) and n:
            out[0:n] = values
        return n

    def write_text(buf, capacity: int, data: bytes, what: str) -> int:
        n = len(data)
        if n > _INT_MAX:
            raise _Fail(ERR_INTERNAL, f"{what} is too long ({n} bytes)")
        if buf == ffi.NULL:
            if capacity != 0:
                raise _Fail(ERR_ARGUMENT, f"buf is NULL but capacity is {capacity}")
            return n
        if capacity < n + 1:
            raise _Fail(ERR_BUFFER, f"{what}: the buffer has {capacity} bytes, {n + 1} are needed")
        ffi.memmove(buf, data, n)
        buf[n] = b"\0"
        return n

    @extern
    def _olab_py_new(config_json, seed):
        global _next_handle
        state = game_of(config_json).new_initial_state(seed)
        handle = _next_handle
        _next_handle += 1
        _GAMES[handle] = state
        return handle

    @extern
    def _olab_py_free(handle):
        state_of(handle)
        del _GAMES[handle]
        return OK

    @extern
    def _olab_py_legal(handle, out, capacity):
        state = state_of(handle)
        return write_ints(out, capacity, state.legal_actions(), "olab_legal_actions")

    @extern
    def _olab_py_mask(handle, out, capacity):
        state = state_of(handle)
        n = state.game.num_distinct_actions()
        if not room(out, capacity, n, "olab_legal_actions_mask"):
            return n                        # the size query: how many bytes it would write
        state.legal_actions_mask(ffi.buffer(out, n))
        return len(state.legal_actions())

    @extern
    def _olab_py_chance(handle, actions, probs, capacity):
        state = state_of(handle)
        outcomes = state.chance_outcomes() if state.is_chance_node() else []
        n = write_ints(actions, capacity, [a for a, _ in outcomes], "olab_chance_outcomes")
        if probs != ffi.NULL and outcomes:
            probs[0:n] = [p for _, p in outcomes]
        return n

    @extern
    def _olab_py_is_truncated(handle):
        return int(state_of(handle).is_truncated())

    @extern
    def _olab_py_apply(handle, action):
        state = state_of(handle)
        n_actions = state.game.num_distinct_actions()
        if not state.is_legal(action):
            reason = f"illegal action {action}: not legal in this position"
            if not 0 <= action < n_actions:
                reason = f"illegal action {action}: not an action id (0..{n_actions - 1})"
            else:
                try:
                    state.apply_action(action)      # raises, with the readable reason
                except IllegalActionError as e:
                    reason = str(e)
                except Exception:  # noqa: S110  the facade cannot explain every id
                    pass
            raise _Fail(ERR_ILLEGAL, reason)
        state.apply_action(action)
        return OK

    @extern
    def _olab_py_undo(handle):
        state = state_of(handle)
        if state.move_number() == 0:
            raise _Fail(ERR_HISTORY, "no action to undo: this is the first position")
        state.undo_action()
        return OK

    @extern
    def _olab_py_current_player(handle):
        return state_of(handle).current_player()

    @extern
    def _olab_py_is_terminal(handle):
        return int(state_of(handle).is_terminal())

    @extern
    def _olab_py_scores(handle, out, capacity):
        return write_ints(out, capacity, [float(x) for x in state_of(handle).scores()], "olab_scores")

    @extern
    def _olab_py_to_json(handle, player, buf, capacity):
        state = state_of(handle)
        if player != -1 and not 0 <= player < state.game.num_players():
            raise _Fail(ERR_ARGUMENT, f"player must be a seat 0..{state.game.num_players() - 1} "
                                      f"or OLAB_FULL_VIEW (-1), not {player}")
        doc = state.to_json(None if player == -1 else player)
        data = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
        return write_text(buf, capacity, data.encode("utf-8"), "olab_to_json")

    @extern
    def _olab_py_outcome_json(handle, buf, capacity):
        outcome = state_of(handle).outcome()
        data = json.dumps(outcome.as_json() if outcome else None, separators=(",", ":"))
        return write_text(buf, capacity, data.encode("utf-8"), "olab_outcome_json")

    @extern
    def _olab_py_action_to_string(handle, action, buf, capacity):
        state = state_of(handle)
        n_actions = state.game.num_distinct_actions()
        if not 0 <= action < n_actions:
            raise _Fail(ERR_ILLEGAL, f"{action} is not an action id (0..{n_actions - 1})")
        try:
            text = state.action_to_string(action)
        except Exception as e:
            raise _Fail(ERR_ILLEGAL, f"action {action} has no text in this position: {e}") from None
        return write_text(buf, capacity, text.encode("utf-8"), "olab_action_to_string")

    @extern
    def _olab_py_string_to_action(handle, text):
        state = state_of(handle)
        try:
            s = ffi.string(text).decode("utf-8")
        except UnicodeDecodeError:
            raise _Fail(ERR_NOTATION, "the text is not UTF-8") from None
        try:
            return state.string_to_action(s)
        except NotationError as e:
            raise _Fail(ERR_NOTATION, str(e)) from None

    @extern
    def _olab_py_num_distinct_actions(handle):
        return state_of(handle).game.num_distinct_actions()

    @extern
    def _olab_py_random_playouts(config_json, seed, n, out):
        from olab.search import random_games

        game = game_of(config_json)
        if n > _MAX_PLAYOUTS:
            raise _Fail(ERR_ARGUMENT, f"n is at most {_MAX_PLAYOUTS} per call (call again for more games)")
        results = random_games(game, n, seed) if n else []
        if out != ffi.NULL and n:
            out[0:n] = [k for k, _scores, _cut in results]
        return n

    # last: the C side takes a working _olab_py_ready as "everything is installed"
    @extern
    def _olab_py_ready():
        return 1


def _no_constant(name):
    raise ValueError(f"{name} is not valid JSON")
