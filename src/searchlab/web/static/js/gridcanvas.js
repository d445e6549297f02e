// @ts-check
// Watch a search on a big grid: a lane drawn on a canvas from the compact trace of
// searchlab/web/watch_grid.py (cells numbered r * cols + c; `order` the cell expanded at
// each step, `born` the step each cell was first generated, `frontier` the frontier's
// size after each step, `path` the solution's cells).
//
// CanvasLane has what watch.js asks of a lane (el, title, trace, last, render(i),
// endText(), nextNode(i), stepAt(i), shownNode(i), cell) and draws step after step
// incrementally: a step repaints the cell expanded and the cells it generated, so a
// 100 x 100 maze with tens of thousands of expansions plays at the screen's frame rate.
// The board (walls, weighted cells, start and goal) is drawn once on an offscreen canvas.
import { STYLES } from "searchlab/styles.js";
import { algoLabel } from "./names.js";
import { h } from "./dom.js";

const NONE = 0, FRONTIER = 1, EXPLORED = 2, PATH = 3;
const INCREMENTAL = 4000;
const ALPHA = { 1: 0.9, 2: 0.6, 3: 0.9 };  // frontier, explored, path over the board's fills  // further than this many steps ahead, a jump redraws everything


/** A number as the watch's tables show it: an integer as is, else at most two decimals.
 * @param {number | null | undefined} x */
export const num = (x) => (x === null || x === undefined ? "–" : Number.isInteger(x) ? String(x)
  : x.toFixed(2).replace(/\.?0+$/, ""));

function cellName(cols, k) { return `${Math.floor(k / cols) + 1}·${(k % cols) + 1}`; }

export class CanvasLane {
  constructor(watch, trace, label) {
    this.compact = true;
    this.watch = watch;
    this.trace = trace;
    this.t = watch.t;
    this.label = label;
    const tr = trace;
    const n = tr.rows * tr.cols;
    this.last = tr.order.length;
    this.expAt = new Int32Array(n).fill(0x7fffffff);
    tr.order.forEach((k, i) => { if (this.expAt[k] > i + 1) this.expAt[k] = i + 1; });
    if (tr.goal_step && tr.order.length) this.expAt[tr.order[tr.order.length - 1]] = 0x7fffffff;
    // the cells generated at each step, as one array cut by `bornStart`
    const counts = new Int32Array(this.last + 2);
    for (const b of tr.born) if (b >= 0 && b <= this.last) counts[b + 1] += 1;
    for (let i = 1; i < counts.length; i++) counts[i] += counts[i - 1];
    this.bornStart = counts;
    this.bornCells = new Int32Array(counts[counts.length - 1]);
    const fill = counts.slice();
    tr.born.forEach((b, k) => { if (b >= 0 && b <= this.last) this.bornCells[fill[b]++] = k; });
    this.pathSet = new Set(tr.path);
    this.state = new Uint8Array(n);
    this.drawn = -1;
    this.stats = { renders: 0, ms: 0, max: 0 };
    this.build();
  }

  build() {
    const t = this.t;
    const tr = this.trace;
    const labels = this.watch.family.heuristic_labels || {};
    const heur = tr.heuristic && tr.uses_h ? ` (${labels[tr.heuristic] || tr.heuristic})` : "";
    const w = tr.algorithm === "wastar" ? ` w=${num(tr.weight)}` : "";
    this.title = h("h3", { class: "watch-lane-title" }, `${this.label}: ${algoLabel(t, tr.algorithm)}${w}${heur}`);
    this.board = h("canvas", { class: "watch-board watch-canvas", "data-watch": "board", role: "img",
      "data-rows": tr.rows, "data-cols": tr.cols });
    this.board.setAttribute("aria-label", t("the board at node {node}", { node: cellName(tr.cols, tr.path[0] ?? 0) }));
    this.boardWrap = h("div", { class: "watch-board-wrap" }, this.board);
    this.statsEl = h("p", { class: "watch-stats", "data-watch": "stats", "aria-live": "off" });
    this.current = h("p", { class: "watch-current", "data-watch": "current" });
    this.status = h("p", { class: "watch-status", "data-watch": "status" });
    this.el = h("section", { class: "watch-lane compact", "data-watch": "lane", "data-algorithm": tr.algorithm },
      this.title, this.boardWrap, this.statsEl, this.current, this.status);
  }

