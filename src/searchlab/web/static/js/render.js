// @ts-check
// Draw a view (see searchlab/view/format.py) as SVG. The geometry, cell fills and piece
// kinds come from the one table in searchlab/view/styles.py, served as searchlab/styles.js;
// searchlab/view/svg.py draws the same views on the Python side. renderView draws in
// layers as svg.py does: the board (drawBoard, drawCoords), the overlay (drawOverlay,
// drawNumbers), the marks, the pieces (placePieces, drawPiece, outlinePieces) and the
// click layer (drawCellLayer, markCells).
/** @import { CellLayer, Marks, Piece, View, XY } from "./types.js" */
import { STYLES } from "searchlab/styles.js";

const NS = "http://www.w3.org/2000/svg";
export const CELL = STYLES.cell;
export const MARGIN = STYLES.margin;
const COORDS_MAX_SIDE = 20;  // beyond, the edge letters would be too small to read
const PALETTE = STYLES.palette;
/** @param {string} kind */
const pieceStyle = (kind) => STYLES.pieces[kind || "tile"] || STYLES.pieces.tile;

/**
 * A new SVG element `name` with attributes `attrs`, appended to `parent` if given.
 * @param {string} name
 * @param {{[attr: string]: string | number}} attrs
 * @param {Element} [parent]
 * @returns {any} the element (an SVGElement of the kind `name` says)
 */
function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

// The top-left corner of cell (r, c) in a drawing of `view` (its row moved right by the
// view's `offsets[r]` cells: a triangle's packed rows), as view/svg.py's _xy.
/**
 * @param {View} view @param {number} r @param {number} c @param {number} [cell]
 * @returns {[number, number]}
 */
export function cellXY(view, r, c, cell = CELL) {
  const off = view.offsets ? view.offsets[r] || 0 : 0;
  return [MARGIN + (c + off) * cell, MARGIN + r * cell];
}

/** The drawing's width and height, as view/format.py's size.
 * @param {View} view @param {number} [cell] @returns {[number, number]} */
export function viewSize(view, cell = CELL) {
  const extra = view.exit ? cell / 2 : 0;
  return [2 * MARGIN + view.cols * cell + extra, 2 * MARGIN + view.rows * cell];
}

// Render `view` into the <svg> element `svg`. `marks` may hold sets of "r,c"
// keys to highlight: last (the last move's cells), grab (movable pieces), to
// (targets), selected, hint, and cursor (the keyboard's square).
// `onCell(r, c, kind)` is called on pointerdown/pointerup over a cell.
// View keys beyond base.py's: `numbers` numbers the path's squares,
// `closed` closes a complete path.
/**
 * @param {SVGSVGElement} svg
 * @param {View} view
 * @param {{cell?: number, marks?: Marks, onCell?: ((r: number, c: number, kind: string) => void) | null}} [options]
 */
export function renderView(svg, view, { cell = CELL, marks = {}, onCell = null } = {}) {
  const [w, h] = viewSize(view, cell);
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(w));
  svg.setAttribute("height", String(h));
  svg.style.setProperty("--ar", (w / h).toFixed(4));  // the page's CSS may size it by its shape
  const { bg, over, pieces, labels, cells } = layersOf(svg, cell);
  /** @type {(r: number, c: number) => [number, number]} */
  const xy = (r, c) => cellXY(view, r, c, cell);
  drawBoard(bg, view, cell, xy);
  const pathLength = drawOverlay(over, view, marks, cell, xy);
  drawNumbers(over, view, pathLength, cell, xy);
  drawMarks(labels, view, cell, xy);
  placePieces(pieces, view, cell, xy);
  const onPiece = outlinePieces(pieces, view, marks);
  drawCellLayer(cells, view, cell, xy);
  cells.onCell = onCell;
  markCells(cells, marks, onPiece);
}

