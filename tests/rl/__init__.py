"""Tests of olab.rl (they skip without the rl extra)."""
