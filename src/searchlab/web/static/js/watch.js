// Watch the search: step, play or predict a search's expansions on a small board.
//
// mountWatch(container, {family, board, lang, t}) fills `container` with the watch
// mode: one or two lanes (two algorithms side by side on the same board), each with
// its board (the current node drawn; on a grid maze every cell's search state in
// data-state="frontier|explored|path"), the frontier with g, h and f, the explored
// count, and the search tree; a legend; and a prediction mode that asks which node
// comes next and explains the algorithm's rule. Traces come from POST
// /api/watch/trace (searchlab/web/watch_trace.py); nothing here knows a family: the
// page draws the families' view data with render.js.
import { STYLES } from "searchlab/styles.js";
import { algoLabel } from "./names.js";
import { cellXY, renderGoal, renderView, viewSize } from "./render.js";
import { fetchTrace, whenShown } from "./traceload.js";
import { CanvasLane, playPace } from "./gridcanvas.js";
import { Brush, resultsTable } from "./brush.js";
import { h } from "./dom.js";
import { api } from "./api.js";

const NS = "http://www.w3.org/2000/svg";
// Button icons as SVG paths (the fonts of a fresh machine lack the media symbols).
const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  back: "M17 4v16L6 12z",
  play: "M7 4v16l12-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M7 4v16l10-8zM17 4h2v16h-2z",
  last: "M5 4v16l11-8zM17 4h2v16h-2z",
};

function icon(name) {
  const svg = s("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" });
  s("path", { d: ICONS[name], fill: "currentColor" }, svg);
  return svg;
}


