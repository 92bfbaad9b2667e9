"""``Game`` and ``State``: the Ora et Labora engine API.

A :class:`Game` is a configuration (players, variant, length, rules); a
:class:`State` is a position in it.  Actions are ints in a fixed range
(:meth:`Game.num_distinct_actions`); a turn is a chain of small decisions, and
:meth:`State.current_player` says who decides next.

>>> import olab
>>> game = olab.load("ora_et_labora", players=2, length="long")
>>> state = game.new_initial_state(colors="RG")   # seat 0 red, seat 1 green
>>> state.current_player(), state.player_label(0)
(0, 'R')
>>> state.apply_action(state.string_to_action("USE LR1"))   # Red's Clay Mound
>>> [state.action_to_string(a) for a in state.legal_actions()]
['TAKE Cl', 'TAKE Cl Jo', 'SKIP']
"""
from __future__ import annotations

from olab_core.ora import _engine as core

from olab.contract import GameMixin, StateMixin, check_seed

from . import fromjson, tensor

from . import notation, scoring
from .jsonview import decision_card, to_json
from .moves import COMMIT, Move
from .rules import Rules

__all__ = ["Game", "State"]

GOOD_CODES = core.GOOD_CODES
#: the game's code in snapshots (olab.snapshot)
SNAPSHOT_CODE = b"ORA\0"


class State(core.CoreState, StateMixin):
    """A position of Ora et Labora, with its history.

    Play with :meth:`legal_actions` and :meth:`apply_action`; take back with
    :meth:`undo_action`.  Equal positions compare equal and hash equal;
    :meth:`clone` is a cheap copy; states pickle and serialize.  It
    satisfies the contract of every olab game (:mod:`olab.contract`).
    """

    __slots__ = ()

    # legal_actions, legal_actions_mask, apply_action, undo_action, clone,
    # determinize, current_player, is_terminal, is_chance_node,
    # chance_outcomes, is_truncated, history, move_number, scores and
    # state_hash come from the compiled core unchanged (no Python frame on the
    # hot path); returns, the text views and pickling from StateMixin.

    def score_breakdown(self, seat: int) -> dict:
        """The score of ``seat`` item by item; its ``total`` equals ``scores()[seat]``."""
        self._check_player(seat)             # an int seat: not True, not "0" (issue 27)
        return scoring.score_breakdown(self, seat)

    def action_to_string(self, action: int) -> str:
        """The text of an action in this position (module :mod:`olab.ora.notation`)."""
        return notation.action_to_string(self, action)

    def describe_action(self, action: int) -> dict:
        """What an action does, as data (kind, card, good, count, space...): see
        :func:`olab.ora.notation.describe_action`."""
        return notation.describe_action(self, action)

    def string_to_action(self, text: str) -> int:
        """The action a text names in this position.

        Raises
        ------
        NotationError
            If the text cannot be read; the error names the position.
        """
        return notation.string_to_action(self, text)

    #: moves are :class:`~olab.ora.Move` objects; one ends after ``COMMIT`` (a new turn)
    _move_type = Move

    def _closes_move(self, action: int) -> bool:
        return action == COMMIT

    def player_label(self, seat: int) -> str:
        """The seat's colour (``R``, ``G``, ``B``, ``W``)."""
        return self._color(self._check_player(seat))

    def progress(self) -> tuple[str, float]:
        """The round (or the settlement phase, or the bonus round) and the fraction of the game played.

        The fraction counts rounds against the mode's regular rounds (2-player
        games, which end by the display: against 30).
        """
        from .jsonview import display_round

        t = self._turn()
        rnd = display_round(self)
        if t["game_over"]:
            return "game over", 1.0
        if t["turn_kind"] in ("settlement", "solo_settlement"):
            text = f"phase {t['phase_letter']}"
        elif rnd == "bonus":
            text = "bonus round"
        else:
            text = f"round {rnd}"
        last = self.game.rules.core_config()["regular_rounds"] or 30
        done = 1.0 if rnd == "bonus" else min(1.0, (t["round"] - 1) / last)
        return text, done

    def to_kennerspiel(self) -> str:
        """The game so far in kennerspiel's command notation (one command per line).

        :func:`olab.ora.replay_kennerspiel` with the same rules reads it back
        to an identical state.  A command still being decided is left out.
        """
        from .kennerspiel import export
        return export(self)

    def _to_json(self, player: int | None, legal_actions: bool) -> dict:
        # everything a frontend draws (olab.ora.jsonview); nothing in Ora et
        # Labora is hidden, so every seat's view is the full state, with its ``view``
        return to_json(self, legal_actions, player)

    def __repr__(self) -> str:
        t = self._turn()
        if t["game_over"]:
            return f"<ora_et_labora State: game over, scores {self.scores()}>"
        d = self._decision()
        return (f"<ora_et_labora State: round {t['round']}, seat {d['chooser']} to decide "
                f"({d['kind']}), {self.move_number()} actions played>")

    def _render(self, player: int | None) -> str:
        # wheel, display, goods, clergy, landscapes as grids, whose decision
        # and the legal moves (olab.ora.render)
        from .render import render

        return render(self, player)

    # ---------------------------------------------------------- internals
    def _terrain(self, seat: int, sp: int) -> str:
        for s, _c, _r, terrain, _cid in self._spaces(seat):
            if s == sp:
                return {1: "plains", 2: "hillside", 4: "coast", 8: "water", 16: "mountain"}[terrain]
        raise KeyError(sp)

    def _money_rule(self) -> str:
        return self.game.rules.money_scoring

    def _illegal_reason(self, action) -> str:
        return _explain_illegal(self, action)

    def apply_recorded(self, action: int) -> None:
        """Apply an action of a recorded history: a legal action, or a forfeit.

        A forfeit (``FORFEIT ...`` in the notation) is never legal, so
        :meth:`apply_action` refuses it; the kennerspiel importer records one
        where the reference engine takes goods beyond a payment, and whatever
        replays a history (:meth:`Game.deserialize_state`, turn lines, the
        exporter) applies it with :meth:`apply_forfeit`.

        Raises
        ------
        IllegalActionError
            If the action does not apply here; the state is left exactly as it was.
        """
        if self.is_forfeit(action):
            self.apply_forfeit(action)
        else:
            self.apply_action(action)


