"""Fitted evaluations: the bots' heuristic, learned from self-play.

The bots value a position with the game's heuristic, in points: a sum of
named terms, each with a weight (``heuristic_weights()`` in every game's
core).  A *fitted evaluation* holds either or both of two corrections:

- **the heuristic's own weights**, fitted by playing (:func:`olab.tune.run_tune`
  with ``fit="heuristic"``): the weights that win self-play games against
  their neighbours, found by simultaneous perturbation (SPSA).  A bot that
  holds them (``MCTSBot(weights=...)``, ``GreedyBot(weights=...)``) values
  every position with them, in its own searches only;
- **a residual** (``fit="residual"``), for the chain search, fitted by
  ridge regression to the final scores (below).

For a seat ``k`` with observation tensor ``x``
(``state.observation_tensor(k)``, what ``k`` may see) and the game's
progress ``t`` (:func:`olab.bots.progress`, 0 at the deal, 1 at the end) the
residual is

    r_k = c + d t + sum_i x_i (a_i + t b_i)

fitted to ``k``'s final score less ``k``'s heuristic value at the time
(:func:`fit`), so that heuristic + residual estimates the score ``k`` will
finish with.  The weights taper with the game's progress (like a chess
engine's opening and endgame weights): a coin or a building is worth more
early than late.

An evaluation is a JSON file (``olab.evaluation/1``): the game and options it
was fitted on, the game's rules version, the heuristic's weights
(``heuristic``, by name) and / or the residual (``observation_size`` and the
weights ``a``, ``b``, ``c``, ``d``), the fit's figures and the command that
made it.  ``olab tune`` makes one; ``MCTSBot(weights=FILE)`` (``--bots
mcts:weights=FILE``, ``greedy:weights=FILE``) plays with it.  Reading one runs no code.  The package
ships the fitted evaluations of the configurations where they play better
than the heuristic alone (docs/bots.rst, "Fitted evaluations"); a game's
``search_defaults`` names them.
"""
from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Evaluation", "FORMAT", "load_evaluation", "packaged_evaluation", "fit", "positions_from_shards"]

#: the ``format`` of an evaluation file
FORMAT = "olab.evaluation/1"

_PACKAGED = Path(__file__).parent / "data" / "evaluations"


