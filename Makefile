# The Jarmo console. `make` builds everything; `make test` runs every test;
# `make play` runs the firmware in the emulator; `make bench` measures.
# Dependencies (Debian packages) are checked and installed by tools/deps.sh.
#
# Every C file is compiled once per target into an object file, and every
# program of that target links those objects:
#   build/host/obj/...        the host build (tools, tests, simulator)
#   build/avr/obj/...         the board-independent AVR code (rules core, AI,
#                             stack paint) with the shipped firmware's flags:
#                             the perft and AI bench firmwares link these, and
#                             the shipped firmware links the AI's and stack
#                             paint's
#   build/BOARD/obj/...       the board's game, storage, HAL and rules core
#                             objects (the rules inside the board's link-time
#                             optimisation: firmware/boards.mk)
# Header dependencies come from the compiler (-MMD -MP).

# a target whose recipe failed is deleted, never left cut for the next make
.DELETE_ON_ERROR:

BOARD ?= jarmo-handheld
# AI_ASM=1 (the default): the AI's make/unmake and generators are the
# assembler's on the AVR (firmware/ai/ai_board_avr.S); AI_ASM=0: the C
# reference's, and no assembler object is linked. The choice is made in
# firmware/ai/ai_board.h; AI_ASM=0 builds everything under build/ai-c/.
AI_ASM ?= 1
# V=1 shows the full commands
Q := $(if $(V),,@)
B := build$(if $(filter 0,$(AI_ASM)),/ai-c)
H := $(B)/host
A := $(B)/avr
FW := $(B)/$(BOARD)
GEN := $(B)/gen
BOOTLOADER := $(B)/bootloader/optiboot.hex

CC ?= gcc
DEPFLAGS := -MMD -MP
# The host build's flags, for every host object; the tools' own include
# folders (tools/common, tools/arena) are given to tools/ objects only
# (tools/mk/host.mk), so no product's object can include a tool's header.
HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Ifirmware -Ihal -Isim/engine -Itests -Itests/naive $(DEPFLAGS)
AVR_CC := avr-gcc
AVR_MCU := atmega328p
# The shipped firmware's flags: everything AVR is built with these.
# -mrelax: the linker turns calls and jumps within reach into rcall/rjmp
# (2 bytes and a cycle less each; 388 B of the handheld's flash, 776 B with
# the order of firmware/link/BOARD.order, make link-order); given when
# compiling too, so the assembler keeps the relocations the linker needs to
# move code (firmware/ai/ai_board_avr.S branches across a relaxed jmp)
AVR_CFLAGS := -std=gnu11 -mmcu=$(AVR_MCU) -DF_CPU=16000000UL -Os -Wall -Wextra -Werror \
  -ffunction-sections -fdata-sections -mcall-prologues -mrelax -DAI_ASM=$(AI_ASM) -Ifirmware -Ihal $(DEPFLAGS)
AVR_LDFLAGS := -Wl,--gc-sections
# The board's game, storage and HAL objects are optimised across files at
# link time (-flto: 806 B of the handheld's flash). The rules core and the
# AI stay out of it: their objects are shared with the test firmwares and
# measured on their own, and the AI's speed-compiled hot path ran 4% slower
# through LTO (make bench). The four size flags after it are the usual ones
# for small AVRs: together they took the handheld from 31,794 to 31,520 B
# when the console's words and the EEPROM journal had filled the budget
# (-fno-gcse alone: -274 B with the others; make bench checks that the
# display and tick interrupts keep their cycle counts).
AVR_LTO := -flto -fno-gcse -mstrict-X -fno-move-loop-invariants -fno-inline-small-functions
BOARD_FLAGS = -DBOARD_HEADER='"$(CURDIR)/board-defs/$(1).h"' -DJARMO_BOARD='"$(1)"' -Ihal/avr