/**
 * The five layers of a board's picture, made once per cell size: the board (redrawn
 * only when it changes), the overlay (the path, redrawn), the pieces (kept by id, so a
 * piece that moves slides there through a CSS transition), the marks' labels, the
 * click/highlight layer (kept, classes updated; its clicks call its `onCell`).
 * @param {SVGSVGElement} svg
 * @param {number} cell
 * @returns {{bg: SVGGElement, over: SVGGElement, pieces: SVGGElement, labels: SVGGElement, cells: CellLayer}}
 */
function layersOf(svg, cell) {
  const names = ["bg", "over", "pieces", "labels", "cells"];
  /** @type {any[]} */
  let found = names.map((n) => svg.querySelector(`:scope > g.${n}`));
  if (!found[0] || !found[3] || svg.dataset.cell !== String(cell)) {
    svg.replaceChildren();
    found = names.map((n) => el("g", { class: n }, svg));
    svg.dataset.cell = String(cell);
    listen(found[4]);
  }
  const [bg, over, pieces, labels, cells] = found;
  return { bg, over, pieces, labels, cells };
}

/**
 * The click layer's pointer events, delegated: a cell pressed ("down") and the cell
 * the pointer is lifted over ("up") are passed to the layer's `onCell(r, c, kind)`.
 * @param {CellLayer} layer
 */
function listen(layer) {
  /** @param {string} kind @returns {(ev: PointerEvent) => void} */
  const handler = (kind) => (ev) => {
    const target = /** @type {SVGElement} */ (ev.target);
    const k = target.dataset && target.dataset.cell;
    if (!k || !layer.onCell) return;
    ev.preventDefault();
    const [r, c] = k.split(",").map(Number);
    layer.onCell(r, c, kind);
  };
  layer.addEventListener("pointerdown", handler("down"));
  // A finger (or a pen) keeps sending its events to the cell it pressed (implicit
  // pointer capture), so the cell it is lifted over is found from its position:
  // a drag ends on the cell under the finger, not where it began.
  layer.addEventListener("pointerup", (ev) => {
    const under = /** @type {SVGElement | null} */ (document.elementFromPoint(ev.clientX, ev.clientY));
    const target = under && layer.contains(under) && under.dataset.cell ? under : /** @type {SVGElement} */ (ev.target);
    const k = target && target.dataset && target.dataset.cell;
    if (!k || !layer.onCell) return;
    ev.preventDefault();
    const [r, c] = k.split(",").map(Number);
    layer.onCell(r, c, "up");
  });
}

/**
 * The board under the pieces: its cells, the coordinates along its edges, its fixtures
 * and its exit; redrawn only when one of them changed.
 * @param {SVGGElement} bg @param {View} view @param {number} cell @param {XY} xy
 */
function drawBoard(bg, view, cell, xy) {
  const cells = view.cells || [];
  const boardSig = JSON.stringify([view.rows, view.cols, cells, view.exit || null, view.coords || null,
                                   view.fixtures || null, view.offsets || null]);
  if (bg.dataset.sig === boardSig) return;
  bg.replaceChildren();
  bg.dataset.sig = boardSig;
  for (let r = 0; r < cells.length; r++) {
    for (let c = 0; c < cells[r].length; c++) {
      const ch = cells[r][c];
      if (ch === " ") continue;
      const [x, y] = xy(r, c);
      el("rect", { x, y, width: cell, height: cell, fill: STYLES.cells[ch] || STYLES.cells["."],
                   stroke: PALETTE.grid, "stroke-width": 0.5 }, bg);
      if (ch === "o") {
        el("circle", { cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.12, fill: PALETTE.hole_dot }, bg);
      }
    }
  }
  drawCoords(bg, view, cell, xy);
  // Fixtures (a tower's rods and base): drawn like pieces of their kind, never moved.
  for (const f of view.fixtures || []) {
    const [x, y] = xy(f.r, f.c);
    const g = drawPiece(bg, f, cell);
    g.setAttribute("class", `fixture ${f.kind}`);
    g.setAttribute("transform", `translate(${x},${y})`);
  }
  if (view.exit) {
    const [x, y] = xy(view.exit.r, view.cols);
    const m = cell / 2;
    el("path", { d: `M${x + 2},${y + m * 0.5} L${x + m - 2},${y + m} L${x + 2},${y + m * 1.5} Z`,
                 fill: PALETTE.exit }, bg);
  }
}