  stepAt(i) {
    const k = Math.min(i, this.last);
    const tr = this.trace;
    return { node: k ? tr.order[k - 1] : null, explored: Math.min(k, tr.expanded),
             frontier_size: tr.frontier[k] ?? 0, frontier: [], goal: tr.goal_step && k === this.last && k > 0 };
  }

  shownNode(i) { const st = this.stepAt(i); return st.node === null ? 0 : st.node; }

  nextNode() { return null; }  // no prediction on a compact trace

  // --- geometry and colours ---
  cellSize() {
    if (this.cell) return this.cell;
    const tr = this.trace;
    const avail = Math.max(160, Math.min(this.el.clientWidth || 420, 900) - 20);
    this.cell = Math.max(2, Math.min(40, Math.floor(avail / Math.max(tr.cols, tr.rows * 0.8))));
    return this.cell;
  }

  setup() {
    const tr = this.trace;
    const cell = this.cellSize();
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const px = Math.max(1, Math.round(cell * dpr));
    this.px = px;
    const W = tr.cols * px, H = tr.rows * px;
    this.board.width = W;
    this.board.height = H;
    this.board.style.width = `${tr.cols * cell}px`;
    this.board.style.aspectRatio = `${tr.cols} / ${tr.rows}`;
    this.board.dataset.cell = String(cell);
    const css = getComputedStyle(this.watch.root);
    const v = (name, dflt) => (css.getPropertyValue(name) || "").trim() || dflt;
    this.colors = {
      [FRONTIER]: v("--c-frontier", "#ffd166"), [EXPLORED]: v("--c-explored", "#9ec5e8"),
      [PATH]: v("--c-path", "#f0772b"), current: v("--c-current", "#d62828"),
    };
    const base = document.createElement("canvas");
    base.width = W; base.height = H;
    const b = base.getContext("2d");
    const rows = (this.watch.localBase || tr.base).cells;
    for (let r = 0; r < tr.rows; r++) {
      const row = rows[r] || "";
      for (let c = 0; c < tr.cols; c++) {
        const ch = row[c] || "#";
        b.fillStyle = STYLES.cells[ch] || STYLES.cells["."];
        b.fillRect(c * px, r * px, px, px);
        if (px >= 14 && ch >= "2" && ch <= "9") {
          b.fillStyle = "#0008";
          b.font = `${Math.round(px * 0.55)}px sans-serif`;
          b.textAlign = "center"; b.textBaseline = "middle";
          b.fillText(ch, c * px + px / 2, r * px + px / 2 + 1);
        }
      }
    }
    if (px >= 8) {  // grid lines where cells are large enough to tell apart
      b.strokeStyle = STYLES.palette.grid; b.lineWidth = 1; b.beginPath();
      for (let c = 0; c <= tr.cols; c++) { b.moveTo(c * px + 0.5, 0); b.lineTo(c * px + 0.5, H); }
      for (let r = 0; r <= tr.rows; r++) { b.moveTo(0, r * px + 0.5); b.lineTo(W, r * px + 0.5); }
      b.stroke();
    }
    this.base = base;
    this.ctx = this.board.getContext("2d");
    this.sig = `${cell}|${dpr}`;
  }

  paint(k) {
    const { ctx, px } = this;
    const cols = this.trace.cols;
    const x = (k % cols) * px, y = Math.floor(k / cols) * px;
    ctx.drawImage(this.base, x, y, px, px, x, y, px, px);
    const s = this.state[k];
    if (s) {
      ctx.globalAlpha = ALPHA[s];
      ctx.fillStyle = this.colors[s];
      ctx.fillRect(x, y, px, px);
      ctx.globalAlpha = 1;
    }
  }

