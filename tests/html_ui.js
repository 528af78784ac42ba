// html_ui.js: the game page as people use it, in real headless Chromium at
// a phone's size (390 by 844) and a desktop's (1440 by 900): nothing wider
// than the window, the board inside it and fitted to its box, the controls
// in one row, the players in one place whatever the step; navigation that
// stops at both ends (keys, buttons, the slider, autoplay); the result
// shown at each round's end and the game's; every card drawn as a
// picture; the move list and the charts that jump where they are clicked;
// and the marks of a card that waits for a veto.  It writes a screenshot of
// each page at each size, and of its end on a phone.
//
// Usage: node html_check.js --ui SHOTS SPEC.txt, each line of SPEC.txt one of
//   ui PAGE NAME              every check above on the page; NAME-390.png,
//                             NAME-1440.png and NAME-end-390.png in SHOTS
//   cell PAGE FRAG X Y KIND [CLASS]   a cell of that kind (and class) there
//   toact PAGE FRAG SEAT|none         the row marked to act next
//   gold PAGE FRAG            gold not known here drawn hollow, at its least
//   minute PAGE               autoplay at its default speed plays the game in
//                             30 to 120 seconds
'use strict';
const fs = require('fs');
const path = require('path');
const { Browser, pageData, positions } = require('./html_check.js');

const F_TURN = 1, F_FAIL = 4, F_QUIET = 32;
const SIZES = [[390, 844], [1440, 900]];

// What the page shows now, read from its DOM.
const STATE = `(() => ({ step: +document.getElementById('pos').dataset.step, msg: document.getElementById('msg').textContent,
  playing: document.body.dataset.playing, hash: location.hash }))()`;
const LAYOUT = `(() => {
  const r = (e) => { const x = e.getBoundingClientRect(); return { l: x.left, r: x.right, t: x.top, b: x.bottom, w: x.width, h: x.height }; };
  const svg = document.getElementById('board'), sr = r(svg);
  const cells = [...svg.querySelectorAll('.cell')].map(r);
  const shown = (e) => e.offsetParent !== null;
  const row = [...document.querySelectorAll('#controls .main-row > *')].filter(shown).map((e) => Math.round(e.getBoundingClientRect().top));
  return { sw: document.documentElement.scrollWidth, iw: innerWidth, ih: innerHeight, board: sr, ncells: cells.length,
    outside: cells.filter((c) => c.l < sr.l - 1 || c.r > sr.r + 1 || c.t < sr.t - 1 || c.b > sr.b + 1).length,
    cellMin: Math.min(...cells.map((c) => c.w)), rows: new Set(row).size, buttons: row.length,
    players: r(document.getElementById('players-box')) };
})()`;
const HANDS = `(() => [...document.querySelectorAll('#players tr.seat')].map((row) => {
  const k = row.dataset.seat, hand = document.querySelector('#known .hand[data-seat="' + k + '"] .cards');
  const cards = hand ? [...hand.querySelectorAll('.card')] : [];
  return { seat: k, holds: row.dataset.holds, front: row.dataset.front, tokens: cards.map((c) => c.dataset.token),
    pictures: cards.filter((c) => c.querySelector('svg')).length, text: hand ? hand.textContent.trim() : '',
    fronts: [...document.querySelectorAll('#known .hand[data-seat="' + k + '"] .front-cards .card')].map((c) => c.querySelector('svg') ? c.dataset.token : 'no picture'),
    knownText: document.getElementById('known').textContent };
}))()`;

async function key(b, p, k) {
  for (const type of ['keyDown', 'keyUp'])
    await b.send('Input.dispatchKeyEvent', { type, key: k, text: type === 'keyDown' && k.length === 1 ? k : undefined }, p.sessionId);
}
// Clicks the visible element the selector names, as a reader would: the
// browser's own mouse at its middle.
async function click(b, p, selector) {
  // The page may still move after it drew (the move list scrolls to its
  // current move at the next frame, later on a busy machine): the point is
  // taken once the element stays put under it for a frame (it, or another
  // the selector names: a chart's points of one step overlap), so that the
  // click lands there however slow the machine.
  const at = await b.eval(p, `new Promise((resolve) => {
    const e = [...document.querySelectorAll(${JSON.stringify(selector)})].find((x) => x.getClientRects().length &&
      getComputedStyle(x).visibility !== 'hidden');
    if (!e) { resolve(null); return; }
    let last = null, n = 0;
    const look = () => {
      const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y), here = hit !== null && hit.closest(${JSON.stringify(selector)}) !== null;
      if (here && last !== null && last.x === x && last.y === y) { resolve({ x, y }); return; }
      if (++n > 600) { resolve(here ? { x, y } : null); return; }
      if (!here) e.scrollIntoView({ block: 'center' });
      last = here ? { x, y } : null;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(() => requestAnimationFrame(look));
  })`);
  if (!at) return false;
  for (const type of ['mousePressed', 'mouseReleased'])
    await b.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1 }, p.sessionId);
  return true;
}
function url(page, frag) { return 'file://' + path.resolve(page) + (frag ? '#' + frag : ''); }
// The value of an item of the full view at step s, from the page's data.
function itemAt(G, s, key) {
  if (!itemAt.cache.has(G)) itemAt.cache.set(G, positions(G, G.persps.find((x) => x.id === 'all')));
  return itemAt.cache.get(G)[s + 1].get(key) || null;
}
itemAt.cache = new Map();

