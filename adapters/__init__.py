"""Adapters: settings, the event store, the seed vault, services and the composition root."""
