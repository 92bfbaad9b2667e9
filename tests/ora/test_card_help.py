"""help() on a card reads like its glossary entry (buildings.json / settlements.json)."""
import contextlib
import io
import pydoc
import re

import pytest

import olab
from olab.ora.cards import load_data

BUILDING_RECORDS, SETTLEMENT_RECORDS, _ = load_data()


def rendered(obj) -> str:
    # pydoc's text: overstrike bold removed, the " |  " margin of a class page dropped,
    # runs of white space joined
    text = re.sub(".\b", "", pydoc.render_doc(obj))
    text = "\n".join(line[4:] if line.startswith(" |  ") else line for line in text.splitlines())
    return " ".join(text.split())


def cost_words(cost: dict) -> str:
    parts = [f"{n} {k}s" if k == "coin" and n != 1 else f"{n} {k}" for k, n in cost.items() if n]
    return ", ".join(parts)


def test_help_of_the_cloister_garden():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        help(olab.ora.BUILDINGS["F09"])
    text = " ".join(out.getvalue().split())
    assert "Cloister Garden (F09): France building, stage start, marked 3+." in text
    assert "Cost: 3 coins." in text
    assert "Economic value: 5. Dwelling value: 0." in text
    assert "Terrain: coast, plains, hillside. Cloister building." in text
    assert ("Take 1 grape, and then use the function of ONE unoccupied building that is "
            "orthogonally adjacent to the Cloister Garden") in text


@pytest.mark.parametrize("rec", BUILDING_RECORDS, ids=[r["id"] for r in BUILDING_RECORDS])
def test_every_building_page_has_name_cost_values_and_effect(rec):
    text = rendered(olab.ora.BUILDINGS[rec["id"]])
    assert f"{rec['name']} ({rec['id']})" in text
    assert " ".join(rec["effect"].split()) in text
    if rec["kind"] == "building":
        assert f"Cost: {cost_words(rec['cost'])}." in text
    assert (f"Economic value: {rec['economic_value']}. "
            f"Dwelling value: {rec['dwelling_value']}.") in text
    assert f"Terrain: {', '.join(rec['terrain'])}." in text
    if rec.get("notes"):
        assert " ".join(rec["notes"].split()) in text


@pytest.mark.parametrize("rec", SETTLEMENT_RECORDS, ids=[r["id"] for r in SETTLEMENT_RECORDS])
def test_every_settlement_page_has_name_cost_and_values(rec):
    text = rendered(olab.ora.SETTLEMENTS[rec["id"]])
    assert f"{rec['name']} ({rec['id']}): settlement" in text
    assert f"Cost: {rec['cost']['food']} food and {rec['cost']['energy']} energy." in text
    assert (f"Economic value: {rec['economic_value']}. "
            f"Dwelling value: {rec['dwelling_value']}.") in text
