// The front page (index.html): create a room (name, language, preset, house rules, players,
// bots) or join one by its code. Options come from GET /api/options.

import { cardFace } from "./cards.js";
import {
  chosenLang, el, LANG_NAMES, LANGS, langPicker, loadLabels, parseInvite, request, save, saved,
  saveInvite, saveToken, t,
} from "./common.js";

import { RulesForm } from "./rules_form.js";

const $ = (id) => document.getElementById(id);

const BOT_LEVELS_DEFAULT = ["random", "basic", "strong", "expert"];
const NAME_MAX = 40; // the protocol's longest name

const F = { options: null, form: null, lang: "en" };

async function start() {
  F.lang = chosenLang();
  await loadLabels(F.lang);
  langPicker($("lang"), F.lang, async (lang) => {
    F.lang = lang;
    await loadLabels(lang);
    $("room-lang").value = lang;
    await loadOptions(); // the options' words in the new language
  });
  const demo = $("demo");
  for (const code of ["R7", "Y+2", "GS", "W+4"]) demo.appendChild(cardFace(code));
  $("name").value = saved("name", "");
  $("join-name").value = saved("name", "");
  const params = new URLSearchParams(location.search);
  if (params.get("code")) $("code").value = params.get("code").toUpperCase();
  $("create").addEventListener("submit", (ev) => {
    ev.preventDefault();
    create();
  });
  $("join").addEventListener("submit", (ev) => {
    ev.preventDefault();
    join(false);
  });
  $("watch-btn").addEventListener("click", () => join(true));
  $("players").addEventListener("input", seats);
  $("reset").addEventListener("click", () => F.form && F.form.applyPreset());
  for (const id of ["name", "join-name"]) $(id).maxLength = NAME_MAX;
  await loadOptions();
}

/** The options, their meanings and each value's words in the page's language. */
async function loadOptions() {
  const keep = F.form ? F.form.read().rules : null;
  try {
    F.options = await request("GET", `/api/options?lang=${encodeURIComponent(F.lang)}`);
  } catch (e) {
    showError("create-error", e.message);
    return;
  }
  const rl = $("room-lang");
  const keepLang = rl.value || F.lang;
  rl.replaceChildren();
  for (const l of F.options.langs || LANGS) {
    const opt = el("option", "", LANG_NAMES[l] || l);
    opt.value = l;
    rl.appendChild(opt);
  }
  rl.value = keepLang;
  const preset = $("preset").cloneNode(false); // a fresh select: no listener of an older form
  $("preset").replaceWith(preset);
  F.form = new RulesForm(
    F.options,
    { preset, players: $("players"), about: $("preset-line"), box: $("options"), count: $("changed-count") },
    () => seats(),
  );
  F.form.build(keep
    ? { preset: keep.preset, changed: keep.options, players: keep.players }
    : { preset: saved("preset", "official") });
  preset.addEventListener("change", () => save("preset", preset.value));
  seats();
}

function showError(id, text) {
  const box = $(id);
  box.textContent = text;
  box.hidden = !text;
}

function seats() {
  const box = $("seat-list");
  const n = Math.max(2, Math.min(10, Number($("players").value) || 4));
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  const levels = (F.options && F.options.bots) || BOT_LEVELS_DEFAULT;
  for (let seat = 0; seat < n; seat++) {
    const label = el("label");
    label.dataset.seat = String(seat);
    label.appendChild(el("span", "", t("Seat {n}", { n: seat + 1 })));
    if (seat === 0) {
      label.appendChild(el("b", "", t("You")));
    } else {
      const sel = el("select");
      sel.id = `seat-${seat}`;
      const friend = el("option", "", t("A friend (invite)"));
      friend.value = "";
      sel.appendChild(friend);
      for (const level of levels) {
        const opt = el("option", "", `${t("Bot")}: ${t(level)}`);
        opt.value = level;
        sel.appendChild(opt);
      }
      const level = (F.options && F.options.bot_level) || "strong";
      sel.value = old[seat - 1] !== undefined ? old[seat - 1] : seat === 1 ? "" : level;
      label.appendChild(sel);
    }
    box.appendChild(label);
  }
}

async function create() {
  showError("create-error", "");
  const name = $("name").value.trim();
  if (!name) {
    showError("create-error", t("Please enter your name."));
    $("name").focus();
    return;
  }
  const read = F.form.read();
  if (read.error) {
    $("house").open = true;
    showError("create-error", read.error);
    read.control.focus();
    return;
  }
  const { preset, options, players } = read.rules;
  const bots = [null];
  for (let seat = 1; seat < players; seat++) {
    const sel = $(`seat-${seat}`);
    bots.push(sel && sel.value ? sel.value : null);
  }
  const body = { name, lang: $("room-lang").value, preset, options, players, bots };
  const btn = $("create-btn");
  btn.disabled = true;
  try {
    const res = await request("POST", "/api/rooms", body);
    save("name", name);
    save("lang", body.lang);
    saveToken(res.code, res.token);
    saveInvite(res.code, res.invite);
    location.href = `/r/${encodeURIComponent(res.code)}`;
  } catch (e) {
    showError("create-error", e.message);
    btn.disabled = false;
  }
}

async function join(spectate) {
  showError("join-error", "");
  const invite = parseInvite($("code").value);
  const name = $("join-name").value.trim();
  if (!invite) {
    showError("join-error", t("An invite code has 14 letters (ABCDEF-GHJKLMNP): ask the host for it, or open their link."));
    $("code").focus();
    return;
  }
  if (!name && !spectate) {
    showError("join-error", t("Please enter your name."));
    $("join-name").focus();
    return;
  }
  const { code, key } = invite;
  try {
    const body = { invite: key, spectate };
    if (name) body.name = name;
    const res = await request("POST", `/api/rooms/${encodeURIComponent(code)}/join?lang=${encodeURIComponent(F.lang)}`, body);
    if (name) save("name", name);
    saveToken(code, res.token);
    saveInvite(code, key);
    location.href = `/r/${encodeURIComponent(code)}`;
  } catch (e) {
    showError("join-error", e.message);
  }
}

start();
