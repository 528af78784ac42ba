// html_check.js: opens game pages that saboteur html wrote in real headless
// Chromium (driven over the DevTools protocol on a pipe: no download, no
// WebSocket) and compares what each page shows with what saboteur view
// prints for the same position and perspective.
//
// Usage: node html_check.js SABOTEUR SHOTS CHECKS.txt
//   each line of CHECKS.txt: PAGE REPLAY POSITION PERSP [shot]
//   POSITION: d=N (the end of decision N, as view --at N) or last;
//   PERSP: all, public or a seat.  Pages are also opened once per line
//   with the fragment, so a link's position and perspective are tested.
// Or:    node html_check.js --leaks SABOTEUR REPLAY FULLPAGE PERSPPAGE PERSP
//   every decision of the page holding one perspective against saboteur view
//   (every HTML_LEAK_STRIDE-th, when that is set), and the file searched for
//   every other seat's hand and every goal it may not know.
// Or:    node html_check.js --ui SHOTS SPEC.txt   the page as people use it
//   (tests/html_ui.js says how).
// Or:    node html_check.js --time PAGE   prints the time to open it and draw
//        the table, then to have drawn all; --steptime PAGE the time to
//        draw a decision.
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

// ---- a browser on a pipe ----
function chromiumPath() {
  for (const c of ['chromium', 'chromium-browser', 'google-chrome'])
    for (const d of (process.env.PATH || '').split(':'))
      if (fs.existsSync(path.join(d, c))) return path.join(d, c);
  throw new Error('no chromium on PATH (scripts/deps.sh check installs it)');
}

class Browser {
  constructor() {
    this.profile = fs.mkdtempSync(path.join(process.env.TMPDIR || '/tmp', 'sab-chromium-'));
    this.proc = spawn(chromiumPath(), ['--headless', '--no-sandbox', '--disable-gpu',
      '--remote-debugging-pipe', '--user-data-dir=' + this.profile, '--no-first-run',
      '--disable-extensions', '--hide-scrollbars', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    this.id = 0;
    this.opened = 0;
    this.pending = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    this.proc.stdio[4].on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      let z;
      while ((z = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.slice(0, z).toString());
        buf = buf.slice(z + 1);
        if (msg.id !== undefined && this.pending.has(msg.id)) {
          const { resolve, reject } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(JSON.stringify(msg.error))); else resolve(msg.result);
        } else {
          for (const l of this.listeners) l(msg);
        }
      }
    });
  }
  send(method, params, sessionId) {
    const id = ++this.id;
    const msg = { id, method, params: params || {} };
    if (sessionId) msg.sessionId = sessionId;
    this.proc.stdio[3].write(JSON.stringify(msg) + '\0');
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      setTimeout(() => {
        if (this.pending.has(id)) { this.pending.delete(id); reject(new Error(method + ': no answer in 60 s')); }
      }, 60000);
    });
  }
  async page() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const p = { sessionId, errors: [] };
    this.listeners.push((m) => {
      if (m.sessionId !== sessionId) return;
      if (m.method === 'Runtime.exceptionThrown')
        p.errors.push('exception: ' + JSON.stringify(m.params.exceptionDetails.exception || m.params.exceptionDetails.text));
      if (m.method === 'Runtime.consoleAPICalled' && (m.params.type === 'error' || m.params.type === 'warning'))
        p.errors.push('console.' + m.params.type + ': ' + m.params.args.map((a) => a.value).join(' '));
      if (m.method === 'Log.entryAdded' && m.params.entry.level === 'error')
        p.errors.push('log: ' + m.params.entry.text + ' ' + (m.params.entry.url || ''));
    });
    for (const m of ['Runtime.enable', 'Page.enable', 'Log.enable'])
      await this.send(m, {}, sessionId);
    await this.send('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1100, deviceScaleFactor: 1, mobile: false }, sessionId);
    return p;
  }
  // Opens url afresh and waits until the page has drawn; returns the time
  // from the navigation's start to the end of the first drawing, as the
  // page measured it (performance.now()).
  async open(p, where) {
    // A query of its own makes every opening a new document, never a move
    // within the last one.
    const url = where.replace(/(#|$)/, '?open=' + (++this.opened) + '$1');
    await this.send('Page.navigate', { url }, p.sessionId);
    const t0 = Date.now();
    for (;;) {
      let r = null;
      try {
        // The page rewrites the fragment to the position it shows.
        r = await this.eval(p, 'document.URL.split("#")[0] === ' + JSON.stringify(url.split('#')[0]) +
          ' && document.readyState === "complete" && (document.getElementById("game") === null || ' +
          'document.body.getAttribute("data-ready") === "1") ? (window.sabDrawnMs || 0) : null');
      } catch (e) { /* the document is being replaced */ }
      if (typeof r === 'number') return r;
      if (Date.now() - t0 > 60000 || p.errors.length)
        throw new Error(url + ': the page did not draw in 60 s ' + p.errors.join('; '));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  // Moves an open page to another position by its link's fragment, as a
  // reader following a link within the page would; resolves once the
  // page's own handler of the change has drawn it (it runs first).
  // Chromium ignores a document's navigations past 200 in 10 s (the
  // page's own rewriting of its fragment counts too): a move it ignored
  // leaves the fragment as it was, and is tried again once the 10 s are
  // over.
  async move(p, fragment) {
    for (let tries = 0; ; tries++) {
      const r = await this.eval(p, `new Promise((resolve) => {
        const h = ${JSON.stringify(fragment)};
        if (location.hash === h) { resolve('same'); return; }
        window.addEventListener('hashchange', () => resolve('moved'), { once: true });
        location.hash = h;
        if (location.hash !== h) resolve('ignored');
      })`);
      if (r !== 'ignored') return r === 'moved';
      if (tries === 12) throw new Error('the browser ignored a move to ' + fragment + ' for 12 s');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  async viewport(p, width, height) {
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: width < 700 }, p.sessionId);
  }
  async eval(p, expression) {
    const r = await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, p.sessionId);
    if (r.exceptionDetails) throw new Error('evaluate: ' + JSON.stringify(r.exceptionDetails));
    return r.result.value;
  }
  // The whole page, or (window) what the window shows.
  async shot(p, file, window) {
    const r = await this.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: !window }, p.sessionId);
    fs.writeFileSync(file, Buffer.from(r.data, 'base64'));
  }
  async close() {
    try { await this.send('Browser.close'); } catch (e) { /* it may be gone */ }
    await new Promise((resolve) => {
      if (this.proc.exitCode !== null) resolve(); else this.proc.on('exit', resolve);
      setTimeout(() => { this.proc.kill('SIGKILL'); resolve(); }, 10000);
    });
    fs.rmSync(this.profile, { recursive: true, force: true });
  }
}

