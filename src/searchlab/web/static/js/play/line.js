// @ts-check
// The game line: a line of positions (a move list like a chess game's); undo, redo and
// the replay controls move along it; a move played by hand continues from there. Also
// its drawing on the one board, the clock and the celebration, and the replay's timer.
import { api } from "searchlab/api.js";
import { t } from "searchlab/i18n.js";
import { stepText } from "searchlab/notation.js";
import { onCell, selectKeyPiece } from "searchlab/play/input.js";
import { $, app, key, same, say, setIcon } from "searchlab/play/state.js";
import { renderView } from "searchlab/render.js";
/** @import { Entry, Move, Position, View } from "../types.js" */

// ---- the game line -----------------------------------------------------------------
/** A new game from the board's start position. @param {Position} start */
export function startGame(start) {
  pause();
  app.line = [{ text: t("start"), pos: start, view: { ...app.base, ...start.view }, token: start.state }];
  app.at = 0;
  app.version++;
  app.selected = app.hint = app.cursor = null;
  app.best = null;
  app.bestAsked = false;
  app.weighted = costsVary(start);
  resetClock();
  $("celebrate").hidden = true;
  say("play-message", "");
  render();
}

/** The step shown. @returns {Entry} */
export const entry = () => app.line[app.at];
/** A step's whole view. @param {Entry} e @returns {View} */
export const viewOf = (e) => (e.pos ? { ...app.base, ...e.pos.view } : e.view);

/** The cells whose occupant changed between two views: the last move's squares. */
/** @param {View} before @param {View} after @returns {Set<string>} */
export function changedCells(before, after) {
  const occupants = (view) => {
    const m = new Map();
    for (const [i, p] of (view.pieces || []).entries()) {
      const id = p.id !== undefined ? String(p.id) : `#${i}`;
      for (let dr = 0; dr < (p.h || 1); dr++) for (let dc = 0; dc < (p.w || 1); dc++) m.set(`${p.r + dr},${p.c + dc}`, id);
    }
    return m;
  };
  const a = occupants(before), b = occupants(after);
  const cells = new Set();
  for (const [k, id] of a) if (b.get(k) !== id) cells.add(k);
  for (const [k, id] of b) if (a.get(k) !== id) cells.add(k);
  return cells;
}

/** The position at the current step, fetched when only its picture is known (a
 *  solution's step): then the board can be played from there. */
async function ensurePosition() {
  const e = entry();
  if (e.pos || e.token === undefined || e.token === null || e.fetching) return;
  e.fetching = true;
  const version = app.version;
  try {
    e.pos = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: e.token });
  } catch (err) {
    say("play-message", err.message, "error");
  } finally {
    e.fetching = false;
  }
  if (version === app.version && entry() === e) render();
}

/** Show step `i` of the line (clamped to it). @param {number} i */
export function go(i) {
  if (!app.line.length) return;  // no board loaded yet
  const target = Math.max(0, Math.min(app.line.length - 1, i));
  if (target === app.at) return;
  app.at = target;
  app.selected = app.hint = null;
  app.keyPiece = null;
  $("celebrate").hidden = true;
  say("play-message", "");
  render();
}

/** Play move `m` from the step shown. @param {Move} m */
export async function applyMove(m) {
  const from = entry();
  const version = app.version;
  try {
    const next = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: m.state });
    if (version !== app.version || entry() !== from) return;  // the game moved on meanwhile
    app.weighted ||= costsVary(next);
    startClock();
    const before = viewOf(from);
    const following = app.line[app.at + 1];
    if (following && same(following.token, next.state)) {
      following.pos = next;  // the move already next in the line: step along it
    } else {
      app.line.length = app.at + 1;
      const after = { ...app.base, ...next.view };
      // Written as a solution's steps are, from the two positions (one notation in the list).
      const text = stepText(before, after, m.label);
      app.line.push({ text, label: m.label, pos: next, token: next.state, view: after,
                      cost: costSoFar(from) + (m.cost ?? 1),
                      last: new Set([...m.grab.map(key), key(m.to)]) });
      app.version++;
    }
    app.at++;
    app.selected = app.hint = null;
    selectKeyPiece(next);  // a piece chosen by key stays chosen
    say("play-message", "");
    render();
    if (next.goal) solvedByHand();
  } catch (err) {
    say("play-message", err.message, "error");
  }
}

// ---- drawing -------------------------------------------------------------------------
/** The cells ("r,c") by which moves take their pieces. @param {Move[]} moves @returns {Set<string>} */
export function movingPieces(moves) { return new Set(moves.map((m) => (m.grab.length ? key(m.grab[0]) : ""))); }

