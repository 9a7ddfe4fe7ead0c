// The front page (index.html): create a room (name, language, preset, house rules, players,
// bots) or join one by its code. Options come from GET /api/options.

import { cardFace } from "./cards.js";
import {
  chosenLang, el, LANG_NAMES, LANGS, langPicker, loadLabels, parseInvite, request, save, saved,
  saveInvite, saveToken, t,
} from "./common.js";

const $ = (id) => document.getElementById(id);

/** House rules grouped as RULES.md orders them; options the list does not know go last. */
const GROUPS = [
  ["Deck and deal", ["deck", "hand_size", "dealer_selection", "dealer_draw_actions", "next_dealer",
    "start_card", "start_reverse"]],
  ["Drawing", ["draw_with_playable", "after_draw", "draw_until_playable", "empty_draw_pile"]],
  ["Special cards", ["swimming_skips", "custom_effect"]],
  ["Wild +4 and challenges", ["wd4_rule", "challenge", "challenge_fail_extra"]],
  ["Calling UNO", ["uno_penalty", "catch_window", "false_catch_penalty", "false_uno_penalty"]],
  ["Stacking and deflecting", ["stacking", "stack_challenge", "deflect"]],
  ["Jump-in", ["jump_in", "jump_in_stacking", "sum_jump_in", "sum_jump_in_any_color"]],
  ["Seven-zero, several cards, misplays", ["seven_zero", "multi_play", "multi_play_same_color",
    "number_finish", "wild_multi", "misplay"]],
  ["Time limit", ["turn_time_limit", "slow_play_penalty"]],
  ["Teams and seats", ["teams", "seat_change_every"]],
  ["Scoring and the match", ["round_end", "scoring", "target_score", "rounds"]],
];
const BOT_LEVELS_DEFAULT = ["random", "basic", "strong", "expert"];
const NAME_MAX = 40; // the protocol's longest name

const F = { options: null, controls: new Map(), lang: "en", roomLang: "en" };

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
  $("preset").addEventListener("change", () => applyPreset());
  $("reset").addEventListener("click", () => applyPreset());
  for (const id of ["name", "join-name"]) $(id).maxLength = NAME_MAX;
  await loadOptions();
}

/** The options, their meanings and each value's words in the page's language. */
async function loadOptions() {
  const keep = F.controls.size ? changedOptions() : null;
  try {
    F.options = await request("GET", `/api/options?lang=${encodeURIComponent(F.lang)}`);
  } catch (e) {
    showError("create-error", e.message);
    return;
  }
  build();
  if (keep) {
    for (const [name, value] of Object.entries(keep)) {
      const c = F.controls.get(name);
      if (c) writeControl(c.spec, c.c, value);
    }
    markChanged();
  }
}

function presetWords(name) {
  const names = F.options.preset_names || {};
  return names[name] || [name, ""];
}

function showError(id, text) {
  const box = $(id);
  box.textContent = text;
  box.hidden = !text;
}

function build() {
  const o = F.options;
  const rl = $("room-lang");
  const keep = rl.value || F.lang;
  rl.replaceChildren();
  for (const l of o.langs || LANGS) {
    const opt = el("option", "", LANG_NAMES[l] || l);
    opt.value = l;
    rl.appendChild(opt);
  }
  rl.value = keep;
  const ps = $("preset");
  const keepPreset = ps.value || saved("preset", "official");
  ps.replaceChildren();
  for (const name of Object.keys(o.presets)) {
    const [title] = presetWords(name);
    const opt = el("option", "", title.charAt(0).toUpperCase() + title.slice(1));
    opt.value = name;
    ps.appendChild(opt);
  }
  ps.value = name_or(keepPreset, Object.keys(o.presets));
  buildOptions();
  applyPreset(true);
  seats();
}

function name_or(name, names) {
  return names.includes(name) ? name : names[0];
}

/** A choice (or yes/no) is a list of sentences, one per value; a number is a number box. */
function optionControl(spec) {
  let c;
  if (spec.kind === "bool" || spec.kind === "choice") {
    c = el("select");
    spec.values.forEach((v, i) => {
      const words = (spec.words && spec.words[i]) || String(v);
      const opt = el("option", "", words);
      opt.value = String(v);
      opt.title = String(v);
      c.appendChild(opt);
    });
  } else {
    c = el("input");
    c.type = "number";
    if (spec.low !== null && spec.low !== undefined) c.min = String(spec.low);
    if (spec.high !== null && spec.high !== undefined) c.max = String(spec.high);
    c.step = "1";
  }
  c.id = `opt-${spec.name}`;
  c.dataset.option = spec.name;
  return c;
}

function readControl(spec, c) {
  if (spec.kind === "bool") return c.value === "true";
  if (spec.kind === "int") return c.value === "" ? null : Number(c.value);
  return c.value;
}

function writeControl(spec, c, value) {
  c.value = String(spec.kind === "bool" ? !!value : value);
}

