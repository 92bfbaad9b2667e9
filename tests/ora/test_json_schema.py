"""The JSON Schema of State.to_json() (olab/schema/ora_state_2.json).

Random positions of every configuration validate (the start, mid-game
positions, every kind of pending decision met, lent uses waiting, the end);
documents broken on purpose do not; the schema's enums are the engine's.
"""
import copy
import json
import random

import pytest

jsonschema = pytest.importorskip("jsonschema")

import olab  # noqa: E402
from olab.ora import jsonview  # noqa: E402
from olab.ora.game import core  # noqa: E402
from .orahelp import MODES, new, play  # noqa: E402

SCHEMA = olab.ora.json_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
CONFIGS = [(p, length, v) for p, length in MODES for v in ("france", "ireland")]


def errors(doc):
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(doc)]


def test_the_schema_is_draft_2020_12_and_names_the_layout():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert SCHEMA["title"] == jsonview.SCHEMA
    assert SCHEMA["properties"]["schema"]["const"] == jsonview.SCHEMA
    assert olab.ora.json_schema() == SCHEMA and olab.ora.json_schema() is not SCHEMA


def test_the_schema_enums_are_the_engines():
    d = SCHEMA["$defs"]
    assert d["building"]["enum"] == [c for c in core.CARD_CODES if c and c[0] in "GFI"]
    assert d["good"]["enum"] == list(jsonview.GOOD_CODES)
    assert set(d["terrain"]["enum"]) == {t.value for t in olab.ora.Terrain}
    assert d["clergy"]["enum"] == list(jsonview.CLERGY_SLOTS)
    # the engine's decisions, and the seating chance node (chance="explicit")
    assert d["pending"]["properties"]["decision"]["enum"] == [k for k in core.DECISION_NAMES if k != "over"] + ["seating"]
    assert d["free_use"]["properties"]["kind"]["enum"] == [k for k in core.FREE_USE_NAMES if k]
    rules = SCHEMA["properties"]["rules"]["properties"]
    assert set(rules["mode"]["enum"]) == set(olab.ora.MODES.values())
    assert set(rules["preset"]["enum"]) == set(olab.ora.PRESETS)
    assert SCHEMA["properties"]["wheel"]["properties"]["tokens"]["required"] == list(jsonview.TOKENS)
    assert d["action"]["properties"]["id"]["maximum"] == core.NUM_DISTINCT_ACTIONS - 1


def _sample_documents(game, seed, periodic):
    # the start, `periodic` positions drawn at random along the game, the first
    # position of each decision kind and with each kind of lent use, and the
    # end (with and without the legal actions)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    seen = set()
    docs = [state.to_json()]
    drawn = []
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        busy = [a for a in legal if a != 0]
        state.apply_action(rng.choice(busy if busy and rng.random() < 0.75 else legal))
        n += 1
        if state.is_terminal():
            break
        keys = {state._decision()["kind"]}
        if state._turn()["free_use"] and "turn" in keys:
            keys.add("free_use:" + state._turn()["free_use"])
        if not keys <= seen:
            docs.append(state.to_json(legal_actions=n % 2 == 0))
            seen |= keys
        # reservoir sampling: every position has the same chance to be drawn
        if len(drawn) < periodic:
            drawn.append(state.to_json())
        elif rng.randrange(n) < periodic:
            drawn[rng.randrange(periodic)] = state.to_json()
    docs += drawn
    docs.append(state.to_json())
    docs.append(state.to_json(legal_actions=False))
    return docs, seen


@pytest.mark.parametrize("players, length, variant", CONFIGS,
                         ids=[f"{v}-{p}p-{length}" for p, length, v in CONFIGS])
def test_random_positions_validate(players, length, variant):
    seen = set()
    count = 0
    for k, rules in enumerate(("printed", "kennerspiel")):
        game = olab.load("ora_et_labora", players=players, length=length, variant=variant, rules=rules)
        docs, keys = _sample_documents(game, seed=31 * players + k, periodic=6)
        seen |= keys
        for doc in docs:
            assert not errors(json.loads(json.dumps(doc))), errors(doc)[:3]
        assert docs[-1]["terminal"] and docs[-1]["pending"] is None
        count += len(docs)
    # start, mid-game, mid-decision, a lent use, the end
    assert {"turn", "take", "pay", "space"} <= seen and any(k.startswith("free_use:") for k in seen)
    assert count >= 20


@pytest.mark.slow
@pytest.mark.parametrize("players, length, variant", CONFIGS,
                         ids=[f"{v}-{p}p-{length}" for p, length, v in CONFIGS])
def test_many_random_positions_validate(players, length, variant):
    for k in range(40):
        rules = ("printed", "kennerspiel")[k % 2]
        game = olab.load("ora_et_labora", players=players, length=length, variant=variant, rules=rules)
        docs, _ = _sample_documents(game, seed=5000 + k, periodic=40)
        for doc in docs:
            assert not errors(doc), errors(doc)[:3]


