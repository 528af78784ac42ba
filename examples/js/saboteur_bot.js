// saboteur_bot.js: a small helper for Saboteur bots in JavaScript (node, no packages).
//
// Subclass Bot, override choose(), and call run():
//
//   const { Bot } = require("./saboteur_bot.js");
//   class First extends Bot {
//     choose() { return this.legal[0]; }        // any legal line will do
//   }
//   new First("first").run();
//
// run() answers the handshake with "bot NAME moves" (so the referee lists the
// legal moves before every decision), keeps the state below up to date from
// the referee's lines, calls choose() on every "turn" and prints its answer.
// Lines it does not know are ignored, as the protocol asks
// (saboteur-protocol(7)).  The state, as in the Python helper:
//
//   seat, players, ruleset   our seat, the player count, the ruleset name
//   names                    Map seat -> bot name
//   start, goals             [x, y] of the start card; list of goal places
//   round, deck              round number; cards left in the draw pile
//   role                     "miner", "saboteur", or null
//   roles                    Map seat -> role: ours, then all at round end
//   hand                     our cards as tokens, e.g. ["path-NES", "map"]
//   board                    Map "x,y" -> token of every card on the table:
//                            "start" for the start card, "-" for a goal
//                            still face down
//   turned                   Set of "x,y" whose card is turned 180 degrees
//   goalCards                Map "x,y" -> token of goals peeked at or revealed
//   broken                   Map seat -> array of broken tools
//   gold                     Map seat -> gold: ours as we get it, all at the end
//   offer                    gold values offered to us now (pick one)
//   legal                    the legal move lines of this decision
//   turn, moveMs, bankMs     from the "turn" line: the time we have
//   tries                    replies left after an "illegal"
"use strict";

const readline = require("readline");

class Bot {
  constructor(name) {
    this.name = name || "js-bot";
    this.newGame();
  }

  // ---- the strategy: override these --------------------------------------

  // Returns the reply to the decision being asked: a move line such as
  // "play path-NES 1 0 0", "discard map" or "pick 3".
  choose() {
    return this.legal.length ? this.legal[0] : null;
  }

  // Called with the words of every line after the state has taken it in.
  seen(words) {}

  isBroken(seat = this.seat) {
    return (this.broken.get(seat) || []).length > 0;
  }

  // ---- the state -----------------------------------------------------------

  newGame() {
    this.seat = this.players = null;
    this.ruleset = null;
    this.names = new Map();
    this.gold = new Map();
    this.start = [0, 0];
    this.goals = [];
    this.newRound();
    this.lastAnswer = null;
    this.answered = true;   // the legal list belongs to an answered decision
  }

  newRound() {
    this.round = this.deck = 0;
    this.role = null;
    this.roles = new Map();
    this.hand = [];
    this.legal = [];
    this.offer = [];
    this.board = new Map();
    this.turned = new Set();
    this.goalCards = new Map();
    this.broken = new Map();
    this.turn = this.moveMs = this.bankMs = this.tries = 0;
    this.dealing = false;
  }

  cardLeft(seat, token) {
    const i = this.hand.indexOf(token);
    if (seat === this.seat && i >= 0) this.hand.splice(i, 1);
  }

  // played SEAT CARD ARGS...: the card's effect on the state.
  played(seat, w) {
    const card = w[2];
    if (/^(path|dead)-/.test(card) && w.length >= 6) {
      this.board.set(w[3] + "," + w[4], card);
      if (w[5] === "1") this.turned.add(w[3] + "," + w[4]);
    } else if (card.startsWith("break-") && w.length >= 4) {
      const t = Number(w[3]);
      this.broken.set(t, (this.broken.get(t) || []).concat([card.slice(6)]));
    } else if (card.startsWith("repair-") && w.length >= 5) {
      const tools = this.broken.get(Number(w[3])) || [];
      const i = tools.indexOf(w[4]);
      if (i >= 0) tools.splice(i, 1);
    } else if (card === "rockfall" && w.length >= 5) {
      this.board.delete(w[3] + "," + w[4]);
      this.turned.delete(w[3] + "," + w[4]);
    }
    this.cardLeft(seat, card);
  }

