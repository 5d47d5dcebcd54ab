"""table_settings: takeback, whether players may take back a slip (off, ask or free);
events: an index by kind, so that a replay finds a table's takebacks at once

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-20 10:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('table_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('takeback', sa.String(length=8), nullable=False, server_default='ask'))
    op.create_index('ix_events_kind', 'events', ['table_id', 'kind'])


def downgrade() -> None:
    op.drop_index('ix_events_kind', table_name='events')
    with op.batch_alter_table('table_settings', schema=None) as batch_op:
        batch_op.drop_column('takeback')
