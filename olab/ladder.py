"""A ladder: every bot against every other, rated by a Bradley–Terry fit in Elo.

``olab ladder`` (and :func:`run_ladder`) plays a round robin: for every pair
of bots the same ``games`` deals, seats rotated, in any registered game and
configuration (with more than two seats the pair's bots take them in turn,
``A B A B``).  Each game between a pair is one comparison: the bot whose
best seat finished ahead wins it (by the game's ranks,
:meth:`~olab.contract.StateProtocol.outcome`: the score, then the game's
tie-breaks), a shared place is a draw.  The ratings are
the maximum-likelihood Bradley–Terry strengths of all comparisons (a draw
counts as half a win to each side), on the Elo scale (400 points are odds
of 10 to 1), with the first bot at 0.  Every pair that played also counts one
virtual draw, so a bot that won every game still has a finite rating (the
usual prior of rating tools; its effect fades with the games played).  The
95% intervals come from the curvature of the likelihood at its maximum and
are relative to the first bot.

>>> from olab.ladder import bradley_terry
>>> elo, se = bradley_terry([[0, 30], [10, 0]], [[0, 40], [40, 0]])
>>> round(elo[1])
-185
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field

import olab
from olab.bots import make_bot

__all__ = ["LadderResult", "run_ladder", "bradley_terry", "plot_ladder"]

ELO_PER_NAT = 400 / math.log(10)


@dataclass
class LadderResult:
    """A round robin and its ratings; ``as_json()`` is what ``olab ladder --json`` prints.

    Attributes
    ----------
    bots : list of str
        The bots (specs), in the order given.
    games : int
        Games per pair.
    score : list of list of float
        ``score[i][j]``: the games bot ``i`` won against bot ``j`` (a draw
        counts half).
    played : list of list of int
        ``played[i][j]``: the games between ``i`` and ``j``.
    elo : list of float
        Each bot's rating, the first bot at 0.
    ci95 : list of list of float
        The 95% interval of each rating.
    mean_score : list of float
        Each bot's mean score over all its games, in the game's points.
    seconds : float
    config : dict
        The game's configuration (``game.config()``).
    decision_seconds : list of float
        Each bot's mean decision in seconds of CPU over all its games (the
        only field that changes when the ladder is played again).
    hidden_key : str or None
        For a game with hidden information, the key (hex) its games' hidden
        seeds were derived with (:func:`olab.arena.deal`), told once the
        ladder is over so that it can be played again; ``None`` (and left out
        of ``as_json()``) otherwise.
    """

    bots: list[str]
    games: int
    score: list[list[float]]
    played: list[list[int]]
    elo: list[float]
    ci95: list[list[float]]
    mean_score: list[float] = field(default_factory=list)
    seconds: float = 0.0
    config: dict = field(default_factory=dict)
    hidden_key: str | None = None
    decision_seconds: list[float] = field(default_factory=list)

    def as_json(self) -> dict:
        """The result as plain data: every field above, by name (``hidden_key`` only when there is one)."""
        d = asdict(self)
        if d["hidden_key"] is None:
            del d["hidden_key"]
        return d

    def _ms(self, i: int) -> str:
        # a result built without timings (by hand, or read from an older file) shows none
        return f"{1000 * self.decision_seconds[i]:.2f}" if i < len(self.decision_seconds) else "-"

    def table(self) -> str:
        """The ratings as a text table, best first, with each bot's results against the others."""
        order = sorted(range(len(self.bots)), key=lambda i: -self.elo[i])
        width = max(8, *(len(b) for b in self.bots)) + 2
        lines = [f"{'bot':<{width}}{'Elo':>7}  {'95% interval':<17}{'mean score':>11}{'ms a move':>11}  "
                 + "  ".join(f"v{k + 1:<5}" for k in range(len(order)))]
        for rank, i in enumerate(order):
            cells = []
            for j in order:
                cells.append("  -   " if i == j else f"{self.score[i][j] / max(1, self.played[i][j]):5.2f} ")
            lo, hi = self.ci95[i]
            lines.append(f"{rank + 1}. {self.bots[i]:<{width - 3}}{self.elo[i]:7.0f}  [{lo:6.0f}, {hi:6.0f}]  "
                         f"{self.mean_score[i]:11.1f}{self._ms(i):>11}  "
                         + " ".join(cells))
        lines.append(f"v<k>: the share of games won against the bot ranked k ({self.games} games a pair, "
                     "draws as half)")
        return "\n".join(lines)


