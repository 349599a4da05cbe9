# The simulator, build/host/jarmo-sim (included from the Makefile): the
# firmware's ELF in simavr with the board's parts modelled (docs/sim.md).
# It models one board's wiring: sim_of (the Makefile) names each board's,
# build/host/jarmo-sim the default board's, build/host/jarmo-sim-NAME
# another's. Its objects are compiled per board, with the board's header;
# it links the firmware's storage code (settings by name: --set) and the
# host rules core and AI.
define sim_rules
$(H)/sim-$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	@echo "  CC   $$@"
	$$(Q)$$(CC) $$(HOST_CFLAGS) -Isim $(call BOARD_FLAGS,$(1)) $$$$(pkg-config --cflags simavr) -c -o $$@ $$<
$(call sim_of,$(1)): $(patsubst %.c,$(H)/sim-$(1)/obj/%.o,$(wildcard sim/*.c)) $$(SIM_STORAGE) $$(HOST_CORE)
	@echo "  LD   $$@"
	$$(Q)$$(CC) -o $$@ $$^ $$$$(pkg-config --libs simavr) -lutil -lelf -lm
endef
$(foreach b,$(BOARDS),$(eval $(call sim_rules,$(b))))

# Play in the terminal: the firmware in the emulator, keyboard as buttons.
# Settings and the saved game persist in build/eeprom-$(BOARD).bin.
play: deps-play
	@$(MAKE) --no-print-directory $(SIM) $(FW)/firmware.elf
	@$(SIM) --eeprom $(B)/eeprom-$(BOARD).bin $(FW)/firmware.elf
