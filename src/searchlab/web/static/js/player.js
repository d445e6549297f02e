// @ts-check
// The solution player: play/pause, step forward and back, restart, speed,
// a clickable move list. Used by the web app and by offline replay pages.
import { renderView } from "searchlab/render.js";
import { t } from "searchlab/i18n.js";
import { stepText } from "searchlab/notation.js";

// Control icons drawn as SVG (font glyphs such as U+23F8 are empty boxes with some fonts).
const ICONS = {
  restart: "M4 4h2v16H4zM20 4v16L8 12z",
  back: "M6 4h2v16H6zM20 4v16L9 12z",
  play: "M7 4v16l13-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M16 4h2v16h-2zM4 4v16l11-8z",
};

function icon(name) {
  return `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">` +
    `<path d="${ICONS[name]}" fill="currentColor"/></svg>`;
}

function button(parent, iconName, title, testid) {
  const b = document.createElement("button");
  b.type = "button";
  b.innerHTML = icon(iconName);
  b.title = title;
  b.setAttribute("aria-label", title);
  b.dataset.testid = testid;
  parent.appendChild(b);
  return b;
}

// root: an element to fill. solution: {base, frames, moves}.
export function createPlayer(root, solution, { onFrame = null } = {}) {
  const { base, frames, moves } = solution;
  const shared = solution.shared || {};
  root.replaceChildren();
  root.classList.add("player");
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.classList.add("board");
  svg.dataset.testid = "player-board";
  const stage = document.createElement("div");
  stage.className = "stage";
  stage.appendChild(svg);
  const controls = document.createElement("div");
  controls.className = "controls";
  const restart = button(controls, "restart", t("Restart"), "restart");
  const back = button(controls, "back", t("Step back"), "back");
  const play = button(controls, "play", t("Play / pause"), "play");
  const fwd = button(controls, "forward", t("Step forward"), "forward");
  const speedLabel = document.createElement("label");
  speedLabel.textContent = `${t("speed")} `;
  const speed = document.createElement("input");
  // Long solutions (a 40x40 tour) get faster speeds: the whole of it in about 30 s
  // by default, in 10 s at the top speed.
  const steps = Math.max(0, frames.length - 1);
  const top = Math.max(50, Math.ceil(steps / 10));
  const initial = Math.max(3, Math.round(steps / 30));
  Object.assign(speed, { type: "range", min: "0.5", max: String(top), step: "0.5",
                         value: String(initial) });
  speed.dataset.testid = "speed";
  speedLabel.appendChild(speed);
  const speedOut = document.createElement("span");
  speedLabel.appendChild(speedOut);
  controls.appendChild(speedLabel);
  const counter = document.createElement("span");
  counter.className = "counter";
  counter.dataset.testid = "counter";
  controls.appendChild(counter);
  const list = document.createElement("ol");
  list.className = "moves";
  list.start = 0;
  // Moves as people write them ("7 ←", "c3"), read from the frames' views.
  const view = (i) => ({ ...base, ...shared, ...frames[i] });
  const written = moves.map((m, i) => (frames[i + 1] ? stepText(view(i), view(i + 1), m) : m));
  const items = [t("start"), ...written].map((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    li.dataset.step = String(i);
    li.addEventListener("click", () => { pause(); go(i); });
    list.appendChild(li);
    return li;
  });
  root.append(stage, controls, list);

  let step = 0;
  let timer = null;
  const last = frames.length - 1;
  function go(i) {
    step = Math.max(0, Math.min(last, i));
    renderView(svg, { ...base, ...shared, ...frames[step] });
    counter.textContent = t("move {step} / {last}", { step, last });
    items.forEach((li, j) => li.classList.toggle("current", j === step));
    keepVisible(items[step]);
    back.disabled = restart.disabled = step === 0;
    fwd.disabled = step === last;
    if (onFrame) onFrame(step);
  }
  // The current move stays visible in the list by scrolling the list alone: the page
  // itself never jumps while a solution plays.
  function keepVisible(li) {
    if (!li) return;
    const top = li.offsetTop;  // the list is positioned: offsets are relative to it
    if (top < list.scrollTop || top + li.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }
  // Above 50 moves/s a tick advances several steps (a browser draws about 60 frames/s).
  function stride() { return Math.max(1, Math.round(Number(speed.value) / 50)); }
  function delay() { return (1000 * stride()) / Number(speed.value); }
  function tick() {
    if (step >= last) { pause(); return; }
    go(step + stride());
    timer = setTimeout(tick, delay());
  }
  function start() {
    if (step >= last) go(0);
    play.innerHTML = icon("pause");
    play.classList.add("playing");
    timer = setTimeout(tick, delay());
  }
  function pause() {
    clearTimeout(timer);
    timer = null;
    play.innerHTML = icon("play");
    play.classList.remove("playing");
  }
  play.addEventListener("click", () => (timer ? pause() : start()));
  restart.addEventListener("click", () => { pause(); go(0); });
  back.addEventListener("click", () => { pause(); go(step - 1); });
  fwd.addEventListener("click", () => { pause(); go(step + 1); });
  const showSpeed = () => { speedOut.textContent = ` ${t("{speed} moves/s", { speed: speed.value })}`; };
  speed.addEventListener("input", showSpeed);
  showSpeed();
  root.tabIndex = 0;
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") { pause(); go(step + 1); }
    else if (ev.key === "ArrowLeft") { pause(); go(step - 1); }
    else if (ev.key === " ") { ev.preventDefault(); timer ? pause() : start(); }
  });
  go(0);
  return { go, play: start, pause, get step() { return step; }, destroy: pause };
}
