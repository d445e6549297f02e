// @ts-check
// Solving: a solve job started, polled and cancelled; its result shown as statistics, and
// its solution made the game's line.
import { api } from "searchlab/api.js";
import { language, t } from "searchlab/i18n.js";
import { algoLabel } from "searchlab/names.js";
import { stepText } from "searchlab/notation.js";
import { bestOf, changedCells, keepFocus, pause, render, resetClock, showSpeed } from "searchlab/play/line.js";
import { loadBoard } from "searchlab/play/setup.js";
import { $, PAGE, app, say } from "searchlab/play/state.js";
/** @import { SolveResult } from "../types.js" */

// ---- solving ---------------------------------------------------------------------------------
export function clearSolution() {
  $("stats").replaceChildren();
  $("stats-box").hidden = true;
  say("progress", "");
}

export async function solve() {
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
export function forgetJob() {
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

export async function cancel() {
  if (!app.job) return;
  try { await api(`/api/jobs/${app.job}/cancel`, {}); } catch (err) { say("progress", err.message, "error"); }
}

/** How a message names a limit: "time_limit" -> "the time limit" (as search.result.limit_phrase). */
function limitPhrase(limit) {
  if (!limit) return t("a limit");
  const words = String(limit).replaceAll("_", " ");
  return t(words.endsWith(" limit") ? `the ${words}` : `the ${words} limit`);
}

/** @param {SolveResult} r @returns {[string, string]} */
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

/** @param {SolveResult} r @param {string} algorithm */
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
/** @param {SolveResult} r */
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
