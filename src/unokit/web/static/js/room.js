// The table (room.html): one WebSocket to the referee (docs/web-protocol.md), the view it
// sends drawn as a card table, every legal move a control carrying data-move="<notation>".
// User text (names, chat, the server's messages) is only ever set with textContent.
// Its parts, one module each: state.js, socket.js, table.js, panels.js, feed.js, dialogs.js,
// keys.js.

import {
  chosenLang, el, icon, langPicker, loadLabels, reactionImage, REACTIONS, saveInvite, saveToken, t,
  toast, tokenFor,
} from "./common.js";
import {
  closeDialog, inviteDialog, joinDialog, keysDialog, peopleDialog, rulesDialog,
} from "./dialogs.js";
import { onKey } from "./keys.js";
import { connect, handle, send, sendMove, setConn } from "./socket.js";
import { setSound, sound, soundOn } from "./sound.js";
import { $, CHAT_MAX, S } from "./state.js";
import { fitHand, render, renderOpponents, tick } from "./table.js";

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
    if (S.dialog && S.dialog.closable) closeDialog(); // its words were the old language's
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

start();
