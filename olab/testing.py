"""The conformance suite every olab game must pass: :func:`check_game`.

Like PettingZoo's ``api_test`` or OpenSpiel's random simulation tests, it
plays seeded random games (chance outcomes drawn with their probabilities)
and checks the contract of :mod:`olab.contract` at every step:

- ``current_player()`` is a seat, ``CHANCE`` or ``TERMINAL``, and agrees with
  ``is_terminal()`` / ``is_chance_node()``; legal actions are distinct ids in
  range, agree with ``is_legal`` and ``legal_actions_mask``;
- every legal action applies; an illegal one (ids not listed, ids out of
  range, non-integers) raises and leaves the state byte-identical;
- ``clone()`` equals the original and is independent of it; ``undo_action()``
  restores the bytes and the hash; equal states hash equal;
- ``serialize()`` / ``deserialize_state`` and ``state_from_json(to_json())``
  give back the same position; pickling too; every component total of the
  position (``game.component_totals``: coins, tiles, a barn's spaces) is
  within the game's limit, and the same after the round trip;
- chance outcomes are legal, distinct, and their probabilities sum to 1;
- a seat's views (``to_json(p)``, ``observation_string(p)``,
  ``information_state_string(p)``) and, when it decides, its legal actions
  are the same in a determinization for that seat (a state that differs only
  in what it cannot see); the spectator's ``public_json()`` (``view`` null)
  is the same in a determinization for every seat (it shows nothing any
  seat cannot see);
- every legal action's text reads back to the action;
- observation tensors: ``game.observation_tensor_shape()`` and the
  ``observation_layout()`` agree, every seat's ``observation_tensor`` is
  float32 of that shape, keeps the layout's bounds, is the same when asked
  twice, into a caller's buffer, of a clone and of a determinization for
  that seat (what it cannot see is not in it); ``legal_actions_mask`` into
  NumPy buffers marks the legal actions; bad buffers and seats are
  ``ValueError`` (a game without tensors fails here);
- the game ends; at the end nobody decides, ``scores()`` equals the
  breakdown totals and ``returns()`` follows from the scores (or, in a game
  whose ``State`` has ``winners()`` for a tie-break, from its winners, who
  must have the best score), and every view's ``truncated`` is
  ``is_truncated()``;
- every record format the game writes (``GameInfo.export_formats``) reads
  back (``replay_formats``) to the same final position, scores and text;
- the same seed and the same actions give the same game;
- perft in C equals a perft through the Python API;
- every method that takes a seat refuses what is not one with ``ValueError``.

An exception the game raises inside a check is reported as a failure of
that check (and the game being played is abandoned), not raised through
:func:`check_game`.

:func:`check_seed_recovery` plays the seat that tries to learn the future
of a game with hidden information (``GameInfo.hidden_information``): it
tries every small seed against its view and the public history, and fails
if one of them predicts the draws to come.

:func:`check_outcome` holds every surface that says who won to one decision
(``State.outcome()``) on finished games, tied ones above all: ``returns()``,
``winners()``, the batch statistics of :func:`olab.search.random_playouts`,
the rewards of :class:`olab.rl.VectorEnv`, the PettingZoo env's rewards and
the ``olab engine`` protocol's ``scores``.

>>> import olab
>>> from olab.testing import check_game
>>> report = check_game(olab.load("ora_et_labora", players=2), games=1, seed=3)
>>> report.games, report.failures
(1, [])
"""
from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from typing import Any, cast

from olab.contract import CHANCE, TERMINAL, GameProtocol, StateProtocol
from olab.errors import IllegalActionError, OlabError, StateFormatError

__all__ = ["check_game", "check_search", "check_evaluation", "check_greedy_seats", "check_outcome", "OutcomeReport", "check_snapshot_scan", "SnapshotScan", "ConformanceReport", "ConformanceError",
           "check_seed_recovery", "SeedRecoveryReport",
           "python_perft", "conformance_configs", "PerftCase", "read_perft_file", "perft_file_lines"]


class ConformanceError(AssertionError):
    """A game broke its contract; the message says where (game, seed, move) and how."""


@dataclass
class ConformanceReport:
    """What :func:`check_game` looked at.

    Attributes
    ----------
    config : dict
        The game's configuration.
    games, actions, chance_nodes : int
        Games played, actions applied (chance outcomes included), chance nodes met.
    checks : dict
        How many times each check ran.
    failures : list of str
        Empty when the game conforms (with ``raise_on_failure=False`` the
        failures are collected here instead of raised).
    """

    config: dict
    games: int = 0
    actions: int = 0
    chance_nodes: int = 0
    checks: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)

    def count(self, name: str) -> None:
        """Count one more pass of the check ``name``."""
        self.checks[name] = self.checks.get(name, 0) + 1