function s(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const num = (x) => (x === null || x === undefined ? "–" : Number.isInteger(x) ? String(x)
  : x.toFixed(2).replace(/\.?0+$/, ""));

// The page's strings: the server's catalog for `lang` (GET /api/watch/i18n), else the
// host page's t(), else English.
async function translator(lang, hostT) {
  let messages = {};
  let pseudocode = {};
  try {
    const data = await api(`/api/watch/i18n?lang=${encodeURIComponent(lang || "en")}`);
    messages = data.messages;
    pseudocode = data.pseudocode || {};
  } catch { messages = {}; }
  const t = (msg, params = {}) => {
    let text = messages[msg];
    if (!text && hostT) text = hostT(msg, params);
    text = text || msg;
    return text.replace(/\{(\w+)\}/g, (whole, k) => (k in params ? String(params[k]) : whole));
  };
  t.pseudocode = pseudocode;  // {algorithm: [{indent, text, mark}]} (web/pseudocode.py)
  return t;
}

// A node's name in the page: its cell on a grid ("row 3, col 5" as 3·5), else #n
// (nodes are numbered in the order they were generated, the start is #0).
function nodeName(trace, id) {
  const n = trace.nodes[id];
  if (n && n.cell) return `${n.cell[0] + 1}·${n.cell[1] + 1}`;
  return `#${id}`;
}

// `labels`: the family's heuristic labels by id (its heuristic_labels), in the page's language.
function algoName(t, trace, labels = {}) {
  const base = algoLabel(t, trace.algorithm);
  const w = trace.algorithm === "wastar" ? ` w=${num(trace.weight)}` : "";
  const heur = labels[trace.heuristic] || trace.heuristic;
  return trace.heuristic && trace.uses_h ? `${base}${w} (${heur})` : `${base}${w}`;
}

// What the algorithm sorts its frontier by, in words.
function keyText(t, rule) {
  if (rule.kind !== "priority") return "";
  if (rule.g_weight === 0) return "h";
  if (rule.h_weight === 0) return "g";
  if (rule.h_weight === 1) return "f = g + h";
  return `g + ${num(rule.h_weight)}·h`;
}

function keyValue(rule, g, hv) { return rule.g_weight * g + rule.h_weight * hv; }

// --- one lane: one algorithm's trace -----------------------------------------------
class Lane {
  constructor(watch, trace, label) {
    this.watch = watch;
    this.trace = trace;
    this.t = watch.t;
    this.label = label;
    this.last = trace.steps.length - 1;
    // The step at which each node was first expanded.
    this.expandedAt = new Map();
    trace.steps.forEach((st, i) => {
      if (i && !st.goal && !this.expandedAt.has(st.node)) this.expandedAt.set(st.node, i);
    });
    this.pathSet = new Set(trace.path);
    this.build();
  }

  build() {
    const t = this.t;
    const tr = this.trace;
    this.title = h("h3", { class: "watch-lane-title" }, `${this.label}: ${algoName(t, tr, this.watch.family.heuristic_labels)}`);
    this.board = s("svg", { class: "watch-board", "data-watch": "board", role: "img" });
    this.boardWrap = h("div", { class: "watch-board-wrap" }, this.board);
    this.stats = h("p", { class: "watch-stats", "data-watch": "stats", "aria-live": "polite" });
    this.current = h("p", { class: "watch-current", "data-watch": "current" });
    this.status = h("p", { class: "watch-status", "data-watch": "status" });
    // The frontier's columns; a priority queue's can be sorted by g, h, f (and by
    // weighted A*'s own key), as students picture it: the least on top.
    const rule = tr.rule;
    this.sortable = rule.kind === "priority";
    this.weighted = this.sortable && rule.g_weight === 1 && ![0, 1].includes(rule.h_weight);
    this.sortBy = null;  // null: in the order added
    this.columns = [["node", t("node")], ["g", "g"], ["h", "h"], ["f", "f"]];
    if (this.weighted) this.columns.push(["key", keyText(t, rule)]);
    this.heads = this.columns.map(([key, label]) => {
      const th = h("th", { scope: "col", "data-col": key });
      if (!this.sortable) th.append(label);
      else {
        const title = key === "node" ? t("Show the frontier in the order added")
          : t("Sort the frontier by {key}, the least first", { key: label });
        th.append(h("button", { type: "button", class: "watch-sort", "data-watch": `sort-${key}`, title,
          onclick: () => { this.sortBy = key === "node" ? null : key; this.renderFrontier(this.shownStep ?? 0); } }, label));
      }
      return th;
    });
    this.rows = h("tbody");
    this.frontierCaption = h("caption", {});
    this.table = h("table", { class: "watch-frontier", "data-watch": "frontier" },
      this.frontierCaption, h("thead", {}, h("tr", {}, this.heads)), this.rows);
    this.code = this.buildCode();
    this.el = h("section", { class: "watch-lane", "data-watch": "lane",
                             "data-algorithm": tr.algorithm },
      this.title, this.boardWrap, this.stats, this.current, this.status,
      h("div", { class: "watch-side" }, this.code, h("div", { class: "watch-frontier-wrap" }, this.table)));
  }

  // The algorithm's pseudocode (web/pseudocode.py), its lines marked by the trace's
  // moments: start, expand, pass (an iterative search's next pass), goal, fail.
  buildCode() {
    const lines = this.t.pseudocode[this.trace.algorithm] || [];
    this.codeLines = lines.map((ln) => h("li", { "data-mark": ln.mark || null, style: `--indent: ${ln.indent}` },
      h("code", {}, ln.text)));
    this.hasPass = lines.some((ln) => ln.mark === "pass");
    return h("section", { class: "watch-code", "data-role": "pseudocode", "aria-label": this.t("Pseudocode"),
                          hidden: !lines.length },
      h("h4", {}, this.t("Pseudocode")), h("ol", {}, this.codeLines));
  }

  // The pseudocode's moment at step i (see buildCode).
  codeMark(i) {
    const st = this.stepAt(i);
    if (i >= this.last && this.trace.status === "no_solution") return "fail";
    if (st.node === null) return "start";
    if (st.goal) return "goal";
    if (this.hasPass && st.depth === 0) return "pass";
    return "expand";
  }

  renderCode(i) {
    const mark = this.codeMark(i);
    let marked = false;
    for (const li of this.codeLines) {
      const on = !marked && li.dataset.mark === mark;
      marked ||= on;
      if (on) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
    }
    this.code.dataset.mark = marked ? mark : "";
  }

  // The board's cell size for the lane's width (measured once, and again on resize:
  // reading a width at every step would force the page's layout).
  cellSize() {
    if (this.cell) return this.cell;
    const v = this.trace.base;
    const avail = Math.max(160, Math.min(this.el.clientWidth || 420, 560) - 16);
    this.cell = Math.max(10, Math.min(72, Math.floor(avail / Math.max(v.cols, v.rows))));
    return this.cell;
  }

  stepAt(i) { return this.trace.steps[Math.min(i, this.last)]; }

  // The node shown on the board at step i: the one just expanded (or the start).
  shownNode(i) {
    const st = this.stepAt(i);
    return st.node === null ? 0 : st.node;
  }

  render(i) {
    const t = this.t;
    const tr = this.trace;
    const st = this.stepAt(i);
    const nid = this.shownNode(i);
    const node = tr.nodes[nid];
    const view = { ...tr.base, ...node.view };
    const cell = this.cellSize();
    renderView(this.board, view, { cell });
    this.board.setAttribute("aria-label", t("the board at node {node}", { node: nodeName(tr, nid) }));
    if (tr.grid) this.paintGrid(i, cell);
    const done = i >= this.last;
    this.stats.replaceChildren(
      h("span", { "data-watch": "step" }, t("step {i} of {n}", { i: Math.min(i, this.last), n: this.last })),
      " · ",
      h("span", { "data-watch": "explored" }, t("explored: {n}", { n: st.explored })),
      " · ",
      h("span", { "data-watch": "frontier-size" }, tr.rule.kind === "path"
        ? t("current path: {n}", { n: st.frontier_size }) : t("frontier: {n}", { n: st.frontier_size })),
    );
    if (st.node === null) {
      this.current.textContent = t("Start: the frontier holds the start node.");
    } else if (st.goal) {
      this.current.textContent = t("Goal {node} reached: g = {g}", { node: nodeName(tr, st.node), g: num(st.g) });
    } else {
      this.current.textContent = t("Expanded {node}: g = {g}, h = {h}, f = {f}, depth {d}",
        { node: nodeName(tr, st.node), g: num(st.g), h: num(st.h), f: num(st.f), d: st.depth });
    }
    this.status.textContent = done ? this.endText() : "";
    this.status.dataset.end = done ? tr.status : "";  // a stop is not coloured as a success
    this.status.hidden = !done;
    this.el.dataset.done = done ? "true" : "false";
    this.shownStep = i;
    this.renderCode(i);
    this.renderFrontier(i);
  }

  endText() {
    const t = this.t;
    const tr = this.trace;
    if (tr.status === "solved") {
      return t("Solved: a path of {n} moves, cost {cost}, after {e} expansions.",
        { n: tr.path.length - 1, cost: num(tr.cost), e: tr.expanded });
    }
    if (tr.status === "no_solution") return t("No solution: the whole space was searched.");
    if (tr.limit === "max_steps") return t("Stopped after {n} expansions (the watch mode's limit): try a smaller board.", { n: tr.expanded });
    // the watch mode's other bounds (watch_trace.py), in words rather than their names
    const why = {
      max_nodes: t("{nodes} nodes generated, as many as the watch mode keeps", { nodes: tr.nodes.length }),
      max_bytes: t("its boards are too large to draw them all"),
      time_limit: t("the watch mode's time limit"),
    }[tr.limit];
    if (why) return t("Stopped after {n} expansions: {why}. Try a smaller board.", { n: tr.expanded, why });
    return t("Stopped: the search is too large to watch here ({limit}).", { limit: tr.limit });
  }

  paintGrid(i, cell) {
    const tr = this.trace;
    let layer = this.board.querySelector(":scope > g.watch-states");
    const base = this.watch.localBase || tr.base;
    const sig = `${cell}|${base.cells.join("/")}`;
    if (!layer || layer.dataset.sig !== sig) {
      if (layer) layer.remove();
      layer = s("g", { class: "watch-states" });
      // Under the pieces (the walker stays visible), over the board and its path.
      this.board.insertBefore(layer, this.board.querySelector(":scope > g.pieces"));
      layer.dataset.sig = sig;
      base.cells.forEach((row, r) => {
        [...row].forEach((ch, c) => {
          if (ch === " ") return;
          const [x, y] = cellXY(base, r, c, cell);
          s("rect", { x, y, width: cell, height: cell,
                      "data-cell": `${r},${c}`, class: ch === "#" ? "wall" : "open" }, layer);
        });
      });
    }
    const st = this.stepAt(i);
    const states = new Map();
    for (const n of tr.nodes) {
      if (n.born > i) continue;
      const at = this.expandedAt.get(n.id);
      states.set(n.id, at !== undefined && at <= i ? "explored" : "frontier");
    }
    if (tr.rule.kind === "path") {  // no frontier kept: generated nodes not expanded stay "frontier"
      for (const [id, v] of states) if (v === "frontier" && this.expandedAt.has(id) && this.expandedAt.get(id) <= i) states.set(id, "explored");
    }
    if (i >= this.last && tr.path.length) for (const id of tr.path) states.set(id, "path");
    const byCell = new Map();
    for (const [id, v] of states) {
      const c = tr.nodes[id].cell;
      if (c) byCell.set(`${c[0]},${c[1]}`, v);
    }
    const cur = tr.nodes[this.shownNode(i)].cell;
    const curKey = cur ? `${cur[0]},${cur[1]}` : "";
    const nextId = this.nextNode(i);
    const next = nextId === null || this.watch.predicting ? null : tr.nodes[nextId].cell;
    const nextKey = next ? `${next[0]},${next[1]}` : "";
    for (const rect of layer.children) {
      const k = rect.dataset.cell;
      const v = byCell.get(k);
      if (v) rect.dataset.state = v; else delete rect.dataset.state;
      rect.classList.toggle("current", k === curKey && st.node !== null);
      rect.classList.toggle("next", k === nextKey);
    }
  }

  // The node the algorithm takes at step i + 1 (null at the end or for the goal test on
  // generation).
  nextNode(i) {
    if (i >= this.last) return null;
    const nx = this.trace.steps[i + 1];
    if (nx.goal && this.trace.rule.goal_on_generation) return null;
    return nx.node;
  }

  renderFrontier(i) {
    const t = this.t;
    const tr = this.trace;
    const st = this.stepAt(i);
    const rule = tr.rule;
    const path = rule.kind === "path";
    const sortBy = this.sortable ? this.sortBy : null;
    const label = sortBy && this.columns.find(([k]) => k === sortBy)[1];
    this.frontierCaption.textContent = path
      ? t("Current path (a depth-first search keeps no frontier)")
      : sortBy
        ? (st.frontier.length < st.frontier_size
          ? t("Frontier sorted by {key}, the least first (ties in the order added): the first {k} of {n} by the algorithm's order", { key: label, k: st.frontier.length, n: st.frontier_size })
          : t("Frontier sorted by {key}, the least first (ties in the order added)", { key: label }))
        : st.frontier.length < st.frontier_size
          ? t("Frontier, in the order added: the first {k} of {n} by the algorithm's order", { k: st.frontier.length, n: st.frontier_size })
          : t("Frontier, in the order added");
    for (const th of this.heads) {
      const on = this.sortable && (th.dataset.col === sortBy || (!sortBy && th.dataset.col === "node"));
      if (on) th.setAttribute("aria-sort", sortBy ? "ascending" : "other"); else th.removeAttribute("aria-sort");
    }
    const value = { g: (e) => e[1], h: (e) => tr.nodes[e[0]].h, f: (e) => e[1] + tr.nodes[e[0]].h,
                    key: (e) => keyValue(rule, e[1], tr.nodes[e[0]].h) }[sortBy];
    // the trace lists the frontier in the order added; a stable sort keeps that order in ties
    const entries = value ? [...st.frontier].sort((a, b) => value(a) - value(b)) : st.frontier;
    const predicting = this.watch.predicting && this.watch.asking === this;
    const nextId = this.nextNode(i);
    for (const r of this.board.querySelectorAll("g.watch-states rect.hover")) r.classList.remove("hover");
    this.rows.replaceChildren();
    for (const [id, g, rank] of entries) {
      const n = tr.nodes[id];
      const row = h("tr", { "data-node": id, "data-rank": rank ?? "" },
        h("td", {}, h("span", { class: "watch-node" }, this.thumb(id), h("span", { class: "watch-node-name" }, nodeName(tr, id)))),
        h("td", {}, num(g)), h("td", {}, num(n.h)), h("td", {}, num(g + n.h)),
        this.weighted ? h("td", {}, num(keyValue(rule, g, n.h))) : null);
      if (!this.watch.predicting && id === nextId && rule.predictive) {
        row.classList.add("next");
        row.title = t("expanded next");
      }
      if (predicting) {
        row.tabIndex = 0;
        row.classList.add("choice");
        row.setAttribute("role", "button");
        row.setAttribute("aria-label", t("choose {node}", { node: nodeName(tr, id) }));
        const pick = () => this.watch.answer(this, id);
        row.addEventListener("click", pick);
        row.addEventListener("keydown", (ev) => {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(); }
        });
        const chosen = this.watch.chosen;
        if (chosen !== null) {
          if (id === chosen) row.classList.add("picked");
          // the algorithm's choice, and a node tied with it on the key: both right
          if (id === nextId || (id === chosen && this.watch.tied(this, i, chosen, nextId))) row.classList.add("right");
        }
      }
      row.addEventListener("pointerenter", () => this.highlight(id, true));
      row.addEventListener("pointerleave", () => this.highlight(id, false));
      this.rows.append(row);
    }
  }

  highlight(id, on) {
    const c = this.trace.nodes[id].cell;
    if (!c) return;
    const rect = this.board.querySelector(`g.watch-states rect[data-cell='${c[0]},${c[1]}']`);
    if (rect) rect.classList.toggle("hover", on);
  }

  // A small picture of a node (a grid maze's nodes are named by their cell instead).
  thumb(id) {
    const tr = this.trace;
    if (tr.grid) return "";
    this.thumbs ??= new Map();  // drawn once a node, then moved from row to row
    if (this.thumbs.has(id)) return this.thumbs.get(id);
    const view = { ...tr.base, ...tr.nodes[id].view };
    const cell = Math.max(6, Math.floor(60 / Math.max(view.rows, view.cols)));
    const svg = s("svg", { class: "watch-thumb", "aria-hidden": "true" });
    renderView(svg, view, { cell });
    this.thumbs.set(id, svg);
    return svg;
  }
}

