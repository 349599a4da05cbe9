# The Jarmo console. `make` builds everything; `make test` runs every test;
# `make play` runs the firmware in the emulator; `make bench` measures.
# Dependencies (Debian packages) are checked and installed by tools/deps.sh.
#
# Every C file is compiled once per target into an object file, and every
# program of that target links those objects:
#   build/host/obj/...        the host build (tools, tests, simulator)
#   build/avr/obj/...         the board-independent AVR code (rules core, AI,
#                             stack paint) with the shipped firmware's flags:
#                             the shipped firmware, the perft and AI bench
#                             firmwares all link these very objects
#   build/BOARD/obj/...       the board's game, storage and HAL objects
# Header dependencies come from the compiler (-MMD -MP).

BOARD ?= jarmo-handheld
# V=1 shows the full commands
Q := $(if $(V),,@)
B := build
H := $(B)/host
A := $(B)/avr
FW := $(B)/$(BOARD)
GEN := $(B)/gen
BOOTLOADER := $(B)/bootloader/optiboot.hex

CC ?= gcc
DEPFLAGS := -MMD -MP
HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Ifirmware -Ihal -Itools/common -Itools/engine -Itools/arena -Itests -Itests/naive $(DEPFLAGS)
AVR_CC := avr-gcc
AVR_MCU := atmega328p
# The shipped firmware's flags: everything AVR is built with these.
# -mrelax: the linker turns calls and jumps within reach into rcall/rjmp
# (2 bytes and a cycle less each; 388 B of the handheld's flash); given when
# compiling too, so the assembler keeps the relocations the linker needs to
# move code (firmware/ai/ai_board_avr.S branches across a relaxed jmp)
AVR_CFLAGS := -std=gnu11 -mmcu=$(AVR_MCU) -DF_CPU=16000000UL -Os -Wall -Wextra -Werror \
  -ffunction-sections -fdata-sections -mcall-prologues -mrelax -Ifirmware -Ihal $(DEPFLAGS)
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
AI_SRC := firmware/ai/ai_search.c firmware/ai/ai_eval.c firmware/ai/ai_board.c
STORAGE_SRC := $(wildcard firmware/storage/*.c)
GAME_SRC := $(wildcard firmware/game/*.c)
HAL_AVR_SRC := $(filter-out %/stack_paint.c,$(wildcard hal/avr/*.c))

# object lists: host
hobj = $(patsubst %.c,$(H)/obj/%.o,$(1))
HOST_RULES := $(call hobj,$(RULES_HOST_SRC))
HOST_AI := $(call hobj,$(AI_SRC)) $(H)/obj/gen/ai_tables.o
HOST_CORE := $(HOST_RULES) $(HOST_AI)
HOST_PORTABLE := $(call hobj,firmware/game/render.c firmware/game/input.c $(STORAGE_SRC))
HOST_ENGINE := $(call hobj,tools/engine/protocol.c)
# the simulator writes settings through the firmware's own record (--set)
SIM_STORAGE := $(call hobj,$(STORAGE_SRC))
HOST_NAIVE := $(call hobj,tests/naive/naive_rules.c)
# object lists: AVR
aobj = $(patsubst %.c,$(A)/obj/%.o,$(1))
AVR_RULES := $(call aobj,$(RULES_SRC))
# the AVR's make/unmake and generators (firmware/ai/ai_board_avr.S), the
# evaluation's off-board term (firmware/ai/ai_eval_avr.S), negamax and
# quiescence's move loop (firmware/ai/ai_search_avr.S) in assembler
AVR_AI := $(call aobj,$(AI_SRC)) $(A)/obj/firmware/ai/ai_board_avr.o $(A)/obj/firmware/ai/ai_eval_avr.o \
  $(A)/obj/firmware/ai/ai_search_avr.o $(A)/obj/gen/ai_tables.o
AVR_PAINT := $(call aobj,hal/avr/stack_paint.c)
FW_OBJ = $(patsubst %.c,$(B)/$(1)/obj/%.o,$(GAME_SRC) $(STORAGE_SRC) $(HAL_AVR_SRC))

HOST_TESTS := test_rules test_perft test_differential test_protocol test_firmware_units test_ui test_ai test_ai_board
BOARDS := $(basename $(notdir $(wildcard board-defs/*.h)))
OTHER_BOARDS := $(filter-out jarmo-handheld,$(BOARDS))
# The simulator models one board's wiring: build/host/jarmo-sim is the
# default board's, build/host/jarmo-sim-NAME another board's.
sim_of = $(H)/jarmo-sim$(if $(filter jarmo-handheld,$(1)),,-$(1))
SIM := $(call sim_of,$(BOARD))
HOST_TOOLS := $(H)/jarmo $(H)/jarmo-arena $(H)/gen_game_script $(H)/gen_suite $(H)/suite_expect $(H)/perft_speed

.PHONY: all host firmware test test-one bench fuzz deps clean play flash fuses bootloader sim-scripts boards
all: host firmware boards

host: $(HOST_TOOLS) $(SIM) $(addprefix $(H)/tests/,$(HOST_TESTS))
firmware: $(FW)/firmware.elf $(FW)/firmware.hex $(BOOTLOADER) $(B)/jarmo-handheld/blank_test.elf $(A)/perft.elf $(A)/ai_bench.elf $(A)/ai_board_check.elf $(A)/stack_overflow.elf \
  $(A)/rules_core.o
# Every board's firmware and simulator.
boards: $(foreach b,$(BOARDS),$(B)/$(b)/firmware.elf $(B)/$(b)/firmware.hex $(call sim_of,$(b)))

deps:
	@tools/deps.sh

# ---- compiling ------------------------------------------------------------
$(H)/obj/%.o: %.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -c -o $@ $<
$(H)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -c -o $@ $<
$(A)/obj/%.o: %.c
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
# The AI's search and board are the hot path: compiled for speed (make bench
# measures both the speed and the flash this costs).
AVR_AI_FAST := -O2 -mno-call-prologues
# ...except the search's C on the AVR, which is the root and the set-up
# (negamax and quiescence are assembler there): compiled for size, it
# gives the console's words 110 B at no measurable speed (make bench)
$(A)/obj/firmware/ai/ai_search.o: AVR_AI_FAST :=
$(A)/obj/firmware/ai/%.o: firmware/ai/%.c
	@mkdir -p $(@D)
	@echo "  AVR  $@ (speed)"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_AI_FAST) -c -o $@ $<
$(A)/obj/firmware/ai/%.o: firmware/ai/%.S
	@mkdir -p $(@D)
	@echo "  AS   $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
$(A)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
# board objects: the board header is the only difference
define board_rules
$(B)/$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $(call BOARD_FLAGS,$(1)) -c -o $$@ $$<
$(B)/$(1)/firmware.elf: $(call FW_OBJ,$(1)) $$(AVR_RULES) $$(AVR_AI) $$(AVR_PAINT)
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $$(AVR_LDFLAGS) -Wl,-Map=$(B)/$(1)/firmware.map -o $$@ $$^
# The blanking test firmware (boards with a blanking pin).
$(B)/$(1)/blank_test.elf: $(B)/$(1)/obj/tests/avr/blank_main.o
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $$(AVR_LDFLAGS) -o $$@ $$^
$(B)/$(1)/firmware.hex: $(B)/$(1)/firmware.elf
	@echo "  HEX  $$@"
	$$(Q)avr-objcopy -O ihex -R .eeprom $$< $$@
$(H)/sim-$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	@echo "  CC   $$@"
	$$(Q)$$(CC) $$(HOST_CFLAGS) -Isim $(call BOARD_FLAGS,$(1)) $$$$(pkg-config --cflags simavr) -c -o $$@ $$<
$(call sim_of,$(1)): $(patsubst %.c,$(H)/sim-$(1)/obj/%.o,$(wildcard sim/*.c)) $$(SIM_STORAGE) $$(HOST_CORE)
	@echo "  LD   $$@"
	$$(Q)$$(CC) -o $$@ $$^ $$$$(pkg-config --libs simavr) -lutil -lelf -lm
endef
$(foreach b,$(BOARDS),$(eval $(call board_rules,$(b))))

# ---- generated sources ------------------------------------------------------
# The AI's flash tables, generated from the board's links by tools/aigen.
$(GEN)/ai_tables.c: $(H)/gen_ai_tables
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$< > $@
# The AI suite as packed positions, for the AVR AI bench.
$(GEN)/ai_suite.c: tests/ai_suite.txt $(H)/suite_to_c
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$(H)/suite_to_c < $< > $@

# ---- host programs ----------------------------------------------------------
define host_prog
$(H)/$(1): $(call hobj,$(2)) $(3)
	@mkdir -p $$(@D)
	@echo "  LD   $$@"
	$$(Q)$$(CC) -o $$@ $$^ $(4)
endef
$(eval $(call host_prog,jarmo,tools/engine/main.c,$(HOST_ENGINE) $(HOST_CORE)))
# The arena links the reference player: the AI frozen at commit ed8511a.
REF_AI_SRC := $(wildcard tools/arena/reference/*.c)
$(eval $(call host_prog,jarmo-arena,tools/arena/arena.c,$(call hobj,$(REF_AI_SRC)) $(HOST_CORE),-lm))
$(eval $(call host_prog,gen_ai_tables,tools/aigen/gen_ai_tables.c,$(HOST_RULES)))
$(eval $(call host_prog,suite_to_c,tools/aigen/suite_to_c.c,$(HOST_RULES)))
$(eval $(call host_prog,suite_expect,tools/aigen/suite_expect.c,$(HOST_CORE)))
$(eval $(call host_prog,gen_suite,tools/aigen/gen_suite.c,$(HOST_CORE)))
$(eval $(call host_prog,gen_game_script,tools/simgen/gen_game_script.c,$(H)/obj/firmware/game/render.o $(HOST_RULES)))
$(eval $(call host_prog,perft_speed,tools/bench/perft_speed.c,$(HOST_RULES)))
$(foreach t,$(filter-out test_firmware_units test_ui,$(HOST_TESTS)),\
  $(eval $(call host_prog,tests/$(t),tests/$(t).c,$(HOST_ENGINE) $(HOST_CORE) $(HOST_NAIVE),-lcmocka)))
$(eval $(call host_prog,tests/test_firmware_units,tests/test_firmware_units.c,$(HOST_PORTABLE) $(HOST_CORE),-lcmocka))
# The console's screens on the host: every game file but main.c, over a fake HAL.
HOST_UI := $(call hobj,$(filter-out %/main.c,$(GAME_SRC)) $(STORAGE_SRC) tests/fake_hal.c)
$(eval $(call host_prog,tests/test_ui,tests/test_ui.c,$(HOST_UI) $(HOST_CORE),-lcmocka))

# ---- AVR test firmwares, on the shipped objects ------------------------------
# The rules core alone, for its flash size (a budget).
$(A)/rules_core.o: $(AVR_RULES)
	@echo "  LD   $@"
	$(Q)avr-ld -r -o $@ $^
# The AVR build's perft, compared with the host's in simavr.
$(A)/perft.elf: $(call aobj,tests/avr/perft_main.c) $(AVR_PAINT) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^
# The AI on the suite positions, timed in simavr.
$(A)/ai_bench.elf: $(call aobj,tests/avr/ai_bench_main.c) $(A)/obj/gen/ai_suite.o $(AVR_PAINT) $(AVR_AI) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

# The AI board (its assembler make/unmake) against the rules core, both on
# the AVR, on random games (tests/sim/avr-ai-board.script).
$(A)/ai_board_check.elf: $(call aobj,tests/avr/ai_board_check_main.c) $(AVR_AI) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

# The simulator's stack guard must stop this one.
$(A)/stack_overflow.elf: $(call aobj,tests/avr/stack_overflow_main.c) $(AVR_PAINT)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

include hardware/hardware.mk
include sim/web/web.mk

-include $(shell find $(B) -name '*.d' 2>/dev/null)

# ---- measuring and testing ----------------------------------------------------
bench: deps
	@$(MAKE) --no-print-directory all sim-scripts
	@tools/bench.sh $(B) $(BOARD)

# Simulator scripts: the hand-written ones in tests/sim, plus a whole game
# per rule set generated from the host rules core, the AVR checks and each
# other board's copies (tools/simgen/sim_scripts.sh).
SIM_SCRIPTS := $(B)/sim-scripts
sim-scripts: $(H)/gen_game_script $(H)/suite_expect $(H)/jarmo $(A)/ai_bench.elf tools/simgen/sim_scripts.sh
	@tools/simgen/sim_scripts.sh $(SIM_SCRIPTS) $(B) "$(OTHER_BOARDS)"

RUN_TESTS = tests/run.sh $(1) $(H)/tests $(SIM) $(FW)/firmware.elf $(SIM_SCRIPTS) -- $(HOST_TESTS)
test: deps
	@$(MAKE) --no-print-directory all sim-scripts hardware web
	@$(call RUN_TESTS,)

# The tiers (tests/run.sh): each builds what it needs and runs its tests.
#   test-unit  cmocka suites, include layers, flash budgets
#   test-sim   command-line checks, make flash and make play, simulator scripts
#   test-web   the browser build in node and Chromium
#   test-hw    netlist, Nano guide, PCB and case checks
.PHONY: test-unit test-sim test-web test-hw
test-unit: deps
	@$(MAKE) --no-print-directory host boards
	@$(call RUN_TESTS,--tiers unit)
test-sim: deps
	@$(MAKE) --no-print-directory all sim-scripts
	@$(call RUN_TESTS,--tiers sim)
test-web: deps
	@$(MAKE) --no-print-directory boards web
	@$(call RUN_TESTS,--tiers web)
test-hw: deps
	@$(MAKE) --no-print-directory hardware
	@$(call RUN_TESTS,--tiers hw)

# One test: make test-one T=test_rules (a cmocka suite: only its program
# is built), T=select (a simulator script, tests/sim/select.script or a
# generated one), T=cli (the checks that are neither).
test-one: deps
	@if echo " $(HOST_TESTS) " | grep -q " $(T) "; then $(MAKE) --no-print-directory $(H)/tests/$(T); \
	  else $(MAKE) --no-print-directory all sim-scripts hardware web; fi
	@$(call RUN_TESTS,--only "$(T)")

# libFuzzer target for the protocol parser; FUZZ_SECONDS bounds the run.
FUZZ_SECONDS ?= 60
$(H)/fuzz_protocol: tests/fuzz_protocol.c tools/engine/protocol.c $(RULES_HOST_SRC) $(AI_SRC) $(GEN)/ai_tables.c
	@mkdir -p $(@D)
	@echo "  FUZZ $@"
	$(Q)clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined -Ifirmware -Itools/engine -o $@ $^
fuzz: deps $(H)/fuzz_protocol
	@mkdir -p $(B)/fuzz-corpus
	$(H)/fuzz_protocol -max_total_time=$(FUZZ_SECONDS) -max_len=2048 $(B)/fuzz-corpus tests/fuzz-seeds

# Play in the terminal: the firmware in the emulator, keyboard as buttons.
# Settings and the saved game persist in build/eeprom-$(BOARD).bin.
play: deps
	@$(MAKE) --no-print-directory $(SIM) $(FW)/firmware.elf
	@$(SIM) --eeprom $(B)/eeprom-$(BOARD).bin $(FW)/firmware.elf

# Flash a real board (hardware/README.md). Once, with an ISP programmer:
#   make bootloader PROGRAMMER=usbasp PORT=usb   (fuses, then optiboot)
# then over the serial header, through the bootloader:
#   make flash PORT=/dev/ttyUSB0
# (make flash PROGRAMMER=usbasp PORT=usb flashes over ISP instead; that
# erases the bootloader, but EESAVE keeps the saved games.)
PORT ?= /dev/ttyUSB0
PROGRAMMER ?= arduino
BAUD ?= 115200
# lfuse 0xF7: 16 MHz crystal, full-swing oscillator (robust next to the
# display's 0.37 A row switching), slow rising power. hfuse 0xD6: SPIEN, EESAVE
# (an ISP chip erase keeps the EEPROM: saved games survive), 512-byte boot
# section, reset into the bootloader (BOOTRST). efuse 0xFC: brown-out at
# 4.3 V (the board runs from a 5 V boost; below 4.3 V the TPIC6B595 and a
# 16 MHz ATmega328P are out of spec, so the MCU is held in reset).
FUSES := -U lfuse:w:0xF7:m -U hfuse:w:0xD6:m -U efuse:w:0xFC:m
# An Arduino Nano (BOARD=jarmo-nano) comes with its bootloader and fuses:
# make flash BOARD=jarmo-nano PORT=/dev/ttyUSB0 is all it needs (BAUD=57600
# for a Nano with the old bootloader, "ATmega328P (Old Bootloader)" in the
# Arduino IDE). Its fuses are not the reference board's, so make fuses and
# make bootloader refuse it.
NO_ISP_BOARDS := jarmo-nano
flash: deps $(FW)/firmware.hex
	@avrdude -p m328p -c $(PROGRAMMER) -P $(PORT) $(if $(filter arduino,$(PROGRAMMER)),-b $(BAUD)) \
	  -U flash:w:$(FW)/firmware.hex:i || { echo "make flash: avrdude failed. Is $(PORT) the board's serial port (ls /dev/ttyUSB* /dev/ttyACM*)?$(if $(filter arduino,$(PROGRAMMER)), A Nano with the old bootloader answers at BAUD=57600.)"; exit 1; }
fuses: deps
	@$(if $(filter $(BOARD),$(NO_ISP_BOARDS)),echo "make fuses: $(BOARD) keeps the fuses it came with (hardware/$(BOARD)/README.md)"; exit 1)
	avrdude -p m328p -c $(PROGRAMMER) -P $(PORT) $(FUSES)

# The bootloader: optiboot built from the source in Debian's arduino-core-avr
# (its prebuilt hex spans 0x7E00..0x8013, past the end of flash), checked to
# fit the 512-byte boot section. No start-up LED flashes: its LED pin is SCK.
OPTIBOOT_DIR := /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
OPTIBOOT_FLAGS := -Os -fno-inline-small-functions -fno-split-wide-types -mshort-calls -mmcu=atmega328p \
  -DF_CPU=16000000L -DBAUD_RATE=$(BAUD) -DLED_START_FLASHES=0 -Wl,--section-start=.text=0x7e00 \
  -Wl,--section-start=.version=0x7ffe -Wl,--relax -Wl,--gc-sections -nostartfiles -nostdlib
$(BOOTLOADER): $(OPTIBOOT_DIR)/optiboot.c tools/hex_range.sh
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(OPTIBOOT_FLAGS) -I$(OPTIBOOT_DIR) -o $(@D)/optiboot.elf $< 2>$(@D)/optiboot.warnings
	$(Q)avr-objcopy -j .text -j .data -O ihex $(@D)/optiboot.elf $@.tmp
	$(Q)grep -v '^:04000003' $@.tmp > $@ && rm $@.tmp # no start address: simavr warns about it
	$(Q)tools/hex_range.sh $@ 7E00 7FFF >/dev/null || { tools/hex_range.sh $@ 7E00 7FFF; rm -f $@; exit 1; }
bootloader: deps $(BOOTLOADER)
	@$(if $(filter $(BOARD),$(NO_ISP_BOARDS)),echo "make bootloader: $(BOARD) comes with its bootloader: make flash BOARD=$(BOARD) PORT=/dev/ttyUSB0"; exit 1)
	@tools/hex_range.sh $(BOOTLOADER) 7E00 7FFF
	$(if $(filter arduino,$(PROGRAMMER)),@echo "make bootloader: burning needs an ISP programmer: make bootloader PROGRAMMER=usbasp PORT=usb"; exit 1)
	avrdude -p m328p -c $(PROGRAMMER) -P $(PORT) -e -U lock:w:0x3F:m $(FUSES) \
	  -U flash:w:$(BOOTLOADER):i -U lock:w:0x0F:m

clean:
	rm -rf $(B)
