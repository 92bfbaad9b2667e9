"""Fields of Arle's entry in the registry: its options and its factory.

The options are the two of the box (players, which buildings play), the rule
reading (``rules``: a preset), and every disputed field of
:class:`~olab.arle.Rules`, each overriding the preset (``None``, the default,
keeps the preset's value).  ``buildings`` takes ``"starter"``, ``"random"`` or
an explicit list (a comma-separated string, or a list / tuple of building
keys, which ``config()`` gives back as the string).
"""
from __future__ import annotations

from olab.registry import GameInfo, Option

from .rules import PRESETS, Rules, parse_buildings

__all__ = ["GAME_INFO"]

_FIELD_OPTIONS = (
    Option("summer_wear_half_points", int, None, (4,), "summer wear at the end, in half points (default: the preset's)"),
    Option("winter_wear_half_points", int, None, (4, 5),
           "winter wear at the end in half points: 5 (2½, printed) or 4 (2, rulebook text) (default: the preset's)"),
    Option("leather_wear_half_points", int, None, (4, 5),
           "leather wear at the end in half points: 5 (2½, printed) or 4 (2, rulebook text) (default: the preset's)"),
    Option("weaving_mill_cost", str, None, ("wool", "woolen"),
           "the Weaving Mill costs 2 bricks and 10 flax or 10 of this (default: the preset's)"),
    Option("colonists_house_input", str, None, ("wool", "woolen"),
           "what the Colonists' House takes 2 of (default: the preset's)"),
    Option("small_boardwalk_vp", int, None, (-1, -3), "the small boardwalk left at the end (default: the preset's)"),
    Option("travel_points", str, None, ("list", "formula"),
           "travel-track points: board.json's explicit list or its source's formula (default: the preset's)"),
    Option("start_grain", int, None, (1, 2), "grain at the start (with start_hide: 1/2 or 2/1) (default: the preset's)"),
    Option("start_hide", int, None, (1, 2), "hides at the start (default: the preset's)"),
)

OPTIONS = (
    Option("players", int, 2, (1, 2), "1 (the solo game) or 2"),
    Option("buildings", str, "starter", None,
           "'starter', 'random', or an explicit comma-separated list of 4 small houses, 2 minor craft "
           "buildings and 3 inns"),
    Option("rules", str, "rulebook", tuple(PRESETS),
           "the rule reading: the rulebook text word for word (the default), or as printed on the components"),
) + _FIELD_OPTIONS


def _normalize(given: dict) -> dict:
    # a list of buildings, or a complete Rules object, stands for plain options
    out = dict(given)
    rules = out.get("rules")
    if isinstance(rules, Rules):
        others = set(out) - {"rules"}
        if others:
            raise ValueError(f"pass either a Rules object or {', '.join(sorted(others))}, not both")
        return {"players": rules.players, "buildings": rules.buildings, "rules": rules.preset, **rules.overrides()}
    b = out.get("buildings")
    if isinstance(b, (list, tuple)):
        out["buildings"] = ",".join(parse_buildings(b)[1])
    return out


def _factory(players, buildings, rules, **overrides):
    from .game import Game

    return Game(Rules.preset(rules, players=players, buildings=buildings,
                             **{k: v for k, v in overrides.items() if v is not None}))


_EXPLICIT = ("novices_hut,workshop,weaving_parlor,schnapps_distillery,smithy,bakehouse,"
             "gulf_house_inn,milk_house_inn,sluice_yard_inn")

#: both player counts, both presets, every buildings mode
TEST_CONFIGS = tuple(
    dict(players=p, buildings=b, rules=r)
    for p in (1, 2) for b in ("starter", "random") for r in ("printed", "rulebook")
) + (dict(players=2, buildings=_EXPLICIT), dict(players=1, buildings=_EXPLICIT, rules="rulebook"))

def _replay(text, **options):
    from .record import replay

    return replay(text, **options)


def _export(state):
    from .record import export

    return export(state)


GAME_INFO = GameInfo(
    name="fields_of_arle",
    title="Fields of Arle",
    options=OPTIONS,
    factory=_factory,
    module="olab.arle",
    normalize=_normalize,
    replay_formats={"olab": _replay},
    export_formats={"olab": _export},
    test_configs=TEST_CONFIGS,
    # 2: the choices the rulebook gives (issue 24.2): animals returned before
    # breeding, the optional animal of the Colonist and the Dike Builder,
    # multi-pick actions as one pick of every combination or one item at a
    # time; records of version 1 name moves that no longer exist
    rules_version=2,
    # nothing is random after the deal, nothing is hidden
    chance_mode="deterministic",
)
