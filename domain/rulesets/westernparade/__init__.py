"""Western Parade (C. Pythoud, beta 2002): the d100 western with hit locations, bleeding and healing."""
