"""table_settings: takeback, whether players may take back a slip (off, ask or free)

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


def downgrade() -> None:
    with op.batch_alter_table('table_settings', schema=None) as batch_op:
        batch_op.drop_column('takeback')
