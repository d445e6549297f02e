// The player page: one board for playing, hints and a solution's replay. The game is
// a line of positions (a move list like a chess game's): undo, redo and the replay
// controls move along it; a move played by hand at any step continues from there
// (the steps after it are dropped unless it is the move already next in the line).
import { renderGoal, renderView } from "searchlab/render.js";
import { moveText, stepText } from "searchlab/notation.js";
import { language, setMessages, t, translatePage } from "searchlab/i18n.js";
import { algoLabel } from "searchlab/names.js";

const $ = (id) => document.getElementById(id);
const key = (rc) => `${rc[0]},${rc[1]}`;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function api(path, body = undefined, signal = undefined) {
  const init = body === undefined ? { signal } : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal,
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
  m.title = text;  // a clamped line shows its whole text on hover
  for (const c of ["error", "good", "busy"]) m.classList.toggle(c, cls === c);
}

// This page's random id: the server cancels the page's solves when it goes away.
const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

const app = {
  families: [], fam: null, board: "", base: null, noHint: null,
  line: [], at: 0, version: 0,   // the game: line[0] the start, line[i] after move i
  selected: null, hint: null, down: null, cursor: null,
  job: null, best: null, bestAsked: false, weighted: false, timer: null, generating: null,
  clock: { start: null, stopped: null, tick: null }, watch: null,
};

// ---- icons ---------------------------------------------------------------------
// Drawn as SVG paths (font glyphs such as U+23F8 are empty boxes with some fonts).
const ICONS = {
  undo: "M9 5 3 11l6 6v-4h6a4 4 0 0 1 0 8h-2v2h2a6 6 0 0 0 0-12H9z",
  redo: "M15 5l6 6-6 6v-4H9a4 4 0 0 0 0 8h2v2H9A6 6 0 0 1 9 11h6z",
  hint: "M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2zM9 19h6v2H9z",
  restart: "M4 4h2v16H4zM20 4v16L8 12z",
  back: "M18 4v16L6 12z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M6 4v16l12-8z",
  end: "M18 4h2v16h-2zM4 4v16l12-8z",
};

function setIcon(button, name) {
  button.innerHTML = `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">` +
    `<path d="${ICONS[name]}" fill="currentColor"/></svg>`;
}

// ---- language ------------------------------------------------------------------
const LANG_KEY = "searchlab-language";
const query = new URLSearchParams(location.search);

async function loadLanguage() {
  // The address wins (a shared Spanish link opens in Spanish), then the switch's
  // remembered choice, then the browser's language (the server reads it).
  const chosen = query.get("lang") || localStorage.getItem(LANG_KEY);
  const data = await api(`/api/i18n${chosen ? `?lang=${encodeURIComponent(chosen)}` : ""}`);
  setMessages(data.language, data.messages);
  document.documentElement.lang = data.language;
  const pick = $("language");
  pick.replaceChildren();
  for (const [code, name] of Object.entries(data.languages)) option(pick, code, name);
  pick.value = data.language;
  pick.setAttribute("aria-label", t("Language"));
  pick.onchange = () => {
    localStorage.setItem(LANG_KEY, pick.value);
    const url = new URL(location.href);
    url.searchParams.set("lang", pick.value);
    location.assign(url.toString());
  };
  translatePage();
}

function option(select, value, text = value) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  select.appendChild(o);
}

// ---- start-up ------------------------------------------------------------------
async function init() {
  await loadLanguage();
  showSpeed();
  document.querySelectorAll("button[data-icon]").forEach((b) => setIcon(b, b.dataset.icon));
  app.families = await api(`/api/families?lang=${language()}`);
  const nav = $("families");
  const wanted = query.get("family");
  for (const f of app.families) {
    const a = document.createElement("a");
    const url = new URL(location.origin);
    url.searchParams.set("family", f.name);
    if (query.get("lang")) url.searchParams.set("lang", language());
    a.href = url.pathname + url.search;
    a.textContent = f.title;
    a.title = f.title;  // its whole name where a narrow header cuts it
    a.dataset.family = f.name;
    if (f.name === wanted) { a.classList.add("active"); a.setAttribute("aria-current", "page"); }
    nav.appendChild(a);
  }
  const active = nav.querySelector("a.active");  // a narrow header scrolls to the open family
  if (active) nav.scrollLeft = active.offsetLeft - (nav.clientWidth - active.offsetWidth) / 2;
  const fam = app.families.find((f) => f.name === wanted);
  if (!fam) {
    if (wanted !== null) {  // a mistyped or outdated link: say so over the cards
      $("intro-message").textContent = t("There is no puzzle called “{name}”: pick one below.", { name: wanted.slice(0, 40) });
      $("intro-message").hidden = false;
    }
    showCards();
    return;
  }
  $("intro").hidden = true;
  $("main").hidden = false;
  await selectFamily(fam, query.get("board"));
  if (query.get("line")) await replayLine(query.get("line").split(" "), Number(query.get("at") ?? NaN));
  mountWatch();
}

