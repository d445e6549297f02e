// @ts-check
// Playing by hand: a click, a tap, a drag or a key on the board becomes a move of the
// position shown (nothing here knows a family: targets and labels come from the view).
import { api } from "searchlab/api.js";
import { language, t } from "searchlab/i18n.js";
import { moveText } from "searchlab/notation.js";
import { applyMove, entry, go, movesOf, movingPieces, pause, render, togglePlay, viewOf } from "searchlab/play/line.js";
import { $, PAGE, app, key, say } from "searchlab/play/state.js";

// ---- playing by hand -------------------------------------------------------------------
let lastPointer = "mouse";
addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType; }, { capture: true });

export function onCell(r, c, kind) {
  const k = `${r},${c}`;
  if (kind === "down") {
    app.down = k;
    // A mouse click readies the keys; a finger's touch draws no focus ring on a phone.
    if (lastPointer === "mouse") $("play-board").focus({ preventScroll: true });
    return;
  }
  const from = app.down;
  app.down = null;
  if (!app.line.length || !entry().pos) return;
  pause();
  if (from && from !== k) {  // a drag from one cell to another
    const m = dragMove(from, k);
    if (m) { applyMove(m); return; }
  }
  click(k);
}

// A drag from cell `from` to cell `k` plays the move of the piece under `from` that
// shifts it by as much (a car dragged along its axis by any of its cells), else a
// move of that piece whose target is `k`.
function dragMove(from, k) {
  const [fr, fc] = from.split(",").map(Number);
  const [kr, kc] = k.split(",").map(Number);
  const candidates = movesOf(from);
  const shift = (m) => {
    const first = m.grab[0], last = m.grab[m.grab.length - 1];
    const lead = m.to[0] > last[0] || m.to[1] > last[1] ? last : first;
    return [m.to[0] - lead[0], m.to[1] - lead[1]];
  };
  return candidates.find((m) => { const [dr, dc] = shift(m); return dr === kr - fr && dc === kc - fc; })
    || candidates.find((m) => key(m.to) === k) || nearestMove(candidates, k);
}

// A tap or drop that misses every target of the piece plays the piece's move whose
// target is nearest to it, when that target is the only nearest one, nearer than the
// piece itself, and no farther than the piece is from it: a Tower of Hanoi disk
// dropped anywhere over another peg (its target is one small square), a car dragged
// past where it can go. A tap on or beside the piece, or far beyond, plays nothing.
function nearestMove(moves, k) {
  if (!moves.length || !moves[0].grab.length) return null;
  const [r, c] = k.split(",").map(Number);
  const apart = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const piece = moves[0].grab;
  const ranked = moves.map((m) => [apart(m.to, [r, c]), m]).sort((a, b) => a[0] - b[0]);
  const [d, m] = ranked[0];
  if (ranked.length > 1 && ranked[1][0] === d) return null;
  const fromPiece = Math.min(...piece.map((g) => apart(g, [r, c])));
  const reach = Math.min(...piece.map((g) => apart(g, m.to)));
  return d < fromPiece && d <= reach ? m : null;
}

function click(k) {
  app.keyPick = false;  // chosen by pointer or by the dashed square
  app.keyPiece = null;
  const moves = entry().pos.moves;
  if (app.selected) {
    const m = movesOf(app.selected).find((mv) => key(mv.to) === k);
    if (m) { applyMove(m); return; }
  }
  const direct = moves.filter((m) => m.grab.length === 0 && key(m.to) === k);
  if (direct.length === 1) { applyMove(direct[0]); return; }
  const grabbed = movesOf(k);
  if (grabbed.length === 1) { applyMove(grabbed[0]); return; }
  if (grabbed.length > 1) {
    app.selected = app.selected === k ? null : k;
    render();
    return;
  }
  const onto = moves.filter((m) => key(m.to) === k);
  if (onto.length === 1) { applyMove(onto[0]); return; }
  const near = app.selected && nearestMove(movesOf(app.selected), k);
  if (near) { applyMove(near); return; }
  app.selected = null;
  render();
}

export function undo() { pause(); go(app.at - 1); }
export function redo() { pause(); go(app.at + 1); }

export async function hint() {
  const e = entry();
  if (!e || !e.pos) return;
  say("play-message", t("thinking…"));
  try {
    const data = await api(`/api/${app.fam.name}/hint?lang=${language()}`, { board: app.board, state: e.pos.state, page: PAGE });
    if (entry() !== e) return;
    app.hint = data.move;
    if (data.move) say("play-message", t("Try {move}", { move: moveText(viewOf(e), data.move) }));
    else say("play-message", data.message, "error");
    render();
  } catch (err) {
    say("play-message", err.message, "error");
  }
}

// Keys that name what to move, read from the view (nothing here knows a family): the
// labelled bases a piece stands on (the Tower of Hanoi's pegs: 1, 2, 3 or A, B, C), else
// the pieces' own labels (a Rush Hour car's letter, a tile's number).
function namedBases(view) {
  return (view.fixtures || []).filter((f) => f.label && f.w).sort((a, b) => a.c - b.c);
}

function baseOfKey(view, k) {
  const bases = namedBases(view);
  if (!bases.length) return null;
  const n = Number(k);
  if (Number.isInteger(n) && n >= 1 && n <= bases.length) return bases[n - 1];
  return bases.find((f) => f.label.toLowerCase() === k.toLowerCase()) || null;
}

const under = (f, rc) => rc[1] >= f.c && rc[1] < f.c + f.w;  // a cell over base f