/**
 * Coordinates along the edges, as on a chessboard (files on the bottom row, ranks on
 * the left column), when the view names its files and ranks.
 * @param {SVGGElement} bg @param {View} view @param {number} cell @param {XY} xy
 */
function drawCoords(bg, view, cell, xy) {
  const co = view.coords;
  if (!(co && co.files && co.ranks && Math.max(view.rows, view.cols) <= COORDS_MAX_SIDE)) return;
  const style = { "font-size": cell * 0.22, "font-family": "sans-serif", fill: "#0009" };
  for (let c = 0; c < view.cols; c++) {
    const [x, y] = xy(view.rows - 1, c);
    const t = el("text", { ...style, x: x + cell - 2, y: y + cell - 3, "text-anchor": "end" }, bg);
    t.textContent = co.files[c];
  }
  for (let r = 0; r < view.rows; r++) {
    const [x, y] = xy(r, 0);
    const t = el("text", { ...style, x: x + 2, y: y + cell * 0.24 }, bg);
    t.textContent = co.ranks[r];
  }
}

/**
 * The overlay: the last move's cells (under the pieces) and the path drawn so far.
 * @param {SVGGElement} over @param {View} view @param {Marks} marks @param {number} cell @param {XY} xy
 * @returns {number} how many of the path's cells are drawn
 */
function drawOverlay(over, view, marks, cell, xy) {
  over.replaceChildren();
  for (const k of marks.last || []) {  // the last move's cells, under the pieces
    const [r, c] = k.split(",").map(Number);
    const [x, y] = xy(r, c);
    el("rect", { x, y, width: cell, height: cell, class: "last", fill: "#f2d34f66" }, over);
  }
  const path = view.path || [];
  const n = Math.min(view.path_len ?? path.length, path.length);
  if (n) {
    const pts = path.slice(0, n)
      .map(([r, c]) => xy(r, c).map((v) => v + cell / 2).join(",")).join(" ");
    // A closed tour, once complete, also draws its last move back to the start.
    el(view.closed && n === path.length ? "polygon" : "polyline",
       { points: pts, fill: "none", stroke: PALETTE.path, "stroke-opacity": 0.7,
         "stroke-width": Math.max(1.5, cell / 12), "stroke-linejoin": "round" }, over);
  }
  return n;
}

/**
 * The path's first `n` squares numbered 1, 2, ... when the view asks (a knight's tour).
 * @param {SVGGElement} over @param {View} view @param {number} n @param {number} cell @param {XY} xy
 */
function drawNumbers(over, view, n, cell, xy) {
  if (!view.numbers) return;
  const path = view.path || [];
  for (let i = 0; i < n; i++) {
    const [r, c] = path[i];
    const [x, y] = xy(r, c);
    const t = el("text", { x: x + cell / 2, y: y + cell / 2, "text-anchor": "middle",
                           "dominant-baseline": "central", "font-size": cell * 0.36,
                           "font-family": "sans-serif", fill: i === 0 ? PALETTE.first_number : PALETTE.number,
                           "font-weight": i === 0 ? "bold" : "normal",
                           stroke: "#fffc", "stroke-width": cell * 0.1, "paint-order": "stroke" }, over);
    t.textContent = String(i + 1);
  }
}

/**
 * The view's marks (a hole's name), above the pieces, in a corner, with a light halo,
 * so a peg never hides them.
 * @param {SVGGElement} labels @param {View} view @param {number} cell @param {XY} xy
 */
