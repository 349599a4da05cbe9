// The puzzles' rules, words and rating, without the DOM (puzzles_page.js
// draws them; node tests them). The proof is tools/puzzles/gen_puzzles.c's,
// also for the player's own puzzles from their kept games ("your
// mistakes"): at least MIN_CHOICES moves, and the answer the only move
// that keeps the win, or the only one that keeps an advantage of a piece,
// by PROOF_MARGIN over the next.
import { StoredJson } from './stored_json.js';
import { moverOf } from './review_marks.js';

export const MIN_CHOICES = 4;
export const ADVANTAGE = 100; // centi-pieces: a piece
export const PROOF_MARGIN = 200;
export const DECIDED = 8000; // the AI's won or lost scores are above this
export const MISTAKE_COST = 100; // a move of yours that cost a piece or more is looked at

// judged: every legal move { move, value (for the mover), reply }, best first
export function onlyMove(judged) {
  if (judged.length < MIN_CHOICES) return false;
  const [a, b] = judged;
  if (a.value >= DECIDED) return b.value < DECIDED;
  return a.value >= ADVANTAGE && b.value < ADVANTAGE && a.value - b.value >= PROOF_MARGIN;
}

// what a position leaves the mover, in words
function standing(v) {
  if (v >= DECIDED) return 'a won game for you';
  if (v <= -DECIDED) return 'a lost game for you';
  if (Math.abs(v) < 25) return 'an even game';
  const n = (Math.abs(v) / 100).toFixed(2);
  return `you ${n} piece${n === '1.00' ? '' : 's'} ${v > 0 ? 'ahead' : 'behind'}`;
}

// the goal as the answers are judged: a piece ahead or more (ADVANTAGE)
const ADVANTAGE_WORDS = 'keeps you a piece ahead or more';
const keeps = (p) => (p.value >= DECIDED ? 'wins the game' : `keeps ${standing(p.value)}`);

// A puzzle asks one move, or two where gen_puzzles.c proved the mover's
// next move the only one too (p.then): ask k (0 or 1) is played after the
// puzzle's moves and the solution's first 2k moves; { move, value, wrong }.
export const asks = (p) => (p.then && p.solution.length >= 3 ? 2 : 1);
export function askOf(p, k = 0) {
  return k === 0 ? { move: p.solution[0], value: p.value, wrong: p.wrong } : { move: p.solution[2], value: p.then.value, wrong: p.then.wrong };
}
// the side to move at ask 0 ('white' or 'black'): the mover of the next move
export const toMove = (p) => moverOf(p.moves.length + 1, p.first || 'white');

// The words for the right move and for a wrong one (the ask's wrong[m]).
export function rightWords(p, k = asks(p) - 1) {
  const a = askOf(p, k);
  if (k < asks(p) - 1) return `Right: ${a.move}. ${toMove(p) === 'white' ? 'Red' : 'Green'} answers ${p.solution[2 * k + 1]}: find the next move, again the only one.`;
  return `Right: ${a.move}, the only move that ${a.value >= DECIDED ? 'wins the game' : ADVANTAGE_WORDS}. The line: ${p.solution.join(' ')} (it ${keeps(a)}).`;
}

export function wrongWords(p, m, k = 0) {
  const a = askOf(p, k);
  const w = a.wrong[m];
  // ahead, but by less than the piece the puzzle asks for: said so
  const short = a.value < DECIDED && w.value >= 25 && w.value < ADVANTAGE ? ', less than the piece this puzzle asks you to keep' : '';
  const after = w.reply ? `${m} is answered by ${w.reply}, which leaves ${standing(w.value)}${short}` : `${m} ends the game: ${standing(w.value).replace(' for you', '')}`;
  return `Not this one: ${after}; the best move ${keeps(a)}. Try again.`;
}

// What a puzzle is about, where its moves tell: "capture" (the answer
// takes), "return" (it brings a piece back: c4xd5@b1, @b1), "race" (it
// arrives in the enemy camp), "defence" (it takes nothing and most other
// moves lose a piece to the reply). The themes of every ask.
export function themes(p) {
  const out = new Set();
  for (let k = 0; k < asks(p); k++) {
    const { move, wrong } = askOf(p, k);
    const camp = toMove(p) === 'white' ? '5' : '1';
    const arrive = move.match(/([a-e][1-5])(?:@[a-e][1-5])?$/)[1];
    if (move.includes('x')) out.add('capture');
    if (move.includes('@')) out.add('return');
    if (!move.startsWith('@') && arrive[1] === camp) out.add('race');
    const replies = Object.values(wrong).map((w) => w.reply || '');
    if (!move.includes('x') && replies.length && replies.filter((r) => r.includes('x')).length * 2 >= replies.length) out.add('defence');
  }
  return [...out];
}

// a puzzle's difficulty in words, from its rating
export const difficulty = (rating) => (rating < 1000 ? 'easy' : rating < 1300 ? 'medium' : 'hard');

// ---- the player's puzzle rating: Elo, as lichess rates puzzles (it uses
// Glicko-2; Elo is its simpler ancestor): the first answer to a puzzle
// counts, a win if it was the right move; K 40 for the first 20 rated
// puzzles, then 20. Kept in the browser.
export const RATING_START = 1200;
export const expected = (player, puzzle) => 1 / (1 + 10 ** ((puzzle - player) / 400));
export function rated(state, puzzleRating, solved) {
  const k = state.count < 20 ? 40 : 20;
  const rating = Math.round(state.rating + k * ((solved ? 1 : 0) - expected(state.rating, puzzleRating)));
  return { rating, count: state.count + 1 };
}

