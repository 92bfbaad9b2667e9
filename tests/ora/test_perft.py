"""Ora et Labora's perft file covers every mode and both variants (the counts: tests/test_perft.py)."""
from ..helpers import perft_cases

FILE_CASES = perft_cases("ora_et_labora")


def test_the_file_covers_every_mode_and_both_variants():
    configs = {(c.config["players"], c.config["variant"], c.config["length"]) for c in FILE_CASES}
    for variant in ("france", "ireland"):
        for players, length in [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"),
                                (4, "long"), (4, "short")]:
            assert (players, variant, length) in configs
    assert {c.config["rules"] for c in FILE_CASES} == {"printed", "kennerspiel"}
    assert len(FILE_CASES) >= 50
