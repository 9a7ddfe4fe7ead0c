// Dialogs: choosing how to play a card, a misplay's question, joining, the people at the
// table, changing the rules, leaving, inviting, the rules and the keys.

import { cardFace, COLORS, LETTER } from "./cards.js";
import { el, inviteFor, request, save, saved, saveToken, t, toast } from "./common.js";
import { choicesOf, withChoice } from "./moves.js";
import { leaveButton, nameForm, smallButton, tableSettings, watchersBlock } from "./panels.js";
import { RulesForm } from "./rules_form.js";
import { action, connect, sendMove } from "./socket.js";
import {
  $, avatar, COLOR_LABEL, myseat, nameOf, root, rulesTitle, S, status, targetWords,
} from "./state.js";

export function openDialog(kind, title, build, { closable = true } = {}) {
  closeDialog();
  const overlay = el("div", "overlay");
  overlay.id = "dialog";
  overlay.dataset.dialog = kind;
  const box = el("div", "dialog");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "dialog-title");
  const h = el("h2");
  h.id = "dialog-title";
  if (typeof title === "string") h.textContent = title;
  else h.appendChild(title);
  box.appendChild(h);
  build(box);
  if (closable) {
    overlay.addEventListener("click", (ev) => {
      if (ev.target === overlay) closeDialog();
    });
  }
  overlay.appendChild(box);
  document.body.appendChild(overlay);
  S.dialog = { kind, overlay, closable, restore: document.activeElement, box, build };
  const first = box.querySelector("input, [data-move], button");
  if (first) first.focus();
  return box;
}

/** The People dialog follows the room as it changes (unless something in it is being typed
 * in): called after every room message. */
export function refreshDialog() {
  const d = S.dialog;
  if (!d || d.kind !== "people") return;
  const typing = document.activeElement && d.box.contains(document.activeElement)
    && document.activeElement.tagName === "INPUT";
  if (typing) return;
  const title = d.box.firstChild;
  d.box.replaceChildren(title);
  d.build(d.box);
}

export function closeDialog() {
  if (!S.dialog) return;
  const { overlay, restore } = S.dialog;
  S.dialog = null;
  overlay.remove();
  if (restore && document.contains(restore)) restore.focus({ preventScroll: true });
}

export function describeChoice(g, several) {
  const m = g.move;
  const what = el("span", "what");
  if (m.cards.length === 1 && several && m.swap === null && m.peek === null && m.trade === null) {
    const cards = el("span", "mini");
    cards.appendChild(cardFace(m.cards[0]));
    what.appendChild(cards);
    what.appendChild(el("span", "", t("This card alone")));
  }
  if (m.cards.length > 1) {
    const cards = el("span", "mini");
    cards.style.display = "flex";
    cards.style.gap = "3px";
    for (const c of m.cards) cards.appendChild(cardFace(c));
    what.appendChild(cards);
    what.appendChild(el("span", "", t("{n} cards at once", { n: m.cards.length })));
  }
  if (m.swap !== null) {
    what.appendChild(el("span", "", t("Swap hands with {name}", { name: nameOf(m.swap) })));
    const count = S.view ? S.view.hand_sizes[m.swap] : null;
    if (count !== null && count !== undefined) what.appendChild(el("i", "badge", t("{n} cards", { n: count })));
  }
  if (m.peek !== null) what.appendChild(el("span", "", t("Look at {name}'s hand", { name: nameOf(m.peek) })));
  if (m.trade !== null) {
    what.appendChild(el("span", "", t("Trade with {name}:", { name: nameOf(m.trade) })));
    const cards = el("span", "mini");
    cards.style.display = "flex";
    cards.style.gap = "3px";
    for (const c of m.give) cards.appendChild(cardFace(c));
    what.appendChild(cards);
  }
  return what;
}