  full(i) {
    const tr = this.trace;
    const { ctx } = this;
    ctx.drawImage(this.base, 0, 0);
    const n = tr.rows * tr.cols;
    const st = this.state;
    let explored = 0, frontier = 0;
    for (let k = 0; k < n; k++) {
      if (this.expAt[k] <= i) { st[k] = EXPLORED; explored++; }
      else if (tr.born[k] >= 0 && tr.born[k] <= i) { st[k] = FRONTIER; frontier++; }
      else st[k] = NONE;
    }
    for (const s of [FRONTIER, EXPLORED]) {
      ctx.globalAlpha = ALPHA[s];
      ctx.fillStyle = this.colors[s];
      for (let k = 0; k < n; k++) if (st[k] === s) ctx.fillRect((k % tr.cols) * this.px, Math.floor(k / tr.cols) * this.px, this.px, this.px);
    }
    ctx.globalAlpha = 1;
    this.counts = { explored, frontier };
  }

  advance(from, to) {
    const tr = this.trace;
    const st = this.state;
    for (let s = from + 1; s <= to; s++) {
      const k = tr.order[s - 1];
      if (this.expAt[k] === s) {
        if (st[k] === FRONTIER) this.counts.frontier--;
        if (st[k] !== EXPLORED) { st[k] = EXPLORED; this.counts.explored++; this.paint(k); }
      }
      for (let j = this.bornStart[s]; j < this.bornStart[s + 1]; j++) {
        const c = this.bornCells[j];
        if (st[c] === NONE) { st[c] = FRONTIER; this.counts.frontier++; this.paint(c); }
      }
    }
  }

  drawPath() {
    const tr = this.trace;
    const { ctx, px } = this;
    for (const k of tr.path) { this.state[k] = PATH; this.paint(k); }
    if (tr.path.length > 1) {
      ctx.strokeStyle = "#9c3d0c"; ctx.lineWidth = Math.max(1, px / 4); ctx.lineJoin = "round";
      ctx.beginPath();
      tr.path.forEach((k, j) => {
        const x = (k % tr.cols) * px + px / 2, y = Math.floor(k / tr.cols) * px + px / 2;
        if (j) ctx.lineTo(x, y); else ctx.moveTo(x, y);
      });
      ctx.stroke();
    }
  }

