# The host build's shared rules (included from the Makefile): one compile
# rule for the project's sources and one for the generated ones, the
# generated AI tables, the developer tools (tools/) and the test programs,
# the fuzz targets. The products' host programs have their fragments beside
# them: sim/engine/engine.mk, sim/sim.mk, sim/web/web.mk, hardware/hardware.mk.

# ---- compiling ------------------------------------------------------------
$(H)/obj/%.o: %.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -c -o $@ $<
# the tools' own headers (tools/common, the arena's reference player), for
# tools/ objects only
$(H)/obj/tools/%.o: HOST_CFLAGS += -Itools/common -Itools/arena
# xorshift32.h, the simulator's (its EEPROM's noise), the tests' and the
# tools' random numbers; the simulator's frame letters for the generated
# game scripts
$(H)/obj/tools/%.o $(H)/obj/tests/%.o: HOST_CFLAGS += -Isim
$(H)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -c -o $@ $<

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
# The arena links the reference player: the AI frozen at commit ed8511a.
REF_AI_SRC := $(wildcard tools/arena/reference/*.c)
$(eval $(call host_prog,jarmo-arena,tools/arena/arena.c,$(call hobj,$(REF_AI_SRC)) $(HOST_CORE),-lm))
# The arena with another commit's AI as a player too (base:LEVEL), to
# measure a change against the AI before it: make arena-base BASE=COMMIT.
BASE ?= 5a653c0
# BASE is quoted for the shell (its own quotes dropped), and only a commit
# id reaches a recipe: a BASE that is not a commit becomes not-a-commit,
# which tools/arena/base_player.sh refuses by name
BASE_COMMIT = $(or $(shell git rev-parse --short=12 --verify -q '$(subst ','',$(BASE))^{commit}' 2>/dev/null),not-a-commit)
$(B)/base/%.o: tools/arena/base_player.sh
	@echo "  BASE $@"
	$(Q)tools/arena/base_player.sh $* $@
$(H)/obj/tools/arena/arena_base.o: tools/arena/arena.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -DARENA_BASE -c -o $@ $<
$(H)/jarmo-arena-base-%: $(H)/obj/tools/arena/arena_base.o $(B)/base/%.o $(call hobj,$(REF_AI_SRC)) $(HOST_CORE)
	@echo "  LD   $@"
	$(Q)$(CC) -o $@ $^ -lm
.PRECIOUS: $(B)/base/%.o
.PHONY: arena-base
arena-base: $(H)/jarmo-arena-base-$(BASE_COMMIT)
	@ln -sf jarmo-arena-base-$(BASE_COMMIT) $(H)/jarmo-arena-base
	@echo "build/host/jarmo-arena-base: base:LEVEL is the AI of $(BASE_COMMIT)"
$(eval $(call host_prog,gen_ai_tables,tools/aigen/gen_ai_tables.c,$(call hobj,tools/aigen/ai_distance.c) $(HOST_RULES)))
$(eval $(call host_prog,jarmo-texel,tools/tune/texel.c,$(call hobj,tools/aigen/ai_distance.c) $(HOST_CORE),-lm))
$(eval $(call host_prog,suite_to_c,tools/aigen/suite_to_c.c,$(HOST_RULES)))
$(eval $(call host_prog,suite_expect,tools/aigen/suite_expect.c,$(HOST_CORE)))
$(eval $(call host_prog,gen_suite,tools/aigen/gen_suite.c,$(HOST_CORE)))
$(eval $(call host_prog,gen_game_script,tests/sim/gen/gen_game_script.c,$(H)/obj/firmware/game/render.o $(HOST_RULES)))
$(eval $(call host_prog,perft_speed,tools/bench/perft_speed.c,$(HOST_RULES)))
# The puzzles are proven at the page's review's top level (review.wasm's
# REVIEW_TOP_BUDGET, sim/web/web.mk), so that the review's engine, which
# also proves the player's own puzzles, agrees with every one: the AI's
# root with that budget, the rest of the core as it is.
$(H)/obj/puzzles/ai_root_review.o: firmware/ai/ai_root.c
	@mkdir -p $(@D)
	@echo "  CC   $@"
	$(Q)$(CC) $(HOST_CFLAGS) -DAI_TOP_BUDGET=$(REVIEW_TOP_BUDGET) -c -o $@ $<
$(eval $(call host_prog,gen_puzzles,tools/puzzles/gen_puzzles.c,$(filter-out %/ai_root.o,$(HOST_CORE)) $(H)/obj/puzzles/ai_root_review.o))
# The firmware's parts that need no hardware, a suite each; the storage's
# over one fake EEPROM (tests/fake_eeprom.c).
UNIT_TESTS := test_debounce test_input test_render test_settings test_journal test_energy
$(foreach t,$(filter-out $(UNIT_TESTS) test_ui,$(HOST_TESTS)),\
  $(eval $(call host_prog,tests/$(t),tests/$(t).c,$(HOST_ENGINE) $(HOST_CORE) $(HOST_NAIVE),-lcmocka)))
$(eval $(call host_prog,tests/test_debounce,tests/test_debounce.c,$(call hobj,firmware/game/input.c),-lcmocka))
# the simulator's energy model (pure arithmetic, no simavr)
$(eval $(call host_prog,tests/test_energy,tests/test_energy.c,$(call hobj,sim/energy_model.c),-lcmocka))
$(eval $(call host_prog,tests/test_input,tests/test_input.c,$(call hobj,firmware/game/input.c),-lcmocka))
$(eval $(call host_prog,tests/test_render,tests/test_render.c,$(call hobj,firmware/game/render.c) $(HOST_RULES),-lcmocka))
HOST_STORAGE_TEST := $(call hobj,$(STORAGE_SRC) tests/fake_eeprom.c) $(HOST_RULES)
$(eval $(call host_prog,tests/test_settings,tests/test_settings.c,$(HOST_STORAGE_TEST),-lcmocka))
$(eval $(call host_prog,tests/test_journal,tests/test_journal.c,$(HOST_STORAGE_TEST),-lcmocka))
# The console's screens on the host: every game file but main.c, over a fake HAL.
HOST_UI := $(call hobj,$(filter-out %/main.c,$(GAME_SRC)) $(STORAGE_SRC) tests/fake_hal.c)
$(eval $(call host_prog,tests/test_ui,tests/test_ui.c,$(HOST_UI) $(HOST_CORE),-lcmocka))

# libFuzzer target for the protocol parser; FUZZ_SECONDS bounds the run.
FUZZ_SECONDS ?= 60
$(H)/fuzz_protocol: tests/fuzz_protocol.c sim/engine/protocol.c $(RULES_HOST_SRC) $(AI_SRC) $(GEN)/ai_tables.c
	@mkdir -p $(@D)
	@echo "  FUZZ $@"
	$(Q)clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined -Ifirmware -Isim/engine -o $@ $^
# libFuzzer target for the checks jarmo-sim runs on its ELF and bootloader
# files before simavr reads them (sim/file_check.c), seeded with the real ones.
$(H)/fuzz_files: tests/fuzz_files.c sim/file_check.c
	@mkdir -p $(@D)
	@echo "  FUZZ $@"
	$(Q)clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined -Isim -o $@ $^ $$(pkg-config --libs simavr) -lelf
$(B)/fuzz-files-seeds/elf: $(B)/jarmo-handheld/firmware.elf $(BOOTLOADER)
	@mkdir -p $(@D)
	@{ printf '\000'; cat $(B)/jarmo-handheld/firmware.elf; } > $@
	@{ printf '\001'; cat $(BOOTLOADER); } > $(@D)/hex
fuzz: deps $(H)/fuzz_protocol $(H)/fuzz_files $(B)/fuzz-files-seeds/elf
	@mkdir -p $(B)/fuzz-corpus $(B)/fuzz-files-corpus
	$(H)/fuzz_protocol -max_total_time=$(FUZZ_SECONDS) -max_len=2048 $(B)/fuzz-corpus tests/fuzz-seeds
	$(H)/fuzz_files -max_total_time=$(FUZZ_SECONDS) -max_len=65536 $(B)/fuzz-files-corpus $(B)/fuzz-files-seeds

# ---- the order of each board's code in flash ---------------------------------
# make link-order: each board linked with its order (firmware/boards.mk),
# then tools/mk/link_order.py searches that link for an order that leaves
# fewer calls and jumps out of 2-byte reach and writes it to
# firmware/link/BOARD.order; twice, as each link's sizes move a little with
# its order. About 20 s a board. Commit the files it writes.
.PHONY: link-order
link-order: $(foreach b,$(BOARDS),link-order-$(b))
define board_link_order
.PHONY: link-order-$(1)
link-order-$(1):
	@for round in 1 2; do \
	  $$(MAKE) --no-print-directory -s $(B)/$(1)/firmware.elf && \
	  avr-size $(B)/$(1)/firmware.elf | awk 'NR == 2 { print "  $(1): " $$$$1 + $$$$2 " B" }' && \
	  python3 tools/mk/link_order.py order $(B)/$(1)/firmware.elf $(B)/$(1)/firmware.map firmware/link/$(1).order || exit 1; \
	done
	@$$(MAKE) --no-print-directory -s $(B)/$(1)/firmware.elf
	@avr-size $(B)/$(1)/firmware.elf | awk 'NR == 2 { print "  $(1): " $$$$1 + $$$$2 " B with firmware/link/$(1).order" }'
endef
$(foreach b,$(BOARDS),$(eval $(call board_link_order,$(b))))
