"""Where independent jobs run: in this process, in local worker processes, or on a Ray cluster.

One job runner for every surface that spreads work (``olab arena``,
``olab ladder``, ``olab selfplay``): :func:`run_jobs` calls ``func(job)`` for
every job and yields ``(index, result)`` as they finish.  A job must be a pure
function of its arguments (arena games and self-play shards are: everything
is seeded), so where it ran, and how often it was started, changes nothing in
its result:

- ``"local"`` with one worker (or one job): in this process, in order;
- ``"local"`` with ``workers`` processes (``spawn``; the caller's script is
  not run again in them, :class:`SpawnGuard`).  A worker that dies (killed,
  out of memory) breaks the pool; the jobs whose results were not yet
  yielded are started again in a new pool, at most ``retries`` times in all.
  The workers leave Ctrl-C to this process (which stops them and says so in
  one line) and end when this process is gone;
- ``"ray"``: one Ray task per job (``pip install "olab[ray]"``).  Without
  ``address`` a local Ray instance with ``workers`` CPUs is started (unless
  Ray is already initialised); with it, the cluster at ``address`` (``"auto"``
  or ``"HOST:PORT"``, see ``ray start --head``) runs them.  Ray starts a task
  again when its worker dies (``retries`` times).

:class:`JobPool` keeps local workers for many short rounds of jobs (a fit
that plays a few games a step, ``olab tune``), with the same guards.

It also says which extra an optional dependency comes with
(:func:`require`, :func:`missing_extra`), for every part of olab that needs one.
Nothing here imports more than the standard library.
"""
from __future__ import annotations

import importlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["BACKENDS", "run_jobs", "JobPool", "check_backend", "SpawnGuard", "require", "missing_extra"]

#: the backends :func:`run_jobs` knows
BACKENDS = ("local", "ray")

# the extra of olab that installs each optional dependency
_EXTRAS = {"numpy": "rl", "gymnasium": "rl", "pettingzoo": "rl", "pyspiel": "rl", "ray": "ray", "pyarrow": "rl"}


def missing_extra(module: str, feature: str) -> ImportError:
    """The error to raise when an optional dependency is missing: it names the extra to install."""
    extra = _EXTRAS.get(module, "rl")
    return ImportError(f"{feature} needs {module}: pip install \"olab[{extra}]\" (or pip install {module})")


def require(module: str, feature: str):
    """Import an optional dependency, or raise :func:`missing_extra`'s error."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise missing_extra(module, feature) from None


def check_backend(backend: str, workers: int, address: str | None = None) -> None:
    """``ValueError`` unless ``backend`` is one of :data:`BACKENDS`, ``workers`` an int >= 1 and
    ``address`` given only for Ray."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int >= 1, not {workers!r}")
    if address is not None and backend != "ray":
        raise ValueError("an address is for the ray backend (--backend ray)")


def run_jobs(func: Callable, jobs: Sequence, backend: str = "local", workers: int = 1,
             address: str | None = None, retries: int = 3) -> Iterator[tuple[int, Any]]:
    """Yield ``(i, func(jobs[i]))`` for every job, in the order they finish.

    ``func`` must be importable by name (a module-level function) for the
    worker processes and Ray.  Closing the iterator early (or Ctrl-C) stops
    the workers.

    Raises
    ------
    ValueError
        For an unknown backend, a bad number of workers, or an address without Ray.
    RuntimeError
        When the local workers died more than ``retries`` times.
    """
    check_backend(backend, workers, address)
    if backend == "ray":
        yield from _ray(func, jobs, workers, address, retries)
    elif workers == 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            yield i, func(job)
    else:
        yield from _local(func, jobs, workers, retries)


class SpawnGuard:
    """Start worker processes that do not run the calling script again.

    With the ``spawn`` start method every worker imports the parent's main
    module (its ``__file__``); a plain script that calls ``run_arena(...,
    workers=2)`` at top level, without ``if __name__ == "__main__":``, would
    then start a match in every worker, which starts workers... (issue 16: 30,000
    lines of traceback in 15 s).  The workers only need olab, so while the pool
    starts, the main module's file and spec are hidden from the start method;
    the jobs name what they run (bots by name, ``module:Class`` for one of your
    own) and each worker imports it.
    """

    def __enter__(self):
        self.main = sys.modules.get("__main__")
        self.saved: dict[str, Any] = {}
        if self.main is not None:
            for attr in ("__file__", "__spec__"):
                if hasattr(self.main, attr):
                    self.saved[attr] = getattr(self.main, attr)
            if "__file__" in self.saved:
                del self.main.__file__
            self.main.__spec__ = None          # the start method reads it, so it must exist
        return self

    def __exit__(self, *exc):
        if self.main is not None:
            for attr in ("__file__", "__spec__"):
                if attr in self.saved:
                    setattr(self.main, attr, self.saved[attr])
                elif attr == "__spec__":
                    del self.main.__spec__
        return False