export function playDialog(code, moves) {
  const groups = choicesOf(moves);
  const hasUno = groups.some((g) => g.uno.size);
  const colorOnly = groups.length === 1 && groups[0].colors.every((c) => c);
  const title = el("span", "dialog-title");
  const mini = el("span", "title-card");
  mini.appendChild(cardFace(code));
  title.appendChild(mini);
  title.appendChild(el("span", "", colorOnly ? t("Name a colour") : t("How do you play it?")));
  let unoBox = null;
  const buttons = [];
  const update = () => {
    const uno = unoBox ? unoBox.checked : false;
    for (const { b, g, color } of buttons) {
      const can = uno ? g.uno.has(color) : g.plain.has(color);
      const move = withChoice(g.move, color || null, uno && g.uno.has(color));
      b.dataset.move = can || !uno ? move : withChoice(g.move, color || null, false);
      b.disabled = !(g.plain.has(color) || g.uno.has(color));
    }
  };
  openDialog("play", title, (box) => {
    const list = el("div", "choices");
    for (const g of groups) {
      const row = el("div", "choice");
      const what = describeChoice(g, groups.length > 1);
      if (what.childNodes.length) row.appendChild(what);
      if (g.colors.some((c) => c)) {
        const colors = el("div", "colors");
        for (const color of COLORS) {
          if (!g.colors.includes(color)) continue;
          const b = el("button", `color-btn c-${LETTER[color]}`);
          b.type = "button";
          b.appendChild(el("b", "", LETTER[color]));
          b.appendChild(el("span", "", t(COLOR_LABEL[color])));
          b.dataset.color = color;
          b.addEventListener("click", () => sendMove(b.dataset.move));
          buttons.push({ b, g, color });
          colors.appendChild(b);
        }
        row.appendChild(colors);
      } else {
        const b = el("button", "btn primary", t("Play"));
        b.type = "button";
        b.addEventListener("click", () => sendMove(b.dataset.move));
        buttons.push({ b, g, color: "" });
        row.appendChild(b);
      }
      list.appendChild(row);
    }
    box.appendChild(list);
    const foot = el("div", "foot");
    if (hasUno) {
      const label = el("label", "uno-check");
      unoBox = el("input");
      unoBox.type = "checkbox";
      unoBox.id = "uno-with-play";
      unoBox.checked = S.unoArmed;
      unoBox.addEventListener("change", update);
      label.appendChild(unoBox);
      label.appendChild(el("span", "", t("Call UNO with this card")));
      foot.appendChild(label);
    } else foot.appendChild(el("span"));
    const cancel = el("button", "btn ghost", t("Cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", closeDialog);
    foot.appendChild(cancel);
    box.appendChild(foot);
    update();
  });
}

/** Under `misplay = penalty_*` a card that does not match may still be played, at a cost:
 * asked first ("green 9 does not match: play it anyway and take the penalty?"). */
export function misplayDialog(code, why, move) {
  const v = S.view;
  const title = el("span", "dialog-title");
  const mini = el("span", "title-card");
  mini.appendChild(cardFace(code));
  title.appendChild(mini);
  title.appendChild(el("span", "", t("Play it anyway?")));
  openDialog("misplay", title, (box) => {
    box.appendChild(el("p", "why-text", why));
    const cost = v.misplay_rule === "penalty_continue"
      ? t("It is a misplay: the card comes back to your hand, you draw 1 card and go on with your turn.")
      : t("It is a misplay: the card comes back to your hand, you draw 1 card and your turn ends.");
    box.appendChild(el("p", "", cost));
    const foot = el("div", "foot");
    const go = el("button", "btn danger", t("Play it anyway and take the penalty"));
    go.type = "button";
    go.dataset.move = move;
    go.addEventListener("click", () => sendMove(move));
    const cancel = el("button", "btn ghost", t("Cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", closeDialog);
    foot.append(cancel, go);
    box.appendChild(foot);
  });
}

export function joinDialog(error = "") {
  root.dataset.status = "join";
  if (!inviteFor(S.code)) {
    // a link without its key (#k=...): the room cannot be looked at or joined
    openDialog("join", t("Join the table"), (box) => {
      box.appendChild(el("p", "", t("This link is not a whole invite: ask the host for the invite link (it ends with #k= and a key), or type the invite code on the front page.")));
      const home = el("a", "btn primary link-btn", t("Back to the front page"));
      home.href = "/";
      box.appendChild(home);
    }, { closable: false });
    return;
  }
  openDialog("join", t("Join the table"), (box) => {
    box.appendChild(el("p", "target-line", t("Room {code}", { code: S.code })));
    const about = el("div", "room-about");
    about.id = "room-about";
    box.appendChild(about);
    roomAbout(about);
    const form = el("form");
    const field = el("label", "field");
    field.appendChild(el("span", "", t("Your name")));
    const name = el("input");
    name.type = "text";
    name.id = "join-name";
    name.maxLength = 40;
    name.required = true;
    name.autocomplete = "nickname";
    name.value = saved("name", "");
    field.appendChild(name);
    form.appendChild(field);
    const err = el("div", "error-box", error);
    err.id = "join-error";
    err.setAttribute("role", "alert");
    err.hidden = !error;
    form.appendChild(err);
    const row = el("div", "row");
    const play = el("button", "btn primary", t("Take a seat"));
    play.type = "submit";
    play.id = "join-play";
    const watch = el("button", "btn ghost", t("Watch"));
    watch.type = "button";
    watch.id = "join-watch";
    row.appendChild(play);
    row.appendChild(watch);
    form.appendChild(row);
    const go = async (spectate) => {
      const who = name.value.trim();
      if (!who && !spectate) {
        err.textContent = t("Please enter your name.");
        err.hidden = false;
        name.focus();
        return;
      }
      play.disabled = watch.disabled = true;
      try {
        const body = { invite: inviteFor(S.code) || "", spectate };
        if (who) body.name = who;
        const res = await request("POST", `/api/rooms/${encodeURIComponent(S.code)}/join?lang=${encodeURIComponent(S.lang)}`, body);
        if (who) save("name", who);
        saveToken(S.code, res.token);
        S.token = res.token;
        if (!spectate && (res.seat === null || res.seat === undefined)) {
          toast(t("You are watching: take a bot's seat at the end of the round."), "info", 6000);
        }
        closeDialog();
        connect();
      } catch (e) {
        err.textContent = e.message;
        err.hidden = false;
        play.disabled = watch.disabled = false;
      }
    };
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      go(false);
    });
    watch.addEventListener("click", () => go(true));
    box.appendChild(form);
  }, { closable: false });
  setTimeout(() => $("join-name") && $("join-name").focus(), 0);
}

