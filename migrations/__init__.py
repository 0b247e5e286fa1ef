"""Alembic revisions of the read-model tables (the event store's tables are eventsourcing's)."""
