"""Read models: SQL tables kept by projections that see every event exactly once."""
