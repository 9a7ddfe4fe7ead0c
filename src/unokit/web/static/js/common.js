// Shared by both pages: labels (GET /api/labels/{lang}), the chosen language, tokens kept
// per room in localStorage, JSON requests, toasts. User text is always set with textContent.

export const LANGS = ["en", "zh-Hant", "zh-Hans"];
export const LANG_NAMES = { en: "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文" };

let labels = {};
let cardNames = {};

/** The translated label for an English UI text; `{name}` placeholders filled from `params`. */
export function t(text, params = null) {
  let out = labels[text] || text;
  if (params) {
    out = out.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  }
  return out;
}

function store() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function saved(key, fallback = null) {
  const s = store();
  const v = s ? s.getItem(`unokit.${key}`) : null;
  return v === null ? fallback : v;
}

export function save(key, value) {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(`unokit.${key}`);
  else s.setItem(`unokit.${key}`, String(value));
}

export const tokenFor = (code) => saved(`token.${code}`);
export const saveToken = (code, token) => save(`token.${code}`, token);
/** The invite key of a room (from its link's #k=...), needed to look at it and to join it. */
export const inviteFor = (code) => saved(`invite.${code}`);
export const saveInvite = (code, key) => save(`invite.${code}`, key);

/** A room and its invite key from what a person pastes or types: an invite link
 * (".../r/ABCDEF#k=GHJKLMNP"), or the invite code "ABCDEF-GHJKLMNP" (any case, any separators).
 * Null when it is neither. */
export function parseInvite(text) {
  const link = String(text || "").match(/\/r\/([A-Za-z]{6})(?:[^#]*)#(?:.*&)?k=([A-Za-z]{8})/);
  if (link) return { code: link[1].toUpperCase(), key: link[2].toUpperCase() };
  const letters = String(text || "").toUpperCase().replace(/[^A-Z]/g, "");
  if (letters.length === 14) return { code: letters.slice(0, 6), key: letters.slice(6) };
  return null;
}

/** The language to show: saved choice, else the browser's (zh-TW/HK: Traditional). */
export function chosenLang() {
  const s = saved("lang");
  if (s && LANGS.includes(s)) return s;
  const nav = (navigator.language || "en").toLowerCase();
  if (nav.startsWith("zh")) {
    return /tw|hk|mo|hant/.test(nav) ? "zh-Hant" : "zh-Hans";
  }
  return "en";
}

/** A card's name in the page's language ("red 7", "紅色 7"), as the server's narrator says
 * it (GET /api/cards/{lang}); the code itself until the names have come. */
export function cardName(code) {
  return cardNames[code] || code;
}

/** Loads the labels and card names of `lang` and translates every `[data-t]` element under
 * `root`. */
export async function loadLabels(lang, root = document) {
  labels = {};
  const [words, names] = await Promise.all([
    lang === "en" ? {} : getJson(`/api/labels/${encodeURIComponent(lang)}`),
    getJson(`/api/cards/${encodeURIComponent(lang)}`),
  ]);
  labels = words;
  cardNames = names;
  document.documentElement.lang = lang;
  document.documentElement.dataset.lang = lang;
  translate(root);
}

/** `data-t` holds the English text (textContent), `data-t-title`/`data-t-placeholder`/
 * `data-t-aria` the English attribute values; each is replaced by its label. */
export function translate(root = document) {
  for (const e of root.querySelectorAll("[data-t]")) e.textContent = t(e.dataset.t);
  for (const e of root.querySelectorAll("[data-t-title]")) e.title = t(e.dataset.tTitle);
  for (const e of root.querySelectorAll("[data-t-placeholder]")) {
    e.placeholder = t(e.dataset.tPlaceholder);
  }
  for (const e of root.querySelectorAll("[data-t-aria]")) {
    e.setAttribute("aria-label", t(e.dataset.tAria));
  }
}

async function getJson(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.json() : {};
  } catch {
    return {};
  }
}

/** A language picker: fills `select` and calls `onChange(lang)` when changed. */
export function langPicker(select, lang, onChange) {
  select.replaceChildren();
  for (const l of LANGS) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = LANG_NAMES[l];
    select.appendChild(o);
  }
  select.value = lang;
  select.addEventListener("change", () => {
    save("lang", select.value);
    onChange(select.value);
  });
}

/** JSON request; resolves to the answer's JSON or throws an Error with the server's message. */
export async function request(method, url, body = undefined, headers = {}) {
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? { ...headers } : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(t("The server cannot be reached. Check your connection and try again."));
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const msg = data && typeof data.error === "string" ? data.error : `${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return data;
}

export function el(tag, cls = "", text = undefined) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

/** A short message at the bottom of the screen; kind: info, error, good. */
export function toast(text, kind = "info", ms = 3500) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", "toasts");
    box.id = "toasts";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.appendChild(box);
  }
  const item = el("div", `toast ${kind}`, text);
  box.appendChild(item);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => {
    item.classList.add("leaving");
    setTimeout(() => item.remove(), 300);
  }, ms);
  return item;
}

/** An icon of the package's own (static/icons, drawn in the text's colour by CSS): no emoji
 * font needed. Decorative: the control it is in carries the words (aria-label, text). */
export function icon(name) {
  const i = el("span", `i i-${name}`);
  i.setAttribute("aria-hidden", "true");
  return i;
}

/** The quick reactions (what the protocol sends) and their pictures. */
export const REACTIONS = [
  ["👍", "thumbs", "Thumbs up"],
  ["😂", "laugh", "Laughing"],
  ["😮", "wow", "Surprised"],
  ["😡", "angry", "Angry"],
  ["🎉", "party", "Party"],
  ["😭", "cry", "Crying"],
];

/** A reaction's picture (its emoji as the text alternative). */
export function reactionImage(emoji) {
  const found = REACTIONS.find(([e]) => e === emoji);
  const img = el("img", "react-img");
  img.src = `/static/icons/react-${found ? found[1] : "thumbs"}.svg`;
  img.alt = found ? t(found[2]) : emoji;
  img.width = 28;
  img.height = 28;
  return img;
}
