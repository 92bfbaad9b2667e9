"""Setup per mode (rules.md 3.1-3.3) and seat order (3.2, notation.md 3)."""
import pytest

import olab
from olab.ora import Rules
from olab_core.ora._engine import kennerspiel_seats
from .orahelp import MODES, at, goods, new

STANDARD = {"wood": 1, "clay": 1, "peat": 1, "coin": 1, "grain": 1, "sheep": 1}


@pytest.mark.parametrize("players, length, expected", [
    (1, "long", {}),                                            # solo: no starting goods
    (2, "short", STANDARD), (2, "long", STANDARD), (3, "long", STANDARD), (4, "long", STANDARD),
    # short 3-4p: the standard goods plus round 1's grain and sheep
    (3, "short", {**STANDARD, "grain": 2, "sheep": 2}),
    (4, "short", {**STANDARD, "grain": 2, "sheep": 2}),
])
def test_starting_goods(players, length, expected):
    state = new(players=players, length=length)
    for seat in range(players):
        assert goods(state, seat) == expected


HEARTLAND = {(0, 0): "moor", (1, 0): "forest", (2, 0): "forest", (3, 0): None, (4, 0): "L1",
             (0, 1): "moor", (1, 1): "forest", (2, 1): "L2", (3, 1): None, (4, 1): "L3"}
TERRAIN = {(c, r): "plains" for c in range(5) for r in range(2)}
TERRAIN[(4, 0)] = "hillside"


@pytest.mark.parametrize("players, length", MODES)
def test_heartland(players, length):
    state = new(players=players, length=length)
    expected = dict(HEARTLAND)
    if length == "short" and players >= 3:          # rules.md 3.3: one moor and one forest fewer
        expected[(0, 0)] = None
        expected[(1, 0)] = None
    for seat in range(players):
        for (c, r), card in expected.items():
            assert at(state, seat, c, r) == card, (seat, c, r)
        doc = state.to_json()["players"][seat]["landscape"]["spaces"]
        assert {(s["col"], s["row"]): s["terrain"] for s in doc} == TERRAIN


def test_solo_neutral_player_heartland():
    # rules.md 10.1: no forests or moors, the Builders' Market at (0,0)
    state = new(players=1)
    cards = {(c, r): at(state, 1, c, r) for c in range(5) for r in range(2)}
    assert cards == {(0, 0): "G13", (1, 0): None, (2, 0): None, (3, 0): None, (4, 0): "L1",
                     (0, 1): None, (1, 1): None, (2, 1): "L2", (3, 1): None, (4, 1): "L3"}
    assert goods(state, 1) == {}
    assert state._clergy(1) == ["home", "home", "home"]
    assert "G13" not in [olab.ora.game.core.CARD_CODES[c] for c in state._display()]


@pytest.mark.parametrize("players, length, clergy", [
    (1, "long", ["home", "home", "home"]), (2, "short", ["home", "home", "home"]),
    (4, "long", ["home", "home", "home"]),
    (3, "short", ["home", None, "home"]), (4, "short", ["home", None, "home"]),
])
def test_clergy(players, length, clergy):
    # 2 lay brothers and a prior; 1 lay brother and a prior in the short 3-4p game
    state = new(players=players, length=length)
    for seat in range(players):
        assert state._clergy(seat) == clergy


def test_settlement_cards_in_hand():
    state = new(players=3)
    for seat in range(3):
        assert state.to_json()["players"][seat]["settlements_in_hand"] == [
            f"S{'RGB'[seat]}{n}" for n in (1, 2, 3, 4)]


# deck sizes (buildings README "Buildings in play per mode")
@pytest.mark.parametrize("players, length, printed, kennerspiel", [
    (1, "long", 36, 36), (2, "short", 24, 24), (2, "long", 38, 24), (3, "long", 33, 33),
    (3, "short", 24, 33), (4, "long", 41, 41), (4, "short", 33, 41),
])
def test_deck_size_per_mode(players, length, printed, kennerspiel):
    assert len(Rules.preset("printed", players=players, length=length).deck()) == printed
    assert len(Rules.preset("kennerspiel", players=players, length=length).deck()) == kennerspiel


def test_4p_short_c_quarry_is_optional():
    with_q = Rules.preset("printed", players=4, length="short").deck()
    without = Rules.preset("printed", players=4, length="short", short_4p_c_quarry=False).deck()
    assert "F29" in with_q and "F29" not in without and len(without) == 32


