// Game records: every game played on the page, kept in the browser, as
// text in one format (docs/records.md): tag lines, then the moves in the
// engine's notation. No DOM: the page draws the list, node tests this.

import { StoredJson } from './stored_json.js';

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
  // a tag with nothing to say is left out ([Date ""] said nothing: docs/records.md)
  const lines = TAGS.filter((t) => tags[t] != null && tags[t] !== '').map((t) => `[${t} ${quote(tags[t])}]`);
  lines.push('');
  const words = [];
  for (let i = 0; i < r.moves.length; i++) words.push(`${i + 1}. ${r.moves[i]}`);
  for (let i = 0; i < words.length; i += 8) lines.push(words.slice(i, i + 8).join(' '));
  return lines.join('\n') + '\n';
}

// What a file or a link may hold, read as records: one limit for both (a
// game of PLIES_MAX plies is about 15 KB).
export const TEXT_MAX = 65536;
export const PLIES_MAX = 2000; // far more than a game lasts; 10,000 repeated lines are not one
export const SCORE_MAX = 10; // 2 points for each of 5 pieces in the enemy camp (docs/rules.md)
const VALUE_MAX = 60; // a tag's value
const at = (i) => `line ${i + 1}`;

// One record's tags and moves, checked; { ok: true, record } or { ok:
// false, why }. White and Black default to P1 and P2; without a Result the
// record is not complete (result null) until completeRecord replays it.
function checkRecord({ tags, moves, line }, prefix) {
  const no = (why) => ({ ok: false, why: prefix + why });
  if (!('Rules' in tags)) return no('no [Rules "..."] tag (classic, brainking, ludos or jasir)');
  if (!RULES.includes(tags.Rules)) return no(`Rules "${tags.Rules}": not one of ${RULES.join(', ')}`);
  const first = tags.First || 'white';
  if (first !== 'white' && first !== 'black') return no(`First "${first}": white or black`);
  let result = null;
  if ('Result' in tags) {
    const m = tags.Result.match(/^(\d{1,2})-(\d{1,2}) (white|black|draw)$/);
    if (!m) return no(`Result "${tags.Result}": like "8-4 white" (green's score, red's, the winner or draw)`);
    const [w, b] = [Number(m[1]), Number(m[2])];
    if (w > SCORE_MAX || b > SCORE_MAX) return no(`Result "${tags.Result}": a side scores at most ${SCORE_MAX}`);
    // the winner never has the lower score; a draw is level (jasir: no points at all)
    if ((m[3] === 'white' && w < b) || (m[3] === 'black' && b < w) || (m[3] === 'draw' && w !== b))
      return no(`Result "${tags.Result}": a winner with the lower score, or a draw that is not level`);
    result = tags.Result;
  }
  const reason = tags.Reason || 'none';
  if (!REASONS.includes(reason)) return no(`Reason "${reason}": one of ${REASONS.join(', ')}`);
  const level = tags.Level == null || tags.Level === '-' ? null : Number(tags.Level);
  if (level !== null && !(Number.isInteger(level) && level >= 1 && level <= 6)) return no(`Level "${tags.Level}": 1..6 or -`);
  const date = tags.Date || '';
  // ISO 8601 in UTC, as docs/records.md says (Date.parse alone takes "1")
  if (date && (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/.test(date) || Number.isNaN(Date.parse(date))))
    return no(`Date "${date}": not a date in UTC (2026-11-26T19:40:00Z)`);
  const record = { date, rules: tags.Rules, first, white: tags.White ?? 'P1', black: tags.Black ?? 'P2', level, result, reason, moves };
  return { ok: true, record, line };
}

