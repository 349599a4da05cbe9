// The game in notation, read from the console's debug console (its lines:
// docs/protocol.md, "the console's log"): the moves since the game's start,
// the undone ones taken back, and each game's result. No DOM: the page
// draws it, node tests it.
const SIDE = { white: 'green', black: 'red' };
// the over line's fifth word (docs/protocol.md), in words
const REASON = { 'no-moves': 'no moves left', across: 'all across', 'no-pieces': 'no pieces left', shuttle: 'back and forth twice each' };
// with the side it names (the page adds it from the game replayed, as
// sim/status_text.c says it): "you got all across first"
const NAMED = { 'no-moves': ' cannot move', across: ' got all across first', 'no-pieces': ' lost all its pieces' };

export class GameLog {
  constructor() {
    this.rules = null;
    this.setup = null; // the start/resume line's words
    this.moves = []; // "c1-d3", in order, the first mover's first
    this.results = []; // lines in words, one per game played here
    this.partial = false; // the game was resumed with moves this page never saw
    this.over = false; // the game since the start line has ended (its over line seen)
  }

  // the game being played now, as the list shows it (issue 44 item 6):
  // { rules, first, white, black, level, moves } or null (none, or over)
  inProgress() {
    const s = this.setup;
    if (!s || this.over || this.partial) return null;
    const vs = Boolean(s.human);
    const p1 = Number(s.game) % 2 ? 'white' : 'black';
    const name = (side) => (vs ? (side === s.human ? 'you' : `console ${s.level}`) : side === p1 ? 'P1' : 'P2');
    return { rules: s.rules, first: s.first, white: name('white'), black: name('black'), level: vs ? Number(s.level) : null, moves: this.moves.slice() };
  }

  // one line of the debug console; true when the list changed
  line(text) {
    let m;
    if ((m = text.match(/^(start|resume) (\w+) first (white|black)(?: console (\d) human (white|black))? match (\d+)\/(\d+)$/))) {
      const [, how, rules, first, level, human, game, games] = m;
      const same = this.setup && this.setup.rules === rules && this.setup.game === game && this.setup.games === games;
      this.rules = rules;
      this.setup = { rules, first, level, human, game, games };
      // a resumed game this page has not followed: its earlier moves are unknown
      this.partial = how === 'resume' && !same;
      if (how === 'start' || !same) this.moves = [];
      // a new match: the last match's results are not this one's (they
      // stood unlabelled under it; the kept games keep them)
      if (how === 'start' && game === '1') this.results = [];
      this.over = false;
      return true;
    }
    if ((m = text.match(/^move (\S+)$/))) {
      this.moves.push(m[1]);
      return true;
    }
    if ((m = text.match(/^undo (\S+)$/))) {
      const i = this.moves.lastIndexOf(m[1]);
      if (i >= 0) this.moves.splice(i, 1);
      return true;
    }
    if ((m = text.match(/^over (\d+) (\d+) (\w+)(?: (\S+))?(?: (white|black|draw))?$/))) {
      this.results.push(this.result(Number(m[1]), Number(m[2]), m[3], m[4], m[5]));
      this.over = true;
      return true;
    }
    if ((m = text.match(/^match over (\d+) (\d+) (\w+)$/))) {
      const [p1, p2] = [Number(m[1]), Number(m[2])];
      const vs = this.setup?.human;
      const you = vs && this.setup.human === (Number(this.setup.game) % 2 ? 'white' : 'black') ? 0 : 1; // P1 had White in game 1
      const names = vs ? (you === 0 ? ['you', 'the console'] : ['the console', 'you']) : ['P1', 'P2'];
      const hi = Math.max(p1, p2), lo = Math.min(p1, p2);
      this.results.push(m[3] === 'draw' ? `Match drawn ${p1}-${p2}.` : `Match: ${names[m[3] === 'p1' ? 0 : 1]} ${vs && names[m[3] === 'p1' ? 0 : 1] === 'you' ? 'win' : 'wins'} ${hi}-${lo}.`);
      return true;
    }
    return false;
  }

  // the words of the status and the console: the winner named as the
  // player knows it, the winner's points first ("you win 6-2")
  result(white, black, winner, reason, side) {
    const s = this.setup;
    const game = s ? `Game ${s.game} of ${s.games}` : 'Game';
    const named = side === 'white' || side === 'black' ? (s?.human ? (s.human === side ? 'you' : 'the console') : SIDE[side]) : null;
    const why = named && NAMED[reason] ? ` (${named}${named === 'you' && reason === 'no-pieces' ? ' lost all your pieces' : NAMED[reason]})`
      : REASON[reason] ? ` (${REASON[reason]})` : '';
    if (winner !== 'white' && winner !== 'black') return `${game}: a draw ${white}-${black}${why}.`;
    const who = s?.human ? (s.human === winner ? 'you win' : 'the console wins') : `${SIDE[winner]} wins`;
    const [hi, lo] = winner === 'white' ? [white, black] : [black, white];
    return `${game}: ${who} ${hi}-${lo}${why}.`;
  }

  // [[number, move], ...]: a move is one side's turn, numbered 1, 2, 3...
  numbered() {
    return this.moves.map((m, i) => [i + 1, m]);
  }

  // kept across a reload: the page resumes its list when the console resumes
  toJSON() {
    return { setup: this.setup, moves: this.moves, results: this.results.slice(-12), over: this.over };
  }

  restore(saved) {
    if (!saved || !Array.isArray(saved.moves)) return;
    this.setup = saved.setup || null;
    this.moves = saved.moves.filter((m) => typeof m === 'string');
    this.results = Array.isArray(saved.results) ? saved.results.filter((r) => typeof r === 'string') : [];
    this.over = saved.over === true;
  }
}