  mark(k) {
    const { ctx, px } = this;
    const cols = this.trace.cols;
    ctx.strokeStyle = this.colors.current;
    ctx.lineWidth = Math.max(1.5, px / 5);
    const x = (k % cols) * px, y = Math.floor(k / cols) * px;
    ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, px - ctx.lineWidth, px - ctx.lineWidth);
  }

  // The start and the goal as discs larger than a small cell, so they can be seen and
  // grabbed (repainted at every step: a neighbour's repaint may have cut into them).
  endpoints() {
    const { ctx, px } = this;
    const rows = (this.watch.localBase || this.trace.base).cells;
    const r0 = Math.max(px * 0.5, Math.min(px * 1.4, 7 * (window.devicePixelRatio || 1)));
    rows.forEach((row, r) => {
      for (const [ch, fill] of [["s", STYLES.pieces.walker.fill], ["g", "#2e7d32"]]) {
        const c = row.indexOf(ch);
        if (c < 0) continue;
        ctx.beginPath();
        ctx.arc(c * px + px / 2, r * px + px / 2, r0, 0, 2 * Math.PI);
        ctx.fillStyle = fill; ctx.fill();
        ctx.lineWidth = Math.max(1, r0 / 4); ctx.strokeStyle = "#fff"; ctx.stroke();
      }
    });
  }

  // Redraw a cell of the board as the brush changed it (before the search runs again).
  preview(r, c, ch) {
    if (!this.base) return;
    const b = this.base.getContext("2d");
    const px = this.px;
    b.fillStyle = STYLES.cells[ch] || STYLES.cells["."];
    b.fillRect(c * px, r * px, px, px);
    const k = r * this.trace.cols + c;
    this.state[k] = NONE;
    this.paint(k);
  }

  render(i) {
    const t0 = performance.now();
    const tr = this.trace;
    i = Math.min(i, this.last);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    if (!this.base || this.sig !== `${this.cellSize()}|${dpr}`) { this.setup(); this.drawn = -1; }
    const atEnd = this.drawn === this.last && this.trace.path.length;
    if (this.drawn < 0 || i < this.drawn || i - this.drawn > INCREMENTAL || atEnd) this.full(i);
    else {
      if (this.marked !== undefined) this.paint(this.marked);
      this.advance(this.drawn, i);
    }
    this.drawn = i;
    this.marked = undefined;
    if (i >= this.last && tr.path.length) this.drawPath();
    else if (i > 0) { this.marked = tr.order[i - 1]; this.mark(this.marked); }
    this.endpoints();
    this.text(i);
    const ms = performance.now() - t0;
    this.stats.renders += 1; this.stats.ms += ms; this.stats.max = Math.max(this.stats.max, ms);
    this.board.dataset.renderMs = (this.stats.ms / this.stats.renders).toFixed(3);  // for benchmarks
    this.board.dataset.renderMaxMs = this.stats.max.toFixed(3);
    this.board.dataset.step = String(i);
    this.board.dataset.explored = String(this.counts.explored);
    this.board.dataset.frontier = String(this.counts.frontier);
  }

  text(i) {
    const t = this.t;
    const tr = this.trace;
    const st = this.stepAt(i);
    const done = i >= this.last;
    this.statsEl.replaceChildren(
      h("span", { "data-watch": "step" }, t("step {i} of {n}", { i, n: this.last })), " · ",
      h("span", { "data-watch": "explored" }, t("explored: {n}", { n: st.explored })), " · ",
      h("span", { "data-watch": "frontier-size" }, t("frontier: {n}", { n: st.frontier_size })));
    if (st.node === null) this.current.textContent = t("Start: the frontier holds the start node.");
    else {
      const g = tr.g[i - 1], hv = tr.h[i - 1];
      const name = cellName(tr.cols, st.node);
      this.current.textContent = st.goal ? t("Goal {node} reached: g = {g}", { node: name, g: num(g) })
        : t("Expanded {node}: g = {g}, h = {h}, f = {f}, depth {d}", { node: name, g: num(g), h: num(hv), f: num(g + hv), d: "–" });
    }
    this.status.textContent = done ? this.endText() : "";
    this.status.dataset.end = done ? tr.status : "";
    this.status.hidden = !done;
    this.el.dataset.done = done ? "true" : "false";
  }

  endText() {
    const t = this.t;
    const tr = this.trace;
    if (tr.status === "solved") {
      return t("Solved: a path of {n} moves, cost {cost}, after {e} expansions.",
        { n: tr.length, cost: num(tr.cost), e: tr.expanded });
    }
    if (tr.status === "no_solution") return t("No solution: the whole space was searched.");
    if (tr.limit === "max_steps") return t("Stopped after {n} expansions (the watch mode's limit): try a smaller board.", { n: tr.expanded });
    if (tr.limit === "time_limit") return t("Stopped after {n} expansions: {why}. Try a smaller board.", { n: tr.expanded, why: t("the watch mode's time limit") });
    return t("Stopped: the search is too large to watch here ({limit}).", { limit: tr.limit });
  }
}

// The steps a play tick advances at `perSecond` steps a second, and the tick's period
// (a timer fires at most about 60 times a second: faster speeds take several steps a tick).
export function playPace(perSecond) {
  const period = 1000 / perSecond;
  if (period >= 16) return { steps: 1, period };
  return { steps: Math.round(16 / period), period: 16 };
}
