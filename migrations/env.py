"""Alembic environment: the read-model tables only, on the connection ``chronique db upgrade`` gives."""

from __future__ import annotations

from alembic import context

from chronique.projections.tables import metadata


def include_name(name: str | None, type_: str, _: object) -> bool:
    """Only the read models: never the event store's, the vault's or the daemon's tables."""
    return type_ != "table" or (name or "").startswith("read_")


connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    include_name=include_name,
    render_as_batch=True,  # SQLite alters tables by copying them
)
with context.begin_transaction():
    context.run_migrations()
