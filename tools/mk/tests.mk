# Measuring and testing (included from the Makefile): make bench, the
# simulator scripts, make test and its tiers.

# ---- measuring and testing ----------------------------------------------------
bench: deps
	@$(MAKE) --no-print-directory all sim-scripts
	@tools/bench.sh $(B) $(BOARD)

# Simulator scripts: the hand-written ones in tests/sim, plus a whole game
# per rule set generated from the host rules core, the AVR checks and each
# other board's copies (tests/sim/gen/sim_scripts.sh).
SIM_SCRIPTS := $(B)/sim-scripts
sim-scripts: $(H)/gen_game_script $(H)/suite_expect $(H)/jarmo $(A)/ai_bench.elf tests/sim/gen/sim_scripts.sh
	@tests/sim/gen/sim_scripts.sh $(SIM_SCRIPTS) $(B) "$(OTHER_BOARDS)"

# The web flasher's boards (tests/web/flash.mjs): optiboot at 115200 and 57600 baud,
# and the old Nano's bootloader as Debian's arduino-core-avr ships it
# (ATmegaBOOT, 57600 baud, 2 KB at 0x7800), without its start record.
FLASH_TEST_BOOT := $(BOOTLOADER) $(B)/bootloader/optiboot-57600.hex $(B)/bootloader/atmegaboot-old-nano.hex
$(B)/bootloader/optiboot-57600.hex: $(OPTIBOOT_DIR)/optiboot.c
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(filter-out -DBAUD_RATE=%,$(OPTIBOOT_FLAGS)) -DBAUD_RATE=57600 -I$(OPTIBOOT_DIR) \
	  -o $(@:.hex=.elf) $< 2>/dev/null
	$(Q)avr-objcopy -j .text -j .data -O ihex $(@:.hex=.elf) $@.tmp && grep -v '^:04000003' $@.tmp > $@ && rm $@.tmp
$(B)/bootloader/atmegaboot-old-nano.hex: /usr/share/arduino/hardware/arduino/avr/bootloaders/atmega/ATmegaBOOT_168_atmega328.hex
	@mkdir -p $(@D)
	$(Q)grep -v '^:04000003' $< > $@

RUN_TESTS = tests/run.sh $(1) $(H)/tests $(SIM) $(FW)/firmware.elf $(SIM_SCRIPTS) -- $(HOST_TESTS)
test: deps
	@$(MAKE) --no-print-directory all sim-scripts hardware web $(FLASH_TEST_BOOT)
	@$(call RUN_TESTS,)

# The tiers (tests/run.sh): each builds what it needs and runs its tests.
#   test-unit  cmocka suites, include layers, flash budgets, the AI's assembler line cap
#   test-sim   command-line checks, make flash and make play, simulator scripts
#   test-web   the browser build in node and Chromium
#   test-hw    netlist, Nano guide, PCB and case checks
.PHONY: test-unit test-sim test-web test-hw
test-unit: deps
	@$(MAKE) --no-print-directory host boards
	@$(call RUN_TESTS,--tiers unit)
test-sim: deps
	@$(MAKE) --no-print-directory all sim-scripts dist
	@$(call RUN_TESTS,--tiers sim)
test-web: deps
	@$(MAKE) --no-print-directory boards web $(FLASH_TEST_BOOT)
	@$(call RUN_TESTS,--tiers web)
test-hw: deps
	@$(MAKE) --no-print-directory hardware
	@$(call RUN_TESTS,--tiers hw)

# One test: make test-one T=test_rules (a cmocka suite: only its program
# is built), T=select (a simulator script, tests/sim/select.script or a
# generated one), T=cli (the checks that are neither).
test-one: deps
	@if echo " $(HOST_TESTS) " | grep -q " $(T) "; then $(MAKE) --no-print-directory $(H)/tests/$(T); \
	  else $(MAKE) --no-print-directory all sim-scripts hardware web $(FLASH_TEST_BOOT); fi
	@$(call RUN_TESTS,--only "$(T)")
