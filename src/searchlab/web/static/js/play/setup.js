// @ts-check
// The family and its board: the setup drawer (built-in puzzles, a random one, a board
// typed or uploaded), a board loaded and rated, the address naming it.
import { api } from "searchlab/api.js";
import { language, t } from "searchlab/i18n.js";
import { algoLabel } from "searchlab/names.js";
import { startGame } from "searchlab/play/line.js";
import { clearSolution, forgetJob } from "searchlab/play/solve.js";
import { $, PAGE, app, option, say } from "searchlab/play/state.js";
import { remountWatch } from "searchlab/play/watchpanel.js";
import { renderGoal } from "searchlab/render.js";

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

export async function selectFamily(fam, boardText) {
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
export function openSetup() {
  const d = $("setup");
  if (!d.open) d.showModal();
}

export function closeSetup() {
  const d = $("setup");
  if (d.open) d.close();
}

export async function loadBoard({ close = false, fromWatch = false } = {}) {
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

export async function randomBoard() {
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
