// @ts-check
// How a page asks for a search's trace (POST /api/watch/trace) when a class shares one
// server: only once the watch panel is on screen (a page that is never scrolled down
// costs the server nothing), and a refusal for being busy (429) is retried after 1, 2,
// 4, 8 s (then every 8 s, up to 2 minutes), the page saying so meanwhile.
import { ApiError, api } from "./api.js";

const FIRST_WAIT = 1000;
const LONGEST_WAIT = 8000;
const GIVE_UP = 120000;

// A promise that resolves once `el` is shown: in the page's layout (not hidden) and at
// least partly inside the window. Resolves at once where IntersectionObserver is missing.
export function whenShown(el) {
  if (typeof IntersectionObserver !== "function") return Promise.resolve();
  return new Promise((/** @type {(value?: undefined) => void} */ resolve) => {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        resolve();
      }
    });
    seen.observe(el);
  });
}

// The trace for `body` (the parsed JSON). While the server is too busy, calls
// `onWait(seconds)` before each retry; `stillWanted()` false stops retrying (the
// user chose another search meanwhile: the promise then rejects with name "Abandoned").
// Any other refusal rejects with the server's one-line reason.
/**
 * @param {unknown} body
 * @param {{onWait?: (seconds: number) => void, stillWanted?: () => boolean}} [options]
 * @returns {Promise<any>}
 */
export async function fetchTrace(body, { onWait = () => {}, stillWanted = () => true } = {}) {
  const started = Date.now();
  let wait = FIRST_WAIT;
  for (;;) {
    let refusal;
    try {
      return await api("/api/watch/trace", body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;  // the server cannot be reached
      refusal = err;
    }
    const reason = refusal.message;
    if (refusal.status !== 429 || Date.now() - started + wait > GIVE_UP) throw new Error(reason);
    if (!stillWanted()) throw Object.assign(new Error(reason), { name: "Abandoned" });
    onWait(Math.round(wait / 1000));
    await new Promise((ok) => setTimeout(ok, wait));
    if (!stillWanted()) throw Object.assign(new Error(reason), { name: "Abandoned" });
    wait = Math.min(wait * 2, LONGEST_WAIT);
  }
}
