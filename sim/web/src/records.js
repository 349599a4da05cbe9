// Game records: every game played on the page, kept in the browser, as
// text in one format (docs/records.md): tag lines, then the moves in the
// engine's notation. No DOM: the page draws the list, node tests this.

// the tags, in the order a record writes them
export const TAGS = ['Date', 'Rules', 'First', 'White', 'Black', 'Level', 'Result', 'Reason'];
const RULES = ['classic', 'brainking', 'ludos', 'jasir'];
const REASONS = ['no-moves', 'across', 'no-pieces', 'shuttle', 'none'];
// one move: a step or capture (b1-d2, b1xd2), with a return point (c4xd5@b1), or a placement (@b1)
const MOVE = /^(?:[a-e][1-5][-x][a-e][1-5](?:@[a-e][1-5])?|@[a-e][1-5])$/;
export const RECORDS_MAX = 200; // the newest kept; localStorage holds a few hundred kilobytes of them easily

// A record from the console's own lines (game_log.js): its setup (the
// start line's words), the moves since, and the over line's numbers.
export function recordFromGame(setup, moves, over, date = new Date()) {
  const vs = Boolean(setup.human);
  const p1 = Number(setup.game) % 2 ? 'white' : 'black'; // P1 has White in odd games (firmware/game/match.c)
  const name = (side) => (vs ? (side === setup.human ? 'you' : `console ${setup.level}`) : side === p1 ? 'P1' : 'P2');
  return {
    date: date.toISOString().slice(0, 19) + 'Z',
    rules: setup.rules,
    first: setup.first,
    white: name('white'),
    black: name('black'),
    level: vs ? Number(setup.level) : null,
    result: `${over.white}-${over.black} ${over.winner}`,
    reason: over.reason || 'none',
    moves: moves.slice(),
  };
}

// The record of the game an "over" line ends, read before the log takes
// the line (a GameLog: its setup and this game's moves): { record, partial }
// (partial: the game was resumed with moves the log never saw), or null
// when the line is not one or no game was started.
export function recordAtOver(log, line) {
  const over = line.match(/^over (\d+) (\d+) (\w+)(?: (\S+))?$/);
  if (!over || !log.setup) return null;
  const record = recordFromGame(log.setup, log.moves, { white: over[1], black: over[2], winner: over[3], reason: over[4] });
  return { record, partial: log.partial };
}

const quote = (v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

// The record as text: one tag a line, a blank line, the moves each
// numbered (a move is one side's turn: 1. the first mover's, 2. the
// other's, ...), eight a line.
export function recordText(r) {
  const tags = {
    Date: r.date,
    Rules: r.rules,
    First: r.first,
    White: r.white,
    Black: r.black,
    Level: r.level == null ? '-' : r.level,
    Result: r.result,
    Reason: r.reason,
  };
  const lines = TAGS.map((t) => `[${t} ${quote(tags[t])}]`);
  lines.push('');
  const words = [];
  for (let i = 0; i < r.moves.length; i++) words.push(`${i + 1}. ${r.moves[i]}`);
  for (let i = 0; i < words.length; i += 8) lines.push(words.slice(i, i + 8).join(' '));
  return lines.join('\n') + '\n';
}

// A record from its text; { ok: true, record } or { ok: false, why } with
// the line at fault.
export function parseRecord(text) {
  if (typeof text !== 'string' || !text.trim()) return { ok: false, why: 'the record is empty' };
  const tags = {};
  const moves = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const at = `line ${i + 1}`;
    if (!line) continue;
    if (line.startsWith('[')) {
      const m = line.match(/^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$/);
      if (!m) return { ok: false, why: `${at}: not a tag line like [Rules "classic"]: ${line.slice(0, 40)}` };
      if (!TAGS.includes(m[1])) return { ok: false, why: `${at}: no tag called ${m[1]} (${TAGS.join(', ')})` };
      tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
      continue;
    }
    for (const w of line.split(/\s+/)) {
      if (/^\d+\.$/.test(w)) continue; // a move number
      if (!MOVE.test(w)) return { ok: false, why: `${at}: "${w.slice(0, 20)}" is not a move (b1-d2, b1xd2, c4xd5@b1, @b1)` };
      moves.push(w);
    }
  }
  for (const t of ['Rules', 'White', 'Black', 'Result']) if (!(t in tags)) return { ok: false, why: `no [${t} "..."] tag` };
  if (!RULES.includes(tags.Rules)) return { ok: false, why: `Rules "${tags.Rules}": not one of ${RULES.join(', ')}` };
  const first = tags.First || 'white';
  if (first !== 'white' && first !== 'black') return { ok: false, why: `First "${first}": white or black` };
  if (!/^\d{1,3}-\d{1,3} (white|black|draw)$/.test(tags.Result)) return { ok: false, why: `Result "${tags.Result}": like "8-4 white" (green's score, red's, the winner or draw)` };
  const reason = tags.Reason || 'none';
  if (!REASONS.includes(reason)) return { ok: false, why: `Reason "${reason}": one of ${REASONS.join(', ')}` };
  const level = tags.Level == null || tags.Level === '-' ? null : Number(tags.Level);
  if (level !== null && !(Number.isInteger(level) && level >= 1 && level <= 6)) return { ok: false, why: `Level "${tags.Level}": 1..6 or -` };
  const date = tags.Date || '';
  if (date && Number.isNaN(Date.parse(date))) return { ok: false, why: `Date "${date}": not a date (2026-11-26T19:40:00Z)` };
  return { ok: true, record: { date, rules: tags.Rules, first, white: tags.White, black: tags.Black, level, result: tags.Result, reason, moves } };
}