def bradley_terry(score, played, anchor: int = 0, prior_draws: float = 1.0, iterations: int = 10000):
    """Maximum-likelihood Bradley–Terry ratings in Elo, and their standard errors.

    Parameters
    ----------
    score : list of list of float
        ``score[i][j]``: wins of ``i`` over ``j`` (draws as halves).
    played : list of list of int
        ``played[i][j]``: comparisons between ``i`` and ``j`` (symmetric).
    anchor : int
        The bot rated 0 (its standard error is 0; the others' are relative to it).
    prior_draws : float
        Virtual draws added to every pair that played.

    Returns
    -------
    elo : list of float
        The ratings, in Elo.
    se : list of float
        Their standard errors, in Elo.
    """
    n = len(score)
    w = [[0.0] * n for _ in range(n)]
    m = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and played[i][j] > 0:
                w[i][j] = score[i][j] + prior_draws / 2
                m[i][j] = played[i][j] + prior_draws
    gamma = [1.0] * n
    # the minorization-maximization iteration (Hunter 2004): each step raises the likelihood
    for _ in range(iterations):
        new = []
        for i in range(n):
            wins = sum(w[i])
            den = sum(m[i][j] / (gamma[i] + gamma[j]) for j in range(n) if j != i and m[i][j] > 0)
            new.append(wins / den if den > 0 else gamma[i])
        ref = new[anchor] if new[anchor] > 0 else 1.0
        new = [g / ref for g in new]
        delta = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma) if a > 0 and b > 0)
        gamma = new
        if delta < 1e-10:
            break
    theta = [math.log(g) if g > 0 else -50.0 for g in gamma]
    # the observed information in theta = ln gamma, without the anchor's row and column
    keep = [i for i in range(n) if i != anchor]
    info = [[0.0] * len(keep) for _ in keep]
    for a, i in enumerate(keep):
        for j in range(n):
            if j != i and m[i][j] > 0:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                v = m[i][j] * p * (1 - p)
                info[a][a] += v
                if j != anchor:
                    info[a][keep.index(j)] -= v
    cov = _inverse(info)
    se = [0.0] * n
    for a, i in enumerate(keep):
        se[i] = math.sqrt(cov[a][a]) * ELO_PER_NAT if cov is not None and cov[a][a] > 0 else math.inf
    return [t * ELO_PER_NAT for t in theta], se


def _inverse(a):
    # Gauss-Jordan with partial pivoting; None for a singular matrix (a bot that met no other)
    n = len(a)
    if n == 0:
        return []
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(a)]
    for c in range(n):
        r = max(range(c, n), key=lambda k: abs(m[k][c]))
        if abs(m[r][c]) < 1e-12:
            return None
        m[c], m[r] = m[r], m[c]
        piv = m[c][c]
        m[c] = [x / piv for x in m[c]]
        for k in range(n):
            if k != c and m[k][c] != 0:
                f = m[k][c]
                m[k] = [x - f * y for x, y in zip(m[k], m[c])]
    return [row[n:] for row in m]


