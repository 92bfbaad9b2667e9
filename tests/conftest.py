"""Shared pytest setup: report which compiled core the tests import."""
import olab_core.ora._engine as _engine


def pytest_report_header(config):
    # the tests must exercise the built package, not a stale in-place build
    return [f"olab_core engine: {_engine.__file__}"]