/** The home page: a card per family, with its first built-in board drawn. */
function showCards() {
  const box = $("cards");
  for (const f of app.families) {
    const a = document.createElement("a");
    a.className = "card";
    a.href = $("families").querySelector(`a[data-family='${f.name}']`).getAttribute("href");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.classList.add("thumb");
    svg.setAttribute("aria-hidden", "true");
    const title = document.createElement("strong");
    title.textContent = f.title;
    const help = document.createElement("span");
    help.textContent = f.play_help;
    a.append(svg, title, help);
    box.appendChild(a);
    if (f.examples.length) {
      api(`/api/${f.name}/validate?lang=${language()}`, { board: f.examples[0].text })
        .then((d) => renderView(svg, { ...d.base, ...d.start.view }))
        .catch(() => svg.remove());
    }
  }
}

function paramField(p) {
  const label = document.createElement("label");
  const input = document.createElement("input");
  input.dataset.param = p.name;
  const name = document.createElement("span");
  name.textContent = p.label;
  if (p.kind === "int" && p.min === 0 && p.max === 1) {  // a yes/no option: a check box
    input.type = "checkbox";
    input.checked = Boolean(p.default);
    label.className = "check";
    label.append(input, name);
    return label;
  }
  input.type = "number";
  input.value = p.default;
  if (p.min !== undefined) { input.min = p.min; input.max = p.max; }
  input.step = p.kind === "float" ? "0.05" : "1";
  input.inputMode = p.kind === "float" ? "decimal" : "numeric";
  const range = document.createElement("small");
  range.textContent = p.min !== undefined ? t("{min} to {max}", { min: p.min, max: p.max }) : "";
  label.append(name, input, range);
  return label;
}

async function selectFamily(fam, boardText) {
  app.fam = fam;
  document.title = `${fam.title} · searchlab`;
  $("family-title").textContent = fam.title;
  $("board-help").textContent = fam.board_help;
  $("play-help").textContent = fam.play_help;
  $("notes").textContent = fam.notes || "";
  const ex = $("examples");
  ex.replaceChildren();
  option(ex, "", t("choose…"));
  fam.examples.forEach((e) => option(ex, e.id, e.title));
  ex.onchange = async () => {
    const e = fam.examples.find((x) => x.id === ex.value);
    if (e) { $("board").value = e.text; await loadBoard({ close: true }); }
  };
  const params = $("random-params");
  params.replaceChildren();
  for (const p of [...fam.random_params, { name: "seed", label: t("seed (blank: a new one)"), default: "", kind: "int" }]) {
    params.appendChild(paramField(p));
  }
  const alg = $("algorithm");
  alg.replaceChildren();
  fam.algorithms.forEach((a) => option(alg, a, algoLabel(t, a)));
  const heur = $("heuristic");
  heur.replaceChildren();
  fam.heuristics.forEach((h) => option(heur, h, (fam.heuristic_labels || {})[h] || h));
  heur.disabled = fam.heuristics.length === 0;
  $("heuristic-field").hidden = fam.heuristics.length === 0;
  const text = boardText ?? (fam.examples.length ? fam.examples[0].text : null);
  if (text !== null) {
    $("board").value = text;
    const match = fam.examples.find((e) => e.text === text);
    ex.value = match ? match.id : "";
    await loadBoard();
  }
}

// ---- the setup drawer ------------------------------------------------------------
function openSetup() {
  const d = $("setup");
  if (!d.open) d.showModal();
}

function closeSetup() {
  const d = $("setup");
  if (d.open) d.close();
}

async function loadBoard({ close = false, fromWatch = false } = {}) {
  const text = $("board").value;
  const shown = { text: $("load-message").textContent, error: $("load-message").classList.contains("error") };
  say("setup-message", t("loading…"));
  say("load-message", t("loading…"));
  try {
    const data = await api(`/api/${app.fam.name}/validate?lang=${language()}`, { board: text });
    app.board = text;
    app.base = data.base;
    app.noHint = data.no_hint || null;
    renderGoal($("goal"), data.objective, data.base);
    startGame(data.start);
    $("hint").title = app.noHint || t("The next move of an optimal solution");
    $("hint-note").textContent = app.noHint ? t("Hint is off: {reason}.", { reason: app.noHint }) : "";
    $("hint-note").hidden = !app.noHint;
    say("load-message", t("Loaded: {description}", { description: data.description }));
    say("setup-message", "");
    keepAddress(text);
    if (app.fam.difficulty) rateBoard(text, data.description);
    forgetJob();
    clearSolution();
    if (fromWatch) { const h = await app.watch; if (h) h.board = text; } else remountWatch();
    if (close) closeSetup();
  } catch (err) {
    // The drawer stays open and says why; the line under the title keeps describing
    // the board still in play (it names the error only when no board is loaded, or
    // when the drawer is closed, e.g. a shared link with a bad board).
    say("setup-message", err.message, "error");
    if (app.board && $("setup").open) say("load-message", shown.text, shown.error ? "error" : "");
    else say("load-message", err.message, "error");
  }
}