// Every record in a text (a file may hold several, a blank line between
// them, as follow.mjs --out writes them); { ok: true, records } or { ok:
// false, why } with the line at fault. A record begins at a tag line after
// moves, or after a blank line that follows a tag it repeats; a tag twice
// in one record is refused.
export function parseRecords(text) {
  if (typeof text !== 'string' || !text.trim()) return { ok: false, why: 'the record is empty' };
  if (text.length > TEXT_MAX) return { ok: false, why: `${text.length} characters is far more than games hold (${TEXT_MAX} at most)` };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const records = [];
  let cur = null;
  const prefixOf = (c) => (c.line > 0 || records.length ? `the record at ${at(c.line)}: ` : '');
  const close = () => {
    if (!cur) return null;
    const r = checkRecord(cur, prefixOf(cur));
    if (!r.ok) return r;
    records.push(r.record);
    cur = null;
    return null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) {
      if (cur) cur.blank = true;
      continue;
    }
    if (/[\x00-\x08\x0a-\x1f\x7f]/.test(line)) return { ok: false, why: `${at(i)}: holds control characters (a NUL?)` };
    if (line.startsWith('[')) {
      const m = line.match(/^\[([A-Za-z]+) "((?:[^"\\]|\\.)*)"\]$/);
      if (!m) return { ok: false, why: `${at(i)}: not a tag line like [Rules "classic"]: ${line.slice(0, 40)}` };
      if (!TAGS.includes(m[1])) return { ok: false, why: `${at(i)}: no tag called ${m[1]} (${TAGS.join(', ')})` };
      if (cur && (cur.moves.length || (cur.blank && m[1] in cur.tags))) {
        const bad = close();
        if (bad) return bad;
      }
      if (!cur) cur = { tags: {}, moves: [], line: i, blank: false };
      if (m[1] in cur.tags) return { ok: false, why: `${at(i)}: a second [${m[1]} "..."] tag in one record` };
      const value = m[2].replace(/\\(.)/g, '$1');
      if (value.length > VALUE_MAX) return { ok: false, why: `${at(i)}: the ${m[1]} tag's value is over ${VALUE_MAX} characters` };
      cur.tags[m[1]] = value;
      continue;
    }
    if (!cur) cur = { tags: {}, moves: [], line: i, blank: false };
    for (const w of line.split(/\s+/)) {
      if (/^\d+\.$/.test(w)) continue; // a move number
      if (!MOVE.test(w)) return { ok: false, why: `${at(i)}: "${w.slice(0, 20)}" is not a move (b1-d2, b1xd2, c4xd5@b1, @b1)` };
      if (cur.moves.length >= PLIES_MAX) return { ok: false, why: `${at(i)}: more than ${PLIES_MAX} moves in one record` };
      cur.moves.push(w);
    }
  }
  const bad = close();
  return bad || { ok: true, records };
}

// One record from its text (a kept one, a link); { ok: true, record } or
// { ok: false, why } with the line at fault. Without a Result it is an
// unfinished game (result null).
export function parseRecord(text) {
  const p = parseRecords(text);
  if (!p.ok) return p;
  if (p.records.length > 1) return { ok: false, why: `${p.records.length} records where one was expected` };
  return { ok: true, record: p.records[0] };
}

// A record replayed by the rules core (text: ConsoleText, console.wasm):
// every move legal, nothing after the game's end; the Result and Reason
// are the moves' own (a given Result that disagrees is refused). A game
// not over at its last move is unfinished (result null, the page plays it
// on), unless the record gives a Result or a Reason it never reached.
// { ok: true, record } or { ok: false, why }.
export function completeRecord(record, text) {
  const n = record.moves.length;
  const r = text.replay(record.rules, record.first, record.moves);
  if (!r.ok) return { ok: false, why: r.at < 0 ? r.why : `move ${r.at + 1} (${record.moves[r.at]}) cannot be played there: ${r.why}` };
  const early = r.positions.findIndex((p) => p.over);
  if (early >= 0 && early < n) return { ok: false, why: `the game is over after move ${early}; move ${early + 1} (${record.moves[early]}) comes after its end` };
  const over = r.positions[n].over;
  if (!over && (record.result || record.reason !== 'none'))
    return { ok: false, why: `the game is not over after its ${n} move${n === 1 ? '' : 's'}, but the record says ${record.result ? `Result "${record.result}"` : `Reason "${record.reason}"`}` };
  if (!over) return { ok: true, record: { ...record, result: null, reason: 'none' } };
  const result = `${over.white}-${over.black} ${over.winner}`;
  const reason = REASONS.includes(over.reason) ? over.reason : 'none';
  if (record.result !== null && record.result !== result)
    return { ok: false, why: `Result "${record.result}", but its moves end ${result} (${reason})` };
  if (record.reason !== 'none' && record.reason !== reason) /* with or without a Result */
    return { ok: false, why: `Reason "${record.reason}", but its moves end by ${reason}` };
  return { ok: true, record: { ...record, result, reason } };
}

