// A player's progress from the kept games (records.js) against the
// console: games, wins, draws and losses per rule set and per level, the
// best run of wins, and a chart of the results over time. statsOf has no
// DOM (node tests it); drawProgress draws the table and the chart.
const NS = 'http://www.w3.org/2000/svg';

// the player's result in a record: 'win', 'draw', 'loss', or null when the
// player was not in it (two people on one console) or it is unfinished
export function resultFor(r) {
  const side = r.white === 'you' ? 'white' : r.black === 'you' ? 'black' : null;
  if (!side || !r.result) return null; // (an unfinished game counts when it ends)
  const winner = r.result.split(' ')[1];
  return winner === 'draw' ? 'draw' : winner === side ? 'win' : 'loss';
}

// { games: [{ date, rules, level, result }] oldest first, byRules, byLevel,
//   total: { games, win, draw, loss }, bestStreak, streakNow }
export function statsOf(records) {
  const games = records
    .map((r) => ({ date: r.date, rules: r.rules, level: r.level, result: resultFor(r) }))
    .filter((g) => g.result)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const blank = () => ({ games: 0, win: 0, draw: 0, loss: 0 });
  const total = blank();
  const byRules = {};
  const byLevel = {};
  let run = 0;
  let bestStreak = 0;
  for (const g of games) {
    for (const t of [total, (byRules[g.rules] ||= blank()), (byLevel[g.level] ||= blank())]) {
      t.games++;
      t[g.result]++;
    }
    run = g.result === 'win' ? run + 1 : 0;
    bestStreak = Math.max(bestStreak, run);
  }
  return { games, byRules, byLevel, total, bestStreak, streakNow: run };
}

// the chart: one bar a game, oldest on the left (up a win, down a loss, a
// dot a draw), and the share of points won so far as a line (0-100%)
function chart(games) {
  const w = 320;
  const h = 120;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('role', 'img');
  svg.classList.add('progress-chart');
  const n = games.length;
  const step = Math.min(24, (w - 20) / Math.max(1, n));
  const mid = h / 2;
  const axis = document.createElementNS(NS, 'line');
  Object.entries({ x1: 10, y1: mid, x2: w - 10, y2: mid }).forEach(([k, v]) => axis.setAttribute(k, v));
  axis.classList.add('axis');
  svg.appendChild(axis);
  let points = 0;
  const line = [];
  games.forEach((g, i) => {
    const x = 10 + i * step + step / 2;
    const bar = document.createElementNS(NS, 'rect');
    const len = g.result === 'draw' ? 3 : mid - 14;
    bar.setAttribute('x', x - Math.max(1, step * 0.35));
    bar.setAttribute('width', Math.max(2, step * 0.7));
    bar.setAttribute('y', g.result === 'win' ? mid - len : g.result === 'loss' ? mid : mid - 1.5);
    bar.setAttribute('height', len);
    bar.dataset.game = String(i + 1);
    bar.dataset.result = g.result;
    const title = document.createElementNS(NS, 'title');
    title.textContent = `${g.date.slice(0, 16).replace('T', ' ')}: ${g.result} (${g.rules}, level ${g.level})`;
    bar.appendChild(title);
    svg.appendChild(bar);
    points += g.result === 'win' ? 1 : g.result === 'draw' ? 0.5 : 0;
    line.push(`${x},${(h - 6 - ((h - 12) * points) / (i + 1)).toFixed(1)}`);
  });
  if (line.length) {
    const pl = document.createElementNS(NS, 'polyline');
    pl.setAttribute('points', line.join(' '));
    pl.classList.add('share');
    svg.appendChild(pl);
  }
  return svg;
}

const row = (name, t) => `<tr data-progress="${name}"><td>${name}</td><td>${t.games}</td><td>${t.win}</td><td>${t.draw}</td><td>${t.loss}</td></tr>`;

export function drawProgress(el, records) {
  const s = statsOf(records);
  el.textContent = '';
  if (!s.games.length) {
    el.textContent = 'No games against the console kept yet: your progress shows here after the first.';
    return s;
  }
  const p = document.createElement('p');
  p.className = 'progress-summary';
  p.textContent = `${s.total.games} game${s.total.games === 1 ? '' : 's'} against the console: ${s.total.win} won, ${s.total.draw} drawn, ${s.total.loss} lost. ` +
    `Best run of wins: ${s.bestStreak}${s.streakNow ? ` (now ${s.streakNow})` : ''}.`;
  el.appendChild(p);
  el.appendChild(chart(s.games));
  const legend = document.createElement('p');
  legend.className = 'progress-legend';
  legend.textContent = 'Each bar a game, oldest on the left: up a win, down a loss, a dot a draw; the line is the share of points you have won so far.';
  el.appendChild(legend);
  const table = document.createElement('table');
  table.className = 'progress-table';
  table.innerHTML = '<thead><tr><th></th><th>games</th><th>won</th><th>drawn</th><th>lost</th></tr></thead><tbody>' +
    Object.keys(s.byRules).sort().map((k) => row(k, s.byRules[k])).join('') +
    Object.keys(s.byLevel).sort().map((k) => row(`level ${k}`, s.byLevel[k])).join('') + '</tbody>';
  el.appendChild(table);
  return s;
}
