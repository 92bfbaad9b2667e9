"""Orléans's perft file covers every player count, chance mode and exclusion setting (the counts: tests/test_perft.py)."""
from ..helpers import perft_cases

FILE_CASES = perft_cases("orleans")


def test_the_file_covers_every_configuration():
    configs = {(c.config["players"], c.config["chance"], c.config["exclusion"]) for c in FILE_CASES}
    assert configs == {(p, c, x) for p in (2, 3, 4) for c in ("sampled", "explicit") for x in (False, True)}
    assert len(FILE_CASES) == 48
