# The console in a web browser (included from the top Makefile).
#   make web         build/web/: index.html, app.js (bundled), each board's
#                    firmware.hex and board.json, the board's lines
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
$(foreach b,$(WEB_BOARDS),$(eval $(WEB)/$(b)/board.json: tools/web/board_json.c board-defs/$(b).h ; \
	@mkdir -p $$(@D) && $$(CC) $$(HOST_CFLAGS) -DBOARD_HEADER='"$(CURDIR)/board-defs/$(b).h"' -o $(H)/board_json-$(b) $$< \
	  && $(H)/board_json-$(b) > $$@))
$(WEB)/%/firmware.hex: $(B)/%/firmware.hex
	@mkdir -p $(@D) && cp $< $@
$(WEB)/app.js: $(wildcard sim/web/src/*.js) $(WEB_NPM)
	@mkdir -p $(@D)
	@echo "  JS   $@"
	$(Q)sim/web/node_modules/.bin/esbuild sim/web/src/main.js --bundle --format=esm --target=es2020 \
	  --log-level=warning --outfile=$@
$(WEB)/%: sim/web/%
	@mkdir -p $(@D) && cp $< $@
$(WEB)/links.txt: $(H)/board_links
	@mkdir -p $(@D) && $< > $@
$(WEB)/boards.json: tools/mk/web.mk
	@mkdir -p $(@D) && echo '$(WEB_BOARDS)' | sed 's/[^ ]*/"&"/g; s/ /, /g; s/.*/[&]/' > $@

# the firmware to download: make dist's files, served beside the page
$(WEB)/dist.json: dist
	@rm -rf $(WEB)/dist && mkdir -p $(WEB)/dist && cp $(B)/dist/* $(WEB)/dist/ && cp $(B)/dist/dist.json $@

web: deps $(WEB)/app.js $(WEB)/index.html $(WEB)/style.css $(WEB)/links.txt $(WEB)/boards.json $(WEB)/dist.json \
	$(foreach b,$(WEB_BOARDS),$(WEB)/$(b)/firmware.hex $(WEB)/$(b)/board.json)

web-serve: web
	@node sim/web/serve.mjs $(WEB) $(WEB_PORT)
