"""The reader's pages speak to readers (issue 25 point 8): game by game, no tracker numbers, every game's keys.

- every page of a game lives in ``docs/<game-module>/`` (``docs/ora/``...) and its title
  names the game, so the sidebar and a search result say which game a page is about;
- no page cites an issue number ("issue 24.4"): a reader has no tracker to look it up in;
- "Writing a bot" lists every key that ``describe_action`` gives in every registered game.
"""
import random
import re
from pathlib import Path

import pytest

import olab

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if "_build" not in p.relative_to(DOCS).parts)


def _folder(info) -> str:
    return info.module.rsplit(".", 1)[-1]


@pytest.mark.parametrize("name", list(olab.games()))
def test_each_game_has_its_folder_and_its_pages_name_it(name):
    info = olab.games()[name]
    pages = sorted((DOCS / _folder(info)).glob("*.rst"))
    assert pages, f"no docs/{_folder(info)}/"
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    for page in pages:
        title = page.read_text(encoding="utf-8").splitlines()[0]
        assert title.startswith(info.title + ":"), f"{page.relative_to(DOCS)}: {title!r} does not name its game"
        assert f"{_folder(info)}/{page.stem}" in index, f"{page.relative_to(DOCS)} is not in the sidebar"


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(DOCS).as_posix() for p in PAGES])
def test_no_page_cites_an_issue_number(page):
    text = page.read_text(encoding="utf-8")
    found = re.findall(r"(?i)\bissues? \d+(?:\.\d+)?", text)
    assert not found, f"{page.relative_to(DOCS)}: {found}"


def _keys(name: str) -> set:
    keys = set()
    game = olab.load(name)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
                continue
            legal = state.legal_actions()
            for a in legal:
                keys.update(state.describe_action(a))
            state.apply_action(rng.choice(legal))
    return keys - {"kind", "text"}


@pytest.mark.parametrize("name", list(olab.games()))
def test_writing_a_bot_lists_every_describe_action_key(name):
    text = (DOCS / "writing_a_bot.rst").read_text(encoding="utf-8")
    row = text.split(f"   * - {olab.games()[name].title}\n", 1)[1].split("   * - ", 1)[0]
    missing = sorted(k for k in _keys(name) if f"``{k}``" not in row)
    assert not missing, f"{name}: writing_a_bot.rst does not list {missing}"
