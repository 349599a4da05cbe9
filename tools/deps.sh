#!/usr/bin/env bash
# Checks the Debian packages the project needs and installs the missing
# ones (as root), or prints the exact apt-get line to run.
set -eu
need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_file() { [ -e "$1" ]; }
have_cmd gcc || need+=(gcc)
have_cmd make || need+=(make)
have_cmd avr-gcc || need+=(gcc-avr)
have_cmd avr-size || need+=(binutils-avr)
have_file /usr/lib/avr/include/avr/io.h || need+=(avr-libc)
have_file /usr/include/cmocka.h || need+=(libcmocka-dev)
have_cmd clang || need+=(clang)
# the web page's WebAssembly (tools/web/console_wasm.c)
have_cmd wasm-ld || need+=(lld)
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || have_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a || need+=(libclang-rt-dev)
have_file /usr/include/simavr/sim_avr.h || need+=(libsimavr-dev)
have_cmd simavr || need+=(simavr)
have_file /usr/include/libelf.h || need+=(libelf-dev)
have_cmd pkg-config || need+=(pkg-config)
have_cmd avrdude || need+=(avrdude)
have_cmd python3 || need+=(python3)
have_cmd tmux || need+=(tmux)
have_cmd node || need+=(nodejs)
have_cmd npm || need+=(npm)
have_cmd chromium || need+=(chromium)
have_cmd lepton-cli || need+=(lepton-eda)
# the PCB (make pcb, pcb-check) and the case (make case, case-check)
/usr/bin/python3 -c "import pcbnew" 2>/dev/null || need+=(kicad)
[ -d /usr/share/kicad/footprints/LED_THT.pretty ] || need+=(kicad-footprints)
have_cmd openscad || need+=(openscad)
have_cmd admesh || need+=(admesh)
# make case-check measures the STLs with numpy and draws its section pictures with PIL
/usr/bin/python3 -c "import numpy" 2>/dev/null || need+=(python3-numpy)
/usr/bin/python3 -c "import PIL" 2>/dev/null || need+=(python3-pil)
have_file /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot/optiboot.c || need+=(arduino-core-avr)
[ ${#need[@]} -eq 0 ] && exit 0
line="apt-get install -y ${need[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "deps: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
else
  echo "deps: missing Debian packages; run as root:" >&2
  echo "  sudo $line" >&2
  exit 1
fi