// --- the search tree ------------------------------------------------------------------
class Tree {
  constructor(watch) {
    this.watch = watch;
    const t = watch.t;
    this.svg = s("svg", { class: "watch-tree-svg", "data-watch": "tree", role: "img",
                          "aria-label": t("the search tree") });
    this.scene = s("g", {}, this.svg);
    const btn = (label, title, fn) => h("button", { type: "button", class: "watch-btn small",
                                                    title, "aria-label": title, onclick: fn }, label);
    // The wheel scrolls the page over the tree; ctrl + wheel (a touchpad's pinch) zooms,
    // and so does the wheel while "Pan and zoom" is pressed (which also gives one-finger
    // drags to the tree on a touch screen; otherwise they scroll the page up and down).
    this.free = false;
    this.freeBtn = h("button", { type: "button", class: "watch-btn small wide", "aria-pressed": "false",
      "data-watch": "tree-free", title: t("Drag and wheel move the tree instead of the page"),
      onclick: () => this.setFree(!this.free) }, t("Pan and zoom"));
    this.tools = h("div", { class: "watch-tree-tools" },
      btn("+", t("Zoom in"), () => { this.auto = false; this.zoomBy(1.4); }),
      btn("−", t("Zoom out"), () => { this.auto = false; this.zoomBy(1 / 1.4); }),
      btn(t("Fit"), t("Fit the tree, pictures kept legible"), () => { this.auto = true; this.fit(); }),
      h("button", { type: "button", class: "watch-btn small wide", "data-watch": "tree-all",
        title: t("The whole tree at once, however small"), "aria-label": t("The whole tree at once, however small"),
        onclick: () => { this.auto = "all"; this.fitAll(); } }, t("Whole tree")),
      this.freeBtn);
    this.caption = h("p", { class: "watch-tree-caption" });
    this.laneTabs = h("span", { class: "watch-tree-lanes", role: "group", "aria-label": t("Whose tree") });
    this.tools.prepend(this.laneTabs);
    this.el = h("section", { class: "watch-tree" },
      h("h3", {}, t("Search tree")), this.tools, h("div", { class: "watch-tree-view" }, this.svg),
      this.caption);
    this.view = { x: 0, y: 0, k: 1 };
    this.pointers = new Map();
    this.svg.addEventListener("wheel", (ev) => {
      if (!ev.ctrlKey && !this.free) return;  // the page scrolls
      ev.preventDefault();
      this.auto = false;
      this.zoomBy(ev.deltaY < 0 ? 1.15 : 1 / 1.15, ev);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", (ev) => {
      this.svg.setPointerCapture(ev.pointerId);
      this.pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    });
    this.svg.addEventListener("pointermove", (ev) => {
      if (!this.pointers.has(ev.pointerId)) return;
      const [px, py] = this.pointers.get(ev.pointerId);
      if (px !== ev.clientX || py !== ev.clientY) this.auto = false;
      if (this.pointers.size === 1) {
        this.view.x += ev.clientX - px;
        this.view.y += ev.clientY - py;
        this.apply();
      } else if (this.pointers.size === 2) {  // pinch: zoom by the change of distance
        const other = [...this.pointers.entries()].find(([k]) => k !== ev.pointerId)[1];
        const d0 = Math.hypot(px - other[0], py - other[1]);
        const d1 = Math.hypot(ev.clientX - other[0], ev.clientY - other[1]);
        if (d0 > 0) this.zoomBy(d1 / d0, { clientX: (ev.clientX + other[0]) / 2, clientY: (ev.clientY + other[1]) / 2 });
      }
      this.pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    });
    const up = (ev) => this.pointers.delete(ev.pointerId);
    this.svg.addEventListener("pointerup", up);
    this.svg.addEventListener("pointercancel", up);
  }

