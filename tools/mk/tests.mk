# Measuring and testing (included from the Makefile): make bench, the
# simulator scripts, make test and its tiers.

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
	@$(MAKE) --no-print-directory all sim-scripts dist
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