def test_2p_long_printed_deck_omits_carpentry_and_c_cards():
    deck = set(Rules.preset("printed", players=2, length="long").deck())
    assert not deck & {"F10", "F29", "F31"}


def test_solo_deck_omits_vines_quarry_carpentry_and_builders_market():
    deck = set(Rules.preset("printed", players=1).deck())
    assert not deck & {"F10", "F14", "F31", "F29", "G13"}


@pytest.mark.parametrize("players, length", MODES)
def test_display_at_start_is_the_start_stage(players, length):
    rules = Rules.preset("printed", players=players, length=length)
    state = new(players=players, length=length)
    start = {b for b in rules.deck() if olab.ora.BUILDINGS[b].stage == "start"}
    codes = {olab.ora.game.core.CARD_CODES[c] for c in state._display()}
    assert codes == start


@pytest.mark.parametrize("players, district, plot", [
    (4, 2, 3), (2, 2, 3), (1, 8, 7),        # rules.md 7.5: solo prices fall
])
def test_first_landscape_prices(players, district, plot):
    doc = new(players=players).to_json()
    assert doc["prices"] == {"district": district, "plot": plot, "districts_left": 9, "plots_left": 9}


def test_kennerspiel_seat_shuffle_reference_values():
    # notation.md 3: values checked against kennerspiel
    assert kennerspiel_seats(74239, "RGWB") == ("GWRB", None)
    assert kennerspiel_seats(1699, "RGB") == ("GBR", None)
    assert kennerspiel_seats(43419, "GW") == ("WG", None)
    assert kennerspiel_seats(98369, "RW") == ("WR", None)
    assert kennerspiel_seats(42, "R") == ("R", "W")
    assert kennerspiel_seats(23082, "R") == ("R", "G")
    assert kennerspiel_seats(2692, "RGBW") == ("RGBW", None)


def test_seed_colours_the_seats():
    game = olab.load("ora_et_labora", players=3)
    state = game.new_initial_state(1699)
    assert [state._color(i) for i in range(3)] == list("GBR")
    solo = olab.load("ora_et_labora", players=1).new_initial_state(42)
    assert solo._color(0) == "R" and solo._color(1) == "W"


def test_colours_given_are_kept_unless_a_shuffle_is_asked_for():
    # issue 16 §5: the seating as wanted, no magic seed; with shuffle=True the
    # colours are seated as kennerspiel's START <seed> seats them
    game = olab.load("ora_et_labora", players=3)
    for seed in (0, 1699, 2 ** 64 - 1):
        assert [game.new_initial_state(seed, colors="BRG").player_label(i) for i in range(3)] == list("BRG")
    assert [game.new_initial_state(1699, colors="RGB", shuffle=True).player_label(i) for i in range(3)] == list("GBR")
    # no colours: the seeded shuffle of RGBW, as before; shuffle=False: RGBW in order
    assert [game.new_initial_state(1699).player_label(i) for i in range(3)] == list("GBR")
    assert [game.new_initial_state(1699, shuffle=False).player_label(i) for i in range(3)] == list("RGB")
    with pytest.raises(TypeError, match="shuffle"):
        game.new_initial_state(1, colors="RGB", shuffle="yes")
    with pytest.raises(ValueError, match="colours"):
        game.new_initial_state(1, colors="RRG")


def test_solo_colours_given_are_kept():
    game = olab.load("ora_et_labora", players=1)
    def colours(**kw):
        return [p["color"] for p in game.new_initial_state(42, **kw).to_json()["players"]]
    assert colours(colors="B") == ["B", "R"]                 # the first of RGBW left
    assert colours(colors="BW") == ["B", "W"]                # the second colour given
    assert colours(colors="B", neutral="G") == ["B", "G"]
    assert colours(colors="R", shuffle=True) == ["R", "W"]   # kennerspiel_seats(42, "R")


def test_explicit_chance_seating_is_skipped_when_colours_are_given():
    game = olab.load("ora_et_labora", players=2, chance="explicit")
    assert game.new_initial_state(3).current_player() == olab.CHANCE
    state = game.new_initial_state(3, colors="GR")
    assert state.current_player() == 0 and state.player_label(0) == "G"
