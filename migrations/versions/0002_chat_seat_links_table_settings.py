"""chat, seat_links, table_settings

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:00:00
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('chat',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seq', sa.BigInteger(), nullable=False),
    sa.Column('channel', sa.String(length=12), nullable=False),
    sa.Column('seat', sa.String(length=40), nullable=True),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_chat_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_chat'))
    )
    with op.batch_alter_table('chat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_chat_table_id'), ['table_id'], unique=False)

    op.create_table('seat_links',
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.String(length=40), nullable=False),
    sa.Column('revoked', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_seat_links_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('key_hash', name=op.f('pk_seat_links'))
    )
    with op.batch_alter_table('seat_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_links_table_id'), ['table_id'], unique=False)

    op.create_table('table_settings',
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('spectator_chat', sa.Boolean(), nullable=False),
    sa.Column('delay_actions', sa.Integer(), nullable=False),
    sa.Column('delay_seconds', sa.Integer(), nullable=False),
    sa.Column('rematch_id', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_table_settings_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('table_id', name=op.f('pk_table_settings'))
    )


def downgrade() -> None:
    op.drop_table('table_settings')
    with op.batch_alter_table('seat_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_links_table_id'))
    op.drop_table('seat_links')
    with op.batch_alter_table('chat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_chat_table_id'))
    op.drop_table('chat')
