// The game review, off the page's thread: the console's AI as WebAssembly
// (review.wasm, sim/web/wasm/review_wasm.c). One message { rules, first,
// moves, level } in; { row } for each position as it is judged, then
// { done, ms } (or { error }). Or { judge: true, ... }, { line: true, ...
// } and { turn: true, ... }: below.
import { wasmText } from './wasm_text.js';

let x = null;
let io = null;
const clamp = (v) => Math.max(-2000, Math.min(2000, v));

async function engine() {
  if (x) return x;
  const r = await fetch('review.wasm');
  if (!r.ok) throw new Error(`review.wasm: ${r.status}`);
  x = (await WebAssembly.instantiate(await r.arrayBuffer())).instance.exports;
  io = wasmText(x, 'review_text_in', 'review_text_out');
  return x;
}

const textIn = (s) => io.put(s);
const textOut = () => io.get();

// the AI's judgement of the position now: { best, score (for the side to
// move), depth, nodes } or { over }
function think(level) {
  x.review_think(level);
  const w = textOut().split(' ');
  if (w[0] === 'over') return { over: { white: Number(w[1]), black: Number(w[2]), winner: w[3] } };
  return { best: w[0], score: Number(w[1]), depth: Number(w[2]), nodes: Number(w[3]), white: x.review_side_to_move() === 0 };
}

// { judge: true, rules, first, moves, level }: every legal move of the
// position after `moves` judged (review_wasm.c's review_judge: the proof of
// the page's "your mistakes" puzzles), best first: { judged: [{ move,
// value (for the side to move, centi-pieces), reply (null: the move ends
// the game) }], ms }
// The position after `moves` from the start (a rule set and its first mover)
function startAfter(rules, first, moves) {
  textIn(`${rules} ${first}`);
  if (!x.review_start()) throw new Error(textOut());
  for (let i = 0; i < moves.length; i++) {
    textIn(moves[i].slice(0, 60));
    if (!x.review_move()) throw new Error(`move ${i + 1} (${moves[i]}) is not legal there`);
  }
}

// the engine's move here at `level`, played: the move, or null when the game is over
function playBest(level) {
  const t = think(level);
  if (t.over) return null;
  textIn(t.best);
  if (!x.review_move()) throw new Error(`the engine's ${t.best} is not legal`);
  return t.best;
}

function judgeAfter(rules, first, moves, level) {
  startAfter(rules, first, moves);
  const n = x.review_judge(level);
  const judged = [];
  for (let i = 0; i < n; i++) {
    x.review_judged(i);
    const [move, value, reply] = textOut().split(' ');
    judged.push({ move, value: Number(value), reply: reply === '-' ? null : reply });
  }
  return judged.sort((a, b) => b.value - a.value);
}

// { line: true, rules, first, moves, plies, level }: the engine's best line
// from the position after `moves`, up to `plies` moves (fewer when the game
// ends): { line: [moves], ms }
const LINE_PLIES_MAX = 12;
function lineAfter(rules, first, moves, plies, level) {
  if (!Number.isInteger(plies) || plies < 1 || plies > LINE_PLIES_MAX) throw new Error(`a line of ${plies} moves: 1..${LINE_PLIES_MAX}`);
  startAfter(rules, first, moves);
  const line = [];
  for (let m; line.length < plies && (m = playBest(level)); ) line.push(m);
  return line;
}

// { turn: true, rules, first, moves, level, engine }: a game played on
// from the position after `moves`; with engine, the engine's move there
// first (level): { turn: { played (the engine's move or null), legal (the
// moves of the side to move after it; none when the game is over) }, ms }
function turnAfter(rules, first, moves, level, engineMoves) {
  startAfter(rules, first, moves);
  const played = engineMoves ? playBest(level) : null;
  const legal = [];
  for (let i = 0, n = x.review_legal(); i < n; i++) {
    x.review_judged(i);
    legal.push(textOut().split(' ')[0]);
  }
  return { played, legal };
}

self.onmessage = async (ev) => {
  const t0 = performance.now();
  // every message is answered: one that is not a request (null, a number)
  // with { error }, as a bad request is
  if (!ev.data || typeof ev.data !== 'object') {
    self.postMessage({ error: `not a request: ${String(ev.data).slice(0, 20)}`, ms: 0 });
    return;
  }
  const { rules, first, moves, level = 6 } = ev.data;
  if (ev.data.judge || ev.data.line || ev.data.turn) {
    try {
      await engine();
      if (ev.data.turn) self.postMessage({ turn: turnAfter(rules, first, moves, level, Boolean(ev.data.engine)), ms: performance.now() - t0 });
      else if (ev.data.line) self.postMessage({ line: lineAfter(rules, first, moves, ev.data.plies, level), ms: performance.now() - t0 });
      else self.postMessage({ judged: judgeAfter(rules, first, moves, level), ms: performance.now() - t0 });
    } catch (e) {
      self.postMessage({ error: e.message, ms: performance.now() - t0 });
    }
    return;
  }
  try {
    // what crosses into review.wasm is checked here: a rule set and a side
    // (the follower's word could be anything), moves as the notation
    // writes them, each within review_text_in's 64 bytes (wasm_text.js)
    if (!['classic', 'brainking', 'ludos', 'jasir'].includes(rules) || !['white', 'black'].includes(first))
      throw new Error(`not a rule set and a side: ${String(rules).slice(0, 20)} ${String(first).slice(0, 20)}`);
    if (!Array.isArray(moves) || moves.some((m) => typeof m !== 'string' || !/^[a-e1-5@x-]{2,10}$/.test(m)))
      throw new Error('the moves are not all moves in the notation');
    if (!Number.isInteger(level) || level < 1 || level > 6) throw new Error(`level ${level}: 1..6`);
    await engine();
    startAfter(rules, first, []);
    let here = think(level);
    for (let i = 0; i < moves.length; i++) {
      if (here.over) throw new Error(`move ${i + 1} (${moves[i]}) comes after the game ended`);
      textIn(moves[i]);
      if (!x.review_move()) throw new Error(`move ${i + 1} (${moves[i]}) is not legal there`);
      const next = think(level);
      // White's view of the position before and after, in centi-pieces
      const before = here.white ? here.score : -here.score;
      let after;
      if (next.over) after = next.over.winner === 'draw' ? 0 : (next.over.winner === 'white' ? 1 : -1) * 10000;
      else after = next.white ? next.score : -next.score;
      // what the move cost its mover: the best line's score less the one it
      // chose, a won or lost game (the AI's decided scores, 8,648 and up)
      // counted as 20 pieces, so that throwing a win away costs 20 to 40
      const mine = here.white ? after : -after;
      const cost = moves[i] === here.best ? 0 : Math.max(0, clamp(here.score) - clamp(mine));
      // ended: the move ended the game ('white', 'black' or 'draw': who won)
      self.postMessage({ row: { ply: i + 1, move: moves[i], best: here.best, before, after, cost, depth: here.depth, nodes: here.nodes, ended: next.over ? next.over.winner : '' } });
      here = next;
    }
    self.postMessage({ done: true, ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ error: e.message, ms: performance.now() - t0 });
  }
};
