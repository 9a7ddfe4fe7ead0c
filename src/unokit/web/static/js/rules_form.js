// The rules form, shared by the front page (create a room) and the waiting room (the host
// changes the rules): a preset, the number of players, and every house rule, grouped as the
// server says (GET /api/options: each option's meaning, values in words, range and group).
// User text is only ever set with textContent.

import { el, t } from "./common.js";

/** The form's controls over elements the page owns:
 *   preset (select), players (number input), about (the preset's one-line description),
 *   box (where the groups of house rules go), count (the "N changed" of the whole form).
 * `onChange()` is called after every change (and after a preset is applied). */
export class RulesForm {
  constructor(options, els, onChange = () => {}) {
    this.options = options;
    this.els = els;
    this.onChange = onChange;
    this.controls = new Map();
    this.specs = new Map(options.options.map((s) => [s.name, s]));
  }

  /** Fills the preset list and the groups; `initial` = {preset, changed, players}. */
  build(initial = {}) {
    const { preset } = this.els;
    preset.replaceChildren();
    for (const name of Object.keys(this.options.presets)) {
      const [title] = this.presetWords(name);
      const opt = el("option", "", title.charAt(0).toUpperCase() + title.slice(1));
      opt.value = name;
      preset.appendChild(opt);
    }
    const names = Object.keys(this.options.presets);
    preset.value = names.includes(initial.preset) ? initial.preset : names[0];
    this.buildOptions();
    preset.addEventListener("change", () => this.applyPreset());
    this.applyPreset(initial.changed || {}, initial.players);
  }

  presetWords(name) {
    const names = this.options.preset_names || {};
    return names[name] || [name, ""];
  }

  buildOptions() {
    const box = this.els.box;
    box.replaceChildren();
    this.controls.clear();
    const order = this.options.groups || [];
    const groups = new Map(order.map((g) => [g, []]));
    for (const spec of this.options.options) {
      if (spec.name === "players") continue; // its own box
      const group = spec.group || "More";
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(spec);
    }
    for (const [title, specs] of groups) {
      if (!specs.length) continue;
      const d = el("details", "group");
      d.dataset.group = title;
      const s = el("summary");
      s.appendChild(el("span", "", t(title)));
      const count = el("span", "changed-count");
      s.appendChild(count);
      d.appendChild(s);
      for (const spec of specs) {
        const row = el("label", "opt");
        row.htmlFor = `opt-${spec.name}`;
        row.dataset.option = spec.name;
        row.appendChild(el("span", "meaning", spec.meaning || spec.name));
        const c = optionControl(spec);
        row.appendChild(c);
        const bad = el("span", "bad");
        bad.hidden = true;
        bad.setAttribute("role", "alert");
        row.appendChild(bad);
        row.appendChild(el("span", "oname", spec.name)); // for those who know the names
        c.addEventListener("change", () => this.changed());
        c.addEventListener("input", () => this.changed());
        this.controls.set(spec.name, { spec, c, row, count, bad });
        d.appendChild(row);
      }
      box.appendChild(d);
    }
  }

  presetValue(name) {
    const preset = this.options.presets[this.els.preset.value] || {};
    const spec = this.specs.get(name);
    return name in preset ? preset[name] : spec.default;
  }

  /** The preset's values (and `changed` over them); its players unless `players` is given. */
  applyPreset(changed = {}, players = undefined) {
    const preset = this.options.presets[this.els.preset.value] || {};
    for (const [name, { spec, c }] of this.controls) {
      writeControl(spec, c, name in changed ? changed[name] : this.presetValue(name));
    }
    if (players !== undefined && players !== null) this.els.players.value = String(players);
    else if ("players" in preset) this.els.players.value = String(preset.players);
    const [title, about] = this.presetWords(this.els.preset.value);
    if (this.els.about) {
      this.els.about.textContent = about ? `${title.charAt(0).toUpperCase() + title.slice(1)}: ${about}.` : "";
    }
    this.changed();
  }

  /** The options that differ from the preset. */
  changedOptions() {
    const out = {};
    for (const [name, { spec, c }] of this.controls) {
      const value = readControl(spec, c);
      if (value !== this.presetValue(name) && value !== null) out[name] = value;
    }
    return out;
  }

  changed() {
    const changed = this.changedOptions();
    const perGroup = new Map();
    for (const [name, { row, count }] of this.controls) {
      const on = name in changed;
      row.classList.toggle("changed", on);
      perGroup.set(count, (perGroup.get(count) || 0) + (on ? 1 : 0));
    }
    for (const [count, n] of perGroup) count.textContent = n ? t("{n} changed", { n }) : "";
    const total = Object.keys(changed).length;
    if (this.els.count) this.els.count.textContent = total ? t("{n} changed", { n: total }) : "";
    this.checkRanges();
    this.onChange();
  }

  /** The first number out of its range (shown by its box), or null. */
  checkRanges() {
    let first = null;
    for (const [, { spec, c, row, bad }] of this.controls) {
      const why = rangeError(spec, c);
      row.classList.toggle("invalid", !!why);
      bad.textContent = why;
      bad.hidden = !why;
      if (why && !first) first = { spec, c, row, why };
    }
    return first;
  }

  /** What the form says, or an error: {rules: {preset, options, players}} | {error, control}. */
  read() {
    const players = Number(this.els.players.value);
    if (!Number.isInteger(players) || players < 2 || players > 10) {
      return { error: t("Players: from 2 to 10."), control: this.els.players };
    }
    const bad = this.checkRanges();
    if (bad) {
      const group = bad.row.closest("details.group");
      if (group) group.open = true;
      return { error: `${bad.spec.meaning}: ${bad.why}`, control: bad.c };
    }
    return { rules: { preset: this.els.preset.value, options: this.changedOptions(), players } };
  }
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

/** A number outside its range, said at once (not only when the form is sent). */
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
