"""Self-play training data in Parquet: ``olab selfplay`` and :func:`run_selfplay`.

Games are played by bots (MCTS by default) and every decision is written as
one row: the observation tensor of the seat that decides (its own view),
the legal actions (the 1s of its mask), the search's visit distribution
over them, the action played, and the final returns of the game.  The
games are cut into *shards* of ``shard_games`` consecutive games; shard
``k`` (games ``k * shard_games ...``) is the file ``shard-0000k.parquet``,
written at once when its games are done (to a temporary name, flushed to
the disk, then renamed, and the directory flushed too).  So:

- a run that is stopped loses at most the shards being played, and the
  same command started again plays only the shards that are missing (no
  game is lost, none is written twice);
- game ``i`` is dealt with seed ``seed + i`` and played by bots seeded from
  ``seed`` and ``i`` alone, so the same seed gives the same files, whatever
  the backend, the number of workers, or the interruptions (a game with
  hidden information is also dealt with a hidden seed keyed by the run's
  ``hidden_key``, :func:`olab.arena.deal`: the same seed and key give the
  same files);
- ``DIR/selfplay.json`` records the run (game, options, bots, budget, seed,
  games, shard size, and the hidden key of a game with hidden information); a run into a directory holding another one is refused,
  and so is a second run into a directory while one is writing there (the
  run holds a lock on the directory);
- on resume every shard present is verified before it is kept: its footer
  reads, it carries this run's manifest, its row count is the one its own
  record of the shard (``olab.shard`` in the metadata) gives, and its
  ``game`` column holds exactly the shard's games.  A shard that fails is
  renamed ``shard-0000k.parquet.corrupt`` and played again.

Schema of a shard (one row per decision, in game then move order):

=============== ========================= ==========================================
column          type                      what
=============== ========================= ==========================================
game            int64                     the game's index in the run
move            int32                     the decision's index in its game (0, 1, ...)
seat            int8                      the seat that decides
observation     fixed_size_list<float32>  ``state.observation_tensor(seat)``
legal_actions   list<int32>               the legal actions, ascending (the mask's 1s)
policy          list<float32>             the share of the search's visits per legal
                                          action (same order; a bot without a search,
                                          or a single legal action, gives 1 to the
                                          action played)
action          int32                     the action played
returns         list<float32>             the game's final ``returns()``, per seat
scores          list<float32>             the game's final ``scores()``, per seat, in points
progress        float32                   the share of the game played at the decision
                                          (:func:`olab.bots.progress` of the seat's view)
heuristic       float32                   the bots' heuristic value of the deciding seat's
                                          position in points (:func:`olab.bots.heuristic`
                                          of its view: what ``olab tune`` corrects)
=============== ========================= ==========================================

The file's metadata holds ``olab.selfplay`` (the manifest as JSON, with the
game's ``rules_version``, :attr:`olab.GameInfo.rules_version`) and
``olab.shard`` (the shard's number, its games and its row count).  A run is
resumed, and its shards read by :func:`read_games`, only under the rules
version it was played under (a manifest without one is of version 1).
"""
from __future__ import annotations

import json
import os
import random
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from olab.rl import require

__all__ = ["run_selfplay", "play_shard", "read_games", "SCHEMA_VERSION"]

#: the version of the shard schema (in the manifest); it changes when a column does
#: (2: scores, progress and heuristic added)
SCHEMA_VERSION = 2
MANIFEST = "selfplay.json"


def _bot_seed(seed: int, game: int, seat: int) -> int:
    return ((seed * 1_000_003 + game) * 8 + seat) % 2 ** 64


def _play_game(game, bot_names: Sequence[str], budget: dict, seed: int, index: int, hidden_key: bytes | None = None):
    # one game: the rows of its decisions and its returns.  A game with hidden
    # information is dealt with the run's hidden key (olab.arena.deal), and its
    # chance outcomes and views come from generators keyed by it
    from olab.arena import _chance_seed, deal
    from olab.bots import heuristic, make_bot, progress

    n = game.num_players()
    bots = [make_bot(bot_names[s], seed=_bot_seed(seed, index, s), **budget) for s in range(n)]
    rng = random.Random(_chance_seed(_bot_seed(seed, index, 7), hidden_key))
    views = rng if hidden_key is None else random.Random(_chance_seed(_bot_seed(seed, index, 7), hidden_key, salt=0x71E45))
    state = deal(game, (seed + index) % 2 ** 64, hidden_key)
    rows: list = []
    while not state.is_terminal():
        p = state.current_player()
        if p < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], weights=[w for _, w in outcomes])[0])
            continue
        legal = sorted(state.legal_actions())
        obs = state.observation_tensor(p)
        view = state.determinize(p, views.getrandbits(64))
        bot = bots[p]
        action = bot.choose(view)
        policy = [0.0] * len(legal)
        stats = bot.root_stats() if len(legal) > 1 and hasattr(bot, "root_stats") else None
        if stats:
            visits = {a: v for a, v, _ in stats}
            total = sum(visits.get(a, 0) for a in legal)
            policy = [visits.get(a, 0) / total for a in legal] if total else policy
        if not stats or not any(policy):
            policy[legal.index(action)] = 1.0
        rows.append((len(rows), p, obs, legal, policy, int(action), progress(view), heuristic(view, p)))
        state.apply_action(action)
    return rows, [float(r) for r in state.returns()], [float(x) for x in state.scores()]