  setFree(on) {
    this.free = on;
    this.freeBtn.setAttribute("aria-pressed", String(on));
    this.svg.classList.toggle("free", on);
  }

  // Everything in view, however small the nodes become (an overview; Fit keeps them
  // legible and follows the current node instead).
  fitAll() {
    const b = this.box();
    if (!b.width) return;
    const k = Math.min(b.width / this.width, b.height / this.height, 1.2);
    this.view = { k, x: (b.width - this.width * k) / 2, y: (b.height - this.height * k) / 2 };
    this.apply();
  }

  setLanes(lanes) {
    this.laneTabs.replaceChildren(...(lanes.length > 1 ? lanes.map((l, i) => h("button", {
      type: "button", class: "watch-tab", "aria-pressed": String(i === 0), "data-watch": `tree-${"ab"[i]}`,
      onclick: (ev) => {
        for (const b of this.laneTabs.children) b.setAttribute("aria-pressed", String(b === ev.currentTarget));
        this.setLane(l);
        this.render(this.watch.step);
      },
    }, l.title.textContent)) : []));
    this.setLane(lanes[0]);
  }

  setLane(lane) {
    this.lane = lane;
    const tr = lane.trace;
    const v = tr.base;
    this.pictures = !tr.grid && tr.nodes.length <= 400;
    this.cell = Math.max(5, Math.floor(60 / Math.max(v.rows, v.cols)));
    const [vw, vh] = viewSize(v, this.cell);
    this.nw = this.pictures ? vw + 6 : 46;
    this.nh = this.pictures ? vh + 18 : 24;
    this.scene.replaceChildren();
    this.edges = s("g", { class: "edges" }, this.scene);
    this.nodesLayer = s("g", { class: "nodes" }, this.scene);
    this.nodeEls = new Map();
    this.edgeEls = new Map();
    for (const n of tr.nodes) {
      if (n.parent !== null && n.parent !== undefined) this.edgeEls.set(n.id, s("line", {}, this.edges));
      const g = s("g", { class: "tnode", "data-node": n.id }, this.nodesLayer);
      s("rect", { class: "frame", width: this.nw, height: this.nh, rx: 4 }, g);
      if (this.pictures) {
        const pic = s("svg", { x: 3, y: 3, width: this.nw - 6, height: this.nh - 18 }, g);
        renderView(pic, { ...v, ...n.view }, { cell: this.cell });
        pic.setAttribute("width", this.nw - 6);
        pic.setAttribute("height", this.nh - 18);
      }
      const label = s("text", { x: this.nw / 2, y: this.pictures ? this.nh - 5 : this.nh / 2 + 5, "text-anchor": "middle", class: "tlabel" }, g);
      label.textContent = nodeName(tr, n.id);
      this.nodeEls.set(n.id, g);
    }
    this.auto = true;
    this.shownStep = undefined;
  }

