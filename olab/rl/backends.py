"""Where independent jobs run: in this process, in local worker processes, or on a Ray cluster.

:func:`run_jobs` calls ``func(job)`` for every job and yields ``(index,
result)`` as they finish.  A job must be a pure function of its arguments
(the self-play shards and arena games are: everything is seeded), so where
it ran, and how often it was started, changes nothing in its result:

- ``"local"``: ``workers`` processes (``spawn``; the caller's script is not
  run again in them).  A worker that dies (killed, out of memory) breaks the
  pool; the jobs whose results were not yet yielded are started again in a
  new pool, at most ``retries`` times in all;
- ``"ray"``: one Ray task per job (``pip install "olab[ray]"``).  Without
  ``address`` a local Ray instance with ``workers`` CPUs is started (unless
  Ray is already initialised); with it, the cluster at ``address`` (``"auto"``
  or ``"HOST:PORT"``, see ``ray start --head``) runs them.  Ray starts a task
  again when its worker dies (``retries`` times).
"""
from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence

__all__ = ["BACKENDS", "run_jobs"]

#: the backends :func:`run_jobs` knows
BACKENDS = ("local", "ray")


def _check(backend: str, workers: int, address: str | None) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int >= 1, not {workers!r}")
    if address is not None and backend != "ray":
        raise ValueError("an address is for the ray backend (--backend ray)")


def run_jobs(func: Callable, jobs: Sequence, backend: str = "local", workers: int = 1,
             address: str | None = None, retries: int = 3) -> Iterator[tuple[int, object]]:
    """Yield ``(i, func(jobs[i]))`` for every job, in the order they finish.

    ``func`` must be importable by name (a module-level function) for the
    worker processes and Ray.
    """
    _check(backend, workers, address)
    if backend == "ray":
        yield from _ray(func, jobs, workers, address, retries)
    elif workers == 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            yield i, func(job)
    else:
        yield from _local(func, jobs, workers, retries)


def _watch_parent(parent: int) -> None:
    # a worker's initializer: end the worker when the process that started it
    # is gone (issue 27: after a kill -9 of olab selfplay its workers played on
    # for minutes); the parent's death re-parents the worker, so its parent id changes
    def watch():
        import time
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="olab-parent-watch", daemon=True).start()


def _local(func, jobs, workers, retries):
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    from olab.arena import _WorkersWithoutTheCallersScript

    pending = set(range(len(jobs)))
    broken = 0
    while pending:
        with _WorkersWithoutTheCallersScript(), ProcessPoolExecutor(
                max_workers=min(workers, len(pending)), mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent, initargs=(os.getpid(),)) as pool:
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
                if broken > retries:
                    raise RuntimeError(f"the worker processes died {broken} times; "
                                       f"{len(pending)} jobs were not finished") from None


def _ray(func, jobs, workers, address, retries):
    from olab.rl import require

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