/** Add the board's difficulty rating (Rush Hour) to the load message, once known. */
async function rateBoard(text, description) {
  try {
    const { difficulty } = await api(`/api/${app.fam.name}/difficulty?lang=${language()}`, { board: text, page: PAGE });
    if (difficulty && app.board === text) {
      say("load-message", t("Loaded: {description}", { description: `${description}; ${difficulty}` }));
    }
  } catch { /* no rating: the board still plays */ }
}

/** Why a random puzzle's number field cannot be sent, in the page's words (the
 *  server's own check names the parameter, in English), or "" when it can. */
function paramProblem(input) {
  if (input.type !== "number" || input.value === "" || input.min === "") return "";
  const v = Number(input.value), min = Number(input.min), max = Number(input.max);
  const whole = input.step === "1";
  if (Number.isFinite(v) && v >= min && v <= max && (!whole || Number.isInteger(v))) return "";
  const field = input.closest("label").querySelector("span").textContent;
  return t(whole ? "{field} must be a whole number from {min} to {max}." : "{field} must be from {min} to {max}.",
           { field, min: input.min, max: input.max });
}

async function randomBoard() {
  const params = {};
  for (const input of $("random-params").querySelectorAll("input")) {
    const problem = paramProblem(input);
    input.toggleAttribute("aria-invalid", Boolean(problem));
    if (problem) { say("setup-message", problem, "error"); input.focus(); return; }
    if (input.type === "checkbox") params[input.dataset.param] = input.checked ? 1 : 0;
    else if (input.value !== "") params[input.dataset.param] = Number(input.value);
  }
  const controller = new AbortController();
  app.generating = controller;
  $("random").classList.add("busy");
  $("random").disabled = true;
  $("random").setAttribute("aria-busy", "true");
  $("random-cancel").disabled = false;
  say("setup-message", t("generating…"));
  try {
    const data = await api(`/api/${app.fam.name}/random`, { params, page: PAGE }, controller.signal);
    $("board").value = data.board;
    $("examples").value = "";
    stopGenerating();
    await loadBoard({ close: true });
  } catch (err) {
    stopGenerating();
    say("setup-message", err.name === "AbortError" ? t("Cancelled.") : err.message, "error");
  }
}

function stopGenerating() {
  app.generating = null;
  $("random").classList.remove("busy");
  $("random").disabled = false;
  $("random").removeAttribute("aria-busy");
  $("random-cancel").disabled = true;
}

// ---- the game line -----------------------------------------------------------------
function startGame(start) {
  pause();
  app.line = [{ text: t("start"), pos: start, view: { ...app.base, ...start.view }, token: start.state }];
  app.at = 0;
  app.version++;
  app.selected = app.hint = app.cursor = null;
  app.best = null;
  app.bestAsked = false;
  app.weighted = costsVary(start);
  resetClock();
  $("celebrate").hidden = true;
  say("play-message", "");
  render();
}

const entry = () => app.line[app.at];
const viewOf = (e) => (e.pos ? { ...app.base, ...e.pos.view } : e.view);

/** The cells whose occupant changed between two views: the last move's squares. */
function changedCells(before, after) {
  const occupants = (view) => {
    const m = new Map();
    for (const [i, p] of (view.pieces || []).entries()) {
      const id = p.id !== undefined ? String(p.id) : `#${i}`;
      for (let dr = 0; dr < (p.h || 1); dr++) for (let dc = 0; dc < (p.w || 1); dc++) m.set(`${p.r + dr},${p.c + dc}`, id);
    }
    return m;
  };
  const a = occupants(before), b = occupants(after);
  const cells = new Set();
  for (const [k, id] of a) if (b.get(k) !== id) cells.add(k);
  for (const [k, id] of b) if (a.get(k) !== id) cells.add(k);
  return cells;
}

/** The position at the current step, fetched when only its picture is known (a
 *  solution's step): then the board can be played from there. */
async function ensurePosition() {
  const e = entry();
  if (e.pos || e.token === undefined || e.token === null || e.fetching) return;
  e.fetching = true;
  const version = app.version;
  try {
    e.pos = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: e.token });
  } catch (err) {
    say("play-message", err.message, "error");
  } finally {
    e.fetching = false;
  }
  if (version === app.version && entry() === e) render();
}

