"""``olab serve`` from the command line: its flags, a real server process, a restart that resumes."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import tempfile
import sys
import time
import urllib.request

import pytest

from olab.cli import build_parser, main


def test_the_flags():
    args = build_parser(["serve"]).parse_args(["serve"])
    assert (args.host, args.port, args.open, args.allow_bot, args.data) == ("127.0.0.1", 8000, False, [], None)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000", "--open", "--allow-bot", "a:B",
                                      "--allow-bot", "c:D", "--data", "x", "--max-games", "3", "--max-body", "4096"])
    assert args.allow_bot == ["a:B", "c:D"] and (args.max_games, args.max_body) == (3, 4096)


def test_bad_values_are_one_line(capsys):
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
    assert main(["serve", "--port", "0"]) == 2
    assert main(["serve", "--allow-bot", "no_such_module_xyz:Bot", "--port", "8123"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "no_such_module_xyz" in err


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(port, data):
    # from the data's folder: in the repository's root `python -m` would import the uncompiled sources
    proc = subprocess.Popen([sys.executable, "-m", "olab.cli", "serve", "--port", str(port), "--data", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tempfile.gettempdir())
    lines = []
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return proc, lines
        except OSError:
            if proc.poll() is not None:
                raise AssertionError(proc.stderr.read())
            time.sleep(0.2)
    proc.kill()
    raise AssertionError("olab serve did not start")


def _stop(proc) -> str:
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    return out


def _post(url, doc):
    req = urllib.request.Request(url, data=json.dumps(doc).encode(), headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=10).read())


@pytest.mark.skipif(os.name != "posix", reason="stops the server with SIGINT")
def test_a_server_process_saves_and_resumes(tmp_path):
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]'")
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
    import olab

    name = list(olab.games())[-1]
    port = _port()
    proc, _ = _serve(port, tmp_path)
    try:
        base = f"http://127.0.0.1:{port}"
        made = _post(f"{base}/api/tables", {"game": name, "seed": 4})
        tid, tokens = made["id"], made["tokens"]
        view = json.loads(urllib.request.urlopen(urllib.request.Request(
            f"{base}/api/tables/{tid}?seat=0", headers={"X-Olab-Token": tokens[0]})).read())
        seat = view["current_player"]
        req = urllib.request.Request(f"{base}/api/tables/{tid}?seat={seat}", headers={"X-Olab-Token": tokens[seat]})
        choice = json.loads(urllib.request.urlopen(req).read())["choices"][0]["action"]
        _post(f"{base}/api/tables/{tid}/act", {"seat": seat, "token": tokens[seat], "action": choice})
    finally:
        out = _stop(proc)
    assert f"http://localhost:{port}/" in out
    assert (tmp_path / f"{tid}.txt").exists()
    proc, _ = _serve(port, tmp_path)
    try:
        r = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables?ids={tid}").read())
        assert r["tables"][0]["moves"] >= 1 and not r["tables"][0]["terminal"]
    finally:
        out = _stop(proc)
    # the restart printed a link that resumes the game with its seats' tokens
    assert f"#table={tid}&seat0={tokens[0]}" in out
