// viewer.js: draws the positions of a replay that saboteur html wrote into
// this page.  It knows no rules: every position of every perspective was
// computed by the referee's view model, and is only looked up and drawn.
'use strict';
(function () {
  const G = JSON.parse(document.getElementById('game').textContent);
  const KEYS = G.keys, VALUES = G.values, CHANGES = G.changes;
  const keyIndex = new Map(KEYS.map((k, i) => [k, i]));
  const N = G.steps, SEATS = G.names.length;
  const F_TURN = 1, F_ROUND = 2, F_FAIL = 4;
  const SPEEDS = [2000, 1000, 500, 250, 100];
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
  for (const P of G.persps) {
    P.list = P.changes.split(',').map((x) => parseInt(x, 36));
    P.checkpoints = [];
  }
  // The items at step s (-1: before the first) of perspective P.
  function stateAt(P, s) {
    const idx = s + 1, m = Math.floor(idx / EVERY);
    while (P.checkpoints.length <= m) {
      const c = P.checkpoints.length;
      const st = c === 0 ? new Int32Array(KEYS.length).fill(-1)
        : Int32Array.from(P.checkpoints[c - 1]);
      for (let i = c === 0 ? 0 : (c - 1) * EVERY + 1; i <= c * EVERY && i < P.list.length; i++)
        apply(st, P.list[i]);
      P.checkpoints.push(st);
    }
    const st = Int32Array.from(P.checkpoints[m]);
    for (let i = m * EVERY + 1; i <= idx; i++) apply(st, P.list[i]);
    return st;
  }
  function get(st, key) {
    const k = keyIndex.get(key);
    return k === undefined || st[k] < 0 ? null : VALUES[st[k]];
  }

  // ---- where we are ----
  const view = { persp: 0, step: N - 1, playing: false, speed: 2, timer: null };
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
  function writeFragment() {
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
  // flags (0: any), told to this perspective; -1 when none.
  function find(from, dir, flags) {
    for (let i = from + dir; i >= 0 && i < N; i += dir)
      if ((flags === 0 || (G.flags[i] & flags)) && visible(i)) return i;
    return -1;
  }

  // ---- drawing helpers ----
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const c of kids) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const SEAT_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e',
    '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#393b79', '#637939'];

  // ---- the page's frame ----
  const app = document.getElementById('app');
  app.textContent = '';
  const head = el('header', {});
  const title = 'game ' + G.game + (G.botsGame !== G.game ? ' (game ' + G.botsGame + ' to the bots)' : '') +
    ', ruleset ' + G.ruleset + ', seed ' + G.seed + ', ' + SEATS + ' players, started ' + (G.start || '?');
  head.append(el('h1', { id: 'title', text: title }));
  const links = el('p', { class: 'links' });
  if (G.back) links.append(el('a', { href: G.back, text: 'back to the report' }), ' ');
  if (G.replay) links.append(el('a', { href: G.replay, text: 'the replay file' }));
  head.append(links);
  if (!G.ok) head.append(el('p', { id: 'problem', class: 'problem', text: 'The replay stops early: ' + G.problem }));
  app.append(head);

  function button(label, key, what, fn) {
    return el('button', { type: 'button', title: what + ' (' + key + ')', 'data-key': key, onclick: fn }, label);
  }
  const perspSelect = el('select', { id: 'persp', title: 'whose view ([ ] a v 0-9)' });
  G.persps.forEach((P, j) => perspSelect.append(el('option', { value: String(j), text: P.name })));
  perspSelect.addEventListener('change', () => { view.persp = parseInt(perspSelect.value, 10); show(); });
  const speedSelect = el('select', { id: 'speed', title: 'autoplay speed (+ -)' });
  SPEEDS.forEach((ms, j) => speedSelect.append(el('option', { value: String(j), text: (1000 / ms) + ' steps/s' })));
  speedSelect.addEventListener('change', () => { view.speed = parseInt(speedSelect.value, 10); restart(); });
  // As the terminal viewer's g: a decision's number, or r and a round's.
  const jump = el('input', { id: 'jump', type: 'text', size: '8', placeholder: 'decision', title: 'jump to a decision, or rN to round N (g)' });
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
  const playButton = button('play', 'space', 'autoplay', () => togglePlay());
  const msg = el('span', { id: 'msg', class: 'msg' });
  const controls = el('nav', { id: 'controls' },
    button('|<', 'Home', 'first step', () => go(find(-1, 1, 0), 'no steps')),
    button('<< round', 'P', 'previous round', () => goFind(-1, F_ROUND, 'the first round')),
    button('< decision', 'p', 'previous decision', () => goFind(-1, F_TURN, 'the first decision')),
    button('< step', 'h', 'previous step', () => goFind(-1, 0, 'the first step')),
    button('step >', 'l', 'next step', () => goFind(1, 0, 'the last step')),
    button('decision >', 'n', 'next decision', () => goFind(1, F_TURN, 'the last decision')),
    button('round >>', 'N', 'next round', () => goFind(1, F_ROUND, 'the last round')),
    button('>|', 'End', 'last step', () => go(N - 1, 'no steps')),
    button('< failure', 'F', 'previous failure', () => goFind(-1, F_FAIL, 'no failure before this step')),
    button('failure >', 'f', 'next failure', () => goFind(1, F_FAIL, 'no failure after this step')),
    playButton, speedSelect, jump, perspSelect, msg);
  app.append(controls);
  const pos = el('p', { id: 'pos' });
  const main = el('main', {});
  const boardBox = el('section', { id: 'board-box' });
  const side = el('section', { id: 'side' });
  main.append(boardBox, side);
  const stepBox = el('section', { id: 'step' });
  const charts = el('section', { id: 'charts' });
  const help = el('details', { id: 'help' }, el('summary', { text: 'keys' }),
    el('pre', { text: 'l h, right left  step        n p, down up   decision\n' +
      'N P, pgdn pgup   round       f F            next, previous failure\n' +
      'Home End         first, last space          autoplay; + - its speed\n' +
      'g                jump to a decision          a v 0-9 [ ]  all, public, a seat, cycle\n' +
      'The link holds the position: #d=DECISION or #s=STEP, and &as=all|public|SEAT.' }));
  app.append(pos, stepBox, main, charts, help);

  // ---- moving ----
  function say(text) { msg.textContent = text; }
  function go(i, none) {
    if (i >= -1 && i < N && N > 0) { view.step = i; show(); return true; }
    say(none); return false;
  }
  function goFind(dir, flags, none) {
    const i = find(view.step, dir, flags);
    return go(i, none) || false;
  }
  function goDecision(d) {
    if (d >= 0 && d < G.decisionStep.length && G.decisionStep[d] >= -1) go(G.decisionStep[d], '');
    else say('decisions 0 to ' + G.decisions);
  }
  function setPersp(j) {
    if (j >= 0 && j < G.persps.length) { view.persp = j; show(); } else say('no such perspective here');
  }
  function restart() {
    if (view.timer) clearInterval(view.timer);
    view.timer = null;
    if (view.playing)
      view.timer = setInterval(() => {
        if (!goFind(1, 0, 'the end')) { view.playing = false; restart(); }
      }, SPEEDS[view.speed]);
    playButton.textContent = view.playing ? 'pause' : 'play';
    speedSelect.value = String(view.speed);
  }
  function togglePlay() { view.playing = !view.playing; restart(); }
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
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
      Home: () => go(find(-1, 1, 0), 'no steps'), End: () => go(N - 1, 'no steps'),
      ' ': togglePlay,
      '+': () => { view.speed = Math.min(view.speed + 1, SPEEDS.length - 1); restart(); },
      '=': () => { view.speed = Math.min(view.speed + 1, SPEEDS.length - 1); restart(); },
      '-': () => { view.speed = Math.max(view.speed - 1, 0); restart(); },
      a: () => setPersp(perspOf('all')), v: () => setPersp(perspOf('public')),
      '[': () => setPersp((view.persp + G.persps.length - 1) % G.persps.length),
      ']': () => setPersp((view.persp + 1) % G.persps.length),
      g: () => { jump.value = ''; jump.focus(); }, '?': () => { help.open = !help.open; },
    };
    if (moves[k]) { e.preventDefault(); say(''); moves[k](); }
    else if (k >= '0' && k <= '9') setPersp(perspOf(k));
  });
  window.addEventListener('hashchange', () => { readFragment(); show(); });

  // ---- the board ----
  const ARM = ['n', 'e', 's', 'w'];
  function drawCell(x, y, value, marked) {
    if (value === null)
      return el('div', { class: 'cell empty', 'data-x': x, 'data-y': y, 'data-kind': 'empty' });
    const [kind, arms, stubs, classes, text, label] = value.split(';');
    const c = el('div', {
      class: 'cell kind-' + kind + (classes ? ' ' + classes : '') + (marked ? ' marked' : ''),
      'data-x': x, 'data-y': y, 'data-kind': kind, 'data-arms': arms, 'data-stubs': stubs,
      'data-classes': classes, 'data-label': label, title: label + ' (' + x + ',' + y + ')',
    });
    const a = parseInt(arms, 10), s = parseInt(stubs, 10);
    for (let d = 0; d < 4; d++)
      if (a & (1 << d)) c.append(el('span', { class: 'arm ' + ARM[d] + (s & (1 << d) ? ' stub' : '') }));
    if (kind !== 'back' && kind !== 'start' && kind !== 'goal' && kind !== 'void' && (a & ~s))
      c.append(el('span', { class: 'hub' }));
    const m = /crystals-(\d+)/.exec(classes || '');
    if (m) c.append(el('span', { class: 'crystals', text: m[1] === '1' ? '\u2666' : m[1] + '\u2666' }));
    if (text) c.append(el('span', { class: 'centre', text }));
    return c;
  }
  function drawBoard(st) {
    const ext = (get(st, 'ext') || '0 0 0 0').split(' ').map(Number);
    const [x0, x1, y0, y1] = ext;
    const mk = get(st, 'mk');
    const grid = el('div', { id: 'board', 'data-x0': x0, 'data-x1': x1, 'data-y0': y0, 'data-y1': y1 });
    grid.style.gridTemplateColumns = 'auto repeat(' + (x1 - x0 + 1) + ', var(--cell))';
    grid.append(el('div', { class: 'axis' }));
    for (let x = x0; x <= x1; x++) grid.append(el('div', { class: 'axis', text: String(x) }));
    for (let y = y0; y <= y1; y++) {
      grid.append(el('div', { class: 'axis', text: String(y) }));
      for (let x = x0; x <= x1; x++)
        grid.append(drawCell(x, y, get(st, 'c' + x + ',' + y), mk === x + ',' + y));
    }
    boardBox.replaceChildren(el('h2', { text: 'The table' }), grid);
  }

  // ---- the players ----
  function drawPlayers(st) {
    const t = el('table', { id: 'players' });
    t.append(el('tr', {}, ...['', 'seat', 'name', 'role', 'tools', 'hand', 'gold', 'bank ms', 'last ms', 'status']
      .map((h) => el('th', { text: h }))));
    const known = el('div', { id: 'known' });
    for (let k = 0; k < SEATS; k++) {
      const f = (c) => get(st, 'p' + k + c) || '';
      const mark = f('w') === '-' ? '' : f('w');
      const status = f('s');
      const row = el('tr', {
        class: 'seat' + (mark === '>' ? ' to-play' : '') + (mark === '*' ? ' winner' : '') + (status !== 'ok' ? ' failed' : ''),
        'data-seat': k, 'data-mark': mark, 'data-role': f('r'), 'data-tools': f('t'), 'data-hand': f('h'),
        'data-gold': f('g'), 'data-bank': f('b'), 'data-last': f('m'), 'data-status': status,
        'data-holds': f('k'), 'data-peeks': f('p'), 'data-front': f('f'),
      }, el('td', { class: 'mark', text: mark }), el('td', { text: String(k) }),
      el('td', { class: 'name', text: G.names[k] }),
      el('td', { class: 'role role-' + f('r'), text: f('r') }), el('td', { class: 'tools', text: f('t') }),
      el('td', { text: f('h') }), el('td', { text: f('g') }), el('td', { text: f('b') }),
      el('td', { text: f('m') }), el('td', { class: 'status', text: status }));
      t.append(row);
      const holds = f('k'), peeks = f('p'), front = f('f');
      if (holds || peeks || front) {
        const line = el('div', { class: 'hand', 'data-seat': k }, el('span', { class: 'who', text: 'seat ' + k }));
        if (holds) for (const c of holds.split(' ')) line.append(el('span', { class: 'card' + (c === '?' ? ' unknown' : ''), text: c }));
        if (front) {
          line.append(el('span', { class: 'label', text: 'in front:' }));
          for (const c of front.split(' ')) line.append(el('span', { class: 'card front', text: c }));
        }
        if (peeks) line.append(el('span', { class: 'label', text: 'looked at ' + peeks }));
        known.append(line);
      }
    }
    side.replaceChildren(el('h2', { text: 'The players' }), t, known);
  }

  // ---- the step ----
  function drawStep(st, s) {
    const ac = get(st, 'ac');
    const fail = s >= 0 && (G.flags[s] & F_FAIL);
    const now = el('p', { id: 'now', class: fail ? 'failure' : '', 'data-text': get(st, 'now') || '' }, get(st, 'now') || '');
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
    pos.textContent = parts.join(' | ');
    const attrs = { 'data-round': get(st, 'rd'), 'data-decision': dc, 'data-step': s, 'data-deck': get(st, 'dk'),
      'data-actor': ac === null ? '' : ac, 'data-persp': perspId(P) };
    for (const [k, v] of Object.entries(attrs)) pos.setAttribute(k, v);
  }

  // ---- the pictures: gold over the rounds, the clock per decision ----
  const chartCache = new Map();
  function series(P) {
    if (chartCache.has(P)) return chartCache.get(P);
    const st = new Int32Array(KEYS.length).fill(-1);
    const gold = [], clock = [];
    apply(st, P.list[0]);
    for (let i = 0; i < N; i++) {
      apply(st, P.list[i + 1]);
      const endsRound = i === N - 1 || (G.flags[i + 1] & F_ROUND);
      if (endsRound && G.round[i] > 0) {
        const g = [], text = [];
        for (let k = 0; k < SEATS; k++) {
          text.push(get(st, 'p' + k + 'g') || '?');
          g.push(parseInt(text[k], 10));
        }
        gold.push({ round: G.round[i], step: i, gold: g, text });
      }
      if ((G.flags[i] & F_TURN) && G.actor[i] >= 0) {
        const ms = parseFloat(get(st, 'p' + G.actor[i] + 'm') || '');
        if (!isNaN(ms)) clock.push({ d: G.decision[i], step: i, seat: G.actor[i], ms });
      }
    }
    const r = { gold, clock };
    chartCache.set(P, r);
    return r;
  }
  function drawCharts(s) {
    const P = G.persps[view.persp];
    const { gold, clock } = series(P);
    charts.replaceChildren();
    const W = 560, H = 180, L = 40, B = 24;
    // Gold: one line per seat, up to the round shown.
    const rounds = gold.filter((g) => g.step <= s);
    const gs = el('figure', { id: 'gold-chart' }, el('figcaption', { text: 'Gold of each seat at the end of each round' }));
    const g = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img' });
    let max = 1;
    for (const r of gold) for (const v of r.gold) if (!isNaN(v)) max = Math.max(max, v);
    const nr = Math.max(gold.length, 1);
    const X = (i) => L + (nr === 1 ? (W - L - 10) / 2 : i * (W - L - 10) / (nr - 1));
    const Y = (v) => H - B - v * (H - B - 10) / max;
    g.append(svg('line', { x1: L, y1: H - B, x2: W - 5, y2: H - B, class: 'axis-line' }));
    g.append(svg('text', { x: 4, y: Y(max) + 4, class: 'tick' }, String(max)));
    g.append(svg('text', { x: 4, y: H - B, class: 'tick' }, '0'));
    gold.forEach((r, i) => g.append(svg('text', { x: X(i) - 4, y: H - 6, class: 'tick' }, 'r' + r.round)));
    for (let k = 0; k < SEATS; k++) {
      const pts = rounds.map((r, i) => [X(i), r.gold[k]]).filter((p) => !isNaN(p[1]));
      if (pts.length === 0) continue;
      const colour = SEAT_COLOURS[k % SEAT_COLOURS.length];
      g.append(svg('polyline', { points: pts.map((p) => p[0] + ',' + Y(p[1])).join(' '), fill: 'none', stroke: colour, 'stroke-width': 2 }));
      for (const p of pts) g.append(svg('circle', { cx: p[0], cy: Y(p[1]), r: 3, fill: colour }));
    }
    gs.append(g, legend());
    // The round results: each seat's gold at the end of each round so far,
    // as this perspective knows it.
    if (rounds.length) {
      const t = el('table', { id: 'rounds', class: 'grid' });
      t.append(el('tr', {}, el('th', { text: 'gold after' }), ...G.names.map((n, k) => el('th', { text: k + ' ' + n }))));
      for (const r of rounds)
        t.append(el('tr', { 'data-round': r.round }, el('td', { text: 'round ' + r.round }),
          ...r.text.map((v, k) => el('td', { text: v, 'data-seat': k }))));
      gs.append(t);
    }
    // Clock: a bar per decision, coloured by seat, the limit drawn across.
    // On a log scale from 0.01 ms: most replies take a fraction of a
    // millisecond against a limit of a second or so.
    const cs = el('figure', { id: 'clock-chart' }, el('figcaption', { text: 'Time each decision took (ms, log scale), the move limit dashed' }));
    const c = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img' });
    const limit = G.moveMs > 0 ? G.moveMs : 0;
    let cmax = limit;
    for (const d of clock) cmax = Math.max(cmax, d.ms);
    cmax = cmax > 0.01 ? cmax : 1;
    const lo = Math.log10(0.01), span = Math.log10(cmax) - lo;
    const CY = (v) => H - B - Math.max(Math.log10(Math.max(v, 0.01)) - lo, 0) * (H - B - 10) / span;
    const bw = (W - L - 10) / Math.max(G.decisions, 1);
    c.append(svg('line', { x1: L, y1: H - B, x2: W - 5, y2: H - B, class: 'axis-line' }));
    c.append(svg('text', { x: 2, y: CY(cmax) + 4, class: 'tick' }, String(Math.round(cmax))));
    c.append(svg('text', { x: 2, y: H - B, class: 'tick' }, '0.01'));
    for (const d of clock) {
      if (d.step > s) break;
      c.append(svg('rect', { x: L + (d.d - 1) * bw, y: CY(d.ms), width: Math.max(bw - 0.5, 0.5), height: Math.max(H - B - CY(d.ms), 0.5),
        fill: SEAT_COLOURS[d.seat % SEAT_COLOURS.length] }, ''));
    }
    if (limit > 0) {
      c.append(svg('line', { x1: L, y1: CY(limit), x2: W - 5, y2: CY(limit), class: 'limit' }));
      c.append(svg('text', { x: W - 80, y: CY(limit) - 3, class: 'tick' }, 'limit ' + limit));
    }
    c.append(svg('text', { x: L, y: H - 6, class: 'tick' }, 'decision 1'));
    c.append(svg('text', { x: W - 70, y: H - 6, class: 'tick' }, String(G.decisions)));
    cs.append(c);
    charts.append(gs, cs);
  }
  function legend() {
    const l = el('p', { class: 'legend' });
    for (let k = 0; k < SEATS; k++) {
      const sw = el('span', { class: 'swatch' });
      sw.style.background = SEAT_COLOURS[k % SEAT_COLOURS.length];
      l.append(sw, ' ' + k + ' ' + G.names[k] + '  ');
    }
    return l;
  }

  function show() {
    const P = G.persps[view.persp];
    const st = stateAt(P, view.step);
    perspSelect.value = String(view.persp);
    drawPos(st, view.step);
    drawStep(st, view.step);
    drawBoard(st);
    drawPlayers(st);
    drawCharts(view.step);
    writeFragment();
    document.body.setAttribute('data-ready', '1');
  }
  readFragment();
  show();
  // How long the page took to open and draw, for make bench.
  window.sabDrawnMs = performance.now();
})();
