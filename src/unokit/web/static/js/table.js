// The table drawn from the view the server sent: banner, opponents, piles, my seat,
// the move buttons, the hand (a grid: a tap on a card's middle lands on that card).

import { cardBack, cardFace, cardOrder, colorChip, LETTER } from "./cards.js";
import { el, icon, t } from "./common.js";
import { misplayDialog, playDialog, refreshDialog } from "./dialogs.js";
import { sortMoves } from "./moves.js";
import { readyWords, renderPanel, renderScores } from "./panels.js";
import { clearPending, sendMove, setConn } from "./socket.js";
import {
  $, avatar, cardLabel, COLOR_LABEL, inPlay, myseat, nameOf, root, S, seatCount, seatInfo, status,
} from "./state.js";

export function render() {
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
  refreshDialog();
}

export function renderBanner() {
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
      else if (v.phase === "choose_color") {
        text = v.roulette ? t("Colour roulette: name a colour; you turn cards until one of it shows")
          : t("Your turn: name the colour");
      }
      else text = t("Your turn");
    } else {
      text = t("{name}'s turn", { name: nameOf(v.current) });
      const info = seatInfo(v.current);
      if (info.kind === "bot") text += ` · ${t("thinking…")}`;
    }
  }
  b.hidden = !text;
  b.appendChild(el("span", "", text));
  if (S.matchClockAt && inPlay()) {
    // the round's match clock (match_clock): when it runs out the fewest cards win
    const blitz = el("span", "timer blitz");
    blitz.id = "match-clock";
    blitz.title = t("The match clock: when it runs out, the fewest cards win the round");
    b.appendChild(blitz);
    tick();
  }
  if ((S.deadlineAt || (S.takeoverAt && v && v.current === me)) && inPlay()) {
    // the rule's turn clock, or (my turn) how long until a bot plays it for me
    const timer = el("span", S.deadlineAt ? "timer" : "timer takeover");
    timer.id = "timer";
    if (!S.deadlineAt) timer.title = t("Then a bot plays this turn for you");
    b.appendChild(timer);
    tick();
  }
}

export function tick() {
  const timer = $("timer");
  const until = S.deadlineAt || S.takeoverAt;
  if (timer && until) {
    const left = Math.max(0, Math.round((until - Date.now()) / 1000));
    timer.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    timer.classList.toggle("soon", left <= 10);
    timer.setAttribute("aria-label", S.deadlineAt ? t("{n} seconds left", { n: left })
      : t("A bot plays for you in {n} seconds", { n: left }));
  }
  const blitz = $("match-clock");
  if (blitz && S.matchClockAt) {
    const left = Math.max(0, Math.round((S.matchClockAt - Date.now()) / 1000));
    blitz.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    blitz.classList.toggle("soon", left <= 10);
    blitz.setAttribute("aria-label", t("{n} seconds left in the round", { n: left }));
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
export function arc(k) {
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

export function opponentSeats() {
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

export function plateFor(seat, { you = false } = {}) {
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

export function renderOpponents() {
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
      // a hand laid open to everyone (reveal_hands_at): its cards face up
      const open = v.open_hands ? v.open_hands[String(seat)] : null;
      if (open) fan.classList.add("open");
      for (let j = 0; j < shown; j++) {
        const back = open && open[j] ? cardFace(open[j], { label: cardLabel(open[j]) }) : cardBack();
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
export function clampOpponents() {
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

export function renderCentre() {
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

export function renderMe() {
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

export function moveButton(move, text, cls = "", key = "") {
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

export function renderActions() {
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
  // a turn's move the rules refuse now (draw while holding a playable card, keep a card that
  // must be played, challenge a +4 at a table without challenges): shown off, and why
  const offWords = { draw: t("Draw a card"), pass: t("Keep the card"), challenge: t("Challenge the +4") };
  for (const [move, reason] of Object.entries(v.refused || {})) {
    const b = el("button", "btn off", offWords[move] || move);
    b.type = "button";
    b.dataset.refused = move;
    b.setAttribute("aria-disabled", "true");
    b.setAttribute("aria-description", reason);
    b.title = reason;
    b.addEventListener("click", () => showWhy(reason, null));
    box.appendChild(b);
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

export function renderHand() {
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
  // blind_draw: the cards held face down, unseen by their holder too, shown as backs
  for (let i = 0; i < (v.face_down || 0); i++) {
    const back = cardBack("face-down");
    back.title = t("Drawn face down: you see it at your next turn");
    back.setAttribute("aria-hidden", "false");
    back.setAttribute("aria-label", back.title);
    nodes.push(back);
  }
  hand.replaceChildren(...nodes);
  if (!nodes.length) hand.appendChild(el("div", "hand-empty", t("No cards")));
  S.prevHand = [...(v.hand || [])];
  S.handShown = true;
  fitHand();
  if (focused >= 0 && hand.children.length) {
    hand.children[Math.min(focused, hand.children.length - 1)].focus({ preventScroll: true });
  }
}

/** The one move a tap plays, or null when the card needs a choice (colour, target, ...). */
export function singleMove(moves) {
  const plain = moves.filter((m) => !m.uno);
  const armed = moves.filter((m) => m.uno);
  const pick = S.unoArmed && armed.length ? armed : plain.length ? plain : armed;
  return pick.length === 1 ? pick[0].text : null;
}

/** Lays the hand out in a grid: cards overlap (each shows at least MIN_SHOWN of its width,
 * so a tap on a card's middle lands on that card), in up to three rows before it scrolls. */
export const MIN_SHOWN = 0.58;

export function fitHand() {
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

export function tapCard(code, node) {
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
export function showWhy(text, node) {
  S.why = { code: node ? node.dataset.card : null, text, at: Date.now() };
  renderActions();
  if (node) {
    node.classList.remove("shake");
    void node.offsetWidth;
    node.classList.add("shake");
  }
  clearTimeout(S.whyTimer);
  S.whyTimer = setTimeout(() => {
    S.why = null;
    renderActions();
  }, 6000);
}