  // A tidy layered tree of the nodes generated so far: leaves on consecutive slots,
  // parents centred over their children (children in generation order). Laid out
  // again at every step, so the tree stays compact as it grows.
  layout(tr, visible) {
    const kids = new Map();
    const roots = [];
    for (const n of tr.nodes) {
      if (!visible.has(n.id)) continue;
      if (n.parent === null || n.parent === undefined || !visible.has(n.parent)) roots.push(n.id);
      else {
        if (!kids.has(n.parent)) kids.set(n.parent, []);
        kids.get(n.parent).push(n.id);
      }
    }
    const gx = this.nw + 12, gy = this.nh + 26;
    const slot = new Map(), depth = new Map();
    let next = 0;
    for (const root of roots) {
      const stack = [[root, 0, false]];
      while (stack.length) {
        const [id, d, done] = stack.pop();
        const ch = kids.get(id) || [];
        if (!done) {
          depth.set(id, d);
          if (ch.length) {
            stack.push([id, d, true]);
            for (const k of [...ch].reverse()) stack.push([k, d + 1, false]);
            continue;
          }
        }
        if (ch.length) slot.set(id, (slot.get(ch[0]) + slot.get(ch[ch.length - 1])) / 2);
        else slot.set(id, next++);
      }
    }
    this.pos = new Map();
    let maxX = 0, maxY = 0;
    for (const [id, sl] of slot) {
      const x = 20 + this.nw / 2 + sl * gx, y = 20 + this.nh / 2 + depth.get(id) * gy;
      this.pos.set(id, [x, y]);
      maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
    this.width = maxX + this.nw / 2 + 20;
    this.height = maxY + this.nh / 2 + 20;
  }

  render(i) {
    const lane = this.lane;
    if (!lane) return;
    const tr = lane.trace;
    const st = lane.stepAt(i);
    const inFrontier = new Set(st.frontier.map((e) => e[0]));
    const end = i >= lane.last;
    const visible = new Set(tr.nodes.filter((n) => n.born <= i || (end && lane.pathSet.has(n.id))).map((n) => n.id));
    this.layout(tr, visible);
    for (const n of tr.nodes) {
      const g = this.nodeEls.get(n.id);
      const shown = visible.has(n.id) && this.pos.has(n.id);  // (placed: reached from a root)
      g.style.display = shown ? "" : "none";
      const e = this.edgeEls.get(n.id);
      const edge = shown && e && visible.has(n.parent) && this.pos.has(n.parent);
      if (e) e.style.display = edge ? "" : "none";
      if (!shown) continue;
      const [x, y] = this.pos.get(n.id);
      g.setAttribute("transform", `translate(${x - this.nw / 2},${y - this.nh / 2})`);
      if (edge) {
        const [px, py] = this.pos.get(n.parent);
        e.setAttribute("x1", px); e.setAttribute("y1", py + this.nh / 2);
        e.setAttribute("x2", x); e.setAttribute("y2", y - this.nh / 2);
      }
      const at = lane.expandedAt.get(n.id);
      let state = at !== undefined && at <= i ? "explored" : "frontier";
      if (end && lane.pathSet.has(n.id)) state = "path";
      g.dataset.state = state;
      g.classList.toggle("current", n.id === lane.shownNode(i) && st.node !== null);
      g.classList.toggle("in-frontier", inFrontier.has(n.id));
      if (e) e.classList.toggle("path", end && lane.pathSet.has(n.id) && lane.pathSet.has(n.parent));
    }
    this.caption.textContent = this.watch.t("nodes generated so far: {n}; drag to pan; ctrl + wheel, a pinch or the buttons zoom.", { n: visible.size });
    // Fitted as the tree grows until the reader pans or zooms (Fit comes back to it;
    // Whole tree keeps everything in view); then the current node is kept in view,
    // centred after a jump.
    if (this.auto === "all") this.fitAll();
    else if (this.auto) this.fit();
    else if (i !== this.shownStep) this.follow(lane.shownNode(i), Math.abs(i - (this.shownStep ?? 0)) > 1);
    this.shownStep = i;
  }

  // The view's size, kept by a ResizeObserver (reading it at every step would force
  // the whole page's layout).
  box() {
    if (!this.size) {
      const r = this.svg.getBoundingClientRect();
      this.size = { width: r.width, height: r.height };
      if (!this.observer) {
        this.observer = new ResizeObserver(() => { this.size = null; });
        this.observer.observe(this.svg);
      }
    }
    return this.size;
  }

  // Fit the tree in the view, but never so small that its pictures are unreadable:
  // past that scale the view centres on the current node instead.
  fit() {
    const b = this.box();
    if (!b.width) return;
    const k = Math.min(b.width / this.width, b.height / this.height, 1.2);
    const minK = Math.min(1.5, (this.pictures ? 84 : 46) / Math.max(this.nw, this.nh));
    if (k >= minK) {
      this.view = { k, x: (b.width - this.width * k) / 2, y: (b.height - this.height * k) / 2 };
      this.apply();
    } else {
      this.view.k = minK;
      this.follow(this.lane ? this.lane.shownNode(this.watch.step) : 0, true);
    }
  }

  follow(id, always = false) {
    const p = this.pos && this.pos.get(id);
    if (!p) return;
    const b = this.box();
    const { k } = this.view;
    const sx = p[0] * k + this.view.x, sy = p[1] * k + this.view.y;
    const mx = b.width * 0.12, my = b.height * 0.15;
    if (always || sx < mx || sx > b.width - mx || sy < my || sy > b.height - my) {
      // centre the node, or the whole tree along an axis where it fits
      this.view.x = this.width * k <= b.width ? (b.width - this.width * k) / 2 : b.width / 2 - p[0] * k;
      this.view.y = this.height * k <= b.height ? (b.height - this.height * k) / 2 : b.height / 2 - p[1] * k;
      this.apply();
    }
  }

  zoomBy(f, ev = null) {
    const b = ev ? this.svg.getBoundingClientRect() : this.box();
    const cx = ev ? ev.clientX - b.left : b.width / 2, cy = ev ? ev.clientY - b.top : b.height / 2;
    const k = Math.max(0.05, Math.min(6, this.view.k * f));
    const r = k / this.view.k;
    this.view = { k, x: cx - (cx - this.view.x) * r, y: cy - (cy - this.view.y) * r };
    this.apply();
  }

  apply() {
    const { x, y, k } = this.view;
    this.scene.setAttribute("transform", `translate(${x},${y}) scale(${k})`);
    this.svg.dataset.scale = k.toFixed(3);
  }
}

// --- the watch mode -----------------------------------------------------------------
class Watch {
  constructor(container, ctx, t, families) {
    this.root = container;
    this.ctx = ctx;
    this.t = t;
    this.families = families;
    this.family = families.find((f) => f.name === ctx.family);
    this.board = ctx.board || (this.family && this.family.examples[0] && this.family.examples[0].text) || "";
    this.step = 0;
    this.playing = false;
    this.timer = null;
    this.lanes = [];
    this.predicting = false;
    this.asking = null;
    this.chosen = null;
    this.score = { right: 0, asked: 0 };
    this.drawing = false;
    this.localBase = null;
    this.build();
  }

