"""pytest-benchmark suites: every game's (test_bench_games.py), then what one game or interface adds."""
