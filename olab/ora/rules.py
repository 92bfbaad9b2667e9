"""The rules object: mode, variant and every rule option, with two presets.

The rule sources disagree on a handful of points.  Each point is a field of
:class:`Rules`; the ``printed`` preset (the default) follows the printed
rulebook, the ``kennerspiel`` preset behaves like the reference engine so that
games recorded there replay with their scores.  See the docs page "Rule
options" for what every field means.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal

from olab_core.ora import _engine as core

from . import board
from .cards import BUILDINGS

__all__ = ["Rules", "PRESETS", "MODES"]

#: (players, length) -> mode name
MODES = {
    (1, "long"): "solo", (1, "short"): "solo",
    (2, "short"): "2p_short", (2, "long"): "2p_long",
    (3, "long"): "3p_long", (3, "short"): "3p_short",
    (4, "long"): "4p_long", (4, "short"): "4p_short",
}

# The schedule, the token rounds, the prices and the wheel's side of each mode
# come from wheel.json / landscape.json (olab.ora.board).

_CHOICES = {
    "variant": ("france", "ireland"),
    "length": ("long", "short"),
    "deck_2p_long": ("printed", "regular_2p"),
    "deck_short": ("reduced", "full"),
    "contract_fee": ("built", "display"),
    "prior_after_build": ("new_building", "any_building"),
    "money_scoring": ("additive", "either_or"),
    "coal_harbor_input": ("peat_coal", "peat"),
    "bonus_round_return": ("priors_first", "kennerspiel"),
    "solo_grapes_stone": ("never",),
    "solo_length": ("kennerspiel",),
    "solo_joker": ("from_round_1",),
    "two_player_short_end": ("final_single_action",),
    "bonus_round": ("build_or_prior",),
}


if TYPE_CHECKING:
    from olab.contract import PresetAttr


@dataclass(frozen=True)
class Rules:
    """A complete Ora et Labora configuration.

    Build one with :meth:`preset`; every option can be overridden by name.

    Parameters
    ----------
    players : int
        1 (solo, against the neutral player) to 4.
    variant : {"france", "ireland"}
        Which side of the building cards is used.
    length : {"long", "short"}
        Game length; ignored for 1 player.  With 2 players "short" is the
        regular 2-player game.
    preset : {"printed", "kennerspiel"}
        The name of the preset the options came from (informational).
    deck_2p_long : {"printed", "regular_2p"}
        Building deck of the long 2-player game: 38 France / 41 Ireland cards,
        or kennerspiel's regular 24-card 2-player deck.
    deck_short : {"reduced", "full"}
        Building deck of the short 3-4 player game: the reduced short decks,
        or kennerspiel's full 3p / 4p decks.
    short_4p_c_quarry : bool
        Whether the C-Quarry (F29) is in the 4-player short France game (the
        rulebook leaves it to the players).
    round_tower_dwelling : int
        Dwelling value of the Round Tower (I35): 9 printed, 2 kennerspiel.
    whiskey_distillery_free : bool
        kennerspiel builds the Whiskey Distillery (I21) for nothing.
    contract_fee : {"built", "display"}
        When the work-contract fee rises to 2: once the Winery / Whiskey
        Distillery has been built, or (kennerspiel) once it has left the
        display after phase A.
    prior_after_build : {"new_building", "any_building"}
        Where the prior may go right after a Build.
    grapes_round_3p_long : int
        Round in which grapes enter the wheel in the long 3-player game (8 in
        the rulebook, 9 in kennerspiel).
    money_scoring : {"additive", "either_or"}
        Whether a wine / whiskey scores its point *and* counts a coin towards
        complete fives (printed), or one or the other (kennerspiel).
    bulwark_advances_track : bool
        Whether a free landscape from the Bulwark (I37) uses up the top price
        of its pile.
    fell_cut_without_card : bool
        Whether Fell Trees / Cut Peat may be taken with no forest / moor left
        (nothing gained, the main action spent).
    use_without_function : bool
        Whether a clergyman may be placed without using the building's
        function on every building (printed), or only where kennerspiel lets a
        use produce nothing.
    coal_harbor_input : {"peat_coal", "peat"}
        What the Coal Harbor (I31) burns.
    bonus_round_return : {"priors_first", "kennerspiel"}
        Order of the returns before the bonus round; kennerspiel's 3-player
        short game returns clergy before the priors.
    two_player_round_limit : int
        Not a printed rule: the 2-player game ends by its display running low
        (at most 1 / 3 buildings), which can never happen when no player has
        room left for the last cards.  The engine then ends the game, in the
        same way, once this round is reached (far beyond any real game, which
        ends near round 30).  kennerspiel has no limit; its preset uses 1000,
        which no recorded game reaches.
    solo_grapes_stone, solo_length, solo_joker, two_player_short_end, bonus_round : str
        Points on which both presets agree (see the rule options page); they
        have a single supported value each.
    """

    players: int = 4
    variant: Literal["france", "ireland"] = "france"
    length: Literal["long", "short"] = "long"
    if TYPE_CHECKING:
        preset: PresetAttr[Rules] = PresetAttr()
    else:
        preset: str = "printed"
    deck_2p_long: str = "printed"
    deck_short: str = "reduced"
    short_4p_c_quarry: bool = True
    round_tower_dwelling: int = 9
    whiskey_distillery_free: bool = False
    contract_fee: str = "built"
    prior_after_build: str = "new_building"
    grapes_round_3p_long: int = board.GRAPE_ROUND_3P_LONG["printed"]
    money_scoring: str = "additive"
    bulwark_advances_track: bool = True
    fell_cut_without_card: bool = True
    use_without_function: bool = True
    coal_harbor_input: str = "peat_coal"
    bonus_round_return: str = "priors_first"
    two_player_round_limit: int = 60
    solo_grapes_stone: str = "never"
    solo_length: str = "kennerspiel"
    solo_joker: str = "from_round_1"
    two_player_short_end: str = "final_single_action"
    bonus_round: str = "build_or_prior"

    def __post_init__(self):
        # every field has the type of its default: "false" is no bool, 2.0 no int
        for f in fields(self):
            want = type(f.default)
            value = getattr(self, f.name)
            if type(value) is not want:
                raise ValueError(f"{f.name} must be {want.__name__}, not {value!r}")
        if type(self.players) is not int or self.players not in (1, 2, 3, 4):
            raise ValueError(f"players must be one of 1, 2, 3, 4, not {self.players!r}")
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"{name} must be one of {', '.join(map(repr, allowed))}, not {getattr(self, name)!r}")
        if self.preset not in PRESETS:
            raise ValueError(f"preset must be one of {', '.join(map(repr, PRESETS))}, not {self.preset!r}")
        rounds = tuple(board.GRAPE_ROUND_3P_LONG.values())
        if self.grapes_round_3p_long not in rounds:
            raise ValueError(f"grapes_round_3p_long must be {' or '.join(map(str, rounds))}, "
                             f"not {self.grapes_round_3p_long!r}")
        if not isinstance(self.two_player_round_limit, int) or not 30 <= self.two_player_round_limit <= 1000:
            raise ValueError(f"two_player_round_limit must be an int in 30..1000, not {self.two_player_round_limit!r}")
        if self.round_tower_dwelling not in (2, 9):
            raise ValueError(f"round_tower_dwelling must be 9 or 2, not {self.round_tower_dwelling!r}")

    # ------------------------------------------------------------------
    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        """The names of the presets, ``("printed", "kennerspiel")``."""
        return tuple(PRESETS)

    def with_options(self, **kwargs) -> "Rules":
        """A copy with some fields changed."""
        return replace(self, **kwargs)

    def overrides(self) -> dict:
        """The rule fields whose value differs from the preset's, ``{name: value}``."""
        base = Rules.preset(self.preset, players=self.players, variant=self.variant, length=self.length)
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("players", "variant", "length", "preset")
                and getattr(self, f.name) != getattr(base, f.name)}

    @property
    def mode(self) -> str:
        """``solo``, ``2p_short``, ``2p_long``, ``3p_long``, ``3p_short``, ``4p_long`` or ``4p_short``."""
        return MODES[(self.players, self.length)]

    def deck(self) -> list[str]:
        """The ids of every building card in this game's deck (all stages)."""
        mode = self.mode
        key = {"solo": "solo", "2p_short": "2p", "3p_long": "3p", "4p_long": "4p"}.get(mode)
        if mode == "2p_long":
            key = "2p_long" if self.deck_2p_long == "printed" else "2p"
        elif mode == "3p_short":
            key = "3p_short" if self.deck_short == "reduced" else "3p"
        elif mode == "4p_short":
            key = "4p_short" if self.deck_short == "reduced" else "4p"
        out = []
        for b in BUILDINGS.values():
            if b.kind != "building" or b.variant not in ("both", self.variant):
                continue
            flag = b.player_modes[key]
            if flag is True or (flag == "optional" and self.short_4p_c_quarry):
                out.append(b.id)
        return out

    def core_config(self) -> dict:
        """The numbers the compiled core needs for this configuration."""
        mode = self.mode
        flags = 0
        F = core.RULE_FLAGS
        if not self.use_without_function:
            flags |= F["no_empty_wheel_use"]
        if self.contract_fee == "display":
            flags |= F["fee_by_display"]
        if self.prior_after_build == "any_building":
            flags |= F["prior_any_after_build"]
        if self.money_scoring == "either_or":
            flags |= F["score_either_or"]
        if not self.bulwark_advances_track:
            flags |= F["bulwark_keeps_track"]
        if self.fell_cut_without_card:
            flags |= F["fell_cut_none"]
        if self.coal_harbor_input == "peat":
            flags |= F["coal_harbor_peat"]
        if self.whiskey_distillery_free:
            flags |= F["distillery_free"]
        if self.bonus_round_return == "kennerspiel" and mode == "3p_short":
            flags |= F["bonus_return_first"]
        # grapes (France only) and stone enter the wheel (rules.md 4.5; wheel.json token_entry)
        grape, stone, before = board.token_entry(mode, grapes_round_3p_long=self.grapes_round_3p_long)
        if self.variant != "france":
            grape = 0
        solo = mode == "solo"
        return dict(
            deck=[core.card_id(c) for c in self.deck()],
            flags=flags,
            players=self.players,
            mode=mode,
            variant=self.variant,
            wheel_back=board.WHEEL_SIDE[mode] == "back",
            grape_round=grape,
            stone_round=stone,
            tokens_before_rotation=before,
            settle_after=board.SETTLE_AFTER[mode],
            regular_rounds=board.REGULAR_ROUNDS[mode],
            round_limit=self.two_player_round_limit,
            lay_brothers=1 if mode in ("3p_short", "4p_short") else 2,
            hotb=(1, 1) if solo else ((3, 2) if mode == "2p_long" else (2, 1)),
            round_tower_dwell=self.round_tower_dwelling,
            district_prices=board.DISTRICT_PRICES["solo" if solo else "multi"],
            plot_prices=board.PLOT_PRICES["solo" if solo else "multi"],
        )


