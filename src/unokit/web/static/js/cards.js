// Cards drawn as UNO cards: a coloured face, a tilted white oval with the large rank or
// symbol, and corner marks that repeat the rank with the colour's letter (R Y G B), so colour
// is never the only cue. Everything is built with DOM calls (no markup from strings).

const SVG = "http://www.w3.org/2000/svg";

export const COLORS = ["red", "yellow", "green", "blue"];
export const LETTER = { red: "R", yellow: "Y", green: "G", blue: "B" };
const COLOR_OF_LETTER = { R: "red", Y: "yellow", G: "green", B: "blue" };

/** The wild cards' codes (every deck: classic, 112-card, No Mercy's), and their corner marks. */
const WILD_CORNERS = {
  W: "W", "W+4": "+4", WSH: "SH", WCU: "CU", WKS: "KS",
  "WR+4": "⇄+4", "W+6": "+6", "W+10": "+10", WCR: "CR",
};

/** `R5` -> {color: "red", rank: "5", wild: false}; `W+4` -> {color: null, rank: "W+4", wild: true}.
 * A code that starts with W is a wild (no colour is written W), so a wild of a deck this file
 * has no art for is still drawn as a wild, with its code in the corners. */
export function parseCard(code) {
  if (code[0] === "W") return { color: null, rank: code, wild: true, code };
  const color = COLOR_OF_LETTER[code[0]] || null;
  return { color, rank: code.slice(1), wild: false, code };
}

/** Sort key: colours in R Y G B order, wilds last; numbers before actions. */
export function cardOrder(code) {
  const c = parseCard(code);
  const ci = c.wild ? 4 : COLORS.indexOf(c.color);
  const ranks = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "+4", "SA",
    "DA", "W", "W+4", "WSH", "WCU", "WKS", "WR+4", "W+6", "W+10", "WCR"];
  const r = ranks.indexOf(c.rank);
  return ci * 100 + (r < 0 ? ranks.length : r);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A glyph drawn on a card: shown by CSS (``::before { content: attr(data-glyph) }``), not a
 * text node, so the card's name ("red 7, playable") is all a screen reader or an
 * accessibility checker reads of it. */
function glyph(e, text) {
  e.dataset.glyph = text;
  return e;
}

function svg(viewBox, paths, cls) {
  const s = document.createElementNS(SVG, "svg");
  s.setAttribute("viewBox", viewBox);
  s.setAttribute("aria-hidden", "true");
  if (cls) s.setAttribute("class", cls);
  for (const [tag, attrs] of paths) {
    const p = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) p.setAttribute(k, v);
    s.appendChild(p);
  }
  return s;
}

const ICONS = {
  S: () => svg("0 0 40 40", [
    ["circle", { cx: 20, cy: 20, r: 14, fill: "none", "stroke-width": 6 }],
    ["line", { x1: 10, y1: 30, x2: 30, y2: 10, "stroke-width": 6 }],
  ], "icon"),
  R: () => svg("0 0 40 40", [
    ["path", { d: "M9 25 L9 15 Q9 10 14 10 L23 10 L23 4 L33 12.5 L23 21 L23 16 L15 16 L15 25 Z" }],
    ["path", { d: "M9 25 L9 15 Q9 10 14 10 L23 10 L23 4 L33 12.5 L23 21 L23 16 L15 16 L15 25 Z",
      transform: "rotate(180 20 20)" }],
  ], "icon fill"),
  shuffle: () => svg("0 0 40 40", [
    ["path", { d: "M6 12 H14 L26 28 H33", fill: "none", "stroke-width": 4 }],
    ["path", { d: "M6 28 H14 L26 12 H33", fill: "none", "stroke-width": 4 }],
    ["path", { d: "M31 6 L38 12 L31 18 Z" }],
    ["path", { d: "M31 22 L38 28 L31 34 Z" }],
  ], "icon mixed"),
  custom: () => svg("0 0 40 40", [
    ["path", { d: "M20 4 L24.7 14.5 L36 15.6 L27.4 23.1 L30 34.3 L20 28.4 L10 34.3 L12.6 23.1 L4 15.6 L15.3 14.5 Z" }],
  ], "icon fill"),
  // No Mercy's: skip everyone (a skip sign ringed by the other players), discard all (a
  // fan of cards going down), colour roulette (a wheel of four segments and its pointer)
  SA: () => svg("0 0 40 40", [
    ["circle", { cx: 20, cy: 20, r: 10, fill: "none", "stroke-width": 5 }],
    ["line", { x1: 13, y1: 27, x2: 27, y2: 13, "stroke-width": 5 }],
    ["circle", { cx: 20, cy: 3.5, r: 3.5 }],
    ["circle", { cx: 36.5, cy: 20, r: 3.5 }],
    ["circle", { cx: 20, cy: 36.5, r: 3.5 }],
    ["circle", { cx: 3.5, cy: 20, r: 3.5 }],
  ], "icon mixed"),
  DA: () => svg("0 0 40 40", [
    ["rect", { x: 5, y: 7, width: 12, height: 18, rx: 2, "stroke-width": 3, transform: "rotate(-18 11 16)" }],
    ["rect", { x: 14, y: 4, width: 12, height: 18, rx: 2, "stroke-width": 3 }],
    ["rect", { x: 23, y: 7, width: 12, height: 18, rx: 2, "stroke-width": 3, transform: "rotate(18 29 16)" }],
    ["path", { d: "M13 28 H27 L20 38 Z" }],
  ], "icon mixed"),
  roulette: () => svg("0 0 40 40", [
    ["circle", { cx: 20, cy: 22, r: 15, fill: "none", "stroke-width": 3.5 }],
    ["line", { x1: 9.4, y1: 11.4, x2: 30.6, y2: 32.6, "stroke-width": 3 }],
    ["line", { x1: 30.6, y1: 11.4, x2: 9.4, y2: 32.6, "stroke-width": 3 }],
    ["circle", { cx: 20, cy: 22, r: 4 }],
    ["path", { d: "M15 1 H25 L20 9 Z" }],
  ], "icon mixed"),
  swim: () => svg("0 0 40 40", [
    ["path", { d: "M3 16 Q9 10 15 16 T27 16 T39 16", fill: "none", "stroke-width": 4 }],
    ["path", { d: "M3 25 Q9 19 15 25 T27 25 T39 25", fill: "none", "stroke-width": 4 }],
    ["circle", { cx: 28, cy: 8, r: 3.5 }],
  ], "icon mixed"),
};

