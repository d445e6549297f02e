// @ts-check
// Paint a grid maze in the watch: a brush palette (wall, costs, erase), the start and
// the goal dragged by mouse or finger or moved by the arrow keys, a switch for diagonal
// moves; the search runs again as you paint (debounced), without a click.
//
// The board is the maze's text (searchlab/puzzles/maze: '#' wall, '.' floor, '2'-'9'
// a cell costing that much to enter, 'S', 'G', an optional first line 'moves: 8'); the
// brush edits that text and hands it to the watch (watch.board, watch.run()). Cells
// are found from the pointer's position on the board (an SVG of render.js or a canvas
// of gridcanvas.js), so the same brush paints both.
import { STYLES } from "searchlab/styles.js";
import { h } from "./dom.js";

const RERUN_MS = 450;  // a stroke that pauses this long runs the search; lifting runs it at once
const MOVES = /^\s*moves\s*:/i;


// The board's text as header lines and grid rows, and back.
export function splitBoard(text) {
  const lines = text.replace(/\n+$/, "").split("\n");
  const head = [];
  while (lines.length && MOVES.test(lines[0])) head.push(lines.shift());
  return { head, rows: lines };
}

export function joinBoard({ head, rows }) { return [...head, ...rows].join("\n") + "\n"; }

function setChar(rows, r, c, ch) {
  const row = rows[r].padEnd(c + 1, "#");
  rows[r] = row.slice(0, c) + ch + row.slice(c + 1);
}

function find(rows, ch) {
  for (let r = 0; r < rows.length; r++) {
    const c = rows[r].indexOf(ch);
    if (c >= 0) return [r, c];
  }
  return null;
}

// The cell (r, c) under the point (x, y) on a watch board, or null.
export function cellAt(x, y, root) {
  for (const board of root.querySelectorAll("[data-watch=board]")) {
    const b = board.getBoundingClientRect();
    if (x < b.left || x >= b.right || y < b.top || y >= b.bottom) continue;
    if (board.tagName.toLowerCase() === "canvas") {
      const rows = Number(board.dataset.rows), cols = Number(board.dataset.cols);
      return [Math.floor((y - b.top) / b.height * rows), Math.floor((x - b.left) / b.width * cols)];
    }
    const vb = board.viewBox && board.viewBox.baseVal;
    const cell = Number(board.dataset.cell);
    if (!vb || !cell) return null;
    const vx = (x - b.left) * vb.width / b.width, vy = (y - b.top) * vb.height / b.height;
    return [Math.floor((vy - STYLES.margin) / cell), Math.floor((vx - STYLES.margin) / cell)];
  }
  return null;
}