#: The option values each of the two presets sets, by preset name.
PRESETS = {
    "printed": {},
    "kennerspiel": dict(
        deck_2p_long="regular_2p",
        deck_short="full",
        round_tower_dwelling=2,
        whiskey_distillery_free=True,
        contract_fee="display",
        prior_after_build="any_building",
        grapes_round_3p_long=board.GRAPE_ROUND_3P_LONG["kennerspiel"],
        money_scoring="either_or",
        bulwark_advances_track=False,
        fell_cut_without_card=False,
        use_without_function=False,
        coal_harbor_input="peat",
        bonus_round_return="kennerspiel",
        two_player_round_limit=1000,
    ),
}


def _preset(cls: type[Rules], name: str = "printed", **kwargs: Any) -> Rules:
    """The rules of a preset, with any field overridden by keyword.

    Raises
    ------
    ValueError
        For an unknown preset or option, listing the valid ones.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r}; valid: {', '.join(PRESETS)}")
    if "preset" in kwargs:
        raise ValueError("the preset is named by the first argument; it cannot be overridden")
    names = {f.name for f in fields(cls)}
    bad = sorted(set(kwargs) - names)
    if bad:
        raise ValueError(f"unknown rule option(s) {', '.join(bad)}; valid: {', '.join(sorted(names))}")
    return cls(**{**PRESETS[name], "preset": name, **kwargs})


# ``Rules.preset`` is both a field (the preset's name) and the constructor
# ``Rules.preset("kennerspiel", ...)``.  The constructor is attached after the
# dataclass is made: defined in the class body it would replace the field's
# default, and ``Rules()`` would fail.  Instances keep their field value.
Rules.preset = classmethod(_preset)  # type: ignore[assignment]  # a field on instances (see olab.contract.PresetAttr)
