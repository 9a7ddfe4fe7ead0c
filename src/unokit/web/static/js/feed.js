// What the table tells as it goes: the narrated log, the chat, reactions, the
// announcements of UNO calls, catches and challenges.

import { el, reactionImage, t } from "./common.js";
import { $, myseat, S } from "./state.js";

export function addLog(line) {
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

export function addChat(msg) {
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

export function addReaction(msg) {
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

export function clearAnnouncements() {
  for (const old of document.querySelectorAll("#table .announce")) old.remove();
}

export function announce(word, sub) {
  clearAnnouncements();
  const box = el("div", "announce");
  box.setAttribute("aria-hidden", "true"); // the log says it too
  box.appendChild(el("div", "big-word", word));
  if (sub) box.appendChild(el("div", "sub", sub));
  $("table").appendChild(box);
  setTimeout(() => box.remove(), 1500);
}
