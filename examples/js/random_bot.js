#!/usr/bin/env node
// random_bot.js: a Saboteur bot in JavaScript that plays a uniformly random legal move.
// Run it as: saboteur play "node examples/js/random_bot.js" ...
// BOT_SEED=N makes its choices repeatable.
"use strict";

const path = require("path");
const { Bot } = require(path.join(__dirname, "saboteur_bot.js"));

// A small seeded generator (mulberry32): Math.random cannot be seeded.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class RandomBot extends Bot {
  constructor(name, random) {
    super(name);
    this.random = random;
  }

  // The referee listed every legal move; any one will do.  (this.hand,
  // this.board, this.role and the rest are there for smarter bots.)
  choose() {
    if (this.legal.length === 0) return null;   // the helper then discards
    return this.legal[Math.floor(this.random() * this.legal.length)];
  }
}

const seed = process.env.BOT_SEED;
new RandomBot("random-js", seed ? generator(Number(seed)) : Math.random).run();
