"""The "Cartes" ruleset: a playing-card RPG by "Luk" (2014); pure rules, tables in tables.toml."""
