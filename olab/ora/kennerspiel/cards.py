"""Every building's ``USE`` parameters: the decoder and encoder tables.

The families live in ``uses_simple`` (wheel cards, plain gains, lent uses,
forests, upgrades), ``uses_coins`` (coin cards, one-time exchanges),
``uses_counts`` (n times one good or one set), ``uses_value`` (conversions by
value, the joker cards) and ``uses_choice`` (goods of different kinds, a
chosen output); each maps a card (its base code: ``L1``, ``G01``, ``I33``) to
its ``(decoder, encoder)`` pair, and this module merges them.
"""
from __future__ import annotations

from typing import Callable

from . import uses_choice, uses_coins, uses_counts, uses_simple, uses_value
from .common import Driver, UseRecord

# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

_FAMILIES = (uses_simple.CARDS, uses_coins.CARDS, uses_counts.CARDS, uses_value.CARDS, uses_choice.CARDS)
#: a card's pair: the decoder plays its USE parameters (player, card, parameters),
#: the encoder writes them from the use's record
CARDS: dict[str, tuple[Callable[[Driver, str, list[str]], None], Callable[[UseRecord], str]]] = {}
for _family in _FAMILIES:
    assert not set(_family) & set(CARDS), "a card in two families"
    CARDS.update(_family)

DECODERS = {card: pair[0] for card, pair in CARDS.items()}
ENCODERS = {card: pair[1] for card, pair in CARDS.items()}
encode_default = uses_simple.enc_nothing
