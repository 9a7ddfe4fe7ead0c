// The connection to the referee (docs/web-protocol.md): the WebSocket, reconnecting,
// sending, and every message the server sends.

import { saved, saveToken, t, toast } from "./common.js";
import {
  closeDialog, joinDialog, leftDialog, removedDialog, replacedDialog, serverErrorDialog,
} from "./dialogs.js";
import { addChat, addLog, addReaction, announce, clearAnnouncements } from "./feed.js";
import { sound } from "./sound.js";
import { $, ANNOUNCE, myseat, QUIET, root, S } from "./state.js";
import { render } from "./table.js";

export function setConn(state, detail = "") {
  S.conn = state;
  const c = $("conn");
  c.dataset.conn = state;
  root.dataset.conn = state;
  const words = {
    connecting: t("Connecting…"),
    online: t("Connected"),
    reconnecting: t("Reconnecting…"),
    offline: t("Offline"),
  };
  c.textContent = detail || words[state] || state;
}

export function connect() {
  clearTimeout(S.retryTimer);
  S.stopped = false;
  if (S.ws) {
    S.ws.onclose = null;
    S.ws.close();
  }
  setConn(S.retry ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let ws;
  try {
    ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(S.code)}`);
  } catch {
    scheduleReconnect();
    return;
  }
  S.ws = ws;
  S.welcomed = false;
  S.helloError = null;
  ws.onopen = () => send({ type: "hello", lang: S.lang });
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    handle(msg);
  };
  ws.onclose = (ev) => {
    if (S.ws !== ws) return;
    S.ws = null;
    clearPending();
    if (ev.code === 4000) {
      S.stopped = true;
      setConn("offline", t("Opened elsewhere"));
      replacedDialog();
      return;
    }
    if (ev.code === 4403) {
      S.stopped = true;
      setConn("offline");
      toast(t("The server refused this page's connection."), "error", 8000);
      return;
    }
    if (ev.code === 1011) {
      // the server failed while serving this table: say so, and retry only when asked
      S.stopped = true;
      setConn("offline", t("Server error"));
      serverErrorDialog();
      return;
    }
    if (ev.code === 4001 || ev.code === 4002 || ev.code === 4003) {
      // removed by the host, left, or watching closed: the token opens nothing any more
      S.stopped = true;
      saveToken(S.code, null);
      S.token = null;
      setConn("offline");
      if (ev.code === 4002) leftDialog();
      else removedDialog(ev.code === 4003);
      return;
    }
    if (ev.code === 4005) {
      // a place nobody used for a while is given back: join again
      S.stopped = true;
      saveToken(S.code, null);
      S.token = null;
      setConn("offline");
      joinDialog(t("You were away a while, so your place here was given back: join again."));
      return;
    }
    if (ev.code === 4401 || (!S.welcomed && S.helloError)) {
      // the server did not accept our token: join again
      S.stopped = true;
      saveToken(S.code, null);
      S.token = null;
      setConn("offline");
      joinDialog(S.helloError || t("This link does not open a place in this room."));
      return;
    }
    scheduleReconnect();
  };
}

export function scheduleReconnect() {
  if (S.stopped) return;
  const delay = Math.min(15000, 500 * 2 ** S.retry) * (0.8 + Math.random() * 0.4);
  S.retry += 1;
  S.reconnectAt = Date.now() + delay;
  setConn("reconnecting");
  S.retryTimer = setTimeout(connect, delay);
}

/** Sends a message (v and token added); false when not connected. */
export function send(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast(t("Not connected: the table will come back by itself."), "error");
    return false;
  }
  S.ws.send(JSON.stringify({ ...msg, v: 1, token: S.token }));
  return true;
}

export function action(type, fields = {}) {
  const id = S.nextId++;
  send({ type, id, ...fields });
}

export function sendMove(move) {
  if (S.pending) return;
  closeDialog();
  const id = S.nextId++;
  if (!send({ type: "move", id, move_no: S.moveNo, move })) return;
  S.pending = { id, move, at: Date.now() };
  S.unoArmed = false;
  root.dataset.pending = "1";
}

export function clearPending() {
  S.pending = null;
  delete root.dataset.pending;
}

export function handle(msg) {
  switch (msg.type) {
    case "welcome":
      S.welcomed = true;
      S.retry = 0;
      S.you = msg.you;
      S.history = true; // the next state's log is the table's recent history
      root.dataset.role = msg.you.role;
      root.dataset.seat = msg.you.seat === null ? "" : String(msg.you.seat);
      setConn("online");
      // the host of a room `unokit serve --room` made is "Player 1": their usual name instead
      if (!S.renamed && msg.you.host && msg.you.name === "Player 1" && saved("name", "")
        && saved("name", "") !== "Player 1") {
        S.renamed = true;
        setTimeout(() => action("rename", { name: saved("name", "") }), 0);
      }
      if (S.dialog && S.dialog.kind === "join") closeDialog();
      break;
    case "room":
      S.room = msg;
      S.readyAt = typeof msg.ready_in === "number" ? Date.now() + msg.ready_in * 1000 : null;
      break;
    case "state":
      onState(msg);
      break;
    case "refused":
      if (!S.welcomed) S.helloError = msg.message;
      if (S.chatSent && msg.id === S.chatSent.id) {
        const box = $("chat-input");
        if (!box.value) box.value = S.chatSent.text;
        S.chatSent = null;
        toast(msg.message, "error", 5000);
        break;
      }
      clearPending();
      toast(msg.message || t("The move was not accepted."), "error", 5000);
      break;
    case "error":
      if (!S.welcomed) S.helloError = msg.message;
      clearPending();
      toast(msg.message || t("The server refused the message."), "error", 5000);
      break;
    case "chat":
      if (S.chatSent && S.you && msg.seat === S.you.seat && msg.name === S.you.name
        && msg.text === S.chatSent.text) S.chatSent = null;
      addChat(msg);
      break;
    case "react":
      addReaction(msg);
      break;
    default:
      return;
  }
  render();
}

export function onState(msg) {
  const first = S.moveNo < 0;
  const fresh = msg.move_no > S.moveNo;
  const prev = S.view;
  S.state = msg;
  S.view = msg.view;
  S.moveNo = msg.move_no;
  S.deadlineAt = typeof msg.deadline === "number" ? Date.now() + msg.deadline * 1000 : null;
  S.takeoverAt = typeof msg.takeover === "number" ? Date.now() + msg.takeover * 1000 : null;
  // the round's match clock (match_clock): a blitz round ends when it runs out
  S.matchClockAt = typeof msg.match_clock === "number" ? Date.now() + msg.match_clock * 1000 : null;
  clearPending();
  if (fresh && S.dialog && S.dialog.kind === "play") closeDialog(); // its choices are gone
  if (fresh && S.why) {
    // a reason told about an older table goes, unless it still holds
    const now = S.why.code ? S.view.unplayable && S.view.unplayable[S.why.code]
      : Object.values(S.view.refused || {}).find((r) => r === S.why.text);
    if (now !== S.why.text) S.why = null;
  }
  if (S.history) {
    // after a (re)connection or a change of language: the recent history, told anew
    S.history = false;
    $("log").replaceChildren();
    S.lastRound = null;
    for (const line of msg.log || []) addLog(line);
    if (fresh && !first) effects(prev, { ...msg, log: [] });
    return;
  }
  if (fresh || first) {
    for (const line of msg.log || []) addLog(line);
    if (!first) effects(prev, msg);
  }
}

export function effects(prev, msg) {
  const v = msg.view;
  clearAnnouncements(); // the table moved on
  const kinds = new Set((msg.log || []).map((l) => l.kind));
  let played = false;
  for (const line of msg.log || []) {
    const a = ANNOUNCE[line.kind];
    if (a) {
      announce(t(a[0]), line.text);
      sound(a[1]);
      played = true;
    } else if (QUIET[line.kind]) {
      clearAnnouncements();
      sound(QUIET[line.kind]);
      played = true;
    }
  }
  if (!played) {
    if (kinds.has("penalty_draw") || kinds.has("caught")) sound("penalty");
    else if (kinds.has("play")) sound("play");
    else if (kinds.has("draw")) sound("draw");
  }
  const me = myseat();
  if (me !== null && v.current === me && (!prev || prev.current !== me)) {
    setTimeout(() => sound("turn"), 250);
  }
}