  // Updates the state from one line's words; returns "answer", "quit" or null.
  take(w) {
    const kind = w[0], n = w.length;
    if (kind !== "draw" && kind !== "role") this.dealing = false;
    if (kind === "saboteur") {
      this.send("bot " + this.name + " moves");
    } else if (kind === "quit") {
      return "quit";
    } else if (kind === "game" && n >= 5) {
      this.newGame();
      this.ruleset = w[2];
      this.players = Number(w[3]);
      this.seat = Number(w[4]);
    } else if (kind === "player" && n >= 3) {
      this.names.set(Number(w[1]), w[2]);
    } else if (kind === "start" && n >= 3) {
      this.start = [Number(w[1]), Number(w[2])];
    } else if (kind === "goal" && n >= 3) {
      this.goals.push([Number(w[1]), Number(w[2])]);
    } else if (kind === "round" && n >= 4) {
      this.newRound();
      this.round = Number(w[1]);
      this.deck = Number(w[3]);
      this.dealing = true;
      this.board.set(this.start.join(","), "start");
      for (const g of this.goals) this.board.set(g.join(","), "-");
    } else if (kind === "role" && n >= 3) {
      this.roles.set(Number(w[1]), w[2]);
      if (Number(w[1]) === this.seat && w[2] !== "none") this.role = w[2];
    } else if (kind === "draw" && n >= 3) {
      if (!this.dealing) this.deck = Math.max(0, this.deck - 1);
      if (Number(w[1]) === this.seat && w[2] !== "-") this.hand.push(w[2]);
    } else if (kind === "played" && n >= 3) {
      this.played(Number(w[1]), w);
    } else if (kind === "discarded" && n >= 3) {
      this.cardLeft(Number(w[1]), w[2]);
    } else if ((kind === "peek" || kind === "reveal") && n >= 4) {
      const cell = w[1] + "," + w[2];
      this.goalCards.set(cell, w[3]);
      if (kind === "reveal") {
        this.board.set(cell, w[3]);
        if (w[4] === "1") this.turned.add(cell);
      }
    } else if (kind === "offer") {
      this.offer = w.slice(1).map(Number);
    } else if (kind === "gold" && n >= 3 && w[2] !== "-") {
      const s = Number(w[1]);
      this.gold.set(s, (this.gold.get(s) || 0) + Number(w[2]));
      if (s === this.seat) this.offer = [];
    } else if (kind === "gameover" && w.includes("winners")) {
      w.slice(1, w.indexOf("winners")).forEach((v, s) => this.gold.set(s, Number(v)));
    } else if (kind === "legal" && n >= 2) {
      if (this.answered) {
        this.legal = [];
        this.answered = false;
      }
      this.legal.push(w.slice(1).join(" "));
    } else if (kind === "turn" && n >= 4) {
      [this.turn, this.moveMs, this.bankMs] = w.slice(1, 4).map(Number);
      this.tries = 0;
      if (this.answered) this.legal = [];   // no list came for this decision
      return "answer";
    } else if (kind === "illegal" && n >= 2) {
      // With tries left the referee waits for another reply to the same
      // decision and sends neither the list nor "turn" again.
      this.tries = Number(w[1]);
      const i = this.legal.indexOf(this.lastAnswer);
      if (i >= 0) this.legal.splice(i, 1);
      return this.tries > 0 ? "answer" : null;
    }
    return null;
  }

  // ---- the protocol ----------------------------------------------------------

  send(line) {
    process.stdout.write(line + "\n");
  }

  answer() {
    let move = null;
    try {
      move = this.choose();
    } catch (e) {   // a bug in choose() should not lose the game
      console.error(e);
    }
    if (!move || !String(move).trim()) {    // something rather than nothing
      if (this.legal.length) move = this.legal[0];
      else if (this.offer.length) move = "pick " + Math.max(...this.offer);
      else if (this.hand.length) move = "discard " + this.hand[0];
      else move = "note nothing to play";
    }
    move = String(move).trim().split(/\r?\n/)[0];     // one line, whatever came
    this.lastAnswer = move;
    this.answered = true;
    this.send(move);
  }

  // Plays until "quit" or the end of input, then exits 0.
  run() {
    // The referee has gone: nothing more to say to anyone.
    process.stdout.on("error", () => process.exit(1));
    const rl = readline.createInterface({ input: process.stdin, terminal: false,
      crlfDelay: Infinity });
    rl.on("line", (line) => {
      const w = line.trim().split(/[ \t]+/);
      if (w[0] === "") return;
      const what = this.take(w);
      this.seen(w);
      if (what === "quit") process.exit(0);
      if (what === "answer") this.answer();
    });
    rl.on("close", () => process.exit(0));
  }
}

module.exports = { Bot };