async function checkLayout(b, p, page, G, name, shots, bad) {
  const mid = G.decisionStep[Math.floor(G.decisions / 2)];
  for (const [w, h] of SIZES) {
    await b.viewport(p, w, h);
    const where = name + ' at ' + w + 'x' + h;
    await b.open(p, url(page, 's=' + mid + '&as=all'));
    const L = await b.eval(p, LAYOUT);
    if (L.sw > L.iw) bad.push(where + ': the page is ' + L.sw + ' pixels wide in a window of ' + L.iw);
    if (L.board.l < 0 || L.board.r > L.iw || L.board.t < 0 || L.board.b > L.ih)
      bad.push(where + ': the board reaches outside the window: ' + JSON.stringify(L.board));
    if (L.outside) bad.push(where + ': ' + L.outside + ' of ' + L.ncells + ' cells drawn outside the board\'s box');
    if (L.rows !== 1 || L.buttons < 5) bad.push(where + ': the controls take ' + L.rows + ' rows (' + L.buttons + ' shown)');
    await b.shot(p, path.join(shots, name + '-' + w + '.png'), true);
    // The players stay where they are, from the first decision to the end.
    for (const frag of ['d=1&as=all', 's=' + (G.steps - 1) + '&as=all', 'd=' + Math.floor(G.decisions / 3) + '&as=public']) {
      await b.move(p, '#' + frag);
      const M = await b.eval(p, LAYOUT);
      if (Math.abs(M.players.t - L.players.t) > 1 || Math.abs(M.players.l - L.players.l) > 1)
        bad.push(where + ' #' + frag + ': the players moved from ' + L.players.l + ',' + L.players.t + ' to ' + M.players.l + ',' + M.players.t);
      if (M.sw > M.iw) bad.push(where + ' #' + frag + ': the page is ' + M.sw + ' pixels wide');
    }
  }
}

// Every card held or lying in front is a picture with its token, never
// the token's text.
async function checkCards(b, p, page, G, name, bad) {
  await b.viewport(p, 1440, 900);
  let cards = 0;
  for (const d of [1, Math.floor(G.decisions / 2), G.decisions]) {
    await b.open(p, url(page, 'd=' + d + '&as=all'));
    for (const s of await b.eval(p, HANDS)) {
      const want = s.holds ? s.holds.split(' ') : [];
      if (want.length && want.join(' ') !== s.tokens.join(' '))
        bad.push(name + ' d=' + d + ': seat ' + s.seat + ' holds "' + s.holds + '", its pictures are of "' + s.tokens.join(' ') + '"');
      if (s.pictures !== s.tokens.length) bad.push(name + ' d=' + d + ': seat ' + s.seat + ': ' + (s.tokens.length - s.pictures) + ' cards without a picture');
      if (s.text !== '') bad.push(name + ' d=' + d + ': seat ' + s.seat + '\'s hand shows text: "' + s.text + '"');
      for (const t of want.concat(s.front ? s.front.split(' ') : []))
        if (t !== '?' && s.knownText.includes(t)) bad.push(name + ' d=' + d + ': the token ' + t + ' is written out beside the hands');
      if ((s.front ? s.front.split(' ') : []).join(' ') !== s.fronts.join(' '))
        bad.push(name + ' d=' + d + ': seat ' + s.seat + ' has "' + s.front + '" in front, drawn "' + s.fronts.join(' ') + '"');
      cards += s.pictures;
    }
  }
  if (cards === 0) bad.push(name + ': no card drawn in any hand');
  // The legend draws every card of the ruleset.
  const legend = await b.eval(p, `(() => { const g = [...document.querySelectorAll('#legend .legend-cards')].pop();
    return [...g.querySelectorAll('.legend-card .card')].map((c) => c.querySelector('svg') ? c.dataset.token : ''); })()`);
  const toks = [...new Set(G.cards.map((c) => c[0]))];
  if (legend.join(' ') !== toks.join(' ')) bad.push(name + ': the legend draws "' + legend.join(' ') + '", the ruleset has "' + toks.join(' ') + '"');
  // Goal cards and the start on the board are pictures too.
  const goals = await b.eval(p, `[...document.querySelectorAll('#board .cell')].filter((c) => ['back', 'goal', 'start'].includes(c.dataset.kind))
    .map((c) => c.querySelectorAll('path, rect, circle, line').length)`);
  if (!goals.length || goals.some((n) => n < 2)) bad.push(name + ': goal or start cells drawn without a picture: ' + JSON.stringify(goals));
  return cards;
}

