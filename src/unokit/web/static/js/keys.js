// The keyboard: every move has a key (docs/web-table.md, "Keyboard").

import { closeDialog, keysDialog } from "./dialogs.js";
import { $, S } from "./state.js";

export function clickMove(selector) {
  const b = document.querySelector(selector);
  if (b && !b.disabled) {
    b.click();
    return true;
  }
  return false;
}

export function onKey(ev) {
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
