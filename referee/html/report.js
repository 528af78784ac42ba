// report.js: the tournament report's tables sort by any column: a click on
// a column's heading sorts by it, a second click the other way.  Numbers
// sort as numbers (a cell's data-sort when it has one), empty and "-"
// cells last.
'use strict';
(function () {
  function value(td) {
    if (!td) return null;
    const raw = td.hasAttribute('data-sort') ? td.getAttribute('data-sort') : td.textContent.trim();
    if (raw === '' || raw === '-') return null;
    const n = /^-?\d+(\.\d+)?/.exec(raw.replace(/,/g, ''));
    return n ? parseFloat(n[0]) : raw.toLowerCase();
  }
  function sortBy(table, col, th) {
    const body = table.tBodies[0];
    const rows = [...body.rows];
    const dir = th.getAttribute('aria-sort') === 'descending' ? 1 : th.getAttribute('aria-sort') === 'ascending' ? -1
      : (rows.some((r) => typeof value(r.cells[col]) === 'number') ? -1 : 1);
    rows.sort((a, b) => {
      const x = value(a.cells[col]), y = value(b.cells[col]);
      if (x === null || y === null) return (x === null) - (y === null);
      if (typeof x === 'number' && typeof y === 'number') return dir * (x - y);
      return dir * String(x).localeCompare(String(y));
    });
    for (const h of table.tHead.rows[0].cells) h.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');
    body.append(...rows);
  }
  for (const table of document.querySelectorAll('table.sortable')) {
    [...table.tHead.rows[0].cells].forEach((th, col) => {
      th.tabIndex = 0;
      th.title = 'sort by ' + th.textContent.trim();
      th.addEventListener('click', () => sortBy(table, col, th));
      th.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(table, col, th); } });
    });
  }
  document.body.setAttribute('data-ready', '1');
})();
