// @ts-check
// The watch's search tree: the nodes generated so far laid out as a tree, zoomed,
// panned and followed as the search steps.
import { h } from "../dom.js";
import { renderView, viewSize } from "../render.js";
import { nodeName, s } from "./draw.js";

// --- the search tree ------------------------------------------------------------------
export class Tree {
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
