#!/usr/bin/env bash
# Where an AVR firmware spends its cycles, per function: runs a simulator
# script with --profile and sums the cycles of each function's address range
# (from avr-nm). Default: the AI bench (every suite position, every level).
#   tools/bench/profile.sh [ELF [SCRIPT]]
# Prints "percent cycles function", most expensive first.
set -eu
cd "$(dirname "$0")/../.."
ELF=${1:-build/avr/ai_bench.elf}
SCRIPT=${2:-build/sim-scripts/avr-ai-same-as-host.script}
[ -f "$ELF" ] && [ -f "$SCRIPT" ] || { echo "profile.sh: build first (make firmware sim-scripts)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/host/jarmo-sim --script "$SCRIPT" --profile "$out/pc" "$ELF" > /dev/null
avr-nm -S --defined-only "$ELF" > "$out/syms"
python3 - "$out/syms" "$out/pc" <<'PY'
import bisect, sys
syms = []
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) == 4 and f[2] in "tTwW":
        syms.append((int(f[0], 16), int(f[0], 16) + int(f[1], 16), f[3]))
syms.sort()
starts = [s[0] for s in syms]
cost, total = {}, 0
for line in open(sys.argv[2]):
    a, c = line.split()
    a, c = int(a, 16), int(c)
    i = bisect.bisect_right(starts, a) - 1
    name = syms[i][2] if i >= 0 and a < syms[i][1] else "?"
    cost[name] = cost.get(name, 0) + c
    total += c
for name, c in sorted(cost.items(), key=lambda x: -x[1]):
    print("%6.2f %12d %s" % (100.0 * c / total, c, name))
PY
