"""One example per operation of /openapi.json, by operation id (``app.web.openapi`` puts them
in): the request body's where the operation takes one, else the answer's. Taken from a sandbox
table (the free board) unless the operation belongs to a game. tests/web/test_client_generation.py
checks each against the schema it illustrates, and sends the rule helpers' to a real server."""

from __future__ import annotations

from typing import Any

TABLE = "saQ8akbq6k2G"
COMMITMENT = "1a79668eac4051a9128b81c116007d1b41ce17828d7722afc9746699f4e817b8"
VIEW: dict[str, Any] = {
    "board": {"kind": "tabletop", "width": 48.0, "height": 48.0},
    "pieces": [{"id": "t1", "label": "Hunter", "owner": "p1", "facing": 0, "x": 10.0, "y": 4.5}],
    "turn": {"active": []},
    "outcome": None,
    "_table": {"status": "open", "outcome": None, "predictable_dice": True, "takeback": None, "started": True},
}
EVENT: dict[str, Any] = {
    "kind": "token_added",
    "token": {"id": "t1", "label": "Hunter", "owner": "p1", "facing": 0, "x": 10.0, "y": 4.5},
    "seq": 2,
    "seat": "p1",
}
OPTIONS: dict[str, Any] = {"board": "tabletop", "width": 48.0, "height": 48.0, "radius": 8, "seats": 8}
SEATS = [f"p{n}" for n in range(1, 9)]
BUS: dict[str, Any] = {"kind": "memory", "connected": True}

