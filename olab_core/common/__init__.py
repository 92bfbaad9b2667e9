"""Primitives shared by every game core: 128-bit sets, PCG32, hashing."""