function drawMarks(labels, view, cell, xy) {
  labels.replaceChildren();
  for (const m of view.marks || []) {
    const [x, y] = xy(m.r, m.c);
    const t = el("text", { x: x + 2, y: y + cell * 0.22, "font-size": cell * 0.22,
                           "font-family": "sans-serif", fill: PALETTE.mark, stroke: "#fffc",
                           "stroke-width": cell * 0.07, "paint-order": "stroke" }, labels);
    t.textContent = m.text;
  }
}

/** A piece's id in its layer: its own id, else `#i` for the i-th piece.
 * @param {Piece} p @param {number} i */
const pieceId = (p, i) => (p.id !== undefined ? String(p.id) : `#${i}`);

/**
 * The pieces where the view puts them: a piece kept from the last picture (same id,
 * same look) only moves, so that it slides there; the others are drawn anew.
 * @param {SVGGElement} layer @param {View} view @param {number} cell @param {XY} xy
 */
function placePieces(layer, view, cell, xy) {
  const old = new Map([...layer.children].map((g) => [/** @type {SVGGElement} */ (g).dataset.piece, /** @type {SVGGElement} */ (g)]));
  const keep = new Set();
  for (const [i, p] of (view.pieces || []).entries()) {
    const id = pieceId(p, i);
    const sig = `${p.kind}|${p.w || 1}|${p.h || 1}|${p.label ?? ""}|${p.color ?? ""}`;
    let g = old.get(id);
    if (!g || g.dataset.sig !== sig || keep.has(id)) {
      if (g && !keep.has(id)) g.remove();
      g = drawPiece(layer, p, cell);
      g.dataset.piece = id;
      g.dataset.sig = sig;
    }
    keep.add(id);
    const [x, y] = xy(p.r, p.c);
    g.style.transform = `translate(${x}px, ${y}px)`;
  }
  for (const [id, g] of old) if (!keep.has(id)) g.remove();
}

/**
 * A movable, selected or hinted piece is outlined as a whole (outlines drawn cell by
 * cell would cross a car and hide its letter); its cells keep only the cursor.
 * @param {SVGGElement} layer @param {View} view @param {Marks} marks
 * @returns {Set<string>} the cells under a piece ("r,c")
 */
function outlinePieces(layer, view, marks) {
  /** @param {string} name */
  const cellMarks = (name) => new Set(marks[name] || []);
  const onPiece = new Set();
  const [grab, selected, hint] = ["grab", "selected", "hint"].map(cellMarks);
  for (const [i, p] of (view.pieces || []).entries()) {
    const id = pieceId(p, i);
    const g = layer.querySelector(`:scope > g[data-piece='${CSS.escape(id)}']`);
    if (!g) continue;
    const own = [];
    for (let dr = 0; dr < (p.h || 1); dr++) {
      for (let dc = 0; dc < (p.w || 1); dc++) own.push(`${p.r + dr},${p.c + dc}`);
    }
    own.forEach((k) => onPiece.add(k));
    for (const [name, set] of /** @type {[string, Set<string>][]} */ ([["grab", grab], ["selected", selected], ["hint", hint]])) {
      g.classList.toggle(name, own.some((k) => set.has(k)));
    }
  }
  return onPiece;
}

/**
 * The highlights and click layer: one transparent rect per cell, created once per
 * grid size; clicks are delegated to the layer.
 * @param {CellLayer} layer @param {View} view @param {number} cell @param {XY} xy
 */
function drawCellLayer(layer, view, cell, xy) {
  const rows = view.rows, cols = view.cols;
  const layerSig = `${rows}x${cols}|${view.offsets || ""}`;
  if (layer.dataset.size === layerSig) return;
  layer.replaceChildren();
  layer.dataset.size = layerSig;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [x, y] = xy(r, c);
      el("rect", { x, y, width: cell, height: cell, class: "cell", "data-cell": `${r},${c}`,
                   fill: "transparent" }, layer);
    }
  }
}