EXAMPLES: dict[str, dict[str, Any]] = {
    # --- systems and tables ----------------------------------------------------------------
    "list_systems": {
        "response": [
            {
                "id": "sandbox",
                "name": "Sandbox (free board)",
                "aliases": ["free"],
                "board": "tabletop",
                "seats": SEATS,
                "seat_labels": {s: f"Player {s[1:]}" for s in SEATS},
                "options": {"type": "object", "properties": {"board": {"enum": ["tabletop", "hex"]}}},
                "helpers": [],
            }
        ]
    },
    "list_tables": {
        "response": [
            {
                "id": TABLE,
                "name": "Friday game",
                "system": "sandbox",
                "system_name": "Sandbox (free board)",
                "status": "open",
                "seats_taken": 1,
                "seats_total": 8,
                "spectators": 0,
                "seeded": True,
                "created_at": "2026-12-02T15:28:01.174111",
            }
        ]
    },
    "create_table": {"request": {"system": "small-soldiers", "name": "Friday game", "visibility": "public"}},
    "read_table": {
        "response": {
            "id": TABLE,
            "name": "Friday game",
            "system": "sandbox",
            "board": "tabletop",
            "visibility": "public",
            "status": "open",
            "seq": 3,
            "options": OPTIONS,
            "dice_commitment": COMMITMENT,
            "seeded": True,
            "outcome": None,
            "seats": [
                {"seat": "p1", "label": "Player 1", "state": "taken", "name": "Ann", "connected": True},
                {"seat": "p2", "label": "Player 2", "state": "open", "name": None, "connected": False},
            ],
            "spectators": 0,
            "created_at": "2026-12-02T15:28:01.174111",
        }
    },
    "join_seat": {"request": {"seat": "p1", "name": "Ann"}},
    "spectate": {"request": {"name": "Bob"}},
    "read_dice_proof": {
        "response": {
            "table": TABLE,
            "seed": "friday",
            "commitment": COMMITMENT,
            "algorithm": "sha256-counter",
            "status": "finished",
            "rolls": [{"i": 0, "sides": 6, "value": 2, "action_id": "a2", "seat": "p1", "seq": 3}],
        }
    },
    "read_replay": {"response": {"last": 3, "seq": 2, "state_seq": 2, "view": VIEW, "events": [EVENT]}},
    "read_settings": {
        "response": {
            "spectator_chat": False,
            "delay_actions": 0,
            "delay_seconds": 0,
            "rematch_id": None,
            "takeback": "ask",
        }
    },
    "read_rematch": {"response": {"table": "k3Jd9aQx2LmP"}},
    "ask_rematch": {"response": {"table": "k3Jd9aQx2LmP", "host_token": "q9V2...the new table's host token"}},
    "list_live_games": {
        "response": [
            {
                "id": TABLE,
                "name": "Friday game",
                "system": "sandbox",
                "system_name": "Sandbox (free board)",
                "spectators": 2,
                "seats_taken": 2,
                "seats_total": 8,
                "seeded": False,
                "last_action": "2026-12-02T15:31:12.552000+00:00",
            }
        ]
    },
    "read_links": {
        "response": {
            "base": "http://192.168.1.20:8000",
            "play": f"http://192.168.1.20:8000/tables/{TABLE}?join=1",
            "watch": f"http://192.168.1.20:8000/tables/{TABLE}?watch=1",
        }
    },
    "make_qr": {"request": {"text": f"http://192.168.1.20:8000/tables/{TABLE}#seat=zgvhmwDySTUaMTM56hzRY83Q"}},
    # --- seats -----------------------------------------------------------------------------
    "rejoin_seat": {"request": {"key": "zgvhmwDySTUaMTM56hzRY83QXFp1vtV_GhGCNQ-1Mv4"}},
    "issue_rejoin_link": {"request": {"seat": "p1"}},
    "claim_rematch_seat": {
        "response": {"token": "VKXmDdhPO999fCTbXEv3W_z0KO4Pn2B1", "seat": "p1", "role": "player", "name": "Ann"}
    },
    # --- play ------------------------------------------------------------------------------
    "read_view": {"response": {"seq": 3, "view": VIEW}},
    "read_legal": {
        "response": {
            "seq": 3,
            "actions": [
                {"kind": "roll", "dice": "2d6"},
                {"kind": "move_token", "token": "t1", "x": 24.0, "y": 24.0},
                {"kind": "remove_token", "token": "t1"},
            ],
        }
    },
    "read_knowledge": {
        "response": {
            "seq": 3,
            "system": "sandbox",
            "seat": "p1",
            "worlds": [{"board": VIEW["board"], "tokens": {"t1": VIEW["pieces"][0]}}],
        }
    },
    "act": {
        "request": {
            "id": "a1",
            "action": {"kind": "add_token", "token": "t1", "x": 10.0, "y": 4.5, "label": "Hunter", "facing": 0},
        }
    },
    "preview_action": {"request": {"id": "p1", "action": {"kind": "move_token", "token": "t1", "x": 12.5, "y": 4.5}}},
    "make_ruling": {"request": {"id": "r1", "action": {"kind": "resolve_dispute", "uphold": False}}},
    "read_takeback": {"response": {"mode": "ask", "seqs": [3], "code": None}},
    "read_events": {"response": {"events": [EVENT], "seq": 2}},
    "read_chat": {
        "response": {
            "lines": [
                {
                    "id": 1,
                    "seq": 2,
                    "channel": "players",
                    "seat": "p1",
                    "from": "Ann",
                    "text": "Good luck!",
                    "at": "2026-12-02T15:30:00+00:00",
                }
            ]
        }
    },
    # --- host ------------------------------------------------------------------------------
    "close_table": {"response": {"seq": 9}},
    "kick_seat": {"request": {"seat": "p2"}},
    "reopen_seat": {"request": {"seat": "p2"}},
    "change_settings": {"request": {"delay_actions": 2, "spectator_chat": True}},
    "add_computer": {"request": {"seat": "p2", "level": "easy"}},
    "remove_computer": {"response": {"seat": "p2", "name": "Computer", "running": False}},
    # --- clocks, guided games, the seats a browser holds ---------------------------------------
    "read_clock": {
        "response": {
            "now": 1764687600000,
            "clock": {
                "mode": "live",
                "initial": 600,
                "increment": 5,
                "days": 3,
                "timeout": "computer",
                "left": {"white": 540000, "black": 598000},
                "running": ["white"],
                "since": 1764687590000,
                "paused": None,
                "ask": None,
                "out": [],
                "deadline": 1764688130000,
            },
            "rules": ["lose", "computer", "skip"],
        }
    },
    "set_clock": {"request": {"mode": "correspondence", "days": 3, "timeout": "computer"}},
    "read_hint": {
        "response": {
            "seq": 4,
            "hint": {
                "step": "spin",
                "text": "Spin the spinner: it says how far one of your fighters may move.",
                "control": "Spin",
                "rulebook": "Rulebook: How to Play, Spinning",
                "section": "spinning",
                "yours": True,
            },
        }
    },
    "read_handbook": {
        "response": {
            "system": "small-soldiers",
            "name": "Small Soldiers Big Battle",
            "sections": [
                {
                    "id": "spinning",
                    "title": "Spinning",
                    "rulebook": "How to Play",
                    "text": "On your turn you spin; a number moves one fighter that many spaces.",
                    "codes": ["not_your_turn"],
                }
            ],
        }
    },
    "read_my_games": {"request": {"seats": [{"table": TABLE, "seat": "p1", "token": "t0k3n-of-seat-p1"}]}},
    # --- after the game ----------------------------------------------------------------------
    "read_turns": {
        "response": {
            "seq": 9,
            "turns": [
                {"round": 1, "turn": 1, "seat": "p1", "seq_from": 3, "seq_to": 6, "summary": "2 tokens moved, 1 roll"},
                {"round": 1, "turn": 2, "seat": "p2", "seq_from": 7, "seq_to": 9, "summary": "1 token moved"},
            ],
        }
    },
    "read_report": {
        "response": {
            "table": TABLE,
            "name": "Friday night",
            "system": "small-soldiers",
            "status": "finished",
            "outcome": {"winners": ["gorgonites"], "reason": "flag captured"},
            "last_seq": 152,
            "seats": [{"seat": "gorgonites", "name": "Ann"}, {"seat": "commando-elite", "name": "Bob"}],
            "luck": {
                "events": [],
                "totals": {"gorgonites": 0.75, "commando-elite": -0.75},
                "exact": {"gorgonites": "3/4", "commando-elite": "-3/4"},
                "counted": {"gorgonites": 9, "commando-elite": 9},
                "series": {"gorgonites": [[40, 0.25]], "commando-elite": [[40, -0.25]]},
                "luckiest": {
                    "seq": 40,
                    "seat": "gorgonites",
                    "text": "Ann won a battle with a 17% chance.",
                    "luck": 0.41,
                },
                "unluckiest": None,
            },
            "losses": {"unit": "fighters", "major_unit": None, "items": [], "series": {}, "major": {}},
            "turning_points": [
                {"seq": 40, "text": "Ann won a battle.", "score": 1.5, "replay": f"/tables/{TABLE}/replay?seq=40"}
            ],
        }
    },
    "read_share_file": {"response": "<!doctype html><html lang=en><title>Friday night: Warboard</title>...</html>"},
    "read_log_file": {
        "response": {
            "format": "warboard-table/1",
            "table": {"id": TABLE},
            "tokens": [],
            "seats": [],
            "actions": [],
            "events": [],
        }
    },
    # --- stateless rule helpers ------------------------------------------------------------
    "rules_small_soldiers_battle": {"request": {"attacker_face": "7", "defender_face": "3", "attacker_bonus": 2}},
    "rules_small_soldiers_catapult_aim": {"request": {"army": "gorgonites", "power": 10, "angle": 1, "offset": 0}},
    "rules_hgb_roll": {"request": {"faces": [6, 6, 1]}},
    "rules_hgb_attack": {"request": {"attack_faces": [6, 4], "defense_faces": [3, 2], "dm": 8, "armor": 15}},
    "rules_hgb_odds": {"request": {"dm": 8, "armor": 15, "attack_skill": 2, "defense_skill": 2}},
    "rules_hgb_force": {"request": {"faction": "north"}},
    "rules_hgb_path": {"request": {"x": 10, "y": 20, "path": [[12, 20]]}},
    "rules_gkr_attack": {"request": {"attack_faces": [5, 6, 2], "defence_faces": [4], "to_hit": 4}},
    "rules_gkr_odds": {"request": {"dice": 3, "to_hit": 4}},
    "rules_srbr_catalogue": {"request": {}},
    "rules_srbr_sticks": {"request": {"scale": "25-28mm"}},
    "rules_srbr_activation": {"request": {"faces": [3, 6], "q": 3}},
    "rules_srbr_mecha": {"request": {"mecha": {"name": "Kiku", "size": 3, "q": 3, "c": 3, "attacks": []}}},
    "rules_srbr_combat": {"request": {"attack_die": 5, "defence_die": 2}},
    # --- the process -----------------------------------------------------------------------
    "check_health": {"response": {"ok": True, "bus": BUS}},
    "check_ready": {"response": {"ok": True, "database": {"ok": True, "writable": True}, "bus": BUS}},
    "read_metrics": {"response": "# HELP warboard_tables Tables by game and status\nwarboard_live_tables 3.0\n"},
    "read_metrics_json": {
        "response": {
            "loop": {"interval_ms": 50.0, "max_ms": 20.0},
            "updates": {"sent": 120, "bytes": 48000},
            "computers": {"running": 0, "strong": 0},
        }
    },
}
