"""``olab serve`` in a real browser: headless Debian chromium, driven by Playwright's Python package.

One short game per registered game, clicked through the page: start it from
the start page, click legal moves, let a bot answer, undo, hand the seat to a
bot to reach the end quickly, read the scores, download the record and
replay it with ``olab replay``; then hot-seat play of a game that hides
something (the next seat's view waits behind a cover) and watching an
uploaded record move by move.  Skipped, with the reason, without chromium,
playwright or the web extra (see conftest.py).
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import olab

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")

GAMES = list(olab.games())
TIMEOUT = 60_000


def smallest_players(name: str):
    info = olab.games()[name]
    return min(info.option("players").values) if "players" in info.option_names() else None


def start(page, url, name, players=None, seats=()):
    page.goto(url + "/#")
    page.wait_for_selector("#start")
    page.select_option("#game", name)
    if players is not None:
        page.select_option("select[name=players]", json.dumps(players))
    for i, who in enumerate(seats):
        page.select_option(f"select[name=seat{i}]", who)
    page.click("#start")
    page.wait_for_selector("#board, #cover", timeout=TIMEOUT)


def my_turn(page):
    page.wait_for_selector("button.choice", timeout=TIMEOUT)


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_in_the_browser(live_server, page, name, tmp_path):
    url, tables = live_server
    players = smallest_players(name)
    n = players or olab.load(name).num_players()
    start(page, url, name, players, ["human"] + ["random"] * (n - 1))
    tid = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    table = tables.tables[tid]
    # click three legal moves (the bots answer between them when it is their turn)
    for _ in range(3):
        my_turn(page)
        before = table.state.move_number()
        first = page.locator("button.choice").first
        action = int(first.get_attribute("data-action"))
        assert table.state.is_legal(action)
        first.click()
        page.wait_for_function(f"document.querySelectorAll('#log div').length > {before}", timeout=TIMEOUT)
    assert page.locator("#turn").inner_text()
    # undo takes back my last move (and the bots' since); in a game that hides its future a
    # move that drew something cannot be taken back, so play on until one can be
    for _ in range(40):
        my_turn(page)
        if page.locator("#undo:not([disabled])").count():
            break
        moves = len(table.log)
        page.locator("button.choice").last.click()
        page.wait_for_function(f"document.querySelectorAll('#log div').length > {moves}", timeout=TIMEOUT)
    my_turn(page)
    assert page.locator("#undo:not([disabled])").count()
    mine_before = sum(1 for e in table.log if e["seat"] == 0)
    logged = len(table.log)
    page.click("#undo")
    page.wait_for_function(f"document.querySelectorAll('#log div').length < {logged}", timeout=TIMEOUT)
    my_turn(page)
    assert sum(1 for e in table.log if e["seat"] == 0) == mine_before - 1
    # a whole turn typed in notation
    if page.locator("#notation").count():
        legal = table.state.legal_actions()
        page.fill("#notation", table.state.action_to_string(legal[0]))
        moves = table.state.move_number()
        page.click("#type-turn button")
        page.wait_for_function(f"document.querySelectorAll('#log div').length > {moves}", timeout=TIMEOUT)
    # a fast bot finishes my seat
    page.select_option("#bot-for-me", "random")
    page.click("#bot-plays")
    page.wait_for_selector("#breakdown", timeout=120_000)
    totals = [float(t) for t in page.locator("#breakdown td.total").all_inner_texts()]
    assert totals == [float(x) for x in table.state.scores()]
    assert page.locator("#score-plot polyline").count() == n
    with page.expect_download() as dl:
        page.click("#download")
    path = tmp_path / "record.txt"
    dl.value.save_as(path)
    # from tmp_path: in the repository's root `python -m` would import the uncompiled sources
    out = subprocess.run([sys.executable, "-m", "olab.cli", "replay", str(path), "--json"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["finished"] and [p["score"] for p in doc["players"]] == totals
    assert not page.js_errors


def _hiding_game():
    for name in GAMES:
        state = olab.load(name).new_initial_state(1)
        if state.to_json(None, legal_actions=False) != state.public_json(legal_actions=False):
            return name
    return None


def test_hot_seat_hides_the_next_seat_until_its_turn(live_server, page):
    name = _hiding_game()
    if name is None:
        pytest.skip("no registered game hides anything")
    url, tables = live_server
    players = smallest_players(name) or olab.load(name).num_players()
    start(page, url, name, players, ["human"] * players)
    tid = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    table = tables.tables[tid]
    page.wait_for_selector("#board, #cover", timeout=TIMEOUT)
    if page.locator("#cover").count():          # the first decision is not seat 0's
        page.click("#reveal")
        page.wait_for_selector("#board", timeout=TIMEOUT)
    first = table.state.current_player()
    # one link per seat, each carrying that seat's token only
    links = page.locator("#links input")
    assert links.count() == players
    for s in range(players):
        value = links.nth(s).input_value()
        assert f"table={tid}&seat{s}=" in value and value.endswith(table.seats[s].token)
    seen = set()
    for _ in range(200):
        if page.locator("#cover").count():
            nxt = table.state.current_player()
            assert nxt != first and "seat" in page.locator("#cover").inner_text()
            assert page.locator("#board").count() == 0 and page.locator("button.choice").count() == 0
            page.click("#reveal")
            page.wait_for_selector("button.choice", timeout=TIMEOUT)
            seen.add(nxt)
            break
        my_turn(page)
        page.locator("button.choice").first.click()
        page.wait_for_timeout(50)
    assert seen, "the turn never passed to another seat"
    # the spectator (a browser with no token) sees the public view, never the full one
    ctx = page.context.browser.new_context(bypass_csp=True)
    other = ctx.new_page()
    other.goto(f"{url}/#table={tid}")
    other.wait_for_selector("#board", timeout=TIMEOUT)
    assert "public view" in other.locator("#status").inner_text()
    assert other.locator("button.choice").count() == 0 and other.locator("#download").count() == 0
    ctx.close()


def test_upload_a_record_and_watch_it(live_server, page, tmp_path):
    from olab.bots import RandomBot
    from olab.records import record_text

    url, _ = live_server
    name = GAMES[-1]
    state = olab.load(name).new_initial_state(2)
    bot = RandomBot(4)
    for _ in range(12):
        state.apply_action(bot.choose(state))
    path = tmp_path / "game.txt"
    path.write_text(record_text(state), encoding="utf-8")
    page.goto(url + "/#")
    page.wait_for_selector("#upload")
    page.set_input_files("#upload", str(path))
    page.wait_for_selector("#replay-move", timeout=TIMEOUT)
    assert page.locator("#replay-move").inner_text() == "action 0 of 12"
    page.click("#next")
    page.wait_for_function("document.querySelector('#replay-move').textContent === 'action 1 of 12'")
    assert "last:" in page.locator("#last").inner_text()
    assert not page.js_errors