/**
 * Each marked cell's classes on the click layer (a mark on a piece's cell is named
 * `<mark>-piece`: the piece carries the outline); the cells no longer marked are reset.
 * @param {CellLayer} layer @param {Marks} marks @param {Set<string>} onPiece
 */
function markCells(layer, marks, onPiece) {
  const marked = new Map();
  for (const name of ["grab", "to", "selected", "hint", "cursor"]) {
    for (const k of marks[name] || []) {
      const cls = name !== "to" && name !== "cursor" && onPiece.has(k) ? `${name}-piece` : name;
      marked.set(k, `${marked.get(k) || "cell"} ${cls}`);
    }
  }
  for (const rect of layer.querySelectorAll("rect.cell:not([class='cell'])")) {
    if (!marked.has(/** @type {SVGRectElement} */ (rect).dataset.cell)) rect.setAttribute("class", "cell");
  }
  for (const [k, cls] of marked) {
    const rect = layer.querySelector(`[data-cell='${k}']`);
    if (rect) rect.setAttribute("class", cls);
  }
}

/** @param {Element} parent @param {Piece} p @param {number} cell @returns {SVGGElement} */
function drawPiece(parent, p, cell) {
  // Drawn at the origin; renderView places it with a CSS transform. The shapes are those
  // of searchlab/view/svg.py: block, rod, disc, glyph (see searchlab/view/styles.py).
  const kind = p.kind || "tile";
  const style = pieceStyle(kind);
  const fill = p.color || style.fill;
  const w = (p.w || 1) * cell, h = (p.h || 1) * cell;
  const cx = w / 2, cy = h / 2;
  const g = el("g", { class: `piece ${kind}` }, parent);
  if (style.shape === "disc") {
    el("circle", { cx, cy, r: cell * 0.32, fill }, g);
    return g;
  }
  if (style.shape === "glyph") {  // on a disc, so it shows on dark squares and small cells
    el("circle", { cx, cy, r: cell * 0.45, fill, stroke: style.ink, "stroke-width": cell / 20 }, g);
    const t = el("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central",
                           "font-size": cell * 0.7, fill: style.ink }, g);
    t.textContent = style.glyph;
    return g;
  }
  if (style.shape === "rod") {  // a bar along the longer side, rounded ends
    const across = cell * style.inset;
    const [dx, dy] = w > h ? [0, across] : [across, 0];
    const bw = w - 2 * dx, bh = h - 2 * dy;
    el("rect", { x: dx, y: dy, width: bw, height: bh, rx: Math.min(bw, bh) / 2, fill }, g);
    return g;
  }
  const inset = cell * style.inset;
  const bw = w - 2 * inset, bh = h - 2 * inset;
  el("rect", { x: inset, y: inset, width: bw, height: bh,
               rx: Math.min(cell * style.round, bw / 2, bh / 2), fill, stroke: "#00000040" }, g);
  if (p.label !== undefined && p.label !== "") {
    const t = el("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central",
                           "font-size": cell * 0.45 * Math.min(p.w || 1, p.h || 1),
                           "font-family": "sans-serif",
                           "font-weight": "bold", fill: style.ink }, g);
    t.textContent = String(p.label);
  }
  return g;
}

// What counts as solved, beside a board: fill `box` (data-role="goal") with the family's
// sentence and, when the puzzle has one goal position, a small picture of it (the
// objective of /api/{family}/validate and /api/watch/trace: {text, view}).
export function renderGoal(box, objective, base, size = 84) {
  box.replaceChildren();
  box.hidden = !objective || (!objective.text && !objective.view);
  if (box.hidden) return;
  if (objective.view) {
    const view = { ...base, ...objective.view };
    const cell = Math.max(4, Math.floor(size / Math.max(view.rows, view.cols)));
    const svg = el("svg", { class: "goal-board", role: "img", "aria-label": objective.text }, box);
    renderView(svg, view, { cell });
  }
  const p = document.createElement("p");
  p.className = "goal-text";
  p.textContent = objective.text;
  box.append(p);
}