// Navigation stops at both ends, by keys, buttons and the slider.
async function checkBounds(b, p, page, G, name, bad) {
  const N = G.steps;
  for (const [w, h] of SIZES) {
    await b.viewport(p, w, h);
    const where = name + ' at ' + w + 'px';
    await b.open(p, url(page, 's=-1&as=all'));
    for (const k of ['h', 'ArrowLeft', 'p', 'ArrowUp', 'P', 'PageUp', 'F', 'Home']) {
      await key(b, p, k);
      const st = await b.eval(p, STATE);
      if (st.step !== -1) bad.push(where + ': ' + k + ' at the start went to step ' + st.step);
      if (!st.msg) bad.push(where + ': ' + k + ' at the start says nothing');
    }
    for (const n of ['first', 'prev', 'prevStep', 'prevRound', 'prevFail']) {
      if (!(await click(b, p, '#controls [data-name="' + n + '"]'))) continue;
      const st = await b.eval(p, STATE);
      if (st.step !== -1) bad.push(where + ': the button ' + n + ' at the start went to step ' + st.step);
    }
    await key(b, p, 'End');
    if ((await b.eval(p, STATE)).step !== N - 1) bad.push(where + ': End is not the last step');
    for (const [k, words] of [['l', 'the last step'], ['ArrowRight', 'the last step'], ['n', 'the last decision'], ['ArrowDown', 'the last decision'],
      ['N', 'the last round'], ['PageDown', 'the last round'], ['f', 'no failure after this step'], ['End', 'the last step']]) {
      await key(b, p, k);
      const st = await b.eval(p, STATE);
      if (st.step !== N - 1) bad.push(where + ': ' + k + ' at the end went to step ' + st.step);
      if (st.msg !== words) bad.push(where + ': ' + k + ' at the end says "' + st.msg + '", not "' + words + '"');
    }
    for (const n of ['last', 'next', 'nextStep', 'nextRound', 'nextFail']) {
      if (!(await click(b, p, '#controls [data-name="' + n + '"]'))) continue;
      const st = await b.eval(p, STATE);
      if (st.step !== N - 1) bad.push(where + ': the button ' + n + ' at the end went to step ' + st.step);
    }
    // The slider: to either end and past it.
    for (const [v, want] of [[String(N + 5), N - 1], ['-1', -1], ['-9', -1], [String(N - 1), N - 1], [String(Math.floor(N / 2)), Math.floor(N / 2)]]) {
      const got = await b.eval(p, `new Promise((resolve) => { const s = document.getElementById('slider'); s.value = ${JSON.stringify(v)};
        s.dispatchEvent(new Event('input')); requestAnimationFrame(() => requestAnimationFrame(() => resolve(+document.getElementById('pos').dataset.step))); })`);
      if (got !== want) bad.push(where + ': the slider set to ' + v + ' shows step ' + got + ', want ' + want);
    }
  }
}