def _seat_bots(game, bots: Sequence[str], budget: dict) -> list[str]:
    """One bot name per seat of ``game`` (one name stands for every seat), each checked by making it.

    Raises ``ValueError`` for a wrong count, an unknown name or a bad budget.
    """
    from olab.bots import make_bot

    n = game.num_players()
    names = list(bots) * n if len(bots) == 1 else list(bots)
    if len(names) != n:
        raise ValueError(f"bots: one name for every seat, or {n} (one per seat), not {len(names)}")
    for b in names:
        make_bot(b, **budget)                  # unknown names and bad budgets fail here
    return names


def play_shard(job: dict) -> dict:
    """Play the games of one shard; returns its columns (plain lists, for any backend)."""
    import olab

    game = olab.load(**job["config"])
    cols: dict[str, list] = {k: [] for k in ("game", "move", "seat", "observation", "legal_actions", "policy", "action", "returns",
                            "scores", "progress", "heuristic")}
    for index in range(job["first"], job["last"]):
        key = job.get("hidden_key")
        rows, returns, scores = _play_game(game, job["bots"], job["budget"], job["seed"], index,
                                   bytes.fromhex(key) if key else None)
        for move, seat, obs, legal, policy, action, clock, value in rows:
            cols["game"].append(index)
            cols["move"].append(move)
            cols["seat"].append(seat)
            cols["observation"].append(obs)
            cols["legal_actions"].append(legal)
            cols["policy"].append(policy)
            cols["action"].append(action)
            cols["returns"].append(returns)
            cols["scores"].append(scores)
            cols["progress"].append(clock)
            cols["heuristic"].append(value)
    # the observations as one float32 block (compact to send from a worker)
    np = require("numpy", "olab selfplay")
    size = int(game.observation_tensor_shape()[0])
    cols["observation"] = (np.stack(cols["observation"]).astype(np.float32, copy=False)
                           if cols["observation"] else np.zeros((0, size), dtype=np.float32))
    return {"shard": job["shard"], "columns": cols, "games": job["last"] - job["first"]}


def _schema(pa, obs_size: int, manifest: dict):
    return pa.schema([
        ("game", pa.int64()), ("move", pa.int32()), ("seat", pa.int8()),
        ("observation", pa.list_(pa.float32(), obs_size)),
        ("legal_actions", pa.list_(pa.int32())), ("policy", pa.list_(pa.float32())),
        ("action", pa.int32()), ("returns", pa.list_(pa.float32())),
        ("scores", pa.list_(pa.float32())), ("progress", pa.float32()), ("heuristic", pa.float32()),
    ], metadata={"olab.selfplay": json.dumps(manifest, sort_keys=True)})


def _shard_path(out: Path, k: int) -> Path:
    return out / f"shard-{k:05d}.parquet"


def _fsync_dir(path: Path) -> None:
    # a rename is durable once the directory holding it is flushed
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return                          # a platform without directory handles
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_durably(final: Path, write) -> None:
    # write to a temporary name, flush it to the disk, rename, flush the directory
    tmp = final.with_name(final.name + ".tmp")
    with open(tmp, "wb") as f:
        write(f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, final)
    _fsync_dir(final.parent)


def _write_shard(out: Path, result: dict, schema) -> None:
    pa = require("pyarrow", "olab selfplay")
    pq = require("pyarrow.parquet", "olab selfplay")
    cols = dict(result["columns"])
    obs = cols["observation"]
    cols["observation"] = pa.FixedSizeListArray.from_arrays(pa.array(obs.reshape(-1)), obs.shape[1])
    rows = len(cols["game"])
    meta = dict(schema.metadata or {})
    meta[b"olab.shard"] = json.dumps({"shard": result["shard"], "first": result.get("first"),
                                      "last": result.get("last"), "rows": rows}).encode()
    table = pa.table(cols, schema=schema.with_metadata(meta))
    _write_durably(_shard_path(out, result["shard"]), lambda f: pq.write_table(table, f, compression="zstd"))