function go(i) {
  if (!app.line.length) return;  // no board loaded yet
  const target = Math.max(0, Math.min(app.line.length - 1, i));
  if (target === app.at) return;
  app.at = target;
  app.selected = app.hint = null;
  app.keyPiece = null;
  $("celebrate").hidden = true;
  say("play-message", "");
  render();
}

async function applyMove(m) {
  const from = entry();
  const version = app.version;
  try {
    const next = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: m.state });
    if (version !== app.version || entry() !== from) return;  // the game moved on meanwhile
    app.weighted ||= costsVary(next);
    startClock();
    const before = viewOf(from);
    const following = app.line[app.at + 1];
    if (following && same(following.token, next.state)) {
      following.pos = next;  // the move already next in the line: step along it
    } else {
      app.line.length = app.at + 1;
      const after = { ...app.base, ...next.view };
      // Written as a solution's steps are, from the two positions (one notation in the list).
      const text = stepText(before, after, m.label);
      app.line.push({ text, label: m.label, pos: next, token: next.state, view: after,
                      cost: costSoFar(from) + (m.cost ?? 1),
                      last: new Set([...m.grab.map(key), key(m.to)]) });
      app.version++;
    }
    app.at++;
    app.selected = app.hint = null;
    selectKeyPiece(next);  // a piece chosen by key stays chosen
    say("play-message", "");
    render();
    if (next.goal) solvedByHand();
  } catch (err) {
    say("play-message", err.message, "error");
  }
}

// ---- drawing -------------------------------------------------------------------------
function movingPieces(moves) { return new Set(moves.map((m) => (m.grab.length ? key(m.grab[0]) : ""))); }

function movesOf(k) { return (entry().pos?.moves || []).filter((m) => m.grab.some((g) => key(g) === k)); }

let listVersion = -1;

// A control that turns disabled while it has the keyboard's focus drops it to the page
// (Undo pressed back to the start, Solve while solving): it goes to the control that
// does the opposite, or else to the board, so the keys keep working.
const PARTNER = { undo: "redo", redo: "undo", back: "forward", forward: "back", restart: "end", end: "restart",
                  "solve-button": "cancel", cancel: "solve-button" };

function keepFocus(was) {
  if (!was || !was.disabled || !(document.activeElement === was || document.activeElement === document.body)) return;
  const partner = PARTNER[was.id] && $(PARTNER[was.id]);
  (partner && !partner.disabled && partner.offsetParent !== null ? partner : $("play-board")).focus({ preventScroll: true });
}

function render() {
  if (!app.line.length) return;
  const focused = document.activeElement;
  const e = entry();
  const view = viewOf(e);
  const moves = e.pos ? e.pos.moves : [];
  const marks = { grab: new Set(), to: new Set(), selected: new Set(), hint: new Set(), last: e.last || new Set() };
  if (!app.timer && !(e.pos && e.pos.goal)) {  // no move marks while a replay plays, nor once solved
    const onePiece = movingPieces(moves).size === 1;
    for (const m of moves) {
      m.grab.forEach((g) => marks.grab.add(key(g)));
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
  }
  renderView($("play-board"), view, { marks, onCell });
  const last = app.line.length - 1;
  $("counter").textContent = t("move {step} / {last}", { step: app.at, last });
  $("undo").disabled = $("back").disabled = $("restart").disabled = app.at === 0;
  $("redo").disabled = $("forward").disabled = $("end").disabled = app.at === last;
  $("play-pause").disabled = last === 0;
  $("hint").disabled = !e.pos || e.pos.goal || e.pos.moves.length === 0 || Boolean(app.noHint);
  $("play-board").setAttribute("aria-label", t("Board, move {step} of {last}", { step: app.at, last }));
  if (!app.timer && app.at > 0 && $("announce").dataset.step !== `${app.version}:${app.at}`) {
    $("announce").dataset.step = `${app.version}:${app.at}`;  // read out by screen readers
    $("announce").textContent = t("Move {step}: {move}", { step: app.at, move: e.text });
  }
  renderList();
  keepFocus(focused);
  if (!e.pos && !app.timer) ensurePosition();
  if (e.pos && !app.timer && !$("play-message").textContent) {
    if (e.pos.goal) say("play-message", t("Solved in {n} moves!", { n: app.at }), "good");
    else if (e.pos.moves.length === 0) say("play-message", t("No legal move left: undo, or go back to the start."), "error");
  }
}

function renderList() {
  const list = $("move-list");
  if (listVersion !== app.version) {
    listVersion = app.version;
    list.replaceChildren();
    app.line.forEach((e, i) => {
      const li = document.createElement("li");
      li.dataset.step = i;
      const b = document.createElement("button");
      b.type = "button";
      b.tabIndex = -1;
      if (i > 0) {
        const n = document.createElement("span");
        n.className = "n";
        n.textContent = `${i}.`;
        b.append(n, " ");
      }
      b.append(e.text);
      if (e.fromSolution) li.classList.add("sol");
      li.appendChild(b);
      list.appendChild(li);
    });
    list.tabIndex = 0;
  }
  const items = list.children;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle("current", i === app.at);
    items[i].classList.toggle("future", i > app.at);
    if (i === app.at) items[i].firstChild.setAttribute("aria-current", "step");
    else items[i].firstChild.removeAttribute("aria-current");
  }
  keepVisible(list, items[app.at]);
}