// Autoplay from a few decisions before the end: decision by decision, past
// the veto questions that changed nothing, to the last step, where it
// stops; play at the end starts again from the beginning.
async function checkAutoplay(b, p, page, G, name, bad) {
  const N = G.steps;
  const ends = G.decisionStep.filter((s, d) => d > 0 && s >= 0 && !(G.flags[s] & F_QUIET));
  const from = ends[Math.max(ends.length - 12, 0)];
  await b.viewport(p, 1440, 900);
  await b.open(p, url(page, 's=' + from + '&as=all'));
  const r = await b.eval(p, `new Promise((resolve) => {
    const pos = document.getElementById('pos'), visited = [];
    const mo = new MutationObserver(() => visited.push(+pos.dataset.step));
    mo.observe(pos, { attributes: true, attributeFilter: ['data-step'] });
    const sp = document.getElementById('speed');
    sp.value = String(sp.options.length - 1);
    sp.dispatchEvent(new Event('change'));
    document.querySelector('#controls [data-name="play"]').click();
    const t0 = Date.now();
    const poll = () => {
      if (document.body.dataset.playing === '0' || Date.now() - t0 > 50000) {
        mo.disconnect();
        resolve({ visited, step: +pos.dataset.step, msg: document.getElementById('msg').textContent, stopped: document.body.dataset.playing === '0' });
      } else setTimeout(poll, 50);
    };
    setTimeout(poll, 50);
  })`);
  if (!r.stopped) bad.push(name + ': autoplay from step ' + from + ' never stopped');
  if (r.step !== N - 1) bad.push(name + ': autoplay stopped at step ' + r.step + ', not the last (' + (N - 1) + ')');
  if (r.msg !== 'the end') bad.push(name + ': autoplay at the end says "' + r.msg + '"');
  let last = from, quiet = 0;
  for (const s of r.visited) {
    if (s === last) continue;
    if (s < last) bad.push(name + ': autoplay went back from step ' + last + ' to ' + s);
    if (s !== N - 1 && !(G.flags[s] & F_TURN)) bad.push(name + ': autoplay stopped at step ' + s + ', no decision\'s end');
    if (G.flags[s] & F_QUIET) bad.push(name + ': autoplay stopped at step ' + s + ', a veto question that changed nothing');
    last = s;
  }
  for (let s = from + 1; s < N; s++) quiet += (G.flags[s] & F_TURN) && (G.flags[s] & F_QUIET) ? 1 : 0;
  // Play at the end starts from the beginning; pause stops there.
  const again = await b.eval(p, `(() => { const b = document.querySelector('#controls [data-name="play"]'); b.click();
    const s = +document.getElementById('pos').dataset.step, playing = document.body.dataset.playing; b.click();
    return { s, playing, after: document.body.dataset.playing }; })()`);
  if (again.s !== -1 || again.playing !== '1' || again.after !== '0')
    bad.push(name + ': play at the end: ' + JSON.stringify(again) + ', want step -1, playing, then paused');
  return quiet;
}

// The round's result at its end, the game's at the end, nothing before.
async function checkResults(b, p, page, G, name, shots, bad) {
  await b.viewport(p, 1440, 900);
  const N = G.steps;
  await b.open(p, url(page, 'd=1&as=all'));
  if (await b.eval(p, `!document.getElementById('banner').hidden`)) bad.push(name + ': a result shown at the first decision');
  if (await b.eval(p, `document.getElementById('result').textContent`)) bad.push(name + ': the header tells the winner at the first decision');
  let rs = -1;
  for (let s = 0; s < N && rs < 0; s++) if (itemAt(G, s, 'rs')) rs = s;
  if (rs < 0) { bad.push(name + ': no round ends in the data'); return; }
  await b.move(p, '#s=' + rs + '&as=all');
  const round = await b.eval(p, `(() => { const e = document.getElementById('banner'); return e.hidden ? null : e.textContent; })()`);
  const words = itemAt(G, rs, 'rs').split('|')[0].replace(/^round (\d+) ends: /, 'Round $1: ');
  if (round === null || !round.includes(words)) bad.push(name + ': at the round\'s end (step ' + rs + ') the banner says "' + round + '", not "' + words + '"');
  const mask = +itemAt(G, rs, 'rs').split('|')[1];
  for (let k = 0; k < G.names.length; k++)
    if ((mask & (1 << k)) && round !== null && !round.includes(G.names[k])) bad.push(name + ': the round\'s winner ' + G.names[k] + ' is not in its banner');
  const ge = itemAt(G, N - 1, 'ge');
  await b.open(p, url(page, 's=' + (N - 1) + '&as=all'));
  const end = await b.eval(p, `(() => ({ banner: document.getElementById('banner').hidden ? null : document.getElementById('banner').textContent,
    chip: document.getElementById('result').textContent }))()`);
  if (!ge) { bad.push(name + ': no game end in the data'); return; }
  const [m, golds] = ge.split('|');
  const winners = G.names.filter((n, k) => +m & (1 << k));
  if (end.banner === null || !end.banner.includes('Game over')) bad.push(name + ': no game-over banner at the last step');
  for (const [k, n] of G.names.entries())
    if (+m & (1 << k)) {
      if (!end.banner || !end.banner.includes(n + ' (seat ' + k + ')')) bad.push(name + ': the winner ' + n + ' (seat ' + k + ') is not in the banner');
      if (!end.chip.includes(n + ' (seat ' + k + ', ' + golds.split(',')[k] + ' gold)')) bad.push(name + ': the header does not name the winner ' + n + ': "' + end.chip + '"');
    }
  if (!winners.length && end.banner && !end.banner.includes('no winner')) bad.push(name + ': no winner, and the banner does not say so');
  // It can be put away, and stays away at that position.
  await click(b, p, '#banner .close');
  if (!(await b.eval(p, `document.getElementById('banner').hidden`))) bad.push(name + ': the banner does not close');
  // The end on a phone, for people to look at.
  await b.viewport(p, 390, 844);
  await b.open(p, url(page, 's=' + (N - 1) + '&as=all'));
  await b.shot(p, path.join(shots, name + '-end-390.png'), true);
}

