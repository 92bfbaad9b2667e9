"""Running out (summary, General Rules, Running Out of Tiles): "you cannot gain an unavailable tile,
and you cannot play an action that provides it ... If the supply temporarily lacks coins,
players cannot receive coins then."  Characters and technology tiles: test_orleans_tracks.py and
test_orleans_places.py; goods tiles: test_orleans_place_tiles.py; Income: test_orleans_events.py.
"""
from olab.orleans import PLACE_TILES
from .orlhelp import doc_of, play, position, set_place, texts

STAGE_I = [t for t, tile in PLACE_TILES.items() if tile.stage == "I"]


def _village(doc):
    set_place(doc, "village", ["F", "B", "C"])


def test_coins_the_supply_lacks_are_not_received():
    # boatmen step 1 shows 2 coins; the supply has 1: the player receives 1, the action is allowed
    def e(doc):
        _village(doc)
        doc["supply"]["coins"] = 1
    s = play(position(edit=e), "USE village boatman")
    d = doc_of(s)
    assert d["players"][0]["coins"] == 5 + 1 and d["supply"]["coins"] == 0
    assert d["players"][0]["tracks"]["boatmen"] == 1


def test_the_first_trader_needs_a_stage_i_tile_later_ones_either_stage():
    # Expanding the City: "from stack I (first advance) or stack I or II (later advances)"
    def no_stage_i(doc):
        _village(doc)
        doc["supply"]["place_tiles"] = [t for t in doc["supply"]["place_tiles"] if t not in STAGE_I]
    s = position(edit=no_stage_i)
    assert not [t for t in texts(s) if t.startswith("USE village trader")]
    assert "USE village boatman" in texts(s)

    def later(doc):
        no_stage_i(doc)
        doc["players"][0]["tracks"]["traders"] = 1
    s = position(edit=later)
    offered = sorted(t.split()[-1] for t in texts(s) if t.startswith("USE village trader"))
    assert offered == sorted(t for t, tile in PLACE_TILES.items() if tile.stage == "II")


def test_no_place_tile_left_blocks_the_trader():
    def e(doc):
        _village(doc)
        doc["players"][0]["tracks"]["traders"] = 1
        doc["supply"]["place_tiles"] = []
    s = position(edit=e)
    assert not [t for t in texts(s) if t.startswith("USE village trader")]