def _shard_problem(path: Path, k: int, first: int, last: int, manifest: dict) -> str | None:
    # why the shard file at ``path`` is not shard k of this run, or None
    pq = require("pyarrow.parquet", "olab selfplay")
    try:
        pf = pq.ParquetFile(path)
        meta = pf.schema_arrow.metadata or {}
        rows = pf.metadata.num_rows
        if json.loads(meta.get(b"olab.selfplay", b"null")) != json.loads(json.dumps(manifest)):
            return "it holds another run's manifest"
        shard = json.loads(meta.get(b"olab.shard", b"null"))
        if not isinstance(shard, dict) or shard.get("shard") != k or shard.get("rows") != rows:
            return f"its row count ({rows}) is not the one recorded for shard {k} ({shard})"
        games = pf.read(columns=["game"]).column("game").to_pylist()
    except Exception as e:  # noqa: BLE001 - any unreadable file is a bad shard
        return f"it does not read ({type(e).__name__}: {e})"
    if len(games) != rows or sorted(set(games)) != list(range(first, last)):
        return f"it does not hold exactly games {first}..{last - 1}"
    return None


class _DirLock:
    # an exclusive lock on the directory itself for the run (two runs into one
    # directory wrote the same shards); released when the run ends
    def __init__(self, out: Path):
        self.out = out
        self.fd = None

    def __enter__(self):
        try:
            import fcntl
        except ImportError:         # no fcntl (Windows): no lock
            return self
        self.fd = os.open(self.out, os.O_RDONLY)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            self.fd = None
            raise ValueError(f"another olab selfplay is writing into {self.out}; "
                             "wait for it to end, or choose another directory") from None
        return self

    def __exit__(self, *exc):
        if self.fd is not None:
            os.close(self.fd)       # closing releases the lock
        return False


