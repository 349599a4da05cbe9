#!/usr/bin/env bash
# make play's interactive mode, driven through a real terminal (tmux): two
# taps of Right 0.18 s apart must both move the cursor, and the debug
# console area must not keep text from longer earlier lines.
#   tests/interactive.sh SIM ELF
set -u
sim=$1 elf=$2
tmp=$(mktemp -d); session=jarmo-test-$$
trap 'tmux kill-session -t "$session" 2>/dev/null; rm -rf "$tmp"' EXIT
ok() { echo "[       OK ] interactive $1"; }
bad() { echo "[  FAILED  ] interactive $1: $2"; }
tmux new-session -d -s "$session" -x 110 -y 60 "$sim --plain --eeprom $tmp/ee.bin $elf; sleep 5"
sleep 1.5
key() { tmux send-keys -t "$session" "$1"; sleep "$2"; }
# the start's words: x (B) skips them. Then the cursor is on c1: Right,
# Right (0.18 s apart) -> e1;
# A selects e1, Up Up Left -> d3, A plays e1-d3. One lost tap would select
# d1 and play d1-c3 instead.
key x 0.4; key Right 0.18; key Right 0.5; key z 0.4; key Up 0.4; key Up 0.4; key Left 0.4; key z 1.0
screen=$(tmux capture-pane -p -t "$session")
if printf '%s\n' "$screen" | grep -q 'move e1-d3'; then ok two-quick-taps
else bad two-quick-taps "no 'move e1-d3' on the debug console: $(printf '%s' "$screen" | grep -A6 'debug console' | tr '\n' '|')"; fi
# three new matches from the menu (long B, down to New match, A; the first
# asks, as a move was played: A again): the lines scroll up, each onto a
# row that held a line of another length
key m 1.4; key Down 0.2; key Down 0.2; key Down 0.3; key z 0.5; key z 0.6
for _ in 1 2; do key m 1.4; key Down 0.2; key Down 0.2; key Down 0.3; key z 0.6; done
screen=$(tmux capture-pane -p -t "$session")
stray=$(printf '%s\n' "$screen" | sed -n '/debug console:/,$p' | sed 1d | grep -v '^ *$' |
  grep -Ev '^    (jarmo jarmo-handheld ready|start classic first white console 2 human white match 1/2|move [a-e][1-5][-x][a-e][1-5](@[a-e][1-5])?|words [A-Z0-9 -]+) *$')
if [ -z "$stray" ] && printf '%s\n' "$screen" | grep -c 'start classic' | grep -q '[2-9]'; then ok clean-lines
else bad clean-lines "lines with leftover text: $(printf '%s' "$stray" | tr '\n' '|')"; fi
key q 0.3