// The move list and the charts take the reader where they are clicked; the
// board zooms and fits again.
async function checkJumps(b, p, page, G, name, bad) {
  await b.viewport(p, 1440, 900);
  const d = Math.floor(G.decisions / 2), s = G.decisionStep[d];
  await b.open(p, url(page, 'd=' + d + '&as=all'));
  const list = await b.eval(p, `[...document.querySelectorAll('#moves li[data-step]')].map((l) => +l.dataset.step)`);
  if (list.length < 3) bad.push(name + ': the move list holds ' + list.length + ' entries at decision ' + d);
  if (list.some((x) => x > s)) bad.push(name + ': the move list shows moves to come at decision ' + d);
  const target = await b.eval(p, `(() => { const l = [...document.querySelectorAll('#moves li.move')][2]; return l ? +l.dataset.step : null; })()`);
  if (target !== null) {
    const ok = await click(b, p, '#moves li.move[data-step="' + target + '"]');
    const st = await b.eval(p, STATE);
    if (!ok || st.step !== target) bad.push(name + ': a click on the move at step ' + target + ' shows step ' + st.step);
  }
  await b.open(p, url(page, 's=' + (G.steps - 1) + '&as=all'));
  const pt = await b.eval(p, `(() => { const e = document.querySelector('#gold-chart .pt'); return e ? +e.dataset.step : null; })()`);
  if (pt === null) bad.push(name + ': no point on the gold chart at the end');
  else if (!(await click(b, p, '#gold-chart .pt[data-step="' + pt + '"]')) || (await b.eval(p, STATE)).step !== pt)
    bad.push(name + ': a click on the gold chart\'s point does not go to step ' + pt);
  const bar = await b.eval(p, `(() => { const e = [...document.querySelectorAll('#clock-chart rect[data-step]')][3]; return e ? +e.dataset.step : null; })()`);
  if (bar !== null && (!(await click(b, p, '#clock-chart rect[data-step="' + bar + '"]')) || (await b.eval(p, STATE)).step !== bar))
    bad.push(name + ': a click on the clock chart\'s bar does not go to step ' + bar);
  // The bars' tooltips, given once a pointer has come over the chart.
  const tip = bar === null ? null : await b.eval(p, `(() => { const t = document.querySelector('#clock-chart rect[data-step="${bar}"] title'); return t ? t.textContent : ''; })()`);
  if (tip !== null && !/^decision \d+, seat \d+: [\d.]+ ms$/.test(tip))
    bad.push(name + ': the clock chart\'s bar under the pointer says "' + tip + '", not its decision, seat and time');
  await key(b, p, 'z');
  const z = await b.eval(p, `+document.getElementById('board').dataset.zoom`);
  await key(b, p, 'c');
  const z2 = await b.eval(p, `+document.getElementById('board').dataset.zoom`);
  if (!(z > 1) || z2 !== 1) bad.push(name + ': z zooms to ' + z + ', c back to ' + z2);
}