  build() {
    const t = this.t;
    const fam = this.family;
    this.root.classList.add("watch");
    // the hook tests find (data-role="watch"), unless the host page's panel has it
    if (!this.root.closest("[data-role='watch']")) this.root.dataset.role = "watch";
    if (!fam) {
      this.root.replaceChildren(h("p", { class: "watch-error", role: "alert" },
        t("This family's searches cannot be watched.")));
      return;
    }
    const algoSelect = (id, value) => h("select", { id, "data-watch": id },
      fam.algorithms.map((a) => h("option", { value: a, selected: a === value }, algoLabel(t, a))));
    const heurSelect = (id, value) => h("select", { id, "data-watch": id, disabled: !fam.heuristics.length },
      (fam.heuristics.length ? fam.heuristics : ["–"]).map((x) => h("option", { value: fam.heuristics.length ? x : "", selected: x === value },
        fam.heuristics.length ? (fam.heuristic_labels || {})[x] || x : x)));
    const uid = Math.random().toString(36).slice(2, 8);
    // ctx.choice: {a, b, ha, hb, compare, predict}, e.g. from the address; unknown names
    // fall back to the defaults (the family's default, BFS but where the family offers
    // one of its own, against A*; the family's first heuristic)
    const c = this.ctx.choice || {};
    const pick = (name, list, dflt) => (list.includes(name) ? name : dflt);
    const first = pick(c.a, fam.algorithms,
      fam.default || (fam.algorithms.includes("bfs") ? "bfs" : fam.algorithms[0]));
    const second = pick(c.b, fam.algorithms,
      fam.algorithms.includes("astar") ? "astar" : fam.algorithms[fam.algorithms.length - 1]);
    this.algoA = algoSelect(`algo-a-${uid}`, first);
    this.algoA.dataset.watch = "algo-a";
    this.heurA = heurSelect(`heur-a-${uid}`, pick(c.ha, fam.heuristics, fam.heuristics[0]));
    this.heurA.dataset.watch = "heur-a";
    this.algoB = algoSelect(`algo-b-${uid}`, second);
    this.algoB.dataset.watch = "algo-b";
    this.heurB = heurSelect(`heur-b-${uid}`, pick(c.hb, fam.heuristics, fam.heuristics[0]));
    this.heurB.dataset.watch = "heur-b";
    this.weight = h("input", { type: "number", min: 1, max: 10, step: 0.5, value: 2, id: `w-${uid}`, "data-watch": "weight", class: "watch-weight" });
    this.compare = h("input", { type: "checkbox", id: `cmp-${uid}`, "data-watch": "compare", checked: !!c.compare });
    const field = (label, input) => h("label", { class: "watch-field", for: input.id }, h("span", {}, label), input);
    this.bBox = h("span", { class: "watch-b", hidden: !c.compare }, field(t("Algorithm B"), this.algoB), field(t("Heuristic B"), this.heurB));
    this.weightBox = h("span", { class: "watch-wbox", hidden: true }, field(t("Weight"), this.weight));
    const rerun = () => this.run();
    for (const x of [this.algoA, this.heurA, this.algoB, this.heurB, this.weight]) x.addEventListener("change", rerun);
    this.compare.addEventListener("change", () => { this.bBox.hidden = !this.compare.checked; rerun(); });
    const setup = h("div", { class: "watch-setup" },
      field(t("Algorithm"), this.algoA), field(t("Heuristic"), this.heurA), this.weightBox,
      h("label", { class: "watch-field check", for: this.compare.id }, this.compare, h("span", {}, t("Compare with a second algorithm"))),
      this.bBox);

    const btn = (label, title, fn, role) => h("button", { type: "button", class: "watch-btn", title, "aria-label": title, "data-watch": role, onclick: fn }, label);
    this.playBtn = btn(icon("play"), t("Play the search"), () => this.toggle(), "play");
    this.speed = h("input", { type: "range", min: 1, max: 30, value: 4, id: `speed-${uid}`, "data-watch": "speed" });
    this.speedOut = h("output", { for: this.speed.id });
    this.speed.addEventListener("input", () => { this.showSpeed(); if (this.playing) { this.pause(); this.play(); } });
    this.modeWatch = h("button", { type: "button", class: "watch-tab", "aria-pressed": "true", "data-watch": "mode-watch", onclick: () => this.setPredict(false) }, t("Watch"));
    this.modePredict = h("button", { type: "button", class: "watch-tab", "aria-pressed": "false", "data-watch": "mode-predict", onclick: () => this.setPredict(true) }, t("Predict the next step"));
    const controls = h("div", { class: "watch-controls", role: "toolbar", "aria-label": t("Search steps") },
      btn(icon("first"), t("Back to the start"), () => this.go(0), "first"),
      btn(icon("back"), t("Step back"), () => this.go(this.step - 1), "back"),
      this.playBtn,
      btn(icon("forward"), t("Step forward"), () => this.go(this.step + 1), "forward"),
      btn(icon("last"), t("To the end"), () => this.go(this.maxStep()), "last"),
      h("label", { class: "watch-speed", for: this.speed.id }, h("span", {}, t("Speed")), this.speed, this.speedOut),
      h("span", { class: "watch-modes", role: "group", "aria-label": t("Mode") }, this.modeWatch, this.modePredict));

    this.drawBtn = h("button", { type: "button", class: "watch-btn wide", "aria-pressed": "false", "data-watch": "draw", hidden: true,
      onclick: () => this.setDrawing(!this.drawing) }, t("Draw walls"));
    this.clearBtn = h("button", { type: "button", class: "watch-btn wide", "data-watch": "clear-walls", hidden: true,
      onclick: () => this.clearWalls() }, t("Clear walls"));
    this.drawHelp = h("p", { class: "watch-help", hidden: true }, t("Drag over the maze to draw walls; start on a wall to erase. The search runs again when you lift the mouse or finger."));
    this.message = h("p", { class: "watch-message", role: "status", "data-watch": "message" });
    this.predictBox = h("div", { class: "watch-predict", "data-watch": "predict", hidden: true });
    this.lanesBox = h("div", { class: "watch-lanes" });
    this.brush = new Brush(this);  // painting, dragging the start and goal (brush.js)
    this.results = h("div", { class: "watch-results-wrap" });
    this.goalBox = h("div", { class: "watch-goal", "data-role": "goal", hidden: true });
    this.tree = new Tree(this);
    this.legend = this.buildLegend();
    this.root.replaceChildren(setup, controls,
      h("div", { class: "watch-tools" }, this.drawBtn, this.clearBtn), this.drawHelp, this.brush.el, this.message,
      this.predictBox, this.goalBox, this.lanesBox, this.results, this.legend, this.tree.el);
    this.showSpeed();
    this.keys = (ev) => {
      if (ev.target.closest && ev.target.closest("input, select, textarea")) return;
      // Inside a host page only with the focus in the panel (the page has its own keys).
      const inside = this.root.contains(document.activeElement);
      if (!inside && !(this.ctx.standalone && document.activeElement === document.body)) return;
      if (ev.key === "ArrowRight") { ev.preventDefault(); this.go(this.step + 1); }
      else if (ev.key === "ArrowLeft") { ev.preventDefault(); this.go(this.step - 1); }
      else if (ev.key === " " && !this.predicting && ev.target.tagName !== "BUTTON") { ev.preventDefault(); this.toggle(); }
    };
    document.addEventListener("keydown", this.keys);
    let pending = null;
    this.resize = () => {  // boards are sized to their lane: draw them again
      clearTimeout(pending);
      pending = setTimeout(() => {
        for (const lane of this.lanes) lane.cell = null;
        if (this.lanes.length) this.render();
      }, 150);
    };
    window.addEventListener("resize", this.resize);
    this.run();
  }

  buildLegend() {
    const t = this.t;
    const item = (cls, text, fill = null) => h("li", {}, h("span", {
      class: `swatch ${cls}`, "aria-hidden": "true", style: fill ? `background: ${fill}` : null,
    }), text);
    this.legendList = h("ul", {});
    const box = h("section", { class: "watch-legend", "data-watch": "legend", "aria-label": t("Legend") },
      h("h3", {}, t("Legend")), this.legendList);
    this.legendNote = h("p", { class: "watch-help" });
    box.append(this.legendNote);
    this.legendItems = (grid) => {
      this.legendNote.textContent = grid ? t("A node is named by its square: row·column, counted from the top left corner.") : t("Nodes are numbered in the order they were generated; the start is #0.");
      const items = [];
      if (grid) {
        // the board's own fills, from the one style table
        items.push(item("s-start", t("start"), STYLES.cells.s), item("s-goal", t("goal"), STYLES.cells.g),
          item("s-wall", t("wall"), STYLES.cells["#"]));
      }
      items.push(
        item("s-current", t("current node: the one just expanded")),
        item("s-next", t("next node the algorithm takes")),
        item("s-frontier", t("frontier: generated, waiting to be expanded")),
        item("s-explored", t("explored: already expanded")),
        item("s-path", t("path: the solution found")),
      );
      this.legendList.replaceChildren(...items);
    };
    return box;
  }

  showSpeed() { this.speedOut.textContent = this.t("{n} steps/s", { n: this.speed.value }); }

  maxStep() { return Math.max(0, ...this.lanes.map((l) => l.last)); }