# ---- sources by layer (firmware/README.md) ------------------------------
# rules_text.c (position text, stdio) is host-only.
RULES_SRC := $(filter-out %/rules_text.c,$(wildcard firmware/rules/*.c))
RULES_HOST_SRC := $(RULES_SRC) firmware/rules/rules_text.c
AI_SRC := firmware/ai/ai_root.c firmware/ai/ai_search.c firmware/ai/ai_eval.c firmware/ai/ai_board.c
STORAGE_SRC := $(wildcard firmware/storage/*.c)
GAME_SRC := $(wildcard firmware/game/*.c)
HAL_AVR_SRC := $(filter-out %/stack_paint.c,$(wildcard hal/avr/*.c))

# object lists: host
hobj = $(patsubst %.c,$(H)/obj/%.o,$(1))
HOST_RULES := $(call hobj,$(RULES_HOST_SRC))
HOST_AI := $(call hobj,$(AI_SRC)) $(H)/obj/gen/ai_tables.o
HOST_CORE := $(HOST_RULES) $(HOST_AI)
HOST_ENGINE := $(call hobj,sim/engine/protocol.c)
# the simulator writes settings through the firmware's own record (--set)
SIM_STORAGE := $(call hobj,$(STORAGE_SRC))
HOST_NAIVE := $(call hobj,tests/naive/naive_rules.c)
# object lists: AVR
aobj = $(patsubst %.c,$(A)/obj/%.o,$(1))
AVR_RULES := $(call aobj,$(RULES_SRC))
# the AVR's make/unmake and generators in assembler (firmware/ai/ai_board_avr.S),
# unless AI_ASM=0
AVR_AI_ASM := $(A)/obj/firmware/ai/ai_board_avr.o
AVR_AI := $(call aobj,$(AI_SRC)) $(if $(filter 0,$(AI_ASM)),,$(AVR_AI_ASM)) $(A)/obj/gen/ai_tables.o
AVR_PAINT := $(call aobj,hal/avr/stack_paint.c)
FW_OBJ = $(patsubst %.c,$(B)/$(1)/obj/%.o,$(GAME_SRC) $(STORAGE_SRC) $(HAL_AVR_SRC))

HOST_TESTS := test_rules test_perft test_differential test_protocol test_debounce test_input test_render test_settings test_journal test_ui test_ai test_ai_board test_energy
BOARDS := $(basename $(notdir $(wildcard board-defs/*.h)))
OTHER_BOARDS := $(filter-out jarmo-handheld,$(BOARDS))
# The simulator models one board's wiring: build/host/jarmo-sim is the
# default board's, build/host/jarmo-sim-NAME another board's.
sim_of = $(H)/jarmo-sim$(if $(filter jarmo-handheld,$(1)),,-$(1))
SIM := $(call sim_of,$(BOARD))
HOST_TOOLS := $(H)/jarmo $(H)/jarmo-arena $(H)/jarmo-texel $(H)/gen_game_script $(H)/gen_suite $(H)/suite_expect $(H)/perft_speed

.PHONY: all host firmware test test-one bench fuzz deps deps-play deps-web deps-hw deps-renders clean play flash fuses bootloader sim-scripts boards dist renders
all: host firmware boards

host: $(HOST_TOOLS) $(SIM) $(addprefix $(H)/tests/,$(HOST_TESTS))
firmware: $(FW)/firmware.elf $(FW)/firmware.hex $(BOOTLOADER) $(B)/jarmo-handheld/blank_test.elf $(A)/perft.elf $(A)/ai_bench.elf $(if $(filter 0,$(AI_ASM)),,$(A)/ai_asm_check.elf) $(A)/stack_overflow.elf \
  $(A)/rules_core.o
# Every board's firmware and simulator.
boards: $(foreach b,$(BOARDS),$(B)/$(b)/firmware.elf $(B)/$(b)/firmware.hex $(call sim_of,$(b)))

deps:
	@tools/deps.sh all
# what one target needs and no more (make play does not install KiCad)
deps-play deps-web deps-hw deps-renders:
	@tools/deps.sh $(@:deps-%=%)

# Each board's firmware.hex named with its version, SHA256SUMS and
# dist.json (the web page's download section): build/dist/.
# (the version is read by tools/dist.sh itself: a tag's text never
# passes through make into a recipe)
dist: boards
	@tools/dist.sh $(B) $(BOARDS)

# The pictures in img/ (tools/renders.sh): the board with KiCad's 3D
# models, the case, the Nano's wiring, the page and make play
renders: deps-renders
	@$(MAKE) --no-print-directory hardware case web $(SIM) $(FW)/firmware.elf
	timeout 1500 tools/renders.sh

# The rest, by product, each fragment beside its product's code: the host
# build's shared rules (compiling, generated sources, the tools and the test
# programs), the engine CLI, the AVR build and each board's firmware, the
# simulator, the hardware exports and checks, the web page; then the tests.
include tools/mk/host.mk
include sim/engine/engine.mk
include firmware/firmware.mk
include firmware/boards.mk
include sim/sim.mk
include hardware/hardware.mk
include sim/web/web.mk
include tools/mk/tests.mk

-include $(shell find $(B) -name '*.d' 2>/dev/null)

clean:
	rm -rf $(B)