// The current move stays visible by scrolling the list alone: the page never jumps.
function keepVisible(list, li) {
  if (!li) return;
  const top = li.offsetTop;  // the list is positioned: offsets are relative to it
  if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

// ---- playing by hand -------------------------------------------------------------------
let lastPointer = "mouse";
addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType; }, { capture: true });

function onCell(r, c, kind) {
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

function undo() { pause(); go(app.at - 1); }
function redo() { pause(); go(app.at + 1); }

async function hint() {
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
function selectKeyPiece(pos) {
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
function onBoardKey(ev) {
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

function onListKey(ev) {
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  if (moves[ev.key]) { ev.preventDefault(); pause(); go(app.at + moves[ev.key]); }
  else if (ev.key === "Home") { ev.preventDefault(); pause(); go(0); }
  else if (ev.key === "End") { ev.preventDefault(); pause(); go(app.line.length - 1); }
  else if (ev.key === " ") { ev.preventDefault(); togglePlay(); }
}

// ---- the clock and the celebration ----------------------------------------------------
function resetClock() {
  clearInterval(app.clock.tick);
  app.clock = { start: null, stopped: null, tick: null };
  showClock();
}

function startClock() {
  if (app.clock.start !== null) return;
  app.clock.start = performance.now();
  app.clock.tick = setInterval(showClock, 1000);
  showClock();
}

function clockSeconds() {
  const c = app.clock;
  if (c.start === null) return 0;
  return Math.floor(((c.stopped ?? performance.now()) - c.start) / 1000);
}

function clockText(s) { return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; }

function showClock() { $("timer-text").textContent = clockText(clockSeconds()); }

function solvedByHand() {
  if (app.clock.start !== null && app.clock.stopped === null) {
    app.clock.stopped = performance.now();
    clearInterval(app.clock.tick);
    showClock();
  }
  $("celebrate-text").textContent = t("{n} moves in {time}", { n: app.at, time: clockText(clockSeconds()) });
  showBest();
  $("celebrate").hidden = false;
  $("stage").classList.remove("flash");
  void $("stage").offsetWidth;  // restart the animation
  $("stage").classList.add("flash");
  if (app.best === null && app.fam.ranked) askBest();
}

/** What the line costs up to entry `e`: its moves, or their costs where moves cost
 * differently (a weighted maze; entries drawn from a solution count their moves). */
function costSoFar(e) { return e.cost ?? app.line.indexOf(e); }

/** Whether some legal move of position `pos` costs other than 1 (a weighted maze):
 * then the celebration speaks of cost, not of the number of moves. */
function costsVary(pos) { return pos.moves.some((m) => (m.cost ?? 1) !== 1); }

/** The best solution's length and cost, from a solved result. */
function bestOf(r) { return { length: r.length, cost: r.cost ?? r.length }; }

function showBest() {
  const box = $("celebrate-best");
  if (!app.fam.ranked) { box.textContent = t("Every solution has this length: what counts is finding one."); return; }
  if (app.best === null) { box.textContent = t("Looking for the shortest solution…"); return; }
  const weighted = app.weighted || app.best.cost !== app.best.length;
  if (!weighted) {
    box.textContent = app.at <= app.best.length ? t("The shortest possible: well played!")
      : t("The shortest solution has {n} moves.", { n: app.best.length });
    return;
  }
  const mine = costSoFar(entry());
  box.textContent = mine <= app.best.cost + 1e-9 ? t("The cheapest possible: well played!")
    : t("Yours costs {mine}; the cheapest solution costs {best}.", { mine: +mine.toFixed(3), best: +app.best.cost.toFixed(3) });
}

/** The optimal length, from the family's default (best) solver, for the celebration. */
async function askBest() {
  if (app.bestAsked) return;
  app.bestAsked = true;
  const version = app.version, board = app.board;
  try {
    const { job } = await api(`/api/${app.fam.name}/solve`, {
      board, algorithm: app.fam.algorithms[0], heuristic: app.fam.heuristics[0] || "", time_limit: 10,
    });
    for (let i = 0; i < 100; i++) {
      const snap = await api(`/api/jobs/${job}`);
      if (snap.state === "done" || snap.state === "failed") {
        if (snap.state === "done" && snap.result.status === "solved" && app.board === board) {
          app.best = bestOf(snap.result);
          if (app.version === version || !$("celebrate").hidden) showBest();
        } else $("celebrate-best").textContent = "";
        return;
      }
      await new Promise((ok) => setTimeout(ok, 250));
    }
  } catch { $("celebrate-best").textContent = ""; }
}

// ---- replay ------------------------------------------------------------------------------
function speed() { return Number($("speed").value); }
function stride() { return Math.max(1, Math.round(speed() / 50)); }  // above 50 moves/s, skip frames
function delay() { return (1000 * stride()) / speed(); }

function tick() {
  if (app.at >= app.line.length - 1) { pause(); return; }
  go(app.at + stride());
  app.timer = setTimeout(tick, delay());
}

function play() {
  if (app.line.length < 2) return;
  if (app.at >= app.line.length - 1) go(0);
  setIcon($("play-pause"), "pause");
  $("play-pause").classList.add("playing");
  app.timer = setTimeout(tick, delay());
  render();
}

function pause() {
  if (!app.timer) return;
  clearTimeout(app.timer);
  app.timer = null;
  setIcon($("play-pause"), "play");
  $("play-pause").classList.remove("playing");
  if (app.line.length) render();
}

function togglePlay() { if (app.timer) pause(); else play(); }

function showSpeed() { $("speed-out").textContent = t("{speed} moves/s", { speed: $("speed").value }); }

// ---- solving ---------------------------------------------------------------------------------
function clearSolution() {
  $("stats").replaceChildren();
  $("stats-box").hidden = true;
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
    page: PAGE,
  };
  try {
    const { job } = await api(`/api/${app.fam.name}/solve`, body);
    app.job = job;
    const focused = document.activeElement;
    $("cancel").disabled = false;
    $("solve-button").disabled = true;
    keepFocus(focused);
    say("progress", t("solving…"), "busy");
    poll(job, body.algorithm);
  } catch (err) {
    say("progress", err.message, "error");
  }
}

async function poll(job, algorithm) {
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
      ? t("{expanded} nodes expanded, {seconds} s", { expanded: p.expanded.toLocaleString(language()), seconds: p.seconds.toFixed(1) })
      : t(snap.state === "queued" ? "queued… {seconds} s" : "running… {seconds} s", { seconds: snap.elapsed.toFixed(1) }), "busy");
    setTimeout(() => poll(job, algorithm), 200);
    return;
  }
  finishJob();
  if (snap.state === "failed") { say("progress", snap.error, "error"); return; }
  showResult(snap.result, algorithm);
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
  const focused = document.activeElement;
  $("cancel").disabled = true;
  $("solve-button").disabled = false;
  keepFocus(focused);
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

/** A status as the statistics name it, in the page's language (searchlab.search.result's
 *  STATUS_LABELS; the API's JSON keeps the status itself). */
function statusWord(status) {
  const words = { solved: t("solved"), impossible: t("impossible"), no_solution: t("no solution"),
                  limit: t("stopped by a limit"), cancelled: t("cancelled") };
  return words[status] || status;
}

function showResult(r, algorithm) {
  const [text, cls] = outcome(r);
  say("progress", text, cls);
  // The method by the name the Algorithm list gives it (the engine's description, which
  // names its data structures, stays as the row's tooltip).
  const rows = [[t("method"), algoLabel(t, algorithm), r.method], [t("status"), statusWord(r.status)], [t("moves"), r.length]];
  if (r.cost !== null && r.cost !== undefined && r.cost !== r.length) rows.push([t("cost"), r.cost]);
  // A dedicated solver counts no nodes: its zeros are not shown as if measured; the
  // counters that only some searches use (re-opened nodes, iterations) only when used.
  const stats = r.stats || {};
  const counted = (stats.expanded || 0) + (stats.generated || 0) > 0;
  const perSearch = ["expanded", "generated", "duplicates", "max_frontier", "max_depth"];
  if (!counted) rows.push([t("nodes"), t("not counted by this solver")]);
  for (const [k, v] of Object.entries(stats)) {
    if (v === null || v === undefined) continue;
    if (!counted && perSearch.includes(k)) continue;
    if ((k === "reopened" || k === "iterations") && !v) continue;
    const shown = k === "seconds" ? v.toFixed(3) : typeof v === "number" ? v.toLocaleString(language()) : v;
    rows.push([t(k.replaceAll("_", " ")), shown]);
  }
  const table = $("stats");
  table.replaceChildren();
  $("stats-box").hidden = false;
  for (const [k, v, title] of rows) {
    const tr = table.insertRow();
    tr.insertCell().textContent = k;
    tr.insertCell().textContent = v;
    if (title) tr.title = title;
  }
  if (r.status === "solved" && algorithm === app.fam.algorithms[0]) app.best = bestOf(r);
  if (r.frames && r.frames.length) loadSolution(r);
}

/** The solution becomes the game's line, from the start, on the one board. */
function loadSolution(r) {
  pause();
  const shared = r.shared || {};
  const tokens = Array.isArray(r.states) && r.states.length === r.frames.length ? r.states : null;
  const views = r.frames.map((f) => ({ ...app.base, ...r.base, ...shared, ...f }));
  const start = app.line[0];
  app.line = views.map((view, i) => {
    if (i === 0) return { ...start, last: undefined };
    return { text: stepText(views[i - 1], view, r.moves[i - 1]), label: r.moves[i - 1], view,
             token: tokens ? tokens[i] : undefined, pos: null, fromSolution: true,
             last: changedCells(views[i - 1], view) };
  });
  app.at = 0;
  app.version++;
  app.selected = app.hint = null;
  resetClock();  // the line is the solver's now: the clock starts again with a move by hand
  $("celebrate").hidden = true;
  say("play-message", "");
  // Long solutions (a 40x40 tour) get faster speeds: the whole of it in about 30 s
  // by default, in 10 s at the top speed.
  const steps = r.frames.length - 1;
  $("speed").max = String(Math.max(50, Math.ceil(steps / 10)));
  $("speed").value = String(Math.max(3, Math.round(steps / 30)));
  showSpeed();
  render();
  // On a phone the Solve button is below the board: bring the board back into view.
  const box = $("play-board").getBoundingClientRect();
  if (box.top < 0 || box.top > innerHeight - 80) {
    $("play").scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }
}

/** The address bar names this puzzle (its board unless it is the family's first
 *  example), so that it can be bookmarked or copied as it is. */
function keepAddress(text) {
  const url = new URL(location.href);
  url.searchParams.set("family", app.fam.name);
  const first = app.fam.examples.length ? app.fam.examples[0].text : null;
  if (text === first) url.searchParams.delete("board");
  else url.searchParams.set("board", text);
  if (url.toString() !== location.href) history.replaceState(null, "", url);
}

// ---- sharing -------------------------------------------------------------------------------------
// A shared link names the puzzle, the language and the game: its line (the moves played,
// by their labels, as a game ID does) and the move shown when it is not the last.
function shareLink() {
  const url = new URL(location.origin + location.pathname);
  url.searchParams.set("family", app.fam.name);
  url.searchParams.set("board", app.board);
  url.searchParams.set("lang", language());
  const labels = app.line.slice(1).map((e) => e.label);
  if (labels.length && labels.every((l) => l && !/\s/.test(l))) {
    url.searchParams.set("line", labels.join(" "));
    if (app.at !== labels.length) url.searchParams.set("at", String(app.at));
  }
  return url.toString();
}

/** A shared link's game: its moves played from the start (each must be legal where it
 *  comes; the first that is not stops the replay, saying so), then the move shown. */
async function replayLine(labels, at) {
  for (const label of labels) {
    const e = entry();
    const m = e.pos && e.pos.moves.find((mv) => mv.label === label);
    if (!m) {
      say("play-message", t("The link's game stops at move {n}: {move} cannot be played there.",
        { n: app.at + 1, move: label.slice(0, 20) }), "error");
      break;
    }
    try {
      const next = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: m.state });
      const before = viewOf(e), after = { ...app.base, ...next.view };
      app.line.push({ text: stepText(before, after, m.label), label: m.label, pos: next, token: next.state,
                      view: after, last: new Set([...m.grab.map(key), key(m.to)]) });
      app.at += 1;
    } catch (err) {
      say("play-message", err.message, "error");
      break;
    }
  }
  app.version++;
  if (Number.isInteger(at) && at >= 0) app.at = Math.min(at, app.line.length - 1);
  render();
}