def run_selfplay(game: str, out: str | os.PathLike, games: int, bots: Sequence[str] = ("mcts",),
                 seed: int = 0, budget: dict | None = None, shard_games: int = 16,
                 backend: str = "local", workers: int = 1, address: str | None = None,
                 progress: Callable[[int, int], None] | None = None, hidden_key: bytes | None = None,
                 **options) -> dict:
    """Play ``games`` self-play games of ``game`` into Parquet shards in ``out`` (see the module doc).

    Parameters
    ----------
    game : str
        A registered game.
    out : str or os.PathLike
        The directory (made if missing); a run already there is continued.
    games : int
    bots : sequence of str
        One bot name for every seat, or one per seat.
    seed : int
    budget : dict, optional
        ``simulations=`` / ``time_ms=`` for the searching bots (use
        simulations for reproducible files: a time budget depends on the
        machine).
    shard_games : int
        Games per shard file.
    backend, workers, address
        Where the shards are played (:func:`olab.jobs.run_jobs`).
    progress : callable, optional
        Called with ``(games done, games)`` as shards are written.
    hidden_key : bytes, optional
        For a game with hidden information: the secret key of the hidden
        seeds (:func:`olab.arena.hidden_seed`).  By default the key of the run
        already in ``out``, or a fresh one; ``selfplay.json`` records it (the
        bots never read it), so the same seed and key give the same files.
    **options
        The game's options.

    Returns
    -------
    dict
        ``games`` (in the directory now), ``played`` (by this call),
        ``decisions`` (written by this call), ``seconds``, ``shards``, ``out``.
    """
    import olab
    from olab.arena import new_hidden_key

    from olab.jobs import check_backend as _check, run_jobs

    pa = require("pyarrow", "olab selfplay")
    require("pyarrow.parquet", "olab selfplay")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be an int >= 1, not {games!r}")
    if isinstance(shard_games, bool) or not isinstance(shard_games, int) or shard_games < 1:
        raise ValueError(f"shard_games must be an int >= 1, not {shard_games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed or seed + games > 2 ** 64:
        raise ValueError(f"seed must be an int with seed + games in 0..2**64, not {seed!r}")
    _check(backend, workers, address)
    budget = dict(budget or {})
    g = olab.load(game, **options)
    bots = _seat_bots(g, bots, budget)
    config = g.config()
    manifest = {"version": SCHEMA_VERSION, "config": config, "rules_version": olab.games()[g.name].rules_version,
                "bots": bots, "budget": budget,
                "seed": seed, "games": games, "shard_games": shard_games,
                "observation_size": int(g.observation_tensor_shape()[0])}
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ValueError(f"cannot use {out} as the shards' directory: {e.strerror or e}") from None
    if not out.is_dir():
        raise ValueError(f"cannot use {out} as the shards' directory: it is not a directory")
    with _DirLock(out):
        return _run(out, manifest, config, bots, budget, seed, games, shard_games, backend, workers, address,
                    progress, pa, olab.games()[g.name].hidden_information, hidden_key)


def _run(out, manifest, config, bots, budget, seed, games, shard_games, backend, workers, address, progress, pa,
         hidden: bool = False, hidden_key: bytes | None = None):
    from olab.arena import new_hidden_key

    from olab.jobs import run_jobs

    mpath = out / MANIFEST
    old = None
    if mpath.exists():
        try:
            old = json.loads(mpath.read_text())
        except (OSError, ValueError) as e:
            raise ValueError(f"{mpath} is not a self-play manifest: {e}") from None
    if hidden:
        if hidden_key is None:
            known = old.get("hidden_key") if isinstance(old, dict) else None
            manifest["hidden_key"] = known if isinstance(known, str) else new_hidden_key().hex()
        elif not isinstance(hidden_key, (bytes, bytearray)) or not 1 <= len(hidden_key) <= 64:
            raise ValueError("hidden_key must be 1 to 64 bytes")
        else:
            manifest["hidden_key"] = bytes(hidden_key).hex()
    if old is not None:
        if old != manifest:
            diff = sorted(k for k in set(old) | set(manifest) if old.get(k) != manifest.get(k))
            raise ValueError(f"{out} holds another self-play run (it differs in {', '.join(diff)}); "
                             "choose another directory")
    else:
        text = (json.dumps(manifest, indent=1, sort_keys=True) + "\n").encode()
        _write_durably(mpath, lambda f: f.write(text))
    for stray in out.glob("shard-*.parquet.tmp"):
        stray.unlink()                         # a shard being written when the last run stopped
    schema = _schema(pa, manifest["observation_size"], manifest)
    shards = (games + shard_games - 1) // shard_games
    todo = []
    for k in range(shards):
        path = _shard_path(out, k)
        if not path.exists():
            todo.append(k)
            continue
        first, last = k * shard_games, min(games, (k + 1) * shard_games)
        problem = _shard_problem(path, k, first, last, manifest)
        if problem:                            # kept aside, and played again
            os.replace(path, path.with_name(path.name + ".corrupt"))
            _fsync_dir(out)
            todo.append(k)
    done_games = sum(min(shard_games, games - k * shard_games) for k in range(shards) if k not in todo)
    jobs = [{"config": config, "bots": bots, "budget": budget, "seed": seed, "shard": k,
             "hidden_key": manifest.get("hidden_key"),
             "first": k * shard_games, "last": min(games, (k + 1) * shard_games)} for k in todo]
    played = decisions = 0
    start = time.perf_counter()
    if progress:
        progress(done_games, games)
    for i, result in run_jobs(play_shard, jobs, backend=backend, workers=workers, address=address):
        result = {**result, "first": jobs[i]["first"], "last": jobs[i]["last"]}
        _write_shard(out, result, schema)
        played += result["games"]
        decisions += len(result["columns"]["game"])
        if progress:
            progress(done_games + played, games)
    return {"games": done_games + played, "played": played, "decisions": decisions,
            "seconds": time.perf_counter() - start, "shards": shards, "out": str(out)}


def read_games(out: str | os.PathLike):
    """Every shard of a run as one ``pyarrow.Table``, in game order."""
    pq = require("pyarrow.parquet", "olab.rl.selfplay.read_games")
    pa = require("pyarrow", "olab.rl.selfplay.read_games")
    # in shard order: by number, not as text (shard-100000 sorts before shard-99999 as text)
    files = sorted((f for f in Path(out).glob("shard-*.parquet") if re.fullmatch(r"shard-\d+\.parquet", f.name)),
                   key=lambda f: int(f.name[6:-8]))
    if not files:
        raise FileNotFoundError(f"no self-play shards in {out}")
    for f in files:
        _check_rules_version(f, pq.ParquetFile(f).schema_arrow.metadata or {})
    return pa.concat_tables([pq.read_table(f) for f in files])


def _check_rules_version(path, meta: dict) -> None:
    # a shard played under other rules than the game's now is refused: its
    # positions and returns may not be what these rules make of its actions
    import olab

    if b"olab.selfplay" not in meta:
        return                  # a table written by other means: it names no game and no rules
    try:
        manifest = json.loads(meta[b"olab.selfplay"])
        name = manifest["config"]["game"]
    except (ValueError, TypeError, KeyError):
        raise ValueError(f"{path} has a broken olab.selfplay manifest") from None
    info = olab.games().get(name)
    if info is None:
        raise ValueError(f"{path} is a shard of {name!r}, which this olab does not know")
    played = manifest.get("rules_version", 1)
    if played != info.rules_version:
        raise ValueError(f"{path} was played under {name} rules version {played}; this olab plays version "
                         f"{info.rules_version}")