// What a list entry says: "2026-11-26 19:40 · classic · you (green) v console 3 (red) · you win 8-4 · 40 moves";
// the score as the console says it, the winner's points first (a draw: green's)
export function recordSummary(r) {
  const [score, winner] = r.result.split(' ');
  const [white, black] = score.split('-');
  const who = winner === 'draw' ? 'a draw' : `${r[winner]} ${r[winner] === 'you' ? 'win' : 'wins'}`;
  const named = winner === 'black' ? `${black}-${white}` : `${white}-${black}`;
  const when = r.date ? r.date.slice(0, 16).replace('T', ' ') : 'no date';
  return `${when} · ${r.rules} · ${r.white} (green) v ${r.black} (red) · ${who} ${named} · ${r.moves.length} move${r.moves.length === 1 ? '' : 's'}`;
}

// The list in the browser's storage (newest first), one key, as text.
export class Records {
  constructor(storage, key = 'jarmo-records') {
    this.storage = storage;
    this.key = key;
  }

  list() {
    try {
      const saved = JSON.parse(this.storage.getItem(this.key) || '[]');
      if (!Array.isArray(saved)) return [];
      // newest first by the date each game ended (an imported old game sorts among its own days)
      return saved.map((t) => parseRecord(t)).filter((p) => p.ok).map((p) => p.record)
        .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    } catch {
      return []; // not a list: start again (the next add writes a good one)
    }
  }

  // adds a record unless the same game is there already; false when the
  // browser would not store it
  add(record) {
    const text = recordText(record);
    let saved;
    try {
      saved = JSON.parse(this.storage.getItem(this.key) || '[]');
      if (!Array.isArray(saved)) saved = [];
    } catch {
      saved = [];
    }
    if (saved.includes(text)) return true;
    saved.unshift(text);
    try {
      this.storage.setItem(this.key, JSON.stringify(saved.slice(0, RECORDS_MAX)));
      return true;
    } catch {
      return false; // storage full or blocked
    }
  }
}

// a record as a link's fragment, and back
export const recordLink = (r) => `#game=${encodeURIComponent(recordText(r))}`;
export function recordFromHash(hash) {
  const m = (hash || '').match(/^#game=(.*)$/s);
  if (!m) return null;
  let text;
  try {
    text = decodeURIComponent(m[1]);
  } catch {
    return { ok: false, why: 'the link is cut short or not encoded' };
  }
  return parseRecord(text);
}
