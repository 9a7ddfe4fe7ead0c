// Sounds made with WebAudio (no audio files): play, draw, penalty, your turn, UNO.
// Off by default; the choice is kept in localStorage.

import { save, saved } from "./common.js";

let ctx = null;
let on = saved("sound") === "on";

export const soundOn = () => on;

export function setSound(value) {
  on = value;
  save("sound", value ? "on" : "off");
  if (on) audio();
}

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function tone(freq, start, dur, { type = "sine", gain = 0.18, slide = 0 } = {}) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(Math.max(40, freq + slide), t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

function noise(start, dur, gain = 0.15, freq = 1800) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + start;
  const buf = a.createBuffer(1, Math.floor(a.sampleRate * dur), a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const src = a.createBufferSource();
  src.buffer = buf;
  const filter = a.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(filter).connect(g).connect(a.destination);
  src.start(t0);
}

const SOUNDS = {
  play: () => {
    noise(0, 0.09, 0.3, 2400);
    tone(520, 0, 0.08, { type: "triangle", gain: 0.08, slide: 200 });
  },
  draw: () => {
    noise(0, 0.14, 0.18, 900);
    tone(300, 0.02, 0.12, { type: "triangle", gain: 0.06, slide: -80 });
  },
  penalty: () => {
    tone(330, 0, 0.18, { type: "sawtooth", gain: 0.08, slide: -120 });
    tone(220, 0.16, 0.28, { type: "sawtooth", gain: 0.08, slide: -90 });
  },
  turn: () => {
    tone(660, 0, 0.14, { gain: 0.14 });
    tone(880, 0.12, 0.22, { gain: 0.14 });
  },
  uno: () => {
    tone(784, 0, 0.1, { type: "square", gain: 0.06 });
    tone(988, 0.09, 0.1, { type: "square", gain: 0.06 });
    tone(1319, 0.18, 0.2, { type: "square", gain: 0.06 });
  },
};

/** Plays a named sound when sounds are on. */
export function sound(name) {
  if (!on || !(name in SOUNDS)) return;
  try {
    SOUNDS[name]();
  } catch {
    // a browser without WebAudio stays silent
  }
}