async function share() {
  const box = $("share-box");
  const link = shareLink();
  $("share-link").value = link;
  box.hidden = false;
  $("share-link").select();
  try {
    await navigator.clipboard.writeText(link);
    say("share-message", t("Copied to the clipboard."), "good");
  } catch {
    say("share-message", t("Copy the link above."));
  }
}

// ---- watching the search (an optional module) ----------------------------------------------------
let watchModule = null;

async function mountWatch() {
  try {
    watchModule = await import("searchlab/watch.js");
  } catch {
    return;  // no watch mode in this build: the page works without it
  }
  if (typeof watchModule.mountWatch !== "function") return;
  remountWatch();
}

// The watch reports its board after each search: the first report after it is given a
// board may be the same puzzle written its own way (ignored); a later, different one
// is a board changed in the watch (walls drawn on a maze) and comes to the player.
const watchBoard = { first: true, seen: null };

/** The watch of this puzzle on its own page (/watch), in this language. */
function watchPageLink() {
  const url = new URL("/watch", location.origin);
  url.searchParams.set("family", app.fam.name);
  url.searchParams.set("board", app.board);
  url.searchParams.set("lang", language());
  return url.toString();
}

async function remountWatch() {
  if (!watchModule || !app.fam || !app.board) return;
  $("watch").hidden = false;  // once there is a board to watch (the panel brings its own stylesheet)
  $("watch-cue").hidden = false;  // under the board, so the panel is known before scrolling
  $("watch-page").href = watchPageLink();
  const handle = await app.watch;  // mountWatch may answer a promise of its handle
  if (handle && handle.family === app.fam.name && typeof handle.setBoard === "function") {
    if (handle.board !== app.board) {
      handle.board = app.board;
      watchBoard.first = true;
      handle.setBoard(app.board);
    }
    return;
  }
  if (handle && typeof handle.destroy === "function") handle.destroy();
  $("watch-body").replaceChildren();
  watchBoard.first = true;
  const ctx = {
    family: app.fam.name, familyInfo: app.fam, board: app.board, lang: language(), t,
    onBoard: (text) => {
      if (watchBoard.first || text === watchBoard.seen) {
        watchBoard.first = false;
        watchBoard.seen = text;
        return;
      }
      watchBoard.seen = text;
      $("board").value = text;
      $("examples").value = "";
      loadBoard({ fromWatch: true });
    },
  };
  app.watch = Promise.resolve(watchModule.mountWatch($("watch-body"), ctx)).then((h) => {
    if (h) { h.family = ctx.family; h.board = ctx.board; }
    return h || null;
  });
}

