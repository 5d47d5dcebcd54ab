"""Computer players: a seat-holding client (``client``), its decisions (``policy``), bots run
inside the server (``hosted``) and in-process bot games for soak tests and benches (``local``)."""
