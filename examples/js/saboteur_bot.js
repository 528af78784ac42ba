// saboteur_bot.js: a small helper for Saboteur bots in JavaScript (node, no packages).
//
// A local npm package, "saboteur-bot": "npm install PATH/examples/js" in a
// bot's folder (npm links it, nothing is downloaded), or require() it by
// path.  Subclass Bot, override choose(), and call run():
//
//   const { Bot } = require("saboteur-bot");
//   class First extends Bot {
//     choose() { return this.legal[0]; }        // any legal line will do
//   }
//   new First("first").run();
//
// run() answers the handshake with "bot NAME moves seed react" (so the referee
// lists the legal moves before every decision, may send a seed, and asks for
// a reaction to the cards other seats play when a veto is in the game), keeps the
// state below up to date from the referee's lines, calls choose() on every
// "turn" (a "victims" line before it asks for a steal, at a Saboteur 2
// round's end) and prints its answer.  Lines it does not know are ignored,
// as the protocol asks (saboteur-protocol(7)).  The state follows the base
// game, Saboteur 2 (ruleset "saboteur2"), the World Championship's
// special cards ("base-wc", "saboteur2-wc") and every mini expansion
// ("base-minis", "saboteur2-minis"), as in the Python helper:
//
//   seat, players, ruleset   our seat, the player count, the ruleset name
//   game                     the game's number in the match, from 1
//   seed                     the "seed S" sent for this seat and game, as a
//                            BigInt, or null (a referee that sends none)
//   random()                 a number in [0, 1) for the bot's choices, seeded
//                            by "seed S" when it comes, else by BOT_SEED (with
//                            the game and seat), else by the clock; choice(list)
//                            picks an element with it
//   names                    Map seat -> bot name
//   start, goals             [x, y] of the start card; list of goal places
//                            this round (a push-goal chest moves one:
//                            "pushed" line; each round lays them back)
//   round, deck              round number; cards left in the draw pile
//   role                     "miner", "saboteur", or null; in saboteur2
//                            "blue-miner", "green-miner", "boss", "profiteer",
//                            "geologist" or "saboteur", changed when a change
//                            hats is played on us
//   roles                    Map seat -> role: ours, those our inspections
//                            showed (forgotten when that seat changes hats),
//                            then all at round end
//   hand                     our cards as tokens, e.g. ["path-NES", "map"];
//                            all of it anew after a swap hands
//   board                    Map "x,y" -> token of every card on the table:
//                            "start" for the start card, "-" for a goal
//                            still face down
//   turned                   Set of "x,y" whose card is turned 180 degrees
//   goalCards                Map "x,y" -> token of goals peeked at or revealed
//   broken                   Map seat -> array of broken tools
//   inFront                  Map seat -> tokens of the cards in front of it:
//                            broken tools ("break-cart"), and in saboteur2
//                            "theft" and "trapped"
//   gold                     Map seat -> gold: ours as we get it (thefts
//                            included), all at the end
//   offer                    gold values offered to us now (pick one)
//   victims                  the seats we may rob now ("victims" line):
//                            reply "steal SEAT" (a legal line)
//   chests                   Treasure Chests: the "x,y" cells of the
//                            face-down chests ("chest" lines)
//   pushChoices              the face-down goals [x, y] we may push one
//                            further ("chestchoice push-goal" line): reply
//                            "push X Y" (a legal line)
//   chestChoices             the seats we may choose for our chest
//                            ("chestchoice" line): reply "choose SEAT"
//   goalOrder                New Goals: the goals [x, y] we reached at once
//                            ("goals" line): reply "reveal X Y" (a legal
//                            line) for the one to turn first
//   result                   the last round's end: { round, how ("gold" or
//                            "nocards"), finder (a seat or null), side (e.g.
//                            "miners", "blue-miners", "boss"), winners (seats,
//                            or null where the line has none: the base game) }
//   thefts                   [thief, victim] pairs of this game's thefts
//   pending                  [seat, move line] of a card played and waiting
//                            for a veto ("plays"), else null; a "react"
//                            decision asks us "allow" or "play veto"
//   reacting                 true while the decision asked is a reaction
//   trove                    the cards our treasure trove shows, top of the
//                            discard pile first: reply "take CARD"
//   direction                0 clockwise, 1 after an odd number of changes of
//                            direction this round
//   dwarves                  Map "x,y" -> seat of Tunnel Toll's dwarves on
//                            the table and who put each there (a path card
//                            there pays that seat 1 gold: "toll")
//   postcards                Map "x,y" -> token of the postcards reached this
//                            round (the rest lie in board)
//   legal                    the legal move lines of this decision
//   turn, moveMs, bankMs     from the "turn" line: the time we have
//   tries                    replies left after an "illegal"
"use strict";

