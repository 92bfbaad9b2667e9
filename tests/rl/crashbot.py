"""A bot for the crash tests: plays like olab's random bot, and kills its own worker process once.

It ends the process it runs in (``os._exit``) at its ``OLAB_TEST_CRASH_AFTER``-th
decision in that process, if that process is not ``OLAB_TEST_PARENT_PID``
and the file ``OLAB_TEST_CRASH_MARKER`` does not exist yet (it makes it:
one crash per test).
"""
import os

from olab.bots import RandomBot


class CrashBot(RandomBot):
    name = "crash"
    calls = 0

    def choose(self, state):
        CrashBot.calls += 1
        marker = os.environ.get("OLAB_TEST_CRASH_MARKER")
        if (marker and str(os.getpid()) != os.environ.get("OLAB_TEST_PARENT_PID")
                and CrashBot.calls >= int(os.environ.get("OLAB_TEST_CRASH_AFTER", "1"))):
            try:
                fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                pass
            else:
                os.close(fd)
                os._exit(1)
        return super().choose(state)
