// @ts-check
// The watch's small drawing and naming helpers: SVG elements and icons, numbers as the
// tables show them, a node's and an algorithm's name, the frontier's sort key.
import { num } from "../gridcanvas.js";
import { algoLabel } from "../names.js";

const NS = "http://www.w3.org/2000/svg";
// Button icons as SVG paths (the fonts of a fresh machine lack the media symbols).
const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  back: "M17 4v16L6 12z",
  play: "M7 4v16l12-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  forward: "M7 4v16l10-8zM17 4h2v16h-2z",
  last: "M5 4v16l11-8zM17 4h2v16h-2z",
};

export function icon(name) {
  const svg = s("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" });
  s("path", { d: ICONS[name], fill: "currentColor" }, svg);
  return svg;
}


export function s(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export { num };  // a number as the tables show it (one copy, in gridcanvas.js)

// A node's name in the page: its cell on a grid ("row 3, col 5" as 3·5), else #n
// (nodes are numbered in the order they were generated, the start is #0).
export function nodeName(trace, id) {
  const n = trace.nodes[id];
  if (n && n.cell) return `${n.cell[0] + 1}·${n.cell[1] + 1}`;
  return `#${id}`;
}

// `labels`: the family's heuristic labels by id (its heuristic_labels), in the page's language.
export function algoName(t, trace, labels = {}) {
  const base = algoLabel(t, trace.algorithm);
  const w = trace.algorithm === "wastar" ? ` w=${num(trace.weight)}` : "";
  const heur = labels[trace.heuristic] || trace.heuristic;
  return trace.heuristic && trace.uses_h ? `${base}${w} (${heur})` : `${base}${w}`;
}

// What the algorithm sorts its frontier by, in words.
export function keyText(t, rule) {
  if (rule.kind !== "priority") return "";
  if (rule.g_weight === 0) return "h";
  if (rule.h_weight === 0) return "g";
  if (rule.h_weight === 1) return "f = g + h";
  return `g + ${num(rule.h_weight)}·h`;
}

export function keyValue(rule, g, hv) { return rule.g_weight * g + rule.h_weight * hv; }