  async run() {
    const t = this.t;
    this.pause();
    this.weightBox.hidden = !(this.algoA.value === "wastar" || (this.compare.checked && this.algoB.value === "wastar"));
    const req = (algo, heur) => ({ family: this.family.name, board: this.board, algorithm: algo,
      heuristic: heur, weight: algo === "wastar" ? Number(this.weight.value) || 2 : null });
    const wanted = [req(this.algoA.value, this.heurA.value)];
    if (this.compare.checked) wanted.push(req(this.algoB.value, this.heurB.value));
    const token = (this.runToken = {});
    this.message.textContent = t("searching…");
    this.root.setAttribute("aria-busy", "true");
    let traces;
    try {
      await whenShown(this.root);  // no trace for a panel nobody has scrolled to
      const stillWanted = () => token === this.runToken;
      const onWait = (n) => { if (stillWanted()) this.message.textContent = t("The server is busy: trying again in {n} s…", { n }); };
      traces = await Promise.all(wanted.map((r) => fetchTrace(r, { onWait, stillWanted })));
    } catch (err) {
      if (token !== this.runToken) return;
      this.message.textContent = t("Cannot watch this search: {message}", { message: err.message });
      this.message.classList.add("error");
      this.root.setAttribute("aria-busy", "false");
      return;
    }
    if (token !== this.runToken) return;
    this.root.setAttribute("aria-busy", "false");
    this.message.textContent = "";
    this.message.classList.remove("error");
    this.board = traces[0].board;
    this.showGoal(traces[0].base);
    this.localBase = null;
    this.root.dataset.runs = String(Number(this.root.dataset.runs || 0) + 1);  // for tests
    this.lanes = traces.map((tr, i) => new (tr.compact ? CanvasLane : Lane)(this, tr, traces.length > 1 ? "AB"[i] : t("Search")));
    // a big grid (compact trace, gridcanvas.js): no tree nor prediction, faster play
    const compact = traces.some((tr) => tr.compact);
    this.tree.el.hidden = compact;
    this.modePredict.disabled = compact;
    if (compact && this.predicting) this.setPredict(false);
    this.speed.max = compact ? 2000 : 30;
    if (compact !== !!this.fast) this.speed.value = compact ? 500 : 4;
    this.fast = compact;
    this.showSpeed();
    this.lanesBox.replaceChildren(...this.lanes.map((l) => l.el));
    this.lanesBox.classList.toggle("two", this.lanes.length > 1);
    const grid = traces[0].grid;
    this.drawBtn.hidden = this.clearBtn.hidden = !traces[0].walls;
    this.drawHelp.hidden = !(traces[0].walls && this.drawing);
    if (!traces[0].walls) this.setDrawing(false);
    this.legendItems(grid);
    if (compact) this.tree.lane = null; else this.tree.setLanes(this.lanes);
    this.brush.update(traces[0]);
    this.results.replaceChildren(traces.length > 1 && grid ? resultsTable(this, traces) : "");
    this.step = 0;
    this.chosen = null;
    this.skipped = 0;
    if (this.predicting) this.skipOneChoice();
    this.render();
    if (this.ctx.onBoard) this.ctx.onBoard(this.board, this.choice());
    if (this.ctx.choice && this.ctx.choice.predict && !this.predictedOnce) {
      this.predictedOnce = true;
      this.setPredict(true);
    }
  }

  // What counts as solved, beside the boards, in the page's language (the player's
  // validate route answers it); asked again only when the board changes.
  async showGoal(base) {
    const board = this.board;
    if (this.goalFor === board) return;
    this.goalFor = board;
    try {
      const lang = encodeURIComponent(this.ctx.lang || "en");
      const data = await api(`/api/${encodeURIComponent(this.family.name)}/validate?lang=${lang}`, { board });
      if (this.board === board) renderGoal(this.goalBox, data.objective, base, 64);
    } catch {
      this.goalFor = null;
      this.goalBox.hidden = true;
    }
  }

  // The current choice, as ctx.choice takes it (for a shareable address).
  choice() {
    const out = { a: this.algoA.value, ha: this.heurA.value };
    if (this.compare.checked) Object.assign(out, { b: this.algoB.value, hb: this.heurB.value, compare: true });
    if (this.predicting) out.predict = true;
    return out;
  }

  render() {
    this.asking = this.predicting && this.lanes.length ? this.lanes[0] : null;
    for (const lane of this.lanes) lane.render(this.step);
    this.tree.render(this.step);
    this.renderPredict();
    this.root.dataset.step = String(this.step);
    this.root.dataset.done = this.lanes.length && this.step >= this.maxStep() ? "true" : "false";
  }

  go(i) {
    if (this.predicting && this.chosen === null && i > this.step && !this.noQuestion()) return;  // answer first
    const forward = i > this.step;
    this.step = Math.max(0, Math.min(i, this.maxStep()));
    this.chosen = null;
    this.skipped = 0;
    if (this.predicting && forward) this.skipOneChoice();
    if (this.step >= this.maxStep()) this.pause();
    this.render();
  }

  toggle() { if (this.playing) this.pause(); else this.play(); }

  play() {
    if (this.predicting || !this.lanes.length) return;
    if (this.step >= this.maxStep()) this.step = 0;
    this.playing = true;
    this.playBtn.replaceChildren(icon("pause"));
    this.playBtn.title = this.t("Pause the search");
    this.playBtn.setAttribute("aria-label", this.t("Pause the search"));
    const pace = playPace(Number(this.speed.value));  // several steps a tick when fast
    this.timer = setInterval(() => {
      if (this.step >= this.maxStep()) { this.pause(); return; }
      this.go(this.step + pace.steps);
    }, pace.period);
  }

  pause() {
    this.playing = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.playBtn) {
      this.playBtn.replaceChildren(icon("play"));
      this.playBtn.title = this.t("Play the search");
      this.playBtn.setAttribute("aria-label", this.t("Play the search"));
    }
  }

  // --- predict mode ---
  // A step whose frontier holds one node asks nothing: predict mode passes over it.
  oneChoice(lane, i) {
    const st = lane.stepAt(i);
    return lane.trace.rule.predictive && i < lane.last && lane.nextNode(i) !== null && st.frontier_size <= 1;
  }

  // The step asks no question (the end, a goal found as it is generated, no frontier rule).
  noQuestion() {
    const lane = this.lanes[0];
    return !lane || !lane.trace.rule.predictive || lane.nextNode(this.step) === null;
  }

  skipOneChoice() {
    const lane = this.lanes[0];
    if (!lane) return;
    while (this.oneChoice(lane, this.step)) { this.step += 1; this.skipped += 1; }
  }

  // Nodes the algorithm's key cannot tell from its choice `next` (a priority queue's tie):
  // any of them is a right answer; the tie-break decides which one it takes.
  tied(lane, i, id, next) {
    const rule = lane.trace.rule;
    if (rule.kind !== "priority" || id === next) return false;
    const st = lane.stepAt(i);
    const e = (n) => st.frontier.find((x) => x[0] === n);
    const a = e(id), b = e(next);
    if (!a || !b) return false;
    const key = (x) => keyValue(rule, x[1], lane.trace.nodes[x[0]].h);
    return Math.abs(key(a) - key(b)) < 1e-9;
  }

  setPredict(on) {
    this.pause();
    this.predicting = on;
    this.skipped = 0;
    if (on) this.skipOneChoice();
    if (this.ctx.onBoard && this.lanes.length) this.ctx.onBoard(this.board, this.choice());
    this.chosen = null;
    this.modeWatch.setAttribute("aria-pressed", String(!on));
    this.modePredict.setAttribute("aria-pressed", String(on));
    this.root.classList.toggle("predicting", on);
    this.predictBox.hidden = !on;
    this.playBtn.disabled = on;
    this.render();
  }

