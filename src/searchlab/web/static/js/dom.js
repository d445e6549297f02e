// @ts-check
// One element builder for the watch page's modules (watch.js, brush.js, gridcanvas.js).

/** An element `tag` with `attrs` (`class`; `on<event>` listeners; `true` as an empty
 * attribute; `null`, `undefined` and `false` left out) and `children` appended. */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}
