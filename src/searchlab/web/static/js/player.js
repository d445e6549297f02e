// The solution player: play/pause, step forward and back, restart, speed,
// a clickable move list. Used by the web app and by offline replay pages.
import { renderView } from "searchlab/render.js";

function button(parent, text, title, testid) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.title = title;
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
  const restart = button(controls, "\u00ab", "Restart", "restart");
  const back = button(controls, "\u25c0", "Step back", "back");
  const play = button(controls, "\u25b6", "Play / pause", "play");
  const fwd = button(controls, "\u25b6|", "Step forward", "forward");
  const speedLabel = document.createElement("label");
  speedLabel.textContent = "speed ";
  const speed = document.createElement("input");
  Object.assign(speed, { type: "range", min: "0.5", max: "20", step: "0.5", value: "3" });
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
  const items = ["start", ...moves].map((m, i) => {
    const li = document.createElement("li");
    li.textContent = m;
    li.dataset.step = i;
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
    counter.textContent = `move ${step} / ${last}`;
    items.forEach((li, j) => li.classList.toggle("current", j === step));
    items[step]?.scrollIntoView?.({ block: "nearest" });
    back.disabled = restart.disabled = step === 0;
    fwd.disabled = step === last;
    if (onFrame) onFrame(step);
  }
  function delay() { return 1000 / Number(speed.value); }
  function tick() {
    if (step >= last) { pause(); return; }
    go(step + 1);
    timer = setTimeout(tick, delay());
  }
  function start() {
    if (step >= last) go(0);
    play.textContent = "\u23f8";
    play.classList.add("playing");
    timer = setTimeout(tick, delay());
  }
  function pause() {
    clearTimeout(timer);
    timer = null;
    play.textContent = "\u25b6";
    play.classList.remove("playing");
  }
  play.addEventListener("click", () => (timer ? pause() : start()));
  restart.addEventListener("click", () => { pause(); go(0); });
  back.addEventListener("click", () => { pause(); go(step - 1); });
  fwd.addEventListener("click", () => { pause(); go(step + 1); });
  const showSpeed = () => { speedOut.textContent = ` ${speed.value} moves/s`; };
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
