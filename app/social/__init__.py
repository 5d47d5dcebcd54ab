"""The table's social life beside the game: table talk (``chat``), shared marks, the ruler and
the pointer (``marks``), the host's table settings (``settings``) and the spectator delay
(``delay``). Rules and storage calls only: the live fan-out of all this is the transport's
``Room`` (``app.transport.room``), the HTTP side ``app.web.table_life``. It sits above the
session (it reads states and seats through it) and below the transport."""