export class PuzzleRating {
  constructor(storage, key = 'jarmo-puzzle-rating') {
    this.kept = new StoredJson(storage, key);
  }

  get() {
    const s = this.kept.read(null);
    // a rating Elo's sums can reach (a stored 1e308 is not one: start again)
    if (s && Number.isFinite(s.rating) && s.rating >= 0 && s.rating <= 4000 && Number.isInteger(s.count) && s.count >= 0 &&
        s.count < 1e6) return { rating: s.rating, count: s.count };
    return { rating: RATING_START, count: 0 }; // not one: start again
  }

  // a first answer to a puzzle rated `puzzleRating`: the new state, and
  // kept: false when the browser refused to store it (full or blocked: the
  // puzzles still play, and the page says it)
  answer(puzzleRating, solved) {
    const next = rated(this.get(), puzzleRating, solved);
    return { ...next, kept: this.kept.write(next) };
  }
}

// ---- "your mistakes": the player's own puzzles from their kept games ----
// The plies (1-based) of a reviewed game worth a look: the player's moves
// (side 'white' or 'black') that cost MISTAKE_COST or more, the costliest
// first, at most `most`.
export function mistakeCandidates(rows, first, side, most = 3) {
  return rows.filter((r) => moverOf(r.ply, first) === side && r.cost >= MISTAKE_COST)
    .sort((a, b) => b.cost - a.cost || a.ply - b.ply).slice(0, most).map((r) => r.ply);
}

// The side a kept game's player ("you") had, or null.
export const yourSide = (record) => (record.white === 'you' ? 'white' : record.black === 'you' ? 'black' : null);

// A puzzle of your own: the position before your move (the record's first
// ply - 1 moves), proven on `judged` (the position's moves, best first);
// null when the proof fails or the best move is the one you played.
export function ownPuzzle(record, ply, judged) {
  const played = record.moves[ply - 1];
  if (!onlyMove(judged) || judged[0].move === played) return null;
  const side = yourSide(record);
  const [best, ...others] = judged;
  const wins = best.value >= DECIDED;
  const wrong = Object.fromEntries(others.map((j) => [j.move, { value: j.value, reply: j.reply }]));
  const moves = record.moves.slice(0, ply - 1);
  return {
    id: `mine-${record.rules}-${record.first}-${moves.join('.')}`.slice(0, 400),
    rules: record.rules,
    first: record.first,
    moves,
    solution: best.reply ? [best.move, best.reply] : [best.move],
    goal: `${side === 'white' ? 'Green' : 'Red'} to move: find the only move that ${wins ? 'wins the game' : ADVANTAGE_WORDS} (you played ${played} here)`,
    value: best.value,
    wrong,
    // as gen_puzzles.c rates a puzzle the AI's tries all miss: you missed it
    rating: 800 + 45 * 12 + 8 * Math.min(30, judged.length),
    mine: true,
    played,
    from: record.date,
  };
}

// What "Find puzzles in my games" found, in words; a costly move that made
// no puzzle is sent to where it can be learned from (issue 52 item 13:
// "looked at 12 costly moves, 0 puzzles" said nothing more)
export function mineWords({ games, looked, found, fresh, kept, seconds }) {
  const s = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const rest = looked - found;
  return `Looked at ${s(games, 'game')} of yours, ${s(looked, 'costly move')}: ${s(found, 'proven puzzle')} (${fresh} new${kept ? '' : ', not kept: this browser\'s storage is full'}) in ${seconds.toFixed(1)} s.` +
    (rest > 0 ? ` A costly move becomes a puzzle only where one move alone kept the win or a piece; ${found === 0 ? (rest === 1 ? 'this one is' : `these ${rest} are`) : rest === 1 ? 'the other is' : `the other ${rest} are`} for "Retry your mistakes": Replay the game, Review it, then Retry.` : '');
}

// the player's own puzzles, kept in the browser apart from the others
export class OwnPuzzles {
  constructor(storage, key = 'jarmo-my-puzzles') {
    this.kept = new StoredJson(storage, key);
  }

  // the kept ones the page can play: anything else in the storage (a
  // corrupt entry) is left out, never handed to the page to throw on
  list() {
    const l = this.kept.read([]);
    const moves = (m) => Array.isArray(m) && m.every((x) => typeof x === 'string' && x.length <= 12);
    return Array.isArray(l) ? l.filter((p) => p && typeof p === 'object' && typeof p.id === 'string' && typeof p.rules === 'string' &&
      ['white', 'black'].includes(p.first) && moves(p.moves) && moves(p.solution) && p.solution.length > 0 &&
      typeof p.goal === 'string' && Number.isFinite(p.rating) && p.wrong && typeof p.wrong === 'object' && !Array.isArray(p.wrong) &&
      Object.values(p.wrong).every((w) => w && Number.isFinite(w.value) && (w.reply === null || typeof w.reply === 'string'))) : [];
  }

  // adds the ones not there yet: { fresh: the new ones, kept: whether the
  // browser stored them (false: its storage is full or blocked) }
  add(puzzles) {
    const l = this.list();
    const ids = new Set(l.map((p) => p.id));
    const fresh = puzzles.filter((p) => !ids.has(p.id));
    return { fresh, kept: !fresh.length || this.kept.write([...l, ...fresh].slice(-100)) };
  }
}
