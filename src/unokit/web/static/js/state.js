// The table's state (S: what the server last said, what this page is doing) and the
// questions every part asks of it (whose seat, whose name, is a round being played).

import { cardName, el, icon, t } from "./common.js";

export const CHAT_MAX = 300; // the protocol's longest chat message

export const NAME_MAX = 40; // the protocol's longest name

export const AVATARS = ["#e3262e", "#1667c8", "#1e9e4a", "#d99a00", "#8e44ad", "#16a085", "#d35400",
  "#4a6078", "#c2185b", "#6d8a1f"];

export const COLOR_LABEL = { red: "red", yellow: "yellow", green: "green", blue: "blue" };

export const ANNOUNCE = {
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
export const QUIET = { round_won: "turn", match_won: "uno" };

export const $ = (id) => document.getElementById(id);

export const root = document.documentElement;

export const S = {
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
  matchClockAt: null,
  panelHidden: false,
  lastRound: null,
  prevHand: [],
  prevSizes: [],
  prevCurrent: null,
  prevTop: null,
};

export function myseat() {
  return S.you && S.you.seat !== null && S.you.seat !== undefined ? S.you.seat : null;
}

export function seatCount() {
  if (S.room) return S.room.seats.length;
  if (S.view) return S.view.hand_sizes.length;
  return 0;
}

export function nameOf(seat) {
  if (seat === null || seat === undefined) return "";
  const s = S.room && S.room.seats[seat];
  if (s && s.name) return s.name;
  if (S.view && S.view.names && S.view.names[seat]) return S.view.names[seat];
  return t("Seat {n}", { n: seat + 1 });
}

export function seatInfo(seat) {
  return (S.room && S.room.seats[seat]) || { seat, kind: "human", name: nameOf(seat), connected: true };
}

export function avatar(seat, name, bot = false) {
  const a = el("span", "avatar", bot ? "" : [...((name || "?").trim() || "?")][0]);
  if (bot) a.appendChild(icon("bot"));
  a.style.setProperty("--av", AVATARS[seat % AVATARS.length]);
  if (bot) a.classList.add("bot");
  a.setAttribute("aria-hidden", "true");
  return a;
}

export function status() {
  return S.room ? S.room.status : S.view ? "playing" : "connecting";
}

export function inPlay() {
  return status() === "playing" && S.view && S.view.current !== null && S.view.current !== undefined;
}

/** A card's name for screen readers and tooltips: the server's ("red 5", "wild +4"). */
export function cardLabel(code) {
  return cardName(code);
}

/** "official", or "official + 3 house rules" when the room changed some (players aside). */
export function rulesTitle() {
  const rules = S.room && S.room.rules;
  if (!rules) return "";
  const name = rules.name || rules.preset;
  const changed = Object.keys(rules.changed || {}).filter((k) => k !== "players").length;
  if (!changed) return name;
  return changed === 1 ? t("{name} + 1 house rule", { name }) : t("{name} + {n} house rules", { name, n: changed });
}

/** "Target: 1 point" / "Target: 500 points". */
export function targetWords(n) {
  return n === 1 ? t("Target: {n} point", { n }) : t("Target: {n} points", { n });
}
