#!/usr/bin/env bash
# The firmware's layers (firmware/README.md) include only what they may:
# a quoted include names its own folder's header, or one of the listed
# layers. Then the products' boundaries (README.md, the layout): no
# product reaches into tools/ (or tests/), the firmware and its HAL not
# into sim/ either, and the build gives no product a tools/ include folder
# or source. Prints one cmocka-style line per check.
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

# ---- the products' boundaries (README.md, the layout) ----------------------
# The products: the firmware (firmware/, hal/, board-defs/), the host
# programs that run its code (sim/: jarmo-sim, sim/engine, sim/web) and the
# hardware (hardware/). tools/ holds developer tools: a tool may use a
# product's code, never the other way round; tests/ likewise.
# PRODUCT_FILES: every source file of a product folder.
product_files() { # DIR...
  find "$@" -path '*/node_modules' -prune -o -type f \
    \( -name '*.[chS]' -o -name '*.js' -o -name '*.mjs' -o -name '*.py' -o -name '*.sh' \) -print
}
# every file a compile could be pointed at outside the products' folders
others=$(find sim tools tests -path '*/node_modules' -prune -o -type f -print)
# the file a quoted include of FILE reaches: its own folder's first, then
# the include folders a product's compile is given (-I); found there
# nowhere, where it would come from if the compile were given another
# folder (tools/common, tests, ...); none: empty (a generated header,
# BOARD_HEADER)
reaches() { # FILE INCLUDE
  local d
  for d in "${1%/*}" firmware hal hal/avr sim sim/engine sim/web/wasm/libc; do
    if [ -e "$d/$2" ]; then
      case "$2" in *..*) realpath -m --relative-to=. "$d/$2" ;; *) echo "$d/$2" ;; esac
      return
    fi
  done
  printf '%s\n' "$others" | grep -m1 -E -- "/${2//./\\.}\$"
}
# check_reach NAME FORBIDDEN-ROOTS DIR...: no C include, JS import, Python
# path or sourced script of a file in DIR reaches into a forbidden root.
check_reach() {
  local name=$1 forbidden=$2; shift 2
  local bad="" f inc to root
  while IFS= read -r f; do
    case "$f" in
    *.[chS])
      while IFS= read -r inc; do
        to=$(reaches "$f" "$inc")
        for root in $forbidden; do
          case "$to" in "$root"/*) bad="$bad $f:$inc" ;; esac
        done
      done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f") ;;
    *.js|*.mjs)
      while IFS= read -r inc; do
        case "$inc" in .*) ;; *) continue ;; esac
        to=$(realpath -m --relative-to=. "$(dirname "$f")/$inc")
        for root in $forbidden; do
          case "$to" in "$root"/*) bad="$bad $f:$inc" ;; esac
        done
      done < <(grep -o -E "(from|import\(|import|new URL\() *['\"][^'\"]+['\"]" "$f" | sed -E "s/.*['\"]([^'\"]+)['\"]/\1/") ;;
    *.py|*.sh)
      # a module path or a sourced script naming a forbidden folder
      for root in $forbidden; do
        grep -E -q "(sys\.path.*['\"/]$root['\"/]|^[[:space:]]*(\.|source)[[:space:]]+[^#]*(^|[ /\"'])$root/)" "$f" \
          && bad="$bad $f:$root/"
      done ;;
    esac
  done < <(product_files "$@")
  if [ -z "$bad" ]; then echo "[       OK ] cli $name"; else echo "[  FAILED  ] cli $name: reaches:$bad"; fi
}
# nothing of a product includes, compiles or imports anything under tools/
# (or tests/)
check_reach products-use-no-tools "tools tests" firmware hal board-defs sim hardware
# the firmware and its HAL include nothing from the host programs either
check_reach firmware-uses-no-sim "sim tools tests" firmware hal board-defs

# The build: no product's compile is given a tools/ include folder (only
# tools/ objects are: tools/mk/host.mk), and the product fragments and the
# Makefile compile or link no tools/ source into a product; what they may
# run from tools/ is a step of the build or a developer's target (the Debian
# packages, the bootloader's range check, make dist, make renders).
mk_bad=""
for mk in Makefile tools/mk/*.mk firmware/*.mk sim/sim.mk sim/engine/*.mk sim/web/*.mk hardware/*.mk; do
  while IFS= read -r line; do
    case "$line" in
    '$(H)/obj/tools/%.o:'*) ;;
    *) mk_bad="$mk_bad $mk:\"$(echo "$line" | cut -c1-60)\"" ;;
    esac
  done < <(grep -v '^[[:space:]]*#' "$mk" | grep -E -- '-(I|isystem)[[:space:]]*(\$\(CURDIR\)/)?tools/')
done
for mk in Makefile firmware/*.mk sim/sim.mk sim/engine/*.mk sim/web/*.mk hardware/*.mk; do
  while IFS= read -r line; do
    mk_bad="$mk_bad $mk:\"$(echo "$line" | cut -c1-60)\""
  done < <(grep -v '^[[:space:]]*#' "$mk" | sed 's/#.*//' | grep -E '(^|[^a-z_/])tools/' |
           grep -v -E 'tools/(deps|hex_range|dist|renders)\.sh|^include tools/mk/(host|tests)\.mk$')
done
if [ -z "$mk_bad" ]; then echo "[       OK ] cli build-products-use-no-tools"
else echo "[  FAILED  ] cli build-products-use-no-tools:$mk_bad"; fi

# rules_sets.h, the rule sets' rows (firmware/rules/README.md): the rules
# core's table interface, included only by the core, the AI and the tools
# that build tables from it; everyone else has set numbers (rules.h).
sets_bad=$(grep -r -l -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]*/)?rules_sets\.h"' \
             --include='*.[chS]' firmware hal board-defs sim hardware tests tools |
           grep -v -E '^(firmware/rules|firmware/ai|tools/(aigen|tune|arena))/' | tr '\n' ' ')
if [ -z "$sets_bad" ]; then echo "[       OK ] cli rules-sets-users"
else echo "[  FAILED  ] cli rules-sets-users: included by: $sets_bad"; fi
