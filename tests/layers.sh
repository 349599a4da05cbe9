#!/usr/bin/env bash
# The firmware's layers (firmware/README.md) include only what they may:
# a quoted include names its own folder's header, or one of the listed
# layers. Prints one cmocka-style line per layer.
set -u
cd "$(dirname "$0")/.."
check() { # LAYER DIR ALLOWED...
  local layer=$1 dir=$2; shift 2
  local bad=""
  for f in "$dir"/*.[chS]; do
    while IFS= read -r inc; do
      local ok=0
      [ -e "$dir/$inc" ] && ok=1
      for a in "$@"; do case "$inc" in $a) ok=1 ;; esac; done
      [ $ok -eq 1 ] || bad="$bad $(basename "$f"):$inc"
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
  done
  if [ -z "$bad" ]; then echo "[       OK ] cli layer-$layer"; else echo "[  FAILED  ] cli layer-$layer: not allowed:$bad"; fi
}
check rules firmware/rules flash.h
# ai_asm_offsets.h: generated (build/gen) from firmware/ai/ai_asm_offsets.c
check ai firmware/ai flash.h 'rules/*' ai_asm_offsets.h
check storage firmware/storage 'rules/*' hal.h
check game firmware/game 'rules/*' 'ai/*' 'storage/*' hal.h flash.h
check hal-interface hal hal.h
check hal-avr hal/avr hal.h button_changes.h debounce.h ws2812_layout.h BOARD_HEADER
