"""State.to_json(): the pending decision, the lent use waiting at the top of a turn."""
from olab.ora.game import core
from .orahelp import editor, new, play

L = core.ACTION_LAYOUT
N_SPACES = L["N_SPACES"]


def pending(state):
    return state.to_json(legal_actions=False)["pending"]


def test_no_free_use_at_the_start():
    p = pending(new(players=2, length="long"))
    assert p == {"decision": "turn", "player": 0, "acting_player": 0, "card": None, "free_use": None}


def test_the_decision_card_is_written_as_the_notation_writes_it():
    state = new(players=4)
    play(state, "USE LR1")
    assert pending(state)["card"] == "LR1"              # Red's Clay Mound, not the bare L1
    play(state, "TAKE Cl", "COMMIT", "WORK_CONTRACT LR3 Pn")
    p = pending(state)
    assert (p["decision"], p["player"], p["acting_player"], p["card"]) == ("owner", 0, 1, "LR3")


def test_a_work_contract_lends_the_contracted_building():
    state = new(players=4)
    play(state, "WORK_CONTRACT LG3 Pn", "WITH_PRIOR")
    fu = pending(state)["free_use"]
    target = L["TARGET"] + 1 * N_SPACES + state._space_at(1, 4, 1)
    assert fu == {"kind": "contract", "card": "LG3", "name": "Cloister Office", "options": [
        {"action": target, "text": "TARGET LG3", "card": "LG3", "seat": 1, "col": 4, "row": 1}]}
    assert target in state.legal_actions()
    play(state, "CONVERT Gn")                           # free actions first: the use still waits
    assert pending(state)["free_use"]["kind"] == "contract"
    play(state, "TARGET LG3")
    assert pending(state)["decision"] == "take" and pending(state)["free_use"] is None
    assert pending(state)["card"] == "LG3"
    play(state, "TAKE Pn")
    assert pending(state)["free_use"] is None            # taken


def test_the_cloister_garden_lends_a_neighbour():
    state = new(players=4)
    ed = editor(state)
    ed.place(0, "F09", 3, 1)
    play(state, "USE F09", "ACCEPT")
    fu = pending(state)["free_use"]
    assert (fu["kind"], fu["card"], fu["name"]) == ("neighbor", "F09", "Cloister Garden")
    assert [(o["text"], o["seat"], o["col"], o["row"]) for o in fu["options"]] == [
        ("TARGET LR2", 0, 2, 1), ("TARGET LR3", 0, 4, 1)]
    play(state, "COMMIT")                               # the lent use may be left
    assert pending(state)["free_use"] is None


def test_the_hospice_lends_a_display_card():
    state = new(players=4)
    ed = editor(state)
    ed.place(0, "F40", 3, 1)
    play(state, "USE F40")
    fu = pending(state)["free_use"]
    assert (fu["kind"], fu["card"]) == ("display", "F40")
    display = state.to_json()["display"]
    assert sorted(o["card"] for o in fu["options"]) == sorted(display)
    assert all(o["seat"] is None and o["col"] is None and o["text"] == f"CHOOSE {o['card']}"
               for o in fu["options"])


def test_a_lent_use_without_options_is_still_named():
    # the Palace's use costs a wine when it is taken: with none left, no target is offered
    state = new(players=4)
    ed = editor(state)
    ed.plot(0, 0, "MOUNTAIN")
    ed.place(0, "F27", 5, 0)
    ed.clergy(1, "prior", at=(1, 4, 0))
    ed.goods(0, wine=1)
    play(state, "USE F27")
    assert [o["text"] for o in pending(state)["free_use"]["options"]] == ["TARGET LG1"]
    play(state, "CONVERT Wn")
    fu = pending(state)["free_use"]
    assert fu["kind"] == "occupied" and fu["card"] == "F27" and fu["options"] == []
