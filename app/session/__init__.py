"""The session: load, check, apply, persist, publish. Routes and websocket handlers call only
``Session``; the transport and the web import from here (``from app.session import Session``).

One module per concern (after lichess lila's round module):

* ``session``  - ``Session``, the entry point that wires the parts below together;
* ``records``  - the values handed around: ``Actor``, ``Envelope``, ``Cached``, ``Committed``, ``Preview``;
* ``tables``   - table creation and fixed facts, seats (join, kick, reopen), closing, the projection;
* ``seats``    - who holds a seat: rejoin links, moves to a new device, a rematch's reserved seats;
* ``lobby``    - the lobby's list of tables and one table's summary;
* ``tokens``   - bearer-token authentication and its short cache;
* ``actions``  - a seat's actions, host rulings and previews;
* ``takeback`` - a seat's takeback requests and the other players' answers;
* ``takeback_log`` - takebacks as the log keeps them, and how each changes the table;
* ``commit``   - the commit path: lock, one transaction, gapless seq, then the bus (``Change``);
* ``cache``    - the state cache: each table's latest state and its recent events;
* ``history``  - the current state, events, replay, rebuild and replay checkpoints;
* ``game``     - the rule system as the session drives it (the one game step);
* ``rows``     - the table row and the log's rows;
* ``proof``    - the dice proof of a finished game;
* ``transfer`` - ``warboard import``'s checks of an export file, and its write;
* ``audit``    - replaying an exported log against its recorded events;
* ``bus``      - the bus the session publishes on: its interface and its closed set of messages
  (the transport implements it);
* ``projection`` - the one redaction point: what one viewer may receive of a table;
* ``rules_process`` - heavy legal lists in a process of their own;
* ``rematch``  - a new table with the same system, options and players.
"""

from app.session.commit import Change
from app.session.records import TABLE_KINDS, Actor, Cached, Committed, Envelope, Preview
from app.session.session import Session

__all__ = ["TABLE_KINDS", "Actor", "Cached", "Change", "Committed", "Envelope", "Preview", "Session"]
