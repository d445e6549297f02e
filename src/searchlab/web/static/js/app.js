// The player page: load a board, play it with the mouse, solve it with live
// progress, replay the solution, and look inside the search (teaching view).
import { renderView } from "searchlab/render.js";
import { createPlayer } from "searchlab/player.js";
import { language, setMessages, t, translatePage } from "searchlab/i18n.js";

const $ = (id) => document.getElementById(id);
const key = (rc) => `${rc[0]},${rc[1]}`;

async function api(path, body = undefined) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error((data && data.detail) || `${res.status} ${res.statusText}`);
  return data;
}

function say(id, text, cls = "") {
  const m = $(id);
  m.textContent = text;
  m.className = `message ${cls}`;
}

// This page's random id: the server cancels the page's solves when it goes away.
const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

const app = {
  families: [], fam: null, board: "", base: null,
  position: null, history: [], played: [], selected: null, hint: null, down: null, noHint: null,
  job: null, solution: null, cursor: null,
};

const LANG_KEY = "searchlab-language";

async function loadLanguage() {
  const chosen = localStorage.getItem(LANG_KEY);
  const data = await api(`/api/i18n${chosen ? `?lang=${encodeURIComponent(chosen)}` : ""}`);
  setMessages(data.language, data.messages);
  document.documentElement.lang = data.language;
  const pick = $("language");
  pick.replaceChildren();
  for (const [code, name] of Object.entries(data.languages)) option(pick, code, name);
  pick.value = data.language;
  pick.onchange = () => { localStorage.setItem(LANG_KEY, pick.value); location.reload(); };
  translatePage();
}

async function init() {
  await loadLanguage();
  app.families = await api(`/api/families?lang=${language()}`);
  const nav = $("families");
  const wanted = new URLSearchParams(location.search).get("family");
  for (const f of app.families) {
    const a = document.createElement("a");
    a.href = `/?family=${f.name}`;
    a.textContent = f.title;
    a.dataset.family = f.name;
    if (f.name === wanted) a.classList.add("active");
    nav.appendChild(a);
  }
  const fam = app.families.find((f) => f.name === wanted);
  if (!fam) return;
  $("intro").hidden = true;
  $("main").hidden = false;
  selectFamily(fam);
}

function option(select, value, text = value) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

function selectFamily(fam) {
  app.fam = fam;
  document.title = `${fam.title} · searchlab`;
  $("family-title").textContent = fam.title;
  $("board-help").textContent = fam.board_help;
  $("play-help").textContent = fam.play_help;
  const ex = $("examples");
  ex.replaceChildren();
  option(ex, "", t("choose…"));
  fam.examples.forEach((e) => option(ex, e.id, e.title));
  ex.onchange = () => {
    const e = fam.examples.find((x) => x.id === ex.value);
    if (e) { $("board").value = e.text; loadBoard(); }
  };
  const params = $("random-params");
  params.replaceChildren();
  for (const p of [...fam.random_params, { name: "seed", label: t("seed"), default: "", kind: "int" }]) {
    const label = document.createElement("label");
    label.textContent = `${p.label} `;
    const input = document.createElement("input");
    input.type = "number";
    input.dataset.param = p.name;
    input.value = p.default;
    if (p.min !== undefined) { input.min = p.min; input.max = p.max; }
    input.step = p.kind === "float" ? "0.05" : "1";
    label.appendChild(input);
    params.appendChild(label);
  }
  const alg = $("algorithm");
  alg.replaceChildren();
  fam.algorithms.forEach((a) => option(alg, a));
  const heur = $("heuristic");
  heur.replaceChildren();
  fam.heuristics.forEach((h) => option(heur, h));
  heur.disabled = fam.heuristics.length === 0;
  heur.parentElement.hidden = fam.heuristics.length === 0;
  $("teaching").disabled = !fam.teaching;
  if (fam.notes) $("board-help").textContent += ` ${fam.notes}`;
  if (fam.examples.length) {
    ex.value = fam.examples[0].id;
    $("board").value = fam.examples[0].text;
    loadBoard();
  }
}

