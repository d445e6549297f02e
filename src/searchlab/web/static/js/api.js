// @ts-check
// The one way the pages talk to the server's JSON API (the player, the watch, the
// practice page, the trace loader): a GET, or a POST of `body` as JSON; the answer's
// JSON, or an error carrying the server's one-line reason and the HTTP status.

/** An API refusal: `message` is the server's one-line `detail`, `status` its HTTP status. */
export class ApiError extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * GET `path` (no `body`) or POST `body` to it as JSON; resolves to the answer's JSON.
 * Rejects with an ApiError on a 4xx or 5xx (its `detail`, else the status line), with
 * fetch's own error when the server cannot be reached, or an AbortError on `signal`.
 * @param {string} path
 * @param {unknown} [body]
 * @param {AbortSignal} [signal]
 * @returns {Promise<any>}
 */
export async function api(path, body = undefined, signal = undefined) {
  const init = body === undefined ? { signal } : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal,
  };
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError((data && data.detail) || `${res.status} ${res.statusText}`, res.status);
  return data;
}
