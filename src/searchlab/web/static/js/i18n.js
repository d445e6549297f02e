// @ts-check
// The page's strings in the reader's language: `t("Solve")`, `t("Solved: {n} moves", {n})`.
// The messages come from the server's gettext catalogs (GET /api/i18n); without
// them (an offline replay page) every string is its English original.
const state = { language: "en", messages: {} };

export function setMessages(language, messages) {
  state.language = language;
  state.messages = messages || {};
}

export function language() { return state.language; }

export function t(message, params = {}) {
  const text = state.messages[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, k) => (k in params ? String(params[k]) : whole));
}

// Translate the static page: every element with data-i18n has its English text as
// content (or, with data-i18n="title", as its title attribute).
/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) {
    const attr = el.dataset.i18n;
    if (attr) {
      el.dataset.i18nSource ??= el.getAttribute(attr);
      el.setAttribute(attr, t(el.dataset.i18nSource));
    } else {
      el.dataset.i18nSource ??= el.textContent.replace(/\s+/g, " ").trim();
      el.textContent = t(el.dataset.i18nSource);
    }
  }
}