async function loadBoard() {
  const text = $("board").value;
  say("load-message", t("loading…"));
  try {
    const data = await api(`/api/${app.fam.name}/validate?lang=${language()}`, { board: text });
    app.board = text;
    app.base = data.base;
    app.history = [];
    app.played = [];
    app.hint = null;
    app.selected = null;
    app.position = data.start;
    app.cursor = null;
    app.noHint = data.no_hint || null;
    $("hint").title = app.noHint || t("The next move of an optimal solution");
    $("hint-note").textContent = app.noHint ? t("Hint is off: {reason}.", { reason: app.noHint }) : "";
    $("hint-note").hidden = !app.noHint;
    say("load-message", t("Loaded: {description}", { description: data.description }));
    if (app.fam.difficulty) rateBoard(text, data.description);
    say("play-message", "");
    forgetJob();
    clearSolution();
    renderPlay();
  } catch (err) {
    say("load-message", err.message, "error");
  }
}

/** Add the board's difficulty rating (Rush Hour) to the load message, once known. */
async function rateBoard(text, description) {
  try {
    const { difficulty } = await api(`/api/${app.fam.name}/difficulty?lang=${language()}`, { board: text });
    if (difficulty && app.board === text) {
      say("load-message", t("Loaded: {description}", { description: `${description}; ${difficulty}` }));
    }
  } catch { /* no rating: the board still plays */ }
}

async function randomBoard() {
  const params = {};
  for (const input of $("random-params").querySelectorAll("input")) {
    if (input.value !== "") params[input.dataset.param] = Number(input.value);
  }
  try {
    say("load-message", t("generating…"));
    const data = await api(`/api/${app.fam.name}/random`, { params });
    $("board").value = data.board;
    $("examples").value = "";
    await loadBoard();
  } catch (err) {
    say("load-message", err.message, "error");
  }
}

// ---- play mode -------------------------------------------------------------
/** The pieces that can move, by their first grabbed cell ("" for moves that grab none). */
function movingPieces(moves) { return new Set(moves.map((m) => (m.grab.length ? key(m.grab[0]) : ""))); }

function movesOf(k) { return app.position.moves.filter((m) => m.grab.some((g) => key(g) === k)); }

function renderPlay() {
  const pos = app.position;
  const marks = { grab: new Set(), to: new Set(), selected: new Set(), hint: new Set() };
  const onePiece = movingPieces(pos.moves).size === 1;
  for (const m of pos.moves) {
    m.grab.forEach((g) => marks.grab.add(key(g)));
    // Targets show for "click a square" moves and when one piece moves (the maze
    // walker); with several movable pieces, a piece's targets once it is selected.
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
  renderView($("play-board"), { ...app.base, ...pos.view }, { marks, onCell });
  $("undo").disabled = app.history.length === 0;
  $("reset").disabled = app.history.length === 0;
  $("hint").disabled = pos.goal || pos.moves.length === 0 || Boolean(app.noHint);
  $("play-moves").textContent = app.played.join(" ") || t("none");
  if (pos.goal) say("play-message", t("Solved in {n} moves!", { n: app.played.length }), "good");
  else if (pos.moves.length === 0) say("play-message", t("No legal move left: undo or reset."), "error");
}

function onCell(r, c, kind) {
  const k = `${r},${c}`;
  if (kind === "down") { app.down = k; $("play-board").focus({ preventScroll: true }); return; }
  const from = app.down;
  app.down = null;
  if (from && from !== k) {  // a drag from one cell to another
    const m = dragMove(from, k);
    if (m) { applyMove(m); return; }
  }
  click(k);
}

// How far a move shifts its piece: from the grabbed cell at its front (in the
// direction it moves) to its target. A tile, a peg or a walker has one cell; a
// car moving right or down leads with its last cell, left or up with its first.
function shift(m) {
  const first = m.grab[0], last = m.grab[m.grab.length - 1];
  const lead = m.to[0] > last[0] || m.to[1] > last[1] ? last : first;
  return [m.to[0] - lead[0], m.to[1] - lead[1]];
}

// A drag from cell `from` to cell `k` plays the move of the piece under `from`
// that shifts it by as much (a car dragged along its axis by any of its cells),
// else a move of that piece whose target is `k`.
function dragMove(from, k) {
  const [fr, fc] = from.split(",").map(Number);
  const [kr, kc] = k.split(",").map(Number);
  const candidates = movesOf(from);
  return candidates.find((m) => { const [dr, dc] = shift(m); return dr === kr - fr && dc === kc - fc; })
    || candidates.find((m) => key(m.to) === k);
}

function click(k) {
  const moves = app.position.moves;
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
    renderPlay();
    return;
  }
  const onto = moves.filter((m) => key(m.to) === k);
  if (onto.length === 1) { applyMove(onto[0]); return; }
  app.selected = null;
  renderPlay();
}