export class Brush {
  constructor(watch) {
    this.watch = watch;
    const t = watch.t;
    this.tool = "#";
    this.mover = null;  // "S" or "G": the endpoint the arrow keys move
    this.text = null;
    this.timer = null;
    const tool = (value, label, swatch) => h("button", {
      type: "button", class: "watch-btn brush-tool", "aria-pressed": String(value === this.tool),
      "data-brush": value, title: label, "aria-label": label, onclick: () => this.setTool(value),
    }, h("span", { class: "brush-swatch", "aria-hidden": "true", style: `background: ${swatch}` }), h("span", {}, value === "#" ? t("Wall") : value === "." ? t("Erase") : value));
    this.tools = [
      tool("#", t("Wall"), STYLES.cells["#"]),
      ...["2", "3", "5", "9"].map((n) => tool(n, t("Cost {n} to enter", { n }), STYLES.cells[n])),
      tool(".", t("Erase"), STYLES.cells["."]),
    ];
    const mover = (which, label) => h("button", {
      type: "button", class: "watch-btn brush-move", "aria-pressed": "false", "data-brush-move": which,
      onclick: () => this.setMover(this.mover === which ? null : which),
    }, label);
    this.movers = [mover("S", t("Move the start")), mover("G", t("Move the goal"))];
    this.diagonal = h("input", { type: "checkbox", "data-watch": "diagonal", id: `diag-${Math.random().toString(36).slice(2, 8)}` });
    this.diagonal.addEventListener("change", () => this.setDiagonal(this.diagonal.checked));
    this.palette = h("div", { class: "brush-tools", role: "group", "aria-label": t("Brush") }, this.tools);
    this.legend = h("p", { class: "brush-legend", "data-watch": "weights" },
      h("span", {}, t("Cost to enter a cell:")), " ",
      ...["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((n) => h("span", { class: "brush-cost" },
        h("span", { class: "brush-swatch", "aria-hidden": "true", style: `background: ${STYLES.cells[n] || STYLES.cells["."]}` }), n)));
    this.help = h("p", { class: "watch-help brush-help" },
      t("Drag over the maze to paint with the chosen brush; a drag that starts on a cell already painted so erases. Drag the start or the goal to move it (or press Move the start, then the arrow keys). The search runs again as you paint."));
    this.el = h("div", { class: "brush", "data-watch": "brush", hidden: true },
      h("label", { class: "watch-field check", for: this.diagonal.id }, this.diagonal, h("span", {}, t("Diagonal moves"))),
      h("span", { class: "brush-movers", role: "group", "aria-label": t("Start and goal") }, this.movers),
      this.palette, this.legend, this.help);
    this.bind();
  }

  // Shown for boards drawn cell by cell (trace.walls), with the board's diagonal switch.
  update(trace) {
    this.el.hidden = !trace.walls;
    if (trace.walls) this.watch.drawHelp.hidden = true;
    this.palette.hidden = !this.watch.drawing;
    this.diagonal.checked = splitBoard(this.watch.board).head.some((l) => /8/.test(l));
    this.weighted = /[2-9]/.test(splitBoard(this.watch.board).rows.join(""));
    this.legend.hidden = !(this.watch.drawing || this.weighted);
    this.watch.root.classList.toggle("weighted", this.weighted);  // search states let the mud show
  }

  setOn(on) {
    this.palette.hidden = !on;
    this.watch.drawHelp.hidden = true;  // this bar's help says it all
    this.legend.hidden = !(on || this.weighted);
  }

  setTool(value) {
    this.tool = value;
    for (const b of this.tools) b.setAttribute("aria-pressed", String(b.dataset.brush === value));
  }

  setMover(which) {
    this.mover = which;
    for (const b of this.movers) b.setAttribute("aria-pressed", String(b.dataset.brushMove === which));
  }

  edit(fn) {
    if (this.text === null) this.text = this.watch.board;
    const board = splitBoard(this.text);
    const changed = fn(board);
    if (changed) {
      this.text = joinBoard(board);
      for (const [r, c, ch] of changed) this.preview(r, c, ch);
      this.schedule();
    }
    return changed;
  }

  preview(r, c, ch) {
    for (const lane of this.watch.lanes) {
      if (lane.compact) { lane.preview(r, c, ch); continue; }
      const rect = lane.board.querySelector(`g.watch-states rect[data-cell='${r},${c}']`);
      if (rect) {
        rect.style.fill = STYLES.cells[ch] || STYLES.cells["."];
        rect.classList.toggle("wall", ch === "#");
        rect.classList.toggle("open", ch !== "#");
        rect.dataset.drawn = "true";
      }
    }
  }

  schedule(now = false) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.rerun(), now ? 0 : RERUN_MS);
  }

  async rerun() {
    this.timer = null;
    const w = this.watch;
    if (this.text === null || this.text === w.board) return;
    w.board = this.text;
    await w.run();
    if (!this.dragging) this.text = null;
    w.go(w.maxStep());  // the new search's result at once: paint and see
  }

  paintAt(r, c) {
    return this.edit(({ rows }) => {
      if (r < 0 || r >= rows.length || c < 0) return null;
      const ch = rows[r][c] ?? "#";
      if (ch === "S" || ch === "G") return null;
      if (this.paint === null) this.paint = ch === this.tool ? "." : this.tool;  // start on it: erase
      if (ch === this.paint) return null;
      setChar(rows, r, c, this.paint);
      return [[r, c, this.paint]];
    });
  }

  moveTo(which, r, c) {
    return this.edit(({ rows }) => {
      if (r < 0 || r >= rows.length || c < 0 || c >= rows[r].length) return null;
      const ch = rows[r][c];
      if (ch === "#" || ch === "S" || ch === "G") return null;
      const at = find(rows, which);
      if (!at) return null;
      setChar(rows, at[0], at[1], ".");
      setChar(rows, r, c, which);
      return [[at[0], at[1], "."], [r, c, which === "S" ? "s" : "g"]];
    });
  }

  setDiagonal(on) {
    if (this.text === null) this.text = this.watch.board;
    this.text = joinBoard({ ...splitBoard(this.text), head: on ? ["moves: 8"] : [] });
    // Manhattan distance overestimates with diagonals: octile is its admissible twin
    const [from, to] = on ? ["manhattan", "octile"] : ["octile", "manhattan"];
    for (const sel of [this.watch.heurA, this.watch.heurB]) {
      if (sel && sel.value === from && [...sel.options].some((o) => o.value === to)) sel.value = to;
    }
    this.schedule(true);
  }

  bind() {
    const w = this.watch;
    const box = w.lanesBox;
    box.addEventListener("pointerdown", (ev) => {
      const at = cellAt(ev.clientX, ev.clientY, box);
      if (!at || (this.el.hidden)) return;
      const rows = splitBoard(this.text ?? w.board).rows;
      const ch = (rows[at[0]] || "")[at[1]];
      if (ch === "S" || ch === "G") this.dragging = ch;
      else if (w.drawing) { this.dragging = "paint"; this.paint = null; }
      else return;
      ev.preventDefault();
      w.pause();
      box.setPointerCapture(ev.pointerId);
      if (this.dragging === "paint") this.paintAt(...at);
    });
    box.addEventListener("pointermove", (ev) => {
      if (!this.dragging) return;
      ev.preventDefault();
      const at = cellAt(ev.clientX, ev.clientY, box);
      if (!at) return;
      if (this.dragging === "paint") this.paintAt(...at);
      else this.moveTo(this.dragging, ...at);
    });
    const up = () => {
      if (!this.dragging) return;
      this.dragging = null;
      this.paint = null;
      if (this.text !== null) this.schedule(true);
    };
    box.addEventListener("pointerup", up);
    box.addEventListener("pointercancel", up);
    // The arrow keys move the chosen endpoint (before the watch's keys step the search).
    this.keys = (ev) => {
      if (!this.mover || this.el.hidden) return;
      const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[ev.key];
      if (ev.key === "Escape" || ev.key === "Enter") { this.setMover(null); return; }
      if (!d) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      const rows = splitBoard(this.text ?? w.board).rows;
      const at = find(rows, this.mover);
      if (at) this.moveTo(this.mover, at[0] + d[0], at[1] + d[1]);
    };
    document.addEventListener("keydown", this.keys, true);
  }

  destroy() { document.removeEventListener("keydown", this.keys, true); clearTimeout(this.timer); }
}

