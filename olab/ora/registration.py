"""Ora et Labora's entry in the registry: its options and its factory.

The options are the four of the box (players, variant, length, the rule
reading), the chance mode, and every field of :class:`~olab.ora.Rules`, each
overriding the preset (``None``, the default, keeps the preset's value).
"""
from __future__ import annotations

import re
from dataclasses import fields

from olab.registry import GameInfo, Option

from . import board
from .rules import _CHOICES, PRESETS, Rules

__all__ = ["GAME_INFO"]

_MAIN = ("players", "variant", "length", "preset")
_VALUES = {"round_tower_dwelling": (9, 2),
           "grapes_round_3p_long": (board.GRAPE_ROUND_3P_LONG["printed"], board.GRAPE_ROUND_3P_LONG["kennerspiel"])}
_HELP = {
    "two_player_round_limit": "the round at which an engine cap stops a 2-player game whose display "
                              "cannot run low (no printed rule; 30-1000)",
    "solo_grapes_stone": "a point both presets agree on (one supported value)",
    "solo_length": "a point both presets agree on (one supported value)",
    "solo_joker": "a point both presets agree on (one supported value)",
    "two_player_short_end": "a point both presets agree on (one supported value)",
    "bonus_round": "a point both presets agree on (one supported value)",
}


def _field_help() -> dict[str, str]:
    # the first sentence of each field's entry in the Rules docstring
    out = {}
    doc = Rules.__doc__ or ""
    for m in re.finditer(r"^    (\w+(?:, \w+)*) : [^\n]*\n((?:        [^\n]*\n)+)", doc, re.M):
        text = " ".join(line.strip() for line in m.group(2).splitlines())
        first = re.split(r"(?<=[.;])\s", text, maxsplit=1)[0].rstrip(".;")
        for name in m.group(1).split(", "):
            out[name] = first
    return out


def _options() -> tuple[Option, ...]:
    opts = [
        Option("players", int, 4, (1, 2, 3, 4), "1 (solo, against the neutral player) to 4"),
        Option("variant", str, "france", ("france", "ireland"), "which side of the building cards is used"),
        Option("length", str, "long", ("long", "short"),
               "game length (ignored in solo; with 2 players short is the regular game)"),
        Option("rules", str, "printed", tuple(PRESETS),
               "the rule reading: the printed rulebook, or the kennerspiel reference engine's"),
        Option("chance", str, "sampled", ("sampled", "explicit"),
               "the seating: dealt from the seed as kennerspiel's START does, or a chance node"),
    ]
    helps = _field_help()
    for f in fields(Rules):
        if f.name in _MAIN:
            continue
        values = _CHOICES.get(f.name) or _VALUES.get(f.name)
        kind: type
        if f.type in ("bool", bool):
            kind, values = bool, (True, False)
        elif f.type in ("int", int):
            kind = int
        else:
            kind = str
        text = _HELP.get(f.name) or helps.get(f.name, f.name)
        opts.append(Option(f.name, kind, None, values, f"{text} (default: the preset's)"))
    return tuple(opts)


def _normalize(given: dict) -> dict:
    # a complete Rules object stands for the box options, the preset and its overrides
    rules = given.get("rules")
    if not isinstance(rules, Rules):
        return given
    others = set(given) - {"rules", "chance"}
    if others:
        raise ValueError(f"pass either a Rules object or {', '.join(sorted(others))}, not both")
    out = {"players": rules.players, "variant": rules.variant, "length": rules.length,
           "rules": rules.preset, **rules.overrides()}
    if "chance" in given:
        out["chance"] = given["chance"]
    return out


def _factory(players, variant, length, rules, chance, **overrides):
    from .game import Game

    spec = Rules.preset(rules, players=players, variant=variant, length=length,
                        **{k: v for k, v in overrides.items() if v is not None})
    return Game(spec, chance=chance)


def _replay_kennerspiel(text, **options):
    # a record's CONFIG and START give the players, variant, length and seating;
    # the other options (the rules preset and rule overrides) go to the replay
    from .kennerspiel import replay

    for key in ("players", "variant", "length", "chance"):
        options.pop(key, None)
    return replay(text, **options)


def _export_kennerspiel(state):
    # a seating drawn at a chance node (chance="explicit") is written as a
    # SEATING line after START, which olab's reader takes (issue 27: the
    # record is written, not refused)
    return state.to_kennerspiel()


# every mode in both variants and both presets, and the seating as a chance node
_MODES = ((1, "long"), (2, "long"), (2, "short"), (3, "long"), (3, "short"), (4, "long"), (4, "short"))
TEST_CONFIGS = tuple(
    dict(players=p, length=length, variant=v, rules=r)
    for p, length in _MODES for v in ("france", "ireland") for r in ("printed", "kennerspiel")
) + (dict(players=1, chance="explicit"), dict(players=3, length="short", chance="explicit"))

GAME_INFO = GameInfo(
    name="ora_et_labora",
    title="Ora et Labora",
    options=_options(),
    factory=_factory,
    module="olab.ora",
    normalize=_normalize,
    replay_formats={"kennerspiel": _replay_kennerspiel},
    export_formats={"kennerspiel": _export_kennerspiel},
    test_configs=TEST_CONFIGS,
    # the seating is a chance node with chance="explicit"; nothing is hidden
    chance_mode="explicit_stochastic",
)