// A key pressed on the board: select the piece (or the top piece of the base) it names,
// or, with a base's piece selected, play its move onto the base named. True if used.
function keySelect(k, pos) {
  const view = viewOf(entry());
  const base = baseOfKey(view, k);
  if (base) {
    if (app.selected) {
      const m = movesOf(app.selected).find((mv) => under(base, mv.to));
      if (m) { app.keyPiece = null; applyMove(m); return true; }
    }
    const m = pos.moves.find((mv) => mv.grab.length && under(base, mv.grab[0]));
    app.selected = m ? key(m.grab[0]) : null;
    app.keyPiece = null;
    app.keyPick = Boolean(m);
    render();
    return true;
  }
  const piece = (view.pieces || []).find((p) => p.label && String(p.label).toLowerCase() === k.toLowerCase());
  if (!piece) return false;
  app.keyPiece = piece.id ?? null;
  app.keyPick = true;
  selectKeyPiece(pos);
  const one = app.selected && movesOf(app.selected);
  if (one && one.length === 1 && (piece.w || 1) === 1 && (piece.h || 1) === 1) {
    app.keyPiece = null;  // a one-square piece with one move (a tile by the blank): played
    applyMove(one[0]);
    return true;
  }
  render();
  return true;
}

// Keep the piece chosen by key selected from move to move (a car driven by the arrows).
export function selectKeyPiece(pos) {
  if (app.keyPiece === null || app.keyPiece === undefined || !pos) return;
  const piece = (viewOf(entry()).pieces || []).find((p) => p.id === app.keyPiece);
  if (!piece) { app.keyPiece = null; return; }
  const cells = new Set();
  for (let dr = 0; dr < (piece.h || 1); dr++) for (let dc = 0; dc < (piece.w || 1); dc++) cells.add(`${piece.r + dr},${piece.c + dc}`);
  const m = pos.moves.find((mv) => mv.grab.some((g) => cells.has(key(g))));
  app.selected = m ? key(m.grab.find((g) => cells.has(key(g)))) : null;
}

// The selected piece's move the arrow points to: the nearest target that way.
function arrowMove(dr, dc) {
  if (!app.selected) return null;
  const [r0, c0] = app.selected.split(",").map(Number);
  let best = null, bestD = Infinity;
  for (const m of movesOf(app.selected)) {
    const g = m.grab.find((x) => key(x) === app.selected) || m.grab[0];
    const vr = m.to[0] - g[0], vc = m.to[1] - g[1];
    const along = dr ? Math.sign(vr) === dr : Math.sign(vc) === dc;
    if (!along) continue;
    const d = Math.abs(dr ? vr : vc) + 0.001 * Math.abs(dr ? m.to[1] - c0 : m.to[0] - r0);
    if (d < bestD) { best = m; bestD = d; }
  }
  return best;
}

// Keyboard play: a piece's label (or a base's number or letter) selects it, the arrows
// move the selected piece that way (or, with nothing selected, a cursor square over the
// board), Enter or Space acts on the cursor as a click does; U undo, Y redo, H hint.
export function onBoardKey(ev) {
  if (!app.line.length || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const pos = entry().pos;
  // u, y, h keep their shortcuts; Shift+U/Y/H name a piece so labelled
  if (ev.key.length === 1 && pos && !(["u", "y", "h"].includes(ev.key)) && ev.key !== " " && keySelect(ev.key, pos)) {
    ev.preventDefault();
    pause();
    return;
  }
  // the arrows drive a piece chosen by key; one chosen with the dashed square (Enter)
  // stays put while the square goes to its target
  if (steps[ev.key] && pos && app.selected && app.keyPick) {
    const m = arrowMove(...steps[ev.key]);
    if (m) { ev.preventDefault(); pause(); applyMove(m); return; }
  }
  if (steps[ev.key]) {
    ev.preventDefault();
    if (!pos) return;
    pause();
    // One piece to move (the maze's walker): the arrow moves it where it can go that
    // way; otherwise the arrows move the dashed square.
    const moves = pos.moves;
    const pieces = movingPieces(moves);
    if (pieces.size === 1 && !pieces.has("")) {
      const [dr0, dc0] = steps[ev.key];
      const m = moves.find((mv) => {
        const g = mv.grab[0];
        return Math.sign(mv.to[0] - g[0]) === dr0 && Math.sign(mv.to[1] - g[1]) === dc0;
      });
      if (m) { applyMove(m); return; }
    }
    const first = moves[0];
    const [r, c] = app.cursor || (first ? (first.grab[0] || first.to) : [0, 0]);
    const [dr, dc] = app.cursor ? steps[ev.key] : [0, 0];
    app.cursor = [Math.min(app.base.rows - 1, Math.max(0, r + dr)), Math.min(app.base.cols - 1, Math.max(0, c + dc))];
    render();
  } else if ((ev.key === "Enter" || ev.key === " ") && app.cursor && pos) {
    ev.preventDefault();
    click(key(app.cursor));
  } else if (ev.key === "u" || ev.key === "U") { undo(); }
  else if (ev.key === "y" || ev.key === "Y") { redo(); }
  else if ((ev.key === "h" || ev.key === "H") && !$("hint").disabled) { hint(); }
  else if (ev.key === "Escape") { app.selected = null; app.cursor = null; app.keyPiece = null; render(); }
}

export function onListKey(ev) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (moves[ev.key]) { ev.preventDefault(); pause(); go(app.at + moves[ev.key]); }
  else if (ev.key === "Home") { ev.preventDefault(); pause(); go(0); }
  else if (ev.key === "End") { ev.preventDefault(); pause(); go(app.line.length - 1); }
  else if (ev.key === " ") { ev.preventDefault(); togglePlay(); }
}