const readline = require("readline");

// Turning a card 180 degrees swaps north with south and east with west.
const TURNED = { N: "S", E: "W", S: "N", W: "E" };
// The step to the neighbouring cell through each edge (y grows to the south).
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

// The edges of a path card through which a tunnel goes on, as a string such
// as "NES": the joined edges without the stubs after "." of the token or
// its marks after ":", turned when rot is 1; "" for a dead end or a card
// that is not a path.
function cardExits(token, rot = 0) {
  const dash = token.indexOf("-");
  if (dash < 0) return "";
  const kind = token.slice(0, dash);
  if (!["path", "start", "gold", "stone", "costume", "party"].includes(kind))
    return "";
  let edges = token.slice(dash + 1).split(":")[0].split(".")[0].replace(/\+/g, "");
  if (rot === 1) edges = [...edges].map((e) => TURNED[e] || "").join("");
  return [..."NESW"].filter((e) => edges.includes(e)).join("");
}

// The marks of an expansion's path card after its shape: "blue" or "green"
// (a door of that colour), "ladder", "crystal" ("crystal2" for two), e.g.
// ["green"] for "path-EW.N:green"; [] for any other card.
function cardMarks(token) {
  return /^(path|dead)-/.test(token) ? token.split(":").slice(1) : [];
}

// How many crystals a path card shows (a geologist is paid for them).
function cardCrystals(token) {
  for (const m of cardMarks(token))
    if (m.startsWith("crystal")) return Number(m.slice(7) || 1);
  return 0;
}

// Saboteur 2's action cards played on a seat ("play trapped 2"); theft is
// played on nobody ("play theft").
const SEAT_ACTIONS = ["hands-off", "trapped", "freedom", "inspection",
  "change-hats", "swap-hands"];
// The World Championship's special cards played without arguments, and their
// move kinds (the master crafter is "repair-pickaxe-lantern-cart").
const WC_PLAIN = { veto: "veto", "treasure-trove": "trove",
  "change-direction": "direction", pathfinder: "pathfinder" };

