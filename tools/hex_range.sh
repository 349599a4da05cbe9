#!/usr/bin/env bash
# Checks that an Intel hex file's data lie within LO..HI (inclusive):
#   tools/hex_range.sh FILE LO HI     (addresses in hex, e.g. 7E00 7FFF)
# Prints the range and the byte count; exits 1 when anything lies outside.
set -eu
file=$1 lo=$((16#$2)) hi=$((16#$3))
awk -v lo="$lo" -v hi="$hi" -v file="$file" '
  function hex(s,   i, v) { v = 0; for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789ABCDEF", toupper(substr(s, i, 1))) - 1; return v }
  BEGIN { base = 0; min = -1; max = -1; bytes = 0 }
  /^:/ {
    n = hex(substr($0, 2, 2)); addr = hex(substr($0, 4, 4)); type = hex(substr($0, 8, 2))
    if (type == 0 && n > 0) {
      a = base + addr; b = a + n - 1; bytes += n
      if (min < 0 || a < min) min = a
      if (b > max) max = b
    } else if (type == 2) base = hex(substr($0, 10, 4)) * 16
    else if (type == 4) base = hex(substr($0, 10, 4)) * 65536
  }
  END {
    printf "%s: %d bytes at 0x%04X..0x%04X (allowed 0x%04X..0x%04X)\n", file, bytes, min, max, lo, hi
    exit (min < lo || max > hi) ? 1 : 0
  }' "$file"