function cornerText(c) {
  if (!c.wild) return { S: "⊘", R: "⇄", SA: "⊘∗", DA: "DA" }[c.rank] || c.rank;
  return WILD_CORNERS[c.rank] || c.rank.slice(1) || "W";
}

function centre(c) {
  const box = el("span", "big");
  if (!c.wild) {
    if (c.rank === "S") box.appendChild(ICONS.S());
    else if (c.rank === "R") box.appendChild(ICONS.R());
    else if (c.rank === "SA") box.appendChild(ICONS.SA());
    else if (c.rank === "DA") box.appendChild(ICONS.DA());
    else glyph(box, c.rank);
    if (c.rank.length > 2) box.classList.add("narrow");
    if (c.rank === "6" || c.rank === "9") box.classList.add("underline");
    return box;
  }
  if (c.rank === "W+4" || c.rank === "W+6") glyph(box, c.rank.slice(1));
  else if (c.rank === "W+10") {
    box.classList.add("narrow");
    glyph(box, "+10");
  } else if (c.rank === "WR+4") {
    // a reverse sign over the +4 it makes the player before draw
    box.classList.add("stacked");
    box.appendChild(ICONS.R());
    box.appendChild(glyph(el("span", "sub"), "+4"));
  } else if (c.rank === "WCR") box.appendChild(ICONS.roulette());
  else if (c.rank === "WSH") box.appendChild(ICONS.shuffle());
  else if (c.rank === "WCU") box.appendChild(ICONS.custom());
  else if (c.rank === "WKS") box.appendChild(ICONS.swim());
  else if (c.rank !== "W") glyph(box, cornerText(c)); // a wild this file has no art for
  return box;
}

/**
 * The face of a card, as a `<button>` (hand) or a `<span>` (pile, dialogs).
 * `named` is the colour a wild on the pile named (shown on the card itself).
 */
export function cardFace(code, { tag = "span", named = null, label = "" } = {}) {
  const c = parseCard(code);
  const card = el(tag, `card ${c.wild ? "wild" : "c-" + LETTER[c.color]}`);
  if (tag === "button") card.type = "button";
  card.dataset.card = code;
  if (label) {
    card.setAttribute("aria-label", label);
    if (tag !== "button") card.setAttribute("role", "img"); // a picture with a name
  }
  card.setAttribute("title", label || code);
  const face = el("span", "face");
  face.setAttribute("aria-hidden", "true"); // the name says it; the glyphs are decoration
  const oval = el("span", "oval");
  if (c.wild) {
    oval.classList.add("quad");
    if (named) oval.dataset.named = LETTER[named];
  }
  oval.appendChild(centre(c));
  face.appendChild(oval);
  const corner = cornerText(c);
  const letter = c.wild ? (named ? LETTER[named] : "W") : LETTER[c.color];
  for (const pos of ["tl", "br"]) {
    const k = el("span", `corner ${pos}`);
    k.appendChild(glyph(el("b", ""), corner));
    if (letter !== corner) k.appendChild(glyph(el("i", ""), letter));
    face.appendChild(k);
  }
  card.appendChild(face);
  return card;
}

/** A card's back (opponents' hands, the draw pile). */
export function cardBack(cls = "") {
  const back = el("span", `card back ${cls}`.trim());
  back.setAttribute("aria-hidden", "true");
  const face = el("span", "face");
  const oval = el("span", "oval");
  oval.appendChild(glyph(el("span", "logo"), "UNO"));
  face.appendChild(oval);
  back.appendChild(face);
  return back;
}

/** A small coloured chip with the colour's letter (active colour, colour dialog). */
export function colorChip(color, text) {
  const chip = el("span", `chip c-${LETTER[color]}`);
  chip.appendChild(el("b", "", LETTER[color]));
  if (text) chip.appendChild(el("span", "", text));
  return chip;
}