export function serverErrorDialog() {
  openDialog("server-error", t("The server had a problem"), (box) => {
    box.appendChild(el("p", "", t("The server could not open this table just now. Your seat is kept: try again in a moment.")));
    const b = el("button", "btn primary", t("Try again"));
    b.type = "button";
    b.id = "retry-btn";
    b.addEventListener("click", () => {
      closeDialog();
      S.retry = 0;
      connect();
    });
    box.appendChild(b);
  }, { closable: false });
}

/** Who sits at the table and its rules (GET /api/rooms/{code}), shown before joining. */
export async function roomAbout(box) {
  let info;
  try {
    info = await request("GET", `/api/rooms/${encodeURIComponent(S.code)}?lang=${encodeURIComponent(S.lang)}`,
      undefined, { "X-Invite": inviteFor(S.code) || "" });
  } catch (e) {
    // no such room, or not with this key: nothing to join (the form goes)
    box.appendChild(el("p", "error-box", e.message));
    const form = box.parentElement && box.parentElement.querySelector("form");
    if (form) form.hidden = true;
    return;
  }
  if (info.status !== "lobby") {
    // under way: a newcomer watches, and takes a bot's seat at the round's end
    const play = $("join-play");
    if (play) play.textContent = t("Join (watch, then sit at the round's end)");
  }
  const list = el("ul", "seats compact");
  for (const s of info.seats) {
    const li = el("li", s.kind);
    li.dataset.seat = String(s.seat);
    li.appendChild(avatar(s.seat, s.kind === "empty" ? "?" : s.name, s.kind === "bot"));
    li.appendChild(el("span", "name", s.kind === "empty" ? t("Empty seat") : s.name));
    if (s.kind === "bot") li.appendChild(el("i", "badge bot", t("bot")));
    list.appendChild(li);
  }
  box.appendChild(list);
  const free = info.seats.filter((s) => s.kind !== "human").length;
  const words = {
    lobby: t("The match has not started yet."),
    playing: t("A round is being played."),
    round_over: t("Between two rounds."),
    match_over: t("The match is over; a rematch may follow."),
  }[info.status] || "";
  const seats = info.status === "lobby" ? t("Seats to take: {n}", { n: free })
    : t("Seats a bot keeps for a newcomer: {n}", { n: free });
  box.appendChild(el("p", "target-line", `${words} ${seats}`));
  const d = el("details");
  d.appendChild(el("summary", "", t("Rules")));
  const ul = el("ul", "rules-lines");
  for (const line of info.rules || []) ul.appendChild(el("li", "", line));
  d.appendChild(ul);
  box.appendChild(d);
}

export function removedDialog(watchingClosed = false) {
  const title = watchingClosed ? t("The host closed watching") : t("The host removed you from the table");
  openDialog("removed", title, (box) => {
    box.appendChild(el("p", "", watchingClosed ? t("You can start a table of your own.")
      : t("You can watch the game, or start a table of your own.")));
    const row = el("div", "row");
    if (!watchingClosed) {
      const watch = el("button", "btn primary", t("Watch"));
      watch.type = "button";
      watch.addEventListener("click", () => {
        closeDialog();
        joinDialog();
      });
      row.appendChild(watch);
    }
    const home = el("a", "btn ghost link-btn", t("Create a room"));
    home.href = "/";
    row.appendChild(home);
    box.appendChild(row);
  }, { closable: false });
}

