"""The player page's strings, translated from the same gettext catalogs as the CLI.

:data:`WEB_MESSAGES` lists every English string the page shows (its HTML's
``data-i18n`` elements and the ``t("...")`` calls of its JavaScript; a test
checks the list against both files), marked for Babel's extraction. ``GET
/api/i18n`` answers them in the language of the page's switch (``?lang=``) or
else of the browser's ``Accept-Language``.
"""

from __future__ import annotations

from typing import Any

from searchlab import i18n
from searchlab.i18n import N_
from searchlab.search.result import LIMIT_PHRASES, STAT_LABELS, STATUS_LABELS

LANGUAGE_NAMES = {"en": "English", "es": "Español"}

STAT_AND_LIMIT_MESSAGES = (*STAT_LABELS.values(), *STATUS_LABELS.values(), *LIMIT_PHRASES)
"""The statistics' names, the statuses' words and the limits' phrases, which the page
shows too."""

WEB_MESSAGES = (
    *STAT_AND_LIMIT_MESSAGES,
    N_("choose…"),
    N_("loading…"),
    N_("The next move of an optimal solution"),
    N_("Hint is off: {reason}."),
    N_("Loaded: {description}"),
    N_("generating…"),
    N_("Solved in {n} moves!"),
    N_("The cheapest possible: well played!"),
    N_("Yours costs {mine}; the cheapest solution costs {best}."),
    N_("No legal move left: undo, or go back to the start."),
    N_("thinking…"),
    N_("solving…"),
    N_("{expanded} nodes expanded, {seconds} s"),
    N_("a limit"),
    N_("Impossible: {reason}"),
    N_("No solution exists (the whole space was searched)."),
    N_("Cancelled."),
    N_("Stopped by {limit}."),
    N_("method"),
    N_("status"),
    N_("moves"),
    N_("cost"),
    N_("depth"),
    N_("state"),
    N_("… {n} more expansions not listed"),
    N_("Zoom in"),
    N_("Zoom out"),
    N_("Fit"),
    N_("Show the whole graph"),
    N_("file too large (over 200 kB)"),
    N_("Cannot start: {message}"),
    N_("Restart"),
    N_("Step back"),
    N_("Play / pause"),
    N_("Step forward"),
    N_("speed"),
    N_("start"),
    N_("move {step} / {last}"),
    N_("{speed} moves/s"),
    N_("queued… {seconds} s"),
    N_("running… {seconds} s"),
    N_("Solved: {n} move"),
    N_("Solved: {n} moves"),
    N_("Language"),
    N_("Board"),
    N_("Load board"),
    N_("Random board"),
    N_("Undo"),
    N_("Hint"),
    N_("Solve"),
    N_("Algorithm"),
    N_("Heuristic"),
    N_("Time limit (s)"),
    N_("Cancel"),
    N_("Statistics"),
    N_("Pick a puzzle."),
    N_("There is no puzzle called “{name}”: pick one below."),
    # The player page of issue 22: one board, a move list, a setup drawer.
    N_("Board, move {step} of {last}"),
    N_("Built-in puzzles"),
    N_("Game"),
    N_("Puzzle families"),
    N_("Close"),
    N_("Copied to the clipboard."),
    N_("Copy the link above."),
    N_("Keep looking"),
    N_("Keyboard"),
    N_("Link to this puzzle"),
    N_("Looking for the shortest solution…"),
    N_("Moves"),
    N_("Move {step}: {move}"),
    N_("New game"),
    N_(
        "On the board: a piece's letter or number selects it (a Tower of Hanoi peg: 1, 2 "
        "or 3, then the peg it goes to), the arrow keys move the selected piece, or else a "
        "dashed square where Enter or Space plays; Esc unselects; U undo, Y redo, H hint "
        "(Shift+H, U or Y for a piece so named). Elsewhere: the arrow keys on the move "
        "list step through it."
    ),
    N_("Paste or type a board"),
    N_("Random puzzle"),
    N_("Redo"),
    N_("Replay speed"),
    N_("Share"),
    N_("Solved!"),
    N_("Text format"),
    N_("Time"),
    N_("The shortest possible: well played!"),
    N_("The shortest solution has {n} moves."),
    N_("To the last move"),
    N_("To the start"),
    N_("Try {move}"),
    N_("Upload a file…"),
    N_("Watch the search"),
    N_("seed (blank: a new one)"),
    N_("{min} to {max}"),
    N_("{n} moves in {time}"),
    # Algorithms named in words (static/js/names.js, shared with the watch mode).
    N_("Greedy"),
    N_("Weighted A*"),
    N_("Bidirectional BFS"),
    N_("Backtracking"),
    # A random puzzle's field out of its range, checked by the page (the web review).
    N_("{field} must be a whole number from {min} to {max}."),
    N_("{field} must be from {min} to {max}."),
    # Wording that fits every puzzle (issue 37): a tour is never "the shortest", a
    # dedicated solver's uncounted nodes are not zeros.
    N_("Every solution has this length: what counts is finding one."),
    N_("nodes"),
    N_("not counted by this solver"),
    # The watch, reachable from under the board (it replaced the teaching view).
    N_("Watch the search step by step"),
    N_("on its own page"),
    N_("Puzzles"),
    N_("The link's game stops at move {n}: {move} cannot be played there."),
)


def page_messages(lang: str | None, accept_language: str) -> dict[str, Any]:
    """The page's language (``lang`` when it is one of ours, else the browser's
    preference), the languages offered, and every page string in it."""
    language = lang if lang in i18n.LANGUAGES else i18n.parse_accept_language(accept_language)
    return {
        "language": language,
        "languages": {code: LANGUAGE_NAMES[code] for code in i18n.LANGUAGES},
        "messages": i18n.translated(WEB_MESSAGES, language),
    }
