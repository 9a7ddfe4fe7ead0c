// The table (room.html): one WebSocket to the referee (docs/web-protocol.md), the view it
// sends drawn as a card table, every legal move a control carrying data-move="<notation>".
// User text (names, chat, the server's messages) is only ever set with textContent.

import { cardBack, cardFace, cardOrder, colorChip, COLORS, LETTER, parseCard } from "./cards.js";
import {
  chosenLang, el, icon, inviteFor, langPicker, loadLabels, REACTIONS, reactionImage, request, save,
  saved, saveInvite, saveToken, t, toast, tokenFor,
} from "./common.js";
import { choicesOf, sortMoves, withChoice } from "./moves.js";
import { RulesForm } from "./rules_form.js";
import { setSound, sound, soundOn } from "./sound.js";

const CHAT_MAX = 300; // the protocol's longest chat message
const NAME_MAX = 40; // the protocol's longest name
const AVATARS = ["#e3262e", "#1667c8", "#1e9e4a", "#d99a00", "#8e44ad", "#16a085", "#d35400",
  "#4a6078", "#c2185b", "#6d8a1f"];
const COLOR_LABEL = { red: "red", yellow: "yellow", green: "green", blue: "blue" };
const ANNOUNCE = {
  uno: ["UNO!", "uno"],
  caught: ["Caught!", "penalty"],
  false_catch: ["Wrong catch!", "penalty"],
  false_uno: ["False UNO!", "penalty"],
  challenge_won: ["Challenge!", "penalty"],
  challenge_lost: ["Challenge!", "penalty"],
  jump_in: ["Jump-in!", "play"],
  sum_jump_in: ["Jump-in!", "play"],
  swap: ["Swap!", "play"],
  rotate: ["Hands rotate!", "play"],
  shuffle_hands: ["Shuffle!", "play"],
};
/** Ends of rounds and matches: a sound only (the scores panel says who won). */
const QUIET = { round_won: "turn", match_won: "uno" };

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

const S = {
  code: "",
  token: null,
  lang: "en",
  you: null,
  room: null,
  state: null,
  view: null,
  moveNo: -1,
  ws: null,
  conn: "connecting",
  retry: 0,
  retryTimer: null,
  welcomed: false,
  helloError: null,
  stopped: false,
  pending: null,
  nextId: 1,
  tab: "log",
  unoArmed: false,
  dialog: null,
  deadlineAt: null,
  panelHidden: false,
  lastRound: null,
  prevHand: [],
  prevSizes: [],
  prevCurrent: null,
  prevTop: null,
};

// ---------------------------------------------------------------- start

function roomCode() {
  const m = location.pathname.match(/\/r\/([A-Za-z]+)/);
  if (m) return m[1].toUpperCase();
  return (new URLSearchParams(location.search).get("code") || "").toUpperCase();
}

async function start() {
  S.code = roomCode();
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (hash.get("t")) saveToken(S.code, hash.get("t"));
  if (hash.get("k")) saveInvite(S.code, hash.get("k").toUpperCase());
  if (hash.get("t") || hash.get("k")) {
    // out of the address bar (and of what is shared by copying it)
    history.replaceState(null, "", location.pathname + location.search);
  }
  S.token = tokenFor(S.code);
  S.lang = chosenLang();
  await loadLabels(S.lang);
  langPicker($("lang"), S.lang, async (lang) => {
    S.lang = lang;
    await loadLabels(lang);
    if (S.ws && S.ws.readyState === WebSocket.OPEN) send({ type: "hello", lang });
    render();
  });
  $("code").textContent = S.code;
  setupChrome();
  window.unokit = { S, handle, render, send, sendMove };
  if (hash.has("offline")) {
    setConn("offline");
    return;
  }
  if (S.token) connect();
  else joinDialog();
}

function setupChrome() {
  $("invite-btn").addEventListener("click", inviteDialog);
  $("rules-btn").addEventListener("click", rulesDialog);
  $("keys-btn").addEventListener("click", keysDialog);
  $("people-btn").addEventListener("click", peopleDialog);
  const sb = $("sound-btn");
  const showSound = () => {
    sb.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    sb.replaceChildren(icon(soundOn() ? "sound-on" : "sound-off"));
  };
  showSound();
  sb.addEventListener("click", () => {
    setSound(!soundOn());
    showSound();
    if (soundOn()) sound("turn");
  });
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    tab.addEventListener("click", () => showTab(tab.dataset.panel));
  }
  const reactions = $("reactions");
  for (const [emoji, , words] of REACTIONS) {
    const b = el("button");
    b.type = "button";
    b.dataset.react = emoji;
    b.title = t(words);
    b.setAttribute("aria-label", t(words));
    b.appendChild(reactionImage(emoji));
    b.addEventListener("click", () => send({ type: "react", emoji }));
    reactions.appendChild(b);
  }
  const chatInput = $("chat-input");
  const showLeft = () => {
    const left = CHAT_MAX - [...chatInput.value].length;
    const count = $("chat-left");
    count.hidden = left > 40;
    count.textContent = String(left);
    count.classList.toggle("over", left < 0);
    chatInput.setAttribute("aria-invalid", left < 0 ? "true" : "false");
  };
  chatInput.addEventListener("input", showLeft);
  $("chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    if ([...text].length > CHAT_MAX) {
      toast(t("A chat message has at most {n} characters.", { n: CHAT_MAX }), "error");
      return;
    }
    // kept until the server takes it: a refused line comes back to the box (not lost)
    const id = S.nextId++;
    if (send({ type: "chat", text, id })) {
      S.chatSent = { id, text };
      chatInput.value = "";
    }
    showLeft();
  });
  $("drawpile").addEventListener("click", () => {
    const move = $("drawpile").dataset.move;
    if (move) sendMove(move);
  });
  document.addEventListener("keydown", onKey);
  $("hand").addEventListener("scroll", () => {
    const hand = $("hand");
    hand.classList.toggle("at-end", hand.scrollLeft + hand.clientWidth >= hand.scrollWidth - 2);
  }, { passive: true });
  window.addEventListener("resize", () => {
    fitHand();
    renderOpponents();
  });
  window.addEventListener("online", () => {
    if (S.conn !== "online" && !S.stopped && S.token) connect();
  });
  setInterval(tick, 500);
  setInterval(() => {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) send({ type: "ping" });
  }, 25000);
}