/** The moves of the step shown that take the piece on cell `k`. @param {string} k @returns {Move[]} */
export function movesOf(k) { return (entry().pos?.moves || []).filter((m) => m.grab.some((g) => key(g) === k)); }

let listVersion = -1;

// A control that turns disabled while it has the keyboard's focus drops it to the page
// (Undo pressed back to the start, Solve while solving): it goes to the control that
// does the opposite, or else to the board, so the keys keep working.
const PARTNER = { undo: "redo", redo: "undo", back: "forward", forward: "back", restart: "end", end: "restart",
                  "solve-button": "cancel", cancel: "solve-button" };

export function keepFocus(was) {
  if (!was || !was.disabled || !(document.activeElement === was || document.activeElement === document.body)) return;
  const partner = PARTNER[was.id] && $(PARTNER[was.id]);
  (partner && !partner.disabled && partner.offsetParent !== null ? partner : $("play-board")).focus({ preventScroll: true });
}

export function render() {
  if (!app.line.length) return;
  const focused = document.activeElement;
  const e = entry();
  const view = viewOf(e);
  const moves = e.pos ? e.pos.moves : [];
  const marks = { grab: new Set(), to: new Set(), selected: new Set(), hint: new Set(), last: e.last || new Set() };
  if (!app.timer && !(e.pos && e.pos.goal)) {  // no move marks while a replay plays, nor once solved
    const onePiece = movingPieces(moves).size === 1;
    for (const m of moves) {
      m.grab.forEach((g) => marks.grab.add(key(g)));
      if (m.grab.length === 0 || onePiece) marks.to.add(key(m.to));
    }
    if (app.selected) {
      marks.selected.add(app.selected);
      movesOf(app.selected).forEach((m) => marks.to.add(key(m.to)));
    }
    if (app.hint) {
      app.hint.grab.forEach((g) => marks.hint.add(key(g)));
      marks.hint.add(key(app.hint.to));
    }
    if (app.cursor) marks.cursor = new Set([key(app.cursor)]);
  }
  renderView($("play-board"), view, { marks, onCell });
  const last = app.line.length - 1;
  $("counter").textContent = t("move {step} / {last}", { step: app.at, last });
  $("undo").disabled = $("back").disabled = $("restart").disabled = app.at === 0;
  $("redo").disabled = $("forward").disabled = $("end").disabled = app.at === last;
  $("play-pause").disabled = last === 0;
  $("hint").disabled = !e.pos || e.pos.goal || e.pos.moves.length === 0 || Boolean(app.noHint);
  $("play-board").setAttribute("aria-label", t("Board, move {step} of {last}", { step: app.at, last }));
  if (!app.timer && app.at > 0 && $("announce").dataset.step !== `${app.version}:${app.at}`) {
    $("announce").dataset.step = `${app.version}:${app.at}`;  // read out by screen readers
    $("announce").textContent = t("Move {step}: {move}", { step: app.at, move: e.text });
  }
  renderList();
  keepFocus(focused);
  if (!e.pos && !app.timer) ensurePosition();
  if (e.pos && !app.timer && !$("play-message").textContent) {
    if (e.pos.goal) say("play-message", t("Solved in {n} moves!", { n: app.at }), "good");
    else if (e.pos.moves.length === 0) say("play-message", t("No legal move left: undo, or go back to the start."), "error");
  }
}

function renderList() {
  const list = $("move-list");
  if (listVersion !== app.version) {
    listVersion = app.version;
    list.replaceChildren();
    app.line.forEach((e, i) => {
      const li = document.createElement("li");
      li.dataset.step = String(i);
      const b = document.createElement("button");
      b.type = "button";
      b.tabIndex = -1;
      if (i > 0) {
        const n = document.createElement("span");
        n.className = "n";
        n.textContent = `${i}.`;
        b.append(n, " ");
      }
      b.append(e.text);
      if (e.fromSolution) li.classList.add("sol");
      li.appendChild(b);
      list.appendChild(li);
    });
    list.tabIndex = 0;
  }
  const items = list.children;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle("current", i === app.at);
    items[i].classList.toggle("future", i > app.at);
    if (i === app.at) items[i].firstChild.setAttribute("aria-current", "step");
    else items[i].firstChild.removeAttribute("aria-current");
  }
  keepVisible(list, items[app.at]);
}

