// Text in and out of a WebAssembly module's two char buffers (console.wasm's
// console_text_in / _out, review.wasm's review_text_in / _out, each
// IN_BYTES and at least OUT_BYTES long: sim/web/wasm/console_wasm.c,
// review_wasm.c): printable ASCII in, NUL-ended, never past the buffer (a
// longer or unprintable text throws, nothing written); the NUL-ended answer
// out, read no further than the buffer.
export const IN_BYTES = 64;
export const OUT_BYTES = 96;
export function wasmText(x, inName, outName, outBytes = OUT_BYTES) {
  const mem = () => new Uint8Array(x.memory.buffer);
  return {
    put(s) {
      s = String(s);
      if (s.length >= IN_BYTES || /[^\x20-\x7e]/.test(s))
        throw new Error(`not printable text of at most ${IN_BYTES - 1} characters: ${JSON.stringify(s.slice(0, 20))}...`);
      const m = mem();
      const at = x[inName].value;
      for (let i = 0; i < s.length; i++) m[at + i] = s.charCodeAt(i);
      m[at + s.length] = 0;
    },
    get() {
      const m = mem();
      let s = '';
      const from = x[outName].value;
      for (let i = from; i < from + outBytes && m[i]; i++) s += String.fromCharCode(m[i]);
      return s;
    },
  };
}