// The searches' results side by side: moves and cost of each path, so BFS's fewest
// moves and UCS's or A*'s least cost can be told apart at a glance.
export function resultsTable(watch, traces) {
  const t = watch.t;
  const fmt = (x) => (x === null || x === undefined ? "–" : Number.isInteger(x) ? String(x) : x.toFixed(2));
  const rows = traces.map((tr, i) => {
    const length = tr.length ?? (tr.path && tr.path.length ? tr.path.length - 1 : null);
    return { name: watch.lanes[i] ? watch.lanes[i].title.textContent : tr.algorithm, length, cost: tr.status === "solved" ? tr.cost : null, expanded: tr.expanded };
  });
  const solved = rows.filter((r) => r.cost !== null);
  const least = (k) => Math.min(...solved.map((r) => r[k]));
  const body = rows.map((r) => h("tr", {},
    h("th", { scope: "row" }, r.name),
    h("td", { class: solved.length > 1 && r.length === least("length") ? "best" : null }, r.cost === null ? "–" : fmt(r.length)),
    h("td", { class: solved.length > 1 && Math.abs(r.cost - least("cost")) < 1e-9 ? "best" : null }, fmt(r.cost)),
    h("td", {}, String(r.expanded))));
  return h("table", { class: "watch-results", "data-watch": "results" },
    h("caption", {}, t("Paths found: moves and cost")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Search")), h("th", { scope: "col" }, t("moves")),
      h("th", { scope: "col" }, t("cost")), h("th", { scope: "col" }, t("expanded")))),
    h("tbody", {}, body));
}
