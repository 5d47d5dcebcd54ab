"""table_settings: guided, a guided game (each player's table shows a hint at every step)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 10:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('table_settings', schema=None) as batch_op:
        batch_op.add_column(sa.Column('guided', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('table_settings', schema=None) as batch_op:
        batch_op.drop_column('guided')
