// The panels over the table: the waiting room (seats, names, watchers, the host's
// settings) and the round's end (scores, every hand laid open, ready, next).

import { cardFace, cardOrder } from "./cards.js";
import { el, icon, save, t, toast } from "./common.js";
import { copyLink, leaveDialog, printRulesLink, rulesEditDialog } from "./dialogs.js";
import { clearAnnouncements } from "./feed.js";
import { action } from "./socket.js";
import {
  $, avatar, cardLabel, myseat, NAME_MAX, nameOf, rulesTitle, S, seatCount, status, targetWords,
} from "./state.js";
import { render } from "./table.js";

export function renderPanel() {
  const panel = $("panel");
  const st = status();
  panel.replaceChildren();
  if (st === "lobby" && S.room) {
    panel.hidden = false;
    lobbyPanel(panel);
  } else if ((st === "round_over" || st === "match_over") && S.room && !S.panelHidden) {
    panel.hidden = false;
    clearAnnouncements();
    roundPanel(panel, st);
  } else panel.hidden = true;
  if (st === "playing") S.panelHidden = false;
}

export function levelSelect(value) {
  const sel = el("select");
  for (const level of (S.room && S.room.bot_levels) || ["random", "basic", "strong", "expert"]) {
    const o = el("option", "", t(level));
    o.value = level;
    sel.appendChild(o);
  }
  sel.value = value || (S.room && S.room.bot_level) || "strong";
  sel.setAttribute("aria-label", t("Bot level"));
  return sel;
}

export function smallButton(text, cls, onClick, actionName) {
  const b = el("button", `btn small ${cls}`.trim(), text);
  b.type = "button";
  if (actionName) b.dataset.action = actionName;
  b.addEventListener("click", onClick);
  return b;
}

/** "Your name" and a button: anyone at the table may change their name. */
export function nameForm() {
  const form = el("form", "rename");
  const label = el("label", "field");
  label.appendChild(el("span", "", t("Your name")));
  const input = el("input");
  input.type = "text";
  input.id = "rename-input";
  input.maxLength = NAME_MAX;
  input.autocomplete = "nickname";
  input.value = (S.you && S.you.name) || "";
  label.appendChild(input);
  form.appendChild(label);
  const b = el("button", "btn small", t("Rename"));
  b.type = "submit";
  b.dataset.action = "rename";
  form.appendChild(b);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name || (S.you && name === S.you.name)) return;
    save("name", name);
    action("rename", { name });
  });
  return form;
}

/** Who watches (everyone sees who; the host may remove them, or close watching). */
export function watchersBlock(box) {
  const room = S.room;
  const host = S.you && S.you.host;
  const watchers = room.watchers || [];
  const head = el("div", "label watchers-head");
  head.append(icon("eye"), ` ${t("Watching")} (${watchers.filter((w) => w.connected).length})`);
  box.appendChild(head);
  const list = el("ul", "seats compact watchers");
  for (const w of watchers) {
    const li = el("li", w.connected ? "" : "gone");
    li.dataset.watcher = w.id;
    li.appendChild(el("span", "name", w.name));
    if (!w.connected) li.appendChild(el("i", "badge off", t("offline")));
    if (host) {
      li.appendChild(smallButton(t("Remove"), "ghost", () => action("remove_watcher", { watcher: w.id }), "remove-watcher"));
    }
    list.appendChild(li);
  }
  if (!watchers.length) list.appendChild(el("li", "none", room.watching ? t("Nobody is watching.") : t("Watching is closed.")));
  box.appendChild(list);
}

/** The host's settings of how the table is run: watching, and the bot that plays a turn
 * someone lets run. */
