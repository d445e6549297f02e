// @ts-check
// Human move notation, generic over the view format (families/contract.py): the
// piece that moves and where it goes ("7 ←", "A →2", "→"), a square's name from
// the view's coordinates ("c3"), or the family's own labels when the view says
// they are already what people write (`notation: "labels"`, peg holes "a3-a1").
// Nothing here knows a family: what to write comes from the view alone.
/** @import { Move, Piece, View } from "./types.js" */

/** @type {{[step: string]: string}} */
const ARROWS = {
  "-1,0": "\u2191", "1,0": "\u2193", "0,-1": "\u2190", "0,1": "\u2192",
  "-1,-1": "\u2196", "-1,1": "\u2197", "1,-1": "\u2199", "1,1": "\u2198",
};

/** A cell's name: from the view's `coords` (files and ranks), else a mark written
 *  in that cell (a hole's name), else null.
 * @param {View} view @param {number} r @param {number} c @returns {string | null} */
export function squareName(view, r, c) {
  const co = view.coords;
  if (co && co.files && co.ranks && co.files[c] !== undefined && co.ranks[r] !== undefined) {
    return `${co.files[c]}${co.ranks[r]}`;
  }
  for (const m of view.marks || []) if (m.r === r && m.c === c) return m.text;
  return null;
}

/** @param {Piece} p @param {number} i */
function pieceId(p, i) { return p.id !== undefined ? String(p.id) : `#${i}`; }

/** @param {View} view @param {[number, number]} cell @returns {Piece | undefined} */
function pieceAt(view, [r, c]) {
  return (view.pieces || []).find((p) => r >= p.r && r < p.r + (p.h || 1) && c >= p.c && c < p.c + (p.w || 1));
}

/** How far a move shifts its piece: from the grabbed cell at its front (in the
 *  direction it moves) to its target. A car moving right or down leads with its
 *  last cell, left or up with its first.
 * @param {Move} m @returns {[number, number]} */
export function shift(m) {
  const first = m.grab[0], last = m.grab[m.grab.length - 1];
  const lead = m.to[0] > last[0] || m.to[1] > last[1] ? last : first;
  return [m.to[0] - lead[0], m.to[1] - lead[1]];
}

/**
 * @param {Piece | undefined} piece @param {number} dr @param {number} dc @param {View} view
 * @param {[number, number]} to @returns {string}
 */
function travel(piece, dr, dc, view, to) {
  // A piece without a letter on a named board is written by the square it reaches.
  const name = piece && !piece.label ? squareName(view, to[0], to[1]) : null;
  if (name) return name;
  // An arrow says a straight or diagonal slide; any other jump keeps the family's label.
  if (dr && dc && Math.abs(dr) !== Math.abs(dc)) return "";
  const arrow = ARROWS[`${Math.sign(dr)},${Math.sign(dc)}`] || "";
  const n = Math.max(Math.abs(dr), Math.abs(dc));
  const where = `${arrow}${n > 1 ? n : ""}`;
  return piece && piece.label ? `${piece.label} ${where}` : where;
}

/** A legal move (the server's {label, grab, to}) as people write it, seen from `view`.
 * @param {View} view @param {Move | null} move @returns {string} */
export function moveText(view, move) {
  if (!move) return "";
  if (view.notation === "labels") return move.label;
  if (!move.grab.length) return squareName(view, move.to[0], move.to[1]) ?? move.label;
  const piece = pieceAt(view, move.grab[0]);
  const [dr, dc] = shift(move);
  return travel(piece, dr, dc, view, move.to) || move.label;
}

/** The move from one view to the next (a solution's frames): the piece whose id is
 *  found at another place; the family's label when the views cannot tell.
 * @param {View | null} before @param {View | null} after @param {string} label @returns {string} */
export function stepText(before, after, label) {
  if (!before || !after || after.notation === "labels") return label;
  const old = new Map((before.pieces || []).map((p, i) => [pieceId(p, i), p]));
  for (const [i, p] of (after.pieces || []).entries()) {
    const o = old.get(pieceId(p, i));
    if (o && (o.r !== p.r || o.c !== p.c)) return travel(p, p.r - o.r, p.c - o.c, after, [p.r, p.c]) || label;
  }
  return label;
}