def _worker_init(parent: int) -> None:
    # a worker's initializer.  Ctrl-C reaches every process of the terminal's
    # group: the parent stops the pool and says so in one line; the workers
    # must not each print a traceback.  And the worker ends when the process
    # that started it is gone (issue 27: after a kill -9 of olab selfplay its
    # workers played on for minutes); the parent's death re-parents the
    # worker, so its parent id changes
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch():
        import time
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="olab-parent-watch", daemon=True).start()


def _stop(pool) -> None:
    # end the workers now: the jobs still running are abandoned (Ctrl-C, or
    # the caller stopped reading); ProcessPoolExecutor would wait for them
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def _local(func, jobs, workers, retries):
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    pending = set(range(len(jobs)))
    broken = 0
    while pending:
        with SpawnGuard():
            pool = ProcessPoolExecutor(max_workers=min(workers, len(pending)),
                                       mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_worker_init, initargs=(os.getpid(),))
            futures = {pool.submit(func, jobs[i]): i for i in sorted(pending)}
        try:
            while futures:
                done, _ = wait(futures, return_when=FIRST_COMPLETED)
                for f in done:
                    i = futures.pop(f)
                    result = f.result()
                    pending.discard(i)
                    yield i, result
        except BrokenProcessPool:
            broken += 1
            pool.shutdown(wait=True)
            if broken > retries:
                raise RuntimeError(f"the worker processes died {broken} times; "
                                   f"{len(pending)} jobs were not finished") from None
        except BaseException:
            _stop(pool)
            raise
        else:
            pool.shutdown(wait=True)


class JobPool:
    """Local worker processes kept for many rounds of jobs: ``pool.map(func, jobs)`` is ``[func(j) for j in jobs]``.

    For work that comes in rounds too short to start processes for (a step
    of a fit is a few games).  One worker (the default) runs the jobs in this
    process.  The workers are started as :func:`run_jobs` starts them
    (``spawn``, :class:`SpawnGuard`, Ctrl-C left to this process, gone with
    it); a round whose pool broke (a worker died) is run again in a new
    pool, at most ``retries`` times in all.  Use it as a context manager: the
    workers end with the block.
    """

    def __init__(self, workers: int = 1, retries: int = 3):
        check_backend("local", workers)
        self.workers = workers
        self.retries = retries
        self._pool: Any = None
        self._broken = 0

    def __enter__(self) -> "JobPool":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self):
        from concurrent.futures import ProcessPoolExecutor

        with SpawnGuard():
            self._pool = ProcessPoolExecutor(max_workers=self.workers,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_worker_init, initargs=(os.getpid(),))

    def map(self, func: Callable, jobs: Sequence) -> list:
        """``func(job)`` of every job, in the jobs' order (``func`` importable by name)."""
        from concurrent.futures.process import BrokenProcessPool

        if self.workers == 1 or len(jobs) <= 1:
            return [func(job) for job in jobs]
        while True:
            if self._pool is None:
                self._start()
            try:
                return list(self._pool.map(func, jobs))
            except BrokenProcessPool:
                self._broken += 1
                self._pool.shutdown(wait=True)
                self._pool = None
                if self._broken > self.retries:
                    raise RuntimeError(f"the worker processes died {self._broken} times") from None
            except BaseException:
                self.close()
                raise

    def close(self) -> None:
        """End the workers (jobs still running are abandoned)."""
        if self._pool is not None:
            _stop(self._pool)
            self._pool = None


def _ray(func, jobs, workers, address, retries):
    ray = require("ray", "the ray backend")
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(num_cpus=1, max_retries=retries)(func)
    refs = {remote.remote(job): i for i, job in enumerate(jobs)}
    while refs:
        done, _ = ray.wait(list(refs), num_returns=1)
        for ref in done:
            i = refs.pop(ref)
            yield i, ray.get(ref)
