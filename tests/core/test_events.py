from app.core.events import private, redact


def test_public_event_is_seen_by_all() -> None:
    event = {"kind": "moved", "seq": 3}
    assert redact(event, None) is event
    assert redact(event, "a") is event


def test_private_event_whole_for_its_seats_only() -> None:
    event = {**private("drew", ["a"], public={"count": 1}, card="Rocket"), "seq": 4, "seat": "a"}
    assert redact(event, "a") == {"kind": "drew", "card": "Rocket", "seq": 4, "seat": "a"}
    for viewer in ("b", None):
        seen = redact(event, viewer)
        assert seen == {"kind": "drew", "count": 1, "seq": 4, "seat": "a"}
        assert "Rocket" not in str(seen)


def test_private_event_without_public_part_is_hidden() -> None:
    event = {**private("chose", ["a"], weapon="Mine Mate"), "seq": 5}
    assert redact(event, None) == {"kind": "chose", "hidden": True, "seq": 5}