export function leftDialog() {
  openDialog("left", t("You left the table"), (box) => {
    const row = el("div", "row");
    const home = el("a", "btn primary link-btn", t("Back to the front page"));
    home.href = "/";
    row.appendChild(home);
    box.appendChild(row);
  }, { closable: false });
}

/** Leaving is asked first: the seat goes to a bot (or is freed before the match). */
export function leaveDialog() {
  openDialog("leave", t("Leave the table?"), (box) => {
    const me = myseat();
    let words = t("You will no longer watch this table.");
    if (me !== null) {
      words = status() === "lobby" ? t("Your seat becomes free.") : t("A bot takes your seat for the rest of the match.");
    }
    box.appendChild(el("p", "", words));
    const foot = el("div", "foot");
    const cancel = el("button", "btn ghost", t("Cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", closeDialog);
    const go = el("button", "btn danger", t("Leave the table"));
    go.type = "button";
    go.dataset.action = "leave-confirm";
    go.addEventListener("click", () => {
      closeDialog();
      action("leave");
    });
    foot.append(cancel, go);
    box.appendChild(foot);
  });
}

/** Everyone at the table, at any time: seats, who watches, your name; the host's settings. */
export function peopleDialog() {
  openDialog("people", t("People at this table"), (box) => {
    if (!S.room) {
      box.appendChild(el("p", "", t("Connecting…")));
      return;
    }
    fillPeople(box);
  });
}

export function fillPeople(box) {
  const room = S.room;
  const list = el("ul", "seats compact");
  for (const s of room.seats) {
    const li = el("li", s.kind);
    li.appendChild(avatar(s.seat, s.kind === "empty" ? "+" : s.name, s.kind === "bot"));
    const name = s.kind === "empty" ? t("Empty seat") : s.name;
    li.appendChild(el("span", "name", s.seat === myseat() ? `${name} (${t("you")})` : name));
    if (room.host === s.seat) li.appendChild(el("i", "badge host", t("host")));
    if (s.kind === "bot") li.appendChild(el("i", "badge bot", `${t("bot")} · ${t(s.level || "basic")}`));
    if (s.kind === "human" && s.away) li.appendChild(el("i", "badge away", s.bot_plays ? t("away: a bot plays") : t("away")));
    if (S.you && S.you.host && s.kind === "human" && s.seat !== myseat()) {
      // the host removes a player at any time (a bot takes the seat in play)
      li.appendChild(smallButton(t("Remove"), "danger", () => action("kick", { seat: s.seat }), "kick"));
    }
    list.appendChild(li);
  }
  box.appendChild(list);
  watchersBlock(box);
  if (S.you && S.you.host) tableSettings(box);
  box.appendChild(nameForm());
  const row = el("div", "row");
  row.appendChild(leaveButton());
  box.appendChild(row);
}

/** The host changes the rules in the waiting room (the front page's form). */
export async function rulesEditDialog() {
  let options;
  try {
    S.optionsCache = S.optionsCache || {};
    options = S.optionsCache[S.lang]
      || (S.optionsCache[S.lang] = await request("GET", `/api/options?lang=${encodeURIComponent(S.lang)}`));
  } catch (e) {
    toast(e.message, "error", 5000);
    return;
  }
  const room = S.room;
  openDialog("edit-rules", t("Change the rules"), (box) => {
    const grid = el("div", "grid2");
    const presetField = el("label", "field");
    presetField.appendChild(el("span", "", t("Rules")));
    const preset = el("select");
    preset.id = "edit-preset";
    presetField.appendChild(preset);
    const playersField = el("label", "field");
    playersField.appendChild(el("span", "", t("Players")));
    const players = el("input");
    players.type = "number";
    players.min = "2";
    players.max = "10";
    players.id = "edit-players";
    playersField.appendChild(players);
    grid.append(presetField, playersField);
    box.appendChild(grid);
    const about = el("p", "preset-line");
    box.appendChild(about);
    const head = el("div", "label");
    head.appendChild(el("span", "", t("House rules")));
    const count = el("span", "changed-count");
    head.appendChild(count);
    box.appendChild(head);
    const groups = el("div", "edit-options");
    box.appendChild(groups);
    const err = el("div", "error-box");
    err.setAttribute("role", "alert");
    err.hidden = true;
    box.appendChild(err);
    const form = new RulesForm(options, { preset, players, about, box: groups, count });
    const changed = { ...(room.rules.changed || {}) };
    delete changed.players;
    form.build({ preset: room.rules.preset, changed, players: room.seats.length });
    const foot = el("div", "foot");
    const cancel = el("button", "btn ghost", t("Cancel"));
    cancel.type = "button";
    cancel.addEventListener("click", closeDialog);
    const saveBtn = el("button", "btn primary", t("Save the rules"));
    saveBtn.type = "button";
    saveBtn.dataset.action = "save-rules";
    saveBtn.addEventListener("click", () => {
      const read = form.read();
      if (read.error) {
        err.textContent = read.error;
        err.hidden = false;
        read.control.focus();
        return;
      }
      closeDialog();
      action("set_rules", read.rules);
    });
    foot.append(cancel, saveBtn);
    box.appendChild(foot);
  });
}

export function replacedDialog() {
  openDialog("replaced", t("This seat is open in another window"), (box) => {
    box.appendChild(el("p", "", t("You opened this table somewhere else, so this window stopped.")));
    const b = el("button", "btn primary", t("Play here"));
    b.type = "button";
    b.addEventListener("click", () => {
      closeDialog();
      S.retry = 0;
      connect();
    });
    box.appendChild(b);
  });
}

export async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("Link copied"), "good", 2000);
  } catch {
    const input = $("invite-link");
    if (input) input.select();
    toast(t("Copy the link from the box."), "info");
  }
}

