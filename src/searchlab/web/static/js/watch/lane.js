// @ts-check
// One lane of the watch: one algorithm's trace on the board, its pseudocode, frontier
// table and explored count, stepped by the watch.
import { h } from "../dom.js";
import { cellXY, renderView } from "../render.js";
import { algoName, keyText, keyValue, nodeName, num, s } from "./draw.js";

// --- one lane: one algorithm's trace -----------------------------------------------
export class Lane {
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
    /** @type {Map<number, SVGElement> | undefined} the nodes' small pictures, drawn once */
    this.thumbs = undefined;
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
  /** @param {number} id @returns {SVGElement | ""} */
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
