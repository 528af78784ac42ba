#!/usr/bin/env node
// random_bot.js: a Saboteur bot in JavaScript that plays a uniformly random legal move.
// Run it as: saboteur play "node examples/js/random_bot.js" ...
// Its choices follow the seed the referee sends for the seat ("seed S");
// without one, BOT_SEED=N makes them repeatable (see saboteur_bot.js).
"use strict";

const path = require("path");
// The helper next to this file, wherever the bot is started from; a bot of
// your own would require("saboteur-bot") after npm install PATH/examples/js.
const { Bot } = require(path.join(__dirname, "saboteur_bot.js"));

class RandomBot extends Bot {
  // The referee listed every legal move; any one will do.  (this.hand,
  // this.board, this.role and the rest are there for smarter bots.)
  choose() {
    return this.choice(this.legal);     // null when none: the helper discards
  }
}

new RandomBot("random-js").run();