// ---- what the page shows, read from its DOM ----
const READ_DOM = `(() => {
  const q = (s) => document.querySelector(s);
  const a = (e, n) => e ? e.getAttribute(n) : null;
  const b = q('#board');
  return {
    title: q('#title').textContent, pos: q('#pos').textContent,
    now: a(q('#now'), 'data-text'), state: a(q('#state'), 'data-text'),
    reply: q('#reply') ? q('#reply').textContent : null, note: q('#note') ? q('#note').textContent : null,
    actor: a(q('#pos'), 'data-actor'),
    ext: [a(b, 'data-x0'), a(b, 'data-x1'), a(b, 'data-y0'), a(b, 'data-y1')].map(Number),
    cells: [...document.querySelectorAll('#board .cell')].map((c) => ({
      x: +c.dataset.x, y: +c.dataset.y, kind: c.dataset.kind, arms: +(c.dataset.arms || 0),
      stubs: +(c.dataset.stubs || 0), classes: c.dataset.classes || '' })),
    seats: [...document.querySelectorAll('#players tr.seat')].map((r) => ({ ...r.dataset,
      name: r.querySelector('.name').textContent })),
  };
})()`;

// The board as saboteur view --ascii draws it, from the cells the page shows.
function cellRows(c) {
  if (c.kind === 'empty') return ['     ', '  .  ', '     '];
  if (c.kind === 'void') return ['     ', '     ', '     '];
  const cls = c.classes.split(' ');
  // Treasure Chests' path card face down over a chest: drawn as a goal
  // face down that is not known (no map looks at it).
  if (c.kind === 'back' || c.kind === 'chest') {
    const m = cls.includes('known-gold') ? 'g' : cls.includes('known-stone') ? 'r' : '?';
    return ['+---+', '| ' + m + ' |', '+---+'];
  }
  // Tunnel Toll's dwarf stands on an empty cell.
  if (c.kind === 'dwarf') return ['     ', '  D  ', '     '];
  // The postcards laid as path cards: C the Costume Department, P the Tunnel Party.
  let centre = { start: 'S', dead: '#', bridge: '%', path: '+', costume: 'C', party: 'P' }[c.kind];
  if (c.kind === 'goal') centre = cls.includes('gold') ? 'G' : 'R';
  if (centre === undefined) throw new Error('a cell of kind ' + c.kind + ' that the text view does not draw');
  if (cls.includes('door-blue')) centre = 'b';
  else if (cls.includes('door-green')) centre = 'g';
  else if (cls.includes('ladder')) centre = 'H';
  const cr = cls.map((w) => /^crystals-(\d+)$/.exec(w)).find((m) => m);
  const crystal = cr ? (+cr[1] > 1 ? String(Math.min(+cr[1], 9)) : '*') : ' ';
  const arm = (d, vertical) => {
    if (!(c.arms & (1 << d))) return vertical ? ' ' : '  ';
    const stub = c.stubs & (1 << d);
    return vertical ? (stub ? ':' : '|') : (stub ? '..' : '--');
  };
  return ['  ' + arm(0, 1) + crystal + ' ', arm(3, 0) + centre + arm(1, 0), '  ' + arm(2, 1) + '  '];
}
function boardText(dom) {
  const [x0, x1, y0, y1] = dom.ext;
  const at = new Map(dom.cells.map((c) => [c.x + ',' + c.y, c]));
  const lines = [];
  let axis = '    ';
  for (let x = x0; x <= x1; x++) axis += String(x).padStart(3) + '  ';
  lines.push(axis.trimEnd());
  for (let y = y0; y <= y1; y++) {
    const rows = ['    ', String(y).padStart(3) + ' ', '    '];
    for (let x = x0; x <= x1; x++) {
      const c = at.get(x + ',' + y);
      if (!c) throw new Error('no cell at ' + x + ',' + y);
      cellRows(c).forEach((r, i) => { rows[i] += r; });
    }
    for (const r of rows) lines.push(r.trimEnd());
  }
  return lines;
}