// One move line taken apart: kind is "path", "break", "repair", "rockfall",
// "map", "discard", "pick", and in saboteur2 "action" (theft, hands-off,
// trapped, freedom, inspection, change-hats or swap-hands: the card says
// which), "remove" or "steal"; "other" for anything else.  card is the token
// (the first discarded for a discard or a remove; null for a pick or a
// steal); cards every card the move takes from the hand (1 to 3 for a
// discard, 2 for a remove); front the card a remove takes away from in front
// of us; x, y, rot for a path, rockfall or map; target (a seat) for a break,
// a repair, an action played on a seat or a steal; tool for a repair; value
// for a pick; line the line itself, the answer to send.  The World
// Championship adds "allow" (no veto), "take" (a card of our treasure trove),
// "veto", "swap" (a goal swap: goals [[x1, y1], [x2, y2]], rot 1 to swap),
// "trove", "direction", "pathfinder" and "diversion" (x, y, rot: where the
// last path card goes).  Treasure Chests adds "choose" (target: a player
// for a chest) and "push" (x, y: the face-down goal to push further away).
function parseMove(line) {
  const w = line.split(/\s+/);
  const m = { line, kind: "other", card: null, cards: [], front: null, x: null,
    y: null, rot: null, target: null, tool: null, value: null, goals: [] };
  const num = (s) => (/^-?\d+$/.test(s) ? Number(s) : NaN);
  if (w[0] === "allow") {
    m.kind = "allow";
  } else if (w[0] === "take" && w.length >= 2) {
    Object.assign(m, { kind: "take", card: w[1] });
  } else if (w[0] === "pick" && w.length >= 2) {
    Object.assign(m, { kind: "pick", value: num(w[1]) });
  } else if (w[0] === "discard" && w.length >= 2) {
    Object.assign(m, { kind: "discard", card: w[1], cards: w.slice(1, 4) });
  } else if (w[0] === "remove" && w.length >= 4) {
    Object.assign(m, { kind: "remove", front: w[1], card: w[2], cards: w.slice(2, 4) });
  } else if (w[0] === "steal" && w.length >= 2) {
    Object.assign(m, { kind: "steal", target: num(w[1]) });
  } else if (w[0] === "dwarf" && w.length >= 4) {
    Object.assign(m, { kind: "dwarf", card: w[1], cards: [w[1]],
      x: num(w[2]), y: num(w[3]) });
  } else if (w[0] === "choose" && w.length >= 2) {   // Treasure Chests
    Object.assign(m, { kind: "choose", target: num(w[1]) });
  } else if (w[0] === "push" && w.length >= 3) {     // Treasure Chests
    Object.assign(m, { kind: "push", x: num(w[1]), y: num(w[2]) });
  } else if (w[0] === "reveal" && w.length >= 3) {   // New Goals
    Object.assign(m, { kind: "reveal", x: num(w[1]), y: num(w[2]) });
  } else if (w[0] === "play" && w.length >= 2) {
    const c = (m.card = w[1]);
    m.cards = [c];
    if (/^(path|dead)-/.test(c) && w.length >= 5) {
      Object.assign(m, { kind: "path", x: num(w[2]), y: num(w[3]), rot: num(w[4]) });
    } else if (c.startsWith("break-") && w.length >= 3) {
      Object.assign(m, { kind: "break", target: num(w[2]) });
    } else if (c.startsWith("repair-") && w.length >= 4) {
      Object.assign(m, { kind: "repair", target: num(w[2]), tool: w[3] });
    } else if ((c === "rockfall" || c === "map") && w.length >= 4) {
      Object.assign(m, { kind: c, x: num(w[2]), y: num(w[3]) });
    } else if (c === "theft") {
      m.kind = "action";
    } else if (Object.prototype.hasOwnProperty.call(WC_PLAIN, c)) {
      m.kind = WC_PLAIN[c];
    } else if (c === "goal-swap" && w.length >= 7) {
      Object.assign(m, { kind: "swap", rot: num(w[6]),
        goals: [[num(w[2]), num(w[3])], [num(w[4]), num(w[5])]] });
    } else if (c === "diversion" && w.length >= 5) {
      Object.assign(m, { kind: "diversion", x: num(w[2]), y: num(w[3]), rot: num(w[4]) });
    } else if (SEAT_ACTIONS.includes(c) && w.length >= 3) {
      Object.assign(m, { kind: "action", target: num(w[2]) });
    }
  }
  for (const k of ["x", "y", "rot", "target", "value"])
    if (Number.isNaN(m[k])) m.kind = "other";
  return m;
}

