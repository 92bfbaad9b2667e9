"""Play in a browser: ``olab serve``, a web app over olab's public API (needs ``pip install "olab[web]"``).

:func:`create_app` is the ASGI app (Starlette), :func:`serve` runs it with
uvicorn; :class:`~olab.web.tables.Tables` holds the games, their seats and
tokens, and saves each game as a record as it goes.  The app names no game:
the start page lists ``olab.games()`` with their options, and each game's
board is drawn in the browser by ``static/games/<name>.js`` from the game's
``to_json(player)`` document (``generic.js`` draws any other game as data).
See the docs page "Play in the browser".
"""
from __future__ import annotations

__all__ = ["create_app", "serve", "Tables", "ServerLimits", "WebError"]


def __getattr__(name):
    # starlette and uvicorn are imported only when the app is wanted
    if name == "create_app":
        from .app import create_app
        return create_app
    if name in ("Tables", "ServerLimits", "WebError"):
        from . import tables
        return getattr(tables, name)
    raise AttributeError(f"module 'olab.web' has no attribute {name!r}")


def serve(host: str = "127.0.0.1", port: int = 8000, data=None, allow_bots: tuple[str, ...] = (),
          max_games: int = 64, max_body: int = 1 << 20, open_browser: bool = False, workers: int = 2) -> None:
    """Run the server until interrupted, printing its address (``olab serve``).

    Parameters
    ----------
    host, port : str, int
        Where to listen; the default binds to this machine only.
    data : str or os.PathLike, optional
        The folder games are saved to as they go; unfinished games there are resumed.
    allow_bots : tuple of str
        ``module:Class`` bots a browser may seat (a browser can never make the server import code otherwise).
    max_games : int
        Games (and uploaded replays) held at once.
    max_body : int
        The largest request body accepted, in bytes.
    open_browser : bool
        Open the start page in the default browser.
    workers : int
        Threads bots think on.
    """
    import uvicorn

    from .app import create_app
    from .tables import ServerLimits, Tables

    tables = Tables(data=data, limits=ServerLimits(max_games=max_games, max_body=max_body),
                    allow_bots=tuple(allow_bots), workers=workers)
    app = create_app(tables)
    url = f"http://{'localhost' if host in ('127.0.0.1', '::1', 'localhost') else host}:{port}/"
    print(f"olab serve: {url}  (Ctrl-C stops; games are saved to {data or 'memory only: no --data'})", flush=True)
    for tid in tables.resumed:
        t = tables.tables[tid]
        seats = "&".join(f"seat{i}={s.token}" for i, s in enumerate(t.seats) if s.kind == "human")
        print(f"resumed {t.game.name} at move {t.state.move_number()}: {url}#table={tid}&{seats}", flush=True)
    if open_browser:
        import threading
        import webbrowser
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    # open event streams must not hold a Ctrl-C for ever
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, timeout_graceful_shutdown=3)
