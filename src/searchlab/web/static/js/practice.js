// @ts-check
// The practice page: one question at a time, each answer checked by the server at once,
// then its worked solution; the score is kept for the set. ?family=&seed=&lang= pick the set.
import { api } from "./api.js";

const STRINGS = {
  es: {
    "Practice": "Práctica", "Subject": "Tema", "Seed": "Semilla", "Language": "Idioma",
    "New set": "Otro juego", "Check": "Comprobar", "Watch this search": "Ver esta búsqueda",
    "Next question": "Siguiente pregunta", "Right!": "¡Correcto!", "Not quite.": "No exactamente.",
    "Answer: ": "Respuesta: ", "Score: {ok} of {done} answered ({n} questions)": "Puntaje: {ok} de {done} respondidas ({n} preguntas)",
    "Question {i} of {n}": "Pregunta {i} de {n}", "graph": "grafo", "See the first question again": "Volver a la primera pregunta",
    "Type your answer first.": "Escribe primero tu respuesta.",
  },
};
/** An element of the page by its id (typed loosely: the page's HTML is not checked).
 * @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let lang = ["en", "es"].includes(params.get("lang")) ? params.get("lang")
  : (navigator.language || "en").toLowerCase().startsWith("es") ? "es" : "en";
const t = (s) => (STRINGS[lang] && STRINGS[lang][s]) || s;
let state = { family: params.get("family") || "graph", seed: Number(params.get("seed") || 1), count: 10 };
let questions = [];
let index = 0;
let results = {};

function translatePage() {
  document.documentElement.lang = lang;
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) {
    el.dataset.en = el.dataset.en || el.textContent;
    el.textContent = t(el.dataset.en);
  }
  document.title = t("Practice");
}

function share() {
  const q = new URLSearchParams({ family: state.family, seed: String(state.seed), lang });
  history.replaceState(null, "", `?${q}`);
}

async function load() {
  share();
  const q = new URLSearchParams({ family: state.family, seed: String(state.seed), count: String(state.count), lang });
  let data;
  try { data = await api(`/api/practice/questions?${q}`); } catch (err) { $("prompt").textContent = err.message; return; }
  questions = data.questions;
  const sel = $("family");
  sel.replaceChildren(...data.families.map((f) => new Option(t(f), f, false, f === state.family)));
  index = 0;
  results = {};
  show();
}

function score() {
  const done = Object.keys(results).length;
  const ok = Object.values(results).filter(Boolean).length;
  $("score").textContent = t("Score: {ok} of {done} answered ({n} questions)")
    .replace("{ok}", ok).replace("{done}", done).replace("{n}", questions.length);
}

function show() {
  const q = questions[index];
  $("where").textContent = t("Question {i} of {n}").replace("{i}", index + 1).replace("{n}", questions.length);
  $("facts").replaceChildren(...q.facts.map((f) => Object.assign(document.createElement("div"), { textContent: f })));
  $("picture").innerHTML = q.picture;  // SVG made by the server from numbers and names only
  const node = q.data && q.data.node_picture;
  $("node").classList.toggle("hidden", !node);
  $("node").innerHTML = node || "";
  $("prompt").textContent = q.prompt;
  $("answer").value = "";
  $("verdict").textContent = "";
  $("verdict").className = "";
  $("solution").classList.add("hidden");
  const watch = $("watch");
  watch.classList.toggle("hidden", !q.watch);
  if (q.watch) watch.href = `${q.watch}&lang=${lang}`;
  $("next").textContent = index + 1 < questions.length ? t("Next question") : t("See the first question again");
  score();
}

function table(columns, rows) {
  const tbl = document.createElement("table");
  const head = tbl.createTHead().insertRow();
  for (const c of columns) head.append(Object.assign(document.createElement("th"), { textContent: c }));
  const body = tbl.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const cell of r) tr.insertCell().textContent = cell;
  }
  return tbl;
}

async function check(event) {
  event.preventDefault();
  const answer = $("answer").value.trim();
  if (!answer) { $("verdict").textContent = t("Type your answer first."); $("answer").focus(); return; }
  const body = { family: state.family, seed: state.seed, count: state.count, index, answer, lang };
  let data;
  try { data = await api("/api/practice/check", body); } catch (err) { $("verdict").textContent = err.message; return; }
  if (!(index in results)) results[index] = data.correct;
  $("verdict").textContent = data.correct ? t("Right!") : t("Not quite.");
  $("verdict").className = data.correct ? "ok" : "bad";
  $("rightanswer").textContent = t("Answer: ") + data.answer;
  $("rule").textContent = data.rule;
  $("worked").replaceChildren(table(data.columns, data.rows));
  $("conclusion").replaceChildren(...data.conclusion.map((c) => Object.assign(document.createElement("p"), { textContent: c })));
  $("solution").classList.remove("hidden");
  score();
  $("next").focus();
}

$("form").addEventListener("submit", check);
$("next").addEventListener("click", () => { index = (index + 1) % questions.length; show(); $("answer").focus(); });
$("family").addEventListener("change", () => { state.family = $("family").value; load(); });
$("seed").addEventListener("change", () => { state.seed = Math.max(0, Number($("seed").value) || 0); load(); });
$("new").addEventListener("click", () => { state.seed += 1; $("seed").value = state.seed; load(); });
$("lang").addEventListener("change", () => { lang = $("lang").value; translatePage(); load(); });
$("lang").value = lang;
$("seed").value = state.seed;
translatePage();
load();
