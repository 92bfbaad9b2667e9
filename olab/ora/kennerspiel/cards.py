"""Every building's ``USE`` parameters: the decoder and encoder tables.

The families live in ``uses_simple``, ``uses_exchange``, ``uses_value`` and
``uses_ireland``; each maps a card (its base code: ``L1``, ``G01``, ``I33``)
to its ``(decoder, encoder)`` pair, and this module merges them.
"""
from __future__ import annotations

from . import uses_exchange, uses_ireland, uses_simple, uses_value

_FAMILIES = (uses_simple.CARDS, uses_exchange.CARDS, uses_value.CARDS, uses_ireland.CARDS)
CARDS = {}
for _family in _FAMILIES:
    assert not set(_family) & set(CARDS), "a card in two families"
    CARDS.update(_family)

DECODERS = {card: pair[0] for card, pair in CARDS.items()}
ENCODERS = {card: pair[1] for card, pair in CARDS.items()}
encode_default = uses_simple.enc_nothing

# the coins a card costs: kennerspiel pays a wine / whiskey written there as
# coins, so the importer changes it into coins before the use
COIN_COST = {"F03": 1, "F15": 1, "F23": 1, "F32": 1, "G13": 2, "F17": 3, "F35": 5, "G41": 5,
             "I03": 1, "I17": 1, "I23": 2, "I24": 1}
