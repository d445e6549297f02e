// @ts-check
// Sharing: the address of this very game (its board, language and line of moves), and a
// shared game replayed from such an address.
import { api } from "searchlab/api.js";
import { language, t } from "searchlab/i18n.js";
import { stepText } from "searchlab/notation.js";
import { entry, render, viewOf } from "searchlab/play/line.js";
import { $, app, key, say } from "searchlab/play/state.js";

// ---- sharing -------------------------------------------------------------------------------------
// A shared link names the puzzle, the language and the game: its line (the moves played,
// by their labels, as a game ID does) and the move shown when it is not the last.
function shareLink() {
  const url = new URL(location.origin + location.pathname);
  url.searchParams.set("family", app.fam.name);
  url.searchParams.set("board", app.board);
  url.searchParams.set("lang", language());
  const labels = app.line.slice(1).map((e) => e.label);
  if (labels.length && labels.every((l) => l && !/\s/.test(l))) {
    url.searchParams.set("line", labels.join(" "));
    if (app.at !== labels.length) url.searchParams.set("at", String(app.at));
  }
  return url.toString();
}

/** A shared link's game: its moves played from the start (each must be legal where it
 *  comes; the first that is not stops the replay, saying so), then the move shown. */
export async function replayLine(labels, at) {
  for (const label of labels) {
    const e = entry();
    const m = e.pos && e.pos.moves.find((mv) => mv.label === label);
    if (!m) {
      say("play-message", t("The link's game stops at move {n}: {move} cannot be played there.",
        { n: app.at + 1, move: label.slice(0, 20) }), "error");
      break;
    }
    try {
      const next = await api(`/api/${app.fam.name}/moves`, { board: app.board, state: m.state });
      const before = viewOf(e), after = { ...app.base, ...next.view };
      app.line.push({ text: stepText(before, after, m.label), label: m.label, pos: next, token: next.state,
                      view: after, last: new Set([...m.grab.map(key), key(m.to)]) });
      app.at += 1;
    } catch (err) {
      say("play-message", err.message, "error");
      break;
    }
  }
  app.version++;
  if (Number.isInteger(at) && at >= 0) app.at = Math.min(at, app.line.length - 1);
  render();
}

export async function share() {
  const box = $("share-box");
  const link = shareLink();
  $("share-link").value = link;
  box.hidden = false;
  $("share-link").select();
  try {
    await navigator.clipboard.writeText(link);
    say("share-message", t("Copied to the clipboard."), "good");
  } catch {
    say("share-message", t("Copy the link above."));
  }
}
