"""Read models kept by tracked projections (see issue: read models)."""
