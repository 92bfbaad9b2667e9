"""Fields of Arle's perft file covers every configuration (the counts: tests/test_perft.py)."""
from ..helpers import perft_cases

FILE_CASES = perft_cases("fields_of_arle")


def test_the_file_covers_every_configuration():
    configs = {(c.config["players"], c.config["buildings"], c.config["rules"]) for c in FILE_CASES}
    assert configs == {(p, b, r) for p in (1, 2) for b in ("starter", "random") for r in ("printed", "rulebook")}
    assert len(FILE_CASES) >= 30
