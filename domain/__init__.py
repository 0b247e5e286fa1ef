"""The pure core of Chronique: aggregates, events, chance, time and the rulesets."""