def _play_pair(job):
    # one game between the bots of a pair: (pair, result for the pair's first bot: 1, 0.5 or 0,
    # each bot's mean score, each bot's [seconds of CPU, decisions])
    config, names, pair, index, seed, budget, key = job
    from olab.arena import _chance_seed, deal, play_bots

    game = olab.load(**config)
    n = game.num_players()
    seats = [names[(s + index) % 2] for s in range(n)]
    mine = [(s + index) % 2 for s in range(n)]
    base = (seed * 1_000_003 + index) * 8
    bots = [make_bot(seats[s], seed=(base + s) % 2 ** 64, **(budget or {})) for s in range(n)]
    # a game with hidden information: dealt and drawn under the ladder's secret key (olab.arena.deal)
    state = deal(game, seed + index, key)
    thinking = [[0.0, 0, 0.0] for _ in range(n)]
    play_bots(state, bots, seed=_chance_seed((base + 7) % 2 ** 64, key),
              view_seed=None if key is None else _chance_seed((base + 7) % 2 ** 64, key, salt=0x71E45),
              thinking=thinking)
    scores = state.scores()
    # who finished ahead is the game's one decision (State.outcome: the score, then its tie-breaks)
    ranks = state.outcome().ranks
    best = [min(ranks[s] for s in range(n) if mine[s] == k) for k in (0, 1)]
    result = 1.0 if best[0] < best[1] else 0.0 if best[0] > best[1] else 0.5
    means = [sum(scores[s] for s in range(n) if mine[s] == k) / sum(1 for s in range(n) if mine[s] == k)
             for k in (0, 1)]
    spent = [[sum(thinking[s][0] for s in range(n) if mine[s] == k),
              sum(thinking[s][1] for s in range(n) if mine[s] == k)] for k in (0, 1)]
    return pair, result, means, spent


def run_ladder(bots: list[str], games: int, game: str | None = None, seed: int = 0, workers: int = 1,
               budget: dict | None = None, progress=None, hidden_key: bytes | None = None,
               **options) -> LadderResult:
    """Play a round robin between ``bots`` and rate them (see the module).

    Parameters
    ----------
    bots : list of str
        Two or more bot specs (:func:`olab.bots.make_bot`), each given once.
    games : int
        Games per pair; game ``k`` of every pair is dealt with ``seed + k``.
    game : str, optional
        A registered game (default: the first registered).
    seed : int
    workers : int
        Processes to spread the games over (the result does not depend on it).
    budget : dict, optional
        ``simulations=`` / ``time_ms=`` for the searching bots.
    progress : callable, optional
        Called with the games finished and the games in all.
    hidden_key : bytes, optional
        For a game with hidden information: the secret key of its hidden
        seeds (:func:`olab.arena.deal`); a fresh one by default.
    **options
        The game's options (:func:`olab.load`).
    """
    from olab.jobs import run_jobs

    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ValueError("a ladder needs two or more different bots")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1 or workers < 1:
        raise ValueError("games must be >= 1 and workers >= 1")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed or seed + games > 2 ** 64:
        raise ValueError(f"seed must be an int with seed + games in 0..2**64, not {seed!r}")
    for b in bots:
        make_bot(b, **(budget or {}))              # unknown names fail here, in the parent
    name = game if game is not None else olab.registry.default_game()
    config = olab.load(name, **options).config()
    if olab.load(**config).num_players() < 2:
        raise ValueError(f"a ladder needs a game of two or more seats; {name} with {options} has one")
    pairs = [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))]
    key = None
    if olab.games()[config["game"]].hidden_information:
        from olab.arena import new_hidden_key

        key = hidden_key if hidden_key is not None else new_hidden_key()
    jobs = [(config, [bots[i], bots[j]], p, k, seed, budget, key) for p, (i, j) in enumerate(pairs)
            for k in range(games)]
    start = time.perf_counter()
    # through the one job runner (olab.jobs); summed in job order, whatever
    # order the workers finish in, so the sums are the same for any workers
    by_index = {}
    for i, r in run_jobs(_play_pair, jobs, workers=workers):
        by_index[i] = r
        if progress:
            progress(len(by_index), len(jobs))
    results = [by_index[i] for i in range(len(jobs))]
    n = len(bots)
    score = [[0.0] * n for _ in range(n)]
    played = [[0] * n for _ in range(n)]
    totals = [0.0] * n
    counts = [0] * n
    spent = [0.0] * n
    decided = [0] * n
    for p, result, means, cpu in sorted(results, key=lambda r: r[0]):
        i, j = pairs[p]
        score[i][j] += result
        score[j][i] += 1 - result
        played[i][j] += 1
        played[j][i] += 1
        totals[i] += means[0]
        totals[j] += means[1]
        counts[i] += 1
        counts[j] += 1
        for k, bot in ((0, i), (1, j)):
            spent[bot] += cpu[k][0]
            decided[bot] += cpu[k][1]
    elo, se = bradley_terry(score, played)
    return LadderResult(bots=list(bots), games=games, score=score, played=played, elo=elo,
                        ci95=[[e - 1.959964 * s, e + 1.959964 * s] for e, s in zip(elo, se)],
                        mean_score=[t / c if c else 0.0 for t, c in zip(totals, counts)],
                        seconds=time.perf_counter() - start, config=config,
                        hidden_key=key.hex() if key is not None else None,
                        decision_seconds=[t / c if c else 0.0 for t, c in zip(spent, decided)])