function showTab(name) {
  S.tab = name;
  for (const tab of document.querySelectorAll(".tabs [role=tab]")) {
    tab.setAttribute("aria-selected", tab.dataset.panel === name ? "true" : "false");
  }
  for (const p of ["log", "chat", "scores"]) $(`panel-${p}`).hidden = p !== name;
  if (name === "chat") $("chat-unread").hidden = true;
}

// ---------------------------------------------------------------- connection

function setConn(state, detail = "") {
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

function connect() {
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

function scheduleReconnect() {
  if (S.stopped) return;
  const delay = Math.min(15000, 500 * 2 ** S.retry) * (0.8 + Math.random() * 0.4);
  S.retry += 1;
  S.reconnectAt = Date.now() + delay;
  setConn("reconnecting");
  S.retryTimer = setTimeout(connect, delay);
}

/** Sends a message (v and token added); false when not connected. */
function send(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast(t("Not connected: the table will come back by itself."), "error");
    return false;
  }
  S.ws.send(JSON.stringify({ ...msg, v: 1, token: S.token }));
  return true;
}

function action(type, fields = {}) {
  const id = S.nextId++;
  send({ type, id, ...fields });
}

function sendMove(move) {
  if (S.pending) return;
  closeDialog();
  const id = S.nextId++;
  if (!send({ type: "move", id, move_no: S.moveNo, move })) return;
  S.pending = { id, move, at: Date.now() };
  S.unoArmed = false;
  root.dataset.pending = "1";
}

function clearPending() {
  S.pending = null;
  delete root.dataset.pending;
}

// ---------------------------------------------------------------- messages

function handle(msg) {
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

function onState(msg) {
  const first = S.moveNo < 0;
  const fresh = msg.move_no > S.moveNo;
  const prev = S.view;
  S.state = msg;
  S.view = msg.view;
  S.moveNo = msg.move_no;
  S.deadlineAt = typeof msg.deadline === "number" ? Date.now() + msg.deadline * 1000 : null;
  S.takeoverAt = typeof msg.takeover === "number" ? Date.now() + msg.takeover * 1000 : null;
  clearPending();
  if (fresh && S.dialog && S.dialog.kind === "play") closeDialog(); // its choices are gone
  if (fresh && S.why) {
    // a reason told about an older table goes, unless it still holds
    const now = S.view.unplayable && S.view.unplayable[S.why.code];
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

function effects(prev, msg) {
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

// ---------------------------------------------------------------- helpers

function myseat() {
  return S.you && S.you.seat !== null && S.you.seat !== undefined ? S.you.seat : null;
}

function seatCount() {
  if (S.room) return S.room.seats.length;
  if (S.view) return S.view.hand_sizes.length;
  return 0;
}

function nameOf(seat) {
  if (seat === null || seat === undefined) return "";
  const s = S.room && S.room.seats[seat];
  if (s && s.name) return s.name;
  if (S.view && S.view.names && S.view.names[seat]) return S.view.names[seat];
  return t("Seat {n}", { n: seat + 1 });
}

function seatInfo(seat) {
  return (S.room && S.room.seats[seat]) || { seat, kind: "human", name: nameOf(seat), connected: true };
}

function avatar(seat, name, bot = false) {
  const a = el("span", "avatar", bot ? "" : [...((name || "?").trim() || "?")][0]);
  if (bot) a.appendChild(icon("bot"));
  a.style.setProperty("--av", AVATARS[seat % AVATARS.length]);
  if (bot) a.classList.add("bot");
  a.setAttribute("aria-hidden", "true");
  return a;
}

function status() {
  return S.room ? S.room.status : S.view ? "playing" : "connecting";
}

function inPlay() {
  return status() === "playing" && S.view && S.view.current !== null && S.view.current !== undefined;
}

// ---------------------------------------------------------------- rendering

function render() {
  const st = status();
  root.dataset.status = S.welcomed || S.room ? st : root.dataset.status;
  root.dataset.moveNo = String(S.moveNo);
  const v = S.view;
  const me = myseat();
  root.dataset.turn = v && inPlay() && v.current === me ? "me" : "";
  root.dataset.phase = v ? v.phase : "";
  root.dataset.current = v && v.current !== null && v.current !== undefined ? String(v.current) : "";
  document.title = `${root.dataset.turn === "me" ? "● " : ""}unokit · ${S.code}`;
  renderBanner();
  renderOpponents();
  renderCentre();
  renderMe();
  renderActions();
  renderHand();
  renderPanel();
  renderScores();
}

function renderBanner() {
  const b = $("banner");
  b.replaceChildren();
  b.className = "banner";
  const st = status();
  const v = S.view;
  const me = myseat();
  let text = "";
  if (!S.room && !v) text = t("Connecting…");
  else if (st === "lobby") {
    text = ""; // the waiting room's panel says it
  } else if (st === "round_over") text = t("Round over");
  else if (st === "match_over") text = t("Match over");
  else if (v && inPlay()) {
    if (v.current === me) {
      b.classList.add("mine");
      if (v.phase === "penalty") {
        b.classList.add("alert");
        text = t("Your turn: take +{n} or answer it", { n: v.stack_total || v.pending_draw });
      } else if (v.phase === "after_draw") {
        // keeping it is a choice only where the rules allow it (after_draw = may_play)
        text = (v.legal_moves || []).includes("pass") ?
          t("Your turn: play the drawn card or keep it") : t("Your turn: play the drawn card");
      }
      else if (v.phase === "choose_color") text = t("Your turn: name the colour");
      else text = t("Your turn");
    } else {
      text = t("{name}'s turn", { name: nameOf(v.current) });
      const info = seatInfo(v.current);
      if (info.kind === "bot") text += ` · ${t("thinking…")}`;
    }
  }
  b.hidden = !text;
  b.appendChild(el("span", "", text));
  if ((S.deadlineAt || (S.takeoverAt && v && v.current === me)) && inPlay()) {
    // the rule's turn clock, or (my turn) how long until a bot plays it for me
    const timer = el("span", S.deadlineAt ? "timer" : "timer takeover");
    timer.id = "timer";
    if (!S.deadlineAt) timer.title = t("Then a bot plays this turn for you");
    b.appendChild(timer);
    tick();
  }
}

function tick() {
  const timer = $("timer");
  const until = S.deadlineAt || S.takeoverAt;
  if (timer && until) {
    const left = Math.max(0, Math.round((until - Date.now()) / 1000));
    timer.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    timer.classList.toggle("soon", left <= 10);
    timer.setAttribute("aria-label", S.deadlineAt ? t("{n} seconds left", { n: left })
      : t("A bot plays for you in {n} seconds", { n: left }));
  }
  const people = $("people-count");
  if (people && S.room) {
    const watching = (S.room.watchers || []).filter((w) => w.connected).length;
    // the count is drawn by CSS (data-count), and said in the button's name
    people.dataset.count = watching ? String(watching) : "";
    $("people-btn").setAttribute("aria-label", watching
      ? t("People at this table ({n} watching)", { n: watching }) : t("People at this table"));
  }
  if (S.conn === "reconnecting" && S.reconnectAt) {
    const left = Math.max(0, Math.ceil((S.reconnectAt - Date.now()) / 1000));
    setConn("reconnecting", left > 0 ? t("Reconnecting in {n} s…", { n: left }) : t("Reconnecting…"));
  }
  const rc = $("ready-countdown");
  if (rc) rc.textContent = readyWords();
  if (S.pending && Date.now() - S.pending.at > 6000) {
    clearPending();
    render();
  }
}

/** Positions of the opponents around the table (percent of the arena), clockwise from my left. */
function arc(k) {
  if (k === 1) return [[50, 13]];
  const out = [];
  const from = k > 3 ? 198 : 180;
  const to = k > 3 ? -18 : 0;
  for (let i = 0; i < k; i++) {
    const a = ((from - (i * (from - to)) / (k - 1)) * Math.PI) / 180;
    out.push([50 + 42 * Math.cos(a), 56 - 43 * Math.sin(a)]);
  }
  return out;
}

function opponentSeats() {
  const n = seatCount();
  const me = myseat();
  const seats = [];
  const start = me === null ? 0 : me + 1;
  for (let i = 0; i < n; i++) {
    const s = (start + i) % n;
    if (s !== me) seats.push(s);
  }
  return seats;
}

function plateFor(seat, { you = false } = {}) {
  const v = S.view;
  const info = seatInfo(seat);
  const name = info.kind === "empty" ? t("Empty seat") : nameOf(seat);
  const plate = el("div", "plate");
  plate.appendChild(avatar(seat, name, info.kind === "bot"));
  const who = el("span", "who");
  who.appendChild(el("span", "name", you ? `${name} (${t("you")})` : name));
  const meta = el("span", "meta");
  if (info.kind === "bot") meta.appendChild(el("i", "badge bot", `${t("bot")} · ${t(info.level || "basic")}`));
  if (S.room && S.room.host === seat) meta.appendChild(el("i", "badge host", t("host")));
  if (info.kind === "human" && info.away) {
    meta.appendChild(el("i", "badge away", info.bot_plays ? t("away: a bot plays") : t("away")));
  }
  else if (info.kind === "human" && info.connected === false) meta.appendChild(el("i", "badge off", t("offline")));
  if (v && v.scores && S.room && S.room.status !== "lobby") {
    meta.appendChild(el("span", "pts", t("{n} pts", { n: v.scores[seat] ?? 0 })));
  }
  who.appendChild(meta);
  plate.appendChild(who);
  if (v && v.uno_called && v.uno_called[seat] && v.hand_sizes[seat] <= 2 && inPlay()) {
    plate.appendChild(el("span", "uno-mark", "UNO"));
  }
  return plate;
}

function renderOpponents() {
  const box = $("opponents");
  const v = S.view;
  // in the waiting room the panel lists the seats: nothing under it to be covered
  const seats = status() === "lobby" ? [] : opponentSeats();
  const spots = arc(seats.length);
  const old = new Map([...box.children].map((c) => [c.dataset.seat, c]));
  box.replaceChildren();
  seats.forEach((seat, i) => {
    const o = el("div", "opp");
    o.dataset.seat = String(seat);
    o.style.left = `${spots[i][0]}%`;
    o.style.top = `${spots[i][1]}%`;
    if (v && inPlay() && v.current === seat) o.classList.add("turn");
    if (v && inPlay() && v.in_round && v.in_round[seat] === false) o.classList.add("out");
    o.appendChild(el("span", "turn-arrow", "▼"));
    o.appendChild(plateFor(seat));
    if (v && S.room && S.room.status !== "lobby") {
      const fan = el("div", "fan");
      const count = v.hand_sizes[seat] || 0;
      const shown = Math.min(count, 10);
      for (let j = 0; j < shown; j++) {
        const back = cardBack();
        back.style.transform = `rotate(${(j - (shown - 1) / 2) * 7}deg)`;
        fan.appendChild(back);
      }
      const c = el("i", "count", String(count));
      c.setAttribute("aria-label", t("{n} cards", { n: count }));
      if (S.prevSizes[seat] !== undefined && S.prevSizes[seat] !== count) c.classList.add("bump");
      fan.appendChild(c);
      o.appendChild(fan);
    }
    const prevEl = old.get(String(seat));
    if (prevEl) for (const b of prevEl.querySelectorAll(".react-bubble")) o.appendChild(b);
    box.appendChild(o);
  });
  if (v) S.prevSizes = [...v.hand_sizes];
  clampOpponents();
}

/** Keeps every opponent (its UNO tag included) inside the table and below the turn banner:
 * the places around the table are percentages, and a short or narrow window pushed the top
 * one under the banner and the side ones past the edge. */
function clampOpponents() {
  const arena = $("arena");
  const banner = $("banner");
  if (!arena || window.matchMedia("(max-width: 820px)").matches) return; // a row on phones
  const a = arena.getBoundingClientRect();
  const b = banner && !banner.hidden ? banner.getBoundingClientRect() : null;
  for (const o of document.querySelectorAll("#opponents .opp")) {
    const r = o.getBoundingClientRect();
    const tag = o.querySelector(".uno-mark");
    const right = Math.max(r.right, tag ? tag.getBoundingClientRect().right : r.right);
    let dx = 0;
    if (r.left < a.left + 6) dx = a.left + 6 - r.left;
    else if (right > a.right - 6) dx = a.right - 6 - right;
    let dy = 0;
    const top = b && r.left < b.right && r.right > b.left ? b.bottom + 6 : a.top + 4;
    if (r.top < top) dy = top - r.top;
    if (dx || dy) o.style.translate = `${dx}px ${dy}px`;
  }
}

function renderCentre() {
  const v = S.view;
  const centre = $("centre");
  const show = v && S.room && S.room.status !== "lobby" && v.top;
  centre.hidden = !show;
  if (!show) return;
  // draw pile
  const dp = $("drawpile");
  dp.replaceChildren(cardBack(), cardBack(), cardBack());
  const { others } = sortMoves(v.legal);
  const canDraw = others.some((m) => m.kind === "draw");
  if (canDraw && !S.pending) {
    dp.dataset.move = "draw";
    dp.title = t("Draw a card");
  } else {
    delete dp.dataset.move;
    dp.title = t("Draw pile");
  }
  $("pile-count").textContent = t("{n} cards", { n: v.draw_pile });
  // discard: the top card and two under it
  const disc = $("discard");
  const pile = v.discard || [];
  const under = pile.slice(Math.max(0, pile.length - 3), pile.length - 1);
  const nodes = [];
  under.forEach((code, i) => {
    const c = cardFace(code);
    c.classList.add(i === under.length - 1 ? "under1" : "under2");
    delete c.dataset.card;
    nodes.push(c);
  });
  const top = cardFace(v.top, { named: v.named_color });
  delete top.dataset.card;
  top.classList.add("top");
  top.id = "top-card";
  top.dataset.top = v.top;
  if (v.color) top.style.setProperty("--active", `var(--${v.color})`);
  if (S.prevTop !== null && S.prevTop !== `${v.top}/${pile.length}`) {
    top.classList.add("fly");
    const from = document.querySelector(`.opp[data-seat="${S.prevCurrent}"]`);
    if (from) {
      const a = from.getBoundingClientRect();
      const b = disc.getBoundingClientRect();
      top.style.setProperty("--fx", `${a.left + a.width / 2 - (b.left + b.width / 2)}px`);
      top.style.setProperty("--fy", `${a.top + a.height / 2 - (b.top + b.height / 2)}px`);
    } else {
      top.style.setProperty("--fx", "0px");
      top.style.setProperty("--fy", "160px");
    }
  }
  nodes.push(top);
  disc.replaceChildren(...nodes);
  S.prevTop = `${v.top}/${pile.length}`;
  S.prevCurrent = v.current;
  // the active colour (a wild's named colour stays visible)
  const ac = $("active-color");
  ac.replaceChildren();
  if (v.color) {
    ac.appendChild(colorChip(v.color, v.named_color ? t("named {color}", { color: t(COLOR_LABEL[v.color]) }) : t(COLOR_LABEL[v.color])));
    ac.dataset.color = v.color;
    ac.hidden = false;
  } else ac.hidden = true;
  // penalty
  const pen = $("penalty");
  const total = v.stack_total || v.pending_draw || 0;
  pen.hidden = !(total > 0 && inPlay());
  pen.textContent = `+${total}`;
  pen.title = t("Pending penalty: {n} cards", { n: total });
  // direction
  const dir = $("direction");
  dir.className = `direction ${v.direction}`;
  for (const a of dir.querySelectorAll(".arrow")) a.style.scale = v.direction === "ccw" ? "-1 1" : "1 1";
  $("direction-label").textContent = v.direction === "ccw" ? `↺ ${t("Counter-clockwise")}` : `↻ ${t("Clockwise")}`;
}

function renderMe() {
  const box = $("me");
  box.replaceChildren();
  const me = myseat();
  const v = S.view;
  box.className = "me";
  if (me === null) {
    if (S.you) {
      const w = el("div", "watching");
      w.append(icon("eye"), ` ${t("You are watching")}`);
      box.appendChild(w);
    }
    return;
  }
  box.dataset.seat = String(me);
  if (v && inPlay() && v.current === me) box.classList.add("turn");
  box.appendChild(plateFor(me, { you: true }));
  if (v && S.room && S.room.status !== "lobby") {
    box.appendChild(el("span", "pile-count", t("{n} cards", { n: (v.hand || []).length })));
  }
  for (const b of S.meBubbles || []) box.appendChild(b);
}

function moveButton(move, text, cls = "", key = "") {
  const b = el("button", `btn ${cls}`.trim(), text);
  b.type = "button";
  b.dataset.move = move;
  if (key) {
    b.dataset.key = key;
    b.classList.add("key");
    b.setAttribute("aria-keyshortcuts", key);
  }
  if (S.pending) b.disabled = true;
  b.addEventListener("click", () => sendMove(move));
  return b;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const v = S.view;
  if (!v || !inPlay()) {
    if (S.panelHidden && ["round_over", "match_over"].includes(status())) {
      const b = el("button", "btn primary", t("Show the scores"));
      b.type = "button";
      b.addEventListener("click", () => {
        S.panelHidden = false;
        render();
      });
      box.appendChild(b);
    }
    return;
  }
  const me = myseat();
  const { plays, others, labels } = sortMoves(v.legal);
  const mine = v.current === me;
  for (const m of others) {
    const label = labels.get(m.text);
    if (m.kind === "color") {
      const b = el("button", `color-btn c-${LETTER[m.color]}`);
      b.type = "button";
      b.dataset.move = m.text;
      b.dataset.key = LETTER[m.color];
      b.appendChild(el("b", "", LETTER[m.color]));
      b.appendChild(el("span", "", t(COLOR_LABEL[m.color])));
      b.title = label;
      b.style.minWidth = "72px";
      b.addEventListener("click", () => sendMove(m.text));
      box.appendChild(b);
    } else if (m.kind === "draw") {
      const n = v.stack_total || v.pending_draw;
      box.appendChild(moveButton(m.text, v.phase === "penalty" && n ? t("Take +{n}", { n }) : t("Draw a card"), v.phase === "penalty" ? "danger" : "", "D"));
    } else if (m.kind === "pass") {
      box.appendChild(moveButton(m.text, t("Keep the card"), "", "K"));
    } else if (m.kind === "challenge") {
      box.appendChild(moveButton(m.text, t("Challenge the +4"), "primary", "C"));
    } else if (m.kind === "uno") {
      box.appendChild(moveButton(m.text, t("UNO!"), "uno", "U"));
    } else if (m.kind === "catch") {
      box.appendChild(moveButton(m.text, t("Catch {name}!", { name: nameOf(m.target) }), "catch", "X"));
    } else {
      box.appendChild(moveButton(m.text, label));
    }
  }
  // UNO with the play, where it is not a move of its own
  const unoPlays = [...plays.values()].flat().some((m) => m.uno);
  if (unoPlays && !others.some((m) => m.kind === "uno")) {
    const b = el("button", "btn uno", S.unoArmed ? `✓ ${t("UNO!")}` : t("UNO!"));
    b.type = "button";
    b.dataset.unoArm = "1";
    b.dataset.key = "U";
    b.classList.add("key");
    b.setAttribute("aria-pressed", S.unoArmed ? "true" : "false");
    b.title = t("Call UNO with your next card");
    b.addEventListener("click", () => {
      S.unoArmed = !S.unoArmed;
      render();
    });
    box.appendChild(b);
  }
  if (!mine && plays.size) box.appendChild(el("span", "hint", t("You can jump in!")));
  else if (mine && plays.size && v.phase !== "after_draw") {
    box.appendChild(el("span", "hint", v.phase === "penalty" ? t("Stack a card, or take the penalty") : t("Play a raised card")));
  }
  if (S.why) {
    const why = el("div", "why", S.why.text);
    why.id = "why";
    why.setAttribute("role", "alert");
    box.appendChild(why);
  }
}

function renderHand() {
  const hand = $("hand");
  const wrap = $("hand-wrap");
  const v = S.view;
  const me = myseat();
  wrap.hidden = me === null || !v || !S.room || S.room.status === "lobby"
    || (S.room.status !== "playing" && !(v.hand || []).length);
  if (wrap.hidden) {
    hand.replaceChildren();
    return;
  }
  const focused = document.activeElement && hand.contains(document.activeElement)
    ? [...hand.children].indexOf(document.activeElement) : -1;
  const cards = [...(v.hand || [])].sort((a, b) => cardOrder(a) - cardOrder(b));
  const { plays } = sortMoves(inPlay() ? v.legal : []);
  const anyPlay = plays.size > 0;
  const prev = [...S.prevHand];
  const mine = v.current === me;
  let drawnMarked = false;
  const misplays = (inPlay() && mine && v.misplays) || {};
  const nodes = cards.map((code) => {
    const moves = plays.get(code) || [];
    // its name and what it can do now: a screen reader says "red 7, playable"
    let state = t("cannot be played now");
    if (moves.length) state = mine ? t("playable") : t("you can jump in with it");
    else if (misplays[code]) state = t("does not match: a misplay costs a penalty");
    const c = cardFace(code, { tag: "button", label: `${cardLabel(code)}, ${state}` });
    c.title = cardLabel(code);
    const i = prev.indexOf(code);
    if (i >= 0) prev.splice(i, 1);
    else if (S.handShown) c.classList.add("new");
    if (moves.length) {
      c.classList.add("playable");
      const one = singleMove(moves);
      if (one) c.dataset.move = one;
      else c.dataset.choices = String(moves.length);
      if (!mine) c.appendChild(el("i", "jump", t("Jump in!")));
    } else if (anyPlay || mine) {
      c.classList.add("dim");
      if (misplays[code]) c.classList.add("misplay");
    }
    if (v.drawn_card === code && !drawnMarked && mine) {
      c.classList.add("drawn");
      drawnMarked = true;
    }
    if (S.pending) c.setAttribute("aria-disabled", "true");
    c.addEventListener("click", () => tapCard(code, c));
    return c;
  });
  hand.replaceChildren(...nodes);
  if (!nodes.length) hand.appendChild(el("div", "hand-empty", t("No cards")));
  S.prevHand = [...(v.hand || [])];
  S.handShown = true;
  fitHand();
  if (focused >= 0 && hand.children.length) {
    hand.children[Math.min(focused, hand.children.length - 1)].focus({ preventScroll: true });
  }
}

const RANK_WORDS = { S: "skip", R: "reverse", "+2": "+2", W: "wild", "W+4": "wild +4",
  WSH: "shuffle hands", WCU: "custom wild", WKS: "keep swimming" };

/** A card's name for screen readers and tooltips: "red 5", "wild +4". */
function cardLabel(code) {
  const c = parseCard(code);
  const rank = RANK_WORDS[c.rank] ? t(RANK_WORDS[c.rank]) : c.rank;
  return c.wild ? rank : t("{color} {rank}", { color: t(COLOR_LABEL[c.color]), rank });
}

/** The one move a tap plays, or null when the card needs a choice (colour, target, ...). */
function singleMove(moves) {
  const plain = moves.filter((m) => !m.uno);
  const armed = moves.filter((m) => m.uno);
  const pick = S.unoArmed && armed.length ? armed : plain.length ? plain : armed;
  return pick.length === 1 ? pick[0].text : null;
}

/** Lays the hand out in a grid: cards overlap (each shows at least MIN_SHOWN of its width,
 * so a tap on a card's middle lands on that card), in up to three rows before it scrolls. */
const MIN_SHOWN = 0.58;
function fitHand() {
  const hand = $("hand");
  const n = hand.querySelectorAll(".card").length;
  if (!n) return;
  const w = hand.querySelector(".card").offsetWidth;
  const style = getComputedStyle(hand);
  const avail = hand.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const stepFor = (k) => (k <= 1 ? w : Math.min(w + 6, (avail - w) / (k - 1)));
  let rows = 1;
  let perRow = n;
  while (rows < 3 && stepFor(perRow) < w * MIN_SHOWN) {
    rows += 1;
    perRow = Math.ceil(n / rows);
  }
  const step = Math.max(stepFor(perRow), w * MIN_SHOWN);
  hand.style.gridTemplateColumns = perRow > 1 ? `repeat(${perRow - 1}, ${step}px) ${w}px` : `${w}px`;
  hand.dataset.rows = String(rows);
  requestAnimationFrame(() => {
    hand.classList.toggle("scrolls", hand.scrollWidth > hand.clientWidth + 2);
    hand.classList.toggle("at-end", hand.scrollLeft + hand.clientWidth >= hand.scrollWidth - 2);
  });
}

function tapCard(code, node) {
  const v = S.view;
  if (!v || S.pending) return;
  const { plays } = sortMoves(inPlay() ? v.legal : []);
  const moves = plays.get(code) || [];
  if (!moves.length) {
    let why = (v.unplayable && v.unplayable[code]) || "";
    if (!why) why = v.current === myseat() ? t("This card cannot be played now.") : t("It is not your turn.");
    const misplay = inPlay() && v.current === myseat() && v.misplays && v.misplays[code];
    if (misplay) {
      misplayDialog(code, why, misplay);
      return;
    }
    showWhy(why, node);
    return;
  }
  const one = singleMove(moves);
  if (one) sendMove(one);
  else playDialog(code, moves);
}

/** Why a tapped card cannot be played: a line under the move buttons (it covers none of
 * them), read out by screen readers; it goes when the table changes or after a while. */
function showWhy(text, node) {
  S.why = { code: node.dataset.card, text, at: Date.now() };
  renderActions();
  node.classList.remove("shake");
  void node.offsetWidth;
  node.classList.add("shake");
  clearTimeout(S.whyTimer);
  S.whyTimer = setTimeout(() => {
    S.why = null;
    renderActions();
  }, 6000);
}

/** Under `misplay = penalty_*` a card that does not match may still be played, at a cost:
 * asked first ("green 9 does not match: play it anyway and take the penalty?"). */
function misplayDialog(code, why, move) {
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

// ---------------------------------------------------------------- panels: lobby, round over

function renderPanel() {
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

function levelSelect(value) {
  const sel = el("select");
  for (const level of ["random", "basic", "strong", "expert"]) {
    const o = el("option", "", t(level));
    o.value = level;
    sel.appendChild(o);
  }
  sel.value = value || (S.room && S.room.bot_level) || "strong";
  sel.setAttribute("aria-label", t("Bot level"));
  return sel;
}

function smallButton(text, cls, onClick, actionName) {
  const b = el("button", `btn small ${cls}`.trim(), text);
  b.type = "button";
  if (actionName) b.dataset.action = actionName;
  b.addEventListener("click", onClick);
  return b;
}

/** "Your name" and a button: anyone at the table may change their name. */
function nameForm() {
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
function watchersBlock(box) {
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
function tableSettings(box) {
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
  box.appendChild(wrap);
}

function leaveButton() {
  const b = smallButton("", "ghost", leaveDialog, "leave");
  b.append(icon("leave"), ` ${t("Leave the table")}`);
  return b;
}

function lobbyPanel(panel) {
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
  foot.appendChild(leaveButton());
  panel.appendChild(foot);
  panel.appendChild(rulesBlock());
}

/** "official", or "official + 3 house rules" when the room changed some (players aside). */
function rulesTitle() {
  const rules = S.room && S.room.rules;
  if (!rules) return "";
  const name = rules.name || rules.preset;
  const changed = Object.keys(rules.changed || {}).filter((k) => k !== "players").length;
  if (!changed) return name;
  return changed === 1 ? t("{name} + 1 house rule", { name }) : t("{name} + {n} house rules", { name, n: changed });
}

/** "Target: 1 point" / "Target: 500 points". */
function targetWords(n) {
  return n === 1 ? t("Target: {n} point", { n }) : t("Target: {n} points", { n });
}

function rulesBlock() {
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

function scoresTable(showReady) {
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

function roundPanel(panel, st) {
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
  if (me === null && room.seats.some((s) => s.kind === "empty")) {
    const free = room.seats.find((s) => s.kind === "empty");
    row.appendChild(smallButton(t("Take a seat"), "", () => action("take_seat", { seat: free.seat }), "take-seat"));
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
async function downloadRecord() {
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
function readyWords() {
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

function renderScores() {
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

// ---------------------------------------------------------------- log, chat, reactions, announcements

function addLog(line) {
  const log = $("log");
  const round = S.view ? S.view.round_no : null;
  if (round && round !== S.lastRound) {
    if (S.lastRound !== null) log.appendChild(el("li", "round", `— ${t("Round {n}", { n: round })} —`));
    S.lastRound = round;
  }
  const li = el("li", `k-${line.kind || "event"}`);
  if (line.seat !== null && line.seat !== undefined && line.seat === myseat()) li.classList.add("mine");
  li.appendChild(el("span", "", line.text));
  if (line.rule) li.appendChild(el("span", "rule", line.rule));
  log.appendChild(li);
  while (log.children.length > 400) log.firstChild.remove();
  const p = $("panel-log");
  p.scrollTop = p.scrollHeight;
}

function addChat(msg) {
  const list = $("chat");
  const li = el("li");
  li.appendChild(el("span", "from", `${msg.name}:`));
  li.appendChild(el("span", "", msg.text));
  if (msg.time) li.title = new Date(msg.time * (msg.time < 1e12 ? 1000 : 1)).toLocaleTimeString();
  list.appendChild(li);
  while (list.children.length > 300) list.firstChild.remove();
  const p = $("panel-chat");
  p.scrollTop = p.scrollHeight;
  if (S.tab !== "chat") $("chat-unread").hidden = false;
}

function addReaction(msg) {
  const list = $("chat");
  const li = el("li");
  li.appendChild(el("span", "from", `${msg.name}`));
  const r = el("span", "react");
  r.appendChild(reactionImage(msg.emoji));
  li.appendChild(r);
  list.appendChild(li);
  const bubble = el("span", "react-bubble");
  bubble.appendChild(reactionImage(msg.emoji));
  setTimeout(() => bubble.remove(), 2300);
  if (msg.seat !== null && msg.seat === myseat()) {
    S.meBubbles = [bubble];
    $("me").appendChild(bubble);
    setTimeout(() => { S.meBubbles = []; }, 2300);
  } else {
    const target = document.querySelector(`.opp[data-seat="${msg.seat}"]`);
    if (target) target.appendChild(bubble);
    else $("banner").appendChild(bubble);
  }
}

function clearAnnouncements() {
  for (const old of document.querySelectorAll("#table .announce")) old.remove();
}

function announce(word, sub) {
  clearAnnouncements();
  const box = el("div", "announce");
  box.setAttribute("aria-hidden", "true"); // the log says it too
  box.appendChild(el("div", "big-word", word));
  if (sub) box.appendChild(el("div", "sub", sub));
  $("table").appendChild(box);
  setTimeout(() => box.remove(), 1500);
}

// ---------------------------------------------------------------- dialogs

function openDialog(kind, title, build, { closable = true } = {}) {
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
  S.dialog = { kind, overlay, closable, restore: document.activeElement };
  const first = box.querySelector("input, [data-move], button");
  if (first) first.focus();
  return box;
}

function closeDialog() {
  if (!S.dialog) return;
  const { overlay, restore } = S.dialog;
  S.dialog = null;
  overlay.remove();
  if (restore && document.contains(restore)) restore.focus({ preventScroll: true });
}

function describeChoice(g, several) {
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

function playDialog(code, moves) {
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

function joinDialog(error = "") {
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
          toast(t("The table is full: you are watching."), "info", 5000);
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

function serverErrorDialog() {
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
async function roomAbout(box) {
  let info;
  try {
    info = await request("GET", `/api/rooms/${encodeURIComponent(S.code)}?lang=${encodeURIComponent(S.lang)}`,
      undefined, { "X-Invite": inviteFor(S.code) || "" });
  } catch (e) {
    box.appendChild(el("p", "error-box", e.message));
    return;
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
  const free = info.seats.filter((s) => s.kind === "empty").length;
  const words = info.status === "lobby" ? t("The match has not started yet.") : t("The match is being played.");
  box.appendChild(el("p", "target-line", `${words} ${t("Free seats: {n}", { n: free })}`));
  const d = el("details");
  d.appendChild(el("summary", "", t("Rules")));
  const ul = el("ul", "rules-lines");
  for (const line of info.rules || []) ul.appendChild(el("li", "", line));
  d.appendChild(ul);
  box.appendChild(d);
}

function removedDialog(watchingClosed = false) {
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

function leftDialog() {
  openDialog("left", t("You left the table"), (box) => {
    const row = el("div", "row");
    const home = el("a", "btn primary link-btn", t("Back to the front page"));
    home.href = "/";
    row.appendChild(home);
    box.appendChild(row);
  }, { closable: false });
}

/** Leaving is asked first: the seat goes to a bot (or is freed before the match). */
function leaveDialog() {
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
function peopleDialog() {
  openDialog("people", t("People at this table"), (box) => {
    if (!S.room) {
      box.appendChild(el("p", "", t("Connecting…")));
      return;
    }
    fillPeople(box);
  });
}

function fillPeople(box) {
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
async function rulesEditDialog() {
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

function replacedDialog() {
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

async function copyLink(link) {
  try {
    await navigator.clipboard.writeText(link);
    toast(t("Link copied"), "good", 2000);
  } catch {
    const input = $("invite-link");
    if (input) input.select();
    toast(t("Copy the link from the box."), "info");
  }
}

function inviteDialog() {
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

function rulesDialog() {
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
  });
}

function keysDialog() {
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

// ---------------------------------------------------------------- keyboard

function clickMove(selector) {
  const b = document.querySelector(selector);
  if (b && !b.disabled) {
    b.click();
    return true;
  }
  return false;
}

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = (ev.target && ev.target.tagName) || "";
  if (ev.key === "Escape" && S.dialog && S.dialog.closable) {
    closeDialog();
    return;
  }
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  if (S.dialog) {
    if (S.dialog.kind === "play" && "rygb".includes(key) && key.length === 1) {
      const color = { r: "red", y: "yellow", g: "green", b: "blue" }[key];
      if (clickMove(`#dialog .color-btn[data-color="${color}"]`)) ev.preventDefault();
    }
    return;
  }
  const hand = $("hand");
  if ((key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") && hand.contains(document.activeElement)) {
    const cards = [...hand.querySelectorAll(".card")];
    let i = cards.indexOf(document.activeElement);
    if (key === "ArrowLeft") i = Math.max(0, i - 1);
    else if (key === "ArrowRight") i = Math.min(cards.length - 1, i + 1);
    else if (key === "Home") i = 0;
    else i = cards.length - 1;
    cards[i].focus();
    cards[i].scrollIntoView({ block: "nearest", inline: "nearest" });
    ev.preventDefault();
    return;
  }
  const map = {
    d: '#actions [data-move="draw"]',
    u: '#actions [data-move="uno"], #actions [data-uno-arm]',
    k: '#actions [data-move="pass"]',
    p: '#actions [data-move="pass"]',
    c: '#actions [data-move="challenge"]',
    x: '#actions [data-move^="catch "]',
    r: '#actions [data-move="color red"]',
    y: '#actions [data-move="color yellow"]',
    g: '#actions [data-move="color green"]',
    b: '#actions [data-move="color blue"]',
  };
  if (map[key] && clickMove(map[key])) {
    ev.preventDefault();
    return;
  }
  if (key === "h") {
    const card = hand.querySelector(".card.playable") || hand.querySelector(".card");
    if (card) {
      card.focus();
      ev.preventDefault();
    }
  } else if (key === "?") {
    keysDialog();
  }
}

start();