export function tableSettings(box) {
  const room = S.room;
  const wrap = el("div", "table-settings");
  const watch = el("label", "check");
  const cb = el("input");
  cb.type = "checkbox";
  cb.id = "watching-toggle";
  cb.checked = !!room.watching;
  cb.addEventListener("change", () => action("set_table", { watching: cb.checked }));
  watch.append(cb, el("span", "", t("Let people watch")));
  wrap.appendChild(watch);
  if (room.takeover !== null && room.takeover !== undefined) {
    const label = el("label", "field inline");
    label.appendChild(el("span", "", t("When someone lets their turn run, a bot plays it after")));
    const sel = el("select");
    sel.id = "takeover-select";
    const choices = [...new Set([...(room.takeover_choices || []), room.takeover])].sort((a, b) => a - b);
    for (const n of choices) {
      const o = el("option", "", n ? t("{n} s", { n }) : t("never (friends only)"));
      o.value = String(n);
      sel.appendChild(o);
    }
    sel.value = String(room.takeover);
    sel.addEventListener("change", () => action("set_table", { takeover: Number(sel.value) }));
    label.appendChild(sel);
    wrap.appendChild(label);
  }
  const lock = el("label", "check");
  const lb = el("input");
  lb.type = "checkbox";
  lb.id = "locked-toggle";
  lb.checked = !!room.locked;
  lb.addEventListener("change", () => action("set_table", { locked: lb.checked }));
  lock.append(lb, el("span", "", t("Close the table to newcomers")));
  wrap.appendChild(lock);
  const fresh = smallButton(t("New invite link"), "ghost", () => action("set_table", { new_invite: true }), "new-invite");
  fresh.title = t("The old links stop working; the people at the table stay.");
  wrap.appendChild(fresh);
  box.appendChild(wrap);
}

export function leaveButton() {
  const b = smallButton("", "ghost", leaveDialog, "leave");
  b.append(icon("leave"), ` ${t("Leave the table")}`);
  return b;
}

export function lobbyPanel(panel) {
  const room = S.room;
  const host = S.you && S.you.host;
  const me = myseat();
  panel.appendChild(el("h2", "", t("Waiting room")));
  panel.appendChild(el("div", "label", t("Send this link to your friends:")));
  const inv = el("div", "invite");
  const input = el("input");
  input.type = "text";
  input.readOnly = true;
  input.value = room.link;
  input.id = "invite-link";
  input.setAttribute("aria-label", t("Invite link"));
  inv.appendChild(input);
  inv.appendChild(smallButton(t("Copy link"), "primary", () => copyLink(room.link)));
  panel.appendChild(inv);
  if (room.invite) {
    panel.appendChild(el("p", "target-line invite-code", t("Or tell them the invite code: {code}", { code: room.invite })));
  }
  panel.appendChild(nameForm());
  const list = el("ul", "seats");
  for (const s of room.seats) {
    const li = el("li", s.kind);
    li.dataset.seat = String(s.seat);
    if (s.seat === me) li.classList.add("you");
    li.appendChild(avatar(s.seat, s.kind === "empty" ? "+" : s.name, s.kind === "bot"));
    const name = s.kind === "empty" ? t("Empty seat") : s.name;
    const who = el("span", "name", s.seat === me ? `${name} (${t("you")})` : name);
    if (s.kind === "empty") who.appendChild(el("small", "seat-note", t("a bot plays here if nobody sits")));
    li.appendChild(who);
    if (s.kind === "bot") li.appendChild(el("i", "badge bot", `${t("bot")} · ${t(s.level || "basic")}`));
    if (room.host === s.seat) li.appendChild(el("i", "badge host", t("host")));
    if (s.kind === "human" && !s.connected) li.appendChild(el("i", "badge off", t("offline")));
    if (host && s.kind !== "human") {
      const sel = levelSelect(s.level);
      li.appendChild(sel);
      if (s.kind === "bot") {
        sel.addEventListener("change", () => action("set_bot", { seat: s.seat, level: sel.value }));
        li.appendChild(smallButton(t("Remove bot"), "ghost", () => action("set_bot", { seat: s.seat, level: null }), "remove-bot"));
      } else {
        li.appendChild(smallButton(t("Add bot"), "", () => action("set_bot", { seat: s.seat, level: sel.value }), "add-bot"));
      }
    }
    if (host && s.kind === "human" && s.seat !== me) {
      li.appendChild(smallButton(t("Remove"), "danger", () => action("kick", { seat: s.seat }), "kick"));
    }
    if (s.kind === "empty" || (s.kind === "bot" && me === null)) {
      li.appendChild(smallButton(t("Sit here"), "", () => action("take_seat", { seat: s.seat }), "take-seat"));
    }
    list.appendChild(li);
  }
  panel.appendChild(list);
  watchersBlock(panel);
  if (host) tableSettings(panel);
  const foot = el("div", "row");
  if (host) {
    const b = el("button", "btn primary", t("Start the match"));
    b.type = "button";
    b.dataset.action = "start";
    b.addEventListener("click", () => action("start"));
    foot.appendChild(b);
    foot.appendChild(smallButton(t("Change the rules"), "", rulesEditDialog, "edit-rules"));
    foot.appendChild(el("span", "target-line", t("Empty seats get bots.")));
  } else {
    foot.appendChild(el("span", "target-line", t("Waiting for {name} to start…", { name: nameOf(room.host) })));
  }
  foot.appendChild(printRulesLink());
  foot.appendChild(leaveButton());
  panel.appendChild(foot);
  panel.appendChild(rulesBlock());
}

