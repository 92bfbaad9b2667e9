"""The ASGI app of ``olab serve``: a JSON API over :class:`olab.web.tables.Tables`, the page and its assets.

Every endpoint answers JSON; a refused request gets a 4xx with
``{"error": "<one line>"}`` and changes nothing.  A seat is opened by its
token, sent as the ``X-Olab-Token`` header, or as ``token`` in the query or
the body (the event stream, which browsers open without headers, takes it in
the query).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
from importlib import resources
from typing import Any

import olab

from .tables import ServerLimits, Tables, WebError

__all__ = ["create_app"]

STATIC = resources.files("olab.web").joinpath("static")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'",
    "Cache-Control": "no-store",
}


# Starlette is imported when an app is made, so that this module (and its docs) imports
# without the web extra

def _error(status: int, message: str):
    from starlette.responses import JSONResponse

    return JSONResponse({"error": message}, status_code=status, headers=SECURITY_HEADERS)


def _ok(doc: Any, status: int = 200):
    from starlette.responses import JSONResponse

    return JSONResponse(doc, status_code=status, headers=SECURITY_HEADERS)


async def _body(request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > limit:
                raise WebError(413, f"the request body is larger than {limit} bytes")
        except ValueError:
            raise WebError(400, "a bad Content-Length header") from None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise WebError(413, f"the request body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def _json(request, limit: int) -> Any:
    raw = await _body(request, limit)
    if not raw:
        return {}
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise WebError(400, "the body is not UTF-8") from None
    except json.JSONDecodeError as e:
        raise WebError(400, f"the body is not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None


def _token(request, body: Any = None) -> str | None:
    if isinstance(body, dict) and isinstance(body.get("token"), str):
        return body["token"]
    return request.headers.get("x-olab-token") or request.query_params.get("token")


def _seat_arg(request, body: Any = None):
    if isinstance(body, dict) and "seat" in body:
        return body["seat"]
    return request.query_params.get("seat")


def _renderer(name: str) -> str:
    return f"/static/games/{name}.js" if STATIC.joinpath("games").joinpath(f"{name}.js").is_file() else "/static/games/generic.js"


def create_app(tables: Tables | None = None, data=None, limits: ServerLimits | None = None,
               allow_bots: tuple[str, ...] = ()):
    """The ``olab serve`` app: a Starlette application (ASGI), to run with uvicorn or any ASGI server.

    Parameters
    ----------
    tables : Tables, optional
        The games to serve; by default a new :class:`~olab.web.tables.Tables`
        made from ``data``, ``limits`` and ``allow_bots``.
    data : str or os.PathLike, optional
        The folder games are saved to as they go (and resumed from).
    limits : ServerLimits, optional
        Games per server and request body size.
    allow_bots : tuple of str
        ``module:Class`` bots a browser may seat.
    """
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import FileResponse, PlainTextResponse, StreamingResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    tables = tables or Tables(data=data, limits=limits, allow_bots=allow_bots)
    limit = tables.limits.max_body

    def handle(fn):
        async def endpoint(request: Request):
            try:
                return await fn(request)
            except WebError as e:
                return _error(e.status, e.message)
        return endpoint

    async def index(request: Request):
        return FileResponse(str(STATIC.joinpath("index.html")), headers=SECURITY_HEADERS)

    async def games(request: Request):
        out = []
        for name, info in olab.games().items():
            d = info.describe()
            d["renderer"] = _renderer(name)
            d["players"] = olab.load(name).num_players() if "players" not in info.option_names() else None
            out.append(d)
        return _ok({"games": out, "bots": tables.offers(), "version": olab.__version__})

    async def list_tables(request: Request):
        ids = [i for i in request.query_params.get("ids", "").split(",") if i][:200]
        return _ok({"tables": [tables.tables[i].summary() for i in ids if i in tables.tables]})

    async def create(request: Request):
        body = await _json(request, limit)
        table, tokens = await asyncio.to_thread(tables.create, body)
        return _ok({"id": table.id, "tokens": tokens, "seats": [s.describe() for s in table.seats]}, 201)

    async def view(request: Request):
        table = tables.get(request.path_params["id"])
        seat = table.seat_for(_seat_arg(request), _token(request))
        return _ok(table.view(seat))

    async def act(request: Request):
        body = await _json(request, limit)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        table = tables.get(request.path_params["id"])
        seat = table.seat_for(body.get("seat"), _token(request, body))
        applied = table.act(seat, body.get("action"), body.get("text"))
        return _ok({"applied": applied, **table.view(seat)})

    async def undo(request: Request):
        body = await _json(request, limit)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        table = tables.get(request.path_params["id"])
        seat = table.seat_for(body.get("seat"), _token(request, body))
        undone = table.undo(seat)
        return _ok({"undone": undone, **table.view(seat)})

    async def set_seat(request: Request):
        body = await _json(request, limit)
        if not isinstance(body, dict):
            raise WebError(400, "the body must be a JSON object")
        table = tables.get(request.path_params["id"])
        seat = table.seat_for(body.get("seat"), _token(request, body))
        table.set_seat(seat, body.get("bot"), body.get("budget"))
        return _ok(table.view(seat))

    async def record(request: Request):
        table = tables.get(request.path_params["id"])
        table.seat_for(_seat_arg(request), _token(request))
        text = table.record()
        return PlainTextResponse(text, headers={**SECURITY_HEADERS, "Content-Disposition":
                                                f'attachment; filename="{table.game.name}-{table.id[:8]}.txt"'})

    async def delete(request: Request):
        table = tables.get(request.path_params["id"])
        seat = table.seat_for(_seat_arg(request), _token(request))
        tables.delete(table, seat)
        return _ok({"deleted": table.id})

    async def events(request: Request):
        table = tables.get(request.path_params["id"])
        table.seat_for(_seat_arg(request), _token(request))      # the same door as the view
        once = request.query_params.get("once") == "1"
        try:
            after = int(request.query_params.get("after", "-1"))
        except ValueError:
            raise WebError(400, "after must be an int (a version)") from None

        async def stream():
            last, ticks = after, 0
            while True:
                v = table.version
                thinking = table._thinking_view()
                if v != last or (thinking is not None and ticks % 5 == 0):
                    last = v
                    yield f"data: {json.dumps({'version': v, 'thinking': thinking})}\n\n"
                    if once:
                        return
                ticks += 1
                if await request.is_disconnected():
                    return
                await asyncio.sleep(0.1)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**SECURITY_HEADERS, "X-Accel-Buffering": "no"})

    async def upload(request: Request):
        raw = await _body(request, limit)
        ctype = request.headers.get("content-type", "")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise WebError(400, "the record is not UTF-8 text") from None
        # the record's text, or (JSON) whatever the client sent as "text": upload checks it
        given: object = text
        if ctype.startswith("application/json"):
            try:
                doc = json.loads(text)
            except json.JSONDecodeError as e:
                raise WebError(400, f"the body is not JSON: {e.msg}") from None
            given = doc.get("text") if isinstance(doc, dict) else None
        return _ok(await asyncio.to_thread(tables.upload, given), 201)

    async def replay(request: Request):
        return _ok(tables.replay_view(request.path_params["id"], request.query_params.get("move", "0")))

    async def not_found(request: Request, exc: Exception):
        # registered for HTTPException only; Starlette's handler type takes any exception
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, exc.detail if isinstance(exc.detail, str) else "not found")

    async def server_error(request: Request, exc: Exception):
        return _error(500, f"internal error: {type(exc).__name__}")

    routes = [
        Route("/", index),
        Route("/api/games", handle(games)),
        Route("/api/tables", handle(list_tables), methods=["GET"]),
        Route("/api/tables", handle(create), methods=["POST"]),
        Route("/api/tables/{id}", handle(view), methods=["GET"]),
        Route("/api/tables/{id}", handle(delete), methods=["DELETE"]),
        Route("/api/tables/{id}/act", handle(act), methods=["POST"]),
        Route("/api/tables/{id}/undo", handle(undo), methods=["POST"]),
        Route("/api/tables/{id}/seat", handle(set_seat), methods=["POST"]),
        Route("/api/tables/{id}/record", handle(record), methods=["GET"]),
        Route("/api/tables/{id}/events", handle(events), methods=["GET"]),
        Route("/api/replays", handle(upload), methods=["POST"]),
        Route("/api/replays/{id}", handle(replay), methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        tables.close()

    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found, 500: server_error},
                    lifespan=lifespan)
    app.state.tables = tables
    return app

