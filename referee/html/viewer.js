// viewer.js: draws the positions of a replay that saboteur html wrote into
// this page.  It knows no rules: every position of every perspective was
// computed by the referee's view model, and every card's shape and kind
// come with the page; this script only looks them up and draws them.
'use strict';
(function () {
  const G = JSON.parse(document.getElementById('game').textContent);
  const KEYS = G.keys, VALUES = G.values, CHANGES = G.changes;
  const keyIndex = new Map(KEYS.map((k, i) => [k, i]));
  const N = G.steps, SEATS = G.names.length;
  // The view model's marks on steps, and the page's own (page.c).
  const F_TURN = 1, F_ROUND = 2, F_FAIL = 4, F_MAIN = 16, F_QUIET = 32, F_EFFECT = 64;
  // Autoplay moves by decisions: this many a second.
  const SPEEDS = [1, 3, 6, 12, 30];
  const EVERY = 64;

  // ---- positions: changes applied to a copy of the nearest checkpoint ----
  const decodedChanges = new Array(CHANGES.length);
  function change(i) {
    if (decodedChanges[i] === undefined) {
      const a = [];
      if (CHANGES[i] !== '') {
        for (const part of CHANGES[i].split(' ')) {
          const dot = part.indexOf('.');
          a.push(parseInt(part.slice(0, dot), 36),
            dot + 1 < part.length ? parseInt(part.slice(dot + 1), 36) : -1);
        }
      }
      decodedChanges[i] = a;
    }
    return decodedChanges[i];
  }
  function apply(state, ci) {
    const a = change(ci);
    for (let j = 0; j < a.length; j += 2) state[a[j]] = a[j + 1];
  }
  // A perspective's list of changes is read when the perspective is first
  // shown (a page opens with one of its up to 14).
  for (const P of G.persps) {
    let list = null;
    Object.defineProperty(P, 'list', { get: () => list || (list = P.changes.split(',').map((x) => parseInt(x, 36))) });
    P.checkpoints = [];
  }
  // The items at step s (-1: before the first) of perspective P.
  function stateAt(P, s) {
    const idx = s + 1, m = Math.floor(idx / EVERY), list = P.list;
    while (P.checkpoints.length <= m) {
      const c = P.checkpoints.length;
      const st = c === 0 ? new Int32Array(KEYS.length).fill(-1)
        : Int32Array.from(P.checkpoints[c - 1]);
      for (let i = c === 0 ? 0 : (c - 1) * EVERY + 1; i <= c * EVERY && i < list.length; i++)
        apply(st, list[i]);
      P.checkpoints.push(st);
    }
    const st = Int32Array.from(P.checkpoints[m]);
    for (let i = m * EVERY + 1; i <= idx; i++) apply(st, list[i]);
    return st;
  }
  function get(st, key) {
    const k = keyIndex.get(key);
    return k === undefined || st[k] < 0 ? null : VALUES[st[k]];
  }

  // ---- the cards, as the ruleset defines them (page.c json_cards) ----
  const CARDS = G.cards.map((c) => ({
    tok: c[0], kind: c[1], edges: c[2], g0: c[3], g1: c[4], tools: c[5], gold: c[6],
    door: c[7], ladder: c[8], crystals: c[9], effect: c[10], amount: c[11], chest: c[12], name: c[13],
  }));
  const byTok = new Map(CARDS.map((c) => [c.tok, c]));
  const ROLE_TITLE = new Map((G.roles || []).map((r) => [r[0], r[1]]));
  const ROLE_MARK = new Map((G.roles || []).map((r) => [r[0], r[2]]));
  const TOOL = ['pickaxe', 'lantern', 'cart'];
  const EFFECT = ['', 'sack', 'dragon', 'spider'];
  const EDGE = ['N', 'E', 'S', 'W'];

  // ---- where we are ----
  const view = { persp: 0, step: N - 1, playing: false, speed: 1, timer: null,
    zoom: 1, cx: 0, cy: 0, bannerHidden: '' };
  function perspOf(id) {
    return G.persps.findIndex((P) => (P.id === 'seat' ? String(P.seat) : P.id) === id);
  }
  function perspId(P) { return P.id === 'seat' ? String(P.seat) : P.id; }
  function readFragment() {
    const h = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (h.has('as')) {
      const j = perspOf(h.get('as'));
      if (j >= 0) view.persp = j;
    }
    if (h.has('s')) {
      const s = parseInt(h.get('s'), 10);
      if (s >= -1 && s < N) view.step = s;
    } else if (h.has('d')) {
      const d = parseInt(h.get('d'), 10);
      if (d >= 0 && d < G.decisionStep.length && G.decisionStep[d] >= -1)
        view.step = G.decisionStep[d];
    }
  }
  // The link follows the position: at once after a reader's move; a
  // little later while autoplay, the slider or a key held down moves many
  // times a second (browsers limit how often a page may rewrite its link).
  let hashTimer = null;
  function writeFragment(later) {
    if (hashTimer) clearTimeout(hashTimer);
    hashTimer = null;
    if (later) { hashTimer = setTimeout(() => writeFragment(false), 300); return; }
    const P = G.persps[view.persp];
    const s = view.step;
    const d = s >= 0 ? G.decision[s] : 0;
    const at = s >= 0 && G.decisionStep[d] === s ? 'd=' + d : 's=' + s;
    const h = '#' + at + '&as=' + perspId(P);
    if (location.hash !== h) history.replaceState(null, '', h);
  }
  function visible(i) {
    const P = G.persps[view.persp];
    return P.id === 'all' || P.visible[i] === '1';
  }
  // The next step after from (dir 1) or before it (dir -1) with one of the
  // flags (0: any), told to this perspective; -1 when there is none.
  function find(from, dir, flags, skip) {
    for (let i = from + dir; i >= 0 && i < N; i += dir)
      if ((flags === 0 || (G.flags[i] & flags)) && !(skip && (G.flags[i] & skip)) && visible(i)) return i;
    return -1;
  }

  // ---- drawing helpers ----
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k === 'html') e.innerHTML = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of kids) if (c !== null && c !== undefined && c !== false) e.append(c);
    return e;
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }
  // Okabe and Ito's colours, safe for every common colour blindness; each
  // seat is also drawn with its number, and from seat 8 on in a square.
  const SEAT_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
  const SEAT_INK = ['#fff', '#000', '#fff', '#000', '#000', '#fff', '#000', '#fff'];
  function seatColour(k) { return SEAT_COLOURS[k % SEAT_COLOURS.length]; }
  function seatInk(k) { return SEAT_INK[k % SEAT_INK.length]; }
  // A seat's marker: its number on its colour, a disc (seats 0-7) or a
  // square (8-11), at (x, y) of radius r, in SVG.
  function seatShape(k, x, y, r) {
    const c = seatColour(k);
    const shape = k < 8 ? '<circle cx="' + x + '" cy="' + y + '" r="' + r + '" fill="' + c + '" stroke="#fff" stroke-width="' + (r / 6) + '"/>'
      : '<rect x="' + (x - r) + '" y="' + (y - r) + '" width="' + 2 * r + '" height="' + 2 * r + '" rx="' + r / 4 + '" fill="' + c + '" stroke="#fff" stroke-width="' + (r / 6) + '"/>';
    return shape + '<text x="' + x + '" y="' + (y + r * 0.42) + '" font-size="' + (r * 1.2) + '" text-anchor="middle" fill="' + seatInk(k) +
      '" font-weight="bold" font-family="system-ui,sans-serif">' + k + '</text>';
  }
  function seatMarker(k, size) {
    const s = size || 18;
    return el('span', { class: 'seat-marker', 'data-seat': k, title: 'seat ' + k + ' (' + G.names[k] + ')',
      html: '<svg width="' + s + '" height="' + s + '" viewBox="0 0 20 20" aria-hidden="true">' + seatShape(k, 10, 10, 8.5) + '</svg>' });
  }

  // ---- pictures: icons on a 24 by 24 grid ----
  const ICONS = {
    pickaxe: '<path d="M5 20L15.5 9.5" stroke="#7a5230" stroke-width="2.6" stroke-linecap="round"/>' +
      '<path d="M4.5 7.5C9 3 16 3 21 9.5C16 6.5 10 6 4.5 7.5Z" fill="#a7adb3" stroke="#444" stroke-width="1"/>',
    lantern: '<path d="M12 2.5v2.5M9 5h6" stroke="#444" stroke-width="1.6" fill="none"/>' +
      '<rect x="7" y="6" width="10" height="13" rx="2" fill="#F0E442" stroke="#444" stroke-width="1.4"/>' +
      '<path d="M12 9.5c2 2 2 4 0 6c-2-2-2-4 0-6z" fill="#E69F00"/><rect x="8" y="19" width="8" height="2.4" fill="#444"/>',
    cart: '<path d="M2.5 7.5h19l-3 9h-13z" fill="#9b7448" stroke="#444" stroke-width="1.4"/>' +
      '<circle cx="8" cy="19" r="2.3" fill="#444"/><circle cx="16" cy="19" r="2.3" fill="#444"/>',
    rocks: '<circle cx="8.5" cy="15.5" r="5" fill="#8a8a8a" stroke="#444"/><circle cx="16.5" cy="16" r="4.2" fill="#9a9a9a" stroke="#444"/>' +
      '<circle cx="12.5" cy="8.5" r="4.2" fill="#7a7a7a" stroke="#444"/>',
    map: '<path d="M2.5 6l6-2.5 7 2.5 6-2.5v15l-6 2.5-7-2.5-6 2.5z" fill="#f3e2b3" stroke="#7a5a2a" stroke-width="1.2"/>' +
      '<path d="M8.5 3.5v15M15.5 6v15" stroke="#7a5a2a" stroke-width="1"/><path d="M16.5 9.5l3 3m0-3l-3 3" stroke="#D55E00" stroke-width="1.8"/>',
    nugget: '<path d="M3.5 15.5l4-7.5 7.5-2.5 5.5 5-2 7.5-9.5 1.5z" fill="#F2C200" stroke="#8a6d00" stroke-width="1.2"/>' +
      '<path d="M8 10l3 2M14 8l1 4" stroke="#fff6a8" stroke-width="1.2"/>',
    stone: '<path d="M3 17l3-8.5 8-3.5 7 6-2 8.5H6z" fill="#8d8d8d" stroke="#3d3d3d" stroke-width="1.2"/><path d="M9 10l4 3" stroke="#bbb"/>',
    magnifier: '<circle cx="10" cy="10" r="6" fill="#dff1ff" stroke="#333" stroke-width="2"/><path d="M14.5 14.5L21 21" stroke="#333" stroke-width="3" stroke-linecap="round"/>',
    hat: '<path d="M3 18.5h18" stroke="#333" stroke-width="2.4" stroke-linecap="round"/><path d="M7 18l1.8-11h6.4L17 18z" fill="#555" stroke="#222"/>' +
      '<path d="M8.3 14h7.4" stroke="#CC79A7" stroke-width="2"/>',
    cage: '<rect x="4" y="4" width="16" height="17" rx="1.5" fill="#eee" stroke="#333" stroke-width="1.6"/>' +
      '<path d="M8 4v17M12 4v17M16 4v17" stroke="#333" stroke-width="1.6"/>',
    unlock: '<rect x="5" y="11" width="14" height="10" rx="2" fill="#E69F00" stroke="#333" stroke-width="1.4"/>' +
      '<path d="M8 11V7.5a4 4 0 0 1 7.6-1.7" fill="none" stroke="#333" stroke-width="2"/>',
    shield: '<path d="M12 2.8l8 3v6c0 5-3.6 8.2-8 9.5-4.4-1.3-8-4.5-8-9.5v-6z" fill="#56B4E9" stroke="#1d4f7a" stroke-width="1.4"/>' +
      '<path d="M8 12l3 3 5-6" fill="none" stroke="#fff" stroke-width="2"/>',
    swap: '<path d="M4 8h14M14.5 4.5L18 8l-3.5 3.5M20 16H6M9.5 12.5L6 16l3.5 3.5" fill="none" stroke="#333" stroke-width="2" stroke-linecap="round"/>',
    theft: '<circle cx="8.5" cy="12" r="5.5" fill="#F2C200" stroke="#8a6d00" stroke-width="1.2"/>' +
      '<path d="M14 12h7M18 8.5l3.5 3.5-3.5 3.5" fill="none" stroke="#333" stroke-width="2" stroke-linecap="round"/>',
    veto: '<circle cx="12" cy="12" r="8.5" fill="#fff" stroke="#D55E00" stroke-width="3"/><path d="M6 6l12 12" stroke="#D55E00" stroke-width="3"/>',
    compass: '<circle cx="12" cy="12" r="9" fill="#f6f0e0" stroke="#333" stroke-width="1.6"/><path d="M12 4.5l3 7.5h-6z" fill="#D55E00"/><path d="M12 19.5l3-7.5h-6z" fill="#555"/>',
    diversion: '<path d="M5 20v-8a5 5 0 0 1 5-5h9M15.5 3.5L19 7l-3.5 3.5" fill="none" stroke="#333" stroke-width="2.2" stroke-linecap="round"/>',
    reverse: '<path d="M19 12a7 7 0 1 1-2.1-5" fill="none" stroke="#333" stroke-width="2.2"/><path d="M17.5 2.5v5h-5" fill="none" stroke="#333" stroke-width="2.2"/>',
    goalswap: '<rect x="2.5" y="5" width="7.5" height="11" rx="1.5" fill="#2d4b5c"/><rect x="14" y="8" width="7.5" height="11" rx="1.5" fill="#2d4b5c"/>' +
      '<path d="M6 3.5c4-2 10-1 12 3M18 20.5c-4 2-10 1-12-3" fill="none" stroke="#E69F00" stroke-width="1.8"/>',
    chest: '<rect x="3" y="10" width="18" height="10" rx="1" fill="#8d5a2b" stroke="#3d2410" stroke-width="1.2"/>' +
      '<path d="M3 10.5a9 5.5 0 0 1 18 0z" fill="#a86c33" stroke="#3d2410" stroke-width="1.2"/><rect x="10.2" y="11.5" width="3.6" height="4" fill="#F0E442" stroke="#3d2410" stroke-width=".8"/>',
    dwarf: '<circle cx="12" cy="12" r="5" fill="#f1c9a5"/><path d="M6 11a6 6 0 0 1 12 0z" fill="#9aa0a6" stroke="#333"/><path d="M7.5 13l4.5 8.5 4.5-8.5z" fill="#ddd" stroke="#777" stroke-width=".8"/>',
    sack: '<path d="M8.5 5.5h7l-2 3c5 2 6.5 12.5-1.5 12.5S5.5 10.5 10.5 8.5z" fill="#c9a063" stroke="#6b4f2a" stroke-width="1.2"/>',
    dragon: '<path d="M12 2.5c2 4 6.5 6 6.5 11.5a6.5 6.5 0 0 1-13 0c0-3 2-4.5 3-6.5 1 2 2 3.2 3 3.2 0-3-1.2-5 .5-8.2z" fill="#D55E00" stroke="#6a2a00"/>',
    spider: '<path d="M12 12L4 5M12 12L3 11M12 12l-8 6M12 12l-5 8M12 12l8-7M12 12l9-1M12 12l8 6M12 12l5 8" stroke="#111" stroke-width="1.4"/>' +
      '<circle cx="12" cy="13" r="4.2" fill="#111"/><circle cx="12" cy="8" r="2.6" fill="#111"/>',
    mask: '<path d="M2.5 8c3.5-2.5 15.5-2.5 19 0 0 6.5-3 9.5-6 9.5-2.3 0-2.3-3-3.5-3s-1.2 3-3.5 3c-3 0-6-3-6-9.5z" fill="#CC79A7" stroke="#5a2448" stroke-width="1.2"/>' +
      '<ellipse cx="8" cy="10.5" rx="2.2" ry="1.6" fill="#fff"/><ellipse cx="16" cy="10.5" rx="2.2" ry="1.6" fill="#fff"/>',
    party: '<path d="M12 2.5l2.6 6 6.4.6-4.9 4.2 1.5 6.4L12 16.3l-5.6 3.4 1.5-6.4L3 9.1l6.4-.6z" fill="#CC79A7" stroke="#5a2448" stroke-width="1.1"/>',
    ladder: '<path d="M8 2.5v19M16 2.5v19M8 6.5h8M8 10.5h8M8 14.5h8M8 18.5h8" stroke="#4a3015" stroke-width="2"/>',
    crystal: '<path d="M12 2.5l5.5 6.5-5.5 12.5-5.5-12.5z" fill="#56B4E9" stroke="#0b4f7a" stroke-width="1"/>',
    trophy: '<path d="M7 3.5h10v5a5 5 0 0 1-10 0z" fill="#F2C200" stroke="#8a6d00"/><path d="M7 5H3.5c0 3 1.5 4.5 4 4.5M17 5h3.5c0 3-1.5 4.5-4 4.5" fill="none" stroke="#8a6d00" stroke-width="1.4"/>' +
      '<path d="M12 13.5v4M8 20.5h8" stroke="#8a6d00" stroke-width="2.2"/>',
    question: '<text x="12" y="17.5" font-size="16" text-anchor="middle" font-weight="bold" fill="#ddd" font-family="system-ui,sans-serif">?</text>',
  };
  function icon(name, x, y, size, extra) {
    return '<g transform="translate(' + x + ' ' + y + ') scale(' + (size / 24) + ')"' + (extra || '') + '>' + (ICONS[name] || ICONS.question) + '</g>';
  }
  // A card kind's picture and the words that say what it does.
  const KIND_ICON = {
    sabotage: 'tool', repair: 'tool', rockfall: 'rocks', map: 'map', theft: 'theft', 'hands-off': 'shield',
    'swap-hands': 'swap', inspection: 'magnifier', 'change-hats': 'hat', trapped: 'cage', freedom: 'unlock',
    'goal-swap': 'goalswap', 'treasure-trove': 'chest', veto: 'veto', pathfinder: 'compass', diversion: 'diversion',
    'change-direction': 'reverse', costume: 'mask', party: 'party',
  };
  const KIND_COLOUR = {
    sabotage: '#D55E00', trapped: '#D55E00', theft: '#CC79A7', repair: '#0072B2', freedom: '#0072B2',
    'hands-off': '#0072B2', rockfall: '#666', map: '#E69F00', inspection: '#E69F00', veto: '#D55E00',
  };
  const KIND_WORDS = {
    sabotage: 'breaks a player\'s tool: no path cards until it is repaired',
    repair: 'repairs a broken tool',
    rockfall: 'takes a path card away from the table',
    map: 'looks at a face-down goal card',
    theft: 'steals gold at the round\'s end',
    'hands-off': 'takes a theft away from in front of a player',
    'swap-hands': 'swaps hands with another player',
    inspection: 'looks at another player\'s dwarf card',
    'change-hats': 'a player takes a new dwarf card',
    trapped: 'traps a player: no cards played until freed',
    freedom: 'frees a trapped player',
    'goal-swap': 'swaps two face-down goals, or not, unseen',
    'treasure-trove': 'takes a card from the discard pile instead of drawing',
    veto: 'stops another player\'s card before it takes effect',
    pathfinder: 'two path cards this turn',
    diversion: 'moves the last path card played elsewhere',
    'change-direction': 'reverses the order of play',
    costume: 'postcard: who connects it changes their dwarf card',
    party: 'postcard: who connects it deals every dwarf card again',
  };
  function toolsOf(bits) { return TOOL.filter((t, i) => bits & (1 << i)); }
  function cardWords(c) {
    if (!c) return 'a card not known here';
    const tools = toolsOf(c.tools);
    if (c.kind === 'sabotage') return 'broken ' + tools.join(' and ') + ': ' + KIND_WORDS.sabotage;
    if (c.kind === 'repair') return 'repairs a broken ' + tools.join(', ') + (tools.length > 1 ? ' (one of them)' : '');
    if (c.kind === 'path' || c.kind === 'start' || c.kind === 'goal' || c.kind === 'costume' || c.kind === 'party') {
      const open = EDGE.filter((e, d) => c.edges & (1 << d)).join(' ');
      const w = [];
      if (c.kind === 'start') w.push('the start card');
      else if (c.kind === 'goal') w.push(c.gold ? 'the gold' : 'a stone goal');
      else if (c.kind !== 'path') w.push(KIND_WORDS[c.kind]);
      else if (c.g0 === 0) w.push('a dead end');
      else if (c.g1) w.push('two tunnels that do not join');
      else w.push('a tunnel');
      if (c.kind !== 'goal' || !c.gold) w.push('open ' + (open || 'nowhere'));
      if (c.door) w.push(['', 'blue', 'green'][c.door] + ' door: closed to the other team');
      if (c.ladder) w.push('a ladder');
      if (c.crystals) w.push(c.crystals + ' crystal' + (c.crystals > 1 ? 's' : ''));
      if (c.effect === 1) w.push('a gold sack: takes ' + c.amount);
      if (c.effect === 2) w.push('a dragon: pays 1 gold');
      if (c.effect === 3) w.push('a giant spider: the saboteurs win');
      if (c.chest) w.push('lies over a treasure chest');
      return w.join('; ');
    }
    return KIND_WORDS[c.kind] || ('a ' + c.kind + ' card');
  }
  function cardTitle(tok) {
    const c = byTok.get(tok);
    return tok === '?' ? 'a card not known here' : tok + ': ' + cardWords(c);
  }
  const TUNNELLED = new Set(['path', 'start', 'goal', 'costume', 'party']);
  const TUNNEL = '#f1e2bd', TUNNEL_DIM = '#bca47a', ROCK = '#6e5034', ROCK_EDGE = '#3b2714';
  // Tunnels on a w by h card: edge d's arm from its edge's middle to the
  // centre (joined) or part way (a stub); two groups curve apart (a bridge
  // or a double bend); a dead end stops at a rock in the centre.
  function tunnels(w, h, edges, g0, g1, colour) {
    const cx = w / 2, cy = h / 2, t = Math.min(w, h) * 0.26;
    const mid = [[cx, 0], [w, cy], [cx, h], [0, cy]];
    let s = '';
    const line = (x1, y1, x2, y2) => '<line x1="' + x1 + '" y1="' + y1 + '" x2="' + x2 + '" y2="' + y2 + '" stroke="' + colour +
      '" stroke-width="' + t + '" stroke-linecap="butt"/>';
    const joined = g0 | g1;
    for (let d = 0; d < 4; d++) {
      if (!(edges & (1 << d)) || (joined & (1 << d))) continue;
      // A stub: open at the edge, closed before the centre.
      const [x, y] = mid[d], f = 0.3;
      s += line(x, y, x + (cx - x) * f * 2, y + (cy - y) * f * 2);
      s += '<circle cx="' + (x + (cx - x) * f * 2) + '" cy="' + (y + (cy - y) * f * 2) + '" r="' + t / 2 + '" fill="' + colour + '"/>';
    }
    if (g0 && g1) {
      // Two tunnels: straight across, or curved from edge to edge.
      for (const g of [g0, g1]) {
        const ds = [0, 1, 2, 3].filter((d) => g & (1 << d));
        if (ds.length !== 2) { for (const d of ds) s += line(mid[d][0], mid[d][1], cx, cy); continue; }
        const [a, b] = ds.map((d) => mid[d]);
        // A bend round the corner between its edges, or a straight line.
        const qx = cx, qy = cy;
        if (g === g1) s += '<path d="M' + a[0] + ' ' + a[1] + 'Q' + qx + ' ' + qy + ' ' + b[0] + ' ' + b[1] +
          '" fill="none" stroke="' + ROCK_EDGE + '" stroke-width="' + t * 1.5 + '"/>';
        s += '<path d="M' + a[0] + ' ' + a[1] + 'Q' + qx + ' ' + qy + ' ' + b[0] + ' ' + b[1] + '" fill="none" stroke="' + colour +
          '" stroke-width="' + t + '"/>';
      }
      return s;
    }
    for (let d = 0; d < 4; d++)
      if (g0 & (1 << d)) s += line(mid[d][0], mid[d][1], cx, cy);
    if (g0) s += '<rect x="' + (cx - t / 2) + '" y="' + (cy - t / 2) + '" width="' + t + '" height="' + t + '" fill="' + colour + '"/>';
    else if (edges) s += '<circle cx="' + cx + '" cy="' + cy + '" r="' + t * 0.75 + '" fill="' + ROCK_EDGE + '" stroke="#1b1108"/>';
    return s;
  }
  // The marks of a path card: a door, a ladder, crystals, a chest under it.
  function pathMarks(c, w, h) {
    const m = Math.min(w, h);
    let s = '';
    if (c.door) {
      const col = c.door === 1 ? '#0072B2' : '#009E73';
      // The door's colour, and its letter drawn (a picture, not text).
      s += '<rect x="' + (w / 2 - m * 0.2) + '" y="' + (h / 2 - m * 0.2) + '" width="' + m * 0.4 + '" height="' + m * 0.4 + '" rx="' + m * 0.05 +
        '" fill="' + col + '" stroke="#fff" stroke-width="' + m * 0.03 + '"/><path transform="translate(' + (w / 2 - m * 0.1) + ' ' + (h / 2 - m * 0.14) +
        ') scale(' + (m * 0.02) + ')" d="' + (c.door === 1 ? 'M1 1v12h5a3 3 0 0 0 0-6H1h4.5a2.75 2.75 0 0 0 0-6z' : 'M9 3.2A5.2 5.2 0 1 0 9.6 10V7.4H6.2') +
        '" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/>';
    }
    if (c.ladder || c.kind === 'start') s += icon('ladder', w / 2 - m * 0.22, h / 2 - m * 0.22, m * 0.44);
    for (let i = 0; i < Math.min(c.crystals, 3); i++) s += icon('crystal', w - m * 0.3 - i * m * 0.17, m * 0.02, m * 0.28);
    return s;
  }
  function frame(w, h, fill, stroke) {
    return '<rect x="0.5" y="0.5" width="' + (w - 1) + '" height="' + (h - 1) + '" rx="' + Math.min(w, h) * 0.08 + '" fill="' + fill +
      '" stroke="' + (stroke || ROCK_EDGE) + '"/>';
  }
  // A card face down: its back, with a mark when its face is known here.
  function backSvg(w, h, mark) {
    const m = Math.min(w, h);
    let s = frame(w, h, '#2d4b5c', '#12222b') + '<rect x="' + m * 0.12 + '" y="' + m * 0.12 + '" width="' + (w - m * 0.24) + '" height="' + (h - m * 0.24) +
      '" rx="' + m * 0.05 + '" fill="none" stroke="#6f94a6" stroke-width="' + m * 0.03 + '"/>';
    if (mark === 'gold' || mark === 'stone') {
      s += icon(mark === 'gold' ? 'nugget' : 'stone', w / 2 - m * 0.3, h / 2 - m * 0.3, m * 0.6);
      s += '<circle cx="' + (w - m * 0.17) + '" cy="' + m * 0.17 + '" r="' + m * 0.12 + '" fill="#fff"/><circle cx="' + (w - m * 0.17) + '" cy="' + m * 0.17 +
        '" r="' + m * 0.05 + '" fill="#000"/>';
    } else if (mark === 'chest') {
      s = frame(w, h, '#5a3d1e', '#2a1a08') + icon('chest', w / 2 - m * 0.3, h / 2 - m * 0.3, m * 0.6);
    } else {
      s += icon('question', w / 2 - m * 0.3, h / 2 - m * 0.3, m * 0.6);
    }
    return s;
  }
  // A card's face, w by h, upright (turned when rot): path cards as their
  // tunnels, goals as gold or stone, action cards as their kind's picture.
  function faceSvg(c, w, h, o) {
    const opt = o || {};
    const m = Math.min(w, h);
    if (!c) return backSvg(w, h, '');
    let edges = c.edges, g0 = c.g0, g1 = c.g1;
    if (opt.edges !== undefined) { edges = opt.edges; g0 = opt.g0; g1 = opt.g1; }
    const tunnelled = TUNNELLED.has(c.kind) || (edges && !KIND_ICON[c.kind]);
    if (tunnelled) {
      const bg = c.kind === 'start' ? '#3d6f79' : c.kind === 'goal' ? (c.gold ? '#8a6a14' : '#55555a') : ROCK;
      let s = frame(w, h, bg) + tunnels(w, h, edges, g0, g1, opt.dim ? TUNNEL_DIM : TUNNEL) + pathMarks(c, w, h);
      if (c.kind === 'goal') {
        const e = EFFECT[c.effect] || '';
        s += icon(c.gold ? 'nugget' : e || 'stone', w / 2 - m * 0.32, h / 2 - m * 0.32, m * 0.64);
        if (c.effect === 1) s += '<text x="' + (w - m * 0.12) + '" y="' + (h - m * 0.1) + '" font-size="' + m * 0.3 + '" text-anchor="end" fill="#fff" ' +
          'font-weight="bold" font-family="system-ui,sans-serif" stroke="#000" stroke-width="' + m * 0.02 + '">' + c.amount + '</text>';
      }
      if (c.kind === 'costume' || c.kind === 'party') s += icon(KIND_ICON[c.kind], w / 2 - m * 0.27, h / 2 - m * 0.27, m * 0.54);
      if (c.chest && opt.board) s += icon('chest', m * 0.04, h - m * 0.36, m * 0.32);
      return s;
    }
    // An action card: parchment, a band in its family's colour, a picture.
    const band = KIND_COLOUR[c.kind] || '#777';
    let s = frame(w, h, '#f6eedb', '#8b6d45') + '<rect x="1" y="1" width="' + (w - 2) + '" height="' + m * 0.16 + '" rx="' + m * 0.06 + '" fill="' + band + '"/>';
    const tools = toolsOf(c.tools);
    if ((c.kind === 'sabotage' || c.kind === 'repair') && tools.length) {
      const n = tools.length, sz = n === 1 ? m * 0.7 : m * 0.5;
      tools.forEach((t, i) => {
        const x = n === 1 ? w / 2 - sz / 2 : w / 2 - sz / 2 + (i - (n - 1) / 2) * m * 0.3;
        const y = n === 1 ? h / 2 - sz / 2 + m * 0.05 : h / 2 - sz / 2 + (i - (n - 1) / 2) * m * 0.32 + m * 0.06;
        s += icon(t, x, y, sz);
      });
      if (c.kind === 'sabotage')
        s += '<path d="M' + m * 0.15 + ' ' + (h - m * 0.15) + 'L' + (w - m * 0.15) + ' ' + m * 0.3 + '" stroke="#D55E00" stroke-width="' + m * 0.09 + '" stroke-linecap="round"/>';
      else
        s += '<circle cx="' + (w - m * 0.2) + '" cy="' + (h - m * 0.2) + '" r="' + m * 0.15 + '" fill="#0072B2"/><path d="M' + (w - m * 0.28) + ' ' + (h - m * 0.2) +
          'h' + m * 0.16 + 'M' + (w - m * 0.2) + ' ' + (h - m * 0.28) + 'v' + m * 0.16 + '" stroke="#fff" stroke-width="' + m * 0.05 + '"/>';
      return s;
    }
    if (KIND_ICON[c.kind]) return s + icon(KIND_ICON[c.kind], w / 2 - m * 0.34, h / 2 - m * 0.3, m * 0.68);
    // A kind this page does not know: its word.
    return s + '<text x="' + w / 2 + '" y="' + h / 2 + '" font-size="' + m * 0.17 + '" text-anchor="middle" fill="#333" font-family="system-ui,sans-serif">' +
      esc(c.kind) + '</text>';
  }
  // A card as an element: its picture, its token and words on hover.
  const CARD_W = 34, CARD_H = 48;
  const cardMemo = new Map();
  function cardEl(tok, cls, w, h) {
    const key = tok + '|' + (cls || '') + '|' + (w || 0) + '|' + (h || 0);
    if (!cardMemo.has(key)) cardMemo.set(key, cardElOf(tok, cls, w, h));
    return cardMemo.get(key).cloneNode(true);
  }
  function cardElOf(tok, cls, w, h) {
    const W = w || CARD_W, H = h || CARD_H;
    const c = tok === '?' ? null : byTok.get(tok);
    const svgText = tok === '?' ? backSvg(W, H, '') : c ? faceSvg(c, W, H) : faceSvg({ kind: tok, edges: 0, tools: 0 }, W, H);
    return el('span', { class: 'card' + (cls ? ' ' + cls : '') + (tok === '?' ? ' unknown' : ''), 'data-token': tok, title: cardTitle(tok),
      html: '<svg width="' + W + '" height="' + H + '" viewBox="0 0 ' + W + ' ' + H + '" aria-hidden="true">' + svgText + '</svg>' });
  }

  // ---- the page's frame ----
  const app = document.getElementById('app');
  app.textContent = '';
  const head = el('header', { id: 'top' });
  // The title's words are saboteur view's first line; parts of it in
  // spans of their own, so a phone may draw them smaller.
  const title = el('h1', { id: 'title' },
    el('span', { class: 't-game', text: 'game ' + G.game + (G.botsGame !== G.game ? ' (game ' + G.botsGame + ' to the bots)' : '') }),
    ', ', el('span', { class: 't-rules', text: 'ruleset ' + G.ruleset }),
    ', ', el('span', { class: 't-seed', text: 'seed ' + G.seed }),
    ', ', el('span', { class: 't-seats', text: SEATS + ' players' }),
    ', ', el('span', { class: 't-start', text: 'started ' + (G.start || '?') }));
  head.append(title);
  const links = el('p', { class: 'links' });
  if (G.back) links.append(el('a', { href: G.back, text: 'back to the report' }), ' ');
  if (G.replay) links.append(el('a', { href: G.replay, text: 'the replay file' }));
  const resultChip = el('span', { id: 'result', class: 'result-chip' });
  links.append(resultChip);
  head.append(links);
  if (!G.ok) head.append(el('p', { id: 'problem', class: 'problem', text: 'The replay stops early: ' + G.problem }));
  app.append(head);

  const BUTTON_ICONS = {
    first: '<path d="M5 4v16" stroke="currentColor" stroke-width="2.6"/><path d="M20 4L8 12l12 8z" fill="currentColor"/>',
    last: '<path d="M19 4v16" stroke="currentColor" stroke-width="2.6"/><path d="M4 4l12 8-12 8z" fill="currentColor"/>',
    prev: '<path d="M17 4L6 12l11 8z" fill="currentColor"/>',
    next: '<path d="M7 4l11 8-11 8z" fill="currentColor"/>',
    prevRound: '<path d="M12 4L2 12l10 8zM22 4l-10 8 10 8z" fill="currentColor"/>',
    nextRound: '<path d="M2 4l10 8-10 8zM12 4l10 8-10 8z" fill="currentColor"/>',
    prevStep: '<path d="M15 8l-6 4 6 4z" fill="currentColor"/>',
    nextStep: '<path d="M9 8l6 4-6 4z" fill="currentColor"/>',
    play: '<path d="M6 3.5l14 8.5-14 8.5z" fill="currentColor"/>',
    pause: '<path d="M6 4h4.5v16H6zM13.5 4H18v16h-4.5z" fill="currentColor"/>',
    prevFail: '<path d="M14 5L4 12l10 7z" fill="currentColor"/><path d="M18 6v8" stroke="#D55E00" stroke-width="3"/><circle cx="18" cy="18" r="1.8" fill="#D55E00"/>',
    nextFail: '<path d="M10 5l10 7-10 7z" fill="currentColor"/><path d="M5 6v8" stroke="#D55E00" stroke-width="3"/><circle cx="5" cy="18" r="1.8" fill="#D55E00"/>',
    more: '<circle cx="5" cy="12" r="2.2" fill="currentColor"/><circle cx="12" cy="12" r="2.2" fill="currentColor"/><circle cx="19" cy="12" r="2.2" fill="currentColor"/>',
  };
  function button(name, label, key, what, fn, cls) {
    return el('button', { type: 'button', class: 'btn' + (cls ? ' ' + cls : ''), title: what + ' (' + key + ')', 'aria-label': what,
      'data-key': key, 'data-name': name, onclick: fn },
    el('span', { class: 'ico', html: '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">' + BUTTON_ICONS[name] + '</svg>' }),
    label ? el('span', { class: 'lbl', text: label }) : null);
  }
  const perspSelect = el('select', { id: 'persp', title: 'whose view ([ ] a v 0-9)', 'aria-label': 'whose view' });
  G.persps.forEach((P, j) => perspSelect.append(el('option', { value: String(j), text: P.name })));
  perspSelect.addEventListener('change', () => { view.persp = parseInt(perspSelect.value, 10); show(); });
  const speedSelect = el('select', { id: 'speed', title: 'autoplay speed (+ -)', 'aria-label': 'autoplay speed' });
  SPEEDS.forEach((n, j) => speedSelect.append(el('option', { value: String(j), text: n + (n === 1 ? ' move/s' : ' moves/s') })));
  speedSelect.addEventListener('change', () => { view.speed = parseInt(speedSelect.value, 10); restart(); });
  // As the terminal viewer's g: a decision's number, or r and a round's.
  const jump = el('input', { id: 'jump', type: 'text', size: '8', placeholder: 'decision', title: 'jump to a decision, or rN to round N (g)', 'aria-label': 'jump to a decision' });
  jump.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      const r = /^\s*r\s*(\d+)\s*$/i.exec(jump.value);
      if (r) {
        const i = G.flags.findIndex((f, s) => (f & F_ROUND) && G.round[s] === parseInt(r[1], 10));
        go(i, 'no round ' + r[1]);
      } else if (/^\s*\d+\s*$/.test(jump.value)) {
        goDecision(parseInt(jump.value, 10));
      } else {
        say('a decision\'s number, or r and a round\'s');
      }
      jump.blur();
    } else if (e.key === 'Escape') {
      jump.value = '';
      jump.blur();
    }
    e.stopPropagation();
  });
  const playButton = button('play', '', 'space', 'play or pause', () => togglePlay(), 'play');
  const msg = el('span', { id: 'msg', class: 'msg', role: 'status', 'aria-live': 'polite' });
  const moreButton = button('more', '', 'm', 'more controls', () => controls.classList.toggle('open'), 'more-toggle');
  const controls = el('nav', { id: 'controls' },
    el('div', { class: 'row main-row' },
      button('first', '', 'Home', 'first step', () => goEnd(-1)),
      button('prevRound', '', 'P', 'previous round', () => goFind(-1, F_ROUND, 'the first round'), 'wide'),
      button('prev', '', 'p', 'previous decision', () => goFind(-1, F_TURN, 'the first decision')),
      button('prevStep', '', 'h', 'previous step', () => goFind(-1, 0, 'the first step'), 'wide'),
      playButton,
      button('nextStep', '', 'l', 'next step', () => goFind(1, 0, 'the last step'), 'wide'),
      button('next', '', 'n', 'next decision', () => goFind(1, F_TURN, 'the last decision')),
      button('nextRound', '', 'N', 'next round', () => goFind(1, F_ROUND, 'the last round'), 'wide'),
      button('last', '', 'End', 'last step', () => goEnd(1)),
      moreButton),
    el('div', { class: 'row more-row' },
      button('prevRound', 'round', 'P', 'previous round', () => goFind(-1, F_ROUND, 'the first round'), 'narrow'),
      button('prevStep', 'step', 'h', 'previous step', () => goFind(-1, 0, 'the first step'), 'narrow'),
      button('nextStep', 'step', 'l', 'next step', () => goFind(1, 0, 'the last step'), 'narrow'),
      button('nextRound', 'round', 'N', 'next round', () => goFind(1, F_ROUND, 'the last round'), 'narrow'),
      button('prevFail', 'failure', 'F', 'previous failure', () => goFind(-1, F_FAIL, 'no failure before this step')),
      button('nextFail', 'failure', 'f', 'next failure', () => goFind(1, F_FAIL, 'no failure after this step')),
      speedSelect, jump),
    el('div', { class: 'row persp-row' }, el('label', { class: 'persp-label', for: 'persp', text: 'view' }), perspSelect),
    msg);
  app.append(controls);

  // The timeline: a slider over the steps, the rounds and failures marked.
  const slider = el('input', { id: 'slider', type: 'range', min: '-1', max: String(N - 1), step: '1', value: String(view.step),
    'aria-label': 'the step shown', title: 'drag to any step' });
  const marks = el('div', { id: 'marks', 'aria-hidden': 'true' });
  const timeline = el('div', { id: 'timeline' }, el('div', { class: 'track' }, marks, slider));
  app.append(timeline);
  let slideFrame = 0;
  slider.addEventListener('input', () => {
    if (slideFrame) return;
    slideFrame = requestAnimationFrame(() => {
      slideFrame = 0;
      stop();
      view.fast = true;
      go(parseInt(slider.value, 10), '');
    });
  });
  function markAt(s) { return 'calc(9px + (100% - 18px) * ' + ((s + 1) / Math.max(N, 1)) + ')'; }
  function drawMarks() {
    marks.textContent = '';
    G.flags.forEach((f, s) => {
      if (f & F_ROUND)
        marks.append(el('button', { type: 'button', class: 'mark round', style: 'left:' + markAt(s), title: 'round ' + G.round[s] + ' starts',
          tabindex: '-1', onclick: () => { stop(); go(s, ''); } }, el('span', { text: 'R' + G.round[s] })));
      if ((f & F_FAIL) && visible(s))
        marks.append(el('button', { type: 'button', class: 'mark fail', style: 'left:' + markAt(s), title: 'a failure at step ' + (s + 1),
          tabindex: '-1', onclick: () => { stop(); go(s, ''); } }));
    });
  }

  const pos = el('p', { id: 'pos' });
  const main = el('main', {});
  const boardCol = el('section', { id: 'board-col' });
  const side = el('section', { id: 'side' });
  main.append(boardCol, side);
  const boardBox = el('div', { id: 'board-box' });
  const boardSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  boardSvg.setAttribute('id', 'board');
  boardSvg.setAttribute('role', 'img');
  boardSvg.setAttribute('aria-label', 'the table');
  boardSvg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const zoomBar = el('div', { class: 'zoom-bar' },
    el('button', { type: 'button', class: 'zbtn', title: 'zoom in (z)', 'aria-label': 'zoom in', onclick: () => zoomBy(1.5) }, '+'),
    el('button', { type: 'button', class: 'zbtn', title: 'zoom out (Z)', 'aria-label': 'zoom out', onclick: () => zoomBy(1 / 1.5) }, '\u2212'),
    el('button', { type: 'button', class: 'zbtn fit', title: 'fit the table (c)', 'aria-label': 'fit the table', onclick: () => zoomFit() }, 'fit'));
  const piles = el('div', { id: 'piles' });
  const banner = el('div', { id: 'banner', hidden: '' });
  boardBox.append(boardSvg, el('div', { id: 'board-bar' }, piles, zoomBar), banner);
  const stepBox = el('section', { id: 'step' });
  boardCol.append(pos, boardBox, stepBox);
  const charts = el('section', { id: 'charts' });
  const legendBox = el('details', { id: 'legend' }, el('summary', { text: 'What the pictures mean' }));
  const help = el('details', { id: 'help' }, el('summary', { text: 'keys' }),
    el('pre', { text: 'l h, right left  step        n p, down up   decision\n' +
      'N P, pgdn pgup   round       f F            next, previous failure\n' +
      'Home End         first, last space          autoplay; + - its speed\n' +
      'g                jump to a decision          a v 0-9 [ ]  all, public, a seat, cycle\n' +
      'z Z c            zoom in, out, fit           H J K L      move the table\n' +
      'The link holds the position: #d=DECISION or #s=STEP, and &as=all|public|SEAT.' }));
  app.append(main, charts, legendBox, help);
  const playersBox = el('div', { id: 'players-box' });
  const known = el('div', { id: 'known' });
  const movesBox = el('div', { id: 'moves', tabindex: '0', 'aria-label': 'the moves so far' });
  side.append(el('h2', { text: 'The players' }), playersBox, known, el('h2', { text: 'Moves' }), movesBox);

  // ---- moving ----
  function say(text) { msg.textContent = text; msg.classList.toggle('on', !!text); }
  function go(i, none) {
    if (Number.isInteger(i) && i >= -1 && i < N && N > 0) { view.step = i; show(); return true; }
    say(none); return false;
  }
  // Never past either end: a move with nothing further says so and stays.
  function goFind(dir, flags, none) {
    const i = find(view.step, dir, flags);
    if (i < 0) { say(none); return false; }
    return go(i, none);
  }
  function goEnd(dir) {
    if (dir < 0) return view.step === -1 ? (say('the start'), false) : go(-1, '');
    return view.step === N - 1 ? (say('the last step'), false) : go(N - 1, 'no steps');
  }
  function goDecision(d) {
    if (d >= 0 && d < G.decisionStep.length && G.decisionStep[d] >= -1) go(G.decisionStep[d], '');
    else say('decisions 0 to ' + G.decisions);
  }
  function setPersp(j) {
    if (j >= 0 && j < G.persps.length) { view.persp = j; show(); } else say('no such perspective here');
  }
  // Autoplay goes from decision to decision, past the veto questions that
  // changed nothing, and rests a little on each round's result; it stops at
  // the last step.
  function nextPlay() {
    const i = find(view.step, 1, F_TURN, F_QUIET);
    return i >= 0 ? i : view.step < N - 1 ? N - 1 : -1;
  }
  function stop() { if (view.playing) { view.playing = false; restart(); } }
  function restart() {
    if (view.timer) clearTimeout(view.timer);
    view.timer = null;
    if (view.playing) {
      // A round's result is read at a quarter of the pace.
      const st = stateAt(G.persps[view.persp], view.step);
      const rest = get(st, 'rs') !== null || get(st, 'ge') !== null;
      view.timer = setTimeout(() => {
        const i = nextPlay();
        if (i < 0) { view.playing = false; say('the end'); restart(); return; }
        go(i, '');
        if (i === N - 1) { view.playing = false; say('the end'); }
        restart();
      }, 1000 / SPEEDS[view.speed] * (rest ? 4 : 1));
    }
    playButton.querySelector('.ico').innerHTML = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">' +
      BUTTON_ICONS[view.playing ? 'pause' : 'play'] + '</svg>';
    playButton.setAttribute('aria-pressed', view.playing ? 'true' : 'false');
    playButton.classList.toggle('on', view.playing);
    speedSelect.value = String(view.speed);
    document.body.setAttribute('data-playing', view.playing ? '1' : '0');
  }
  function togglePlay() {
    if (!view.playing && nextPlay() < 0) {
      // At the end: play from the start again.
      view.step = -1;
      show();
    }
    view.playing = !view.playing;
    say(view.playing ? '' : 'paused');
    restart();
  }
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && (e.target.tagName === 'SELECT' || (e.target.tagName === 'INPUT' && e.target.type === 'text'))) return;
    const k = e.key;
    const moves = {
      ArrowRight: () => goFind(1, 0, 'the last step'), l: () => goFind(1, 0, 'the last step'),
      ArrowLeft: () => goFind(-1, 0, 'the first step'), h: () => goFind(-1, 0, 'the first step'),
      ArrowDown: () => goFind(1, F_TURN, 'the last decision'), n: () => goFind(1, F_TURN, 'the last decision'),
      ArrowUp: () => goFind(-1, F_TURN, 'the first decision'), p: () => goFind(-1, F_TURN, 'the first decision'),
      PageDown: () => goFind(1, F_ROUND, 'the last round'), N: () => goFind(1, F_ROUND, 'the last round'),
      PageUp: () => goFind(-1, F_ROUND, 'the first round'), P: () => goFind(-1, F_ROUND, 'the first round'),
      f: () => goFind(1, F_FAIL, 'no failure after this step'),
      F: () => goFind(-1, F_FAIL, 'no failure before this step'),
      Home: () => goEnd(-1), End: () => goEnd(1),
      ' ': togglePlay,
      '+': () => { view.speed = Math.min(view.speed + 1, SPEEDS.length - 1); restart(); },
      '=': () => { view.speed = Math.min(view.speed + 1, SPEEDS.length - 1); restart(); },
      '-': () => { view.speed = Math.max(view.speed - 1, 0); restart(); },
      a: () => setPersp(perspOf('all')), v: () => setPersp(perspOf('public')),
      '[': () => setPersp((view.persp + G.persps.length - 1) % G.persps.length),
      ']': () => setPersp((view.persp + 1) % G.persps.length),
      g: () => { controls.classList.add('open'); jump.value = ''; jump.focus(); }, '?': () => { help.open = !help.open; },
      z: () => zoomBy(1.5), Z: () => zoomBy(1 / 1.5), c: () => zoomFit(),
      H: () => panBy(-0.5, 0), L: () => panBy(0.5, 0), K: () => panBy(0, -0.5), J: () => panBy(0, 0.5),
    };
    const navigation = !/^[+=\-zZcHJKL?g]$/.test(k) && k !== ' ';
    if (moves[k]) {
      e.preventDefault();
      say('');
      if (navigation) stop();
      view.fast = e.repeat;
      moves[k]();
    } else if (k >= '0' && k <= '9') setPersp(perspOf(k));
  });
  window.addEventListener('hashchange', () => { readFragment(); show(); });

  // ---- the board: an SVG of the cards, fitted to its box ----
  const PITCH = 44, CELL = 40, AX = 20;
  const board = { x0: 0, x1: 0, y0: 0, y1: 0, w: 1, h: 1 };
  function cellSvg(x, y, value, mk, targets) {
    const key = x + ',' + y + (mk === x + ',' + y ? '*' : '') + (targets.includes(x + ',' + y) ? '+' : '') + '|' + value;
    let str = cellMemo.get(key);
    if (str === undefined) {
      str = cellSvgOf(x, y, value, mk, targets);
      if (cellMemo.size > 20000) cellMemo.clear();
      cellMemo.set(key, str);
    }
    return str;
  }
  function cellSvgOf(x, y, value, mk, targets) {
    const px = (x - board.x0) * PITCH, py = (y - board.y0) * PITCH;
    const at = 'transform="translate(' + px + ' ' + py + ')" data-x="' + x + '" data-y="' + y + '"';
    if (value === null)
      return '<g class="cell empty" ' + at + ' data-kind="empty"><rect width="' + CELL + '" height="' + CELL + '" rx="4" class="slot"/></g>';
    const [kind, arms, stubs, classes, , label] = value.split(';');
    const a = parseInt(arms, 10), s = parseInt(stubs, 10);
    const w = (classes || '').split(' ');
    const marked = mk === x + ',' + y, target = targets.includes(x + ',' + y);
    const token = label && byTok.has(label) ? label : null;
    const c = token ? byTok.get(token) : null;
    let body = '';
    if (kind === 'void') body = '';
    else if (kind === 'back') body = backSvg(CELL, CELL, w.includes('known-gold') ? 'gold' : w.includes('known-stone') ? 'stone' : '');
    else if (kind === 'chest') body = backSvg(CELL, CELL, 'chest');
    else if (kind === 'dwarf') {
      const owner = w.map((v) => /^owner-(\d+)$/.exec(v)).find((m) => m);
      const k = owner ? +owner[1] : -1;
      body = '<rect width="' + CELL + '" height="' + CELL + '" rx="4" class="slot"/>' +
        (k >= 0 ? '<circle cx="20" cy="20" r="17" fill="none" stroke="' + seatColour(k) + '" stroke-width="3"/>' : '') +
        icon('dwarf', 6, 5, 28) + (k >= 0 ? seatShape(k, 33, 8, 6.5) : '');
    } else if (c && (TUNNELLED.has(c.kind) || c.edges)) {
      // A card upright or turned half round: its open edges are the
      // view's, its joined groups the card's, turned the same way.
      const turned = a !== c.edges || s !== (c.edges & ~(c.g0 | c.g1));
      body = faceSvg(c, CELL, CELL, { board: true, dim: !w.includes('reach') && kind !== 'start' && kind !== 'goal',
        edges: a, g0: turned ? rotated(c.g0) : c.g0, g1: turned ? rotated(c.g1) : c.g1 });
    } else if (TUNNELLED.has(kind) || kind === 'dead' || kind === 'bridge') {
      body = faceSvg({ kind: 'path', edges: a, g0: a & ~s, g1: 0, tools: 0, crystals: 0 }, CELL, CELL, { board: true });
    } else {
      // A kind this page has no picture for: its words.
      body = frame(CELL, CELL, '#5a4a7a') + '<text x="20" y="25" font-size="11" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif">' +
        esc(value.split(';')[4] || kind) + '</text>';
    }
    // An opened chest and what it held; a goal's effect known face down.
    if (w.includes('chest-open')) {
      const k = w.find((v) => /^chest-(?!open$)/.test(v));
      body += '<circle cx="9" cy="31" r="8.5" fill="#F0E442" stroke="#3d2410"/>' + icon('chest', 2, 24, 14);
    }
    const eff = w.find((v) => /^effect-/.test(v));
    if (eff && kind === 'back') body += icon(eff.slice(7) === 'sack' ? 'sack' : eff.slice(7), 2, 22, 16);
    if (marked) body += '<rect x="-2" y="-2" width="' + (CELL + 4) + '" height="' + (CELL + 4) + '" rx="6" class="mark-last"/>';
    if (target) body += '<rect x="-3" y="-3" width="' + (CELL + 6) + '" height="' + (CELL + 6) + '" rx="7" class="mark-target"/>';
    return '<g class="cell kind-' + esc(kind) + (classes ? ' ' + esc(classes) : '') + (marked ? ' marked' : '') + (target ? ' target' : '') + '" ' + at +
      ' data-kind="' + esc(kind) + '" data-arms="' + esc(arms) + '" data-stubs="' + esc(stubs) + '" data-classes="' + esc(classes || '') +
      '" data-label="' + esc(label || '') + '"><title>' + esc((label || kind) + ' (' + x + ',' + y + ')' + (c ? ': ' + cardWords(c) : '') + cellMarks(w)) +
      '</title>' + body + '</g>';
  }
  // The words of a cell's marks that its picture only hints at.
  function cellMarks(w) {
    const out = [];
    const chest = w.find((v) => /^chest-(?!open$)/.test(v));
    if (w.includes('chest-open')) out.push(chest ? 'its chest held ' + chest.slice(6) : 'an opened chest');
    const eff = w.find((v) => /^effect-/.test(v)), amount = w.find((v) => /^amount-/.test(v));
    if (eff) out.push(eff.slice(7) + (amount ? ' ' + amount.slice(7) : ''));
    if (w.includes('known-gold')) out.push('known here: the gold');
    if (w.includes('known-stone')) out.push('known here: stone');
    if (w.includes('reach')) out.push('joined to the start');
    return out.length ? '; ' + out.join('; ') : '';
  }
  // Open edges turned half round: N<->S, E<->W.
  function rotated(e) { return ((e & 1) << 2) | ((e & 4) >> 2) | ((e & 2) << 2) | ((e & 8) >> 2); }
  // Each cell drawn, by "x,y": its SVG text and its node.
  const cells = new Map();
  const scratch = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const cellMemo = new Map();
  function drawBoard(st) {
    const ext = (get(st, 'ext') || '0 0 0 0').split(' ').map(Number);
    const [x0, x1, y0, y1] = ext;
    const changed = x0 !== board.x0 || x1 !== board.x1 || y0 !== board.y0 || y1 !== board.y1;
    Object.assign(board, { x0, x1, y0, y1, w: (x1 - x0 + 1) * PITCH, h: (y1 - y0 + 1) * PITCH });
    const mk = get(st, 'mk');
    const tg = (get(st, 'tg') || '|').split('|');
    const targets = tg[0] ? tg[0].split(' ') : [];
    // The same extent: only the cells that changed are drawn again.
    if (!changed && cells.size) {
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const at = x + ',' + y, old = cells.get(at);
          const str = cellSvg(x, y, get(st, 'c' + at), mk, targets);
          if (old && old.str === str) continue;
          scratch.innerHTML = str;
          const node = scratch.firstChild;
          if (old) old.node.replaceWith(node); else boardSvg.append(node);
          cells.set(at, { str, node });
        }
      setViewBox();
      return;
    }
    let s = '<g class="axes">';
    for (let x = x0; x <= x1; x++) s += '<text x="' + ((x - x0) * PITCH + CELL / 2) + '" y="-6" text-anchor="middle">' + x + '</text>';
    for (let y = y0; y <= y1; y++) s += '<text x="-6" y="' + ((y - y0) * PITCH + CELL / 2 + 4) + '" text-anchor="end">' + y + '</text>';
    s += '</g>';
    const strs = [];
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++)
        strs.push(cellSvg(x, y, get(st, 'c' + x + ',' + y), mk, targets));
    boardSvg.innerHTML = s + strs.join('');
    cells.clear();
    let i = 0;
    for (const node of boardSvg.querySelectorAll('g.cell')) cells.set(node.getAttribute('data-x') + ',' + node.getAttribute('data-y'), { str: strs[i++], node });
    boardSvg.setAttribute('data-x0', x0);
    boardSvg.setAttribute('data-x1', x1);
    boardSvg.setAttribute('data-y0', y0);
    boardSvg.setAttribute('data-y1', y1);
    if (changed && view.zoom === 1) { view.cx = board.w / 2; view.cy = board.h / 2; }
    setViewBox();
  }
  // The table fitted to its box: never larger than 70 pixels a cell, and
  // zoomed and moved by the reader.
  // The board's size in the window, kept as it changes (reading it at each
  // step would make the browser lay the page out there and then).
  const boardSize = { w: 0, h: 0 };
  function fitBox() {
    // Before the first layout the observer has not told the size yet: the
    // board's own size will do, as the observer tells the real one after
    // that layout and before the first frame is painted.  (The window's
    // size is not read: that would make the browser lay out the page
    // half made, there and then.)  A browser without the observer gets a
    // guess from the window.
    const guess = !window.ResizeObserver;
    const bw = boardSize.w || (guess ? Math.min(window.innerWidth, 1640) - (window.innerWidth >= 900 ? 500 : 16) : board.w + AX + 8);
    const bh = boardSize.h || (guess ? (window.innerWidth >= 900 ? window.innerHeight - 320 : window.innerWidth * 0.8 - 44) : board.h + AX + 8);
    const fw = board.w + AX + 8, fh = board.h + AX + 8;
    const scale = Math.min(bw / fw, bh / fh, 70 / PITCH);
    return { w: bw / scale, h: bh / scale, fw, fh, scale };
  }
  function setViewBox() {
    const f = fitBox();
    const w = f.w / view.zoom, h = f.h / view.zoom;
    // The board's own box, from the axis labels to its last cell.
    const bx = -AX, by = -AX, bw = board.w + AX + 4, bh = board.h + AX + 4;
    let cx = view.zoom === 1 ? bx + bw / 2 : view.cx, cy = view.zoom === 1 ? by + bh / 2 : view.cy;
    // Never further than the board's edge in the middle of the box.
    cx = Math.min(Math.max(cx, bx + Math.min(w, bw) / 2), bx + bw - Math.min(w, bw) / 2);
    cy = Math.min(Math.max(cy, by + Math.min(h, bh) / 2), by + bh - Math.min(h, bh) / 2);
    view.cx = cx;
    view.cy = cy;
    boardSvg.setAttribute('viewBox', (cx - w / 2) + ' ' + (cy - h / 2) + ' ' + w + ' ' + h);
    boardBox.classList.toggle('zoomed', view.zoom > 1);
    boardSvg.setAttribute('data-zoom', view.zoom.toFixed(2));
  }
  function zoomBy(k, px, py) {
    const z = Math.min(Math.max(view.zoom * k, 1), 8);
    if (px !== undefined) {
      // Keep the point under the pointer where it is.
      const f = fitBox(), w = f.w / view.zoom, h = f.h / view.zoom;
      const r = boardSvg.getBoundingClientRect();
      const sx = view.cx - w / 2 + (px - r.left) / r.width * w, sy = view.cy - h / 2 + (py - r.top) / r.height * h;
      view.cx = sx + (view.cx - sx) * view.zoom / z;
      view.cy = sy + (view.cy - sy) * view.zoom / z;
    }
    view.zoom = z;
    setViewBox();
  }
  function zoomFit() { view.zoom = 1; setViewBox(); }
  function panBy(fx, fy) {
    const f = fitBox();
    if (view.zoom === 1) { say('zoom in (z) to move the table'); return; }
    view.cx += fx * f.w / view.zoom;
    view.cy += fy * f.h / view.zoom;
    setViewBox();
  }
  // Mouse wheel, drag, a pinch of two fingers, a double click or tap.
  const pointers = new Map();
  let pinch = null;
  boardSvg.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY * 0.002), e.clientX, e.clientY);
  }, { passive: false });
  boardSvg.addEventListener('pointerdown', (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), z: view.zoom };
    }
    if (view.zoom > 1 || pointers.size === 2) boardSvg.setPointerCapture(e.pointerId);
  });
  boardSvg.addEventListener('pointermove', (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    if (pointers.size === 2 && pinch) {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      zoomBy(pinch.z * d / Math.max(pinch.d, 1) / view.zoom, (a.x + b.x) / 2, (a.y + b.y) / 2);
      return;
    }
    if (view.zoom > 1) {
      const r = boardSvg.getBoundingClientRect(), f = fitBox();
      view.cx -= (e.clientX - p.x) / r.width * f.w / view.zoom;
      view.cy -= (e.clientY - p.y) / r.height * f.h / view.zoom;
      setViewBox();
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  const lift = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; };
  boardSvg.addEventListener('pointerup', lift);
  boardSvg.addEventListener('pointercancel', lift);
  boardSvg.addEventListener('dblclick', (e) => { if (view.zoom > 1) zoomFit(); else zoomBy(2, e.clientX, e.clientY); });
  // The board's box is as tall as the window leaves room for (the style
  // says how), the same at every step, so nothing below it moves; its size
  // is told here after each layout that changes it.
  if (window.ResizeObserver)
    new ResizeObserver((es) => {
      const r = es[es.length - 1].contentRect;
      if (Math.round(r.width) !== Math.round(boardSize.w) || Math.round(r.height) !== Math.round(boardSize.h)) {
        boardSize.w = r.width;
        boardSize.h = r.height;
        setViewBox();
      }
    }).observe(boardSvg);

  // ---- the piles: the deck and the discard pile's top ----
  function drawPiles(st) {
    const deck = get(st, 'dk') || '0';
    const dp = (get(st, 'dp') || '0').split(' ');
    piles.replaceChildren(
      el('span', { class: 'pile deck', title: deck + ' cards in the deck' },
        el('span', { class: 'card-mini', html: '<svg width="22" height="31" viewBox="0 0 22 31" aria-hidden="true">' + backSvg(22, 31, '') + '</svg>' }),
        el('span', { class: 'count' }, el('small', { text: 'deck' }), el('b', { text: deck }))),
      el('span', { class: 'pile discard', title: dp[0] + ' cards on the discard pile' + (dp[1] && dp[1] !== '?' ? ', ' + dp[1] + ' on top' : '') },
        dp[0] === '0' ? el('span', { class: 'card-mini empty-pile' }) : cardEl(dp[1] || '?', 'mini', 22, 31),
        el('span', { class: 'count' }, el('small', { text: 'discards' }), el('b', { text: dp[0] }))));
  }

  // ---- the players ----
  function roleEl(role) {
    const known = role && role !== '?' && role !== '-';
    return el('span', { class: 'role role-' + (known ? role : 'unknown'), title: known ? (ROLE_TITLE.get(role) || role) : role === '-' ? 'no roles' : 'not known here' },
      el('span', { class: 'role-mark', text: known ? (ROLE_MARK.get(role) || role.slice(0, 2)).toUpperCase() : role === '-' ? '-' : '?' }),
      el('span', { class: 'role-name', text: known ? role : role === '-' ? '' : 'unknown' }));
  }
  // The tools column as saboteur view writes it ("P--", "-L-TX", "2--"),
  // drawn: each broken tool, a theft, a trapped card.
  function toolsEl(tools) {
    const e = el('span', { class: 'tools-icons' });
    const names = [];
    for (let i = 0; i < tools.length; i++) {
      const ch = tools[i];
      if (ch === '-') continue;
      const name = i < 3 ? TOOL[i] : i === 3 ? 'theft' : 'cage';
      const n = /\d/.test(ch) ? +ch : 1;
      names.push(i < 3 ? 'broken ' + TOOL[i] + (n > 1 ? ' x' + n : '') : i === 3 ? 'a theft in front' : 'trapped');
      e.insertAdjacentHTML('beforeend', '<svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">' + ICONS[name] +
        (i < 3 ? '<path d="M3 21L21 3" stroke="#D55E00" stroke-width="3"/>' : '') + (n > 1 ? '<text x="22" y="23" font-size="11" text-anchor="end" font-weight="bold">' + n + '</text>' : '') + '</svg>');
    }
    e.title = names.length ? names.join(', ') : 'nothing broken';
    return e;
  }
  // The players' table and the cards beside it, drawn once, then seat by
  // seat where something changed.
  const seatDrawn = [];
  let playersTable = null;
  function drawPlayers(st) {
    const ac = get(st, 'ac'), nx = get(st, 'nx');
    const tg = (get(st, 'tg') || '|').split('|')[1];
    const over = get(st, 'ov') === '1';
    if (!playersTable) {
      playersTable = el('table', { id: 'players' },
        el('thead', {}, el('tr', {}, ...[['seat', ''], ['name', ''], ['role', ''], ['tools', ''], ['hand', 'num'], ['gold', 'num'],
          ['last ms', 'num wide-only'], ['bank ms', 'num wide-only'], ['status', '']]
          .map(([h, c]) => el('th', { text: h, class: c })))), el('tbody', {}));
      playersBox.replaceChildren(playersTable);
      known.textContent = '';
      for (let k = 0; k < SEATS; k++) {
        const row = el('tr', {}), line = el('div', {});
        playersTable.tBodies[0].append(row);
        known.append(line);
        seatDrawn.push({ sig: null, row, line });
      }
    }
    for (let k = 0; k < SEATS; k++) {
      const f = (c) => get(st, 'p' + k + c) || '';
      const toAct = !over && nx === String(k);
      const sig = [toAct, ac === String(k), tg === String(k), ...'wrthgbmskpfd'.split('').map(f)].join('\u0001');
      const d = seatDrawn[k];
      if (d.sig === sig) continue;
      d.sig = sig;
      const row = seatRow(k, f, toAct, ac === String(k), tg === String(k));
      d.row.replaceWith(row);
      d.row = row;
      const line = seatCards(k, f);
      d.line.replaceWith(line);
      d.line = line;
    }
  }
  function seatRow(k, f, toAct, acted, target) {
    const mark = f('w') === '-' ? '' : f('w');
    const status = f('s');
    // The seat's marker, after a trophy for a winner or an arrow for the
    // seat whose decision comes next.
    const markCell = el('td', { class: 'mark' });
    if (mark === '*') markCell.insertAdjacentHTML('beforeend', '<svg width="14" height="14" viewBox="0 0 24 24" aria-label="winner">' + ICONS.trophy + '</svg>');
    else if (toAct) markCell.insertAdjacentHTML('beforeend', '<svg width="11" height="14" viewBox="0 0 18 24" aria-label="to act"><path d="M2 3l15 9-15 9z" fill="#222"/></svg>');
    else markCell.insertAdjacentHTML('beforeend', '<svg width="11" height="14" viewBox="0 0 18 24" aria-hidden="true"></svg>');
    markCell.append(seatMarker(k));
    return el('tr', {
      class: 'seat' + (toAct ? ' to-act' : '') + (acted ? ' acted' : '') + (mark === '*' ? ' winner' : '') +
        (status !== 'ok' ? ' failed' : '') + (target ? ' target' : ''),
      'data-seat': k, 'data-mark': mark, 'data-role': f('r'), 'data-tools': f('t'), 'data-hand': f('h'),
      'data-gold': f('g'), 'data-bank': f('b'), 'data-last': f('m'), 'data-status': status,
      'data-holds': f('k'), 'data-peeks': f('p'), 'data-front': f('f'), 'data-dwarf': f('d'),
    }, markCell,
    el('td', { class: 'name', title: G.names[k], text: G.names[k] }),
    el('td', { class: 'rolecell' }, roleEl(f('r'))), el('td', { class: 'tools' }, toolsEl(f('t'))),
    el('td', { class: 'num', text: f('h') }), el('td', { class: 'num gold', text: f('g') }),
    el('td', { class: 'num wide-only', text: f('m') }), el('td', { class: 'num wide-only', text: f('b') }),
    el('td', { class: 'status', title: status, text: status }));
  }
  // What this perspective knows of the seat's cards, as pictures: its
  // hand (face down when not known here), the cards in front of it, the
  // goals it looked at, where its dwarves stand.
  function seatCards(k, f) {
    const holds = f('k'), peeks = f('p'), front = f('f'), dwarf = f('d');
    const n = parseInt(f('h') || '0', 10);
    if (!holds && !peeks && !front && !dwarf && !n) return el('div', { class: 'hand none', 'data-seat': k, hidden: '' });
    const line = el('div', { class: 'hand', 'data-seat': k }, el('span', { class: 'who' }, seatMarker(k, 16)));
    const cards = el('span', { class: 'cards' });
    if (holds) for (const c of holds.split(' ')) cards.append(cardEl(c));
    else for (let i = 0; i < n; i++) cards.append(cardEl('?', 'back'));
    line.append(cards);
    if (front) {
      const fr = el('span', { class: 'front-cards', title: 'in front of seat ' + k }, el('span', { class: 'label', text: 'in front' }));
      for (const c of front.split(' ')) fr.append(cardEl(c, 'front'));
      line.append(fr);
    }
    if (peeks) {
      const pk = el('span', { class: 'peeks', title: 'goals seat ' + k + ' looked at' }, el('span', { class: 'label', text: 'looked at' }));
      for (const p of peeks.split(', ')) {
        const m = /^(-?\d+) (-?\d+) \((.*)\)$/.exec(p);
        if (!m) continue;
        const c = byTok.get(m[3]);
        pk.append(el('span', { class: 'peek', title: 'the goal at ' + m[1] + ' ' + m[2] + ': ' + (c ? (c.gold ? 'the gold' : 'stone') : 'not known here') },
          el('span', { class: 'card mini', html: '<svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">' +
            backSvg(22, 22, c ? (c.gold ? 'gold' : 'stone') : '') + '</svg>' }),
          el('span', { class: 'at', text: m[1] + ',' + m[2] })));
      }
      line.append(pk);
    }
    if (dwarf) {
      const d = el('span', { class: 'dwarf-at', title: 'where seat ' + k + '\'s dwarves stand' },
        el('span', { html: '<svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">' + ICONS.dwarf + '</svg>' }),
        el('span', { class: 'at', text: dwarf }));
      d.style.setProperty('--owner', seatColour(k));
      line.append(d);
    }
    return line;
  }

  // ---- the step, and the results ----
  function drawStep(st, s) {
    const ac = get(st, 'ac');
    const fail = s >= 0 && (G.flags[s] & F_FAIL);
    const now = el('p', { id: 'now', class: fail ? 'failure' : '', 'data-text': get(st, 'now') || '' });
    if (ac !== null) now.append(seatMarker(+ac, 16), ' ');
    now.append(get(st, 'now') || '');
    stepBox.replaceChildren(now);
    const ss = get(st, 'ss');
    if (ss) stepBox.append(el('p', { id: 'state', 'data-text': ss, text: '[' + ss + ']' }));
    const rp = get(st, 'rp');
    if (rp !== null) stepBox.append(el('p', { id: 'reply', 'data-text': rp, text: 'seat ' + ac + "'s reply: " + rp }));
    const nt = get(st, 'nt');
    if (nt !== null) stepBox.append(el('p', { id: 'note', 'data-text': nt, text: 'seat ' + ac + "'s last note: " + nt }));
    // The time the seat asked took for its last reply, and its bank.
    const took = ac !== null ? get(st, 'p' + ac + 'm') : null;
    if (took !== null && took !== '-')
      stepBox.append(el('p', { id: 'took', class: 'took', text: 'seat ' + ac + "'s last reply took " + took + ' ms; bank ' + (get(st, 'p' + ac + 'b') || '?') + ' ms' }));
  }
  function seatWho(k) {
    return el('span', { class: 'who' }, seatMarker(k, 16), ' ', el('b', { text: G.names[k] }));
  }
  // Gold paid since the round's end: known gold, then cards or payments
  // of unknown value.
  function paidText(kh) {
    const [k, h] = kh.split(':').map(Number);
    const parts = [];
    if (k) parts.push((k > 0 ? '+' : '') + k);
    if (h > 0) parts.push(G.secretGold ? '+? (in secret)' : '+' + h + ' card' + (h > 1 ? 's' : '') + ' unseen');
    return parts.join(' ');
  }
  function drawBanner(st) {
    const rs = get(st, 'rs'), ge = get(st, 'ge');
    const key = (ge || '') + '/' + (rs || '');
    if ((!rs && !ge) || view.bannerHidden === key) { banner.hidden = true; return; }
    const body = el('div', { class: 'banner-body' });
    const close = el('button', { type: 'button', class: 'close', title: 'hide', 'aria-label': 'hide the result', onclick: () => { view.bannerHidden = key; banner.hidden = true; } }, '\u00d7');
    if (ge) {
      const [mask, golds] = ge.split('|');
      const gold = golds.split(',').map(Number);
      const winners = [...Array(SEATS).keys()].filter((k) => +mask & (1 << k));
      const order = [...Array(SEATS).keys()].sort((a, b) => gold[b] - gold[a] || a - b);
      body.append(el('h3', { class: 'banner-title' }, el('span', { class: 'ico', html: '<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">' + ICONS.trophy + '</svg>' }),
        ' Game over: ', ...winners.flatMap((k, i) => [i ? ', ' : '', el('b', { text: G.names[k] }), ' (seat ' + k + ')']),
        winners.length > 1 ? ' share the win' : winners.length ? ' wins' : ' no winner'));
      const ol = el('ol', { class: 'final' });
      for (const k of order) ol.append(el('li', { class: winners.includes(k) ? 'won' : '' }, seatWho(k), ' ', el('span', { class: 'g', text: gold[k] + ' gold' })));
      body.append(ol);
    }
    if (rs) {
      const parts = rs.split('|');
      const paid = parts.pop().split(','), mask = +parts.pop(), words = parts.join('|');
      const winners = [...Array(SEATS).keys()].filter((k) => mask & (1 << k));
      const m = /^round (\d+) ends: (.*)$/.exec(words);
      body.append(el('h4', { class: 'round-title', text: m ? 'Round ' + m[1] + ': ' + m[2] : words }));
      const ul = el('ul', { class: 'round-winners' });
      for (const k of winners) {
        const role = get(st, 'p' + k + 'r');
        ul.append(el('li', {}, seatWho(k), ' ', roleEl(role || '?'), ' ', el('span', { class: 'g', text: paidText(paid[k] || '0:0') || 'no gold yet' })));
      }
      if (!winners.length) ul.append(el('li', { text: 'nobody wins the round' }));
      // Gold paid to others than the winners (a theft, a toll).
      paid.forEach((p, k) => {
        if (!winners.includes(k) && paidText(p)) ul.append(el('li', { class: 'other' }, seatWho(k), ' ', el('span', { class: 'g', text: paidText(p) })));
      });
      body.append(ul);
    }
    banner.replaceChildren(close, body);
    banner.hidden = false;
  }
  function drawResultChip(st) {
    const ge = get(st, 'ge');
    if (!ge) { resultChip.textContent = ''; resultChip.hidden = true; return; }
    const [mask, golds] = ge.split('|');
    const gold = golds.split(',');
    const winners = [...Array(SEATS).keys()].filter((k) => +mask & (1 << k));
    resultChip.hidden = false;
    resultChip.replaceChildren(el('span', { class: 'ico', html: '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">' + ICONS.trophy + '</svg>' }),
      winners.length ? (winners.length > 1 ? 'winners: ' : 'winner: ') : 'no winner',
      ...winners.flatMap((k, i) => [i ? ', ' : '', el('b', { text: G.names[k] }), ' (seat ' + k + ', ' + gold[k] + ' gold)']));
  }
  function drawPos(st, s) {
    const P = G.persps[view.persp];
    const dc = parseInt(get(st, 'dc') || '0', 10);
    const ac = get(st, 'ac');
    const parts = ['round ' + (get(st, 'rd') || '0'),
      dc === 0 ? 'set-up' : dc > G.decisions ? 'decision ' + dc + ' (unfinished)' : 'decision ' + dc + '/' + G.decisions,
      'step ' + (s + 1) + '/' + N, 'deck ' + (get(st, 'dk') || '0')];
    if (get(st, 'ov') === '1') parts.push('game over');
    else if (ac !== null) parts.push('seat ' + ac + ' to play');
    parts.push('view: ' + P.name);
    const names = ['round', 'decision', 'step', 'deck', 'actor', 'view'];
    if (parts.length < names.length) names.splice(4, 1);
    pos.replaceChildren(...parts.flatMap((p, i) => [i ? el('span', { class: 'sep p-' + names[i], text: ' | ' }) : '',
      el('span', { class: 'part p-' + names[i], text: p })]));
    const attrs = { 'data-round': get(st, 'rd'), 'data-decision': dc, 'data-step': s, 'data-deck': get(st, 'dk'),
      'data-actor': ac === null ? '' : ac, 'data-persp': perspId(P) };
    for (const [k, v] of Object.entries(attrs)) pos.setAttribute(k, v);
  }

  // ---- the game as it went, per perspective: gold, clock, moves ----
  const historyCache = new Map();
  function pastOf(P) {
    if (historyCache.has(P)) return historyCache.get(P);
    const st = new Int32Array(KEYS.length).fill(-1);
    const gold = [], clock = [], moves = [];
    let pending = null;
    const list = P.list;
    apply(st, list[0]);
    for (let i = 0; i < N; i++) {
      apply(st, list[i + 1]);
      const endsRound = i === N - 1 || (G.flags[i + 1] & F_ROUND);
      const f = G.flags[i];
      if ((f & (F_MAIN | F_EFFECT)) && (P.id === 'all' || P.visible[i] === '1')) pending = { text: get(st, 'now'), effect: !!(f & F_EFFECT) };
      if ((f & F_TURN) && G.decision[i] > 0) {
        let text = pending && !pending.effect ? pending.text : get(st, 'now');
        if (pending && pending.effect) text += ': ' + pending.text;
        moves.push({ d: G.decision[i], step: i, seat: G.actor[i], round: G.round[i], text, quiet: !!(f & F_QUIET),
          fail: false });
        pending = null;
      }
      if ((f & F_FAIL) && moves.length && (P.id === 'all' || P.visible[i] === '1')) moves[moves.length - 1].fail = true;
      if (endsRound && G.round[i] > 0) {
        const g = [], text = [];
        for (let k = 0; k < SEATS; k++) {
          text.push(get(st, 'p' + k + 'g') || '?');
          g.push(goldRange(text[k]));
        }
        const rs = get(st, 'rs');
        gold.push({ round: G.round[i], step: i, gold: g, text });
        if (rs) moves.push({ result: rs, step: i, round: G.round[i] });
      }
      if ((f & F_TURN) && G.actor[i] >= 0) {
        const ms = parseFloat(get(st, 'p' + G.actor[i] + 'm') || '');
        if (!isNaN(ms)) clock.push({ d: G.decision[i], step: i, seat: G.actor[i], ms });
      }
    }
    const r = { gold, clock, moves };
    historyCache.set(P, r);
    return r;
  }
  // Gold as saboteur view writes it: "3", "3+1?" (3 known, a card of
  // unknown value: at least one more), "?+2" or "?" (paid in secret): the
  // least it can be, and whether that is all.
  function goldRange(t) {
    let m;
    if ((m = /^(-?\d+)$/.exec(t))) return { lo: +m[1], exact: true };
    if ((m = /^(-?\d+)\+(\d+)\?$/.exec(t))) return { lo: +m[1] + +m[2], exact: false };
    return { lo: null, exact: false };
  }

  // The move list: every decision so far by round, in words; a click goes
  // there.  Veto questions that changed nothing are folded into one line.
  const moveList = { P: null, items: [], shown: 0, nodes: [] };
  // The list's entries are made for the whole game, their nodes only
  // when first shown (a page opened early in a game makes a few).
  function buildMoves(P) {
    const { moves } = pastOf(P);
    const items = [];
    let round = -1, quiet = null;
    for (const m of moves) {
      if (m.result !== undefined) {
        items.push({ step: m.step, kind: 'result', node: null, make: () => el('li', { class: 'result', 'data-step': m.step, onclick: () => { stop(); go(m.step, ''); } },
          el('span', { class: 'ico', html: '<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">' + ICONS.trophy + '</svg>' }),
          ' ' + m.result.split('|').slice(0, -2).join('|')) });
        continue;
      }
      if (m.round !== round) {
        const r = round = m.round;
        items.push({ step: m.step, kind: 'head', node: null, make: () => el('li', { class: 'round-head', text: 'Round ' + r }) });
      }
      if (m.quiet) {
        if (quiet && quiet.last === m.d - 1) {
          quiet.last = m.d;
          quiet.seats.push(m.seat);
          quiet.step = m.step;
          continue;
        }
        const entry = { step: m.step, kind: 'move', node: null, last: m.d, seats: [m.seat], make: () => {
          const node = el('li', { class: 'move quiet', 'data-step': entry.step, 'data-decision': m.d },
            el('span', { class: 'dno', text: String(m.d) }), el('span', { class: 'txt', text: 'no veto from seat' + (entry.seats.length > 1 ? 's ' : ' ') + entry.seats.join(', ') }));
          node.addEventListener('click', () => { stop(); go(entry.step, ''); });
          return node;
        } };
        quiet = entry;
        items.push(entry);
        continue;
      }
      quiet = null;
      items.push({ step: m.step, kind: 'move', node: null, make: () => {
        const node = el('li', { class: 'move' + (m.fail ? ' failed' : ''), 'data-step': m.step, 'data-decision': m.d, title: 'decision ' + m.d },
          el('span', { class: 'dno', text: String(m.d) }), m.seat >= 0 ? seatMarker(m.seat, 14) : '', el('span', { class: 'txt', text: m.text || '' }));
        node.addEventListener('click', () => { stop(); go(m.step, ''); });
        return node;
      } });
    }
    moveList.P = P;
    moveList.items = items;
    moveList.shown = 0;
    movesBox.replaceChildren(el('ol', { class: 'moves' }));
  }
  function moveNode(it) { return it.node || (it.node = it.make()); }
  // Only what has happened by the step shown: no spoilers.
  function drawMoves(s) {
    const P = G.persps[view.persp];
    if (moveList.P !== P) buildMoves(P);
    const ol = movesBox.firstChild;
    let n = 0;
    while (n < moveList.items.length && (moveList.items[n].step <= s || moveList.items[n].kind === 'head' &&
      n + 1 < moveList.items.length && moveList.items[n + 1].step <= s)) n++;
    if (moveList.shown < n) {
      const add = [];
      while (moveList.shown < n) add.push(moveNode(moveList.items[moveList.shown++]));
      ol.append(...add);
    }
    while (moveList.shown > n) moveList.items[--moveList.shown].node.remove();
    let cur = null;
    for (let i = n - 1; i >= 0; i--) if (moveList.items[i].kind !== 'head') { cur = moveList.items[i].node; break; }
    const old = movesBox.querySelector('.current');
    if (old && old !== cur) old.classList.remove('current');
    if (cur) cur.classList.add('current');
    // Scroll the list, never the page; before the next frame is drawn,
    // when the browser lays the page out anyway.
    if (!drawMoves.frame)
      drawMoves.frame = requestAnimationFrame(() => {
        drawMoves.frame = 0;
        const c = movesBox.querySelector('.current');
        if (!c) { movesBox.scrollTop = 0; return; }
        const top = c.offsetTop - movesBox.offsetTop, bottom = top + c.offsetHeight;
        if (bottom > movesBox.scrollTop + movesBox.clientHeight || top < movesBox.scrollTop)
          movesBox.scrollTop = Math.max(0, bottom - movesBox.clientHeight + 4);
      });
    if (!n) movesBox.setAttribute('data-empty', 'no moves yet');
    else movesBox.removeAttribute('data-empty');
  }

  // ---- the charts: gold over the rounds, the clock per decision ----
  // Round numbers for an axis from lo to hi: about n ticks at 1, 2 or 5
  // times a power of ten.
  function ticks(lo, hi, n) {
    const span = Math.max(hi - lo, 1e-9), raw = span / Math.max(n, 1);
    const p = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 5, 10].map((m) => m * p).find((x) => x >= raw) || 10 * p;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toFixed(10));
    return out;
  }
  function S(tag, attrs, text) {
    let s = '<' + tag;
    for (const [k, v] of Object.entries(attrs)) s += ' ' + k + '="' + esc(v) + '"';
    return s + (text === undefined ? '/>' : '>' + esc(text) + '</' + tag + '>');
  }
  const MARKERS = ['circle', 'square', 'triangle', 'diamond'];
  function markerSvg(k, x, y, filled) {
    const c = seatColour(k), sh = MARKERS[Math.floor(k / 8) + k % 4 & 3], r = 4;
    const fill = filled ? c : '#fff';
    if (sh === 'square') return S('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill, stroke: c, 'stroke-width': 2 });
    if (sh === 'triangle') return S('path', { d: 'M' + x + ' ' + (y - r - 1) + 'L' + (x + r + 1) + ' ' + (y + r) + 'L' + (x - r - 1) + ' ' + (y + r) + 'Z', fill, stroke: c, 'stroke-width': 2 });
    if (sh === 'diamond') return S('path', { d: 'M' + x + ' ' + (y - r - 1) + 'L' + (x + r + 1) + ' ' + y + 'L' + x + ' ' + (y + r + 1) + 'L' + (x - r - 1) + ' ' + y + 'Z', fill, stroke: c, 'stroke-width': 2 });
    return S('circle', { cx: x, cy: y, r, fill, stroke: c, 'stroke-width': 2 });
  }
  // The charts: the gold one drawn again when a round ends, the clock one
  // once per perspective, its bars shown up to the step by a clip.
  const CW = 560, CH = 200, CL = 46, CR = 14, CT = 12, CB = 34;
  const chartsNow = { goldKey: null, clockP: null, gs: null, cs: null };
  function drawCharts(s) {
    const P = G.persps[view.persp];
    const { gold, clock } = pastOf(P);
    const rounds = gold.filter((g) => g.step <= s);
    const gk = view.persp + ':' + rounds.length;
    let changed = false;
    if (chartsNow.goldKey !== gk) {
      chartsNow.gs = goldFigure(gold, rounds);
      chartsNow.goldKey = gk;
      changed = true;
    }
    if (chartsNow.clockP !== P) {
      chartsNow.cs = clockFigure(clock);
      chartsNow.clockP = P;
      changed = true;
    }
    // The bars of the decisions up to the step shown, no further.
    let shown = 0;
    for (const d of clock) { if (d.step > s) break; shown = d.d; }
    const bw = (CW - CL - CR) / Math.max(G.decisions, 1);
    chartsNow.cs.querySelector('#clock-clip rect').setAttribute('width', (CL + shown * bw).toFixed(2));
    const dc = s >= 0 ? G.decision[s] : 0;
    const now = chartsNow.cs.querySelector('.now-line');
    now.setAttribute('x1', CL + (dc - 0.5) * bw);
    now.setAttribute('x2', CL + (dc - 0.5) * bw);
    now.setAttribute('visibility', dc > 0 ? 'visible' : 'hidden');
    if (changed) charts.replaceChildren(chartsNow.gs, chartsNow.cs);
  }
  function goldFigure(gold, rounds) {
    const W = CW, H = CH, L = CL, R = CR, T = CT, B = CB;
    // Gold: one line per seat, up to the round shown; gold not known here
    // drawn hollow at the least it can be, and not at all when nothing is
    // known.
    let max = 1;
    for (const r of gold) for (const v of r.gold) if (v.lo !== null) max = Math.max(max, v.lo);
    const yt = ticks(0, max, 4);
    max = Math.max(max, yt[yt.length - 1]);
    const nr = Math.max(gold.length, 1);
    const X = (i) => L + 10 + (nr === 1 ? (W - L - R - 20) / 2 : i * (W - L - R - 20) / (nr - 1));
    const Y = (v) => H - B - v * (H - B - T) / max;
    let g = S('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis-line' }) + S('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis-line' });
    for (const v of yt) g += S('line', { x1: L, y1: Y(v), x2: W - R, y2: Y(v), class: 'grid-line' }) + S('text', { x: L - 5, y: Y(v) + 3.5, class: 'tick', 'text-anchor': 'end' }, String(v));
    g += S('text', { x: 12, y: (T + H - B) / 2, class: 'axis-title', transform: 'rotate(-90 12 ' + (T + H - B) / 2 + ')', 'text-anchor': 'middle' }, 'gold');
    gold.forEach((r, i) => { g += S('text', { x: X(i), y: H - B + 15, class: 'tick', 'text-anchor': 'middle' }, 'round ' + r.round); });
    let unknown = 0;
    for (let k = 0; k < SEATS; k++) {
      const pts = rounds.map((r, i) => ({ x: X(i), v: r.gold[k], t: r.text[k], step: r.step })).filter((p) => p.v.lo !== null);
      unknown += rounds.length - pts.length + pts.filter((p) => !p.v.exact).length;
      if (pts.length === 0) continue;
      const off = (k - (SEATS - 1) / 2) * 1.2;
      g += S('polyline', { points: pts.map((p) => p.x + off + ',' + Y(p.v.lo)).join(' '), fill: 'none', stroke: seatColour(k), 'stroke-width': 2,
        'stroke-dasharray': k >= 8 ? '5 3' : 'none' });
      for (const p of pts) g += '<g class="pt" data-step="' + p.step + '"><title>' + esc('seat ' + k + ' ' + G.names[k] + ': ' + p.t + ' gold' +
        (p.v.exact ? '' : ' (at least ' + p.v.lo + ')')) + '</title>' + markerSvg(k, p.x + off, Y(p.v.lo), p.v.exact) + '</g>';
    }
    const gs = el('figure', { id: 'gold-chart' }, el('figcaption', { text: 'Gold of each seat at the end of each round' +
      (unknown ? ' (hollow: gold not all known here, drawn at the least it can be)' : '') + '; click a point to go there' }));
    const gsvg = el('div', { class: 'chart', html: '<svg viewBox="0 0 ' + W + ' ' + H + '" role="img" aria-label="gold per round">' + g + '</svg>' });
    gsvg.addEventListener('click', (e) => {
      const p = e.target.closest('[data-step]');
      if (p) { stop(); go(parseInt(p.getAttribute('data-step'), 10), ''); }
    });
    gs.append(gsvg, legend());
    if (rounds.length) {
      const t = el('table', { id: 'rounds', class: 'grid' });
      t.append(el('tr', {}, el('th', { text: 'gold after' }), ...G.names.map((n, k) => el('th', {}, seatMarker(k, 14), ' ' + n))));
      for (const r of rounds)
        t.append(el('tr', { 'data-round': r.round }, el('td', { text: 'round ' + r.round }),
          ...r.text.map((v, k) => el('td', { text: v, 'data-seat': k }))));
      gs.append(el('div', { class: 'table-wrap' }, t));
    }
    return gs;
  }
  function clockFigure(clock) {
    const W = CW, H = CH, L = CL, R = CR, T = CT, B = CB;
    // Clock: a bar per decision, coloured by seat, the limit dashed.  On a
    // log scale: most replies take a fraction of a millisecond against a
    // limit of a second or so.
    const limit = G.moveMs > 0 ? G.moveMs : 0;
    let cmax = limit, cmin = 0.01;
    for (const d of clock) cmax = Math.max(cmax, d.ms);
    cmax = Math.pow(10, Math.ceil(Math.log10(cmax > 0.01 ? cmax : 1)));
    const lo = Math.log10(cmin), span = Math.log10(cmax) - lo;
    const CY = (v) => H - B - Math.max(Math.log10(Math.max(v, cmin)) - lo, 0) * (H - B - T) / span;
    const nd = Math.max(G.decisions, 1);
    const bw = (W - L - R) / nd;
    let c = S('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis-line' }) + S('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis-line' });
    for (let e = Math.round(lo); e <= Math.log10(cmax); e++) {
      const v = Math.pow(10, e);
      c += S('line', { x1: L, y1: CY(v), x2: W - R, y2: CY(v), class: 'grid-line' }) +
        S('text', { x: L - 5, y: CY(v) + 3.5, class: 'tick', 'text-anchor': 'end' }, v >= 1 ? String(v) : v.toFixed(-e));
    }
    c += S('text', { x: 12, y: (T + H - B) / 2, class: 'axis-title', transform: 'rotate(-90 12 ' + (T + H - B) / 2 + ')', 'text-anchor': 'middle' }, 'ms');
    for (const v of ticks(1, nd, 6)) c += S('text', { x: L + (v - 0.5) * bw, y: H - B + 15, class: 'tick', 'text-anchor': 'middle' }, String(v));
    c += S('text', { x: (L + W - R) / 2, y: H - 4, class: 'axis-title', 'text-anchor': 'middle' }, 'decision');
    c += '<clipPath id="clock-clip"><rect x="0" y="0" width="0" height="' + H + '"/></clipPath><g clip-path="url(#clock-clip)">';
    for (const d of clock) {
      c += '<rect x="' + (L + (d.d - 1) * bw).toFixed(2) + '" y="' + CY(d.ms).toFixed(2) + '" width="' + Math.max(bw - 0.4, 0.6).toFixed(2) + '" height="' +
        Math.max(H - B - CY(d.ms), 0.6).toFixed(2) + '" fill="' + seatColour(d.seat) + '" data-step="' + d.step + '"/>';
    }
    c += '</g>';
    if (limit > 0) {
      c += S('line', { x1: L, y1: CY(limit), x2: W - R, y2: CY(limit), class: 'limit' });
      c += S('text', { x: W - R - 2, y: CY(limit) - 4, class: 'tick', 'text-anchor': 'end' }, 'limit ' + limit + ' ms');
    }
    c += S('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'now-line' });
    const cs = el('figure', { id: 'clock-chart' }, el('figcaption', { text: 'Time each decision took (ms, log scale), the move limit dashed; click a bar to go there' }));
    const csvg = el('div', { class: 'chart', html: '<svg viewBox="0 0 ' + W + ' ' + H + '" role="img" aria-label="time per decision">' + c + '</svg>' });
    // Each bar's words (its tooltip) are given when a pointer first comes
    // over the chart, before any tooltip shows: a page opens with half
    // the nodes.
    csvg.addEventListener('pointerover', () => {
      const bars = csvg.querySelectorAll('rect[data-step]');
      clock.forEach((d, i) => {
        const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
        t.textContent = 'decision ' + d.d + ', seat ' + d.seat + ': ' + d.ms + ' ms';
        bars[i].append(t);
      });
    }, { once: true });
    csvg.addEventListener('click', (e) => {
      const p = e.target.closest('[data-step]');
      if (p) { stop(); go(parseInt(p.getAttribute('data-step'), 10), ''); return; }
      // Anywhere else on the chart: the decision under the pointer.
      const r = csvg.firstChild.getBoundingClientRect();
      const d = Math.floor(((e.clientX - r.left) / r.width * W - L) / bw) + 1;
      if (d >= 1 && d <= G.decisions) { stop(); goDecision(d); }
    });
    cs.append(csvg);
    return cs;
  }
  function legend() {
    const l = el('p', { class: 'legend' });
    for (let k = 0; k < SEATS; k++)
      l.append(el('span', { class: 'key' }, el('span', { html: '<svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">' + markerSvg(k, 7, 7, true) + '</svg>' }),
        seatMarker(k, 14), ' ' + G.names[k]));
    return l;
  }

  // ---- what the pictures mean: every card of this game, and the marks ----
  function drawLegend() {
    const grid = el('div', { class: 'legend-cards' });
    const seen = new Set();
    for (const c of CARDS) {
      if (seen.has(c.tok)) continue;
      seen.add(c.tok);
      grid.append(el('div', { class: 'legend-card' }, cardEl(c.tok), el('span', { class: 'lt' }, el('code', { text: c.tok }), ' ' + cardWords(c))));
    }
    const sw = (svgText, words) => el('div', { class: 'legend-card' }, el('span', { class: 'card', html: '<svg width="34" height="34" viewBox="-3 -3 46 46" aria-hidden="true">' + svgText + '</svg>' }),
      el('span', { class: 'lt', text: words }));
    const marksGrid = el('div', { class: 'legend-cards' },
      sw(backSvg(40, 40, ''), 'a goal card face down, not known here'),
      sw(backSvg(40, 40, 'gold'), 'a goal card face down, known here to hold the gold'),
      sw(backSvg(40, 40, 'stone'), 'a goal card face down, known here to be stone'),
      sw(faceSvg(CARDS.find((c) => c.kind === 'path' && c.g0 && !c.g1 && !c.door) || { kind: 'path', edges: 15, g0: 15, g1: 0 }, 40, 40), 'tunnels joined to the start: light'),
      sw(faceSvg(CARDS.find((c) => c.kind === 'path' && c.g0 && !c.g1 && !c.door) || { kind: 'path', edges: 15, g0: 15, g1: 0 }, 40, 40, { dim: true }), 'tunnels not joined to the start: dark'),
      sw('<rect width="40" height="40" rx="4" class="slot"/><rect x="-2" y="-2" width="44" height="44" rx="6" class="mark-last"/>', 'the card the step played or turned'),
      sw('<rect width="40" height="40" rx="4" class="slot"/><rect x="-3" y="-3" width="46" height="46" rx="7" class="mark-target"/>', 'what a card played names: a place, a goal'),
      sw(icon('dwarf', 6, 5, 28) + seatShape(0, 33, 8, 6.5), 'a Tunnel Toll dwarf, in its owner\'s colour'),
      sw(backSvg(40, 40, 'chest'), 'a path card face down over a treasure chest'));
    const seats = el('div', { class: 'legend-seats' });
    for (let k = 0; k < SEATS; k++) seats.append(el('span', { class: 'key' }, seatMarker(k, 18), ' ' + G.names[k]));
    const roles = el('div', { class: 'legend-seats' });
    for (const [name, t] of ROLE_TITLE) if (name !== 'none') roles.append(el('span', { class: 'key' }, el('span', { class: 'role role-' + name }, roleEl(name).firstChild), ' ' + t));
    legendBox.replaceChildren(legendBox.firstChild,
      el('h3', { text: 'The seats' }), seats,
      roles.childNodes.length ? el('h3', { text: 'The roles' }) : '', roles.childNodes.length ? roles : '',
      el('h3', { text: 'The table' }), marksGrid,
      el('h3', { text: 'The cards of this ruleset (hover a card anywhere for its token)' }), grid);
  }

  function show() {
    const P = G.persps[view.persp];
    const st = stateAt(P, view.step);
    perspSelect.value = String(view.persp);
    slider.value = String(view.step);
    slider.setAttribute('aria-valuetext', 'step ' + (view.step + 1) + ' of ' + N);
    if (drawMarks.P !== P) { drawMarks(); drawMarks.P = P; }
    drawPos(st, view.step);
    drawStep(st, view.step);
    drawBoard(st);
    drawPiles(st);
    drawBanner(st);
    drawResultChip(st);
    drawPlayers(st);
    writeFragment(view.playing || view.fast);
    view.fast = false;
    if (!opened) return;
    drawCharts(view.step);
    drawMoves(view.step);
  }
  // The page opens with the table and the players; the charts, the moves
  // and the legend follow once that first frame is drawn, and then the
  // page is ready (the board fitted to its box too).
  let opened = false;
  readFragment();
  show();
  restart();
  requestAnimationFrame(() => setTimeout(() => {
    const t0 = performance.now();
    opened = true;
    drawCharts(view.step);
    drawMoves(view.step);
    drawLegend();
    document.body.setAttribute('data-ready', '1');
    window.sabReadyMs = performance.now();
    // How long drawing them took, for make bench: with the time to the
    // table, the page's own drawing without the wait for the first frame.
    window.sabRestMs = window.sabReadyMs - t0;
  }));
  // How long the page took to open and draw the table, for make bench.
  window.sabDrawnMs = performance.now();
})();