export function rulesBlock() {
  const room = S.room;
  const d = el("details");
  const s = el("summary", "", `${t("Rules")}: ${rulesTitle()}`);
  d.appendChild(s);
  const ul = el("ul", "rules-lines");
  for (const line of (room.rules && room.rules.lines) || []) ul.appendChild(el("li", "", line));
  d.appendChild(ul);
  d.style.marginTop = "0.8em";
  return d;
}

export function scoresTable(showReady) {
  const v = S.view;
  const room = S.room;
  const n = seatCount();
  const table = el("table", "scores");
  const hands = v && Array.isArray(v.hands_left) ? v.hands_left : null;
  const caption = el("caption", "sr-only", t("Scores"));
  table.appendChild(caption);
  const head = el("tr");
  head.appendChild(el("th", "", t("Player")));
  head.appendChild(el("th", "num", t("Cards")));
  if (hands) head.appendChild(el("th", "left-head", t("Cards left")));
  head.appendChild(el("th", "num", t("Score")));
  if (showReady) head.appendChild(el("th", "", t("Ready")));
  table.appendChild(head);
  const scores = (v && v.scores) || [];
  const order = [...Array(n).keys()];
  const ranking = v && v.match_ranking;
  if (Array.isArray(ranking) && ranking.length) {
    order.sort((a, b) => ranking.indexOf(a) - ranking.indexOf(b));
  } else if (v && Array.isArray(v.standing) && v.standing.length) {
    // between rounds: as the match would rank the seats now (the server's, the engine's rule)
    order.sort((a, b) => v.standing.indexOf(a) - v.standing.indexOf(b));
  }
  const best = Math.max(...order.map((s) => scores[s] ?? 0));
  for (const s of order) {
    const tr = el("tr");
    tr.dataset.seat = String(s);
    if (s === myseat()) tr.classList.add("you");
    if ((scores[s] ?? 0) === best && best > 0) tr.classList.add("lead");
    tr.appendChild(el("td", "", s === myseat() ? `${nameOf(s)} (${t("you")})` : nameOf(s)));
    tr.appendChild(el("td", "num", v ? String(v.hand_sizes[s] ?? "") : ""));
    if (hands) {
      const cell = el("td", "left-cards");
      const cards = el("span", "mini left");
      for (const code of [...(hands[s] || [])].sort((a, b) => cardOrder(a) - cardOrder(b))) {
        cards.appendChild(cardFace(code, { label: cardLabel(code) }));
      }
      cell.appendChild(cards);
      tr.appendChild(cell);
    }
    tr.appendChild(el("td", "num", String(scores[s] ?? 0)));
    if (showReady) {
      const info = room && room.seats[s];
      tr.appendChild(el("td", "ready-mark", info && (info.ready || info.kind === "bot") ? "✔" : ""));
    }
    table.appendChild(tr);
  }
  return table;
}

