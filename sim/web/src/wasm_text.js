// Text in and out of a WebAssembly module's two char buffers (console.wasm's
// console_text_in / _out, review.wasm's review_text_in / _out): printable
// ASCII in, NUL-ended; the NUL-ended answer out.
export function wasmText(x, inName, outName) {
  const mem = () => new Uint8Array(x.memory.buffer);
  return {
    put(s) {
      const m = mem();
      const at = x[inName].value;
      for (let i = 0; i < s.length; i++) m[at + i] = s.charCodeAt(i);
      m[at + s.length] = 0;
    },
    get() {
      const m = mem();
      let s = '';
      for (let i = x[outName].value; m[i]; i++) s += String.fromCharCode(m[i]);
      return s;
    },
  };
}