  renderPredict() {
    const t = this.t;
    if (!this.predicting) { this.asking = null; return; }
    const lane = this.lanes[0];
    if (!lane) return;
    this.asking = lane;
    const box = this.predictBox;
    const name = algoName(t, lane.trace, this.family.heuristic_labels);
    const score = h("p", { class: "watch-score", "data-watch": "score" },
      t("Score: {right} right of {asked}", this.score));
    if (!lane.trace.rule.predictive) {
      box.replaceChildren(h("p", {}, t("{algo} keeps no frontier to choose from: prediction works with BFS, DFS, UCS, greedy, A* and weighted A*.", { algo: name })));
      return;
    }
    const next = lane.nextNode(this.step);
    if (next === null) {
      box.replaceChildren(h("p", { "data-watch": "question" }, this.step >= lane.last
        ? t("The search is over. {end}", { end: lane.endText() })
        : t("The next step finds the goal as it is generated: nothing to choose.")), score,
      h("button", { type: "button", class: "watch-btn wide", onclick: () => { this.chosen = -1; this.go(this.step + 1); } }, t("Next step")));
      return;
    }
    const question = h("p", { class: "watch-question", "data-watch": "question" },
      t("Which frontier node does {algo} expand next? Choose it in the frontier list.", { algo: name }));
    const skipped = this.skipped ? h("p", { class: "watch-help", "data-watch": "skipped" },
      t("{n} steps with a single node on the frontier passed over: nothing to choose there.", { n: this.skipped })) : null;
    if (this.chosen === null) { box.replaceChildren(...[skipped, question, score].filter(Boolean)); return; }
    const tie = this.tied(lane, this.step, this.chosen, next);
    const right = this.chosen === next || tie;
    const tr = lane.trace;
    const verdict = h("p", { class: `watch-verdict ${right ? "right" : "wrong"}`, "data-watch": "verdict", role: "status" },
      tie ? t("Right: {node} ties with {next} on {key}; the tie-break takes {next}.",
        { node: nodeName(tr, this.chosen), next: nodeName(tr, next), key: keyText(t, tr.rule) })
        : right ? t("Right!") : t("Not quite: {algo} expands {node}.", { algo: name, node: nodeName(tr, next) }));
    const why = h("p", { class: "watch-why", "data-watch": "why" }, this.explain(lane, this.step, this.chosen, next));
    const nextBtn = h("button", { type: "button", class: "watch-btn wide", "data-watch": "next-question",
      onclick: () => this.go(this.step + 1) }, t("Next question"));
    box.replaceChildren(question, verdict, why, score, nextBtn);
    nextBtn.focus({ preventScroll: true });
  }

  answer(lane, id) {
    if (this.chosen !== null) return;
    const next = lane.nextNode(this.step);
    this.chosen = id;
    this.score.asked += 1;
    if (id === next || this.tied(lane, this.step, id, next)) this.score.right += 1;
    this.render();
  }

  // Why the algorithm takes `next`: its rule, with the frontier's numbers.
  explain(lane, i, chosen, next) {
    const t = this.t;
    const tr = lane.trace;
    const rule = tr.rule;
    const st = lane.stepAt(i);
    const name = algoName(t, tr, this.family.heuristic_labels);
    const N = (id) => nodeName(tr, id);
    const entry = (id) => st.frontier.find((e) => e[0] === id);
    const parts = [];
    if (rule.kind === "fifo") {
      parts.push(t("{algo} takes the node that has waited longest on the frontier (first in, first out): {node} was added before all the others.", { algo: name, node: N(next) }));
    } else if (rule.kind === "lifo") {
      parts.push(t("{algo} takes the node added last (last in, first out, a stack): {node} is the newest on the frontier.", { algo: name, node: N(next) }));
    } else {
      const key = keyText(t, rule);
      const e = entry(next);
      const v = keyValue(rule, e[1], tr.nodes[next].h);
      parts.push(t("{algo} takes the frontier node with the smallest {key}: {node} has {key} = {value}.", { algo: name, key, node: N(next), value: num(v) }));
      const ties = st.frontier.filter((x) => Math.abs(keyValue(rule, x[1], tr.nodes[x[0]].h) - v) < 1e-9).length;
      if (ties > 1) {
        const rules = {
          g_max: t("{n} nodes share that value; ties go to the larger g (the deeper node), then to the node added first.", { n: ties }),
          g_min: t("{n} nodes share that value; ties go to the smaller g, then to the node added first.", { n: ties }),
          fifo: t("{n} nodes share that value; ties go to the node added first.", { n: ties }),
          lifo: t("{n} nodes share that value; ties go to the node added last.", { n: ties }),
        };
        parts.push(rules[rule.tie_break] || "");
      }
      if (chosen !== next && chosen !== null && entry(chosen) && !this.tied(lane, i, chosen, next)) {
        const c = entry(chosen);
        parts.push(t("Your choice {node} has {key} = {value}.", { node: N(chosen), key, value: num(keyValue(rule, c[1], tr.nodes[chosen].h)) }));
      }
    }
    const nx = tr.steps[i + 1];
    if (nx && nx.goal) parts.push(t("It is the goal: the search ends there."));
    return parts.join(" ");
  }

  // --- drawing walls (grid mazes) ---
  setDrawing(on) {
    this.drawing = on;
    this.drawBtn.setAttribute("aria-pressed", String(on));
    this.drawHelp.hidden = !on;
    this.root.classList.toggle("drawing", on);
    this.brush.setOn(on);
  }

  async sendWalls(cells, wall) {
    try {
      const out = await api("/api/watch/walls", { family: this.family.name, board: this.board, cells, wall });
      this.board = out.board;
      await this.run();
      this.setDrawing(this.drawing);
    } catch (err) {
      this.message.textContent = this.t("Cannot change the walls: {message}", { message: err.message });
      this.message.classList.add("error");
      this.localBase = null;
      this.render();
    }
  }

  async clearWalls() {
    const base = this.lanes[0] && this.lanes[0].trace.base;
    if (!base) return;
    const cells = [];
    base.cells.forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "#") cells.push([r, c]); }));
    if (cells.length) await this.sendWalls(cells, false);
  }

  destroy() {
    this.pause();
    this.brush.destroy();
    document.removeEventListener("keydown", this.keys);
    window.removeEventListener("resize", this.resize);
  }
}

// Mount the watch mode in `container` (async). ctx:
//   family   a family name (GET /api/watch/families lists those that can be watched)
//   board    the board's text (default: the family's first example)
//   lang     "en" or "es"; t: the host page's t(message, params), used for strings the
//            watch catalog lacks (optional)
//   choice   {a, b, ha, hb, compare, predict}: the algorithms and heuristics of lanes A
//            and B, whether to compare, whether to open in prediction mode
//   onBoard  called with the board's text and the choice after each search (walls
//            drawn change the board) and when the mode changes
//   standalone  true on /watch: the arrow keys and space step the search page-wide;
//            in a host page they do so only while the focus is in the panel
// Resolves to a handle: {watch, destroy(), setBoard(text)}.
export async function mountWatch(container, ctx = {}) {
  if (!document.querySelector("link[data-watch-css]")) {  // the panel brings its styles
    const link = h("link", { rel: "stylesheet", href: new URL("../watch.css", import.meta.url).href, "data-watch-css": "" });
    document.head.append(link);
  }
  const t = await translator(ctx.lang, ctx.t);
  let families = [];
  try {
    families = await api(`/api/watch/families?lang=${encodeURIComponent(ctx.lang || "en")}`);
  } catch (err) {
    container.replaceChildren(h("p", { class: "watch-error", role: "alert" }, err.message));
    return { destroy() {}, setBoard() {} };
  }
  const watch = new Watch(container, ctx, t, families);
  return {
    watch,
    destroy: () => watch.destroy(),
    setBoard: (board) => { watch.board = board; return watch.run(); },
  };
}