// The current move stays visible by scrolling the list alone: the page never jumps.
function keepVisible(list, li) {
  if (!li) return;
  const top = li.offsetTop;  // the list is positioned: offsets are relative to it
  if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

// ---- the clock and the celebration ----------------------------------------------------
export function resetClock() {
  clearInterval(app.clock.tick);
  app.clock = { start: null, stopped: null, tick: null };
  showClock();
}

function startClock() {
  if (app.clock.start !== null) return;
  app.clock.start = performance.now();
  app.clock.tick = setInterval(showClock, 1000);
  showClock();
}

function clockSeconds() {
  const c = app.clock;
  if (c.start === null) return 0;
  return Math.floor(((c.stopped ?? performance.now()) - c.start) / 1000);
}

function clockText(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

function showClock() { $("timer-text").textContent = clockText(clockSeconds()); }

function solvedByHand() {
  if (app.clock.start !== null && app.clock.stopped === null) {
    app.clock.stopped = performance.now();
    clearInterval(app.clock.tick);
    showClock();
  }
  $("celebrate-text").textContent = t("{n} moves in {time}", { n: app.at, time: clockText(clockSeconds()) });
  showBest();
  $("celebrate").hidden = false;
  $("stage").classList.remove("flash");
  void $("stage").offsetWidth;  // restart the animation
  $("stage").classList.add("flash");
  if (app.best === null && app.fam.ranked) askBest();
}

/** What the line costs up to entry `e`: its moves, or their costs where moves cost
 * differently (a weighted maze; entries drawn from a solution count their moves). */
function costSoFar(e) { return e.cost ?? app.line.indexOf(e); }

/** Whether some legal move of position `pos` costs other than 1 (a weighted maze):
 * then the celebration speaks of cost, not of the number of moves. */
function costsVary(pos) { return pos.moves.some((m) => (m.cost ?? 1) !== 1); }

/** The best solution's length and cost, from a solved result. */
export function bestOf(r) { return { length: r.length, cost: r.cost ?? r.length }; }

function showBest() {
  const box = $("celebrate-best");
  if (!app.fam.ranked) { box.textContent = t("Every solution has this length: what counts is finding one."); return; }
  if (app.best === null) { box.textContent = t("Looking for the shortest solution…"); return; }
  const weighted = app.weighted || app.best.cost !== app.best.length;
  if (!weighted) {
    box.textContent = app.at <= app.best.length ? t("The shortest possible: well played!")
      : t("The shortest solution has {n} moves.", { n: app.best.length });
    return;
  }
  const mine = costSoFar(entry());
  box.textContent = mine <= app.best.cost + 1e-9 ? t("The cheapest possible: well played!")
    : t("Yours costs {mine}; the cheapest solution costs {best}.", { mine: +mine.toFixed(3), best: +app.best.cost.toFixed(3) });
}

/** The optimal length, from the family's default (best) solver, for the celebration. */
async function askBest() {
  if (app.bestAsked) return;
  app.bestAsked = true;
  const version = app.version, board = app.board;
  try {
    const { job } = await api(`/api/${app.fam.name}/solve`, {
      board, algorithm: app.fam.algorithms[0], heuristic: app.fam.heuristics[0] || "", time_limit: 10,
    });
    for (let i = 0; i < 100; i++) {
      const snap = await api(`/api/jobs/${job}`);
      if (snap.state === "done" || snap.state === "failed") {
        if (snap.state === "done" && snap.result.status === "solved" && app.board === board) {
          app.best = bestOf(snap.result);
          if (app.version === version || !$("celebrate").hidden) showBest();
        } else $("celebrate-best").textContent = "";
        return;
      }
      await new Promise((ok) => setTimeout(ok, 250));
    }
  } catch { $("celebrate-best").textContent = ""; }
}

// ---- replay ------------------------------------------------------------------------------
function speed() { return Number($("speed").value); }
function stride() { return Math.max(1, Math.round(speed() / 50)); }  // above 50 moves/s, skip frames
function delay() { return (1000 * stride()) / speed(); }

function tick() {
  if (app.at >= app.line.length - 1) { pause(); return; }
  go(app.at + stride());
  app.timer = setTimeout(tick, delay());
}

function play() {
  if (app.line.length < 2) return;
  if (app.at >= app.line.length - 1) go(0);
  setIcon($("play-pause"), "pause");
  $("play-pause").classList.add("playing");
  app.timer = setTimeout(tick, delay());
  render();
}

export function pause() {
  if (!app.timer) return;
  clearTimeout(app.timer);
  app.timer = null;
  setIcon($("play-pause"), "play");
  $("play-pause").classList.remove("playing");
  if (app.line.length) render();
}

export function togglePlay() { if (app.timer) pause(); else play(); }

export function showSpeed() { $("speed-out").textContent = t("{speed} moves/s", { speed: $("speed").value }); }
