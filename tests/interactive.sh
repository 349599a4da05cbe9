#!/usr/bin/env bash
# make play's interactive mode, driven through a real terminal (tmux): two
# taps of Right 0.05 s apart must both move the cursor, and the debug
# console area must not keep text from longer earlier lines.
# Closing the terminal keeps the game; a crash exits 1; the scrolling
# words show as text under the matrix; every key is a tap of its own.
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
# the start's words as plain text under the matrix, while they scroll
screen=$(tmux capture-pane -p -t "$session")
if printf '%s\n' "$screen" | grep -q '^  words: GAME 1 OF 2 - CLASSIC - YOU ARE GREEN - YOU START'; then ok words-under-the-matrix
else bad words-under-the-matrix "no words line: $(printf '%s' "$screen" | sed -n '14,22p' | tr '\n' '|')"; fi
# every key a tap of its own, however fast: Right, Right 0.05 s apart
key x 0.4; key Right 0.05; key Right 0.5; key z 0.4; key Up 0.4; key Up 0.4; key Left 0.4; key z 1.0
screen=$(tmux capture-pane -p -t "$session")
if printf '%s\n' "$screen" | grep -q 'move e1-d3'; then ok two-quick-taps
else bad two-quick-taps "no 'move e1-d3' on the debug console: $(printf '%s' "$screen" | grep -A6 'debug console' | tr '\n' '|')"; fi
# m then Down at once: the menu opens (a long B), then Down goes to Undo
key m 0.1; key Down 1.6
screen=$(tmux capture-pane -p -t "$session")
if printf '%s\n' "$screen" | grep -q '^    words UNDO'; then ok m-then-down
else bad m-then-down "no 'words UNDO': $(printf '%s' "$screen" | grep -A6 'debug console' | tr '\n' '|')"; fi
key x 0.5
# three new matches from the menu (long B, down to New match, A; the first
# asks, as a move was played: A again): the lines scroll up, each onto a
# row that held a line of another length
key m 1.4; key Down 0.2; key Down 0.2; key Down 0.3; key z 0.5; key z 0.6
for _ in 1 2; do key m 1.4; key Down 0.2; key Down 0.2; key Down 0.3; key z 0.6; done
screen=$(tmux capture-pane -p -t "$session")
stray=$(printf '%s\n' "$screen" | sed -n '/debug console:/,$p' | sed 1d | grep -v '^ *$' |
  grep -Ev '^    (jarmo jarmo-handheld ready|start classic first white console 2 human white match 1/2|move [a-e][1-5][-x][a-e][1-5](@[a-e][1-5])?|words [A-Z0-9 -]+|menu|menu closed) *$')
if [ -z "$stray" ] && printf '%s\n' "$screen" | grep -c 'start classic' | grep -q '[2-9]'; then ok clean-lines
else bad clean-lines "lines with leftover text: $(printf '%s' "$stray" | tr '\n' '|')"; fi
key q 0.3
# a closed window (tmux kill-session: SIGHUP) keeps every move played, and
# so does a kill -9 (the file follows the EEPROM as it is written): a move,
# then the terminal or the process goes away without q; the game resumes
hup=jarmo-hup-$$
tkey() { tmux send-keys -t "$hup" "$1"; sleep "$2"; }
ends_keep_game() { # NAME HOW
  local ee=$tmp/$1.bin moved resumed
  tmux new-session -d -s "$hup" -x 110 -y 60 "$sim --plain --eeprom $ee $elf; sleep 3"
  sleep 1.5
  tkey x 0.4; tkey z 0.4; tkey Up 0.4; tkey Up 0.4; tkey Right 0.4; tkey z 1.0
  moved=$(tmux capture-pane -p -t "$hup" | grep -o 'move c1-d3' | head -1)
  if [ "$2" = hup ]; then tmux kill-session -t "$hup"; else pkill -KILL -f -- "--eeprom $ee"; tmux kill-session -t "$hup" 2>/dev/null; fi
  sleep 1
  resumed=$(printf 'wait 300\n' | "$sim" --eeprom "$ee" --script /dev/stdin "$elf" 2>&1 | grep -o 'resume classic' | head -1)
  if [ -n "$moved" ] && [ -n "$resumed" ]; then ok "$1-keeps-the-game"
  else bad "$1-keeps-the-game" "moved: '${moved}', resumed: '${resumed}' ($(ls -l "$tmp"/"$1".bin* 2>&1 | tr '\n' ' '))"; fi
}
ends_keep_game closed-window hup
ends_keep_game killed kill
# every signal that ends the program gives the terminal back as it was
# (cooked, echo on): the ones a person or a system sends end the loop and
# save, the crashes restore it in their handler (issue 46 item 13)
# (a tmux server of its own; the simulator's pid from the shell it replaces)
own="tmux -L jarmo-sig-$$"
for sig in USR1 ALRM ABRT SEGV BUS; do
  ee=$tmp/sig-$sig.bin
  $own new-session -d -s sig -x 110 -y 60 \
    "sh -c 'echo \$\$ > $tmp/pid-$sig; exec $sim --plain --eeprom $ee $elf'; stty -a > $tmp/stty-$sig.txt; sleep 3"
  sleep 1.5
  pid=$(cat "$tmp/pid-$sig" 2>/dev/null)
  [ -n "$pid" ] && kill -s "$sig" "$pid"
  for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$tmp/stty-$sig.txt" ] && break; sleep 0.3; done
  $own kill-server 2>/dev/null
  if grep -Eq '(^| )icanon( |$)' "$tmp/stty-$sig.txt" 2>/dev/null && grep -Eq '(^| )echo( |$)' "$tmp/stty-$sig.txt"; then ok "terminal-restored-on-$sig"
  else bad "terminal-restored-on-$sig" "pid '${pid}'; stty after: $(grep -Eo -- '-?icanon|-?echo ' "$tmp/stty-$sig.txt" 2>/dev/null | tr '\n' ' ')"; fi
