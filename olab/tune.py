"""``olab tune``: self-play, then a fitted evaluation (:mod:`olab.evaluation`).

Two fits, each from ``games`` self-play games, each written as an
evaluation file; everything follows from the arguments: the same command
makes the same file on every machine.

- ``fit="heuristic"`` (the default): the heuristic's own weights, fitted to
  the games' results by SPSA (:func:`fit_heuristic`, below);
- ``fit="residual"``: plays the games between the given bots (dealt, seeded
  and run on worker processes the way ``olab selfplay`` does it), records
  every seat's view at every decision, and fits a residual of the
  heuristic to the final scores.

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

__all__ = ["run_tune", "play_positions", "fit_heuristic", "spsa_deal"]


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
             hidden_key: bytes | None = None, fit: str = "heuristic", start=None, **options) -> dict:
    """Fit an evaluation for ``game`` from ``games`` self-play games and write it to ``out``.

    ``fit="heuristic"`` (the default) fits the heuristic's own weights to
    the games' results (:func:`fit_heuristic`; ``bots`` names the one bot
    that plays every seat); ``fit="residual"`` fits a residual over the
    observation tensor to the final scores (:func:`olab.evaluation.fit`).

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
        ``fit="residual"``: record every this many decisions (1: all).
    ridge : float, optional
        ``fit="residual"``: the ridge penalty; by default chosen on held-out games.
    made_by : str
        The command recorded in the file (the CLI passes its own).
    hidden_key : bytes, optional
        A game with hidden information is dealt with this key (as ``olab
        selfplay --hidden-key``); by default with a fresh one, so that no
        seat can recover the deal from the seed, and the file then differs
        from run to run.
    fit : str
        ``"heuristic"`` or ``"residual"``.
    start : str, os.PathLike or olab.evaluation.Evaluation, optional
        ``fit="heuristic"``: the weights to start from (default: the core's own).
    **options
        The game's options.

    Returns
    -------
    dict
        ``out``, the fit's figures (``fit``) and ``seconds``.
    """
    import olab
    from olab.arena import new_hidden_key
    from olab.evaluation import fit as fit_residual
    from olab.rl import require
    from olab.rl.backends import run_jobs
    from olab.rl.selfplay import _seat_bots

    if fit not in ("heuristic", "residual"):
        raise ValueError(f"fit must be 'heuristic' or 'residual', not {fit!r}")
    if start is not None and fit != "heuristic":
        raise ValueError("start: a residual fit starts from nothing")
    for name, value, least in (("games", games, 1), ("workers", workers, 1), ("every", every, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an int >= {least}, not {value!r}")
    began = time.monotonic()
    g = olab.load(game, **options)
    budget = dict(budget or {})
    bots = _seat_bots(g, bots, budget)
    if not made_by:
        made_by = "olab tune " + " ".join(shlex.quote(x) for x in [
            "--game", game, *[f"--{k.replace('_', '-')}={v}" for k, v in options.items()],
            "--games", str(games), "--bots", ",".join(bots), "--seed", str(seed), "--fit", fit,
            *(["--start", os.fspath(start)] if isinstance(start, (str, os.PathLike)) else [])])
    # a game with hidden information is dealt with a key (a fresh one unless
    # given: no seat can recover the deal from the seed)
    key = None
    if olab.games()[g.name].hidden_information:
        key = hidden_key if hidden_key is not None else new_hidden_key()
    if fit == "heuristic":
        if len(set(bots)) != 1:
            raise ValueError("fit='heuristic': one bot plays every seat (each side with its weights)")
        if bots[0].split(":")[0] not in ("greedy", "mcts"):
            raise ValueError(f"fit='heuristic': the bot must read the heuristic (greedy or mcts), not {bots[0]!r}")
        ev = fit_heuristic(g, games, bots[0], seed=seed, budget=budget, workers=workers, made_by=made_by,
                           hidden_key=key, progress=progress, start=start)
        ev.save(out)
        return {"out": str(out), "fit": ev.fit, "heuristic": ev.heuristic, "seconds": time.monotonic() - began}
    np = require("numpy", "olab tune")
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
    ev = fit_residual(positions, g, ridge=ridge, made_by=made_by)
    ev.save(out)
    return {"out": str(out), "fit": ev.fit, "seconds": time.monotonic() - began}


# ---------------------------------------------------------------------------
# Fitting the heuristic's own weights by play (fit="heuristic")
#
# The residual above learns to predict the final score, and a search steers
# to where that prediction is wrong (docs/bots.rst, "Fitted evaluations").  A
# fit of the heuristic's dozen named weights cannot be steered far, and a fit
# to the games' results, not to the scores, optimises what the weights are
# for.  SPSA (simultaneous perturbation stochastic approximation, Spall 1992;
# the method chess engines tune their evaluations with) needs no gradient:
# each step perturbs every weight at once by +-c_k in a random direction,
# plays the two perturbed sets against each other on the same deals, and
# moves along the direction by how much better the one side did.

#: games per deal of a step (the perturbed sets swap seats), and deals per step
_SPSA_PAIRS = 2
#: the perturbation and the step, relative to each weight's size (at least 0.5)
_SPSA_C, _SPSA_A = 0.3, 0.3


def _spsa_bots(spec: str, budget: dict, game, weights: list[dict], seed: int, n: int) -> list:
    # the bots of one game, each holding its side's weights (a fitted evaluation of heuristic weights only)
    from olab.bots import bot_class, parse_bot_spec
    from olab.evaluation import Evaluation

    import olab

    base, params = parse_bot_spec(spec)
    cls = bot_class(base)
    info = olab.games()[game.name]
    out = []
    for s in range(n):
        ev = Evaluation(game.name, game.config(), info.rules_version, 0, (), (), 0.0, 0.0,
                        heuristic=weights[s])
        out.append(cls(seed=(seed * 8 + s) % 2 ** 64, weights=ev, **{**budget, **params}))
    return out


def spsa_deal(job: dict) -> float:
    """One deal of a step: ``job["plus"]`` against ``job["minus"]`` (weights by name), seats swapped.

    Returns the ``plus`` side's edge in [-1, 1]: with several seats its share
    of the wins less the other side's, over both seatings (the sides take
    every other seat); solo, the difference of the two scores ``d`` as
    ``d / (|d| + 10)``.
    """
    import olab
    from olab.arena import _chance_seed, deal, play_bots

    game = olab.load(**job["config"])
    n = game.num_players()
    key = bytes.fromhex(job["hidden_key"]) if job.get("hidden_key") else None
    sides = (job["plus"], job["minus"])
    # the side of each seat, per game: solo each side plays the deal once; else
    # the sides take every other seat, then swap
    seatings = [[0], [1]] if n == 1 else [[(s + swap) % 2 for s in range(n)] for swap in (0, 1)]
    edge = 0.0
    scores = []
    for seat_side in seatings:
        bots = _spsa_bots(job["bot"], job["budget"], game, [sides[k] for k in seat_side], job["seed"], n)
        state = play_bots(deal(game, job["deal"], key), bots, seed=_chance_seed(job["seed"], key),
                          view_seed=None if key is None else _chance_seed(job["seed"], key, salt=0x71E45))
        sc = state.scores()
        if n == 1:
            scores.append(float(sc[0]))
            continue
        best = max(sc)
        won = [s for s in range(n) if sc[s] == best]
        edge += sum((1.0 if seat_side[s] == 0 else -1.0) / len(won) for s in won)
    if n == 1:
        d = scores[0] - scores[1]
        return d / (abs(d) + 10.0)
    return edge / 2


def fit_heuristic(game, games: int, bot: str = "greedy", seed: int = 0, budget: dict | None = None,
                  workers: int = 1, made_by: str = "", hidden_key: bytes | None = None,
                  progress: Callable[[int, int], None] | None = None, start=None):
    """Fit the heuristic's named weights to self-play results by SPSA; an :class:`~olab.evaluation.Evaluation`.

    The weights are those of ``heuristic_weights()`` in the game's core less
    the game's ``fixed_weights`` (reward scales, safety terms), starting
    from the core's own or from ``start``'s (an evaluation, its file or a
    packaged name: a fit with a cheap bot refined with a stronger one).  Each weight
    ``w`` moves in units of its starting size ``s = max(|w|, 0.5)``.  Step
    ``k`` of ``K = games // 4`` draws a direction ``D`` of +-1 per weight,
    plays ``w + c_k s D`` against ``w - c_k s D`` on 2 deals, each twice with
    the seats swapped (solo: each side plays each deal), and moves the
    weights by ``a_k r s / (2 c_k D)``, ``r`` the first side's edge
    (:func:`spsa_deal`); ``c_k = 0.3 / (k + 1)^0.101``,
    ``a_k = 0.3 / (k + 1 + K / 10)^0.602`` (Spall's gains).  The result is
    the mean of the last quarter of the steps.  Then the fitted weights play
    the starting ones on ``max(10, games // 20)`` fresh deals (both
    seatings) for the figure in ``fit["check"]``.

    The same arguments give the same weights on every machine, whatever
    ``workers``: the deals, directions and sums are fixed by ``seed``.
    """
    from olab.arena import wilson_interval
    from olab.evaluation import Evaluation, _short

    import olab

    if games < 4 * 2:
        raise ValueError(f"a fit of the heuristic's weights plays 4 games a step: {games} games are too few")
    from olab.bots import _evaluation

    budget = dict(budget or {})
    start_w = game._engine.heuristic_weights()
    names = [k for k in start_w if k not in game.fixed_weights]
    if start is not None:
        first = _evaluation(start)
        if first != "heuristic":
            first.check(game)
            start_w = {**start_w, **first.heuristic}
    if not names:
        raise ValueError(f"{game.name}: every weight of the heuristic is fixed; nothing to fit")
    scale = {k: max(abs(start_w[k]), 0.5) for k in names}
    u = {k: start_w[k] / scale[k] for k in names}
    steps = games // (2 * _SPSA_PAIRS)
    rng = random.Random(seed)
    key = hidden_key.hex() if hidden_key else None
    job0 = {"config": game.config(), "bot": bot, "budget": budget, "hidden_key": key}
    tail: dict[str, float] = dict.fromkeys(names, 0.0)
    kept = 0
    first_kept = steps - max(1, steps // 4)
    from olab.jobs import JobPool

    with JobPool(workers) as pool:
        for k in range(steps):
            ck = _SPSA_C / (k + 1) ** 0.101
            ak = _SPSA_A / (k + 1 + steps / 10) ** 0.602
            direction = {n: rng.choice((-1, 1)) for n in names}
            plus = {n: (u[n] + ck * direction[n]) * scale[n] for n in names}
            minus = {n: (u[n] - ck * direction[n]) * scale[n] for n in names}
            jobs = [{**job0, "plus": plus, "minus": minus, "deal": (seed * 1_000_003 + k * _SPSA_PAIRS + j) % 2 ** 64,
                     "seed": (seed * 7_919 + k * _SPSA_PAIRS + j) % 2 ** 64} for j in range(_SPSA_PAIRS)]
            r = sum(pool.map(spsa_deal, jobs)) / _SPSA_PAIRS
            for n in names:
                u[n] += ak * r / (2 * ck * direction[n])
            if k >= first_kept:
                kept += 1
                for n in names:
                    tail[n] += u[n]
            if progress is not None:
                progress((k + 1) * 2 * _SPSA_PAIRS, steps * 2 * _SPSA_PAIRS)
        fitted = {n: _short(tail[n] / kept * scale[n]) for n in names}
        # the figure: the fitted weights against the starting ones on fresh deals
        deals = max(10, games // 20)
        start_named = {n: start_w[n] for n in names}
        jobs = [{**job0, "plus": fitted, "minus": start_named, "deal": (2 ** 63 + seed * 1_000_003 + j) % 2 ** 64,
                 "seed": (2 ** 62 + seed * 7_919 + j) % 2 ** 64} for j in range(deals)]
        edges = pool.map(spsa_deal, jobs)
    n_seats = game.num_players()
    check: dict = {"deals": deals, "edge": round(sum(edges) / deals, 4)}
    if n_seats > 1:
        share = 0.5 + sum(edges) / deals / 2
        check.update(share=round(share, 4), ci95=[round(x, 4) for x in wilson_interval(share, 2 * deals)])
    info = olab.games()[game.name]
    fit_doc = {"method": "spsa", "games": steps * 2 * _SPSA_PAIRS, "steps": steps, "bot": bot,
               "start": start_named, "check": check}
    return Evaluation(game.name, game.config(), info.rules_version, 0, (), (), 0.0, 0.0, fit_doc, made_by, fitted)
