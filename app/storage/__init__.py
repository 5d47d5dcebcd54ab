"""Storage: SQLAlchemy tables and the repository. Alembic migrations live in migrations/."""