done
# a save that cannot be written (here: a folder where the file was) is said
# on the screen at once, and tried again: once the folder is gone, the next
# save writes every move (issue 46 item 5)
ee=$tmp/unsaved.bin
tmux new-session -d -s "$hup" -x 110 -y 60 "$sim --plain --eeprom $ee $elf; sleep 3"
sleep 1.5
rm -f "$ee"; mkdir "$ee"
tkey x 0.4; tkey z 0.4; tkey Up 0.4; tkey Up 0.4; tkey Right 0.4; tkey z 1.0
said=$(tmux capture-pane -p -t "$hup" | grep -c 'NOT SAVED: cannot put the new copy in place of')
rmdir "$ee"
sleep 1
gone=$(tmux capture-pane -p -t "$hup" | grep -c 'NOT SAVED')
tkey q 1
tmux kill-session -t "$hup" 2>/dev/null
resumed=$(printf 'wait 300\n' | "$sim" --eeprom "$ee" --script /dev/stdin "$elf" 2>&1 | grep -o 'resume classic' | head -1)
if [ "$said" -ge 1 ] && [ "$gone" = 0 ] && [ -n "$resumed" ]; then ok unsaved-said-at-once-and-retried
else bad unsaved-said-at-once-and-retried "said ${said}, still said after ${gone}, resumed '${resumed}'"; fi
# a stack overflow in interactive mode exits 1, as a script run does
so_elf=$(dirname "$elf")/../avr/stack_overflow.elf
tmux new-session -d -s "$hup" -x 110 -y 60 "$sim --plain $so_elf; echo \$? > $tmp/so.rc"
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$tmp/so.rc" ] && break; sleep 0.5; done
tmux kill-session -t "$hup" 2>/dev/null
if [ "$(cat "$tmp/so.rc" 2>/dev/null)" = 1 ]; then ok crash-exits-1
else bad crash-exits-1 "exit status '$(cat "$tmp/so.rc" 2>/dev/null)', wanted 1"; fi
# every line make play draws fits the pane, at 80 and 120 columns, with the
# longest status there is (a returning piece's point being chosen: in two
# players' classic, b1-a3 b5xa3 a1-b3 e5-c4, then b3xa5 returns a piece to
# a1 or b1): the program wraps it, the terminal never does (tmux -J joins
# what the terminal wrapped), and when the status shrinks again no line is
# left twice
printf '%s\n' 'set mode=two' 'wait 300' 'tap b' 'cursor-at c1' 'move b1-a3' 'move b5xa3' 'move a1-b3' 'move e5-c4' \
  'wait 500' > "$tmp/ret.script"