async function checkUi(shots, spec) {
  const lines = fs.readFileSync(spec, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const b = new Browser();
  const bad = [];
  const said = [];
  try {
    const p = await b.page();
    for (const line of lines) {
      const [what, page, ...rest] = line.trim().split(/\s+/);
      const G = pageData(page).G;
      const name = rest[0] || path.basename(page, '.html');
      p.errors = [];
      const before = bad.length;
      if (what === 'ui') {
        await checkLayout(b, p, page, G, name, shots, bad);
        const cards = await checkCards(b, p, page, G, name, bad);
        await checkBounds(b, p, page, G, name, bad);
        const quiet = await checkAutoplay(b, p, page, G, name, bad);
        await checkResults(b, p, page, G, name, shots, bad);
        await checkJumps(b, p, page, G, name, bad);
        said.push(name + ': ' + cards + ' cards drawn, autoplay past ' + quiet + ' quiet decisions');
      } else if (what === 'cell') {
        const [frag, x, y, kind, cls] = rest;
        await b.viewport(p, 1440, 900);
        await b.open(p, url(page, frag));
        const c = await b.eval(p, `(() => { const c = document.querySelector('#board .cell[data-x="${x}"][data-y="${y}"]');
          return c ? { kind: c.dataset.kind, cls: c.getAttribute('class') } : null; })()`);
        if (!c || c.kind !== kind || (cls && !c.cls.split(' ').includes(cls)))
          bad.push(path.basename(page) + '#' + frag + ': the cell ' + x + ',' + y + ' is ' + JSON.stringify(c) + ', want ' + kind + (cls ? ' ' + cls : ''));
      } else if (what === 'toact') {
        const [frag, seat] = rest;
        await b.viewport(p, 1440, 900);
        await b.open(p, url(page, frag));
        const rows = await b.eval(p, `[...document.querySelectorAll('#players tr.to-act')].map((r) => r.dataset.seat)`);
        if (rows.join(' ') !== (seat === 'none' ? '' : seat))
          bad.push(path.basename(page) + '#' + frag + ': the rows marked to act are "' + rows.join(' ') + '", want "' + (seat === 'none' ? '' : seat) + '"');
      } else if (what === 'gold') {
        const [frag] = rest;
        await b.viewport(p, 1440, 900);
        await b.open(p, url(page, frag));
        const pts = await b.eval(p, `(() => {
          const zero = [...document.querySelectorAll('#gold-chart text.tick')].find((t) => t.textContent === '0');
          const y0 = +zero.getAttribute('y') - 3.5;
          return [...document.querySelectorAll('#gold-chart .pt')].map((g) => { const m = g.lastElementChild, r = m.getBBox();
            return { t: g.querySelector('title').textContent, fill: m.getAttribute('fill'), y: r.y + r.height / 2, y0 }; }); })()`);
        let unknown = 0;
        for (const q of pts) {
          const m = /: (-?\d+)\+(\d+)\? gold/.exec(q.t);
          if (!m) continue;
          unknown++;
          if (q.fill !== '#fff') bad.push(path.basename(page) + ': gold not all known drawn filled: ' + q.t);
          if (!q.t.includes('at least ' + (+m[1] + +m[2]))) bad.push(path.basename(page) + ': gold not all known not said as its least: ' + q.t);
          if (+m[1] + +m[2] > 0 && q.y >= q.y0 - 1) bad.push(path.basename(page) + ': gold of at least ' + (+m[1] + +m[2]) + ' drawn at 0: ' + q.t);
        }
        if (!unknown) bad.push(path.basename(page) + '#' + frag + ': no point of gold not all known, nothing tested');
        said.push(path.basename(page) + ': ' + unknown + ' points of gold not all known');
      } else if (what === 'minute') {
        // The default speed, and the decisions autoplay stops at.
        await b.open(p, url(page, 's=-1&as=all'));
        const rate = await b.eval(p, `parseFloat(document.getElementById('speed').selectedOptions[0].textContent)`);
        const stops = G.flags.filter((f, s) => (f & F_TURN) && !(f & F_QUIET) && G.decision[s] > 0).length;
        const seconds = stops / rate;
        if (!(seconds >= 30 && seconds <= 120)) bad.push(path.basename(page) + ': ' + stops + ' decisions at ' + rate + ' a second take ' + seconds.toFixed(0) + ' s');
        said.push(path.basename(page) + ': autoplay at its default speed plays it in ' + seconds.toFixed(0) + ' s');
      } else {
        throw new Error('unknown line: ' + line);
      }
      bad.push(...p.errors.map((e) => name + ': ' + e));
      if (bad.length > before) said.push('FAIL ' + line);
    }
  } finally {
    await b.close();
  }
  for (const l of said) console.log(l);
  for (const l of bad.slice(0, 40)) console.log('FAIL ' + l);
  console.log('html ui: ' + lines.length + ' checks, ' + bad.length + ' problems');
  return bad.length === 0;
}

module.exports = { checkUi };
