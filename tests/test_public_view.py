"""``State.public_json()``: what a spectator who holds no seat may see (issue 23).

Every registered game defines it; it is never more than a seat sees, and the
conformance suite catches a game whose public view shows what a seat cannot
see (the full view of a game that hides its future does).
"""
import pytest

import olab
from olab.contract import StateMixin
from olab.testing import ConformanceError, check_game

GAMES = list(olab.games())


@pytest.mark.parametrize("name", GAMES)
def test_public_view_is_defined_and_hides_what_seats_cannot_see(name):
    state = olab.load(name).new_initial_state(3)
    public = state.public_json(legal_actions=False)
    assert public["view"] is None
    for p in range(state.game.num_players()):
        assert state.determinize(p, 11 + p).public_json(legal_actions=False) == public
        seat = state.to_json(p, legal_actions=False)
        assert set(public) <= set(seat) | {"engine"} and ("engine" not in public or "engine" in seat)
    with_legal = state.public_json()
    assert "legal_actions" in with_legal and "legal_actions" not in public


def test_a_game_must_say_what_a_spectator_sees():
    class NoView(StateMixin):
        class game:
            name = "nothing"

    with pytest.raises(NotImplementedError, match="no public"):
        NoView().public_json()


def test_the_conformance_suite_catches_a_leaky_public_view(monkeypatch):
    hiding = [g for g in GAMES
              if (s := olab.load(g).new_initial_state(1)).to_json(None, False) != s.public_json(False)]
    if not hiding:
        pytest.skip("no registered game hides anything")
    game = olab.load(hiding[0])
    cls = type(game.new_initial_state(1))
    monkeypatch.setattr(cls, "public_json", lambda self, legal_actions=True: self.to_json(None, legal_actions))
    with pytest.raises(ConformanceError, match="public view"):
        check_game(game, games=1, seed=0)