// ---- wiring -------------------------------------------------------------------------------------------
// A phone's header lists the families behind "Puzzles ▾" (static/style.css).
function showFamilies(open) {
  document.querySelector("header.top").classList.toggle("open", open);
  $("families-toggle").setAttribute("aria-expanded", String(open));
}
$("families-toggle").addEventListener("click", () => {
  const open = $("families-toggle").getAttribute("aria-expanded") !== "true";
  showFamilies(open);
  if (open) ($("families").querySelector("a.active") || $("families").querySelector("a"))?.focus();
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && $("families-toggle").getAttribute("aria-expanded") === "true") {
    showFamilies(false);
    $("families-toggle").focus();
  }
});
document.addEventListener("click", (ev) => {
  if (!ev.target.closest("header.top")) showFamilies(false);
});
// The cue sits in the title row on a wide screen (under a square board it fell below
// the fold at 1280x800), under the board's buttons on a phone.
const wideCue = matchMedia("(min-width: 721px)");
function placeCue() {
  if (wideCue.matches) $("setup-open").before($("watch-cue"));
  else $("announce").before($("watch-cue"));
  $("watch-cue").classList.toggle("in-head", wideCue.matches);
}
wideCue.addEventListener("change", placeCue);
placeCue();
$("watch-link").addEventListener("click", async (ev) => {
  ev.preventDefault();  // the address keeps naming the puzzle, not the panel
  await app.watch;  // mounted: the panel has its height, the scroll ends on it
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("watch").focus({ preventScroll: true });  // first: a focus during the scroll stops it
  $("watch").scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
});
$("setup-open").addEventListener("click", openSetup);
$("setup").addEventListener("click", (ev) => { if (ev.target === $("setup")) closeSetup(); });  // the backdrop
$("load-board").addEventListener("click", () => loadBoard({ close: true }));
$("random").addEventListener("click", randomBoard);
$("random-cancel").addEventListener("click", () => { if (app.generating) app.generating.abort(); });
$("upload").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  if (file.size > 200000) { say("setup-message", t("file too large (over 200 kB)"), "error"); return; }
  $("board").value = await file.text();
  $("examples").value = "";
  loadBoard({ close: true });
});
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("hint").addEventListener("click", hint);
$("restart").addEventListener("click", () => { pause(); go(0); });
$("back").addEventListener("click", () => { pause(); go(app.at - 1); });
$("forward").addEventListener("click", () => { pause(); go(app.at + 1); });
$("end").addEventListener("click", () => { pause(); go(app.line.length - 1); });
$("play-pause").addEventListener("click", togglePlay);
$("speed").addEventListener("input", showSpeed);
$("play-board").addEventListener("keydown", onBoardKey);
$("move-list").addEventListener("keydown", onListKey);
$("move-list").addEventListener("click", (ev) => {
  const li = ev.target.closest("li");
  if (li) { pause(); go(Number(li.dataset.step)); }
});
$("celebrate-close").addEventListener("click", () => { $("celebrate").hidden = true; $("play-board").focus(); });
$("share").addEventListener("click", share);
$("solve-button").addEventListener("click", solve);
$("cancel").addEventListener("click", cancel);
// Leaving or reloading the page cancels its running solve on the server.
addEventListener("pagehide", () => navigator.sendBeacon(`/api/pages/${PAGE}/leave`));
showSpeed();
init().catch((err) => {
  document.body.insertAdjacentHTML("beforeend", `<p class="message error"></p>`);
  document.body.lastElementChild.textContent = t("Cannot start: {message}", { message: err.message });
});