/** A number outside its range, said at once (not only when the room is created). */
function rangeError(spec, c) {
  if (spec.kind !== "int") return "";
  const v = c.value === "" ? null : Number(c.value);
  const low = spec.low ?? null;
  const high = spec.high ?? null;
  if (v === null || !Number.isInteger(v) || (low !== null && v < low) || (high !== null && v > high)) {
    if (low !== null && high !== null) return t("A whole number from {low} to {high}.", { low, high });
    if (low !== null) return t("A whole number, at least {low}.", { low });
    return t("A whole number.");
  }
  return "";
}

function checkRanges() {
  let first = null;
  for (const [, { spec, c, row, bad }] of F.controls) {
    const why = rangeError(spec, c);
    row.classList.toggle("invalid", !!why);
    bad.textContent = why;
    bad.hidden = !why;
    if (why && !first) first = { spec, c, row };
  }
  return first;
}

function buildOptions() {
  const box = $("options");
  box.replaceChildren();
  F.controls.clear();
  const specs = new Map(F.options.options.map((s) => [s.name, s]));
  const placed = new Set(["players"]);
  const groups = GROUPS.map(([title, names]) => [title, names.filter((n) => specs.has(n))]);
  const rest = [...specs.keys()].filter((n) => !groups.some(([, names]) => names.includes(n)) && !placed.has(n));
  if (rest.length) groups.push(["More", rest]);
  for (const [title, names] of groups) {
    if (!names.length) continue;
    const d = el("details", "group");
    d.dataset.group = title;
    const s = el("summary");
    s.appendChild(el("span", "", t(title)));
    const count = el("span", "changed-count");
    s.appendChild(count);
    d.appendChild(s);
    for (const name of names) {
      const spec = specs.get(name);
      const row = el("label", "opt");
      row.htmlFor = `opt-${name}`;
      row.dataset.option = name;
      row.appendChild(el("span", "meaning", spec.meaning || name));
      const c = optionControl(spec);
      row.appendChild(c);
      const bad = el("span", "bad");
      bad.hidden = true;
      bad.setAttribute("role", "alert");
      row.appendChild(bad);
      row.appendChild(el("span", "oname", name)); // for those who know the option names
      c.addEventListener("change", markChanged);
      c.addEventListener("input", markChanged);
      F.controls.set(name, { spec, c, row, count, bad });
      d.appendChild(row);
    }
    box.appendChild(d);
  }
}

function presetValue(name) {
  const preset = F.options.presets[$("preset").value] || {};
  const spec = F.controls.get(name).spec;
  return name in preset ? preset[name] : spec.default;
}

function applyPreset(first = false) {
  const preset = F.options.presets[$("preset").value] || {};
  for (const [name, { spec, c }] of F.controls) writeControl(spec, c, presetValue(name));
  if ("players" in preset) {
    $("players").value = String(preset.players);
    seats();
  }
  const [title, about] = presetWords($("preset").value);
  $("preset-line").textContent = about ? `${title.charAt(0).toUpperCase() + title.slice(1)}: ${about}.` : "";
  if (!first) save("preset", $("preset").value);
  markChanged();
}

function changedOptions() {
  const out = {};
  for (const [name, { spec, c }] of F.controls) {
    const value = readControl(spec, c);
    if (value !== presetValue(name) && value !== null) out[name] = value;
  }
  return out;
}

function markChanged() {
  const changed = changedOptions();
  const perGroup = new Map();
  for (const [name, { row, count }] of F.controls) {
    const on = name in changed;
    row.classList.toggle("changed", on);
    perGroup.set(count, (perGroup.get(count) || 0) + (on ? 1 : 0));
  }
  for (const [count, n] of perGroup) count.textContent = n ? t("{n} changed", { n }) : "";
  const total = Object.keys(changed).length;
  $("changed-count").textContent = total ? t("{n} changed", { n: total }) : "";
  checkRanges();
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
      sel.value = old[seat - 1] !== undefined ? old[seat - 1] : seat === 1 ? "" : "basic";
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
  const players = Number($("players").value);
  if (!Number.isInteger(players) || players < 2 || players > 10) {
    showError("create-error", t("Players: from 2 to 10."));
    return;
  }
  const bad = checkRanges();
  if (bad) {
    const group = bad.row.closest("details.group");
    $("house").open = true;
    if (group) group.open = true;
    showError("create-error", `${bad.spec.meaning}: ${rangeError(bad.spec, bad.c)}`);
    bad.c.focus();
    return;
  }
  const bots = [null];
  for (let seat = 1; seat < players; seat++) {
    const sel = $(`seat-${seat}`);
    bots.push(sel && sel.value ? sel.value : null);
  }
  const body = {
    name,
    lang: $("room-lang").value,
    preset: $("preset").value,
    options: changedOptions(),
    players,
    bots,
  };
  const btn = $("create-btn");
  btn.disabled = true;
  try {
    const res = await request("POST", "/api/rooms", body);
    save("name", name);
    save("lang", body.lang);
    saveToken(res.code, res.token);
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
