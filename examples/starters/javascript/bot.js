#!/usr/bin/env node
// bot.js: a JavaScript starter bot for Saboteur that plays by its role; copy it and make it yours.
// It uses the helper package saboteur-bot: the helper keeps the state and
// lists the legal moves; this file only chooses among them.
//
// How it plays, in order of preference (ties broken at random, with the
// seed the referee sends for the seat when it sends one):
//   everyone:  takes the highest gold card offered; repairs its own tools;
//   a miner:   lays the path card that brings the tunnel closest to the goal
//              it believes holds the gold, then looks at unknown goals with
//              a map, repairs the others, and discards what a miner needs
//              least (dead ends first);
//   a saboteur: breaks the others' tools, lays dead ends near the front of
//              the tunnel, drops rocks on the path card nearest the gold,
//              and discards what miners would want most (open path cards).
//   Without roles (the two-player course ruleset) it digs like a miner and
//   breaks its opponent's tools when it cannot dig.
"use strict";

// The helper: from the folder named on the command line (node bot.js
// PATH/examples/js: the sandbox shows a bot only its own folder and what its
// command names), else the installed package (npm install PATH/examples/js
// in the bot's folder), else the source tree's, next to this file's folder.
function helper() {
  const path = require("path");
  if (process.argv[2]) return require(path.resolve(process.argv[2]));
  try {
    return require("saboteur-bot");
  } catch (e) {
    if (e.code !== "MODULE_NOT_FOUND") throw e;
    return require(path.join(__dirname, "..", "..", "js"));
  }
}
const { Bot, cardExits } = helper();

const distance = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
const cellOf = (key) => key.split(",").map(Number);
// The smallest element of list by key (an array, compared element by element).
function least(list, key) {
  const cmp = (a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  };
  let best = null, bestKey = null;
  for (const x of list) {
    const k = key(x);
    if (best === null || cmp(k, bestKey) < 0) [best, bestKey] = [x, k];
  }
  return best;
}

class Starter extends Bot {
  // The goal place the gold is believed to be under: one a map or a reveal
  // showed gold, else the unknown one nearest the start.
  target() {
    for (const [key, card] of this.goalCards) if (card.startsWith("gold")) return cellOf(key);
    let unknown = this.goals.filter((g) => !this.goalCards.has(g.join(",")));
    if (!unknown.length) unknown = this.goals.length ? this.goals : [this.start];
    return least(unknown, (g) => [distance(g, this.start)]);
  }

  // How near the tunnel comes to goal: the least distance from a path card
  // on the table (the start card included).
  front(goal) {
    let d = 99;
    for (const [key, t] of this.board)
      if (t === "start" || t.startsWith("path-")) d = Math.min(d, distance(cellOf(key), goal));
    return d;
  }

  // Whether a path move leaves an opening that faces goal.
  toward(m, goal) {
    const e = cardExits(m.card, m.rot), dx = goal[0] - m.x, dy = goal[1] - m.y;
    return (dx > 0 && e.includes("E")) || (dx < 0 && e.includes("W")) ||
      (dy > 0 && e.includes("S")) || (dy < 0 && e.includes("N"));
  }

  choose() {
    const moves = this.moves();
    for (let i = moves.length - 1; i > 0; i--) {    // ties go to chance
      const j = Math.floor(this.random() * (i + 1));
      [moves[i], moves[j]] = [moves[j], moves[i]];
    }
    const of = (kind) => moves.filter((m) => m.kind === kind);
    const picks = of("pick");
    if (picks.length) return least(picks, (m) => [-m.value]).line;
    const mine = of("repair").filter((m) => m.target === this.seat);
    if (mine.length) return mine[0].line;
    const choice = this.role === "saboteur" ? this.sabotage(of) : this.dig(of);
    return choice ? choice.line : this.discard(of("discard"));
  }

  dig(of) {
    const goal = this.target(), front = this.front(goal);
    const paths = of("path").filter((m) => cardExits(m.card, m.rot));
    if (paths.length) {
      const best = least(paths, (m) => [distance([m.x, m.y], goal),
        this.toward(m, goal) ? 0 : 1, -cardExits(m.card).length]);
      const d = distance([best.x, best.y], goal);
      if (d < front || (d === front && this.toward(best, goal))) return best;
    }
    const knownGold = [...this.goalCards.values()].some((c) => c.startsWith("gold"));
    const maps = of("map").filter((m) => !this.goalCards.has(m.x + "," + m.y));
    if (maps.length && !knownGold) return least(maps, (m) => [distance([m.x, m.y], this.start)]);
    const others = of("repair").filter((m) => m.target !== this.seat);
    if (others.length && this.role === "miner") return others[0];
    if (this.role === null) {       // no roles: the other player is the rival
      const breaks = of("break").filter((m) => m.target !== this.seat);
      if (breaks.length) return breaks[0];
    }
    return null;
  }

  sabotage(of) {
    const goal = this.target(), front = this.front(goal);
    const breaks = of("break").filter((m) => m.target !== this.seat &&
      this.roles.get(m.target) !== "saboteur");
    if (breaks.length) return breaks[0];
    const dead = of("path").filter((m) => !cardExits(m.card, m.rot));
    if (dead.length) {
      const best = least(dead, (m) => [distance([m.x, m.y], goal)]);
      if (distance([best.x, best.y], goal) <= front + 1) return best;
    }
    const rocks = of("rockfall");
    if (rocks.length) {
      const best = least(rocks, (m) => [distance([m.x, m.y], goal)]);
      if (distance([best.x, best.y], goal) <= front + 1) return best;
    }
    const maps = of("map").filter((m) => !this.goalCards.has(m.x + "," + m.y));
    return maps.length ? maps[0] : null;
  }

  // The discard of the card this role needs least; null lets the helper
  // answer something legal.
  discard(discards) {
    if (!discards.length) return null;
    const order = ["dead-", "rockfall", "break-", "map", "repair-", "path-"];
    return least(discards, (m) => {
      const exits = cardExits(m.card).length;
      if (this.role === "saboteur")     // open paths help the miners
        return [m.card.startsWith("path-") ? 0 : 1, -exits];
      const rank = order.findIndex((p) => m.card.startsWith(p));
      return [rank < 0 ? order.length : rank, exits];
    }).line;
  }
}

new Starter("starter-js").run();
