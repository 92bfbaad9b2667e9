"""The games a server holds: :class:`Table` (one game, its seats and tokens) and :class:`Tables`.

Nothing here knows HTTP or names a game: a table (:class:`Table`) is made from the registry
(``olab.load``), plays through the public State contract, asks bots through
``olab.bots.make_bot`` and writes and reads its record through
:mod:`olab.records`.  The web app (:mod:`olab.web.app`) turns requests into
calls of these methods; every refusal is a :class:`WebError` with an HTTP
status and one clear line, raised before anything changes.
"""
from __future__ import annotations

import json
import os
import random
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import olab
from olab.bots import BOT_NAMES, bot_class, make_bot
from olab.records import read_record, record_text

__all__ = ["WebError", "ServerLimits", "Tables", "Table", "Seat", "bot_offers"]

#: the longest a bot may be told to think per decision in the browser (a budget a user types)
MAX_TIME_MS = 60_000
MAX_SIMULATIONS = 1_000_000


class WebError(Exception):
    """A refused request: ``status`` (4xx) and ``message`` (one line for the user)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class ServerLimits:
    """What one server accepts: ``max_games`` tables in memory, ``max_body`` bytes per request."""

    max_games: int = 64
    max_body: int = 1 << 20


def bot_offers(allowed: tuple[str, ...] = ()) -> list[dict]:
    """The bots a browser may seat: olab's own, the entry-point bots, and ``allowed`` ``module:Class`` names.

    Each entry: ``name``, ``budget`` (whether it takes ``simulations`` /
    ``time_ms``) and ``doc`` (its first docstring line).
    """
    from importlib.metadata import entry_points

    names = list(BOT_NAMES)
    try:
        names += [ep.name for ep in entry_points(group="olab.bots") if ep.name not in names]
    except Exception:  # noqa: BLE001 - a broken plugin must not hide the built-in bots
        pass
    names += [a for a in allowed if a not in names]
    out = []
    for n in names:
        try:
            cls = bot_class(n)
        except ValueError:
            continue
        doc = ((cls.__doc__ or "").strip().splitlines() or [""])[0]
        out.append({"name": n, "budget": n in ("mcts", "greedy") or ":" in n, "doc": doc})
    return out


@dataclass
class Seat:
    """A seat of a table: ``kind`` ``"human"`` or ``"bot"``, the bot's name and budget, the seat's token."""

    kind: str
    token: str
    bot: str | None = None
    budget: dict = field(default_factory=dict)

    def describe(self) -> dict:
        """The seat as JSON-ready data, without its token."""
        return {"kind": self.kind, "bot": self.bot, "budget": self.budget}


def _check_budget(budget: Any) -> dict:
    if budget is None:
        return {}
    if not isinstance(budget, dict):
        raise WebError(400, "a seat's budget is an object like {\"simulations\": 200}")
    out = {}
    for k, v in budget.items():
        if k == "simulations":
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_SIMULATIONS:
                raise WebError(400, f"simulations must be an int from 1 to {MAX_SIMULATIONS}, not {v!r}")
        elif k == "time_ms":
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 1 <= v <= MAX_TIME_MS:
                raise WebError(400, f"time_ms must be a number from 1 to {MAX_TIME_MS}, not {v!r}")
        else:
            raise WebError(400, f"unknown budget {k!r}; a budget is simulations and/or time_ms")
        out[k] = v
    return out


def _hides_something(state) -> bool:
    # a game hides something when its full view differs from what a spectator sees
    try:
        return state.to_json(None, legal_actions=False) != state.public_json(legal_actions=False)
    except NotImplementedError:
        return True


class Table:
    """One game on the server: the true state, its seats, the log, the bots' work.

    Every method that changes the game takes the table's lock; a bot thinks
    on a clone in the server's executor, and its answer is applied only if
    the game has not moved since (an undo meanwhile discards it).
    """

    def __init__(self, tables: "Tables", table_id: str, game, seed: int, seats: list[Seat],
                 history: list[int] | None = None, created: float | None = None,
                 hidden_seed: int | None = None):
        self.tables = tables
        self.id = table_id
        self.game = game
        self.seed = seed
        # a game with hidden information draws its future from a hidden seed no seat can derive
        # from the deal (issue 24.4): 64 secret bits, kept with the table's data, never sent
        self.hidden_seed = None
        if olab.games()[game.name].hidden_information:
            self.hidden_seed = secrets.randbits(64) if hidden_seed is None else hidden_seed
        self.seats = seats
        self.created = created or time.time()
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.version = 0
        self.thinking: dict | None = None       # {"seat", "started", "expected_s"} while a bot thinks
        self.bots: dict[int, Any] = {}
        self.bot_error: str | None = None
        self._undo_cache: tuple = (None, None)
        self._chance_rng = random.Random(secrets.randbits(64))
        self._sec_per_sim: float | None = None
        start = (game.new_initial_state(seed=seed) if self.hidden_seed is None
                 else game.new_initial_state(seed=seed, hidden_seed=self.hidden_seed))
        self.hidden = _hides_something(start)
        self.state = start
        self.log: list[dict] = []               # per action: text, seat, visible (list of bool per seat)
        self.rounds: list[dict] = []            # per progress label: scores
        self._note_round()
        for a in history or ():
            self._apply(a)                  # IllegalActionError for a history that is not this game's

    # -- reading -----------------------------------------------------------
    def seat_for(self, seat, token) -> int | None:
        """The seat ``token`` opens (checked in constant time), ``None`` for a spectator.

        Raises
        ------
        WebError
            403 if a seat is named with a wrong or missing token.
        """
        if seat is None or seat == "":
            return None
        try:
            s = int(seat)
        except (TypeError, ValueError):
            raise WebError(400, f"seat must be a seat number, not {seat!r}") from None
        if not 0 <= s < len(self.seats):
            raise WebError(400, f"no seat {s}; seats are 0..{len(self.seats) - 1}")
        if not isinstance(token, str) or not secrets.compare_digest(token.encode(), self.seats[s].token.encode()):
            raise WebError(403, f"the token does not open seat {s}")
        return s

    def _note_round(self) -> None:
        label, fraction = self.state.progress()
        scores = [float(x) for x in self.state.scores()]
        if self.rounds and self.rounds[-1]["label"] == label:
            self.rounds[-1]["scores"] = scores
        else:
            self.rounds.append({"label": label, "fraction": fraction, "scores": scores,
                                "move": self.state.move_number()})

    def view(self, seat: int | None) -> dict:
        """What ``seat`` (``None``: a spectator) may see: the game's document and the table around it."""
        with self.lock:
            st = self.state
            doc = st.public_json(legal_actions=False) if seat is None else st.to_json(seat, legal_actions=False)
            cp = st.current_player()
            mine = seat is not None and cp == seat and self.seats[seat].kind == "human"
            choices = []
            if mine:
                for a in st.legal_actions():
                    d = st.describe_action(a)
                    choices.append({"action": a, "text": d.get("text") or st.action_to_string(a),
                                    "kind": d.get("kind", "action"), "describe": d})
            log = [{"text": e["text"] if (seat is None and all(e["visible"])) or
                    (seat is not None and e["visible"][seat]) else "?", "seat": e["seat"]} for e in self.log]
            out = {
                "id": self.id,
                "game": self.game.name,
                "title": olab.games()[self.game.name].title,
                "config": self.game.config(),
                "seed": self.seed if (not self.hidden or st.is_terminal()) else None,
                "version": self.version,
                "you": seat,
                "seats": [{**s.describe(), "label": st.player_label(i)} for i, s in enumerate(self.seats)],
                "current_player": cp,
                "terminal": st.is_terminal(),
                "truncated": st.is_truncated(),
                "progress": dict(zip(("label", "fraction"), st.progress())),
                "scores": [float(x) for x in st.scores()],
                "state": doc,
                "choices": choices,
                "can_type": mine,
                "can_undo": seat is not None and self._undo_target(seat) is not None,
                "log": log,
                "rounds": self.rounds,
                "thinking": self._thinking_view(),
                "bot_error": self.bot_error,
                "record": not self.hidden or st.is_terminal(),
                "hides": self.hidden,
            }
            if st.is_terminal():
                cats = self.game.score_categories()
                out["breakdown"] = [{"seat": i, "label": st.player_label(i),
                                     "total": st.score_breakdown(i)["total"],
                                     "categories": [{"key": k, "label": lab,
                                                     "total": st.score_breakdown(i)[k]["total"]}
                                                    for k, lab in cats]}
                                    for i in range(self.game.num_players())]
            return out

    def _thinking_view(self) -> dict | None:
        t = self.thinking
        if t is None:
            return None
        elapsed = time.time() - t["started"]
        frac = None if not t["expected_s"] else min(0.99, elapsed / t["expected_s"])
        return {"seat": t["seat"], "elapsed_s": round(elapsed, 2), "fraction": frac}

    def summary(self) -> dict:
        """One line of the table for lists: id, game, move, whether it is over, the seats' kinds."""
        with self.lock:
            return {"id": self.id, "game": self.game.name, "title": olab.games()[self.game.name].title,
                    "config": self.game.config(), "moves": self.state.move_number(),
                    "terminal": self.state.is_terminal(), "progress": self.state.progress()[0],
                    "seats": [s.describe() for s in self.seats], "created": self.created}

    def record(self) -> str:
        """The game as a record (``olab replay`` reads it); 403 before the end of a game that hides something."""
        with self.lock:
            if self.hidden and not self.state.is_terminal():
                raise WebError(403, "the record of an unfinished game that hides something would show its future "
                                    "(its seed); it can be downloaded once the game is over")
            return record_text(self.state)

    # -- changing ----------------------------------------------------------
    def _apply(self, action: int) -> None:
        st = self.state
        seat = st.current_player()
        text = st.action_to_string(action)
        st.apply_action(action)
        n = self.game.num_players()
        visible = [st.visible_history(p)[-1] is not None for p in range(n)]
        self.log.append({"text": text, "seat": seat, "visible": visible})
        self._note_round()

    def _bump(self) -> None:
        self.version += 1
        self.changed.notify_all()
        self.tables.save_later(self)

    def _check_turn(self, seat: int | None) -> None:
        if seat is None:
            raise WebError(403, "a spectator cannot move: give the seat and its token")
        st = self.state
        if st.is_terminal():
            raise WebError(409, "the game is over")
        if st.current_player() != seat:
            raise WebError(409, f"it is not seat {seat}'s decision (current player {st.current_player()})")
        if self.seats[seat].kind != "human":
            raise WebError(409, f"seat {seat} is played by a bot")

    def act(self, seat: int | None, action=None, text=None) -> int:
        """Play ``action`` (an int) or ``text`` (a whole turn in notation) for ``seat``; the actions applied.

        Nothing changes when the request is refused: the whole turn is read
        on a clone first.
        """
        with self.lock:
            self._check_turn(seat)
            st = self.state
            if action is not None and text is None:
                if isinstance(action, bool) or not isinstance(action, int):
                    raise WebError(400, f"action must be an int, not {action!r}")
                if not st.is_legal(action):
                    raise WebError(422, f"action {action} is not legal now")
                actions = [action]
            elif text is not None and action is None:
                if not isinstance(text, str) or not text.strip():
                    raise WebError(400, "text must be a non-empty string of notation")
                if len(text) > 10_000:
                    raise WebError(413, "the typed turn is longer than 10,000 characters")
                try:
                    actions = st.string_to_turn(text)
                except olab.OlabError as e:
                    raise WebError(422, f"{type(e).__name__}: {e}") from None
                # the whole line must be seat's own, and legal in order (checked on a clone)
                work = st.clone()
                for a in actions:
                    if work.current_player() != seat:
                        raise WebError(422, "the typed line goes on past the seat's own decisions")
                    if not work.is_legal(a):
                        raise WebError(422, f"{work.action_to_string(a)!r} is not legal where it comes")
                    work.apply_action(a)
                if not actions:
                    raise WebError(422, "the typed line names no action")
            else:
                raise WebError(400, "give exactly one of action (an int) or text (notation)")
            for a in actions:
                self._apply(a)
            self._bump()
        self.tables.drive(self)
        return len(actions)

    def _undo_target(self, seat: int) -> int | None:
        # the history length to go back to: just before seat's last own decision
        if self.seats[seat].kind != "human":
            return None
        key = (self.version, seat)
        if self._undo_cache[0] == key:
            return self._undo_cache[1]
        target = None
        for i in range(len(self.log) - 1, -1, -1):
            if self.log[i]["seat"] == seat:
                target = i
                break
        if target is not None and self.hidden and self._drew_since(target):
            target = None
        self._undo_cache = (key, target)
        return target

    def _drew_since(self, target: int) -> bool:
        # In a game that hides its future (Orléans: the bags' next draws), taking back a move
        # that drew something would let a seat see a draw and then play as if it had not: the
        # same generator gives the same draw again.  An action drew something when its public
        # result differs between the true position and a determinization of it for the acting
        # seat (what that seat cannot see resampled); chance outcomes always did.
        work = self.state.clone()
        history = work.history()
        for i in range(len(history) - 1, target - 1, -1):
            work.undo_action()
            a, who = history[i], self.log[i]["seat"]
            if who < 0:
                return True
            same = work.clone()
            same.apply_action(a)
            other = work.determinize(who, secrets.randbits(63))
            if not other.is_legal(a):
                return True
            other.apply_action(a)
            if same.public_json(legal_actions=False) != other.public_json(legal_actions=False):
                return True
        return False

    def undo(self, seat: int | None) -> int:
        """Take back ``seat``'s last decision and every action since (the bots' too); the actions undone."""
        with self.lock:
            if seat is None:
                raise WebError(403, "a spectator cannot undo: give the seat and its token")
            target = self._undo_target(seat)
            if target is None:
                raise WebError(409, f"seat {seat} has no decision to take back"
                               + (" that drew nothing: a move that drew something hidden cannot be taken back"
                                  if self.hidden else ""))
            n = len(self.log) - target
            for _ in range(n):
                self.state.undo_action()
                self.log.pop()
            while self.rounds and self.rounds[-1]["move"] > self.state.move_number():
                self.rounds.pop()
            self._note_round()
            self.thinking = None              # a bot's answer for the old position is dropped
            self.bot_error = None
            self._bump()
        self.tables.drive(self)
        return n

    def set_seat(self, seat: int | None, bot: str | None, budget=None) -> None:
        """Hand ``seat`` to a bot (``bot`` a name the server offers) or take it back (``bot=None``)."""
        with self.lock:
            if seat is None:
                raise WebError(403, "a spectator cannot change a seat")
            s = self.seats[seat]
            if bot is None:
                s.kind, s.bot, s.budget = "human", None, {}
            else:
                self.tables.check_bot(bot)
                s.kind, s.bot, s.budget = "bot", bot, _check_budget(budget)
            # a new bot object each time: one still thinking for this seat (its answer will be
            # dropped, the version moves on) is never asked again or shared between threads
            self.bots.pop(seat, None)
            if self.thinking is not None and self.thinking["seat"] == seat:
                self.thinking = None
            self.bot_error = None
            self._bump()
        self.tables.drive(self)

    # -- the bots' side ------------------------------------------------------
    def _bot(self, seat: int):
        if seat not in self.bots:
            s = self.seats[seat]
            assert s.bot is not None, "only a bot seat is asked for its bot"
            self.bots[seat] = make_bot(s.bot, seed=(self.seed * 1000 + seat) % 2 ** 64, **s.budget)
        return self.bots[seat]

    def next_job(self) -> tuple | None:
        """What the server must do next without a human: a chance draw or a bot's decision, else ``None``."""
        with self.lock:
            st = self.state
            if st.is_terminal() or self.thinking is not None or self.bot_error:
                return None
            cp = st.current_player()
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                r, acc = self._chance_rng.random(), 0.0
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        break
                self._apply(a)
                self._bump()
                return ("again",)
            if self.seats[cp].kind != "bot":
                return None
            s = self.seats[cp]
            expected = None
            if "time_ms" in s.budget:
                expected = s.budget["time_ms"] / 1000
            elif s.bot == "mcts":
                sims = s.budget.get("simulations", 1000)
                expected = sims * (self._sec_per_sim or 2e-5)
            self.thinking = {"seat": cp, "started": time.time(), "expected_s": expected}
            self.changed.notify_all()
            return ("bot", cp, self.version, st.clone(), self._bot(cp))

    def bot_done(self, seat: int, version: int, action: int | None, error: str | None, seconds: float) -> None:
        """A bot's answer for the position of ``version``: applied if the game has not moved since, else dropped."""
        with self.lock:
            if self.version != version:
                return                        # the game moved meanwhile (an undo): the answer is stale
            self.thinking = None
            s = self.seats[seat]
            if s.bot == "mcts" and "time_ms" not in s.budget:
                sims = s.budget.get("simulations", 1000)
                self._sec_per_sim = seconds / max(1, sims)
            if error is not None:
                self.bot_error = f"the bot of seat {seat} failed: {error}"
            elif action is None or not self.state.is_legal(action):   # is_legal(None) is False too
                self.bot_error = f"the bot of seat {seat} chose {action!r}, which is not legal"
            else:
                self._apply(action)
            self._bump()


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class Tables:
    """Every table of a server, the executor bots think in, and the folder records are saved to.

    Parameters
    ----------
    data : str or os.PathLike, optional
        The folder of the records: ``ID.txt`` (the record, ``olab replay``
        reads it) and ``ID.json`` (the seats and their tokens, readable only
        by the owner) per game, written as the game goes.
    limits : ServerLimits
    allow_bots : tuple of str
        ``module:Class`` bots a browser may seat (``olab serve --allow-bot``).
    workers : int
        Threads the bots think on.
    """

    def __init__(self, data: str | os.PathLike | None = None, limits: ServerLimits | None = None,
                 allow_bots: tuple[str, ...] = (), workers: int = 2):
        self.limits = limits or ServerLimits()
        self.allow_bots = tuple(allow_bots)
        for name in self.allow_bots:
            bot_class(name)                 # fail at start, not at the first game
        self.tables: dict[str, Table] = {}
        self.replays: dict[str, Any] = {}
        self.lock = threading.Lock()
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="olab-bot")
        self.saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="olab-save")
        self._dirty: set[str] = set()
        self.data = Path(data) if data is not None else None
        self.resumed: list[str] = []
        self.on_change: Callable[[Table], None] | None = None
        if self.data is not None:
            self.data.mkdir(parents=True, exist_ok=True)
            self._resume()

    # -- bots ----------------------------------------------------------------
    def offers(self) -> list[dict]:
        """The bots a browser may seat on this server (:func:`bot_offers` with ``allow_bots``)."""
        return bot_offers(self.allow_bots)

    def check_bot(self, name) -> None:
        """Refuse a bot this server does not offer: 403 for a ``module:Class`` not allowed, 400 for an unknown one.

        Nothing is imported for a name that is not offered.
        """
        if not isinstance(name, str):
            raise WebError(400, f"a bot is named by a string, not {name!r}")
        if ":" in name and name not in self.allow_bots:
            raise WebError(403, f"bot {name!r} is not offered: a module:Class bot must be allowed when the "
                                "server starts (olab serve --allow-bot)")
        if name not in [o["name"] for o in self.offers()]:
            raise WebError(400, f"unknown bot {name!r}; offered: {', '.join(o['name'] for o in self.offers())}")

    # -- tables ----------------------------------------------------------------
    def _make_room(self) -> None:
        if len(self.tables) + len(self.replays) < self.limits.max_games:
            return
        # a finished game is already saved: let the oldest go
        done = sorted((t.created, t.id) for t in self.tables.values() if t.state.is_terminal())
        if done:
            del self.tables[done[0][1]]
            return
        if self.replays:
            del self.replays[next(iter(self.replays))]
            return
        raise WebError(429, f"the server holds {self.limits.max_games} unfinished games, its limit; "
                            "finish or delete one first")

    def create(self, body: Any) -> tuple[Table, list[str]]:
        """A new table from a request body: ``game``, ``options``, ``seed``, ``seats`` (kind, bot, budget)."""
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        unknown = sorted(set(body) - {"game", "options", "seed", "seats"})
        if unknown:
            raise WebError(400, f"unknown field(s) {', '.join(unknown)}; a new game takes game, options, seed, seats")
        name = body.get("game")
        if not isinstance(name, str) or name not in olab.games():
            raise WebError(400, f"unknown game {name!r}; games: {', '.join(olab.games())}")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise WebError(400, "options must be an object of the game's options")
        try:
            game = olab.load(name, **options)
        except (ValueError, TypeError) as e:
            raise WebError(400, str(e)) from None
        seed = body.get("seed", None)
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 53:
            raise WebError(400, f"seed must be an int from 0 to 2**53-1, not {seed!r}")
        seats_in = body.get("seats")
        n = game.num_players()
        if seats_in is None:
            seats_in = [{"kind": "human"}] * n
        if not isinstance(seats_in, list) or len(seats_in) != n:
            raise WebError(400, f"seats must be a list of {n} seats (the game has {n} players)")
        seats = []
        for i, s in enumerate(seats_in):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "bot"):
                raise WebError(400, f"seat {i} must be {{\"kind\": \"human\"}} or {{\"kind\": \"bot\", \"bot\": NAME}}")
            if set(s) - {"kind", "bot", "budget"}:
                raise WebError(400, f"seat {i} has unknown field(s) {', '.join(sorted(set(s) - {'kind', 'bot', 'budget'}))}")
            if s["kind"] == "bot":
                self.check_bot(s.get("bot"))
                seats.append(Seat("bot", secrets.token_urlsafe(24), s["bot"], _check_budget(s.get("budget"))))
            else:
                seats.append(Seat("human", secrets.token_urlsafe(24)))
        with self.lock:
            self._make_room()
            table = Table(self, secrets.token_urlsafe(16), game, seed, seats)
            self.tables[table.id] = table
        self.save_later(table)
        self.drive(table)
        return table, [s.token for s in seats]

    def get(self, table_id) -> "Table":
        """The table of ``table_id``; 404 if there is none."""
        t = self.tables.get(table_id) if isinstance(table_id, str) else None
        if t is None:
            raise WebError(404, "no such game")
        return t

    def delete(self, table: "Table", seat: int | None) -> None:
        """Close a game (a seat's request): it leaves the server; its saved files are renamed ``*.closed``."""
        if seat is None:
            raise WebError(403, "only a seat (with its token) can close a game")
        with self.lock:
            self.tables.pop(table.id, None)
        if self.data is not None:
            for ext in (".json", ".txt"):
                p = self.data / f"{table.id}{ext}"
                if p.exists():
                    p.rename(p.with_name(p.name + ".closed"))

    # -- bots in the background ---------------------------------------------
    def drive(self, table: Table) -> None:
        """Let chance and the bots play until a human must decide (in the executor)."""
        while True:
            job = table.next_job()
            if job is None:
                return
            if job[0] == "again":
                continue
            _, seat, version, clone, bot = job
            self.executor.submit(self._think, table, seat, version, clone, bot)
            return

    def _think(self, table: Table, seat: int, version: int, clone, bot) -> None:
        t0 = time.perf_counter()
        try:
            action, error = bot.choose(clone), None
        except Exception as e:  # noqa: BLE001 - a bot's failure is shown, never raised into the server
            action, error = None, f"{type(e).__name__}: {e}"
        table.bot_done(seat, version, action, error, time.perf_counter() - t0)
        self.drive(table)

    # -- saving and resuming -------------------------------------------------
    def save_later(self, table: "Table") -> None:
        """Write the table's record and seats to ``data`` soon (coalesced, on the saving thread)."""
        if self.data is None:
            return
        with self.lock:
            if table.id in self._dirty:
                return
            self._dirty.add(table.id)
        self.saver.submit(self._save, table)

    def _save(self, table: Table) -> None:
        assert self.data is not None, "saves are queued only with a data directory"
        with self.lock:
            self._dirty.discard(table.id)
        with table.lock:
            text = record_text(table.state)
            meta = {"id": table.id, "config": table.game.config(), "seed": table.seed,
                    "hidden_seed": table.hidden_seed, "created": table.created,
                    "seats": [{"kind": s.kind, "bot": s.bot, "budget": s.budget, "token": s.token}
                              for s in table.seats],
                    "terminal": table.state.is_terminal(),
                    # the exact actions, a turn in progress included (a record may write whole turns only)
                    "history": table.state.history()}
        _atomic_write(self.data / f"{table.id}.txt", text)
        _atomic_write(self.data / f"{table.id}.json", json.dumps(meta))

    def flush(self) -> None:
        """Wait until every pending save is written."""
        self.saver.submit(lambda: None).result()

    def _resume(self) -> None:
        assert self.data is not None, "called only with a data directory"
        for meta_path in sorted(self.data.glob("*.json")):
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
                if meta.get("terminal"):
                    continue
                text = (self.data / f"{meta['id']}.txt").read_text(encoding="utf-8")
                result = read_record(text)
                if result.state is None or result.error is not None:
                    continue
                history = result.state.history()
                exact = meta.get("history")
                if isinstance(exact, list) and exact[:len(history)] == history:
                    history = exact             # the record's moves and the turn in progress
                game = olab.load(**meta["config"])
                seats = [Seat(s["kind"], s["token"], s.get("bot"), s.get("budget") or {}) for s in meta["seats"]]
                if len(seats) != game.num_players():
                    continue
                hidden = meta.get("hidden_seed")
                table = Table(self, meta["id"], game, int(meta["seed"]), seats, history=history,
                              created=meta.get("created"), hidden_seed=None if hidden is None else int(hidden))
            except (OSError, ValueError, KeyError, TypeError, olab.OlabError):
                continue            # a damaged file is left as it is, never half-loaded
            self.tables[table.id] = table
            self.resumed.append(table.id)
        for tid in self.resumed:
            self.drive(self.tables[tid])

    def close(self) -> None:
        """Stop the bots' threads and write what is still to be saved."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.saver.shutdown(wait=True)

    # -- replays (uploaded records) -------------------------------------------
    def upload(self, text: Any) -> dict:
        """Read an uploaded record; a replay to watch move by move: ``{"id", "moves", ...}``."""
        if not isinstance(text, str) or not text.strip():
            raise WebError(400, "the record must be a non-empty text")
        try:
            result = read_record(text)
        except ValueError as e:
            raise WebError(422, str(e)) from None
        if result.state is None:
            err = result.error
            raise WebError(422, f"the record does not replay: {err}")
        with self.lock:
            self._make_room()
            rid = secrets.token_urlsafe(16)
            self.replays[rid] = {"state": result.state, "history": result.state.history(),
                                 "error": None if result.error is None else str(result.error)}
        return {"id": rid, "game": result.state.game.name, "moves": len(result.state.history()),
                "error": self.replays[rid]["error"]}

    def replay_view(self, rid, move) -> dict:
        """The public view of an uploaded record after ``move`` actions, with the last action's text."""
        r = self.replays.get(rid) if isinstance(rid, str) else None
        if r is None:
            raise WebError(404, "no such replay")
        n = len(r["history"])
        try:
            k = int(move)
        except (TypeError, ValueError):
            raise WebError(400, f"move must be an int, not {move!r}") from None
        if not 0 <= k <= n:
            raise WebError(400, f"move must be 0..{n}")
        st = r["state"].clone()
        for _ in range(n - k):
            st.undo_action()
        game = st.game
        last = None
        if k:
            prev = st.clone()
            prev.undo_action()
            last = prev.action_to_string(r["history"][k - 1])
        return {"id": rid, "game": game.name, "title": olab.games()[game.name].title, "config": game.config(),
                "move": k, "moves": n, "last": last, "state": st.public_json(legal_actions=False),
                "scores": [float(x) for x in st.scores()], "terminal": st.is_terminal(),
                "seats": [{"label": st.player_label(i)} for i in range(game.num_players())],
                "error": r["error"]}
