#!/usr/bin/env bash
# Measures the AI's strength with build/host/jarmo-arena and writes
# docs/strength.md. Reproduce with: make build/host/jarmo-arena && tools/strength.sh
# (it builds build/host/jarmo-arena-base, level 5 as of 5a653c0, with git)
# (PAIRS, UCT_PAIRS, REF_PAIRS and LADDER_PAIRS set the number of game pairs
# per rule set.)
set -eu -o pipefail # an arena run that fails stops the script, not just its row
cd "$(dirname "$0")/.."
ARENA=build/host/jarmo-arena
BASE=5a653c0 # the AI before issue 32 (level 6 and the fitted weights)
make --no-print-directory -s arena-base BASE=$BASE >/dev/null
OPEN=${OPEN:-4} # random opening plies for the matches between levels
BAL=${BAL:-30}  # the top level's second table: openings both level 5s score within BAL of even
PAIRS=${PAIRS:-10}
UCT_PAIRS=${UCT_PAIRS:-10}
UCT=${UCT:-20000}
REF_PAIRS=${REF_PAIRS:-50}
LADDER_PAIRS=${LADDER_PAIRS:-100}
out=docs/strength.md
# the line after which docs/strength.md is prose written by hand, kept by each run
KEEP='<!-- tools/strength.sh writes the tables above and keeps the text below. -->'
if [ -f "$out" ] && ! grep -qxF -- "$KEEP" "$out"; then
  echo "strength.sh: $out has no line '$KEEP'; put it back above the text written by hand" >&2
  exit 1