def plot_ladder(result: LadderResult, path: str) -> None:
    """Draw the ratings with their intervals into ``path``.

    An ``.svg`` file is written directly; any other format (``.png``,
    ``.pdf``) needs matplotlib (``pip install "olab[plot]"``).

    Raises
    ------
    ImportError
        For a format other than SVG without matplotlib.
    """
    order = sorted(range(len(result.bots)), key=lambda i: result.elo[i])
    title = " ".join(f"{k}={v}" for k, v in result.config.items())
    if str(path).lower().endswith(".svg"):
        with open(path, "w", encoding="utf-8") as f:
            f.write(_svg(result, order, title))
        return
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("plotting to this format needs matplotlib: pip install \"olab[plot]\" "
                          "(or give a .svg file)") from None
    fig, ax = plt.subplots(figsize=(7, 0.5 * len(order) + 1.5))
    ys = range(len(order))
    elo = [result.elo[i] for i in order]
    lo = [result.elo[i] - result.ci95[i][0] for i in order]
    hi = [result.ci95[i][1] - result.elo[i] for i in order]
    ax.errorbar(elo, ys, xerr=[lo, hi], fmt="o", capsize=4)
    ax.set_yticks(list(ys), [result.bots[i] for i in order])
    ax.set_xlabel("Elo (first bot = 0), 95% interval")
    ax.set_title(title, fontsize=9)
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _svg(result: LadderResult, order: list[int], title: str) -> str:
    from xml.sax.saxutils import escape

    finite = [v for i in order for v in result.ci95[i] if math.isfinite(v)] or [0.0]
    lo, hi = min(finite + result.elo), max(finite + result.elo)
    if hi - lo < 1:
        lo, hi = lo - 50, hi + 50
    left, width, row = 230, 420, 30
    height = row * len(order) + 70

    def x(v):
        v = min(max(v, lo), hi)
        return left + (v - lo) / (hi - lo) * width

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 30}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<text x="10" y="18" font-size="11">{escape(title)}</text>']
    for k, i in enumerate(reversed(order)):
        y = 40 + k * row
        a, b = result.ci95[i]
        parts.append(f'<text x="10" y="{y + 4}">{escape(result.bots[i])}</text>')
        parts.append(f'<line x1="{x(a):.1f}" y1="{y}" x2="{x(b):.1f}" y2="{y}" stroke="#357" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(result.elo[i]):.1f}" cy="{y}" r="4" fill="#c33"/>')
        parts.append(f'<text x="{x(result.elo[i]) + 6:.1f}" y="{y - 6}" font-size="10">'
                     f'{result.elo[i]:.0f}</text>')
    base = 40 + len(order) * row - 10
    parts.append(f'<line x1="{left}" y1="{base}" x2="{left + width}" y2="{base}" stroke="#888"/>')
    for t in range(5):
        v = lo + (hi - lo) * t / 4
        parts.append(f'<text x="{x(v) - 12:.1f}" y="{base + 16}" font-size="10">{v:.0f}</text>')
    parts.append(f'<text x="{left}" y="{base + 30}" font-size="10">Elo (first bot = 0), '
                 'dots the ratings, bars their 95% intervals</text>')
    parts.append("</svg>")
    return "\n".join(parts)
