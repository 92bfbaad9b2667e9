"""Matches between bots, for every game: seeded, seats rotated, spread over processes.

A game between bots is played by :func:`play_game`: chance nodes are drawn
by the match's own seeded generator (a bot is never asked at one), and each
bot chooses from its own view of the position, a determinization for its
seat (:meth:`~olab.contract.StateProtocol.determinize`), so a bot never reads what its seat cannot
see (in a game of perfect information the view is a copy of the position).

A game with hidden information (``GameInfo.hidden_information``: Orléans'
order of the draws to come) is dealt with a hidden seed as well as the seed
(:func:`deal`): the seed deals what the seats see, the hidden seed what they
cannot, and it is a keyed hash of the seed (:func:`hidden_seed`) under a key
the match holds and no bot is given.  Without the key, trying every small
seed against the deal and the history finds the deal but not the future.  By
default each match draws a fresh key (``os.urandom``) and reports it once
every game is over (``ArenaResult.hidden_key``); pass it back as
``hidden_key`` to play the same match again.

A long match can keep its games in a results file (``results=``, ``olab
arena --results FILE``): one JSON line per game as it finishes, so a match
stopped part way (a closed laptop, Ctrl-C, a session's end) goes on where it
stopped when run again with the same file, and asking for more games than
the file holds plays only the rest.  The file names its match (the game's
options, the bots, the seed and the budget; for hidden information a digest
of the key, never the key) and is refused for another one.

>>> from olab.arena import run_arena
>>> r = run_arena(["greedy", "random"], games=2, players=2, seed=1)
>>> r.games, r.bots, r.wins[0] + r.wins[1] + r.draws
(2, ['greedy', 'random'], 2)
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import random
import time
from dataclasses import asdict, dataclass, field

import olab
from olab.bots import make_bot
from olab.jobs import check_backend, run_jobs

__all__ = ["ArenaResult", "run_arena", "play_game", "play_bots", "wilson_interval", "deal", "hidden_seed",
           "new_hidden_key", "TIMED_FIELDS", "RESULTS_FORMAT"]

#: the ``format`` of the first line of a results file (``run_arena(results=...)``)
RESULTS_FORMAT = "olab.arena-results/1"

#: the fields of :meth:`ArenaResult.as_json` that are times: the only ones a
#: match played again (same bots, seed and key) may change
TIMED_FIELDS = ("seconds", "decision_seconds", "decision_seconds_max")


@dataclass
class ArenaResult:
    """The outcome of a match; ``as_json()`` is what ``olab arena --json`` prints.

    Who won a game is the game's :meth:`~olab.contract.StateProtocol.outcome`
    (its score, then its tie-breaks).  ``wins[b]`` counts the games bot ``b``
    won alone; a game whose win is shared (a tie no tie-break broke) is a
    draw, and each of its k winners gets ``1/k`` of it in ``win_rate``.  ``ci95`` is the Wilson 95% interval of each win rate.
    ``truncated`` counts the games an engine cap stopped (see
    :meth:`~olab.contract.StateProtocol.is_truncated`); they are scored as they stand.
    ``decision_seconds`` and ``decision_seconds_max`` are each bot's mean
    and longest decision in seconds of CPU (``time.process_time`` of the
    process that played it, so a bot that searches in several threads is
    counted for all of them); the only fields that differ when a match is
    played again.
    ``hidden_key`` (hex) is the key the hidden seeds of a game with hidden
    information were derived with (:func:`hidden_seed`), told once the match
    is over so that it can be played again; ``None`` (and left out of
    ``as_json()``) for a game without hidden information.
    """

    games: int
    bots: list[str]
    wins: list[int]
    draws: int
    win_rate: list[float]
    ci95: list[list[float]]
    mean_score: list[float] = field(default_factory=list)
    seconds: float = 0.0
    truncated: int = 0
    config: dict = field(default_factory=dict)
    hidden_key: str | None = None
    decision_seconds: list[float] = field(default_factory=list)
    decision_seconds_max: list[float] = field(default_factory=list)

    def as_json(self) -> dict:
        """The result as plain data: every field above, by name (``hidden_key`` only when there is one)."""
        d = asdict(self)
        if d["hidden_key"] is None:
            del d["hidden_key"]
        return d


def new_hidden_key() -> bytes:
    """A fresh secret key for :func:`hidden_seed` (16 bytes from ``os.urandom``)."""
    return os.urandom(16)


def hidden_seed(key: bytes, seed: int) -> int:
    """The hidden seed of the game dealt with ``seed``: keyed BLAKE2b of the seed, 64 bits.

    Nobody without ``key`` can compute it from ``seed``, so a seat that finds
    the seed (from the deal) still cannot find what the hidden seed deals.

    >>> hidden_seed(b"k" * 16, 7) == hidden_seed(b"k" * 16, 7) != hidden_seed(b"j" * 16, 7)
    True
    """
    if not isinstance(key, (bytes, bytearray)) or not 1 <= len(key) <= 64:
        raise ValueError("a hidden key is 1 to 64 bytes")
    h = hashlib.blake2b(int(seed).to_bytes(8, "little"), key=bytes(key), digest_size=8, person=b"olab-hidden")
    return int.from_bytes(h.digest(), "little")


def _hidden_information(game) -> bool:
    """Whether ``game`` (a Game) hides information from its seats (its registry entry says)."""
    info = olab.games().get(game.name)
    return bool(info is not None and info.hidden_information)


def deal(game, seed: int, key: bytes | None):
    """``game.new_initial_state(seed)``, with ``hidden_seed(key, seed)`` for a game with hidden information.

    ``key=None`` deals a game with hidden information without one (the
    generator then goes on from the deal's: anyone who guesses the seed
    knows the future); surfaces that deal to seats always pass a key.
    """
    if key is not None and _hidden_information(game):
        return game.new_initial_state(seed, hidden_seed=hidden_seed(key, seed))
    return game.new_initial_state(seed)


def _chance_seed(seed: int, key: bytes | None, salt: int = 0x5EED_C4A0CE) -> int:
    # the seeds of play_bots' generators (chance outcomes; the bots' views):
    # with a key, keyed too, or a seat that guessed the match seed would know
    # every chance outcome of chance="explicit"
    if key is None:
        return seed
    return hidden_seed(key, seed ^ salt)


def wilson_interval(p: float, n: int, z: float = 1.959964) -> list[float]:
    """The Wilson score interval of a rate ``p`` observed over ``n`` trials."""
    if n == 0:
        return [0.0, 1.0]
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # at p = 0 or 1 one end is exactly 0 or 1; say so rather than round it
    lo = 0.0 if p <= 0 else max(0.0, centre - half)
    hi = 1.0 if p >= 1 else min(1.0, centre + half)
    return [lo, hi]


def play_bots(state, bots, seed: int, on_move=None, view_seed: int | None = None, thinking: list | None = None):
    """Play ``state`` to its end with ``bots[seat]`` deciding for each seat; return it.

    Chance outcomes are drawn with their probabilities from a generator
    seeded with ``seed``; each bot chooses from a determinization of the
    position for its seat (its own view), seeded from the same generator, or
    from one of its own seeded with ``view_seed``: a game with hidden
    information needs that, since a bot reads its view's seed, and enough
    outputs of a generator tell its later ones (the chance outcomes).
    ``on_move(state)`` is called before every move.  ``thinking``, a list of
    ``[seconds, decisions, longest]`` per seat, is added to with each
    decision's seconds of CPU (``time.process_time``).
    """
    rng = random.Random(seed)
    views = rng if view_seed is None else random.Random(view_seed)
    while not state.is_terminal():
        if on_move is not None:
            on_move(state)
        p = state.current_player()
        if p == olab.CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], weights=[w for _, w in outcomes])[0])
            continue
        view = state.determinize(p, views.getrandbits(64))
        start = time.process_time()
        action = bots[p].choose(view)
        if thinking is not None:
            spent = time.process_time() - start
            thinking[p][0] += spent
            thinking[p][1] += 1
            thinking[p][2] = max(thinking[p][2], spent)
        state.apply_action(action)
    return state


def play_game(config: dict, bot_names: list[str], index: int, seed: int,
              budget: dict | None = None, hidden_key: bytes | None = None,
              thinking: list | None = None) -> tuple[list[float], bool, list[int]]:
    """Play game ``index`` of a match.

    Returns the score of each *bot* (not seat), whether the game was
    truncated, and the bots that won (the game's
    :meth:`~olab.contract.StateProtocol.outcome`; several when shared).

    Game ``index`` is dealt with seed ``seed + index``, and seat ``s`` is taken
    by bot ``(s + index) % players``, so every bot sits in every seat equally
    often over a multiple of ``players`` games.  A game with hidden
    information is dealt with ``hidden_key`` (:func:`deal`; a fresh key if
    none is given), and the chance outcomes are drawn from a generator keyed
    by it too.  ``thinking`` (``[seconds, decisions, longest]`` per *bot*) is
    added to with the bots' decisions, timed as :func:`play_bots` times them.
    """
    game = olab.load(**config)
    n = len(bot_names)
    # the bots' seeds derive from the match seed, kept in 64 bits
    bots = [make_bot(name, seed=((seed * 1_000_003 + index) * 8 + b) % 2 ** 64, **(budget or {}))
            for b, name in enumerate(bot_names)]
    seat_bot = [(s + index) % n for s in range(n)]
    if hidden_key is None and _hidden_information(game):
        hidden_key = new_hidden_key()
    state = deal(game, seed + index, hidden_key)
    key = hidden_key if _hidden_information(game) else None
    base = ((seed * 1_000_003 + index) * 8 + 7) % 2 ** 64
    by_seat = None if thinking is None else [[0.0, 0, 0.0] for _ in range(n)]
    play_bots(state, [bots[seat_bot[s]] for s in range(n)], seed=_chance_seed(base, key),
              view_seed=None if key is None else _chance_seed(base, key, salt=0x71E45), thinking=by_seat)
    if thinking is not None and by_seat is not None:
        for s, b in enumerate(seat_bot):
            thinking[b][0] += by_seat[s][0]
            thinking[b][1] += by_seat[s][1]
            thinking[b][2] = max(thinking[b][2], by_seat[s][2])
    scores = state.scores()
    by_bot: list[float] = [0.0] * n
    for s, b in enumerate(seat_bot):
        by_bot[b] = scores[s]
    return by_bot, state.is_truncated(), sorted(seat_bot[s] for s in state.outcome().winners)


def _play_one(job):
    thinking = [[0.0, 0, 0.0] for _ in job[1]]
    return play_game(*job, thinking=thinking), thinking


def _key_digest(key: bytes | None) -> str | None:
    # what a results file holds of the hidden key: enough to refuse another
    # key, nothing that gives the key (or the hidden seeds) away
    if key is None:
        return None
    return hashlib.blake2b(bytes(key), digest_size=16, person=b"olab-keycheck").hexdigest()


def _game_line(i: int, r) -> dict:
    (scores, cut, top), thinking = r
    return {"index": i, "scores": list(scores), "truncated": bool(cut), "winners": list(top),
            "thinking": [list(t) for t in thinking]}


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _count(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _read_results(path, header: dict, bots: int) -> tuple[dict, int]:
    """The games a results file holds for this match, by index, and the length of its good part.

    An empty or missing file holds none.  A file whose first line names
    another match is refused (``ValueError`` naming what differs); so is a
    line that is not a game of it, by its line number.  A last line cut
    short (the process stopped while writing it) is left out, and the file is
    cut back to the lines before it when it is written to again.
    """
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return {}, 0
    if not data:
        return {}, 0
    lines = data.split(b"\n")
    good = len(data)
    if lines[-1]:
        # no newline at the end: the last line was cut short
        good = len(data) - len(lines[-1])
    lines = lines[:-1]
    if not lines:
        # not even the header is whole: only the start of this match's header may be dropped
        if not (json.dumps(header) + "\n").encode().startswith(data):
            raise ValueError(f"{path}: line 1 is not a results file's header ({RESULTS_FORMAT!r})")
        return {}, 0
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise ValueError(f"{path}: line 1 is not a results file's header") from None
    if not isinstance(first, dict) or first.get("format") != RESULTS_FORMAT:
        raise ValueError(f"{path}: line 1 is not a results file's header ({RESULTS_FORMAT!r})")
    differ = [k for k in header if first.get(k) != header[k]]
    if differ:
        raise ValueError(f"{path} holds another match: its {', '.join(differ)} "
                         f"{'differs' if len(differ) == 1 else 'differ'} (give another file, or the same match)")
    games: dict = {}
    for n, line in enumerate(lines[1:], start=2):
        try:
            g = json.loads(line)
            i = g["index"]
            ok = (_count(i) and i not in games
                  and len(g["scores"]) == bots and all(_number(x) for x in g["scores"])
                  and len(g["thinking"]) == bots
                  and all(len(t) == 3 and all(_number(x) and x >= 0 for x in t) for t in g["thinking"])
                  and g["winners"] and all(_count(w) and w < bots for w in g["winners"])
                  and isinstance(g["truncated"], bool))
        except (ValueError, KeyError, TypeError):
            ok = False
        if not ok:
            raise ValueError(f"{path}: line {n} is not a game of this match")
        games[i] = ((g["scores"], g["truncated"], g["winners"]), g["thinking"])
    return games, good


def run_arena(bots: list[str], games: int, game: str | None = None, seed: int = 0, workers: int = 1,
              budget: dict | None = None, progress=None, backend: str = "local", address: str | None = None,
              hidden_key: bytes | None = None, results: str | os.PathLike | None = None,
              **options) -> ArenaResult:
    """Play ``games`` seeded games between ``bots`` (one per seat) and count the results.

    Parameters
    ----------
    bots : list of str
        Bot names, one per player: olab's (:data:`olab.bots.BOT_NAMES`), an
        ``olab.bots`` entry point, or ``"module:Class"`` (each worker process
        imports it; see the docs page "Writing a bot").
    games : int
    game : str, optional
        A registered game (default: the first registered, Ora et Labora).
    seed : int
        Game ``i`` uses seed ``seed + i``; the bots' seeds derive from it too.
    workers : int
        Processes to spread the games over (each game is independent, so the
        result does not depend on this).  Safe from a plain script: the
        workers do not run the calling script again.
    budget : dict, optional
        ``simulations=`` / ``time_ms=`` for the searching bots.
    progress : callable, optional
        Called with the number of finished games after each one.
    backend : {"local", "ray"}
        Where the games run: local processes, or Ray (``pip install
        "olab[ray]"``; :func:`olab.jobs.run_jobs`).  The result is the same.
    address : str, optional
        With ``backend="ray"``: the cluster (``"auto"``, ``"HOST:PORT"``);
        without it a local Ray instance with ``workers`` CPUs is started.
    hidden_key : bytes, optional
        For a game with hidden information: the key of the hidden seeds
        (:func:`hidden_seed`).  By default a fresh one (:func:`new_hidden_key`),
        reported in the result; give it back to replay the same match.
    results : str or os.PathLike, optional
        A results file (see the module): each game is appended to it as it
        finishes, and the games it already holds for this match are counted,
        not played again.  A game with hidden information then needs
        ``hidden_key`` (the file holds only a digest of it).  The result's
        times cover the games in the file, whenever they were played;
        ``seconds`` only this call's.
    **options
        The game's options (:func:`olab.load`); ``players`` defaults to the
        number of bots.
    """
    name = game if game is not None else olab.registry.default_game()
    info = olab.games()[name] if name in olab.games() else None
    if info is not None and "players" in info.option_names():
        options.setdefault("players", len(bots))
        if options["players"] != len(bots):
            raise ValueError(f"{options['players']} players need {options['players']} bots, got {len(bots)}")
    for b in bots:
        make_bot(b, **(budget or {}))              # unknown names fail here, in the parent
    if games < 0 or workers < 1:
        raise ValueError("games must be >= 0 and workers >= 1")
    check_backend(backend, workers, address)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed or seed + games > 2 ** 64:
        raise ValueError(f"seed must be an int with seed + games in 0..2**64, not {seed!r}")
    config = olab.load(name, **options).config()   # a bad configuration fails here too
    if olab.load(**config).num_players() != len(bots):
        raise ValueError(f"{name} has {olab.load(**config).num_players()} seats; got {len(bots)} bots")
    hidden = info is not None and info.hidden_information
    if hidden and hidden_key is None and results is not None:
        raise ValueError("a results file of a game with hidden information needs its hidden key "
                         "(hidden_key, --hidden-key): the file holds only a digest of it")
    if hidden and hidden_key is None:
        hidden_key = new_hidden_key()
    if not hidden:
        hidden_key = None
    elif not isinstance(hidden_key, (bytes, bytearray)) or not 1 <= len(hidden_key) <= 64:
        raise ValueError("hidden_key must be 1 to 64 bytes")
    by_index: dict = {}
    out = None
    if results is not None:
        header = {"format": RESULTS_FORMAT, "config": config, "bots": list(bots), "seed": seed,
                  "budget": budget or {}, "key_digest": _key_digest(hidden_key)}
        # a round trip through JSON, so that the header compares as the file holds it
        header = json.loads(json.dumps(header))
        held, good = _read_results(results, header, len(bots))
        by_index = {i: r for i, r in held.items() if i < games}
        out = open(results, "r+b" if os.path.exists(results) else "wb")
        out.truncate(good)
        out.seek(good)
        if good == 0:
            out.write((json.dumps(header) + "\n").encode())
            out.flush()
    jobs = [(config, list(bots), i, seed, budget, hidden_key) for i in range(games) if i not in by_index]
    start = time.perf_counter()

    # every backend through the one job runner (olab.jobs): local games in
    # this process or in worker processes (a dead worker's games are started
    # again), or on Ray; by game index, whatever order they finish in
    try:
        if progress and by_index:
            progress(len(by_index))
        for i, r in run_jobs(_play_one, jobs, backend=backend, workers=workers, address=address):
            i = jobs[i][2]
            by_index[i] = r
            if out is not None:
                out.write((json.dumps(_game_line(i, r)) + "\n").encode())
                out.flush()
            if progress:
                progress(len(by_index))
    finally:
        if out is not None:
            out.close()
    outcomes = [by_index[i][0] for i in range(games)]
    n = len(bots)
    spent = [0.0] * n
    decided = [0] * n
    longest = [0.0] * n
    for i in range(games):
        for k, (seconds, count, most) in enumerate(by_index[i][1]):
            spent[k] += seconds
            decided[k] += count
            longest[k] = max(longest[k], most)
    wins = [0] * n
    shares = [0.0] * n
    draws = 0
    totals = [0.0] * n
    for scores, _cut, top in outcomes:
        if len(top) == 1:
            wins[top[0]] += 1
        else:
            draws += 1
        for w in top:
            shares[w] += 1.0 / len(top)
        for seat in range(n):
            totals[seat] += scores[seat]
    rate = [s / games if games else 0.0 for s in shares]
    return ArenaResult(games=games, bots=list(bots), wins=wins, draws=draws, win_rate=rate,
                       ci95=[wilson_interval(p, games) for p in rate],
                       mean_score=[t / games if games else 0.0 for t in totals],
                       seconds=time.perf_counter() - start,
                       truncated=sum(1 for _, cut, _w in outcomes if cut), config=config,
                       hidden_key=hidden_key.hex() if hidden_key is not None else None,
                       decision_seconds=[spent[k] / decided[k] if decided[k] else 0.0 for k in range(n)],
                       decision_seconds_max=longest)
