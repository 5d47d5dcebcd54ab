"""seat_links: the holder a link was issued to, and whether the host issued it

A rejoin link works only while its seat is held by the token it was issued to, and once.
Links still valid at the upgrade are given their seat's holder now.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 23:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seat_links', schema=None) as batch_op:
        batch_op.add_column(sa.Column('holder', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('by_host', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(
        "UPDATE seat_links SET holder = (SELECT seats.token_hash FROM seats "
        "WHERE seats.table_id = seat_links.table_id AND seats.seat = seat_links.seat) "
        "WHERE revoked = false"
    )


def downgrade() -> None:
    with op.batch_alter_table('seat_links', schema=None) as batch_op:
        batch_op.drop_column('by_host')
        batch_op.drop_column('holder')
