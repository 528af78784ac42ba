#!/usr/bin/env node
// seen_bot.js: checks that the JavaScript helper (examples/js) calls seen()
// at the C helper's moment, before the state takes the line in: for every
// path card played, its cell is still empty on the board seen() sees, and
// laid by the next line.  Exits 1 at the first line that breaks it, and at
// the end of input when no path card was played.
"use strict";
const path = require("path");
const { Bot } = require(path.join(__dirname, "..", "..", "examples", "js",
  "saboteur_bot.js"));

let checked = 0;
let laid = null;

class SeenBot extends Bot {
  seen(w) {
    if (laid !== null && !this.board.has(laid)) {
      process.stderr.write("seen_bot: the card at " + laid +
        " was not laid after its line\n");
      process.exit(1);
    }
    laid = null;
    if (w.length >= 6 && w[0] === "played" &&
        (w[2].startsWith("path-") || w[2].startsWith("dead-"))) {
      const cell = w[3] + "," + w[4];
      if (this.board.has(cell)) {
        process.stderr.write("seen_bot: seen() was called after the state " +
          "took in \"" + w.join(" ") + "\"\n");
        process.exit(1);
      }
      laid = cell;
      checked++;
    }
  }
}

process.on("exit", (code) => {
  if (code === 0 && checked === 0) {
    process.stderr.write("seen_bot: no path card was played\n");
    process.exitCode = 1;
  }
});
new SeenBot("seen").run();