export function inviteDialog() {
  const link = S.room ? S.room.link : `${location.origin}/r/${S.code}`;
  openDialog("invite", t("Invite friends"), (box) => {
    box.appendChild(el("p", "", t("Send this link to your friends:")));
    const inv = el("div", "invite");
    const input = el("input");
    input.type = "text";
    input.readOnly = true;
    input.value = link;
    inv.appendChild(input);
    const b = el("button", "btn primary", t("Copy link"));
    b.type = "button";
    b.addEventListener("click", () => copyLink(link));
    inv.appendChild(b);
    box.appendChild(inv);
    if (S.room && S.room.invite) {
      box.appendChild(el("p", "target-line", t("Or tell them the invite code: {code}", { code: S.room.invite })));
    }
  });
}

/** "Print the rules": the room's rule sheet (GET /r/{code}/sheet, made by the server for the
 * room's rules and this page's language) in a new tab, to print. The invite's key opens it. */
export function printRulesLink() {
  const a = el("a", "btn small ghost print-rules", t("Print the rules"));
  const invite = (S.room && S.room.invite) || "";
  const key = invite.startsWith(`${S.code}-`) ? invite.slice(S.code.length + 1) : invite;
  const query = new URLSearchParams({ lang: S.lang || "en", k: key });
  a.href = `/r/${encodeURIComponent(S.code)}/sheet?${query}`;
  a.target = "_blank";
  a.rel = "noopener";
  a.dataset.action = "print-rules";
  return a;
}

export function rulesDialog() {
  openDialog("rules", t("Rules of this room"), (box) => {
    if (!S.room) {
      box.appendChild(el("p", "", t("Connecting…")));
      return;
    }
    const lines = S.room.rules.lines || [];
    box.appendChild(el("p", "target-line rules-title", rulesTitle()));
    const ul = el("ul", "rules-lines");
    for (const line of lines) ul.appendChild(el("li", "", line));
    box.appendChild(ul);
    // the target, unless a line of the rules says it already
    const target = S.room.target;
    if (target && !lines.some((line) => new RegExp(`(^|\\D)${target}(\\D|$)`).test(line))) {
      box.appendChild(el("p", "target-line", targetWords(target)));
    }
    box.appendChild(printRulesLink());
  });
}

export function keysDialog() {
  openDialog("keys", t("Keyboard keys"), (box) => {
    const keys = el("div", "keys");
    const rows = [
      ["Tab, ← →", t("Move through your hand")],
      ["Enter, Space", t("Play the card in focus")],
      ["D", t("Draw a card, or take the penalty")],
      ["U", t("Call UNO")],
      ["K", t("Keep the drawn card")],
      ["C", t("Challenge the +4")],
      ["X", t("Catch a player who forgot UNO")],
      ["R Y G B", t("Name a colour")],
      ["H", t("Go to your hand")],
      ["Esc", t("Close a dialog")],
    ];
    for (const [k, what] of rows) {
      keys.appendChild(el("kbd", "", k));
      keys.appendChild(el("span", "", what));
    }
    box.appendChild(keys);
  });
}