def _explain_illegal(state: State, action: int) -> str:
    # a readable reason for an action that is not legal here
    if state.is_terminal():
        return "the game is over"
    if state.is_forfeit(action):
        return "a forfeit is never a legal action (State.apply_forfeit applies one)"
    d = state._decision()
    t = state._turn()
    L = core.ACTION_LAYOUT
    kind = d["kind"]
    if kind != "turn":
        card = decision_card(state, d)
        return (f"seat {d['chooser']} must first answer the pending {kind} decision"
                + (f" of {card}" if card else ""))
    me = t["current"]
    if L["USE_LB"] <= action < L["WORK"]:
        if t["main_used"] and not t["prior_pending"]:
            return "the main action of this turn is already used"
        clergy = state._clergy(me)
        if action >= L["USE_PRIOR"] and clergy[2] != "home":
            return "your prior is not at home"
        if action < L["USE_PRIOR"] and "home" not in clergy[:2]:
            return "no lay brother at home"
        return "not one of your unoccupied buildings"
    if L["WORK"] <= action < L["TARGET"]:
        if t["turn_kind"] == "bonus":
            return "no work contracts in the bonus round"
        if t["main_used"]:
            return "the main action of this turn is already used"
        return (f"the building is not available for a work contract (occupied, its owner has no "
                f"clergyman at home, or you cannot pay the fee of {t['contract_fee']})")
    if L["BUILD"] <= action < L["CARD"]:
        cid = action - L["BUILD"]
        if cid >= len(core.CARD_CODES) or cid not in state._display():
            if cid >= len(core.CARD_CODES):
                return "there is no such building card"
            return f"{core.CARD_CODES[cid]} is not in the display"
        if t["main_used"] and not t["bonus_build"]:
            return "the main action of this turn is already used"
        return f"you cannot pay for {core.CARD_CODES[cid]} or have no space where it may stand"
    if L["FELL"] <= action < L["BUILD"]:
        if t["turn_kind"] == "bonus":
            return "no Fell Trees / Cut Peat in the bonus round"
        if t["main_used"]:
            return "the main action of this turn is already used"
        return "there is no forest / moor of yours on that space"
    if L["DISTRICT"] <= action < L["TOTAL"]:
        if t["land_bought"]:
            return "one landscape per turn, and it is already bought"
        return "the landscape cannot be placed there or you cannot pay its price"
    if action == L["COMMIT"]:
        return "the neutral player must first build every building of the display"
    return "not legal at the top of this turn"


