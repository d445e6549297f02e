// @ts-check
// The watch of the search under the player, when the build has static/js/watch.js: mounted
// with the board in play, and a board changed in the watch brought back to the player.
import { language, t } from "searchlab/i18n.js";
import { loadBoard } from "searchlab/play/setup.js";
import { $, app } from "searchlab/play/state.js";

// ---- watching the search (an optional module) ----------------------------------------------------
let watchModule = null;

export async function mountWatch() {
  try {
    watchModule = await import("searchlab/watch.js");
  } catch {
    return;  // no watch mode in this build: the page works without it
  }
  if (typeof watchModule.mountWatch !== "function") return;
  remountWatch();
}

// The watch reports its board after each search: the first report after it is given a
// board may be the same puzzle written its own way (ignored); a later, different one
// is a board changed in the watch (walls drawn on a maze) and comes to the player.
const watchBoard = { first: true, seen: null };

/** The watch of this puzzle on its own page (/watch), in this language. */
function watchPageLink() {
  const url = new URL("/watch", location.origin);
  url.searchParams.set("family", app.fam.name);
  url.searchParams.set("board", app.board);
  url.searchParams.set("lang", language());
  return url.toString();
}

export async function remountWatch() {
  if (!watchModule || !app.fam || !app.board) return;
  $("watch").hidden = false;  // once there is a board to watch (the panel brings its own stylesheet)
  $("watch-cue").hidden = false;  // under the board, so the panel is known before scrolling
  $("watch-page").href = watchPageLink();
  const handle = await app.watch;  // mountWatch may answer a promise of its handle
  if (handle && handle.family === app.fam.name && typeof handle.setBoard === "function") {
    if (handle.board !== app.board) {
      handle.board = app.board;
      watchBoard.first = true;
      handle.setBoard(app.board);
    }
    return;
  }
  if (handle && typeof handle.destroy === "function") handle.destroy();
  $("watch-body").replaceChildren();
  watchBoard.first = true;
  const ctx = {
    family: app.fam.name, familyInfo: app.fam, board: app.board, lang: language(), t,
    onBoard: (text) => {
      if (watchBoard.first || text === watchBoard.seen) {
        watchBoard.first = false;
        watchBoard.seen = text;
        return;
      }
      watchBoard.seen = text;
      $("board").value = text;
      $("examples").value = "";
      loadBoard({ fromWatch: true });
    },
  };
  app.watch = Promise.resolve(watchModule.mountWatch($("watch-body"), ctx)).then((h) => {
    if (h) { h.family = ctx.family; h.board = ctx.board; }
    return h || null;
  });
}