def python_perft(state, depth: int) -> int:
    """Perft through the public API only (legal_actions / apply_action / undo_action)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for a in state.legal_actions():
        state.apply_action(a)
        total += python_perft(state, depth - 1)
        state.undo_action()
    return total


#: the line of a perft file that says the rules version its counts were made under
PERFT_RULES_VERSION = "# rules_version:"


@dataclass(frozen=True)
class PerftCase:
    """One line of a perft file: a position and the leaves of its decision tree ``depth`` decisions below.

    Attributes
    ----------
    config : dict
        The arguments of :func:`olab.load`, ``game`` included.
    seed : int
        The deal.
    prefix : tuple of str
        The actions played from the deal, in the game's notation.
    depth, count : int
        The depth and the number of leaves there.
    line : int
        The line of the file (for test ids).
    """

    config: dict
    seed: int
    prefix: tuple
    depth: int
    count: int
    line: int

    def position(self):
        """The position: the game dealt with ``seed``, then ``prefix`` played."""
        from olab.registry import load

        state = load(**self.config).new_initial_state(self.seed)
        for text in self.prefix:
            state.apply_action(state.string_to_action(text))
        return state

    @property
    def id(self) -> str:
        """A short name for a test id (the option values, the seed, the depth and the line)."""
        values = "-".join(str(v) for k, v in self.config.items() if k != "game")
        return f"{values}-s{self.seed}-d{self.depth}-line{self.line}"


def read_perft_file(path, options) -> list[PerftCase]:
    """The cases of a perft file, as :func:`perft_file_lines` writes them.

    A line is ``<game> <option values> | <seed> | <prefix> | <depth> | <leaves>``,
    the prefix being the actions' texts joined by ``;``; blank lines and lines
    that start with ``#`` are skipped, but for ``# rules_version: N``, the
    rules version (:attr:`olab.GameInfo.rules_version`) the counts were made
    under: a file of another version than the game plays now, or that names
    none, is refused (``ValueError``), so that a change of the rules never
    silently changes what a perft file is taken to mean.

    Parameters
    ----------
    path : str
        The file (a ``pathlib.Path`` too).
    options : list
        ``(option, reader)`` pairs: the options whose values follow the
        game's name, in order, each with the function that reads its text
        (``int``, ``str``...).
    """
    from olab.registry import game_info

    cases = []
    version = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith(PERFT_RULES_VERSION):
                version = int(line[len(PERFT_RULES_VERSION):])
                continue
            if not line.strip() or line.startswith("#"):
                continue
            config, seed, prefix, depth, count = (x.strip() for x in line.split("|"))
            name, *values = config.split()
            if len(values) != len(options):
                raise ValueError(f"{path}:{n}: {len(values)} option values for {len(options)} options")
            conf = {"game": name, **{k: read(v) for (k, read), v in zip(options, values)}}
            cases.append(PerftCase(conf, int(seed), tuple(x for x in prefix.split(";") if x),
                                   int(depth), int(count), n))
    for name in sorted({c.config["game"] for c in cases}):
        plays = game_info(name).rules_version
        if version != plays:
            said = "names no rules version" if version is None else f"was made under rules version {version}"
            raise ValueError(f"{path}: the file {said}; {name} plays rules version {plays} "
                             f"(regenerate it, saying why, if the counts are meant to change)")
    return cases


def perft_file_lines(game: str, configs, options, plies=(0, 40, 150, 100000), back: int = 6,
                     limit: int = 1_000_000, max_depth: int = 8):
    """The lines of a perft file (header first): for each configuration, four positions of seeded random games.

    For seeds 1.. (one per entry of ``plies``) a random game is played that
    many actions in, or to ``back`` actions before its end (chance outcomes
    drawn with their probabilities), and the position is counted at the
    deepest depth up to ``max_depth`` whose count stays within ``limit``.

    Parameters
    ----------
    game : str
        The registry name.
    configs : list
        The options of each configuration, a dict each.
    options : list
        The names of the options written after the game's name, in order.
    """
    from olab.registry import load
    from olab.search import perft

    from olab.registry import game_info

    yield f"# config ({' '.join(options)}) | seed | prefix (notation, ';' between actions) | depth | leaves"
    yield f"{PERFT_RULES_VERSION} {game_info(game).rules_version}"
    for conf in configs:
        g = load(game, **conf)
        for seed, n in enumerate(plies, 1):
            state = g.new_initial_state(seed)
            rng = random.Random(seed)
            prefix: list[str] = []
            while not state.is_terminal() and len(prefix) < n:
                if state.is_chance_node():
                    acts, probs = zip(*state.chance_outcomes())
                    a = rng.choices(acts, probs)[0]
                else:
                    a = rng.choice(state.legal_actions())
                prefix.append(state.action_to_string(a))
                state.apply_action(a)
            if state.is_terminal():
                for _ in range(back):
                    state.undo_action()
                    prefix.pop()
            depth = 1
            while depth < max_depth and 0 < perft(state, depth + 1) <= limit:
                depth += 1
            values = " ".join(str(conf[k]) for k in options)
            yield f"{game} {values} | {seed} | {';'.join(prefix)} | {depth} | {perft(state, depth)}"


def conformance_configs(name: str) -> list[dict]:
    """The configurations the test suite checks for a registered game (its ``test_configs``)."""
    from olab.registry import game_info

    info = game_info(name)
    return [dict(c) for c in info.test_configs] or [{}]


class _Checker:
    def __init__(self, game, report: ConformanceReport, every: int, raise_on_failure: bool):
        self.game = game
        self.report = report
        self.every = every
        self.raise_on_failure = raise_on_failure
        self.where = ""

    def fail(self, message: str) -> None:
        text = f"{self.game.config()} {self.where}: {message}"
        if self.raise_on_failure:
            raise ConformanceError(text)
        self.report.failures.append(text)

    def ok(self, name: str, condition: bool, message: str) -> None:
        self.report.count(name)
        if not condition:
            self.fail(f"{name}: {message}")

    def guard(self, name: str, check, *args) -> bool:
        """Run one check; an exception the game raises inside it is a failure of that check.

        Returns False when the check raised (the state may then be broken:
        the game being played is abandoned).  Issue 27: a game whose
        ``undo_action`` did nothing made ``check_game`` raise the game's own
        ``IllegalActionError`` instead of reporting that undo is broken.
        """
        try:
            check(*args)
        except ConformanceError:
            raise
        except Exception as e:  # noqa: BLE001 - any error of the game's breaks the check
            self.fail(f"{name}: the game raised {type(e).__name__}: {e}")
            return False
        return True

    def seats(self, state) -> None:
        # every method that takes a seat refuses what is not one, with ValueError
        # (issue 27: score_breakdown(True) gave seat 0, score_breakdown("0") a TypeError)
        n = self.game.num_players()
        calls = {"score_breakdown": state.score_breakdown, "to_json": state.to_json, "render": state.render,
                 "observation_string": state.observation_string,
                 "information_state_string": state.information_state_string,
                 "observation_tensor": state.observation_tensor, "determinize": state.determinize,
                 "visible_history": state.visible_history}
        for name, call in calls.items():
            for bad in (True, "0", 1.0, -1, n):
                try:
                    call(bad)
                except ValueError:
                    self.report.count("seats")
                except Exception as e:  # noqa: BLE001
                    self.fail(f"seats: {name}({bad!r}) raised {type(e).__name__}, not ValueError: {e}")
                else:
                    self.fail(f"seats: {name}({bad!r}) was accepted: {bad!r} is no seat")

    # ------------------------------------------------------------------ checks
    def whose_turn(self, state) -> None:
        p = state.current_player()
        n = self.game.num_players()
        self.ok("current_player", p in (CHANCE, TERMINAL) or 0 <= p < n,
                f"current_player() is {p}, not a seat, CHANCE or TERMINAL")
        self.ok("current_player", (p == TERMINAL) == state.is_terminal(), "is_terminal() disagrees")
        self.ok("current_player", (p == CHANCE) == state.is_chance_node(), "is_chance_node() disagrees")
        self.ok("current_player", not state.is_truncated() or state.is_terminal(),
                "is_truncated() before the end")

    def legal(self, state, rng) -> list[int]:
        legal = state.legal_actions()
        n = self.game.num_distinct_actions()
        self.ok("legal_actions", all(isinstance(a, int) and 0 <= a < n for a in legal),
                f"an action id out of range 0..{n - 1}")
        self.ok("legal_actions", len(set(legal)) == len(legal), "an action is listed twice")
        self.ok("legal_actions", bool(legal) != state.is_terminal(),
                "no legal action before the end" if not legal else "legal actions after the end")
        mask = state.legal_actions_mask()
        self.ok("legal_actions_mask", len(mask) == n and [i for i in range(n) if mask[i]] == sorted(legal),
                "the mask does not mark exactly the legal actions")
        for a in legal[:8] + rng.sample(legal, min(4, len(legal))):
            self.ok("is_legal", state.is_legal(a), f"is_legal({a}) is False for a listed action")
        return legal

    def illegal(self, state, legal: list[int], rng) -> None:
        n = self.game.num_distinct_actions()
        before = state._raw()
        listed = set(legal)
        candidates = [-1, n, n + 1000, 2 ** 40]
        for _ in range(6):
            a = rng.randrange(n)
            if a not in listed:
                candidates.append(a)
        for a in candidates:
            self.ok("is_legal", not state.is_legal(a), f"is_legal({a}) is True for an unlisted action")
            try:
                state.apply_action(a)
            except IllegalActionError as e:
                self.ok("illegal_action", e.action == a or a < 0 or a >= n,
                        f"IllegalActionError names action {e.action}, not {a}")
            except Exception as e:  # noqa: BLE001 - any other error breaks the contract
                self.fail(f"illegal_action: apply_action({a}) raised {type(e).__name__}: {e}")
            else:
                self.fail(f"illegal_action: apply_action({a}) of an unlisted action was accepted")
                state.undo_action()
            self.ok("illegal_action", state._raw() == before, f"apply_action({a}) changed the state")
        for bad in (True, 1.0, "1", None):
            try:
                state.apply_action(bad)
            except (TypeError, IllegalActionError):
                pass
            except Exception as e:  # noqa: BLE001
                self.fail(f"illegal_action: apply_action({bad!r}) raised {type(e).__name__}")
            else:
                self.fail(f"illegal_action: apply_action({bad!r}) was accepted")
                state.undo_action()
            self.ok("illegal_action", state._raw() == before, f"apply_action({bad!r}) changed the state")

    def chance(self, state) -> None:
        outcomes = state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        total = sum(p for _, p in outcomes)
        self.ok("chance_outcomes", abs(total - 1.0) < 1e-9, f"probabilities sum to {total}")
        self.ok("chance_outcomes", all(p > 0 for _, p in outcomes), "an outcome of probability 0")
        self.ok("chance_outcomes", sorted(actions) == sorted(state.legal_actions()),
                "the outcomes are not the legal actions")
        self.report.chance_nodes += 1

    def copies(self, state, legal: list[int], rng) -> None:
        c = state.clone()
        self.ok("clone", c == state and hash(c) == hash(state) and c.state_hash() == state.state_hash(),
                "a clone differs from the original")
        self.ok("clone", c.history() == state.history(), "a clone has another history")
        if legal:
            before = state._raw()
            c.apply_action(rng.choice(legal))
            self.ok("clone", state._raw() == before, "playing on a clone changed the original")

    def undo(self, state, a: int, before: bytes, before_hash: int) -> None:
        state.undo_action()
        self.ok("undo", state._raw() == before and state.state_hash() == before_hash,
                f"undo of {a} did not restore the bytes and the hash")
        state.apply_action(a)

    def text(self, state, legal: list[int]) -> None:
        for a in legal:
            try:
                t = state.action_to_string(a)
                back = state.string_to_action(t)
            except Exception as e:  # noqa: BLE001
                self.fail(f"notation: action {a}: {type(e).__name__}: {e}")
                return
            self.ok("notation", back == a, f"{a} is written {t!r}, which reads back as {back}")

    def round_trips(self, state) -> None:
        game = self.game
        data = state.serialize()
        back = game.deserialize_state(data)
        self.ok("serialize", back == state and back.history() == state.history(),
                "deserialize_state(serialize()) differs")
        doc = state.to_json()
        back = game.state_from_json(doc)
        self.ok("state_from_json", back == state, "state_from_json(to_json()) differs")
        # the box's limits (issue 24.6): play never exceeds them, and the document read back
        # has the same totals
        totals = game.component_totals(doc)
        for path, count, limit in totals:
            self.ok("component_totals", count <= limit, f"{path}: {count} in play, the game has {limit}")
        self.ok("component_totals", game.component_totals(back.to_json()) == totals if totals else True,
                "the totals of state_from_json(to_json()) differ")
        back = pickle.loads(pickle.dumps(state))
        self.ok("pickle", back == state and back.history() == state.history(), "a pickled state differs")

    def views(self, state, seed: int) -> None:
        # a determinization for seat p differs only in what p cannot see
        public = state.public_json(legal_actions=False)
        self.ok("public view", public.get("view", "missing") is None,
                f"public_json()['view'] is {public.get('view', 'missing')!r}, not None")
        for p in range(self.game.num_players()):
            other = state.determinize(p, seed + p)
            # a spectator sees no more than any seat: the public view of a
            # determinization for any seat is the same (issue 23)
            self.ok("public view", other.public_json(legal_actions=False) == public,
                    f"public_json() differs in a determinization for seat {p}: it shows what seat {p} cannot see")
            self.ok("information", other.to_json(p, legal_actions=False) == state.to_json(p, legal_actions=False),
                    f"to_json({p}) of a determinization for seat {p} differs")
            self.ok("information", other.observation_string(p) == state.observation_string(p),
                    f"observation_string({p}) differs in a determinization for seat {p}")
            self.ok("information", other.information_state_string(p) == state.information_state_string(p),
                    f"information_state_string({p}) differs in a determinization for seat {p}")
            if state.current_player() == p:
                self.ok("information", other.legal_actions() == state.legal_actions(),
                        f"seat {p}'s legal actions differ in its determinization")
            # a seat's save (the protocol's save with a player) is its determinization's snapshot
            try:
                back = self.game.deserialize_state(other.serialize())
                problem = None if back == other else "it loads as another position"
            except StateFormatError as e:
                problem = str(e)
            self.ok("information", problem is None,
                    f"a determinization for seat {p} does not load back from its snapshot: {problem}")

    def tensors(self, state, seed: int) -> None:
        # the observation tensor of every seat (issue 13): shape, dtype,
        # layout bounds, determinism, buffers, and nothing a seat cannot see
        try:
            import numpy as np
        except ImportError:
            self.fail("tensor: the conformance suite needs NumPy to check observation tensors")
            return
        game = self.game
        try:
            shape = tuple(game.observation_tensor_shape())
            layout = game.observation_layout()
        except (AttributeError, NotImplementedError) as e:
            self.fail(f"tensor: the game has no observation tensor ({type(e).__name__}: {e})")
            return
        size = int(np.prod(shape))
        self.ok("tensor", layout.size == size, f"the layout has {layout.size} floats, the shape {shape}")
        for p in range(game.num_players()):
            try:
                t = state.observation_tensor(p)
            except NotImplementedError as e:
                self.fail(f"tensor: {e}")
                return
            self.ok("tensor", isinstance(t, np.ndarray) and t.dtype == np.float32 and t.shape == shape,
                    f"observation_tensor({p}) is {type(t).__name__} {getattr(t, 'dtype', '')} "
                    f"{getattr(t, 'shape', '')}, not float32 {shape}")
            problems = layout.check(t.reshape(-1))
            self.ok("tensor", not problems, f"observation_tensor({p}) breaks its layout: {problems[:3]}")
            buf = np.full(shape, np.nan, dtype=np.float32)
            back = state.observation_tensor(p, out=buf)
            self.ok("tensor", back is buf and np.array_equal(buf, t), f"observation_tensor({p}, out=) differs")
            self.ok("tensor", np.array_equal(state.observation_tensor(p), t),
                    f"observation_tensor({p}) changes when asked again")
            self.ok("tensor", np.array_equal(state.clone().observation_tensor(p), t),
                    f"a clone's observation_tensor({p}) differs")
            other = state.determinize(p, seed + 7 * p + 1)
            self.ok("information", np.array_equal(other.observation_tensor(p), t),
                    f"observation_tensor({p}) differs in a determinization for seat {p}: "
                    "the tensor shows what the seat cannot see")
        legal = sorted(state.legal_actions())
        n = game.num_distinct_actions()
        for dtype in (np.uint8, np.bool_, np.float32):
            mask = np.full(n, 7 if dtype is np.uint8 else 1, dtype=dtype)
            state.legal_actions_mask(out=mask)
            self.ok("tensor", np.flatnonzero(mask).tolist() == legal,
                    f"legal_actions_mask(out=<{np.dtype(dtype).name}>) does not mark exactly the legal actions")
        for bad in (np.zeros(shape, dtype=np.float64), np.zeros(size + 1, dtype=np.float32),
                    np.zeros(size * 2, dtype=np.float32)[::2]):
            try:
                state.observation_tensor(0, out=bad)
            except ValueError:
                self.report.count("tensor")
            except Exception as e:  # noqa: BLE001
                self.fail(f"tensor: a bad buffer raised {type(e).__name__}, not ValueError")
            else:
                self.fail(f"tensor: a bad buffer ({bad.dtype}, {bad.shape}) was accepted")
        for bad_seat in (-1, game.num_players()):
            try:
                state.observation_tensor(bad_seat)
            except ValueError:
                self.report.count("tensor")
            else:
                self.fail(f"tensor: observation_tensor({bad_seat}) of no seat was accepted")

    def end(self, state) -> None:
        self.ok("end", state.current_player() == TERMINAL and not state.legal_actions(),
                "a finished game still has a player or legal actions")
        # a game stopped by an engine cap says so in every view (issue 15)
        for p in (None, *range(self.game.num_players())):
            doc = state.to_json(p, legal_actions=False)
            self.ok("truncated", doc.get("truncated") == state.is_truncated(),
                    f"to_json({p})['truncated'] is {doc.get('truncated')!r}, is_truncated() {state.is_truncated()}")
        scores = state.scores()
        self.ok("end", len(scores) == self.game.num_players(), "scores() does not give every seat")
        for p in range(self.game.num_players()):
            b = state.score_breakdown(p)
            self.ok("score_breakdown", b["total"] == scores[p],
                    f"seat {p}: breakdown total {b['total']} != score {scores[p]}")
            parts = sum(b[key]["total"] for key, _label in self.game.score_categories())
            self.ok("score_breakdown", parts == b["total"], f"seat {p}: the categories add up to {parts}")
        r = state.returns()
        if self.game.num_players() > 1:
            best = max(scores)
            # the winners (State.winners(), after the game's tie-breaks) must have the best score
            winners = set(state.winners())
            self.ok("returns", bool(winners) and all(scores[w] == best for w in winners),
                    f"winners {sorted(winners)} do not have the best score of {scores}")
            self.ok("returns", abs(sum(r) - 1.0) < 1e-9 and all((x > 0) == (s in winners) for s, x in enumerate(r)),
                    f"returns {r} do not follow from scores {scores}")


    def records(self, state) -> None:
        # every record olab writes must replay to the same final state (issue 25)
        from olab.registry import games

        info = games().get(self.game.config().get("game"))
        if info is None:
            return
        options = {k: v for k, v in self.game.config().items() if k != "game"}
        for fmt, write in info.export_formats.items():
            reader = info.replay_formats.get(fmt)
            if reader is None:
                self.fail(f"records: {fmt} is written but no replay format reads it")
                continue
            try:
                text = write(state)
                result = reader(text, **options)
            except Exception as e:  # noqa: BLE001 - any error is a failure to report
                self.fail(f"records: {fmt}: {type(e).__name__}: {e}")
                continue
            if result.error is not None or result.state != state:
                self.fail(f"records: the {fmt} record does not replay to the same state: "
                          f"{result.moves_applied} of {result.moves_total} moves, {result.error}")
            elif result.state.scores() != state.scores() or write(result.state) != text:
                self.fail(f"records: the {fmt} record replays to other scores or another text")


def check_game(game, games: int = 10, seed: int = 0, max_actions: int = 20000, every: int = 25,
               perft_depth: int = 2, raise_on_failure: bool = True) -> ConformanceReport:
    """Check that ``game`` keeps the olab contract over ``games`` random games.

    Parameters
    ----------
    game : olab.contract.GameProtocol
        Any registered game (``olab.load(...)``).
    games : int
        Random games to play; game ``i`` is dealt with seed ``seed + i``.
    seed : int
        Also seeds the random actions and chance draws.
    max_actions : int
        A game that has not ended after this many actions fails.
    every : int
        The costly checks (serialize, JSON, pickle, notation of every legal
        action, views, copies) run every ``every`` actions, and at the first
        and last position.
    perft_depth : int
        Depth of the C-versus-Python perft comparison at a few positions.
    raise_on_failure : bool
        Raise :class:`ConformanceError` at the first failure (default), or
        collect the failures in the report.

    Returns
    -------
    ConformanceReport
    """
    if not isinstance(game, GameProtocol):
        raise TypeError(f"{type(game).__name__} does not satisfy olab.contract.GameProtocol")
    report = ConformanceReport(config=game.config())
    ck = _Checker(game, report, every, raise_on_failure)
    from olab.search import perft

    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = game.new_initial_state(seed + g)
        ck.where = f"game seed {seed + g}, start"
        ck.ok("contract", isinstance(state, StateProtocol), "the state does not satisfy StateProtocol")
        ck.ok("determinism", game.new_initial_state(seed + g) == state, "the same seed gave another first position")
        ck.guard("seats", ck.seats, state)
        played: list[int] = []
        perft_at = {0, rng.randrange(1, 200)}
        broken = False
        while True:
            move = len(played)
            ck.where = f"game seed {seed + g}, move {move}"
            if not ck.guard("current_player", ck.whose_turn, state):
                broken = True
                break
            got = []
            if not ck.guard("legal_actions", lambda: got.append(ck.legal(state, rng))):
                broken = True
                break
            legal = got[0]
            costly = move % every == 0 or state.is_terminal()
            if costly:
                checks = (("serialize", ck.round_trips, state), ("information", ck.views, state, seed + move),
                          ("tensor", ck.tensors, state, seed + move), ("clone", ck.copies, state, legal, rng),
                          ("notation", ck.text, state, legal))
                if not all([ck.guard(name, fn, *args) for name, fn, *args in checks]):
                    broken = True
                    break
            if move in perft_at and not state.is_terminal():
                def compare():
                    fast = perft(state, perft_depth)
                    try:
                        slow = python_perft(state.clone(), perft_depth)
                    except Exception:
                        # the Python perft walks by apply and undo: say which is broken
                        c = state.clone()
                        b = c._raw()
                        c.apply_action(legal[0])
                        c.undo_action()
                        ck.ok("undo", c._raw() == b, f"undo of {legal[0]} did not restore the position")
                        raise
                    ck.ok("perft", fast == slow, f"C perft {fast} != Python perft {slow} at depth {perft_depth}")
                if not ck.guard("perft", compare):
                    broken = True
                    break
            if state.is_terminal():
                break
            if (costly or rng.random() < 0.05) and not ck.guard("illegal_action", ck.illegal, state, legal, rng):
                broken = True
                break
            if state.is_chance_node():
                if not ck.guard("chance_outcomes", ck.chance, state):
                    broken = True
                    break
                outcomes = state.chance_outcomes()
                a = rng.choices([x for x, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                a = rng.choice(legal)
            before, before_hash = cast(Any, state)._raw(), state.state_hash()
            if not ck.guard("apply_action", state.apply_action, a):
                broken = True
                break
            played.append(a)
            if (costly or rng.random() < 0.1) and not ck.guard("undo", ck.undo, state, a, before, before_hash):
                broken = True
                break
            if len(played) > max_actions:
                ck.fail(f"end: the game has not ended after {max_actions} actions")
                break
        if broken:                        # reported; the next game starts afresh
            report.games += 1
            report.actions += len(played)
            continue
        if not ck.guard("end", ck.end, state):
            report.games += 1
            continue
        ck.guard("records", ck.records, state)
        ck.ok("history", state.history() == played, "history() is not the actions applied")

        def replay():
            again = game.new_initial_state(seed + g)
            for a in played:
                again.apply_action(a)
            ck.ok("determinism", again == state, "the same seed and actions gave another game")
        ck.guard("determinism", replay)
        report.games += 1
        report.actions += len(played)
    if report.failures or not played:
        return report

    def undo_at_the_end():
        state.undo_action()
        state.apply_action(played[-1])
    ck.where = "the last game's end"
    ck.guard("undo", undo_at_the_end)
    return report


# ----------------------------------------------------------------------------
# One rule for who won (issue 24.3): every surface reads State.outcome()

@dataclass
class OutcomeReport:
    """What :func:`check_outcome` looked at.

    Attributes
    ----------
    config : dict
        The game's configuration.
    positions, tied : int
        Finished positions checked, and how many of them had a tie for the best score.
    tiebreaks : int
        Tied positions that a tie-break of the game settled.
    surfaces : dict
        How many positions each surface was compared on.
    failures : list of str
    """

    config: dict
    positions: int = 0
    tied: int = 0
    tiebreaks: int = 0
    surfaces: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)


def _outcome_invariants(state, where: str, fail) -> None:
    # the decision itself: ranks follow the scores, rank 1 is the winners
    o = state.outcome()
    n = state.game.num_players()
    if o is None:
        fail(f"{where}: outcome() is None at the end")
        return
    sc = state._outcome()[4]                     # the exact scores the core compared
    best = max(sc)
    if len(o.ranks) != n or len(o.returns) != n:
        fail(f"{where}: outcome {o} does not give every seat")
    if set(o.winners) != {p for p in range(n) if o.ranks[p] == 1}:
        fail(f"{where}: winners {o.winners} are not the seats of rank 1 in {o.ranks}")
    if not o.winners or any(sc[w] != best for w in o.winners):
        fail(f"{where}: winners {o.winners} do not have the best score of {sc}")
    for p in range(n):
        for q in range(n):
            if sc[p] > sc[q] and not o.ranks[p] < o.ranks[q]:
                fail(f"{where}: seat {p} scores more than seat {q} ({sc}) but ranks {o.ranks}")
    tied = sc.count(best) > 1
    if n == 1:
        ok = o.reason == "solo" and o.returns == (float(sc[0]),)
    else:
        ok = (abs(sum(o.returns) - 1.0) < 1e-9
              and all((o.returns[p] > 0) == (p in o.winners) for p in range(n))
              and (o.reason == "score") == (not tied)
              and (o.reason == "shared") == (len(o.winners) > 1)
              and (o.reason == "tiebreak") == (o.tiebreak is not None))
    if not ok:
        fail(f"{where}: outcome {o} does not follow from the scores {sc}")
    if state.returns() != list(o.returns):
        fail(f"{where}: returns() {state.returns()} != outcome().returns {list(o.returns)}")
    if list(state.winners()) != list(o.winners):
        fail(f"{where}: winners() {state.winners()} != outcome().winners {list(o.winners)}")
    if o.truncated != state.is_truncated():
        fail(f"{where}: outcome().truncated is {o.truncated}, is_truncated() {state.is_truncated()}")


def _surfaces(state, where: str, fail, report: OutcomeReport) -> None:
    # the surfaces that read the decision from a position: the protocol and PettingZoo
    import base64

    from olab.protocol import Engine

    o = state.outcome()
    cfg = state.game.config()
    e = Engine()
    r = e.handle({"cmd": "load", "format": "snapshot", "data": base64.b64encode(state.serialize()).decode("ascii"),
                  **cfg})
    if not r.get("ok"):
        fail(f"{where}: the protocol did not load the position: {r}")
    else:
        got = e.handle({"cmd": "scores"}).get("outcome")
        if got != o.as_json():
            fail(f"{where}: the protocol's outcome {got} != {o.as_json()}")
        report.surfaces["protocol"] = report.surfaces.get("protocol", 0) + 1
    try:
        from olab.rl.pettingzoo import pettingzoo_env
    except ImportError:                          # PettingZoo is an extra
        return
    try:
        env = pettingzoo_env(cfg["game"], **{k: v for k, v in cfg.items() if k != "game"})
    except ImportError:
        return
    env.reset(seed=0)
    env.state_ = state.clone()
    env._settle()
    got = [env.rewards[a] for a in env.possible_agents]
    if got != list(o.returns):
        fail(f"{where}: the PettingZoo rewards {got} != outcome().returns {list(o.returns)}")
    report.surfaces["pettingzoo"] = report.surfaces.get("pettingzoo", 0) + 1


def check_outcome(game, seed: int = 0, ties: int = 3, max_games: int = 400,
                  raise_on_failure: bool = True) -> OutcomeReport:
    """Check that every surface that says who won agrees with ``State.outcome()``, on tied positions too.

    Two pools of finished games are searched for ties of the best score
    (until ``ties`` are found in each, or ``max_games`` were played):

    - the core's random games (:func:`olab.search.random_games`, batch seed
      ``seed + k``, game 0: ``new_initial_state(seed + k)`` finished by
      ``random_playout(seed + k)``), against the wins that
      :func:`olab.search.random_playouts` counts for the same game;
    - games of a :class:`olab.rl.VectorEnv` (NumPy needed) played with
      random actions, against the rewards of the step that ended each.

    Every position found, tied or not, is then held to the decision itself
    (ranks follow the exact scores, the winners have the best score, the
    reason fits), and ``returns()``, ``winners()``, the protocol's
    ``scores`` and the PettingZoo rewards must read it.

    Returns
    -------
    OutcomeReport
    """
    from olab.search import random_games, random_playouts

    report = OutcomeReport(config=game.config())

    def fail(message):
        if raise_on_failure:
            raise ConformanceError(f"{game.config()}: {message}")
        report.failures.append(message)

    def look(state, where):
        report.positions += 1
        sc = state._outcome()[4]
        tied = game.num_players() > 1 and sc.count(max(sc)) > 1
        report.tied += tied
        o = state.outcome()
        report.tiebreaks += bool(o is not None and o.reason == "tiebreak")
        _outcome_invariants(state, where, fail)
        if o is not None:
            _surfaces(state, where, fail, report)
        return tied

    # the core's random games and the batch statistics
    found = untied = 0
    for k in range(max_games):
        x = seed + k
        (actions, scores, cut), = random_games(game, 1, x)
        tied = game.num_players() > 1 and list(scores).count(max(scores)) > 1
        if not tied and untied >= 1:
            continue
        state = game.new_initial_state(x)
        state.random_playout(x)
        if tuple(state.scores()) != tuple(scores):
            fail(f"random game {x}: random_playout and random_games disagree ({state.scores()} != {scores})")
            continue
        look(state, f"random game {x}")
        o = state.outcome()
        wins = random_playouts(game, 1, seed=x).wins
        want = [1.0 / len(o.winners) if p in o.winners else 0.0 for p in range(game.num_players())]
        if any(abs(a - b) > 1e-9 for a, b in zip(wins, want)):
            fail(f"random game {x}: random_playouts wins {list(wins)} != the outcome's {want} ({o})")
        report.surfaces["random_playouts"] = report.surfaces.get("random_playouts", 0) + 1
        found += tied
        untied += not tied
        if found >= ties:
            break

    # the vectorized environment's rewards
    try:
        from olab.rl.vector import VectorEnv
        env = VectorEnv(game.name, 8, seed=seed, observations=False,
                        **{k: v for k, v in game.config().items() if k != "game"})
    except ImportError:                          # NumPy is an extra
        return report
    env.reset()
    found = untied = games = 0
    while games < max_games and found < ties:
        before = [env.get_state(i) for i in range(env.num_envs)]
        acts = env.sample_actions()
        _obs, _mask, rewards, terminated, truncated, _cur = env.step(acts)
        for i in range(env.num_envs):
            if not (terminated[i] or truncated[i]):
                continue
            games += 1
            end = before[i]
            end.apply_action(int(acts[i]))
            if not end.is_terminal():            # chance resolved by the env after the action
                continue
            sc = end._outcome()[4]
            tied = game.num_players() > 1 and sc.count(max(sc)) > 1
            if not tied and untied >= 1:
                continue
            look(end, f"VectorEnv game {games}")
            want = end.outcome().returns
            if any(abs(float(rewards[i][p]) - want[p]) > 1e-6 * max(1.0, abs(want[p])) for p in range(len(want))):
                fail(f"VectorEnv game {games}: rewards {list(rewards[i])} != outcome().returns {list(want)}")
            report.surfaces["vector_env"] = report.surfaces.get("vector_env", 0) + 1
            found += tied
            untied += not tied
    return report


# ----------------------------------------------------------------------------
# Snapshots rewritten byte by byte (issue 14 item 1): a checksum guards against
# accidents, not against a tool that rewrites bytes and recomputes it.  Every
# byte of a snapshot's first position is set to boundary values, the checksum
# made right again, and the bytes loaded in a forked child: they must be
# refused with StateFormatError, or give a state the engine can play from
# (every view, the text board, the legal actions, random play to the end,
# undo, serialize).  A crash or any other error fails.

@dataclass
class SnapshotScan:
    """What :func:`check_snapshot_scan` found: case counts and the failures."""

    cases: int = 0
    refused: int = 0
    accepted: int = 0
    failures: list = field(default_factory=list)


def _mutated(data: bytes, offset: int, value, width: int = 1) -> bytes:
    # the snapshot with the root's bytes at ``offset`` rewritten (``value`` an
    # int written little-endian in ``width`` bytes, or the bytes themselves)
    # and the checksum made right again
    import struct
    import zlib

    from olab.snapshot import _HEAD

    b = bytearray(data)
    new = value if isinstance(value, (bytes, bytearray)) else int(value).to_bytes(width, "little")
    b[_HEAD.size + offset:_HEAD.size + offset + len(new)] = new
    body = bytes(b[:-4])
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


def _exercise(game, data: bytes, seed: int) -> str:
    # "refused", or "accepted" after playing from the loaded state; raises otherwise
    from olab.errors import StateFormatError

    try:
        state = game.deserialize_state(data)
    except StateFormatError:
        return "refused"
    rng = random.Random(seed)
    for p in (None, *range(game.num_players())):
        state.to_json(p)
        state.render(p)
    n_actions = game.num_distinct_actions()
    for _ in range(200):
        # an accepted position keeps the contract (issue 27 item 7: a crafted
        # snapshot gave the turn to seat 4 of a 4-seat game, and nothing failed)
        who = state.current_player()
        if not (who in (CHANCE, TERMINAL) or 0 <= who < game.num_players()):
            raise AssertionError(f"current_player() is {who}, not a seat, CHANCE or TERMINAL")
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if not legal:
            raise AssertionError("a non-terminal position without legal actions")
        if not all(0 <= a < n_actions for a in legal):
            raise AssertionError("a legal action out of range")
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            a = rng.choices(acts, probs)[0]
        else:
            a = rng.choice(legal)
        state.action_to_string(a)
        state.apply_action(a)
    state.undo_action() if state.move_number() else None
    game.deserialize_state(state.serialize())
    state.scores()
    if state.is_terminal():
        for p in range(game.num_players()):
            state.score_breakdown(p)
    return "accepted"


def _run_cases(game, cases, out_fd):
    # in a child: each case's outcome as one byte (r refused, a accepted, e error)
    import os
    for data, seed in cases:
        try:
            code = {"refused": b"r", "accepted": b"a"}[_exercise(game, data, seed)]
        except BaseException:  # noqa: BLE001 - any error is a failure of the engine
            code = b"e"
        os.write(out_fd, code)


def _fork_cases(game, cases) -> list:
    # the outcome of each case, None where the child died before writing it
    import os
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:                                     # the child
        os.close(r)
        try:
            _run_cases(game, cases, w)
        finally:
            os._exit(0)
    os.close(w)
    got = b""
    while True:
        chunk = os.read(r, 4096)
        if not chunk:
            break
        got += chunk
    os.close(r)
    os.waitpid(pid, 0)
    return [chr(c) for c in got] + [None] * (len(cases) - len(got))


def _edits(data: bytes, root: bytes, values, stride: int, widths, donors):
    # (snapshot, seed, description) of every edit of the root
    size = len(root)
    for width in widths:
        top = (1 << (8 * width)) - 1
        for off in range(0, size - width + 1, stride if width == 1 else max(stride, width)):
            old = int.from_bytes(root[off:off + width], "little")
            # the boundary values, at this width; and the word one up and one down
            # (a count, a seat or an index moved by one is what passes a range check)
            for v in sorted({v & top for v in values} | {(old + 1) & top, (old - 1) & top} if width > 1
                            else {v & top for v in values}):
                if v != old:
                    yield _mutated(data, off, v, width), off * 256 + v % 256, f"{width} byte(s) at {off} = {v:#x}"
    # field-aware: each byte (and each aligned word) set to what the same
    # field holds in another real position: values that pass every range
    # check and may still contradict the other fields
    for d, donor in enumerate(donors):
        other = donor._root_raw()
        if len(other) != size:
            continue
        for off in range(size):
            if other[off] != root[off]:
                yield _mutated(data, off, other[off:off + 1]), off * 7 + d, f"byte {off} of donor {d}"
        for width in (2, 4, 8):
            for off in range(0, size - width + 1, width):
                part = other[off:off + width]
                if part != root[off:off + width] and sum(a != b for a, b in zip(part, root[off:off + width])) > 1:
                    yield _mutated(data, off, part), off * 11 + d, f"{width} bytes at {off} of donor {d}"


def check_snapshot_scan(game, states, values=(0, 1, 0x7F, 0x80, 0xFE, 0xFF), stride: int = 1,
                        chunk: int = 64, raise_on_failure: bool = True, widths=(1,),
                        donors=()) -> SnapshotScan:
    """Rewrite each state's snapshot root, byte by byte, word by word and field by field, and load it.

    Every ``stride``-th byte is set to each of ``values``; with ``widths``
    (say ``(1, 2, 4)``) also every aligned little-endian word of 2 or 4
    bytes, to the values at that width and to the word plus and minus one.
    With ``donors`` (states of the same game), every byte and aligned word
    that differs in a donor's root is set to the donor's: field-aware edits,
    each a value the field really takes, which pass a range check and may
    contradict the other fields.  Each rewritten snapshot must be refused
    with :class:`~olab.StateFormatError`, or load as a position that keeps
    the contract while it is played from (a seat or CHANCE / TERMINAL to
    move, legal actions in range, every view, undo, serialize).

    Each case is loaded (and, when accepted, played from) in a forked child,
    ``chunk`` cases per child; a chunk whose child dies is rerun one case per
    child to find the case.  Returns a :class:`SnapshotScan`; with
    ``raise_on_failure`` a crash or a later error raises :class:`ConformanceError`.
    """
    from olab.snapshot import _HEAD

    scan = SnapshotScan()
    for k, state in enumerate(states):
        data = state.serialize()
        root = state._root_raw()
        assert data[_HEAD.size:_HEAD.size + len(root)] == root
        cases, where = [], []
        for snap, seed, what in _edits(data, root, values, stride, widths, donors):
            cases.append((snap, seed))
            where.append(what)
        for i in range(0, len(cases), chunk):
            part = cases[i:i + chunk]
            results = _fork_cases(game, part)
            for j, res in enumerate(results):
                if res is None:                           # the child died: one case at a time
                    res = _fork_cases(game, [part[j]])[0]
                    res = "crash" if res is None else res
                edit = where[i + j]
                scan.cases += 1
                if res == "r":
                    scan.refused += 1
                elif res == "a":
                    scan.accepted += 1
                else:
                    what = "killed the process" if res == "crash" else "broke the contract after loading"
                    scan.failures.append(f"state {k}, {edit}: {what}")
    if scan.failures and raise_on_failure:
        raise ConformanceError(f"{game.config()}: {len(scan.failures)} of {scan.cases} rewritten snapshots "
                               f"broke the engine, e.g. {scan.failures[:3]}")
    return scan


# ----------------------------------------------------------------------------
# The search bot on every kind of state it may be given (issue 27 item 1): the
# true position (as the docs and the OpenSpiel wrapper give it), a seat's view
# read back from ``to_json(seat)``, and a determinization for the seat.  Tree
# reuse is where it broke: in Orleans with chance "sampled" the tree is grown
# over determinizations that stop at a chance node after each draw, while the
# real game draws inside ``apply_action``, and the reused tree's root decided
# something else than the position (action -1, then memory corrupted).

def _packaged_fits(game, search: str, name) -> bool:
    # a game's default evaluation: shipped, for this game, and readable by the search
    from olab.evaluation import packaged_evaluation

    if name == "heuristic":
        return True
    try:
        ev = packaged_evaluation(name)
        ev.check(game)
    except ValueError:
        return False
    return search == "chains" or not ev.has_residual


def check_search(game, games: int = 1, seed: int = 0, decisions: int = 40, simulations: int = 48,
                 raise_on_failure: bool = True, searches=("chains", "actions", "beam")) -> ConformanceReport:
    """Check that the MCTS bot answers a legal action on every kind of state, with its tree kept.

    First the game's ``search_defaults`` must be what the bot understands:
    the keys ``"search"`` (a search's name) and one per search, each holding
    only that search's parameters, ``simulations``, ``evaluations`` (the
    chain search and the planner; an int >= 1) and ``weights`` (a
    packaged evaluation's name: it must load and fit the game).  Then it plays ``games`` games in which every decision is
    asked, for each of ``searches``, of three :class:`~olab.bots.MCTSBot`
    bots that keep their trees (``reuse_tree=True``): one given the true
    state, one a view of the deciding seat read back from
    ``to_json(seat)``, one ``determinize(seat)``; and, for the chain search
    and the planner, of a bot bounded to one evaluation (``evaluations=1``:
    the chain search then runs one simulation).  Each answer must be
    legal in the true position, and the bot given the true state must
    report its root (``root_stats()``) after a decision it searched (not
    empty, every action legal) and none after one it did not.  The first search's first
    bot's action is played; chance outcomes are drawn by a seeded
    generator.  After ``decisions`` decisions the game is played out at
    random to its end, with the bots given the true state answering every
    8th decision (their kept trees then cross many moves).

    Parameters
    ----------
    game : olab.contract.GameProtocol
    games, seed : int
        Game ``i`` is dealt with ``seed + i``.
    decisions : int
        Decisions asked of all three bots per game.
    simulations : int
        Each bot's budget per decision.
    raise_on_failure : bool
        Raise :class:`ConformanceError` at the first failure, or collect them.
    searches : tuple of str
        The searches whose bots answer (default: all three of
        :class:`~olab.bots.MCTSBot`'s).

    Returns
    -------
    ConformanceReport
    """
    from olab.bots import MCTSBot

    report = ConformanceReport(config=game.config())
    ck = _Checker(game, report, 1, raise_on_failure)
    ck.where = "search_defaults"
    weights = game._engine.heuristic_weights()
    unknown = sorted(set(game.fixed_weights) - set(weights))
    ck.ok("fixed weights", not unknown, f"fixed_weights names {', '.join(unknown)}: not weights of the "
          f"heuristic ({', '.join(weights)})")
    for key, value in game.search_defaults.items():
        if key == "search":
            ck.ok("search defaults", value in MCTSBot.DEFAULTS,
                  f"search_defaults names the search {value!r}, not one of {', '.join(MCTSBot.DEFAULTS)}")
        elif key in MCTSBot.DEFAULTS:
            budgets = {"simulations", "weights"} | ({"evaluations"} if key in ("chains", "beam") else set())
            extra = sorted(set(value) - set(MCTSBot.DEFAULTS[key]) - budgets)
            ck.ok("search defaults", not extra, f"search_defaults[{key!r}] has {', '.join(extra)}: "
                  f"not parameters of that search")
            for budget in ("simulations", "evaluations"):
                n = value.get(budget, 1)
                ck.ok("search defaults", isinstance(n, int) and not isinstance(n, bool) and n >= 1,
                      f"search_defaults[{key!r}][{budget!r}] is {n!r}, not an int >= 1")
            if "weights" in value:
                ck.ok("search defaults", _packaged_fits(game, key, value["weights"]),
                      f"search_defaults[{key!r}] names the evaluation {value['weights']!r}, "
                      "which the package does not ship for this game and this search")
        else:
            ck.fail(f"search defaults: search_defaults has the key {key!r}, neither 'search' nor a search's name")
    for g in range(games):
        rng = random.Random(seed * 7_919 + g)
        state = game.new_initial_state(seed + g)
        bots = {(search, kind): MCTSBot(seed=seed + g, simulations=simulations, reuse_tree=True, search=search)
                for search in searches for kind in ("true state", "view", "determinization")}
        # a bound of one evaluation: the chain search runs one simulation, the planner
        # narrows every level of its second pass to one position and must still answer
        bots.update({(search, "bounded"): MCTSBot(seed=seed + g, simulations=simulations, evaluations=1,
                                                   search=search)
                     for search in searches if search in ("chains", "beam")})
        asked = 0
        while not state.is_terminal():
            ck.where = f"game seed {seed + g}, move {state.move_number()}"
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([x for x, _ in outcomes], weights=[p for _, p in outcomes])[0])
                continue
            legal = state.legal_actions()
            seat = state.current_player()
            if asked < decisions:
                given = {"true state": state,
                         "view": game.state_from_json(state.to_json(seat)),
                         "determinization": state.determinize(seat, seed=rng.getrandbits(32)),
                         "bounded": state}
            elif asked % 8 == 0:
                given = {"true state": state}
            else:
                given = {}
            asked += 1
            played = None
            for (search, kind), bot in bots.items():
                if kind not in given:
                    continue
                try:
                    a = bot.choose(given[kind])
                except Exception as e:          # a bot must answer, whatever it is given
                    ck.fail(f"search: the {search} bot given the {kind} raised {type(e).__name__}: {e}")
                    continue
                ck.ok("search", a in legal, f"the {search} bot given the {kind} chose {a}, not a legal action")
                if kind == "bounded" and search == "chains" and bot.searched:
                    ck.ok("search", bot.last_simulations == 1, f"the chains bot bounded to one evaluation ran "
                          f"{bot.last_simulations} simulations")
                if kind == "true state":
                    if played is None:
                        played = a
                    stats = bot.root_stats()
                    if bot.searched:
                        ck.ok("search", bool(stats), f"the {search} bot's root is empty after its search")
                        odd = sorted({r[0] for r in stats} - set(legal))
                        ck.ok("search", not odd, f"the {search} bot's root lists {odd}, not legal actions here")
                    else:
                        # a decision no search made (a single legal action,
                        # the chain being played) must not report an
                        # earlier search's root as its own
                        ck.ok("search", not stats, f"the {search} bot reports a root for a decision it did "
                              "not search")
            state.apply_action(played if played in legal else rng.choice(legal))
        report.games += 1
        report.actions += state.move_number()
    return report


def check_greedy_seats(game, games: int = 24, seed: int = 1, ratio: float = 0.5, floor: float = 0.2,
                       raise_on_failure: bool = True) -> ConformanceReport:
    """Check that greedy playing every seat starves none of them.

    Plays ``games`` games of greedy bots in every seat (chance drawn by a
    seeded generator) and requires each seat's mean score to be at least
    ``ratio`` of the best seat's, and in every game each seat's score at
    least ``floor`` of that game's best (a seat starved in a few games
    hides in a mean: Orléans' greedy, checking each partly filled place
    alone against all the seat's tiles, spread its followers over places
    the tiles could not complete together, and a seat of four scored 5 or
    less in 6 of 40 games while the lowest seat mean was 0.8 of the
    best).  Greedy is the baseline every strength
    figure is measured against and the planner's model of the other seats:
    in Orléans its heuristic counted followers stuck on a place that could
    no longer be used as followers, and the seat planning last, finding no
    scholar left, lost its followers to the University for good: seats of
    three- and four-player games averaged 4 to 18 points where the others
    made 35 to 58.  A game of one seat passes.

    Returns
    -------
    ConformanceReport
        ``checks["seat means"]`` counts the seats compared,
        ``checks["seat scores"]`` the games.
    """
    from olab.arena import play_bots
    from olab.bots import GreedyBot

    report = ConformanceReport(config=game.config())
    ck = _Checker(game, report, 1, raise_on_failure)
    n = game.num_players()
    totals = [0.0] * n
    for g in range(games):
        state = play_bots(game.new_initial_state(seed + g), [GreedyBot(seed=(seed + g) * 8 + k) for k in range(n)],
                          seed=seed + g)
        scores = state.scores()
        for k, x in enumerate(scores):
            totals[k] += x
        if n >= 2 and max(scores) > 0:
            ck.where = f"greedy in every seat, game seeded {seed + g}"
            ck.ok("seat scores", min(scores) >= floor * max(scores),
                  f"a seat scored {min(scores)} where the best scored {max(scores)}, under {floor} of it "
                  f"(scores {', '.join(map(str, scores))})")
        report.games += 1
        report.actions += state.move_number()
    if n < 2 or games < 1:
        return report
    means = [t / games for t in totals]
    best = max(means)
    ck.where = f"greedy in every seat, games seeded {seed} to {seed + games - 1}"
    for k, m in enumerate(means):
        ck.ok("seat means", best <= 0 or m >= ratio * best,
              f"seat {k} averages {m:.1f} points, under {ratio} of the best seat's {best:.1f} "
              f"(means {', '.join(f'{x:.1f}' for x in means)})")
    return report


def check_evaluation(game, games: int = 1, seed: int = 0, positions: int = 30,
                     raise_on_failure: bool = True) -> ConformanceReport:
    """Check the game's clock and the fitted evaluation the chain search reads.

    Plays ``games`` random games and checks:

    - ``olab.bots.progress`` stays in [0, 1], never goes back, and is 1 at
      the end;
    - the turn clock the planner aligns its levels on (``GameOps.clock``,
      when the game has one) never goes back, moves in the game, and is
      the same in a determinization for the deciding seat (it reads what
      every seat sees);
    - at ``positions`` positions per game, the core's fitted value of every
      seat (``fitted_seat_value``, what the chain search maximises with
      ``MCTSBot(weights=...)``) equals the reference computed here from the
      observation tensors (:meth:`olab.evaluation.Evaluation.residual`),
      for seeded random weights, and equals greedy's value with zero
      weights;
    - in a game with hidden information, a seat's residual is the same in
      a determinization for that seat (it reads the seat's view only).

    Returns
    -------
    ConformanceReport
    """
    from olab.bots import _searchable, heuristic, progress
    from olab.evaluation import Evaluation
    from olab_core.common import search as core_search

    report = ConformanceReport(config=game.config())
    ck = _Checker(game, report, 1, raise_on_failure)
    size = int(game.observation_tensor_shape()[0])
    n = game.num_players()
    for g in range(games):
        rng = random.Random(seed * 7_919 + g)
        ev = Evaluation(game.name, game.config(), 0, size, tuple(rng.uniform(-1, 1) for _ in range(size)),
                        tuple(rng.uniform(-1, 1) for _ in range(size)), rng.uniform(-5, 5), rng.uniform(-5, 5))
        zero = [0.0] * (2 * size + 2)
        state = game.new_initial_state(seed + g)
        clock = progress(state)
        turns = first_turn = core_search.clock(_searchable(state))
        looked = 0
        every = 1
        while not state.is_terminal():
            ck.where = f"game seed {seed + g}, move {state.move_number()}"
            now = progress(state)
            ck.ok("progress", 0.0 <= now <= 1.0 and now >= clock,
                  f"progress {now} after {clock}: it must stay in [0, 1] and never go back")
            clock = now
            if turns is not None:
                t = core_search.clock(_searchable(state))
                ck.ok("turn clock", t is not None and t >= turns, f"the turn clock is {t} after {turns}: "
                      "it must never go back")
                turns = t
                p = state.current_player()
                if p >= 0 and _hides_something(game) and rng.random() < 0.2:
                    det = state.determinize(p, seed=rng.getrandbits(32))
                    ck.ok("turn clock", core_search.clock(_searchable(det)) == t,
                          f"seat {p}: the turn clock differs in a determinization for it")
            if not state.is_chance_node() and looked < positions and state.move_number() % every == 0:
                looked += 1
                every = rng.randint(1, 9)
                core = _searchable(state)
                r = [ev.residual(state, k) for k in range(n)]
                for k in range(n):
                    greedy = core_search.seat_value(core, k)
                    if n == 1:
                        want = greedy + r[0]
                    elif n == 2:
                        want = greedy + r[k] - r[1 - k]
                    else:
                        vals = [heuristic(state, j) + r[j] for j in range(n)]
                        want = vals[k] - max(vals[j] for j in range(n) if j != k)
                    got = core_search.fitted_seat_value(core, ev.weights(), k)
                    ck.ok("fitted value", abs(got - want) <= 1e-6 * max(1.0, abs(want)),
                          f"seat {k}: the core's fitted value is {got}, the observation tensors give {want}")
                    ck.ok("fitted value", core_search.fitted_seat_value(core, zero, k) == greedy,
                          f"seat {k}: zero weights change greedy's value {greedy}")
                p = state.current_player()
                if state.is_chance_node() is False and p >= 0 and _hides_something(game):
                    det = state.determinize(p, seed=rng.getrandbits(32))
                    ck.ok("fitted value", ev.residual(det, p) == r[p],
                          f"seat {p}: its residual differs in a determinization for it (it read a hidden part)")
            state.apply_action(rng.choice(state.legal_actions()) if not state.is_chance_node()
                               else rng.choices([x for x, _ in state.chance_outcomes()],
                                                weights=[w for _, w in state.chance_outcomes()])[0])
        ck.where = f"game seed {seed + g}, the end"
        ck.ok("progress", progress(state) == 1.0, f"progress is {progress(state)} at the end, not 1")
        if first_turn is not None:
            last = core_search.clock(_searchable(state))
            ck.ok("turn clock", last is not None and last > first_turn,
                  f"the turn clock stood still over the whole game ({first_turn})")
        report.games += 1
        report.actions += state.move_number()
    return report


def _hides_something(game) -> bool:
    # the registry's word on whether a game hides something from its seats
    import olab

    info = olab.games().get(game.name)
    return bool(info is not None and info.hidden_information)


# ----------------------------------------------------------------------------
# No seat can compute the future (issue 24.4)

@dataclass
class SeedRecoveryReport:
    """What :func:`check_seed_recovery` looked at.

    Attributes
    ----------
    config : dict
        The game's configuration.
    games : int
        Games dealt and attacked.
    deal_matches : int
        Candidates whose deal is the deal the seat saw (the deal is public, so
        the seed of it is usually found: that is allowed).
    consistent : int
        Candidates that also replay the public history to the seat's view.
    draws : int
        Draws made inside the actions of the futures the attack tried to predict.
    predicted : int
        Games whose future a candidate predicted (the check fails on any).
    failures : list of str
    """

    config: dict
    games: int = 0
    deal_matches: int = 0
    consistent: int = 0
    draws: int = 0
    predicted: int = 0
    failures: list = field(default_factory=list)


class _Diverged(Exception):
    # a candidate of the seed-recovery attack stopped agreeing with what the seat saw
    pass


def _seen(state, seat: int):
    return state.to_json(seat, legal_actions=False)


def check_seed_recovery(game, games: int = 2, seed: int = 0, seeds=range(1000), past: int = 25,
                        future: int = 60, seat: int = 0, key: bytes | None = b"conformance-key!",
                        raise_on_failure: bool = True) -> SeedRecoveryReport:
    """Check that no seat can recover what deals the future from its view and the public history.

    Game ``i`` is dealt as the arena deals it, :func:`olab.arena.deal` with
    seed ``seed + i`` (a small seed, as matches use) and the secret ``key``,
    and ``past`` random actions are played (chance outcomes drawn from a
    generator the seat cannot know).  Then ``seat`` attacks: for every
    candidate seed ``c`` in ``seeds`` it deals ``new_initial_state(c)`` and
    ``new_initial_state(c, hidden_seed=c)``, keeps the candidates whose deal
    is what it saw at the start, replays the public history
    (``visible_history``) on them and keeps those that show what its view
    (a determinization for the seat) shows now.  A survivor predicts the
    future if it shows what the true game shows after each of the next
    ``future`` actions, chance nodes included, with at least one draw made
    inside them: that fails the check.  ``key=None`` deals without a hidden
    seed, the attack the check exists for, and must fail.

    For a game without hidden information (``GameInfo.hidden_information``
    false) there is nothing to recover and the check passes at once.

    Returns
    -------
    SeedRecoveryReport
    """
    import olab
    from olab.arena import _chance_seed, _hidden_information, deal

    report = SeedRecoveryReport(config=game.config())
    if not _hidden_information(game):
        return report

    def fail(message):
        report.failures.append(message)
        if raise_on_failure:
            raise ConformanceError(f"{game.config()}: {message}")

    for g in range(games):
        s = seed + g
        secret = random.Random(_chance_seed(s * 1_000_003 + g, key) if key is not None else s * 7 + 1)
        truth = deal(game, s, key)
        start = _seen(truth, seat)
        for _ in range(past):
            if truth.is_terminal():
                break
            if truth.is_chance_node():
                outcomes = truth.chance_outcomes()
                truth.apply_action(secret.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0])
            else:
                truth.apply_action(secret.choice(truth.legal_actions()))
        view = truth.determinize(seat, secret.getrandbits(64))
        now = _seen(view, seat)
        history = truth.visible_history(seat)
        report.games += 1
        survivors = []
        for c in seeds:
            for hidden in (None, c):
                cand = game.new_initial_state(c, hidden)
                if _seen(cand, seat) != start:
                    continue
                report.deal_matches += 1
                try:
                    for a in history:
                        if a is None:
                            raise _Diverged()
                        cand.apply_action(a)
                except (olab.IllegalActionError, _Diverged):
                    continue
                if _seen(cand, seat) == now:
                    report.consistent += 1
                    survivors.append(cand)
        if not survivors:
            continue
        # the future, played in the true game; a survivor must show every step of it
        steps, draws = [], 0
        for _ in range(future):
            if truth.is_terminal():
                break
            if truth.is_chance_node():
                outcomes = truth.chance_outcomes()
                a = secret.choices([x for x, _ in outcomes], weights=[p for _, p in outcomes])[0]
            else:
                a = secret.choice(truth.legal_actions())
            chance_before = truth.clone()
            truth.apply_action(a)
            # a draw made inside the action: the true state's generator moved
            # (its view is the same as a copy's with another generator only
            # when no draw was made)
            other = chance_before.determinize(seat, 12345)
            try:
                other.apply_action(a)
                drew = _seen(other, seat) != _seen(truth, seat)
            except olab.IllegalActionError:
                drew = True
            draws += bool(drew) and not chance_before.is_chance_node()
            steps.append((a, _seen(truth, seat)))
        report.draws += draws
        if draws == 0:
            continue
        for cand in survivors:
            try:
                for a, seen in steps:
                    cand.apply_action(a)
                    if _seen(cand, seat) != seen:
                        raise _Diverged()
            except (olab.IllegalActionError, _Diverged):
                continue
            report.predicted += 1
            fail(f"seed {s}: seat {seat} recovered the deal of the future from its view and the public history "
                 f"(trying seeds {seeds!r}) and predicted the next {len(steps)} actions, {draws} draws included")
            break
    return report