@dataclass(frozen=True)
class Evaluation:
    """A fitted evaluation (see the module).

    Attributes
    ----------
    game : str
        The registry name of the game it was fitted on.
    config : dict
        The game's ``config()`` it was fitted on (player count and options).
    rules_version : int
        The game's ``GameInfo.rules_version`` at the time: a reading that
        changed since makes the file refuse to load.
    observation_size : int
        The length of the observation tensor the weights read.
    a, b : tuple of float
        Per observation entry: its weight at the deal, and what the weight
        gains by the end (``a_i + t b_i``).
    c, d : float
        The constant and its gain by the end.
    fit : dict
        The fit's figures (rows, games, ridge, root-mean-square errors; or
        the games and steps of a fit of the heuristic's weights).
    made_by : str
        The command that made it.
    heuristic : dict
        The heuristic's weights by name (``heuristic_weights()`` of the
        game's core) that this evaluation sets while its bot searches; empty:
        the core's own.

    An evaluation without a residual has ``observation_size`` 0 and empty
    ``a`` and ``b``.
    """

    game: str
    config: dict
    rules_version: int
    observation_size: int
    a: tuple
    b: tuple
    c: float
    d: float
    fit: dict = field(default_factory=dict)
    made_by: str = ""
    heuristic: dict = field(default_factory=dict)

    @property
    def has_residual(self) -> bool:
        """Whether it adds a residual to the heuristic (else it only sets the heuristic's weights)."""
        return self.observation_size > 0

    def weights(self) -> list[float] | None:
        """The flat weights ``a + b + [c, d]`` the core's search reads (``None``: no residual)."""
        return [*self.a, *self.b, self.c, self.d] if self.has_residual else None

    def residual(self, state, seat: int) -> float:
        """``seat``'s residual in ``state`` (points to add to its heuristic value), in Python.

        The core computes the same in the search (``fitted_eval`` in
        ``olab_core/common/search.pyx``); this is its reference, for tests
        and for reading what a fit learned.
        """
        from olab.bots import progress

        if not self.has_residual:
            return 0.0
        t = progress(state)
        x = state.observation_tensor(seat)
        r = self.c + t * self.d
        for i, v in enumerate(x):
            if v != 0:
                r += float(v) * (self.a[i] + t * self.b[i])
        return r

    def check(self, game) -> None:
        """Refuse (``ValueError``) to evaluate positions of a game this was not fitted for."""
        import olab

        info = olab.games()[game.name] if game.name in olab.games() else None
        if game.name != self.game:
            raise ValueError(f"the evaluation was fitted for {self.game}, not {game.name}")
        if info is not None and info.rules_version != self.rules_version:
            raise ValueError(f"the evaluation was fitted on rules version {self.rules_version} of {self.game}; "
                             f"the engine plays version {info.rules_version}: fit it again (olab tune)")
        known = game._engine.heuristic_weights()
        unknown = sorted(set(self.heuristic) - set(known))
        if unknown:
            raise ValueError(f"the evaluation sets {', '.join(unknown)}: not weights of {game.name}'s heuristic "
                             f"({', '.join(known)})")
        size = int(game.observation_tensor_shape()[0])
        if self.has_residual and size != self.observation_size:
            raise ValueError(f"the evaluation reads observations of {self.observation_size} numbers; "
                             f"this game's have {size}")

    def to_json(self) -> dict:
        """The evaluation as the JSON document :func:`load_evaluation` reads."""
        doc: dict = {"format": FORMAT, "game": self.game, "config": self.config, "rules_version": self.rules_version}
        if self.heuristic:
            doc["heuristic"] = dict(self.heuristic)
        if self.has_residual:
            doc["observation_size"] = self.observation_size
            doc["weights"] = {"a": list(self.a), "b": list(self.b), "c": self.c, "d": self.d}
        doc.update(fit=self.fit, made_by=self.made_by)
        return doc

    def save(self, path: str | os.PathLike) -> None:
        """Write the evaluation to ``path`` as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any, where: str = "the evaluation") -> "Evaluation":
        """Read an evaluation document; a malformed one raises ``ValueError`` naming what is wrong."""
        if not isinstance(doc, dict):
            raise ValueError(f"{where}: not a JSON object")
        if doc.get("format") != FORMAT:
            raise ValueError(f"{where}: format is {doc.get('format')!r}, not {FORMAT!r}")
        for key, kind in (("game", str), ("config", dict), ("rules_version", int)):
            if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
                raise ValueError(f"{where}: {key} is missing or not a {kind.__name__}")
        named = doc.get("heuristic", {})
        if not isinstance(named, dict) or not all(isinstance(k, str) and k for k in named):
            raise ValueError(f"{where}: heuristic must be an object of weights by name")
        heur = {k: _number(v, f"{where}: heuristic.{k}") for k, v in named.items()}
        if "weights" not in doc and "observation_size" not in doc:
            if not heur:
                raise ValueError(f"{where}: neither heuristic weights nor a residual (weights)")
            empty: tuple[float, ...] = ()
            n, vectors, scalars = 0, {"a": empty, "b": empty}, {"c": 0.0, "d": 0.0}
        else:
            for key, kind in (("observation_size", int), ("weights", dict)):
                if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
                    raise ValueError(f"{where}: {key} is missing or not a {kind.__name__}")
            n = doc["observation_size"]
            if n < 1:
                raise ValueError(f"{where}: observation_size must be >= 1")
            w = doc["weights"]
            vectors = {}
            for key in ("a", "b"):
                v = w.get(key)
                if not isinstance(v, list) or len(v) != n:
                    raise ValueError(f"{where}: weights.{key} must be a list of {n} numbers")
                vectors[key] = tuple(_number(x, f"{where}: weights.{key}[{i}]") for i, x in enumerate(v))
            scalars = {key: _number(w.get(key), f"{where}: weights.{key}") for key in ("c", "d")}
        fit_doc = doc.get("fit", {})
        made_by = doc.get("made_by", "")
        if not isinstance(fit_doc, dict) or not isinstance(made_by, str):
            raise ValueError(f"{where}: fit must be an object and made_by a string")
        return cls(doc["game"], doc["config"], doc["rules_version"], n, vectors["a"], vectors["b"],
                   scalars["c"], scalars["d"], fit_doc, made_by, heur)


def _number(x, where: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise ValueError(f"{where} is {x!r}, not a finite number")
    return float(x)


def load_evaluation(path: str | os.PathLike) -> Evaluation:
    """Read an evaluation file; a missing, unreadable or malformed one raises ``ValueError`` naming it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ValueError(f"cannot read the evaluation {path}: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    return Evaluation.from_json(doc, str(path))


def packaged_evaluation(name: str) -> Evaluation:
    """One of the evaluations the package ships (``olab/data/evaluations/NAME.json``)."""
    if not name or not all(c.isalnum() or c in "_-" for c in name):
        raise ValueError(f"no packaged evaluation {name!r}")
    path = _PACKAGED / f"{name}.json"
    if not path.is_file():
        known = sorted(p.stem for p in _PACKAGED.glob("*.json"))
        raise ValueError(f"no packaged evaluation {name!r}; packaged: {', '.join(known) or 'none'}")
    return load_evaluation(path)


def fit(positions, game, ridge: float | None = None, made_by: str = "", validation_every: int = 5,
        max_rows: int = 400_000) -> Evaluation:
    """Fit an evaluation to positions of finished games.

    Each position gives one example per seat: the seat's observation and the
    game's progress, and as the target the seat's final score less its
    heuristic value then.  The fit is ridge regression on standardized
    features; observation entries that never vary in the data get weight 0.
    Without ``ridge`` the penalty is chosen from a grid by the error on the
    games whose index is a multiple of ``validation_every`` (held out), then
    the fit is made again on every game.

    Parameters
    ----------
    positions : mapping
        Equal-length columns: ``observation`` (rows x observation size),
        ``seat``, ``progress``, ``heuristic``, ``final`` (the seat's final
        score) and ``game`` (the game's index), as :func:`olab.tune.play_positions`
        gives them (or :func:`positions_from_shards` from ``olab selfplay``).
    game : olab.contract.GameProtocol
        The game they were played in (its ``config()`` is recorded).
    ridge : float, optional
        The penalty per standardized weight, relative to the number of rows.
    made_by : str
        The command to record.
    validation_every : int
        Every this many games, one is held out for choosing the penalty.
    max_rows : int
        At most this many examples are used (evenly spaced, deterministic).

    Returns
    -------
    Evaluation
        Its ``fit`` holds ``rows``, ``games``, ``ridge``, and the held-out
        root-mean-square error of the final score predicted by the heuristic
        alone (``rmse_heuristic``) and with the residual (``rmse_fitted``).
    """
    from olab.rl import require

    np = require("numpy", "olab tune")
    import olab

    missing = {"observation", "seat", "final", "progress", "heuristic", "game"} - set(positions)
    if missing:
        raise ValueError(f"the positions lack {', '.join(sorted(missing))}")
    n_obs = int(game.observation_tensor_shape()[0])
    obs_all = np.asarray(positions["observation"], dtype=np.float32).reshape(-1, n_obs)
    rows = obs_all.shape[0]
    if rows < 10:
        raise ValueError(f"{rows} positions are too few to fit an evaluation")
    keep = np.arange(rows) if rows <= max_rows else np.linspace(0, rows - 1, max_rows).round().astype(np.int64)
    obs = obs_all[keep]
    t = np.asarray(positions["progress"], dtype=np.float64)[keep]
    h = np.asarray(positions["heuristic"], dtype=np.float64)[keep]
    final = np.asarray(positions["final"], dtype=np.float64)[keep]
    games = np.asarray(positions["game"], dtype=np.int64)[keep]
    y = final - h
    # the entries that vary: the others get weight 0 (the constant and d
    # stand for what they would add)
    varying = np.flatnonzero(obs.std(axis=0) > 0)
    m = len(varying)

    def features(idx):
        x = obs[idx][:, varying].astype(np.float64)
        tt = t[idx][:, None]
        return np.hstack([x, x * tt, tt])

    def solve(idx, lam):
        # standardized ridge with an unpenalized constant: centre and scale
        # the features, solve (X'X + lam n I) w = X'y in chunks
        k = 2 * m + 1
        mean = np.zeros(k)
        sq = np.zeros(k)
        ybar = y[idx].mean()
        for lo in range(0, len(idx), 20000):
            f = features(idx[lo:lo + 20000])
            mean += f.sum(axis=0)
            sq += (f * f).sum(axis=0)
        mean /= len(idx)
        std = np.sqrt(np.maximum(sq / len(idx) - mean * mean, 0.0))
        std[std == 0] = 1.0
        xtx = np.zeros((k, k))
        xty = np.zeros(k)
        for lo in range(0, len(idx), 20000):
            part = idx[lo:lo + 20000]
            f = (features(part) - mean) / std
            xtx += f.T @ f
            xty += f.T @ (y[part] - ybar)
        xtx[np.diag_indices(k)] += lam * len(idx)
        w = np.linalg.solve(xtx, xty) / std
        const = ybar - mean @ w
        return w, const

    def predict(idx, w, const):
        out = np.empty(len(idx))
        for lo in range(0, len(idx), 20000):
            out[lo:lo + 20000] = features(idx[lo:lo + 20000]) @ w + const
        return out

    held = np.flatnonzero(games % validation_every == 0)
    train = np.flatnonzero(games % validation_every != 0)
    grid = [ridge] if ridge is not None else [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0]
    if len(held) == 0 or len(train) == 0:
        held = train = np.arange(len(y))
    best = None
    for lam in grid:
        w, const = solve(train, lam)
        err = float(np.sqrt(np.mean((predict(held, w, const) - y[held]) ** 2)))
        if best is None or err < best[1]:
            best = (lam, err)
    assert best is not None
    lam, err = best
    w, const = solve(np.arange(len(y)), lam)
    a = np.zeros(n_obs)
    b = np.zeros(n_obs)
    a[varying] = w[:m]
    b[varying] = w[m:2 * m]
    d = w[2 * m]
    info = olab.games()[game.name]
    fit_doc = {"rows": int(len(y)), "games": int(len(np.unique(games))), "ridge": lam,
               "held_out_rows": int(len(held)),
               "rmse_heuristic": round(float(np.sqrt(np.mean(y[held] ** 2))), 3),
               "rmse_fitted": round(err, 3), "varying_entries": int(m)}
    return Evaluation(game.name, game.config(), info.rules_version, n_obs,
                      tuple(_short(v) for v in a), tuple(_short(v) for v in b), _short(const), _short(d),
                      fit_doc, made_by)


def _short(x) -> float:
    # 7 significant digits: the file stays small, and a float read back from
    # its shortest decimal text is the same number on every machine
    return float(f"{float(x):.7g}")


def positions_from_shards(table) -> dict:
    """The positions :func:`fit` reads, from ``olab selfplay`` shards (schema 2).

    A shard row is one decision from its deciding seat's view, so these
    positions are only those where the seat is to move; ``olab tune`` records
    every seat at every decision instead (:func:`olab.tune.play_positions`).
    """
    from olab.rl import require

    np = require("numpy", "olab tune")
    missing = {"observation", "seat", "scores", "progress", "heuristic", "game"} - set(table.column_names)
    if missing:
        raise ValueError(f"the shards lack {', '.join(sorted(missing))}: shards of schema 2 "
                         "(olab selfplay of this version) are needed")
    rows = table.num_rows
    obs = table.column("observation").combine_chunks().flatten().to_numpy(zero_copy_only=False)
    seat = table.column("seat").to_numpy().astype(np.int64)
    scores = table.column("scores").to_pylist()
    return {"observation": obs.reshape(rows, -1), "seat": seat,
            "final": np.array([scores[i][seat[i]] for i in range(rows)]),
            "progress": table.column("progress").to_numpy(), "heuristic": table.column("heuristic").to_numpy(),
            "game": table.column("game").to_numpy()}
