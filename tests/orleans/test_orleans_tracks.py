"""Every step of every character track, and the end of each track (summary, The Actions / Places;
tracks.json character_tracks.<track>.rewards_by_step).

"Once your marker reaches the last space of a track, you may no longer take that action"; and
Running Out of Tiles: "you cannot gain an unavailable tile, and you cannot play an action that
provides it".  The Farm House's steps are in test_orleans_places.py.
"""
import pytest

from olab.orleans import TRACKS
from .orlhelp import doc_of, legal, play, position, set_place

# the place (and its tiles) whose use takes each character, and the action text
USES = {
    "boatmen": ("village", ["F", "B", "C"], "USE village boatman", "B"),
    "craftsmen": ("village", ["F", "B", "C"], "USE village craftsman", "C"),
    "traders": ("village", ["F", "B", "C"], "USE village trader hayrick", "T"),
    "knights": ("castle", ["F", "B", "T"], "USE castle", "K"),
    "scholars": ("university", ["F", "C", "T"], "USE university", "S"),
}


def _at(track, step, **more):
    place, tiles, _, _ = USES[track]

    def e(doc):
        set_place(doc, place, tiles)
        doc["players"][0]["tracks"][track] = step
        for key, value in more.items():
            doc["supply"][key] = value
    return position(edit=e)


@pytest.mark.parametrize("step", range(5))
def test_scholars_development_of_every_step(step):
    # University: "receive Development Points": tracks.json scholars rewards_by_step +2 +3 +4 +5 +6
    s = play(_at("scholars", step), "USE university")
    p = doc_of(s)["players"][0]
    assert p["development"] == TRACKS["scholars"].rewards[step].development == step + 2
    assert p["tracks"]["scholars"] == step + 1


@pytest.mark.parametrize("step", range(5))
def test_craftsmen_technology_tile_every_step(step):
    # Village, Craftsman: "receive a Technology Tile" at every step of the craftsmen track
    s = play(_at("craftsmen", step), "USE village craftsman")
    d = doc_of(s)
    assert TRACKS["craftsmen"].rewards[step].technology
    assert d["players"][0]["technology_unplaced"] == 1 and d["supply"]["technology"] == 15
    assert d["players"][0]["tracks"]["craftsmen"] == step + 1


@pytest.mark.parametrize("step", range(5))
def test_traders_place_tile_every_step(step):
    # Village, Trader: "expand your city with a Place Tile" at every step (stack I first, then I or II)
    s = _at("traders", step)
    offered = [a for a in (s.action_to_string(x) for x in s.legal_actions()) if a.startswith("USE village trader")]
    assert len(offered) == (12 if step == 0 else 20)
    play(s, "USE village trader hayrick")
    p = doc_of(s)["players"][0]
    assert p["place_tiles"] == ["hayrick"] and p["tracks"]["traders"] == step + 1


@pytest.mark.parametrize("step", range(4))
def test_boatmen_coins_every_step_before_the_last(step):
    s = play(_at("boatmen", step), "USE village boatman")
    assert doc_of(s)["players"][0]["coins"] == 5 + TRACKS["boatmen"].rewards[step].coins


@pytest.mark.parametrize("track", sorted(USES))
def test_the_last_space_of_a_track_blocks_its_action(track):
    _, _, text, _ = USES[track]
    steps = len(TRACKS[track].rewards)
    assert legal(_at(track, steps - 1), text)
    assert not legal(_at(track, steps), text)


@pytest.mark.parametrize("track", sorted(USES))
def test_an_empty_character_supply_blocks_its_action(track):
    _, _, text, letter = USES[track]
    supply = doc_of(_at(track, 0))["supply"]["characters"]
    assert not legal(_at(track, 0, characters={**supply, letter: 0}), text)
    assert legal(_at(track, 0, characters={**supply, letter: 1}), text)