async function applyMove(m) {
  try {
    const next = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: m.state });
    app.history.push(app.position);
    app.played.push(m.label);
    app.position = next;
    app.selected = null;
    app.hint = null;
    say("play-message", "");
    renderPlay();
  } catch (err) {
    say("play-message", err.message, "error");
  }
}

function undo() {
  if (!app.history.length) return;
  app.position = app.history.pop();
  app.played.pop();
  app.selected = app.hint = null;
  say("play-message", "");
  renderPlay();
}

function reset() {
  if (!app.history.length) return;
  app.position = app.history[0];
  app.history = [];
  app.played = [];
  app.selected = app.hint = null;
  say("play-message", "");
  renderPlay();
}

async function hint() {
  say("play-message", t("thinking…"));
  try {
    const data = await api(`/api/${app.fam.name}/hint`, { board: app.board, state: app.position.state });
    app.hint = data.move;
    say("play-message", data.message, data.move ? "" : "error");
    renderPlay();
  } catch (err) {
    say("play-message", err.message, "error");
  }
}

// Keyboard play: the arrow keys move a cursor square over the board, Enter or Space
// acts on it as a click does (select a piece, play a move), U/R/H undo, reset, hint.
function onBoardKey(ev) {
  if (!app.position || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const view = app.base;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (steps[ev.key]) {
    ev.preventDefault();
    // One piece to move (the maze's walker): the arrow moves it, when it can go there.
    const moves = app.position.moves;
    const pieces = movingPieces(moves);
    if (pieces.size === 1 && !pieces.has("")) {
      const [dr0, dc0] = steps[ev.key];
      const m = moves.find((mv) => { const [dr, dc] = shift(mv); return Math.sign(dr) === dr0 && Math.sign(dc) === dc0; });
      if (m) applyMove(m);
      return;
    }
    const first = app.position.moves[0];
    const [r, c] = app.cursor || (first ? (first.grab[0] || first.to) : [0, 0]);
    const [dr, dc] = app.cursor ? steps[ev.key] : [0, 0];
    app.cursor = [Math.min(view.rows - 1, Math.max(0, r + dr)), Math.min(view.cols - 1, Math.max(0, c + dc))];
    renderPlay();
  } else if ((ev.key === "Enter" || ev.key === " ") && app.cursor) {
    ev.preventDefault();
    click(key(app.cursor));
  } else if (ev.key === "u" || ev.key === "U") { undo(); }
  else if (ev.key === "r" || ev.key === "R") { reset(); }
  else if ((ev.key === "h" || ev.key === "H") && !$("hint").disabled) { hint(); }
  else if (ev.key === "Escape") { app.selected = null; renderPlay(); }
}

// ---- solving ---------------------------------------------------------------
function clearSolution() {
  $("player").replaceChildren();
  $("stats").replaceChildren();
  $("stats-box").hidden = true;
  $("teach").hidden = true;
  say("progress", "");
}

async function solve() {
  if (!app.board) { await loadBoard(); if (!app.board) return; }
  clearSolution();
  const body = {
    board: app.board,
    algorithm: $("algorithm").value,
    heuristic: $("heuristic").value || "",
    time_limit: Number($("time-limit").value) || 30,
    teaching: $("teaching").checked,
    page: PAGE,
  };
  try {
    const { job } = await api(`/api/${app.fam.name}/solve`, body);
    app.job = job;
    $("cancel").disabled = false;
    $("solve-button").disabled = true;
    say("progress", t("solving…"));
    poll(job);
  } catch (err) {
    say("progress", err.message, "error");
  }
}

async function poll(job) {
  let snap;
  try {
    snap = await api(`/api/jobs/${job}`);
  } catch (err) {
    finishJob();
    say("progress", err.message, "error");
    return;
  }
  if (app.job !== job) return;
  if (snap.state === "queued" || snap.state === "running") {
    const p = snap.progress;
    say("progress", p.expanded !== undefined
      ? t("{expanded} nodes expanded, {seconds} s", { expanded: p.expanded.toLocaleString(), seconds: p.seconds.toFixed(1) })
      : t(snap.state === "queued" ? "queued… {seconds} s" : "running… {seconds} s", { seconds: snap.elapsed.toFixed(1) }));
    setTimeout(() => poll(job), 200);
    return;
  }
  finishJob();
  if (snap.state === "failed") { say("progress", snap.error, "error"); return; }
  showResult(snap.result);
}

/** A new board: the running solve (of the old one) is cancelled and its answer ignored. */
function forgetJob() {
  if (!app.job) return;
  const old = app.job;
  finishJob();
  api(`/api/jobs/${old}/cancel`, {}).catch(() => {});
}

function finishJob() {
  app.job = null;
  $("cancel").disabled = true;
  $("solve-button").disabled = false;
}

async function cancel() {
  if (!app.job) return;
  try { await api(`/api/jobs/${app.job}/cancel`, {}); } catch (err) { say("progress", err.message, "error"); }
}

/** How a message names a limit: "time_limit" -> "the time limit" (as search.result.limit_phrase). */
function limitPhrase(limit) {
  if (!limit) return t("a limit");
  const words = String(limit).replaceAll("_", " ");
  return t(words.endsWith(" limit") ? `the ${words}` : `the ${words} limit`);
}

function outcome(r) {
  if (r.status === "solved") return [t(r.length === 1 ? "Solved: {n} move" : "Solved: {n} moves", { n: r.length }), "good"];
  if (r.status === "impossible") return [t("Impossible: {reason}", { reason: r.reason }), "error"];
  if (r.status === "no_solution") return [t("No solution exists (the whole space was searched)."), "error"];
  if (r.status === "cancelled") return [t("Cancelled."), "error"];
  return [t("Stopped by {limit}.", { limit: limitPhrase(r.limit) }), "error"];
}

function showResult(r) {
  app.solution = r;
  const [text, cls] = outcome(r);
  say("progress", text, cls);
  const rows = [[t("method"), r.method], [t("status"), r.status], [t("moves"), r.length]];
  if (r.cost !== null && r.cost !== undefined) rows.push([t("cost"), r.cost]);
  for (const [k, v] of Object.entries(r.stats || {})) {
    if (v === null || v === undefined) continue;
    const shown = k === "seconds" ? v.toFixed(3) : k === "peak_memory_mb" ? v.toFixed(1)
      : typeof v === "number" ? v.toLocaleString() : v;
    rows.push([t(k.replaceAll("_", " ")), shown]);
  }
  const table = $("stats");
  table.replaceChildren();
  $("stats-box").hidden = false;
  for (const [k, v] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
  }
  if (r.frames.length) createPlayer($("player"), r);
  if (r.teaching) showTeaching(r);
}

function showTeaching(r) {
  const tv = r.teaching;
  $("teach").hidden = false;
  const short = (x) => (x.length <= 80 ? x : `\u2026${x.slice(-79)}`);  // service.state_label
  const onPath = new Set(r.states.map((s) => short(JSON.stringify(s))));
  const table = $("expansions");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const h of ["#", t("depth"), "g", "h", "f", t("state")]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const row of tv.expansions) {
    const tr = body.insertRow();
    for (const v of [row.order, row.depth, row.g, row.h, row.f]) tr.insertCell().textContent = v;
    const td = tr.insertCell();
    td.textContent = row.label;
    td.className = "label";
    if (onPath.has(row.label)) tr.classList.add("on-path");
    tr.addEventListener("click", async () => {
      body.querySelectorAll("tr.chosen").forEach((x) => x.classList.remove("chosen"));
      tr.classList.add("chosen");
      let view = row.view;
      if (!view && row.state !== undefined) {  // past the first rows: ask for the board
        try {
          view = (await api(`/api/${app.fam.name}/moves`, { board: app.board, state: row.state })).view;
          row.view = view;
        } catch (err) { say("progress", err.message, "error"); return; }
      }
      if (view && tr.classList.contains("chosen")) renderView($("teach-board"), { ...r.base, ...view });
    });
  }
  if (tv.rows_truncated) {
    const tr = body.insertRow();
    const td = tr.insertCell();
    td.colSpan = 6;
    td.textContent = t("… {n} more expansions not listed", { n: tv.expanded_total - tv.expansions.length });
  }
  $("graph").innerHTML = tv.graph_svg;
  zoomable($("graph"), $("graph").querySelector("svg"));
  const link = $("graph-download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([tv.graph_svg], { type: "image/svg+xml" }));
}

// The state graph opens fitted to its box; the wheel (or the +/- buttons) zooms
// around the pointer, a drag pans, "Fit" shows the whole graph again.
function zoomable(box, svg) {
  if (!svg) return;
  const full = svg.viewBox.baseVal;
  const home = [full.x, full.y, full.width, full.height];
  let vb = [...home];
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.classList.add("zoomable");
  const apply = () => svg.setAttribute("viewBox", vb.join(" "));
  const zoom = (factor, fx = 0.5, fy = 0.5) => {
    const w = Math.min(home[2] * 4, Math.max(home[2] / 40, vb[2] * factor));
    const h = w * (vb[3] / vb[2]);
    vb = [vb[0] + (vb[2] - w) * fx, vb[1] + (vb[3] - h) * fy, w, h];
    apply();
  };
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const rect = svg.getBoundingClientRect();
    zoom(ev.deltaY > 0 ? 1.2 : 1 / 1.2, (ev.clientX - rect.left) / rect.width,
         (ev.clientY - rect.top) / rect.height);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vb: [...vb] };
    svg.setPointerCapture(ev.pointerId);
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const rect = svg.getBoundingClientRect();
    const scale = Math.max(vb[2] / rect.width, vb[3] / rect.height);
    vb = [drag.vb[0] - (ev.clientX - drag.x) * scale, drag.vb[1] - (ev.clientY - drag.y) * scale, vb[2], vb[3]];
    apply();
  });
  const end = () => { drag = null; };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  const bar = document.createElement("div");
  bar.className = "zoom-bar";
  const buttons = [["+", t("Zoom in"), "zoom-in", () => zoom(1 / 1.5)], ["−", t("Zoom out"), "zoom-out", () => zoom(1.5)],
                   [t("Fit"), t("Show the whole graph"), "zoom-fit", () => { vb = [...home]; apply(); }]];
  for (const [text, title, testid, act] of buttons) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = title;
    b.dataset.testid = testid;
    b.addEventListener("click", act);
    bar.appendChild(b);
  }
  box.prepend(bar);
}

// ---- wiring ------------------------------------------------------------------
$("load-board").addEventListener("click", loadBoard);
$("random").addEventListener("click", randomBoard);
$("upload").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  if (file.size > 200000) { say("load-message", t("file too large (over 200 kB)"), "error"); return; }
  $("board").value = await file.text();
  $("examples").value = "";
  loadBoard();
});
$("undo").addEventListener("click", undo);
$("play-board").addEventListener("keydown", onBoardKey);
$("reset").addEventListener("click", reset);
$("hint").addEventListener("click", hint);
$("solve-button").addEventListener("click", solve);
$("cancel").addEventListener("click", cancel);
// Leaving or reloading the page cancels its running solve on the server.
addEventListener("pagehide", () => navigator.sendBeacon(`/api/pages/${PAGE}/leave`));
init().catch((err) => {
  document.body.insertAdjacentHTML("beforeend", `<p class="message error"></p>`);
  document.body.lastElementChild.textContent = t("Cannot start: {message}", { message: err.message });
});
