// @ts-check
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
//
// This module holds the Watch (the panel: its controls, legend, stepping, prediction
// and drawing mode) and mountWatch; watch/lane.js one algorithm's lane, watch/tree.js
// the search tree, watch/draw.js their small drawing and naming helpers.
import { STYLES } from "searchlab/styles.js";
import { api } from "./api.js";
import { Brush, resultsTable } from "./brush.js";
import { h } from "./dom.js";
import { CanvasLane, playPace } from "./gridcanvas.js";
import { algoLabel } from "./names.js";
import { renderGoal } from "./render.js";
import { fetchTrace, whenShown } from "./traceload.js";
import { algoName, icon, keyText, keyValue, nodeName, num } from "./watch/draw.js";
import { Lane } from "./watch/lane.js";
import { Tree } from "./watch/tree.js";

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
