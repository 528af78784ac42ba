#!/usr/bin/env node
// state_bot.js: a bot that checks the JavaScript helper's state at every decision (as state_bot.py does in Python).
//
// At each turn: the distinct cards of the hand are those of the one-card
// discards listed ("A discard of each card is always among them",
// saboteur-protocol(7)); every card a legal move takes is held (as many
// copies as it takes); what a legal remove takes away lies in front of the
// seat; a trapped seat is offered no path card; a steal's seat is among the
// victims, and a steal is asked exactly when victims were told; a reaction
// offers "allow" and a veto exactly when one is held, with a card pending; a
// take offers the cards of the trove we were shown.  At the
// game's end, the gold the helper counted for the seat is the gameover
// line's.  It exits 1 at the first mismatch (check_bot.py reports it),
// plays the first legal move, and checks nothing after an "illegal" with
// tries left (the list then lacks the moves refused).
"use strict";

const path = require("path");
const { Bot } = require(path.join(__dirname, "..", "..", "examples", "js", "saboteur_bot.js"));

function fail(bot, why) {
  process.stderr.write(`state_bot.js: game ${bot.game} turn ${bot.turn}: ${why}\n` +
    `  hand ${JSON.stringify(bot.hand)}\n  legal ${JSON.stringify(bot.legal)}\n`);
  process.exit(1);
}

// Whether the hand holds every card of cards, as many copies as listed.
function holds(hand, cards) {
  const left = hand.slice();
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

class StateBot extends Bot {
  check() {
    const moves = this.moves();
    const steals = moves.filter((m) => m.kind === "steal").map((m) => m.target);
    const key = (a) => JSON.stringify([...new Set(a)].sort());
    const same = (a, b) => key(a) === key(b);
    if (steals.length) {
      if (!same(steals, this.victims)) fail(this, `steals of ${steals}, victims ${this.victims}`);
      return;
    }
    if (this.victims.length) fail(this, `victims ${this.victims} but no steal asked`);
    // Treasure Chests: a chest's player, exactly the seats we were told;
    // New Goals: the goals we reached at once.
    const chooses = moves.filter((m) => m.kind === "choose").map((m) => m.target);
    if (chooses.length || this.chestChoices.length) {
      if (!same(chooses, this.chestChoices) || chooses.length !== moves.length)
        fail(this, `chooses of ${chooses}, chest choices ${this.chestChoices}`);
      return;
    }
    // Treasure Chests: a goal to push, exactly the face-down goals we were
    // told, each on a goal place we know.
    const pushes = moves.filter((m) => m.kind === "push").map((m) => m.x + "," + m.y);
    if (pushes.length || this.pushChoices.length) {
      const places = this.goals.map((g) => g.join(","));
      if (!same(pushes, this.pushChoices.map((g) => g.join(","))) ||
          pushes.length !== moves.length || pushes.some((p) => !places.includes(p)))
        fail(this, `pushes of ${pushes}, push choices ${this.pushChoices}, goals ${places}`);
      return;
    }
    const reveals = moves.filter((m) => m.kind === "reveal").map((m) => m.x + "," + m.y);
    if (reveals.length || this.goalOrder.length) {
      if (!same(reveals, this.goalOrder.map((g) => g.join(","))) ||
          reveals.length !== moves.length)
        fail(this, `reveals of ${reveals}, goals ${this.goalOrder}`);
      return;
    }
    if (moves.some((m) => m.kind === "pick")) return;
    if (this.reacting || moves.some((m) => m.kind === "allow")) {
      // "allow", and a veto exactly when we hold one.
      if (!this.reacting || this.pending === null) fail(this, "a reaction asked with nothing pending");
      const others = moves.filter((m) => m.kind !== "veto").map((m) => m.kind);
      const vetoes = moves.some((m) => m.kind === "veto");
      if (JSON.stringify(others) !== '["allow"]' || vetoes !== this.hand.includes("veto"))
        fail(this, `reaction moves ${this.legal}`);
      return;
    }
    const takes = moves.filter((m) => m.kind === "take").map((m) => m.card);
    if (takes.length || this.trove.length) {
      if (!same(takes, this.trove) || takes.length !== moves.length)
        fail(this, `takes of ${takes}, trove ${this.trove}`);
      return;
    }
    let singles = moves.filter((m) => m.kind === "discard" && m.cards.length === 1)
      .map((m) => m.card);
    // A pathfinder's second path card: path plays only.
    if (!singles.length && moves.length && moves.every((m) => m.kind === "path"))
      singles = this.hand;
    if (!same(singles, this.hand)) fail(this, `one-card discards ${singles}`);
    const mine = this.inFront.get(this.seat) || [];
    for (const m of moves) {
      if (!holds(this.hand, m.cards)) fail(this, `"${m.line}" takes cards the hand lacks`);
      if (m.kind === "remove" && !mine.includes(m.front))
        fail(this, `"${m.line}" takes away a card not in front`);
      if (m.kind === "path" && this.isTrapped()) fail(this, `"${m.line}" listed to a trapped seat`);
      if (m.kind === "other") fail(this, `"${m.line}" not understood`);
      // Tunnel toll: a dwarf goes on a cell without one, and a path card
      // onto one is listed only when we can pay.
      if (m.kind === "dwarf" && this.dwarves.has(m.x + "," + m.y))
        fail(this, `"${m.line}": a dwarf stands there`);
      if (m.kind === "path" && this.dwarves.has(m.x + "," + m.y) &&
          (this.gold.get(this.seat) || 0) < 1)
        fail(this, `"${m.line}" listed without the gold for its toll`);
    }
  }

  take(w) {
    if (w[0] === "gameover" && w.includes("winners") && this.seat !== null) {
      const want = Number(w[1 + this.seat]), got = this.gold.get(this.seat) || 0;
      if (got !== want) fail(this, `gold counted ${got}, gameover says ${want}`);
    }
    return super.take(w);
  }

  choose() {
    if (this.tries === 0) {
      try {
        this.check();
      } catch (e) {     // the helper would answer anyway
        fail(this, String(e));
      }
    }
    return this.legal.length ? this.legal[0] : null;
  }
}

new StateBot("state-js").run();
