"""Tests of olab serve (they skip without the web extra)."""