// saboteur view --ascii's text in its parts.
function parseView(text) {
  // The board may hold blank lines: the players' table's heading ends it.
  const lines = text.replace(/\n$/, '').split('\n');
  const ph = lines.findIndex((l) => /^  seat  name /.test(l));
  const pend = lines.indexOf('', ph);
  if (ph < 4 || pend < 0 || lines[2] !== '' || lines[ph - 1] !== '') throw new Error('cannot read saboteur view\'s text:\n' + text);
  const head = lines.slice(0, 2).join('\n'), board = lines.slice(3, ph - 1).join('\n');
  const prow = lines.slice(ph, pend), step = lines.slice(pend + 1).join('\n');
  const seats = [], known = [];
  for (const l of prow.slice(1)) {
    if (l.startsWith('  seat ')) { known.push(l); continue; }
    const rest = /^(\S+)\s+(\S+)\s+(\d+)\s+(\S+)\s+(-?\d+)\s+(\S+)\s\s(.*)$/.exec(l.slice(21));
    if (!rest) throw new Error('cannot read the players\' row: ' + l);
    seats.push({ mark: l[0].trim(), seat: l.slice(1, 6).trim(), name: l.slice(8, 20).trimEnd(),
      role: rest[1], tools: rest[2], hand: rest[3], gold: rest[4], bank: rest[5], last: rest[6], status: rest[7] });
  }
  return { head: head.split('\n'), board: board.split('\n'), seats, known, step: step.split('\n') };
}

function compare(dom, cli, where) {
  const bad = [];
  const eq = (what, a, b) => { if (a !== b) bad.push(where + ': ' + what + ': page "' + a + '", view "' + b + '"'); };
  eq('title', dom.title, cli.head[0]);
  eq('position', dom.pos, cli.head[1]);
  const bt = boardText(dom);
  eq('board lines', bt.length, cli.board.length);
  for (let i = 0; i < Math.max(bt.length, cli.board.length); i++) eq('board line ' + i, bt[i], cli.board[i]);
  eq('seats', dom.seats.length, cli.seats.length);
  const known = [];
  dom.seats.forEach((s, k) => {
    const c = cli.seats[k] || {};
    eq('seat ' + k + ' mark', s.mark, c.mark);
    eq('seat ' + k + ' name', s.name.slice(0, 12).trimEnd(), c.name);
    for (const f of ['role', 'tools', 'hand', 'gold', 'bank', 'last', 'status'])
      eq('seat ' + k + ' ' + f, s[f].length > 60 ? s[f] : s[f], c[f]);
    if (s.holds || s.peeks)
      known.push('  seat ' + k + (s.holds ? ' holds ' + s.holds : '') +
        (s.peeks ? (s.holds ? ';' : '') + ' looked at ' + s.peeks : ''));
  });
  eq('known cards', known.join('\n'), cli.known.join('\n'));
  const step = ['now: ' + dom.now + (dom.state ? ' [' + dom.state + ']' : '')];
  if (dom.reply !== null) step.push(dom.reply);
  if (dom.note !== null) step.push(dom.note);
  eq('step', step.join('\n'), cli.step.join('\n'));
  return bad;
}

