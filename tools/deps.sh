#!/usr/bin/env bash
# Checks the Debian packages a target needs and installs the missing ones
# (as root), or prints the exact apt-get line to run.
#   tools/deps.sh [GROUP...]   GROUP: play, web, hw, all (the default)
#     play  make play: the host compiler, the AVR toolchain, simavr
#     web   make web, web-serve: play's, clang and lld (WebAssembly), node, npm
#     hw    make hardware, pcb-check, case, renders: KiCad 9 (Debian's
#           bookworm-backports suite, added as a Debian source when missing),
#           OpenSCAD, admesh, numpy and PIL, poppler-utils (the schematic PDF check)
#     renders  make renders: hw's and web's, KiCad's 3D models (kicad-packages3d,
#           330 MB: for this target only), Xvfb, aha, tmux, Chromium
#     all   make test: every group, with tmux, Chromium, cmocka, the fuzzer
#           runtime, avrdude and the bootloader's source
set -eu
groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(all)
want() {
  local g
  for g in "${groups[@]}"; do
    [ "$g" = "$1" ] || { [ "$g" = all ] && [ "$1" != renders ]; } || { [ "$g" = renders ] && [ "$1" != all ]; } && return 0
  done
  return 1
}
need=() backports=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_file() { [ -e "$1" ]; }
# every group builds the firmware or a host tool
have_cmd gcc || need+=(gcc)
have_cmd make || need+=(make)
have_cmd avr-gcc || need+=(gcc-avr)
have_cmd avr-size || need+=(binutils-avr)
have_file /usr/lib/avr/include/avr/io.h || need+=(avr-libc)
have_file /usr/include/simavr/sim_avr.h || need+=(libsimavr-dev)
have_cmd simavr || need+=(simavr)
have_file /usr/include/libelf.h || need+=(libelf-dev)
have_cmd pkg-config || need+=(pkg-config)
have_cmd python3 || need+=(python3)
if want web; then
  have_cmd clang || need+=(clang)
  # the web page's WebAssembly (sim/web/wasm/console_wasm.c)
  have_cmd wasm-ld || need+=(lld)
  have_cmd node || need+=(nodejs)
  have_cmd npm || need+=(npm)
fi
if want hw; then
  # KiCad 9: kicad-cli (ERC, DRC, parity, fab outputs, renders) and pcbnew for the case
  if ! { have_cmd kicad-cli && kicad-cli version 2>/dev/null | grep -q '^9\.'; }; then
    backports+=(kicad kicad-symbols kicad-footprints)
  else
    [ -d /usr/share/kicad/symbols ] || backports+=(kicad-symbols)
    [ -d /usr/share/kicad/footprints ] || backports+=(kicad-footprints)
  fi
  # the schematic's committed PDF against the sheets (pdftoppm, pdftotext)
  have_cmd pdftoppm || need+=(poppler-utils)
  have_cmd openscad || need+=(openscad)
  have_cmd admesh || need+=(admesh)
  # make case-check measures the STLs with numpy and draws its section pictures with PIL
  /usr/bin/python3 -c "import numpy" 2>/dev/null || need+=(python3-numpy)
  /usr/bin/python3 -c "import PIL" 2>/dev/null || need+=(python3-pil)
fi
if want renders; then
  [ -d /usr/share/kicad/3dmodels/Resistor_SMD.3dshapes ] || backports+=(kicad-packages3d)
  have_cmd xvfb-run || need+=(xvfb)
  have_cmd aha || need+=(aha)
  have_cmd pdftoppm || need+=(poppler-utils)
  have_cmd tmux || need+=(tmux)
  have_cmd chromium || need+=(chromium)
fi
if want all; then
  have_file /usr/include/cmocka.h || need+=(libcmocka-dev)
  dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || have_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a || need+=(libclang-rt-dev)
  have_cmd avrdude || need+=(avrdude)
  have_cmd tmux || need+=(tmux)
  have_cmd chromium || need+=(chromium)
  have_file /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot/optiboot.c || need+=(arduino-core-avr)
fi
[ ${#need[@]} -eq 0 ] && [ ${#backports[@]} -eq 0 ] && exit 0
src=/etc/apt/sources.list.d/bookworm-backports.sources
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: missing Debian packages; run as root:" >&2
  [ ${#backports[@]} -gt 0 ] && [ ! -e "$src" ] && ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/ &&
    echo "  printf 'Types: deb\\nURIs: http://deb.debian.org/debian\\nSuites: bookworm-backports\\nComponents: main\\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\\n' | sudo tee $src" >&2
  [ ${#need[@]} -gt 0 ] && echo "  sudo apt-get install -y ${need[*]}" >&2
  [ ${#backports[@]} -gt 0 ] && echo "  sudo apt-get install -y -t bookworm-backports ${backports[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if [ ${#backports[@]} -gt 0 ] && ! grep -rqs bookworm-backports /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "deps: adding Debian's bookworm-backports suite (KiCad 9) as $src"
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' > "$src"
fi
echo "deps: installing ${need[*]} ${backports[*]}"
apt-get update -qq
[ ${#need[@]} -eq 0 ] || apt-get install -y -qq "${need[@]}" >/dev/null
[ ${#backports[@]} -eq 0 ] || apt-get install -y -qq -t bookworm-backports "${backports[@]}" >/dev/null