export function roundPanel(panel, st) {
  const v = S.view;
  const room = S.room;
  const me = myseat();
  const over = st === "match_over";
  panel.appendChild(el("h2", "", over ? t("Match over") : t("Round {n} over", { n: (v && v.round_no) || 1 })));
  let winner = v ? v.winner : null;
  if (over && v && Array.isArray(v.match_ranking) && v.match_ranking.length) winner = v.match_ranking[0];
  if (winner !== null && winner !== undefined) {
    const who = winner === me ? t("You win the match!") : t("{name} wins the match!", { name: nameOf(winner) });
    const whoRound = winner === me ? t("You win the round!") : t("{name} wins the round!", { name: nameOf(winner) });
    const line = el("div", "winner-line");
    line.append(icon("trophy"), ` ${over ? who : whoRound}`);
    panel.appendChild(line);
  }
  panel.appendChild(scoresTable(true));
  const target = (v && v.target) || room.target;
  if (target) panel.appendChild(el("div", "target-line", targetWords(target)));
  const row = el("div", "row");
  row.style.marginTop = "0.8em";
  const mySeat = me !== null ? room.seats[me] : null;
  if (mySeat) {
    const ready = el("button", "btn", mySeat.ready ? `✔ ${t("Ready")}` : t("I'm ready"));
    ready.type = "button";
    ready.dataset.action = "ready";
    ready.disabled = !!mySeat.ready;
    ready.addEventListener("click", () => action("ready"));
    row.appendChild(ready);
  }
  const countdown = el("div", "target-line ready-countdown", readyWords());
  countdown.id = "ready-countdown";
  countdown.setAttribute("aria-live", "polite");
  if (S.you && S.you.host) {
    const next = el("button", "btn primary", over ? t("Rematch") : t("Deal the next round"));
    next.type = "button";
    next.dataset.action = "next";
    next.addEventListener("click", () => action("next"));
    row.appendChild(next);
  } else {
    row.appendChild(el("span", "target-line", over ? t("The host can start a rematch.") : t("The host deals the next round when everyone is ready.")));
  }
  if (over && S.token) {
    const b = smallButton("", "ghost", downloadRecord, "record");
    b.append(icon("download"), ` ${t("Download the record")}`);
    row.appendChild(b);
  }
  if (me === null && room.seats.some((s) => s.kind !== "human")) {
    // a spectator (a friend who came late) takes a bot's seat between rounds
    const seats = el("div", "take-seats");
    seats.appendChild(el("span", "target-line", t("Join the next round in a bot's place:")));
    for (const s of room.seats.filter((x) => x.kind !== "human")) {
      const b = smallButton(t("Take {name}'s seat", { name: s.name }), "primary",
        () => action("take_seat", { seat: s.seat }), "take-seat");
      b.dataset.seat = String(s.seat);
      seats.appendChild(b);
    }
    panel.appendChild(seats);
  }
  row.appendChild(smallButton(t("Show the table"), "ghost", () => {
    S.panelHidden = true;
    render();
  }));
  panel.appendChild(row);
  panel.appendChild(countdown);
}

/** The match's record: asked for with the token in the request's body (never in an address
 * the browser keeps), saved from a Blob. */
export async function downloadRecord() {
  let text;
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(S.code)}/record`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: S.token }),
    });
    text = await res.text();
    if (!res.ok) {
      let msg = `${res.status} ${res.statusText}`;
      try {
        msg = JSON.parse(text).error || msg;
      } catch {
        // not JSON: the status says it
      }
      throw new Error(msg);
    }
  } catch (e) {
    toast(e instanceof TypeError ? t("The server cannot be reached. Check your connection and try again.") : e.message, "error", 5000);
    return;
  }
  // saved as the server wrote it: JSON.parse would round the 64-bit seed
  const data = JSON.parse(text);
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = el("a");
  a.href = url;
  a.download = `unokit-${S.code}-${(data.meta && data.meta.match) || 1}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  S.lastRecord = data; // for tests and the curious
  S.lastRecordText = text;
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Who is not ready yet (seated people, connected), and how long until the host may go on. */
export function readyWords() {
  const room = S.room;
  if (!room || !["round_over", "match_over"].includes(room.status)) return "";
  const me = myseat();
  const waiting = room.seats.filter((s) => s.kind === "human" && s.connected && !s.ready && s.seat !== room.host);
  if (!waiting.length) return "";
  const left = S.readyAt ? Math.max(0, Math.ceil((S.readyAt - Date.now()) / 1000)) : 0;
  const host = S.you && S.you.host;
  const mine = waiting.some((s) => s.seat === me);
  if (host) {
    const names = waiting.map((s) => s.name).join(", ");
    return left > 0 ? t("Waiting for {names}: you can go on without them in {n} s.", { names, n: left })
      : t("Not ready: {names}. You can go on without them.", { names });
  }
  if (mine) {
    return left > 0 ? t("Press “I'm ready”: the host can go on without you in {n} s.", { n: left })
      : t("The host can go on without you now.");
  }
  return "";
}

export function renderScores() {
  const box = $("scoreboard");
  box.replaceChildren();
  if (!S.view) {
    box.appendChild(el("p", "target-line", t("The scores appear when the match starts.")));
    return;
  }
  box.appendChild(el("div", "target-line", t("Round {n}", { n: S.view.round_no || 1 })));
  box.appendChild(scoresTable(false));
  const target = S.view.target || (S.room && S.room.target);
  if (target) box.appendChild(el("div", "target-line", targetWords(target)));
}
