// The frame of the page's command lines (flash.mjs, follow.mjs): their
// arguments read (a bad one: its reason and the usage on stderr, exit 2;
// --help: the usage, exit 0), the tool run only when its file is the
// program itself (a test imports openPort without flashing anything), and
// its exit status kept.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export function runCli(moduleUrl, name, usage, parseArgs, run) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== fs.realpathSync(process.argv[1])) return;
  const done = (rc) => {
    process.exitCode = rc;
    // a tty read stream can hold the loop open a moment after destroy
    setTimeout(() => process.exit(rc), 50).unref();
  };
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${name}: ${e.message}\n${usage}`);
    return done(2);
  }
  if (args.help) {
    console.log(usage);
    return done(0);
  }
  run(args).then(done);
}
