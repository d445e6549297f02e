// @ts-check
// The player's state (one object: the family, the board, the game line, the selection,
// the running job, the clock) and the page helpers every part of the player uses.
/** @import { Entry, FamilyInfo, Move, View } from "../types.js" */

/** An element of the page by its id (typed loosely: the page's HTML is not checked).
 * @type {(id: string) => any} */
export const $ = (id) => document.getElementById(id);
export const key = (rc) => `${rc[0]},${rc[1]}`;
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export function say(id, text, cls = "") {
  const m = $(id);
  m.textContent = text;
  m.title = text;  // a clamped line shows its whole text on hover
  for (const c of ["error", "good", "busy"]) m.classList.toggle(c, cls === c);
}

// This page's random id: the server cancels the page's solves when it goes away.
export const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * The player's one state object.
 * @typedef {object} PlayerState
 * @property {FamilyInfo[]} families every family (GET /api/families)
 * @property {FamilyInfo | null} fam the family shown
 * @property {string} board the board in play, as text
 * @property {View | null} base its base view (what never moves)
 * @property {string | null} noHint why hints are off for this board, or null
 * @property {Entry[]} line the game: line[0] the start, line[i] after move i
 * @property {number} at the step shown
 * @property {number} version bumped whenever the line changes (stale answers are dropped)
 * @property {string | null} selected the selected piece's cell ("r,c")
 * @property {Move | null} hint the hinted move
 * @property {string | null} down the cell a pointer went down on
 * @property {[number, number] | null} cursor the keyboard's dashed square
 * @property {number | string | null} [keyPiece] the id of the piece chosen by key
 * @property {boolean} [keyPick] the selection was made by key
 * @property {string | null} job the running solve's id
 * @property {{length: number, cost: number} | null} best the optimal solution's length and cost
 * @property {boolean} bestAsked
 * @property {boolean} weighted some move costs other than 1
 * @property {ReturnType<typeof setTimeout> | null} timer the replay's timer
 * @property {AbortController | null} generating a random board being generated
 * @property {{start: number | null, stopped: number | null, tick: ReturnType<typeof setInterval> | null}} clock
 * @property {Promise<any> | null} watch the watch panel's handle, once mounted
 */

/** @type {PlayerState} */
export const app = {
  families: [], fam: null, board: "", base: null, noHint: null,
  line: [], at: 0, version: 0,   // the game: line[0] the start, line[i] after move i
  selected: null, hint: null, down: null, cursor: null,
  job: null, best: null, bestAsked: false, weighted: false, timer: null, generating: null,
  clock: { start: null, stopped: null, tick: null }, watch: null,
};

// ---- icons ---------------------------------------------------------------------
// Drawn as SVG paths (font glyphs such as U+23F8 are empty boxes with some fonts).
const ICONS = {
  undo: "M9 5 3 11l6 6v-4h6a4 4 0 0 1 0 8h-2v2h2a6 6 0 0 0 0-12H9z",
  redo: "M15 5l6 6-6 6v-4H9a4 4 0 0 0 0 8h2v2H9A6 6 0 0 1 9 11h6z",
  hint: "M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2zM9 19h6v2H9z",
  restart: "M4 4h2v16H4zM20 4v16L8 12z",
  back: "M18 4v16L6 12z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M6 4v16l12-8z",
  end: "M18 4h2v16h-2zM4 4v16l12-8z",
};

export function setIcon(button, name) {
  button.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">` +
    `<path d="${ICONS[name]}" fill="currentColor"/></svg>`;
}

export function option(select, value, text = value) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}
