# The Jarmo console. `make` builds everything; `make test` runs every test;
# `make play` runs the firmware in the emulator; `make bench` measures.
# Dependencies (Debian packages) are checked and installed by tools/deps.sh.

BOARD ?= jarmo-handheld
# V=1 shows the full commands
Q := $(if $(V),,@)
B := build
H := $(B)/host
FW := $(B)/$(BOARD)

CC ?= gcc
HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Ifirmware -Itools/engine
AVR_CC := avr-gcc
AVR_MCU := atmega328p
AVR_CFLAGS := -std=gnu11 -mmcu=$(AVR_MCU) -DF_CPU=16000000UL -Os -Wall -Wextra -Werror \
  -ffunction-sections -fdata-sections -Ifirmware

RULES_SRC := firmware/rules.c firmware/rules_board.c firmware/rules_sets.c firmware/rules_notation.c
# The AI; its flash tables are generated from the board by tools/aigen.
AI_TABLES := $(B)/gen/ai_tables.c
AI_SRC := firmware/ai_search.c firmware/ai_eval.c $(AI_TABLES)
ENGINE_SRC := tools/engine/protocol.c tools/engine/postext.c $(AI_SRC)
NAIVE_SRC := tests/naive/naive_rules.c
# The simulator models one board's wiring: build/host/jarmo-sim is the
# default board's, build/host/jarmo-sim-NAME another board's.
SIM := $(H)/jarmo-sim$(if $(filter jarmo-handheld,$(BOARD)),,-$(BOARD))
OTHER_BOARDS := $(filter-out jarmo-handheld,$(basename $(notdir $(wildcard board-defs/*.h))))
HOST_TESTS := test_rules test_perft test_differential test_protocol test_firmware_units test_ai

# Firmware: the portable game (firmware/), the AVR HAL (hal/avr/), the board.
FW_SRC := $(RULES_SRC) $(AI_SRC) firmware/main.c firmware/ui.c firmware/render.c firmware/input.c firmware/settings.c \
  firmware/nv_record.c firmware/game_save.c \
  $(wildcard hal/avr/*.c)
FW_CFLAGS := $(AVR_CFLAGS) -Ihal -Ihal/avr -DBOARD_HEADER='"$(CURDIR)/board-defs/$(BOARD).h"' \
  -DJARMO_BOARD='"$(BOARD)"' -mcall-prologues
FW_LDFLAGS := -Wl,--gc-sections -Wl,-Map=$(FW)/firmware.map
FW_OBJ := $(patsubst %.c,$(FW)/obj/%.o,$(patsubst $(B)/%,%,$(FW_SRC)))

.PHONY: all host firmware test bench fuzz deps clean play flash fuses sim-scripts other-boards
all: host $(B)/avr/rules_core.o firmware

firmware: $(FW)/firmware.elf $(FW)/firmware.hex $(B)/avr/perft.elf $(B)/avr/ai_bench.elf

host: $(H)/jarmo $(SIM) $(H)/jarmo-arena $(H)/gen_game_script $(H)/gen_suite $(H)/suite_expect $(addprefix $(H)/tests/,$(HOST_TESTS))

deps:
	@tools/deps.sh

$(H)/jarmo: tools/engine/main.c $(ENGINE_SRC) $(RULES_SRC) $(wildcard firmware/*.h tools/engine/*.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $(filter %.c,$^)

SIM_SRC := $(wildcard sim/*.c)
$(SIM): $(SIM_SRC) $(AI_SRC) $(RULES_SRC) $(wildcard sim/*.h firmware/*.h) hal/hal.h board-defs/$(BOARD).h
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -Isim -Ihal -DBOARD_HEADER='"$(CURDIR)/board-defs/$(BOARD).h"' -o $@ $(SIM_SRC) $(AI_SRC) $(RULES_SRC) \
	  $$(pkg-config --cflags --libs simavr) -lelf -lm

$(H)/gen_game_script: tools/simgen/gen_game_script.c firmware/render.c $(RULES_SRC) $(wildcard firmware/*.h hal/hal.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -Ihal -o $@ $(filter %.c,$^)

$(H)/tests/test_firmware_units: tests/test_firmware_units.c firmware/render.c firmware/input.c firmware/settings.c \
  firmware/nv_record.c firmware/game_save.c \
  tools/engine/postext.c $(RULES_SRC) $(wildcard firmware/*.h hal/*.h tests/*.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -Itests -Ihal -o $@ $(filter %.c,$^) -lcmocka

$(H)/tests/test_%: tests/test_%.c $(ENGINE_SRC) $(RULES_SRC) $(NAIVE_SRC) $(wildcard firmware/*.h tools/engine/*.h tests/*.h tests/naive/*.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -Itests -Itests/naive -o $@ $(filter %.c,$^) -lcmocka

$(FW)/obj/%.o: %.c $(wildcard firmware/*.h hal/*.h hal/avr/*.h) board-defs/$(BOARD).h
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(FW_CFLAGS) -c -o $@ $<
$(FW)/obj/gen/%.o: $(B)/gen/%.c $(wildcard firmware/*.h)
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(FW_CFLAGS) -c -o $@ $<

$(H)/jarmo-arena: tools/arena/arena.c $(AI_SRC) $(RULES_SRC) $(wildcard firmware/*.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -O3 -o $@ $(filter %.c,$^) -lm

$(H)/gen_ai_tables: tools/aigen/gen_ai_tables.c $(RULES_SRC) $(wildcard firmware/*.h)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $(filter %.c,$^)
$(AI_TABLES): $(H)/gen_ai_tables
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$< > $@
$(FW)/firmware.elf: $(FW_OBJ)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(FW_CFLAGS) $(FW_LDFLAGS) -o $@ $^
$(FW)/firmware.hex: $(FW)/firmware.elf
	@echo "  HEX  $@"
	$(Q)avr-objcopy -O ihex -R .eeprom $< $@

# The rules core alone, built for the AVR: its flash size is a budget.
RULES_AVR_OBJ := $(patsubst firmware/%.c,$(B)/avr/%.o,$(RULES_SRC))
$(B)/avr/%.o: firmware/%.c $(wildcard firmware/*.h)
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
# Test firmware: the AVR build's perft, compared with the host's in simavr.
$(B)/avr/perft.elf: tests/avr/perft_main.c hal/avr/stack_paint.c $(RULES_AVR_OBJ)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -Wl,--gc-sections -o $@ $^
# Test firmware: the AI on the suite positions, timed in simavr.
AI_AVR_OBJ := $(B)/avr/ai_search.o $(B)/avr/ai_eval.o $(B)/avr/gen/ai_tables.o $(B)/avr/gen/ai_suite.o
$(B)/avr/gen/%.o: $(B)/gen/%.c $(wildcard firmware/*.h)
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
$(B)/avr/ai_bench.elf: tests/avr/ai_bench_main.c hal/avr/stack_paint.c $(AI_AVR_OBJ) $(RULES_AVR_OBJ)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -Wl,--gc-sections -o $@ $^
$(B)/gen/ai_suite.c: tests/ai_suite.txt $(H)/suite_to_c
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$(H)/suite_to_c < $< > $@
$(H)/suite_to_c: tools/aigen/suite_to_c.c tools/engine/postext.c $(RULES_SRC)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^
$(H)/suite_expect: tools/aigen/suite_expect.c tools/engine/postext.c $(AI_SRC) $(RULES_SRC)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^
$(H)/gen_suite: tools/aigen/gen_suite.c tools/engine/postext.c $(AI_SRC) $(RULES_SRC)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^
$(B)/avr/rules_core.o: $(RULES_AVR_OBJ)
	@echo "  LD   $@"
	$(Q)avr-ld -r -o $@ $^

$(H)/perft_speed: tools/bench/perft_speed.c $(RULES_SRC)
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -O3 -o $@ $^

bench: deps
	@$(MAKE) --no-print-directory all sim-scripts $(H)/perft_speed
	@tools/bench.sh $(B) $(BOARD)

# Simulator scripts: the hand-written ones in tests/sim, plus a whole game
# per rule set generated from the host rules core.
SIM_SCRIPTS := $(B)/sim-scripts
sim-scripts: $(H)/gen_game_script $(H)/suite_expect
	@rm -rf $(SIM_SCRIPTS) && mkdir -p $(SIM_SCRIPTS)
	@cp tests/sim/*.script $(SIM_SCRIPTS)/
	@for r in classic brainking ludos jasir; do $(H)/gen_game_script $$r 1 > $(SIM_SCRIPTS)/game-$$r.script; done
	@{ echo "# elf: $(B)/avr/perft.elf"; echo "# perft 6 on the AVR build, expected counts from the host build"; \
	  for r in classic brainking ludos jasir; do \
	    echo "wait-uart 900000 perft $$r 6 $$(printf 'rules %s\nperft 6\n' $$r | $(H)/jarmo | tail -1 | cut -c3-)"; \
	  done; echo "wait-uart 100 perft done"; } > $(SIM_SCRIPTS)/avr-perft.script
	@$(H)/suite_expect $(B)/avr/ai_bench.elf < tests/ai_suite.txt > $(SIM_SCRIPTS)/avr-ai-same-as-host.script
	@for b in $(OTHER_BOARDS); do for t in boot select bounce settings; do \
	  { echo "# elf: $(B)/$$b/firmware.elf"; echo "# sim: $(H)/jarmo-sim-$$b"; sed "s/jarmo-handheld/$$b/" tests/sim/$$t.script; } \
	    > $(SIM_SCRIPTS)/board-$$b-$$t.script; done; done

# Every other board: its firmware and its simulator.
other-boards:
	@for b in $(OTHER_BOARDS); do $(MAKE) --no-print-directory BOARD=$$b $(B)/$$b/firmware.elf $(H)/jarmo-sim-$$b || exit 1; done

test: deps
	@$(MAKE) --no-print-directory all other-boards sim-scripts
	@tests/run.sh $(H)/tests $(H)/jarmo-sim $(FW)/firmware.elf $(SIM_SCRIPTS) -- $(HOST_TESTS)

# libFuzzer target for the protocol parser; FUZZ_SECONDS bounds the run.
FUZZ_SECONDS ?= 60
$(H)/fuzz_protocol: tests/fuzz_protocol.c $(ENGINE_SRC) $(RULES_SRC)
	@mkdir -p $(@D)
	@echo "  FUZZ $@"
	$(Q)clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined -Ifirmware -Itools/engine -o $@ $^
fuzz: deps $(H)/fuzz_protocol
	@mkdir -p $(B)/fuzz-corpus
	$(H)/fuzz_protocol -max_total_time=$(FUZZ_SECONDS) -max_len=2048 $(B)/fuzz-corpus tests/fuzz-seeds

# Play in the terminal: the firmware in the emulator, keyboard as buttons.
# Settings and the boot counter persist in build/eeprom-$(BOARD).bin.
play: deps
	@$(MAKE) --no-print-directory host firmware
	@$(SIM) --eeprom $(B)/eeprom-$(BOARD).bin $(FW)/firmware.elf

# Flash a real board (docs/flashing in README.md). With the Arduino
# bootloader: make flash PORT=/dev/ttyUSB0; with an ISP programmer:
# make flash PROGRAMMER=usbasp PORT=usb, and once: make fuses PROGRAMMER=usbasp.
PORT ?= /dev/ttyUSB0
PROGRAMMER ?= arduino
BAUD ?= 115200
FUSES := -U lfuse:w:0xFF:m -U hfuse:w:0xDE:m -U efuse:w:0xFD:m
flash: deps firmware
	avrdude -p m328p -c $(PROGRAMMER) -P $(PORT) $(if $(filter arduino,$(PROGRAMMER)),-b $(BAUD)) \
	  -U flash:w:$(FW)/firmware.hex:i
fuses: deps
	avrdude -p m328p -c $(PROGRAMMER) -P $(PORT) $(FUSES)

clean:
	rm -rf $(B)
