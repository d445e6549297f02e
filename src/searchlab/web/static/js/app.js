// @ts-check
// The player page: one board for playing, hints and a solution's replay. The game is
// a line of positions (a move list like a chess game's): undo, redo and the replay
// controls move along it; a move played by hand at any step continues from there
// (the steps after it are dropped unless it is the move already next in the line).
//
// This module starts the page (its language, the families, the home page's cards) and
// wires the controls; the player's parts live in play/: state.js (the one state object
// and page helpers), line.js (the game line, its drawing, clock and replay), input.js
// (mouse, touch and keyboard play), solve.js, setup.js (the family and its board),
// share.js and watchpanel.js.
import { api } from "searchlab/api.js";
import { language, setMessages, t, translatePage } from "searchlab/i18n.js";
import { hint, onBoardKey, onListKey, redo, undo } from "searchlab/play/input.js";
import { go, pause, showSpeed, togglePlay } from "searchlab/play/line.js";
import { closeSetup, loadBoard, openSetup, randomBoard, selectFamily } from "searchlab/play/setup.js";
import { replayLine, share } from "searchlab/play/share.js";
import { cancel, solve } from "searchlab/play/solve.js";
import { $, PAGE, app, option, say, setIcon } from "searchlab/play/state.js";
import { mountWatch } from "searchlab/play/watchpanel.js";
import { renderView } from "searchlab/render.js";

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

// ---- start-up ------------------------------------------------------------------
async function init() {
  await loadLanguage();
  showSpeed();
  document.querySelectorAll("button[data-icon]").forEach((b) => setIcon(b, /** @type {HTMLElement} */ (b).dataset.icon));
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
  if (!/** @type {Element} */ (ev.target).closest("header.top")) showFamilies(false);
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
