"""The text scan of issue 25 (point 9): every text a player reads on a page (the page's text, the
log, prompts, headers, refusals shown, button labels, aria-labels, titles, placeholders, option
labels) names things in words, never by an internal id.

``assert_words(page, where)`` collects the texts (``page_texts``) and fails on each that shows
(``id_findings``, pure, unit-tested in tests/browser/test_words_scan.py):

- a snake_case word (``[a-z]+_[a-z_]+``: ``flag_captured``, ``peace_river``);
- a raw coordinate: ``(1, -3)``, ``(20.5, 11)``, ``q=1``, ``x=3``;
- a seat id of the table (``north``, ``p1``), unless the seat's label is the same string;
- a piece id of the view (``n-cg1-1``, ``b3``) that is not also the piece's label;
- ``NOTES.md`` (the rule notes are for developers).

The JSON in the create form's data override boxes (the game's data as the host edits it) is
data, not words: it is not read.

``allow`` lists words that are legitimately the same (a seat id that is also an English word a
text uses, such as "north" on a compass); ``allow_texts`` regexes of whole texts to skip.
Each finding says what it found, in which text and where on the page.

To cover real log lines and a refusal, ``play_some`` plays a seeded table's legal actions through
the API (any game: ``GET /legal``, the first action that neither concedes nor ends the game) and
``refusal`` sends an action the rules refuse and returns the message a player would be shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
from playwright.sync_api import Page

from tests.kit.table import act

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
COORDINATE = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)|\b[qrxy]\s*=\s*-?\d")
NOTES = re.compile(r"NOTES\.md")
#: actions ``play_some`` never picks: they end the game or take a seat out of it
ENDING = frozenset({"concede", "agree_end", "end_game", "resign", "surrender"})


@dataclass(frozen=True)
class Text:
    where: str  # "text in <li#...>", "aria-label of <button>", "refusal"...
    text: str


@dataclass(frozen=True)
class Finding:
    what: str  # "snake_case 'flag_captured'", "seat id 'p1'"...
    text: Text

    def __str__(self) -> str:
        return f"{self.what} in {self.text.where}: {self.text.text[:160]!r}"


# --- collecting -------------------------------------------------------------------------------
COLLECT = """() => {
    const where = (el) => {
        if (!el || el.nodeType !== 1) return '?';
        const id = el.id ? '#' + el.id : '';
        const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
        const up = el.closest('[id]');
        return `<${el.tagName.toLowerCase()}${id}${cls}>` + (up && up !== el ? ` in #${up.id}` : '');
    };
    const shown = (el) => !!el && (el.getClientRects().length > 0 || !!el.closest('#log, #log-live, [aria-live]'));
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        const text = n.textContent.replace(/\\s+/g, ' ').trim();
        // a data override box holds the game's data as JSON, its keys and all: data, not words
        if (!text || !el || el.closest('script, style, template, noscript, .json-field textarea')) continue;
        // a closed select's options and an SVG title have no box: they are read all the same
        if (shown(el) || el.closest('option, optgroup, title, desc')) out.push([`text in ${where(el)}`, text]);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description], input[type=button], input[type=submit], optgroup[label]')) {
        for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'label']) {
            const v = el.getAttribute(a);
            if (v && v.trim() && !(a === 'label' && el.tagName !== 'OPTGROUP')) out.push([`${a} of ${where(el)}`, v.trim()]);
        }
        if (el.tagName === 'INPUT' && (el.type === 'button' || el.type === 'submit') && el.value) out.push([`value of ${where(el)}`, el.value]);
    }
    out.push(['the page title', document.title]);
    return out;
}"""

IDS = """() => {
    const config = document.getElementById('table-config');
    const table = config ? JSON.parse(config.textContent).table : null;
    const seats = (table?.seats || []).map((s) => [s.seat, s.label || '']);
    const view = window.warboard?.view || window.warboard?.shown || null;
    const pieces = (view?.pieces || []).map((p) => [String(p.id), String(p.label ?? '')]);
    return {seats, pieces};
}"""


def page_texts(page: Page) -> list[Text]:
    """Every text a player reads on ``page`` now, with where it was found."""
    return [Text(w, t) for w, t in page.evaluate(COLLECT)]


def page_ids(page: Page) -> tuple[dict[str, str], dict[str, str]]:
    """The table's seat ids -> labels and the view's piece ids -> labels (empty off a table page)."""
    ids = page.evaluate(IDS)
    return dict(ids["seats"]), dict(ids["pieces"])


# --- judging (pure) ---------------------------------------------------------------------------
def _word(ident: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(ident)}(?![\w-])")


def id_findings(
    texts: Iterable[Text],
    seats: dict[str, str] | None = None,
    pieces: dict[str, str] | None = None,
    allow: Iterable[str] = (),
    allow_texts: Iterable[str] = (),
) -> list[Finding]:
    """Each internal id shown in ``texts`` (see the module's docstring)."""
    allowed = set(allow)
    skip = [re.compile(p) for p in allow_texts]
    named = {i: label for i, label in {**(pieces or {}), **(seats or {})}.items() if i and i != label}
    kinds = {i: "seat id" if i in (seats or {}) else "piece id" for i in named}
    checks: list[tuple[str, re.Pattern[str]]] = [(f"{kinds[i]} {i!r}", _word(i)) for i in named if i not in allowed]
    found: list[Finding] = []
    for t in texts:
        if any(p.search(t.text) for p in skip):
            continue
        found.extend(
            Finding(f"snake_case {m.group(0)!r}", t) for m in SNAKE.finditer(t.text) if m.group(0) not in allowed
        )
        found.extend(Finding(f"a raw coordinate {m.group(0)!r}", t) for m in COORDINATE.finditer(t.text))
        if NOTES.search(t.text):
            found.append(Finding("'NOTES.md'", t))
        found.extend(Finding(what, t) for what, pattern in checks if pattern.search(t.text))
    return found


def assert_words(
    page: Page,
    where: str,
    allow: Iterable[str] = (),
    allow_texts: Iterable[str] = (),
    more: Sequence[Text] = (),
) -> None:
    """No text on ``page`` (and none of ``more``: a refusal's message...) shows an internal id."""
    seats, pieces = page_ids(page)
    findings = id_findings([*page_texts(page), *more], seats, pieces, allow, allow_texts)
    assert not findings, f"{where}: ids a player reads ({len(findings)}):\n" + "\n".join(
        f"  {f}" for f in findings[:25]
    )


# --- a seeded game with real actions and a refusal --------------------------------------------
def play_some(
    client: httpx.Client,
    tid: str,
    seats: dict[str, dict[str, str]],
    moves: int,
    pick: Callable[[list[dict[str, Any]]], dict[str, Any] | None] | None = None,
) -> int:
    """Play up to ``moves`` legal actions through the API, each by a seat that has one (``GET
    /legal``): ``pick(actions)``, by default the first that does not end the game. Returns how
    many were played (fewer when nobody may act)."""
    choose = pick or (lambda actions: next((a for a in actions if a.get("kind") not in ENDING), None))
    played = 0
    while played < moves:
        for headers in seats.values():
            legal = client.get(f"/api/tables/{tid}/legal", headers=headers).json().get("actions") or []
            action = choose(legal)
            if action is not None:
                r = act(client, tid, headers, action)
                assert r.status_code == 200, r.text
                played += 1
                break
        else:
            return played
    return played


def refusal(client: httpx.Client, tid: str, headers: dict[str, str], action: dict[str, Any]) -> Text:
    """Send ``action``, which the rules refuse; the message a player is shown."""
    r = act(client, tid, headers, action)
    assert r.status_code >= 400, f"{action} was not refused: {r.text}"
    return Text(f"the refusal of {action.get('kind')!r} ({r.json()['error']['code']})", r.json()["error"]["message"])


def refuse_on_page(page: Page, action: dict[str, Any]) -> Text:
    """Send ``action`` from ``page``'s seat over its websocket; the message a player is shown."""
    message = page.evaluate(
        """(action) => window.warboard.socket.act('refused-' + Date.now(), action).then(() => null, (err) => err.message)""",
        action,
    )
    assert message, f"{action} was not refused"
    return Text(f"the refusal of {action.get('kind')!r} on the page", str(message))
