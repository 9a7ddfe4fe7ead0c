// Reading the notation of the legal moves (docs/notation.md) that the server sends, to group
// them by the card they start with and to build the choices of a play (colour, UNO, target).

export const COLOR_WORDS = ["red", "yellow", "green", "blue"];

/** `"play W+4 blue uno"` -> {kind: "play", cards: ["W+4"], color: "blue", uno: true, ...} */
export function parseMove(text) {
  const words = text.trim().split(/\s+/);
  const kind = words[0];
  const out = { text, kind, cards: [], color: null, uno: false, swap: null, peek: null,
    trade: null, give: [], target: null };
  if (kind === "catch") {
    out.target = Number(words[1]);
    return out;
  }
  if (kind === "color") {
    out.color = words[1];
    return out;
  }
  if (kind !== "play") return out;
  let i = 1;
  while (i < words.length) {
    const w = words[i];
    if (COLOR_WORDS.includes(w)) {
      out.color = w;
      i += 1;
    } else if (w === "uno") {
      out.uno = true;
      i += 1;
    } else if (w === "swap" || w === "peek") {
      out[w] = Number(words[i + 1]);
      i += 2;
    } else if (w === "trade") {
      out.trade = Number(words[i + 1]);
      i += 2;
      while (i < words.length && !COLOR_WORDS.includes(words[i]) && words[i] !== "uno") {
        out.give.push(words[i]);
        i += 1;
      }
    } else {
      out.cards.push(w);
      i += 1;
    }
  }
  return out;
}

/** The move's text without its colour and UNO call: what a choice in the play dialog is. */
export function baseOf(move) {
  const parts = ["play", ...move.cards];
  if (move.swap !== null) parts.push("swap", String(move.swap));
  if (move.peek !== null) parts.push("peek", String(move.peek));
  if (move.trade !== null) parts.push("trade", String(move.trade), ...move.give);
  return parts.join(" ");
}

/** The notation of a play from its base, colour and UNO call (the engine's canonical order:
 * cards, colour, swap/peek/trade, uno). */
export function withChoice(move, color, uno) {
  const parts = ["play", ...move.cards];
  if (color) parts.push(color);
  if (move.swap !== null) parts.push("swap", String(move.swap));
  if (move.peek !== null) parts.push("peek", String(move.peek));
  if (move.trade !== null) parts.push("trade", String(move.trade), ...move.give);
  if (uno) parts.push("uno");
  return parts.join(" ");
}

/**
 * The legal moves of a view, sorted out for the table: `plays` by the first card's code,
 * `others` (draw, pass, challenge, uno, catch N, color X, ...) in the server's order, and the
 * label the server gave each move.
 */
export function sortMoves(legal) {
  const plays = new Map();
  const others = [];
  const labels = new Map();
  for (const item of legal || []) {
    const text = typeof item === "string" ? item : item.move;
    const label = typeof item === "string" ? item : item.label || item.move;
    labels.set(text, label);
    const move = parseMove(text);
    if (move.kind === "play" && move.cards.length) {
      const first = move.cards[0];
      if (!plays.has(first)) plays.set(first, []);
      plays.get(first).push(move);
    } else if (move.kind !== "timeout" && move.kind !== "deal" && move.kind !== "penalty") {
      others.push(move);
    }
  }
  return { plays, others, labels };
}

/** The choices of one card's plays: groups by base, each with its colours (or [null]) and
 * whether the UNO call can go with it. */
export function choicesOf(moves) {
  const groups = new Map();
  for (const m of moves) {
    const base = baseOf(m);
    if (!groups.has(base)) groups.set(base, { base, move: m, colors: [], plain: new Set(), uno: new Set() });
    const g = groups.get(base);
    const key = m.color || "";
    if (!g.colors.includes(key)) g.colors.push(key);
    (m.uno ? g.uno : g.plain).add(key);
  }
  return [...groups.values()];
}