fi
# one table row from an arena run: table_row PLAYER_NOTE OPPONENT_NOTE ARENA_ARGS...
# (the notes follow the names: " (seed 2)", " (jasir)")
table_row() { # "a vs b: N games, +W =D -L, score S%, elo E [lo, hi]" (the arena's other lines dropped)
  local who=$1 vs=$2; shift 2
  "$ARENA" "$@" | sed -n -E 's/^(.*) vs (.*): ([0-9]+) games, \+([0-9]+) =([0-9]+) -([0-9]+), score ([0-9.]+)%, elo (.*) \[(.*)\]$/| \1'"$who"' | \2'"$vs"' | \3 | \4 \/ \5 \/ \6 | \7% | \8 | [\9] |/p'
}
row() { table_row "" "" -g "$1" "$2" "$3"; } # PAIRS PLAYER OPPONENT
{
  echo "# Strength of the console's AI"
  echo
  echo "Measured on the host with \`build/host/jarmo-arena\` (the same AI source as the"
  echo "firmware; \`make test\` checks that the AVR build chooses the same moves)."
  echo "Every match is played in pairs of games with sides swapped, over all four rule"
  echo "sets; White moves first. Score counts a win 1, a draw 1/2. Elo is the"
  echo "difference implied by the score, with a 95% interval from the games' spread"
  echo "(±999 stands for a score of 0% or 100%)."
  echo
  echo "Reference opponents, written independently of the AI module (\`tools/arena/arena.c\`):"
  echo "\`random\` (uniform legal move), \`greedy\` (best immediate change of the score"
  echo "difference, a winning move first) and \`uct:N\` (plain Monte-Carlo tree search,"
  echo "UCB1 with c = 1.4, N random playouts per move)."
  echo
  echo "Reproduce: \`make build/host/jarmo-arena && tools/strength.sh\` ($PAIRS pairs per rule set"
  echo "against random and greedy, $UCT_PAIRS against uct:$UCT)."
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  for l in 1 2 3 4 5 6; do
    row "$PAIRS" "ai:$l" random
    row "$PAIRS" "ai:$l" greedy
    row "$UCT_PAIRS" "ai:$l" "uct:$UCT"
  done
  echo
  echo "Against the fixed reference player \`ref:LEVEL\`, the AI as of commit ed8511a"
  echo "(\`tools/arena/reference/\`, frozen; $REF_PAIRS pairs per rule set; level 5 also with a second seed):"
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  for l in 5 4 3; do row "$REF_PAIRS" "ai:$l" "ref:$l"; done
  table_row " (seed 2)" "" -g "$REF_PAIRS" -s 2 ai:5 ref:5
  echo
  echo "Levels 5 and 6 against uct:$UCT in each rule set ($UCT_PAIRS pairs each, seed 3):"
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  for l in 5 6; do
    for r in classic brainking ludos jasir; do
      table_row "" " ($r)" -g "$UCT_PAIRS" -r "$r" -s 3 "ai:$l" "uct:$UCT"
    done
  done
  echo
  echo "The top level against level 5 as it was before issue 32 (\`base:5\`, the AI of"
  echo "commit $BASE, built beside today's by \`make arena-base\`), and today's level 5"
  echo "(the weights fitted by \`jarmo-texel\`, docs/ai.md \"Tuned by data\") against"
  echo "it. Each pair of games starts from its own $OPEN random moves (\`-o $OPEN\`):"
  echo "from the start position two deterministic players repeat most of their games"
  echo "(level 5 against itself played 12 different jasir games in 200), which made"
  echo "earlier figures here look surer and higher than they were. $LADDER_PAIRS pairs"
  echo "per rule set, two seeds, then each rule set with $((LADDER_PAIRS / 2)) pairs:"
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  ARENA=build/host/jarmo-arena-base
  table_row "" " ($BASE)" -o "$OPEN" -g "$LADDER_PAIRS" ai:6 base:5
  table_row " (seed 2)" " ($BASE)" -o "$OPEN" -s 2 -g "$LADDER_PAIRS" ai:6 base:5
  for r in classic brainking ludos jasir; do
    table_row "" " ($BASE, $r)" -o "$OPEN" -g "$((LADDER_PAIRS / 2))" -r "$r" ai:6 base:5
  done
  table_row "" " ($BASE)" -o "$OPEN" -g "$LADDER_PAIRS" ai:5 base:5
  table_row " (seed 2)" " ($BASE)" -o "$OPEN" -s 2 -g "$LADDER_PAIRS" ai:5 base:5
  ARENA=build/host/jarmo-arena
  row "$REF_PAIRS" ai:6 ref:5
  echo
  echo "A random opening can already have cost a side a piece or a race. The sides"
  echo "swap within a pair, so a pair split 1-1 was won twice by the same colour:"
  echo "the opening or moving first decided it, not the players. The same matches"
  echo "from openings that both AIs' level 5 (today's and $BASE's) score within $BAL"
  echo "centi-pieces of even (\`-o $OPEN -b $BAL\`), as engine matches use balanced"
  echo "openings; three seeds, then each rule set:"
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  ARENA=build/host/jarmo-arena-base
  table_row "" " ($BASE)" -o "$OPEN" -b "$BAL" -g "$LADDER_PAIRS" ai:6 base:5
  table_row " (seed 2)" " ($BASE)" -o "$OPEN" -b "$BAL" -s 2 -g "$LADDER_PAIRS" ai:6 base:5
  table_row " (seed 3)" " ($BASE)" -o "$OPEN" -b "$BAL" -s 3 -g "$LADDER_PAIRS" ai:6 base:5
  for r in classic brainking ludos jasir; do
    table_row "" " ($BASE, $r)" -o "$OPEN" -b "$BAL" -g "$((LADDER_PAIRS / 2))" -r "$r" ai:6 base:5
  done
  table_row "" " ($BASE)" -o "$OPEN" -b "$BAL" -g "$LADDER_PAIRS" ai:5 base:5
  ARENA=build/host/jarmo-arena
  echo
  echo "Each level against the one below ($LADDER_PAIRS pairs per rule set, \`-o $OPEN\`):"
  echo
  echo "| player | opponent | games | W / D / L | score | Elo | 95% interval |"
  echo "|---|---|---|---|---|---|---|"
  for l in 2 3 4 5 6; do table_row "" "" -o "$OPEN" -g "$LADDER_PAIRS" "ai:$l" "ai:$((l - 1))"; done
  echo
  # what is written by hand below the tables is kept as it is
  echo "$KEEP"
  if [ -f "$out" ]; then awk -v keep="$KEEP" 'kept { print } $0 == keep { kept = 1 }' "$out"; fi
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
