"""``olab tune``: self-play, then a fitted evaluation (:mod:`olab.evaluation`).

Plays ``games`` games between the given bots (dealt, seeded and run on
worker processes the way ``olab selfplay`` does it), records every seat's
view at every decision, fits the residual of the bots' heuristic to the
final scores, and writes the evaluation file.  Everything follows from the
arguments: the same command makes the same file on every machine.

Why not the self-play shards as they are: a shard row is the deciding seat's
view only, but the search values positions for every seat, most of them
where another seat is to move; a fit on deciders alone learned what being
to move says about a score, and a search that valued the other seats with
it lost 22 of 24 games to the heuristic (Fields of Arle 2p).  So the tuner
records each seat at each decision (:func:`play_positions`).
"""
from __future__ import annotations

import os
import random
import shlex
import time
from collections.abc import Callable, Sequence

__all__ = ["run_tune", "play_positions"]


def play_positions(job: dict) -> dict:
    """Play the games ``job["first"]`` to ``job["last"] - 1`` and record their positions.

    At every decision (every ``job["every"]``-th), one row per seat: its
    observation tensor, the game's progress, the seat's heuristic value; at
    the end each row gets its seat's final score.  ``job`` holds the game's
    ``config``, the ``bots`` (one per seat), their ``budget``, the ``seed``
    and, for a game with hidden information, the ``hidden_key``.
    """
    import olab
    from olab.arena import _chance_seed, deal
    from olab.bots import heuristic, make_bot, progress
    from olab.rl import require
    from olab.rl.selfplay import _bot_seed

    np = require("numpy", "olab tune")
    game = olab.load(**job["config"])
    n = game.num_players()
    key = bytes.fromhex(job["hidden_key"]) if job.get("hidden_key") else None
    every = job.get("every", 1)
    cols: dict[str, list] = {"observation": [], "seat": [], "progress": [], "heuristic": [], "final": [], "game": []}
    for index in range(job["first"], job["last"]):
        seed = job["seed"]
        bots = [make_bot(job["bots"][s], seed=_bot_seed(seed, index, s), **job["budget"]) for s in range(n)]
        rng = random.Random(_chance_seed(_bot_seed(seed, index, 7), key))
        views = rng if key is None else random.Random(_chance_seed(_bot_seed(seed, index, 7), key, salt=0x71E45))
        state = deal(game, (seed + index) % 2 ** 64, key)
        start = len(cols["seat"])
        decision = 0
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], weights=[w for _, w in outcomes])[0])
                continue
            if decision % every == 0:
                t = progress(state)
                for k in range(n):
                    cols["observation"].append(state.observation_tensor(k))
                    cols["seat"].append(k)
                    cols["progress"].append(t)
                    cols["heuristic"].append(heuristic(state, k))
                    cols["game"].append(index)
            decision += 1
            state.apply_action(bots[p].choose(state.determinize(p, views.getrandbits(64))))
        scores = state.scores()
        cols["final"].extend(float(scores[k]) for k in cols["seat"][start:])
    size = int(game.observation_tensor_shape()[0])
    out = {k: np.asarray(v, dtype=np.float64) for k, v in cols.items() if k != "observation"}
    out["observation"] = (np.asarray(cols["observation"], dtype=np.float32) if cols["observation"]
                          else np.zeros((0, size), dtype=np.float32))
    return out


def run_tune(game: str, out: str | os.PathLike, games: int, bots: Sequence[str] = ("greedy",), seed: int = 0,
             budget: dict | None = None, workers: int = 1, every: int = 1, ridge: float | None = None,
             made_by: str = "", progress: Callable[[int, int], None] | None = None,
             hidden_key: bytes | None = None, **options) -> dict:
    """Fit an evaluation for ``game`` from ``games`` self-play games and write it to ``out``.

    Parameters
    ----------
    game : str
        A registered game.
    out : str or os.PathLike
        The evaluation file to write (JSON).
    games : int
        Self-play games to fit on.
    bots : sequence of str
        The self-play bots (one for every seat, or one per seat).
    seed : int
        Game i is dealt with seed + i; the bots are seeded from it too.
    budget : dict, optional
        The bots' budget (``simulations``, ``time_ms``).
    workers : int
        Processes to play on.
    every : int
        Record every this many decisions (1: all).
    ridge : float, optional
        The ridge penalty; by default chosen on held-out games.
    made_by : str
        The command recorded in the file (the CLI passes its own).
    hidden_key : bytes, optional
        A game with hidden information is dealt with this key (as ``olab
        selfplay --hidden-key``); by default with a fresh one, so that no
        seat can recover the deal from the seed, and the file then differs
        from run to run.
    **options
        The game's options.

    Returns
    -------
    dict
        ``out``, the fit's figures (``fit``) and ``seconds``.
    """
    import olab
    from olab.arena import new_hidden_key
    from olab.evaluation import fit
    from olab.rl import require
    from olab.rl.backends import run_jobs
    from olab.rl.selfplay import _seat_bots

    np = require("numpy", "olab tune")
    for name, value, least in (("games", games, 1), ("workers", workers, 1), ("every", every, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an int >= {least}, not {value!r}")
    start = time.monotonic()
    g = olab.load(game, **options)
    budget = dict(budget or {})
    bots = _seat_bots(g, bots, budget)
    if not made_by:
        made_by = "olab tune " + " ".join(shlex.quote(x) for x in [
            "--game", game, *[f"--{k.replace('_', '-')}={v}" for k, v in options.items()],
            "--games", str(games), "--bots", ",".join(bots), "--seed", str(seed)])
    # a game with hidden information is dealt with a key (a fresh one unless
    # given: no seat can recover the deal from the seed)
    key = None
    if olab.games()[g.name].hidden_information:
        key = hidden_key if hidden_key is not None else new_hidden_key()
    size = max(1, min(8, games // (4 * workers) or 1))
    jobs = [{"config": g.config(), "bots": bots, "budget": budget, "seed": seed, "first": lo,
             "last": min(games, lo + size), "every": every, "hidden_key": key.hex() if key else None}
            for lo in range(0, games, size)]
    parts: dict[int, dict] = {}
    done = 0
    for i, part in run_jobs(play_positions, jobs, workers=workers):
        parts[i] = part
        done += jobs[i]["last"] - jobs[i]["first"]
        if progress is not None:
            progress(done, games)
    positions = {k: np.concatenate([parts[i][k] for i in range(len(jobs))]) for k in parts[0]}
    ev = fit(positions, g, ridge=ridge, made_by=made_by)
    ev.save(out)
    return {"out": str(out), "fit": ev.fit, "seconds": time.monotonic() - start}
