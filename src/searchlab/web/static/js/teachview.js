// The teaching view: the expansions in the order the algorithm made them (g, h, f),
// a click on a row draws its board, and the explored state graph, which zooms and pans.
import { renderView } from "searchlab/render.js";
import { t } from "searchlab/i18n.js";

export function drawTeaching(r, { table, board, graph, download, view: fetchView, error }) {
  const tv = r.teaching;
  const short = (x) => (x.length <= 80 ? x : `\u2026${x.slice(-79)}`);  // service.state_label
  const onPath = new Set((r.states || []).map((s) => short(JSON.stringify(s))));
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
    tr.tabIndex = 0;  // Enter or Space on a row draws it too
    tr.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); tr.click(); }
    });
    tr.addEventListener("click", async () => {
      body.querySelectorAll("tr.chosen").forEach((x) => x.classList.remove("chosen"));
      tr.classList.add("chosen");
      let view = row.view;
      if (!view && row.state !== undefined) {  // past the first rows: ask for the board
        try {
          view = await fetchView(row.state);
          row.view = view;
        } catch (err) { error(err.message); return; }
      }
      if (view && tr.classList.contains("chosen")) {
        renderView(board, { ...r.base, ...view });
        board.dataset.row = String(row.order);
      }
    });
  }
  // The first row's board is drawn at once: no empty box until a row is clicked.
  delete board.dataset.row;
  if (body.rows.length && tv.expansions.length) body.rows[0].click();
  if (tv.rows_truncated) {
    const tr = body.insertRow();
    const td = tr.insertCell();
    td.colSpan = 6;
    td.textContent = t("… {n} more expansions not listed", { n: tv.expanded_total - tv.expansions.length });
  }
  graph.innerHTML = tv.graph_svg;
  zoomable(graph, graph.querySelector("svg"));
  const link = download;
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
    b.setAttribute("aria-label", title);
    b.dataset.testid = testid;
    b.addEventListener("click", act);
    bar.appendChild(b);
  }
  box.prepend(bar);
}
