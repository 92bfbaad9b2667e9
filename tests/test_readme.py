"""The README describes the three games as they are (issue 25 point 4)."""
import re
import shlex
from pathlib import Path

import pytest

import olab

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_it_names_every_registered_game_and_its_folders():
    for name, info in olab.games().items():
        assert info.title in README and f"`{name}`" in README, name
        pkg = info.module.split(".")[-1]
        assert f"`{pkg}/`" in README and f"`olab/{pkg}/`" in README, pkg


def test_the_json_layouts_it_names_are_the_real_ones():
    named = set(re.findall(r"`(olab\.\w+\.state/\d+)`", README))
    real = {olab.load(name).new_initial_state(1).to_json()["schema"] for name in olab.games()}
    assert named == real


@pytest.mark.parametrize("words", ["olab show", "--human", "olab selfplay", "olab.rl", "scores_half_points"])
def test_it_mentions_the_tools_a_newcomer_meets(words):
    assert words in README


def test_it_states_what_the_setup_tests_and_arena_cost():
    assert re.search(r"test suite.*?takes\s+about\s+\d", README, re.S)
    assert re.search(r"200-game arena.*?about\s+\d", README, re.S)
    assert "ccache" in README


def _commands():
    out = []
    for block in re.findall(r"```\n(.*?)```", README, re.S):
        for line in block.splitlines():
            for part in re.split(r"&&", line):
                part = part.strip()
                if part.startswith("olab "):
                    words = shlex.split(part, comments=True)
                    for stop in ("|", ";", ">", "2>"):
                        if stop in words:
                            words = words[:words.index(stop)]
                    out.append(words[1:])
    return out


@pytest.mark.parametrize("argv", _commands(), ids=lambda a: " ".join(a)[:60])
def test_every_command_it_shows_is_accepted(argv):
    from olab.cli import build_parser

    args = build_parser(argv).parse_args(argv)
    assert callable(args.func)
