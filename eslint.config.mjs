// ESLint over the browser table's scripts (tests/web/test_scripts.py runs it; ESLint is
// installed by `npm ci --prefix tests/web/npm`). The scripts have no type checker: this finds
// a name used but never imported or defined, before a player's click does.
const browser = Object.fromEntries(
  [
    "window", "document", "location", "history", "navigator", "localStorage", "WebSocket",
    "fetch", "setTimeout", "clearTimeout", "setInterval", "clearInterval",
    "requestAnimationFrame", "getComputedStyle", "matchMedia", "performance", "URL",
    "URLSearchParams", "Blob", "Event", "AudioContext", "webkitAudioContext", "console",
  ].map((name) => [name, "readonly"]),
);

export default [
  {
    files: ["src/unokit/web/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: browser },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "none" }],
      "no-redeclare": "error",
      "no-dupe-keys": "error",
      "no-unreachable": "error",
    },
  },
];