function view(sab, replay, at, persp) {
  const args = ['view', '--ascii', '--as', persp];
  if (at !== null) args.push('--at', String(at));
  args.push(replay);
  try {
    return execFileSync(sab, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    // A replay cut short prints its last position and exits 1.
    if (e.status === 1 && e.stdout) return e.stdout;
    throw e;
  }
}

// The keys as in saboteur view's viewer: each lands where the page's own
// marks say it must (the next failure, decision, round; back again).
async function checkKeys(b, p, page, persp) {
  const G = pageData(page).G;
  const bad = [];
  const step = async () => parseInt(await b.eval(p, 'document.querySelector("#pos").getAttribute("data-step")'), 10);
  const key = async (k) => {
    for (const type of ['keyDown', 'keyUp'])
      await b.send('Input.dispatchKeyEvent', { type, key: k, text: type === 'keyDown' && k.length === 1 ? k : undefined }, p.sessionId);
  };
  const P = G.persps.find((x) => (x.id === 'seat' ? String(x.seat) : x.id) === persp);
  const vis = (i) => P.id === 'all' || P.visible[i] === '1';
  const next = (from, flags) => {
    for (let i = from + 1; i < G.steps; i++) if ((flags === 0 || (G.flags[i] & flags)) && vis(i)) return i;
    return from;
  };
  await b.open(p, 'file://' + path.resolve(page) + '#s=-1&as=' + persp);
  let at = -1;
  for (const [k, flags] of [['f', 4], ['f', 4], ['n', 1], ['n', 1], ['N', 2], ['l', 0], ['ArrowRight', 0], ['ArrowDown', 1], ['PageDown', 2]]) {
    const want = next(at, flags);
    await key(k);
    const got = await step();
    if (got !== want) bad.push('key ' + k + ' from step ' + at + ': step ' + got + ', want ' + want);
    at = got;
  }
  // g: a decision typed in, or r and a round.
  for (const [typed, want] of [['5', G.decisionStep[5]],
    ['r2', G.flags.findIndex((f, i) => (f & 2) && G.round[i] === 2)]]) {
    await key('g');
    await b.send('Input.insertText', { text: typed }, p.sessionId);
    await key('Enter');
    const got = await step();
    if (want >= 0 && got !== want) bad.push('g ' + typed + ': step ' + got + ', want ' + want);
  }
  await key('End');
  if (await step() !== G.steps - 1) bad.push('End: not the last step');
  const hash = await b.eval(p, 'location.hash');
  if (!/^#(d=\d+|s=-?\d+)&as=/.test(hash)) bad.push('the link does not hold the position: ' + hash);
  await key('v');
  if (!/as=public$/.test(await b.eval(p, 'location.hash'))) bad.push('v: not the public view');
  return bad;
}

async function checkPages(sab, shots, list) {
  const lines = fs.readFileSync(list, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const b = new Browser();
  let failures = 0, n = 0;
  try {
    const p = await b.page();
    const todo = [], minis = {};
    for (const line of lines) {
      const [page, replay, position, persp, shot] = line.trim().split(/\s+/);
      if (position === 'failures') {
        const G = pageData(page).G;
        const ds = new Set();
        G.flags.forEach((f, s) => { if (f & 4) ds.add(G.decision[s]); });
        for (const d of ds) if (d <= G.decisions) todo.push([page, replay, 'd=' + d, persp]);
        if (ds.size === 0) throw new Error(page + ': no failures');
      } else if (position === 'minis') {
        // The decisions new to the mini expansions, as the whole table
        // saw them: a dwarf put down, a goal chosen to turn first, a seat
        // chosen for a chest; a few of each, and at least one in all.
        const G = pageData(page).G;
        const all = positions(G, G.persps.find((x) => x.id === 'all'));
        const kinds = { dwarf: /^dwarf /, reveal: /^reveal /, chest: /^chest: seat/ };
        const found = {};
        for (let d = 1; d <= G.decisions; d++) {
          const m = all[G.decisionStep[d] + 1], before = d > 1 ? all[G.decisionStep[d - 1] + 1] : null;
          if (!m) continue;
          const rp = m.get('rp') || '', ss = before ? before.get('ss') || '' : '';
          for (const [k, re] of Object.entries(kinds))
            if ((re.test(rp) || re.test(ss)) && (found[k] = (found[k] || 0) + 1) <= 4) {
              todo.push([page, replay, 'd=' + (k === 'chest' ? d - 1 : d), persp]);
              if (k === 'chest') todo.push([page, replay, 'd=' + d, persp]);
            }
        }
        console.log(path.basename(page) + ': decisions of the minis: ' + (JSON.stringify(found)));
        for (const k of Object.keys(found)) minis[k] = (minis[k] || 0) + found[k];
      } else {
        todo.push([page, replay, position, persp, shot]);
      }
    }
    // The lines asking for the minis' decisions found each kind somewhere.
    if (lines.some((l) => l.split(/\s+/)[2] === 'minis'))
      for (const k of ['dwarf', 'reveal', 'chest'])
        if (!minis[k]) throw new Error('no decision of the minis of kind ' + k + ' in the pages asked');
    let opened = null;
    for (const [page, replay, position, persp, shot] of todo) {
      if (position === 'keys') {
        opened = null;
        p.errors = [];
        const bad = await checkKeys(b, p, page, persp);
        bad.push(...p.errors);
        n++;
        if (bad.length) { failures++; console.log('FAIL ' + path.basename(page) + ' keys: ' + bad.join('\n     ')); }
        continue;
      }
      const d = position === 'last' ? null : parseInt(position.replace(/^d=/, ''), 10);
      const frag = (d === null ? '' : 'd=' + d + '&') + 'as=' + persp;
      const url = 'file://' + path.resolve(page) + '#' + frag;
      p.errors = [];
      // Each page is opened once by its link, then moved by the link's
      // fragment: both ways a reader comes to a position.  "last" has no
      // position in its link: it is always opened afresh.
      if (opened === page && d !== null) await b.move(p, '#' + frag);
      else await b.open(p, url);
      opened = d === null ? null : page;
      const dom = await b.eval(p, READ_DOM);
      const where = path.basename(page) + '#' + frag;
      const bad = compare(dom, parseView(view(sab, replay, d, persp)), where);
      bad.push(...p.errors.map((e) => where + ': ' + e));
      if (shot) await b.shot(p, path.join(shots, shot));
      n++;
      if (bad.length) { failures++; console.log('FAIL ' + bad.slice(0, 12).join('\n     ')); }
    }
  } finally {
    await b.close();
  }
  console.log('html pages: ' + n + ' positions compared with saboteur view, ' + failures + ' differ');
  return failures === 0;
}

// ---- what a page holds, read from its data ----
function pageData(file) {
  const html = fs.readFileSync(file, 'utf8');
  const m = /<script type="application\/json" id="game">\n([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error(file + ': no game data');
  return { html, G: JSON.parse(m[1]) };
}
// Every position of perspective P, as a map per step (index 0: before the first).
function positions(G, P) {
  const keys = G.keys, vals = G.values;
  const st = new Map(), out = [];
  for (const c of P.changes.split(',').map((x) => parseInt(x, 36))) {
    if (G.changes[c] !== '')
      for (const part of G.changes[c].split(' ')) {
        const [k, v] = part.split('.');
        if (v === '') st.delete(keys[parseInt(k, 36)]); else st.set(keys[parseInt(k, 36)], vals[parseInt(v, 36)]);
      }
    out.push(new Map(st));
  }
  return out;
}

function checkLeaks(sab, replay, fullPage, onePage, persp, stride) {
  const full = pageData(fullPage), one = pageData(onePage);
  const bad = [];
  if (one.G.persps.length !== 1) bad.push(onePage + ': holds ' + one.G.persps.length + ' perspectives, not one');
  const P = one.G.persps[0];
  const mine = positions(one.G, P);
  const all = positions(full.G, full.G.persps.find((x) => x.id === 'all'));
  const seat = persp === 'public' ? -1 : parseInt(persp, 10);
  // Every hand of another seat as the full view knows it: the file must
  // not hold it where this perspective was never told it.  (A goal face
  // down is checked below on the board, decision by decision, and the
  // public page must hold none as known.)
  const toldHands = new Set(), shownElse = new Set();
  for (const m of mine)
    for (const [k, v] of m)
      if (/^p\d+k$/.test(k) && v !== '') toldHands.add(v);
      else shownElse.add(v);
  let hands = 0, goals = 0;
  all.forEach((m, i) => {
    for (const [k, v] of m) {
      const hm = /^p(\d+)k$/.exec(k);
      if (hm && +hm[1] !== seat && v !== '' && v.includes(' ') && !toldHands.has(v)) {
        hands++;
        // The same words may be shown in the open for something else
        // (Saboteur 2's cards in front of a seat: "trapped theft").
        if (one.html.includes(JSON.stringify(v)) && !shownElse.has(v)) bad.push('step ' + (i - 1) + ': seat ' + hm[1] + "'s hand \"" + v + '" is in the file');
      }
      if (/^c/.test(k) && /^back;0;0;known/.test(v) && mine[i] && mine[i].get(k) !== v) goals++;
    }
  });
  if (persp === 'public' && one.G.values.some((v) => /^back;0;0;known-/.test(v))) bad.push('the public page holds a goal face down as known');
  // Every decision against saboteur view: roles, hands, looks at goals, gold.
  const last = one.G.decisionStep.length - 1;
  let decisions = 0;
  // Every decision, or every stride-th and the last.
  for (let d = 0; d <= last; d++) {
    const s = one.G.decisionStep[d];
    if (s < -1 || (d % (stride || 1) !== 0 && d !== last)) continue;
    const cli = parseView(view(sab, replay, d, persp));
    const m = mine[s + 1];
    cli.seats.forEach((c, k) => {
      for (const [f, key] of [['role', 'r'], ['gold', 'g'], ['hand', 'h']])
        if ((m.get('p' + k + key) || '') !== c[f]) bad.push('decision ' + d + ': seat ' + k + ' ' + f + ' "' + m.get('p' + k + key) + '", view says "' + c[f] + '"');
    });
    const cells = [];
    for (const [k, v] of m) {
      const c = /^c(-?\d+),(-?\d+)$/.exec(k);
      if (!c) continue;
      const [kind, arms, stubs, classes] = v.split(';');
      cells.push({ x: +c[1], y: +c[2], kind, arms: +arms, stubs: +stubs, classes });
    }
    const ext = (m.get('ext') || '0 0 0 0').split(' ').map(Number);
    for (let y = ext[2]; y <= ext[3]; y++)
      for (let x = ext[0]; x <= ext[1]; x++)
        if (!m.has('c' + x + ',' + y)) cells.push({ x, y, kind: 'empty', arms: 0, stubs: 0, classes: '' });
    if (boardText({ ext, cells }).join('\n') !== cli.board.join('\n')) bad.push('decision ' + d + ': the board differs from saboteur view\'s');
    const known = [];
    for (let k = 0; k < cli.seats.length; k++) {
      const h = m.get('p' + k + 'k') || '', pk = m.get('p' + k + 'p') || '';
      if (h || pk) known.push('  seat ' + k + (h ? ' holds ' + h : '') + (pk ? (h ? ';' : '') + ' looked at ' + pk : ''));
    }
    if (known.join('\n') !== cli.known.join('\n')) bad.push('decision ' + d + ': known cards "' + known.join(' / ') + '", view says "' + cli.known.join(' / ') + '"');
    decisions++;
  }
  for (const l of bad.slice(0, 20)) console.log('FAIL ' + path.basename(onePage) + ': ' + l);
  console.log('html leaks: ' + path.basename(onePage) + ' (' + persp + '): ' + hands + ' hidden hands and ' + goals +
    ' goal cards face down hidden at a step, ' + decisions + ' decisions compared with saboteur view, ' + bad.length + ' problems');
  return bad.length === 0;
}

// The time to open a page and draw its table, and (a page that draws its
// charts and moves after the first frame) to have drawn everything: the
// medians of `times` openings, as the page measures them from the
// navigation's start.  Third, the page's own drawing: the time to the
// table and the time the page took to draw the rest, without the wait for
// the first frame between them (a page that draws all before its first
// frame: the time to have drawn it).
async function timeOpen(page, times) {
  const b = new Browser();
  const ms = [], ready = [], own = [];
  try {
    const p = await b.page();
    for (let i = 0; i < times; i++) {
      ms.push(await b.open(p, 'file://' + path.resolve(page) + '#d=1&as=all'));
      ready.push(await b.eval(p, 'window.sabReadyMs || window.sabDrawnMs'));
      own.push(ms[i] + await b.eval(p, 'window.sabRestMs || 0'));
    }
    if (p.errors.length) throw new Error(p.errors.join('\n'));
  } finally {
    await b.close();
  }
  const median = (a) => a.sort((x, c) => x - c)[Math.floor(a.length / 2)];
  return [median(ms), median(ready), median(own)];
}

// The time the page takes to draw a decision: the median over n
// decisions, stepped with the n key from the first one (each step draws
// at once: the page's key handler returns once it has drawn).
async function timeSteps(page, n) {
  const b = new Browser();
  try {
    const p = await b.page();
    await b.open(p, 'file://' + path.resolve(page) + '#d=1&as=all');
    const ms = await b.eval(p, `(() => { const t = [];
      for (let i = 0; i < ${n}; i++) { const t0 = performance.now();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' })); t.push(performance.now() - t0); }
      t.sort((a, c) => a - c); return t[Math.floor(t.length / 2)]; })()`);
    if (p.errors.length) throw new Error(p.errors.join('\n'));
    return ms;
  } finally {
    await b.close();
  }
}

// A report: its standings are saboteur standings' (CSV), every link
// leads to a file that is there, its game pages open without an error and
// link back; it reads on a phone (a viewport, nothing wider than the
// window), its tables sort by any column, its charts have ticks, the rating
// over the games has a band per bot, the games name their winners.
const REPORT_DOM = `(() => ({
  bots: [...document.querySelectorAll('#standings-table tr.bot')].map((r) => ({ ...r.dataset })),
  links: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
  charts: document.querySelectorAll('svg').length,
  viewport: !!document.querySelector('meta[name="viewport"]'),
  ticks: [...document.querySelectorAll('figure svg')].map((s) => s.querySelectorAll('text.tick').length),
  bands: document.querySelectorAll('#rating-curve path.band').length,
  curves: document.querySelectorAll('#rating-curve polyline').length,
  winners: [...document.querySelectorAll('#games-table tbody tr')].map((r) => [r.dataset.game, r.querySelector('.winners').textContent]),
  sw: document.documentElement.scrollWidth, iw: innerWidth }))()`;
function sortedColumn(b, p, table, col) {
  return b.eval(p, `(() => { const t = document.getElementById(${JSON.stringify(table)});
    t.tHead.rows[0].cells[${col}].click();
    return { sort: t.tHead.rows[0].cells[${col}].getAttribute('aria-sort'),
      cells: [...t.tBodies[0].rows].map((r) => r.cells[${col}].getAttribute('data-sort') ?? r.cells[${col}].textContent.trim()) }; })()`);
}
function inOrder(cells, dir) {
  const v = cells.filter((c) => c !== '' && c !== '-').map((c) => (/^-?\d/.test(c) ? parseFloat(c) : c.toLowerCase()));
  for (let i = 1; i < v.length; i++) {
    const a = v[i - 1], c = v[i];
    const cmp = typeof a === 'number' && typeof c === 'number' ? a - c : String(a).localeCompare(String(c));
    if (dir === 'ascending' ? cmp > 0 : cmp < 0) return false;
  }
  return true;
}
async function checkReport(index, csvFile, wantPages, journal, shots) {
  const bad = [];
  const rows = fs.readFileSync(csvFile, 'utf8').trim().split('\n').map((l) => l.split(','));
  const head = rows.shift();
  const col = (r, name) => r[head.indexOf(name)];
  const b = new Browser();
  try {
    const p = await b.page();
    const url = 'file://' + path.resolve(index);
    await b.open(p, url);
    const got = await b.eval(p, REPORT_DOM);
    if (got.bots.length !== rows.length) bad.push('rows: ' + got.bots.length + ', standings has ' + rows.length);
    rows.forEach((r, i) => {
      const g = got.bots[i] || {};
      for (const [f, c] of [['name', 'name'], ['games', 'games'], ['gold', 'gold'], ['wins', 'wins'], ['rating', 'rating']])
        if (g[f] !== col(r, c)) bad.push('rank ' + (i + 1) + ' ' + f + ': report "' + g[f] + '", standings "' + col(r, c) + '"');
    });
    if (got.charts < 4) bad.push('the report has ' + got.charts + ' charts, want 4');
    if (!got.viewport) bad.push('no viewport tag: a phone draws it 980 pixels wide');
    if (got.ticks.some((n) => n < 3)) bad.push('a chart with fewer than 3 ticks: ' + JSON.stringify(got.ticks));
    if (got.bands !== rows.length || got.curves !== rows.length) bad.push('the rating over the games has ' + got.curves + ' lines and ' + got.bands + ' bands for ' + rows.length + ' bots');
    // The games table names the winners as the journal does.
    if (journal) {
      const games = new Map(fs.readFileSync(journal, 'utf8').split('\n').filter((l) => l.startsWith('game '))
        .map((l) => [l.split(' ')[1], Object.fromEntries(l.split(' ').slice(2).map((kv) => kv.split('=')))]));
      for (const [n, text] of got.winners) {
        const g = games.get(n);
        if (!g) { bad.push('game ' + n + ': not in the journal'); continue; }
        const names = g.bots.split(','), w = g.winners === '' || g.winners === undefined ? [] : g.winners.split(',');
        const want = w.map((s) => names[+s] + ' (seat ' + s + ')').join(', ');
        if (text !== want) bad.push('game ' + n + ': winners "' + text + '", the journal says "' + want + '"');
      }
      if (got.winners.length !== games.size) bad.push(got.winners.length + ' games listed, the journal has ' + games.size);
    }
    // Sorting: by name, by rating, and the other way; the failures by crashes.
    for (const [table, c] of [['standings-table', 1], ['standings-table', 2], ['failures-table', 4], ['games-table', 0]])
      for (let k = 0; k < 2; k++) {
        const s = await sortedColumn(b, p, table, c);
        if (!s.sort || !inOrder(s.cells, s.sort)) bad.push(table + ' column ' + c + ' sorted ' + s.sort + ': ' + s.cells.slice(0, 8).join(' | '));
      }
    // On a phone: nothing wider than the window.  A picture of each.
    if (shots) {
      await b.viewport(p, 1440, 900);
      await b.open(p, url);
      await b.shot(p, path.join(shots, 'report-1440.png'), true);
    }
    await b.viewport(p, 390, 844);
    await b.open(p, url);
    const phone = await b.eval(p, REPORT_DOM);
    if (phone.sw > phone.iw) bad.push('at 390 pixels the report is ' + phone.sw + ' wide');
    if (shots) await b.shot(p, path.join(shots, 'report-390.png'), true);
    const pages = got.links.filter((h) => /^games\/game-\d+\.html$/.test(h));
    for (const h of got.links.filter((x) => !x.startsWith('#')))
      if (!fs.existsSync(path.join(path.dirname(index), h.split('#')[0]))) bad.push('a link to nothing: ' + h);
    if (new Set(pages).size !== wantPages) bad.push(new Set(pages).size + ' game pages linked, want ' + wantPages);
    await b.viewport(p, 1400, 1100);
    for (const h of [...new Set(pages)].slice(-2)) {
      p.errors = [];
      await b.open(p, 'file://' + path.resolve(path.dirname(index), h) + '#d=1&as=public');
      const back = await b.eval(p, '[...document.querySelectorAll(".links a")].map((a) => a.getAttribute("href"))');
      if (back[0] !== '../index.html') bad.push(h + ': no link back to the report');
      for (const l of back.slice(1))
        if (!fs.existsSync(path.join(path.dirname(index), 'games', l))) bad.push(h + ': its replay link leads to nothing: ' + l);
      bad.push(...p.errors.map((e) => h + ': ' + e));
    }
  } finally {
    await b.close();
  }
  for (const l of bad.slice(0, 20)) console.log('FAIL report ' + index + ': ' + l);
  console.log('html report: ' + path.basename(path.dirname(index)) + ': ' + bad.length + ' problems');
  return bad.length === 0;
}

module.exports = { Browser, pageData, positions };

if (require.main === module) (async () => {
  const a = process.argv.slice(2);
  let ok;
  if (a[0] === '--ui') ok = await require('./html_ui.js').checkUi(a[1], a[2]);
  else if (a[0] === '--report') ok = await checkReport(a[1], a[2], parseInt(a[3], 10), a[4], a[5]);
  else if (a[0] === '--steptime') { console.log((await timeSteps(a[1], 60)).toFixed(1)); ok = true; }
  else if (a[0] === '--leaks') ok = checkLeaks(a[1], a[2], a[3], a[4], a[5], parseInt(process.env.HTML_LEAK_STRIDE || '1', 10));
  else if (a[0] === '--time') { console.log((await timeOpen(a[1], 5)).map((x) => x.toFixed(0)).join(' ')); ok = true; }
  else ok = await checkPages(a[0], a[1], a[2]);
  process.exit(ok ? 0 : 1);
})().catch((e) => { console.error('html_check: ' + (e.stack || e)); process.exit(1); });
