"""Fixtures of the web tests: the app under Starlette's test client, a live server, headless chromium.

The server-side tests need the ``web`` extra (Starlette, httpx); the browser
tests also need Debian's ``chromium`` (``apt-get install chromium``) and the
``playwright`` Python package, which drives that executable (no browser is
ever downloaded).  Whatever is missing skips the tests that need it, with
the reason.
"""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time

import pytest

#: what a test module of this folder says first: skip it, with the reason, without the web extra
WEB_EXTRA = "the web extra is not installed: pip install '.[web]'"

CHROMIUM = os.environ.get("OLAB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def client(tmp_path):
    pytest.importorskip("httpx", reason=WEB_EXTRA)
    from starlette.testclient import TestClient

    from olab.web.app import create_app
    from olab.web.tables import ServerLimits, Tables

    tables = Tables(data=tmp_path / "data", limits=ServerLimits(max_games=6, max_body=64 * 1024))
    with TestClient(create_app(tables)) as c:
        c.tables = tables
        yield c


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """A real uvicorn server on 127.0.0.1 in a thread: ``(url, tables)``."""
    uvicorn = pytest.importorskip("uvicorn", reason="the web extra is not installed (uvicorn)")
    from olab.web.app import create_app
    from olab.web.tables import Tables

    tables = Tables(data=tmp_path_factory.mktemp("served"))
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(tables), host="127.0.0.1", port=port,
                                           log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", tables
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install chromium")
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    with sync_api.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        except Exception as e:  # noqa: BLE001 - a browser that cannot start is a skip, with its reason
            pytest.skip(f"chromium does not start: {str(e).splitlines()[0]}")
        yield b
        b.close()


@pytest.fixture
def page(browser):
    # bypass_csp: Playwright evaluates its waits as strings, which the page's CSP forbids
    ctx = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900}, bypass_csp=True)
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.js_errors = errors
    yield pg
    ctx.close()