// A small seeded generator (mulberry32) over 32 bits of state: Math.random
// cannot be seeded.  Returns a function giving numbers in [0, 1).
function generator(seed32) {
  let a = seed32 >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Folds a string (a decimal seed, or "BOT_SEED/game/seat") into 32 bits
// (FNV-1a), so every digit of a 64-bit seed counts.
function fold(text) {
  let h = 0x811c9dc5;
  for (const ch of String(text)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

class Bot {
  constructor(name) {
    this.name = name || "js-bot";
    this.newGame();
  }

  // ---- the strategy: override these --------------------------------------

  // Returns the reply to the decision being asked: a move line such as
  // "play path-NES 1 0 0", "discard map", "pick 3" or "steal 2".
  choose() {
    return this.legal.length ? this.legal[0] : null;
  }

  // Called with the words of every line just before the state takes it in
  // (the moment the C helper calls its seen()): compare the state before
  // the line with what the line says.
  seen(words) {}

  // The legal moves of this decision, taken apart (see parseMove).
  moves() {
    return this.legal.map(parseMove);
  }

  // An element of list chosen with random().
  choice(list) {
    return list.length ? list[Math.floor(this.random() * list.length)] : null;
  }

  isBroken(seat = this.seat) {
    return (this.broken.get(seat) || []).length > 0;
  }

  // Whether seat is trapped (saboteur2): it may play no path card, and is
  // neither paid nor steals at round end.
  isTrapped(seat = this.seat) {
    return (this.inFront.get(seat) || []).includes("trapped");
  }

  // ---- the state -----------------------------------------------------------

  newGame(game = 0) {
    this.game = game;
    this.seed = null;
    this.random = generator(fold(Date.now() + "/" + process.pid));
    this.seat = this.players = null;
    this.ruleset = null;
    this.names = new Map();
    this.gold = new Map();
    this.thefts = [];
    this.result = null;
    this.start = [0, 0];
    this.goals = [];
    this.setupGoals = [];
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
    this.victims = [];
    this.goalOrder = [];
    this.chests = new Set();
    this.chestChoices = [];
    this.pushChoices = [];
    this.board = new Map();
    this.turned = new Set();
    this.goalCards = new Map();
    this.dwarves = new Map();
    this.postcards = new Map();
    this.broken = new Map();
    this.inFront = new Map();
    this.pending = null;
    this.reacting = false;
    this.trove = [];
    this.direction = 0;
    this.turn = this.moveMs = this.bankMs = this.tries = 0;
    this.dealing = false;
  }

  cardLeft(seat, token) {
    const i = this.hand.indexOf(token);
    if (seat === this.seat && i >= 0) this.hand.splice(i, 1);
  }

  // The card token no longer lies in front of seat.
  inFrontTake(seat, token) {
    const cards = this.inFront.get(seat) || [];
    if (cards.includes(token)) cards.splice(cards.indexOf(token), 1);
    const tools = this.broken.get(seat) || [];
    const i = token.startsWith("break-") ? tools.indexOf(token.slice(6)) : -1;
    if (i >= 0) tools.splice(i, 1);
  }

  inFrontAdd(seat, token) {
    this.inFront.set(seat, (this.inFront.get(seat) || []).concat([token]));
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
      this.inFrontAdd(t, card);
    } else if (card.startsWith("repair-") && w.length >= 5) {
      this.inFrontTake(Number(w[3]), "break-" + w[4]);
    } else if (card === "rockfall" && w.length >= 5) {
      this.board.delete(w[3] + "," + w[4]);
      this.turned.delete(w[3] + "," + w[4]);
    } else if (card === "theft") {
      this.inFrontAdd(seat, card);
    } else if (card === "trapped" && w.length >= 4) {
      this.inFrontAdd(Number(w[3]), card);
    } else if ((card === "hands-off" || card === "freedom") && w.length >= 5) {
      this.inFrontTake(Number(w[3]), w[4]);
    } else if (card === "change-hats" && w.length >= 4 && Number(w[3]) !== this.seat) {
      // That seat's role is new, and only it learns which.
      this.roles.delete(Number(w[3]));
    } else if (card === "goal-swap" && w.length >= 8 && w[7] === "1") {
      // What anyone knew of the two goals now lies where they went.
      const a = w[3] + "," + w[4], b = w[5] + "," + w[6];
      const ka = this.goalCards.get(a), kb = this.goalCards.get(b);
      this.goalCards.delete(a);
      this.goalCards.delete(b);
      if (ka !== undefined) this.goalCards.set(b, ka);
      if (kb !== undefined) this.goalCards.set(a, kb);
    } else if (card === "diversion" && w.length >= 9) {
      // played S diversion X Y ROT CARD FROMX FROMY
      const from = w[7] + "," + w[8], to = w[3] + "," + w[4];
      this.board.delete(from);
      this.turned.delete(from);
      this.board.set(to, w[6]);
      if (w[5] === "1") this.turned.add(to);
    } else if (card === "change-direction") {
      this.direction ^= 1;
    }
    this.reacting = false;
    // A card that waited for a veto left the hand when it was played.
    if (this.pending !== null && this.pending[0] === seat) this.pending = null;
    else this.cardLeft(seat, card);
  }

  // Updates the state from one line's words; returns "answer", "quit" or null.
  take(w) {
    const kind = w[0], n = w.length;
    if (kind !== "draw" && kind !== "role") this.dealing = false;
    if (kind === "saboteur") {
      this.send("bot " + this.name + " moves seed react");
    } else if (kind === "quit") {
      return "quit";
    } else if (kind === "game" && n >= 5) {
      this.newGame(Number(w[1]));
      this.ruleset = w[2];
      this.players = Number(w[3]);
      this.seat = Number(w[4]);
      // Without a "seed" line: BOT_SEED with the game and seat, so a game
      // plays the same whichever games the process played before.
      const env = (process.env.BOT_SEED || "").trim();
      if (/^\d+$/.test(env)) this.random = generator(fold(env + "/" + this.game + "/" + this.seat));
    } else if (kind === "seed" && n >= 2 && /^\d+$/.test(w[1])) {
      this.seed = BigInt(w[1]);
      this.random = generator(fold(w[1]));
    } else if (kind === "player" && n >= 3) {
      this.names.set(Number(w[1]), w[2]);
    } else if (kind === "start" && n >= 3) {
      this.start = [Number(w[1]), Number(w[2])];
    } else if (kind === "goal" && n >= 3) {
      this.setupGoals.push([Number(w[1]), Number(w[2])]);
      this.goals = this.setupGoals.map((g) => g.slice());
    } else if (kind === "round" && n >= 4) {
      this.newRound();
      this.goals = this.setupGoals.map((g) => g.slice());
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
    } else if (kind === "plays" && n >= 3) {
      // A card waits for a veto: it has left the hand.
      this.pending = [Number(w[1]), "play " + w.slice(2).join(" ")];
      this.cardLeft(Number(w[1]), w[2]);
    } else if (kind === "react" && n >= 2) {
      this.reacting = true;
    } else if (kind === "vetoed" && n >= 4) {
      // Both cards go to the discard pile; the vetoed play never was.
      this.cardLeft(Number(w[1]), "veto");
      this.pending = null;
      this.reacting = false;
    } else if (kind === "trove") {
      this.trove = w.slice(1);
    } else if (kind === "took" && n >= 3) {
      if (Number(w[1]) === this.seat) {
        if (w[2] !== "-") this.hand.push(w[2]);
        this.trove = [];
      }
    } else if (kind === "discarded" && n >= 3) {
      for (const card of w.slice(2, 5)) this.cardLeft(Number(w[1]), card);   // 1 to 3 cards
    } else if (kind === "removed" && n >= 5) {
      const seat = Number(w[1]);
      this.inFrontTake(seat, w[2]);
      for (const card of w.slice(3, 5)) this.cardLeft(seat, card);
    } else if (kind === "laid" && n >= 4) {
      // A card the rules lay face up at setup: the tournament's middle path
      // card, a postcard.
      const cell = w[1] + "," + w[2];
      this.board.set(cell, w[3]);
      if (w[4] === "1") this.turned.add(cell);
    } else if (kind === "dwarf" && n >= 4) {
      // After its card's "discarded": the dwarf on an open end.
      this.dwarves.set(w[2] + "," + w[3], Number(w[1]));
    } else if (kind === "toll" && n >= 5) {
      const payer = Number(w[1]), owner = Number(w[2]);
      this.dwarves.delete(w[3] + "," + w[4]);
      for (const [s, d] of [[payer, -1], [owner, 1]])
        if (s === this.seat) this.gold.set(s, (this.gold.get(s) || 0) + d);
    } else if (kind === "postcard" && n >= 5) {
      // Our new dwarf card, if any, comes in the "role" lines next; what we
      // knew of the others' may be out of date.
      this.postcards.set(w[2] + "," + w[3], w[4]);
      for (const s of [...this.roles.keys()])
        if (s !== this.seat && (w[4].startsWith("party-") || s === Number(w[1])))
          this.roles.delete(s);
    } else if (kind === "hand") {        // after a swap hands: all of ours
      this.hand = w.slice(1);
    } else if (kind === "victims") {
      this.victims = w.slice(1).map(Number);
    } else if (kind === "goals" && n >= 2) {   // New Goals: which goal first
      if (Number(w[1]) === this.seat) {
        this.goalOrder = [];
        for (let i = 2; i + 1 < n; i += 2)
          this.goalOrder.push([Number(w[i]), Number(w[i + 1])]);
      }
    } else if (kind === "chest" && n >= 3) {   // Treasure Chests
      this.chests.add(w[1] + "," + w[2]);
    } else if (kind === "opened" && n >= 7) {
      const cell = w[2] + "," + w[3];
      this.chests.delete(cell);
      this.board.set(cell, w[4]);
      if (w[5] === "1") this.turned.add(cell);
    } else if (kind === "chestchoice" && n >= 2 && w[1] === "push-goal") {
      // The face-down goals we may push one further, by X Y.
      this.pushChoices = [];
      for (let i = 2; i + 1 < n; i += 2)
        this.pushChoices.push([Number(w[i]), Number(w[i + 1])]);
    } else if (kind === "chestchoice" && n >= 2) {
      this.chestChoices = w.slice(2).map(Number);
    } else if (kind === "pushed" && n >= 6) {
      // pushed SEAT X0 Y0 X Y: a face-down goal went one further.
      const from = w[2] + "," + w[3], to = w[4] + "," + w[5];
      this.goals = this.goals.map((g) => g.join(",") === from ?
        [Number(w[4]), Number(w[5])] : g);
      this.board.delete(from);
      this.board.set(to, "-");
      if (this.goalCards.has(from)) {
        this.goalCards.set(to, this.goalCards.get(from));
        this.goalCards.delete(from);
      }
      this.pushChoices = [];
    } else if (kind === "grabbed") {
      this.chestChoices = [];
    } else if (kind === "paid" && n >= 3 && w[2] !== "-") {
      const s = Number(w[1]);
      this.gold.set(s, (this.gold.get(s) || 0) - Number(w[2]));
    } else if (kind === "stole" && n >= 3) {
      const thief = Number(w[1]), victim = Number(w[2]);
      this.thefts.push([thief, victim]);
      for (const [s, d] of [[thief, 1], [victim, -1]])
        if (s === this.seat) this.gold.set(s, (this.gold.get(s) || 0) + d);
      if (thief === this.seat) this.victims = [];
    } else if (kind === "roundend" && n >= 5) {
      this.result = { round: Number(w[1]), how: w[2],
        finder: w[3] === "-" ? null : Number(w[3]), side: w[4],
        winners: w[5] === "winners" ? w.slice(6).map(Number) : null };
    } else if ((kind === "peek" || kind === "reveal") && n >= 4) {
      const cell = w[1] + "," + w[2];
      this.goalCards.set(cell, w[3]);
      if (kind === "reveal") {
        this.goalOrder = [];
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
      else if (this.victims.length) move = "steal " + this.victims[0];
      else if (this.goalOrder.length) move = "reveal " + this.goalOrder[0].join(" ");
      else if (this.chestChoices.length) move = "choose " + this.chestChoices[0];
      else if (this.pushChoices.length) move = "push " + this.pushChoices[0].join(" ");
      else if (this.hand.length) move = "discard " + this.hand[0];
      else move = "note nothing to play";
    }
    move = String(move).trim().split(/\r?\n/)[0];     // one line, whatever came
    this.lastAnswer = move;
    if (move.startsWith("choose ")) this.chestChoices = [];   // a chest's choice is made
    if (move.startsWith("push ")) this.pushChoices = [];
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
      this.seen(w);
      const what = this.take(w);
      if (what === "quit") process.exit(0);
      if (what === "answer") this.answer();
    });
    rl.on("close", () => process.exit(0));
  }
}

module.exports = { Bot, parseMove, cardExits, cardMarks, cardCrystals, STEP };