def test_every_kind_of_lent_use_validates():
    # kinds random play rarely reaches: Palace (occupied), Hospice (display), Garden (neighbor)
    state = new(players=4)
    ed = olab.ora.editor.Editor(state)
    ed.plot(0, 0, "MOUNTAIN")
    ed.place(0, "F27", 5, 0)
    ed.place(0, "F09", 3, 1)
    ed.place(1, "F40", 3, 1)
    ed.clergy(1, "prior", at=(1, 4, 0))
    ed.goods(0, wine=1)
    play(state, "USE F27")
    kinds = [state.to_json()["pending"]["free_use"]["kind"]]
    play(state, "COMMIT", "USE F40")
    kinds.append(state.to_json()["pending"]["free_use"]["kind"])
    assert not errors(state.to_json())
    play(state, "COMMIT", "COMMIT", "COMMIT", "USE F09", "ACCEPT")
    kinds.append(state.to_json()["pending"]["free_use"]["kind"])
    assert not errors(state.to_json())
    assert kinds == ["occupied", "display", "neighbor"]


def _doc():
    state = new(players=1)
    play(state, "USE LR1")
    return state.to_json()


@pytest.mark.parametrize("breakage", [
    lambda d: d.pop("players"),
    lambda d: d.update(extra=1),
    lambda d: d.update(schema="olab.ora.state/1"),
    lambda d: d.update(round=0),
    lambda d: d.update(round="final"),
    lambda d: d.update(phase="F"),
    lambda d: d.update(current_player=-2),
    lambda d: d.update(view=4),
    lambda d: d["config"].update(chance="sometimes"),
    lambda d: d["engine"]["decision"].pop("mask"),
    lambda d: d["players"][0]["landscape"]["tiles"].append({"kind": "lake", "row": 1}),
    lambda d: d["rules"].update(variant="spain"),
    lambda d: d["rules"].update(options={}),
    lambda d: d["turn"].update(kind="extra"),
    lambda d: d["wheel"]["tokens"].pop("stone"),
    lambda d: d["wheel"]["tokens"].update(joker={"slot": 13, "value": 0}),
    lambda d: d["wheel"].update(side="middle"),
    lambda d: d["display"].append("X99"),
    lambda d: d["display"].append(d["display"][0]),
    lambda d: d["players"][0]["goods"].update(coin5=1),
    lambda d: d["players"][0]["goods"].update(wood=0),
    lambda d: d["players"][0]["goods"].update(wood="3"),
    lambda d: d["players"][0].update(color="P"),
    lambda d: d["players"][0].update(score=1.5),
    lambda d: d["players"][1].pop("neutral"),
    lambda d: d["players"][0]["clergy"][0].update(at={"seat": 0, "col": 1}),
    lambda d: d["players"][0]["settlements_in_hand"].append("SR9"),
    lambda d: d["players"][0]["landscape"]["spaces"][0].update(terrain="lava"),
    lambda d: d["players"][0]["landscape"]["spaces"][0].update(card="L1"),
    lambda d: d["players"][0]["landscape"]["spaces"][0]["clergy"].append({"seat": 0}),
    lambda d: d["pending"].update(decision="over"),
    lambda d: d["pending"].pop("free_use"),
    lambda d: d["pending"].update(card="LR4"),
    lambda d: d["pending"].update(free_use={"kind": "contract", "card": "LR1", "name": "x"}),
    lambda d: d["pending"].update(free_use={"kind": "gift", "card": "LR1", "name": "x", "options": []}),
    lambda d: d["legal_actions"].append({"id": -1, "text": "SKIP"}),
    lambda d: d["legal_actions"].append({"id": 4, "text": ""}),
    lambda d: d.update(history_length=None),
])
def test_broken_documents_do_not_validate(breakage):
    doc = _doc()
    assert not errors(doc)
    broken = copy.deepcopy(doc)
    breakage(broken)
    assert errors(broken)


def test_the_schema_file_is_package_data():
    # the package olab imports from (installed, as in CI, or in place) holds the
    # schema, and pyproject.toml of this source tree ships olab/schema/*.json
    import fnmatch
    from importlib import resources
    from pathlib import Path

    import tomllib

    assert resources.files("olab").joinpath("schema", jsonview.SCHEMA_FILE).is_file()
    root = Path(__file__).resolve().parents[2]            # tests/ora/ -> the source tree
    with open(root / "pyproject.toml", "rb") as f:
        globs = tomllib.load(f)["tool"]["setuptools"]["package-data"]["olab"]
    assert any(fnmatch.fnmatch(f"schema/{jsonview.SCHEMA_FILE}", g) for g in globs)
    assert (root / "olab" / "schema" / jsonview.SCHEMA_FILE).is_file()


@pytest.mark.parametrize("players, length", [(3, "long"), (4, "long"), (3, "short"), (4, "short")])
def test_bonus_round_positions_validate(players, length):
    # issue 14 item 6: every position of the bonus round (where priors may join
    # any building) fits the schema, in every mode that has one
    game = olab.load("ora_et_labora", players=players, length=length)
    seen = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state._turn()["in_bonus"]:
                doc = state.to_json()
                assert not errors(doc), errors(doc)[:3]
                seen += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0


def test_four_priors_on_one_building_validate():
    # issue 14 item 6: four clergymen on one building is a legal bonus-round position
    state = new(players=4)
    ed = olab.ora.editor.Editor(state)
    for seat in range(4):
        ed.clergy(seat, "prior", at=(0, 4, 0))          # every prior on Red's Clay Mound
    ed.clergy(0, "lay_brother_1", at=(0, 4, 0))
    ed.turn(in_bonus=1)
    doc = state.to_json()
    on = [s for s in doc["players"][0]["landscape"]["spaces"] if (s["col"], s["row"]) == (4, 0)][0]
    assert len(on["clergy"]) == 5
    assert not errors(doc), errors(doc)[:3]
