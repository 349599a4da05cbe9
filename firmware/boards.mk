# Each board's firmware (included from the Makefile): its game, storage, HAL
# and rules core objects, its firmware.elf and .hex, its blanking test
# firmware. Each board's simulator is sim/sim.mk's.

# A board whose header says BOARD_AI_FOR_SIZE 1 (the Nano: 30,720 B for the
# program) links the AI's C reference compiled with its own objects, for size
# and with the firmware's link-time optimisation, instead of the assembler
# kernels and -O2 (the same moves, found more slowly).
# The header is read by the C preprocessor, as the firmware reads it (so
# "1u" or an expression counts, and a header that does not preprocess stops
# the build), and once per board.
ai_for_size_probe = $(shell out=$$(printf '\043include "board-defs/$(1).h"\n\043if defined(BOARD_AI_FOR_SIZE) && BOARD_AI_FOR_SIZE\nai-for-size=1\n\043else\nai-for-size=0\n\043endif\n' \
  | $(AVR_CC) -E -P -x c - 2>/dev/null) && echo "$$out" | grep -x 'ai-for-size=[01]' || echo failed)
# (Before tools/deps.sh has installed avr-gcc there is nothing to probe: the
# targets that build run deps first and then make again.)
ifneq ($(shell command -v $(AVR_CC) 2>/dev/null),)
$(foreach b,$(BOARDS),$(eval AI_FOR_SIZE_$(b) := $(call ai_for_size_probe,$(b))))
$(foreach b,$(BOARDS),$(if $(filter ai-for-size=0 ai-for-size=1,$(AI_FOR_SIZE_$(b))),,\
  $(error board-defs/$(b).h: the C preprocessor cannot read BOARD_AI_FOR_SIZE from it)))
endif
ai_for_size = $(filter ai-for-size=1,$(AI_FOR_SIZE_$(1)))
# Such a board's top level searches fewer nodes (firmware/ai/ai_root.c):
# 15,040 (x16) in jasir and 18/16 of that in the other rule sets keep its
# worst move within 2 s at the C AI's speed. The suite's slowest positions
# (the AI bench built as the Nano builds it): jasir 8,129 nodes/s, the
# others 9,215, so 1.85 s and 1.84 s at most on the bare search, 6.5% more
# while the console shows its display; 1,664 ms was the longest measured.
AI_TOP_BUDGET_FOR_SIZE := 940u
AI_TOP_FAST_SETS_FOR_SIZE := 18u
BOARD_AI = $(if $(call ai_for_size,$(1)),$(patsubst %.c,$(B)/$(1)/obj/%.o,$(AI_SRC)) $(A)/obj/gen/ai_tables.o,$(B)/$(1)/obj/firmware/ai/ai_root.o $(filter-out %/ai_root.o,$(AVR_AI)))

# The shipped firmware compiles the rules core with the board's objects, inside
# its link-time optimisation (-218 B on the handheld, -284 B on the Nano; the
# two functions with a move buffer are kept out of line so that their buffers
# never join a caller's frame: the Nano's RAM budget); the perft and AI bench
# firmwares keep linking the board-independent $(A) objects, so the rules
# core's speed and size are still measured on their own.
BOARD_RULES = $(patsubst %.c,$(B)/$(1)/obj/%.o,$(RULES_SRC))

# The order of each board's code in flash, firmware/link/BOARD.order: the
# linker shortens a call or jump to 2 bytes only when its target is within
# 4 KB, and the order of link-time optimisation's output left 287 of the
# handheld's long. The board's linker script is the linker's own (the one
# avr-gcc runs) with the order's sections first (link/link_script.awk);
# make link-order (tools/mk/host.mk) writes the order anew, and
# tests/size.sh fails when it misses a code section or names one that is
# gone. (The folder is a prerequisite too: a deleted order rebuilds the
# script without it.)
LINK_ORDER = firmware/link/$(1).order
AVR_LD_EMULATION := avr5
AVR_LD = $(shell $(AVR_CC) -print-prog-name=ld 2>/dev/null)

# board objects: the board header is the only difference
define board_rules
$(B)/$(1)/obj/%.o: %.c
	@mkdir -p $$(@D)
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $(call BOARD_FLAGS,$(1)) -c -o $$@ $$<
$(if $(call ai_for_size,$(1)),$(B)/$(1)/obj/firmware/ai/%.o: AVR_CFLAGS += -UAI_ASM -DAI_ASM=0 -DAI_TOP_BUDGET=$(AI_TOP_BUDGET_FOR_SIZE) -DAI_TOP_FAST_SETS=$(AI_TOP_FAST_SETS_FOR_SIZE))
$(B)/$(1)/firmware.ld: $(wildcard $(call LINK_ORDER,$(1))) firmware/link firmware/link/link_script.awk
	@mkdir -p $$(@D)
	@echo "  LD   $$@"
	$$(Q)$$(AVR_LD) -m$(AVR_LD_EMULATION) --verbose | awk -v order=$(call LINK_ORDER,$(1)) -f firmware/link/link_script.awk > $$@
$(B)/$(1)/firmware.elf: $(call FW_OBJ,$(1)) $(call BOARD_RULES,$(1)) $(call BOARD_AI,$(1)) $$(AVR_PAINT) $(B)/$(1)/firmware.ld
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $$(AVR_LDFLAGS) -Wl,-T,$(B)/$(1)/firmware.ld -Wl,-Map=$(B)/$(1)/firmware.map -o $$@ $$(filter-out %.ld,$$^)
# The blanking test firmware (boards with a blanking pin).
$(B)/$(1)/blank_test.elf: $(B)/$(1)/obj/tests/avr/blank_main.o
	@echo "  AVR  $$@"
	$$(Q)$$(AVR_CC) $$(AVR_CFLAGS) $$(AVR_LTO) $$(AVR_LDFLAGS) -o $$@ $$^
$(B)/$(1)/firmware.hex: $(B)/$(1)/firmware.elf
	@echo "  HEX  $$@"
	$$(Q)avr-objcopy -O ihex -R .eeprom $$< $$@
endef
$(foreach b,$(BOARDS),$(eval $(call board_rules,$(b))))
