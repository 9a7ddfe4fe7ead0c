// The rule sheet page (GET /r/{code}/sheet, the waiting room's "Print the rules"): its Print
// button. The page itself is the server's HTML; this only shows the button and prints.

const button = document.getElementById("print-sheet");
if (button) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