class Game(GameMixin):
    """An Ora et Labora configuration; it makes and loads states.

    Use :func:`olab.load` to make one.
    """

    #: the registry name
    name = "ora_et_labora"
    _engine = core
    _snapshot_code = SNAPSHOT_CODE
    #: what ``olab tune`` does not fit: the rewards' scales, and the push
    #: towards the end before the round cap (it keeps 2-player games from
    #: reaching the cap, docs/bots.rst; a fit to wins would not keep it)
    fixed_weights = frozenset({"reward_scale", "solo_centre", "solo_scale", "cap_push", "cap_ramp", "cap_ready"})

    def __init__(self, rules: Rules, chance: str = "sampled"):
        if chance not in ("sampled", "explicit"):
            raise ValueError(f"chance must be 'sampled' or 'explicit', not {chance!r}")
        self.rules = rules
        self.chance = chance
        conf = rules.core_config()
        if chance == "explicit":
            conf["flags"] |= core.RULE_FLAGS["explicit_chance"]
        self._core = core.CoreGame(conf)

    def __repr__(self) -> str:
        r = self.rules
        extra = " chance='explicit'" if self.chance == "explicit" else ""
        return f"<olab Game ora_et_labora {r.players}p {r.variant} {r.length} rules={r.preset!r}{extra}>"

    @property
    def search_defaults(self) -> dict:
        """The MCTS bot's parameters for this configuration (see :attr:`olab.contract.GameMixin.search_defaults`).

        Every configuration plays the planner over whole turns
        (``search="beam"``: beam search to the end of the game, the best
        finished line kept from move to move) at 500 positions a decision
        and at most 1.5 million positions valued (``evaluations``: a
        position late in the game costs several times one early, and the
        bound holds the longest decisions under a second on one core of the
        2-core build machine, where they reached 1.5 s without it).
        Against greedy it wins nearly every 2-player game, and solo it
        scores about 410 points where the search over whole actions scored
        290 (docs/bots.rst, "Strength").  With 3 or 4 players it expands
        2,000 positions under the same bound: the planner's levels are every
        seat's turns, so with four seats three quarters of its positions go
        to the other seats' turns, and 500 left a beam of a few positions a
        turn of its own (4-player self-play: 198.3 a seat at 2,000 on 12
        games, 188.6 at 500; docs/bots.rst; 3 players are not measured).
        A bot told to search whole actions
        still gets the solo settings of that search: every new node played
        out at random to the end of the game and rewards centred on the
        root's value (the heuristic misjudges what a solo game will still
        score).
        """
        positions = 2000 if self.rules.players >= 3 else 500
        tuned: dict = {"search": "beam", "beam": {"simulations": positions, "evaluations": 1_500_000}}
        if self.rules.players == 1:
            tuned["chains"] = {"rollout": 0, "solo_centred": True, "reward_scale": 30.0}
        return tuned

    def config(self) -> dict:
        """The options of this game as JSON-ready data: ``olab.load(**game.config())`` is an equal game.

        Always ``game``, ``players``, ``variant``, ``length``, ``rules`` (the
        preset) and ``chance``; then each rule field whose value differs from
        the preset's.
        """
        r = self.rules
        return {"game": self.name, "players": r.players, "variant": r.variant, "length": r.length,
                "rules": r.preset, "chance": self.chance, **r.overrides()}

    def score_categories(self) -> tuple[tuple[str, str], ...]:
        """The parts of a score (keys of :meth:`State.score_breakdown`) with a short label each."""
        return (("goods", "goods"), ("economic", "econ"), ("settlements", "settl"))

    def num_players(self) -> int:
        """Number of seats that play (the solo neutral player does not count)."""
        return self.rules.players

    def new_initial_state(self, seed: int = 0, colors: str | None = None,
                          neutral: str | None = None, shuffle: bool | None = None) -> State:
        """The position before the first turn.

        By default the seed decides the seating (which colour sits where)
        exactly as kennerspiel's ``START <seed> R G B W`` does; nothing else
        in Ora et Labora is random.  Colours given are kept in their order
        (seat 0 takes the first), unless a shuffle is asked for.

        Parameters
        ----------
        seed : int
            0 to 2**64-1.  kennerspiel's unseeded ``START`` is seed 2692.
        colors : str, optional
            The colours of the seats, e.g. ``"GR"`` (default ``"RGBW"``, cut
            to the number of players).  Solo: the player's colour first, then
            perhaps the neutral player's.
        neutral : str, optional
            Solo only: the neutral player's colour; by default drawn from the
            seed as kennerspiel does (when shuffled), else the second colour
            given, else the first of RGBW left.
        shuffle : bool, optional
            Seat the colours by kennerspiel's seeded shuffle (what ``START
            <seed> R G`` does).  Default: shuffle only when no ``colors`` are
            given.

        Examples
        --------
        >>> import olab
        >>> game = olab.load("ora_et_labora", players=2, length="short")
        >>> game.new_initial_state(colors="GR").player_label(0)
        'G'
        >>> game.new_initial_state(seed=5, colors="GR", shuffle=True).player_label(0)
        'R'
        """
        check_seed(seed)
        for name, value in (("colors", colors), ("neutral", neutral)):
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be a string of colours (RGBW), not {value!r}")
        if neutral is not None and self.rules.players != 1:
            raise ValueError(f"neutral is the solo game's neutral player; a {self.rules.players}-player game has none")
        if shuffle is None:
            shuffle = colors is None
        elif not isinstance(shuffle, bool):
            raise TypeError(f"shuffle must be a bool, not {shuffle!r}")
        state = self._core.new_state(seed, State, colors, neutral, shuffle)
        state.game = self
        return state

    def _root_problem(self, state) -> str | None:
        # every byte what its fields rebuild (ranges, masks, padding), then a
        # sane position (GameMixin._check_root adds: its JSON reads back)
        return state._rebuild_check(self._core) or state._sanity() or state._flow_problem()

    # GameMixin's hooks: the reader of JSON states, the tensor's layout
    _read_json = fromjson.state_from_json
    _layout = staticmethod(tensor.layout)