# the lines of stdin as wide as COLUMNS or wider (characters, not bytes;
# trailing blanks not counted)
wider() {
  local l
  while IFS= read -r l; do
    l=${l%"${l##*[! ]}"}
    [ "${#l}" -ge "$1" ] && printf '%s\n' "$l"
  done
  return 0
}
fits() { # COLUMNS
  local cols=$1 fit=jarmo-fit-$$ ee=$tmp/fit-$1.bin screen long twice
  "$sim" --eeprom "$ee" --script "$tmp/ret.script" "$elf" > /dev/null 2>&1
  tmux new-session -d -s "$fit" -x "$cols" -y 50 "$sim --plain --eeprom $ee $elf; sleep 5"
  sleep 1.5
  fkey() { tmux send-keys -t "$fit" "$1"; sleep "$2"; }
  # the resume's words skipped; the cursor pushed to a1 against the edges; b3, then a5
  fkey x 0.6; for _ in 1 2 3 4; do fkey Left 0.15; fkey Down 0.15; done
  fkey Right 0.3; fkey Up 0.3; fkey Up 0.3; fkey z 0.5; fkey Left 0.3; fkey Up 0.3; fkey Up 0.3; fkey z 1.0
  screen=$(tmux capture-pane -p -J -t "$fit")
  long=$(printf '%s\n' "$screen" | LC_ALL=C.UTF-8 wider "$cols" | head -2)
  # then the return point chosen (a1, lit): the status two lines again
  for _ in 1 2 3 4; do fkey Down 0.15; fkey Left 0.15; done; fkey z 1.0; fkey Right 0.5
  local after; after=$(tmux capture-pane -p -J -t "$fit")
  twice=$(printf '%s\n%s\n' "$screen" "$after" | grep -c -e 'arrows/wasd' -e 'm: hold B' -e 'debug console:')
  tmux send-keys -t "$fit" q; sleep 0.3; tmux kill-session -t "$fit" 2>/dev/null
  if printf '%s\n' "$screen" | grep -q 'choose where the returning piece goes' && [ -z "$long" ] && [ "$twice" = 6 ] &&
     printf '%s\n' "$after" | grep -q 'move b3xa5@a1'; then ok "lines-fit-$cols-columns"
  else bad "lines-fit-$cols-columns" "too long: '$long'; help and debug lines seen $twice times (wanted 3 + 3); $(printf '%s' "$after" | grep -A3 'debug console' | tr '\n' '|')"; fi
}
fits 80
fits 120
# make play fits the terminal it is given: at 80 x 24, the most common size,
# the board, the words, whose turn and a one-line key help all show (the
# compact picture, the debug console the first thing left out); at
# 120 x 45 the full picture, and the debug console's newest lines are the
# ones shown (the oldest are left out, not the newest)
size_test() { # COLUMNS ROWS
  local s=jarmo-size-$$ screen words after miss=""
  tmux new-session -d -s "$s" -x "$1" -y "$2" "$sim --plain --eeprom $tmp/size-$1.bin $elf; sleep 5"
  sleep 1.5
  words=$(tmux capture-pane -p -t "$s")
  skey() { tmux send-keys -t "$s" "$1"; sleep "$2"; }
  # B skips the words; c1-d3; the console answers
  skey x 0.4; skey z 0.4; skey Up 0.4; skey Up 0.4; skey Right 0.4; skey z 4.0
  after=$(tmux capture-pane -p -t "$s")
  printf '%s\n' "$words" | grep -q '^  words: GAME 1 OF 2 - CLASSIC' || miss="$miss words;"
  printf '%s\n' "$after" | grep -q '^  5  ' || miss="$miss row 5;"
  printf '%s\n' "$after" | grep -q '^  1  ' || miss="$miss row 1;"
  printf '%s\n' "$after" | grep -Eq '^ +a +b +c +d +e *$' || miss="$miss files;"
  printf '%s\n' "$after" | grep -q "Your turn\. \|The console's turn\. " || miss="$miss whose turn;"
  printf '%s\n' "$after" | grep -q 'arrows.*move.*A.*B.*quit\|arrows/wasd: move' || miss="$miss key help;"
  # the newest line of the debug console, if any is shown, is the newest printed
  local shown
  shown=$(printf '%s\n' "$after" | sed -n '/debug console:/,$p' | grep -v '^ *$' | tail -1 | sed 's/^ *//')
  if [ "$1" = 120 ]; then
    printf '%s\n' "$after" | grep -q '^    move c1-d3' || miss="$miss move c1-d3 in the debug console;"
    case "$shown" in "move "*) ;; *) miss="$miss newest debug line ('$shown');" ;; esac
    # more lines than the pane has room for (the menu's words): the
    # newest shown, the oldest left out
    skey m 1.4; for _ in 1 2 3 4 5 6; do skey Down 0.3; done; sleep 0.5
    after=$(tmux capture-pane -p -t "$s")
    shown=$(printf '%s\n' "$after" | sed -n '/debug console:/,$p' | grep -v '^ *$' | tail -1 | sed 's/^ *//')
    local caption; caption=$(printf '%s\n' "$after" | sed -n 's/^  words: //p')
    [ -n "$caption" ] && [ "$shown" = "words $caption" ] || miss="$miss the newest debug line ('$shown', the words '$caption');"
    printf '%s\n' "$after" | grep -q '^    jarmo jarmo-handheld ready' && miss="$miss the oldest line kept;"
    skey x 0.4
  fi
  skey q 0.3; tmux kill-session -t "$s" 2>/dev/null
  if [ -z "$miss" ]; then ok "fits-$1x$2"
  else bad "fits-$1x$2" "missing:$miss $(printf '%s' "$after" | tail -12 | tr '\n' '|')"; fi
}
size_test 80 24
size_test 120 45
