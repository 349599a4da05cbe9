// Intel HEX (as avr-objcopy writes firmware.hex), the one reader of the
// page's flasher and flash.mjs. Throws on anything that would flash other
// than the whole image the file means, naming the line ("hex line 12: bad
// checksum"): a bad record, a record after the end-of-file record, two
// records giving the same address, a gap inside the image, or a file that
// does not end with an end-of-file record (cut short).

// The file's bytes: { bytes, used, end, size }: bytes is the program memory
// (FILL where the file has nothing), used marks each address the file
// gives, end is one past the highest one and size how many it gives.
export function parseHex(text, flashBytes = 0x8000, fill = 0) {
  const bytes = new Uint8Array(flashBytes).fill(fill);
  const used = new Uint8Array(flashBytes);
  let base = 0;
  let sawEnd = false;
  let end = 0;
  let size = 0;
  text.split(/\r?\n/).forEach((line, n) => {
    line = line.trim();
    if (!line) return;
    if (sawEnd) throw new Error(`hex line ${n + 1}: a record after the end-of-file record`);
    if (line[0] !== ':' || line.length < 11 || line.length % 2 === 0)
      throw new Error(`hex line ${n + 1}: not an Intel HEX record`);
    if (!/^:[0-9A-Fa-f]+$/.test(line)) throw new Error(`hex line ${n + 1}: not hexadecimal`);
    const rec = [];
    for (let i = 1; i < line.length; i += 2) rec.push(parseInt(line.substr(i, 2), 16));
    const [count, hi, lo, type] = rec;
    if (rec.length !== count + 5) throw new Error(`hex line ${n + 1}: length does not match its count`);
    if (rec.reduce((a, b) => a + b, 0) & 0xff) throw new Error(`hex line ${n + 1}: bad checksum`);
    const data = rec.slice(4, 4 + count);
    if (type === 0) {
      const at = base + ((hi << 8) | lo);
      if (at + count > flashBytes) throw new Error(`hex line ${n + 1}: past the end of flash`);
      for (let i = at; i < at + count; i++)
        if (used[i]) throw new Error(`hex line ${n + 1}: gives address 0x${i.toString(16)} again (overlapping records)`);
      bytes.set(data, at);
      used.fill(1, at, at + count);
      size += count;
      end = Math.max(end, at + count);
    } else if (type === 1) {
      sawEnd = true;
    } else if (type === 2) {
      base = ((data[0] << 8) | data[1]) << 4;
    } else if (type === 4) {
      base = ((data[0] << 8) | data[1]) << 16;
    } else if (type !== 3 && type !== 5) {
      throw new Error(`hex line ${n + 1}: unknown record type ${type}`);
    }
  });
  if (!sawEnd) throw new Error('hex: no end-of-file record (cut short?)');
  // one image, from its first address to its last: a hole inside it would
  // be flashed as FILL without the file saying so
  const start = used.indexOf(1);
  if (start >= 0 && end - start !== size) {
    let hole = start;
    while (used[hole]) hole++;
    throw new Error(`hex: no data at 0x${hole.toString(16)}, inside the image 0x${start.toString(16)}..0x${(end - 1).toString(16)} (a gap)`);
  }
  return { bytes, used, end, size };
}

// The program memory image avr8js runs: 16-bit words, little-endian.
export function loadHex(text, flashBytes = 0x8000) {
  return new Uint16Array(parseHex(text, flashBytes).bytes.buffer);
}
