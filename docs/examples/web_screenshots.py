"""Take the screenshots of docs/play_in_browser.rst with headless chromium (needs olab[web] and chromium).

    python docs/examples/web_screenshots.py docs/_static

Starts ``olab serve``'s app on a free local port, opens the start page, then
one table per registered game (seat 0 human, the others random bots, a few
moves clicked), and saves ``web_start.png`` and ``web_<game>.png``.
"""
import socket
import sys
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

import olab
from olab.web.app import create_app

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main(out: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(url)
        page.wait_for_selector("#start")
        page.screenshot(path=str(out / "web_start.png"))
        for name, info in olab.games().items():
            page.goto(url + "#")
            page.wait_for_selector("#start")
            page.select_option("#game", name)
            n = olab.load(name).num_players()
            for i in range(n):
                page.select_option(f"select[name=seat{i}]", "human" if i == 0 else "random")
            page.fill("#seed", "7")
            page.click("#start")
            for _ in range(4):
                page.wait_for_selector("button.choice", timeout=30000)
                page.locator("button.choice").last.click()
                page.wait_for_timeout(250)
            page.wait_for_selector("button.choice", timeout=30000)
            page.screenshot(path=str(out / f"web_{name}.png"), full_page=False)
        browser.close()
    server.should_exit = True


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/_static"))
