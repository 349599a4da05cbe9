# The console in a web browser (included from the top Makefile): the page's
# JavaScript (sim/web/src), its C for WebAssembly (sim/web/wasm), its
# generators (sim/web/site.mjs, sim/web/board_json.c); tests in tests/web.
#   make web         build/web/: index.html (with the teaching text, the
#                    legend and the board's diagram, sim/web/site.mjs),
#                    docs/*.html, app.js (bundled), console.wasm, each
#                    board's firmware.hex and board.json, the board's lines
#   make web-serve   serves build/web on 127.0.0.1 (WEB_PORT=0: a free port)
# npm packages (avr8js, esbuild, playwright-core) come from the npm registry
# through sim/web/package-lock.json, installed by `npm ci`.
WEB := $(B)/web
WEB_BOARDS := jarmo-handheld jarmo-nano
WEB_PORT ?= 8000
WEB_NPM := sim/web/node_modules/.installed

.PHONY: web web-serve web-deps

web-deps: $(WEB_NPM)
$(WEB_NPM): sim/web/package.json sim/web/package-lock.json
	@echo "  NPM  sim/web (npm ci)"
	$(Q)cd sim/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# a board definition as JSON, for the page's model of the board
$(foreach b,$(WEB_BOARDS),$(eval $(WEB)/$(b)/board.json: sim/web/board_json.c board-defs/$(b).h ; \
	@mkdir -p $$(@D) && $$(CC) $$(HOST_CFLAGS) -DBOARD_HEADER='"$(CURDIR)/board-defs/$(b).h"' -o $(H)/board_json-$(b) $$< \
	  && $(H)/board_json-$(b) > $$@))
$(WEB)/%/firmware.hex: $(B)/%/firmware.hex
	@mkdir -p $(@D) && cp $< $@
$(WEB)/app.js: $(wildcard sim/web/src/*.js) $(WEB_NPM)
	@mkdir -p $(@D)
	@echo "  JS   $@"
	$(Q)sim/web/node_modules/.bin/esbuild sim/web/src/main.js --bundle --format=esm --target=es2020 \
	  --log-level=warning --outfile=$@
$(WEB)/style.css: sim/web/style.css
	@mkdir -p $(@D) && cp $< $@
# the page and the docs as pages, from the project's texts
$(WEB)/index.html: sim/web/index.html sim/web/teach.md $(wildcard docs/*.md) sim/web/site.mjs $(WEB)/links.txt $(WEB_NPM)
	@echo "  SITE $@"
	$(Q)node sim/web/site.mjs $(WEB)

# The settings by name and the saved game in words, as the simulator has
# them (sim/settings_text.c, sim/status_text.c), over the firmware's own
# storage code and rules core: WebAssembly, by clang and wasm-ld, no libc.
comma := ,
WASM_SRC := sim/web/wasm/console_wasm.c sim/web/wasm/wasm_libc.c sim/web/wasm/wasm_rules.c sim/settings_text.c sim/status_text.c $(RULES_SRC) \
  $(addprefix firmware/storage/,settings.c nv_record.c game_save.c journal.c)
WASM_EXPORTS := console_status console_set console_settings console_drop_game console_replay_start console_replay_move \
  console_eeprom console_text_in console_text_out
$(WEB)/console.wasm: $(WASM_SRC) sim/web/wasm/wasm_rules.h $(wildcard sim/*.h firmware/rules/*.h firmware/storage/*.h sim/web/wasm/libc/*.h)
	@mkdir -p $(@D)
	@echo "  WASM $@"
	$(Q)clang --target=wasm32 -std=gnu11 -Os -Wall -Wextra -Werror -nostdlib -ffreestanding \
	  -isystem sim/web/wasm/libc -Ifirmware -Ihal -Isim -Wl,--no-entry $(addprefix -Wl$(comma)--export=,$(WASM_EXPORTS)) \
	  -o $@ $(WASM_SRC)
# The game review's engine: the console's AI (the firmware's C) over its
# rules core, with a top level of 100,000 nodes (6,250 x 16; 19/16 of that
# outside jasir) where the console has 23,200 (27,550): a reviewed move is
# judged more deeply than played.
REVIEW_TOP_BUDGET := 6250u
REVIEW_SRC := sim/web/wasm/review_wasm.c sim/web/wasm/wasm_libc.c sim/web/wasm/wasm_rules.c $(RULES_SRC) $(AI_SRC) $(GEN)/ai_tables.c
REVIEW_EXPORTS := review_start review_move review_think review_side_to_move review_judge review_legal review_judged review_text_in review_text_out
$(WEB)/review.wasm: $(REVIEW_SRC) sim/web/wasm/wasm_rules.h $(wildcard firmware/rules/*.h firmware/ai/*.h sim/web/wasm/libc/*.h)
	@mkdir -p $(@D)
	@echo "  WASM $@"
	$(Q)clang --target=wasm32 -std=gnu11 -O2 -Wall -Wextra -Werror -nostdlib -ffreestanding -DAI_TOP_BUDGET=$(REVIEW_TOP_BUDGET) \
	  -isystem sim/web/wasm/libc -Ifirmware -Ihal -Wl,--no-entry $(addprefix -Wl$(comma)--export=,$(REVIEW_EXPORTS)) \
	  -o $@ $(REVIEW_SRC)
$(WEB)/review_worker.js: sim/web/src/review_worker.js $(WEB_NPM)
	@mkdir -p $(@D)
	@echo "  JS   $@"
	$(Q)sim/web/node_modules/.bin/esbuild $< --bundle --format=esm --target=es2020 --log-level=warning --outfile=$@
# the puzzles: found by the AI in self-play, proven at its top level
$(WEB)/puzzles.json: $(H)/gen_puzzles sim/web/web.mk
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$(H)/gen_puzzles 16 > $@.tmp 2> $(@D)/puzzles.log && mv $@.tmp $@ || { cat $(@D)/puzzles.log; rm -f $@.tmp; exit 1; }
$(WEB)/links.txt: $(H)/board_links
	@mkdir -p $(@D) && $< > $@
$(WEB)/boards.json: sim/web/web.mk
	@mkdir -p $(@D) && echo '$(WEB_BOARDS)' | sed 's/[^ ]*/"&"/g; s/ /, /g; s/.*/[&]/' > $@

# the firmware to download: make dist's files, served beside the page
$(WEB)/dist.json: dist
	@rm -rf $(WEB)/dist && mkdir -p $(WEB)/dist && cp $(B)/dist/* $(WEB)/dist/ && cp $(B)/dist/dist.json $@

web: deps-web $(WEB)/app.js $(WEB)/index.html $(WEB)/style.css $(WEB)/console.wasm $(WEB)/review.wasm $(WEB)/puzzles.json $(WEB)/review_worker.js $(WEB)/links.txt $(WEB)/boards.json $(WEB)/dist.json \
	$(foreach b,$(WEB_BOARDS),$(WEB)/$(b)/firmware.hex $(WEB)/$(b)/board.json)

web-serve: web
	@node sim/web/serve.mjs $(WEB) $(WEB_PORT)
