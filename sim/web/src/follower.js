// Following a console's game from its debug lines (docs/protocol.md, "the
// console's log") as bytes arrive from a serial port: the page's "Follow a
// console" (Web Serial) and sim/web/follow.mjs (a port on this machine)
// both feed bytes here. Each finished game becomes a record (records.js).
// No DOM, no I/O.
import { GameLog } from './game_log.js';
import { recordAtOver } from './records.js';

export class Follower {
  // on({ type: 'line', text } | { type: 'start', setup } |
  //    { type: 'move', moves } | { type: 'over', record, partial })
  constructor(on) {
    this.on = on;
    this.log = new GameLog();
    this.line = '';
  }

  bytes(chunk) {
    for (const b of chunk) {
      if (b === 10) {
        this.take(this.line);
        this.line = '';
      } else if (b !== 13 && this.line.length < 200) {
        this.line += String.fromCharCode(b);
      }
    }
  }

  take(text) {
    this.on({ type: 'line', text });
    const over = recordAtOver(this.log, text);
    if (over) this.on({ type: 'over', ...over });
    if (!this.log.line(text)) return;
    if (/^(start|resume) /.test(text)) this.on({ type: 'start', setup: this.log.setup });
    else if (/^(move|undo) /.test(text)) this.on({ type: 'move', moves: this.log.moves.slice() });
  }
}