// What a list entry says: "2026-11-26 19:40 · classic · you (green) v console 3 (red) · you win 8-4 · 40 moves";
// the score as the console says it, the winner's points first (a draw: green's)
export function recordSummary(r) {
  const when = r.date ? r.date.slice(0, 16).replace('T', ' ') : 'no date';
  const count = `${r.moves.length} move${r.moves.length === 1 ? '' : 's'}`;
  if (!r.result) return `${when} · ${r.rules} · ${r.white} (green) v ${r.black} (red) · unfinished · ${count}`;
  const [score, winner] = r.result.split(' ');
  const [white, black] = score.split('-');
  const who = winner === 'draw' ? 'a draw' : `${r[winner]} ${r[winner] === 'you' ? 'win' : 'wins'}`;
  const named = winner === 'black' ? `${black}-${white}` : `${white}-${black}`;
  return `${when} · ${r.rules} · ${r.white} (green) v ${r.black} (red) · ${who} ${named} · ${count}`;
}

// The list in the browser's storage (newest first), one key, as text.
export class Records {
  constructor(storage, key = 'jarmo-records') {
    this.kept = new StoredJson(storage, key);
  }

  // the kept texts (not a list: start again; the next add writes a good one)
  texts() {
    const saved = this.kept.read([]);
    return Array.isArray(saved) ? saved : [];
  }

  list() {
    // newest first by the date each game ended (an imported old game sorts among its own days)
    return this.texts().map((t) => parseRecord(t)).filter((p) => p.ok).map((p) => p.record)
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }

  // adds a record unless the same game is there already: { ok: true }, or
  // { ok: false, why } when the reader refuses it (junk is never stored:
  // the list could not show it) or the browser would not store it. The
  // newest RECORDS_MAX are kept, counting only records the reader accepts
  // (a junk entry kept by an older page is dropped, never a real game).
  // An import (imported: true) never drops a kept game: with the list
  // full it is not kept, { ok: false, full: true, why }.
  add(record, { imported = false } = {}) {
    const text = recordText(record);
    const read = parseRecord(text);
    if (!read.ok) return { ok: false, why: `not a record the list can show: ${read.why}` };
    const saved = this.texts().filter((t) => typeof t === 'string' && parseRecord(t).ok);
    if (saved.includes(text)) return { ok: true };
    if (imported && saved.length >= RECORDS_MAX)
      return { ok: false, full: true, why: `the list is full (${RECORDS_MAX} games), and an opened game never pushes out a kept one` };
    saved.unshift(text);
    if (this.kept.write(saved.slice(0, RECORDS_MAX))) return { ok: true };
    return { ok: false, why: 'this browser would not store it' }; // storage full or blocked
  }

  // an unfinished game played on (play_on.js): its text `was` replaced by
  // the record with its new moves, in its place in the list (or added,
  // when it is no longer there): { ok } or { ok: false, why }
  replace(was, record) {
    const text = recordText(record);
    if (!parseRecord(text).ok) return { ok: false, why: 'not a record the list can show' };
    const saved = this.texts().filter((t) => typeof t === 'string' && parseRecord(t).ok);
    const i = saved.indexOf(was);
    if (i >= 0) saved[i] = text;
    else if (saved.includes(text)) return { ok: true };
    // (gone from the list meanwhile: added again, never pushing out a kept game)
    else if (saved.length >= RECORDS_MAX) return { ok: false, why: `the list is full (${RECORDS_MAX} games)` };
    else saved.unshift(text);
    return this.kept.write(saved) ? { ok: true } : { ok: false, why: 'this browser would not store it' };
  }
}

// a record as a link's fragment, and back
export const recordLink = (r) => `#game=${encodeURIComponent(recordText(r))}`;
export function recordFromHash(hash) {
  const m = (hash || '').match(/^#game=(.*)$/s);
  if (!m) return null;
  if (m[1].length > 3 * TEXT_MAX) return { ok: false, why: `the link is ${m[1].length} characters, far more than games hold` };
  let text;
  try {
    text = decodeURIComponent(m[1]);
  } catch {
    return { ok: false, why: 'the link is cut short or not encoded' };
  }
  return parseRecords(text);
}
