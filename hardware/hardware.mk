# Hardware exports and checks (included from the top Makefile): the KiCad
# project's exports and fab package, the printed case, the faceplate, the
# Nano's wiring, by the scripts in hardware/tools/; tests in tests/hardware.
# Debian packages: kicad 9 (bookworm-backports), python3, openscad, admesh.
HW_OUT := build/hardware
HW_BOARD := jarmo-handheld
HW_PCB_DIR := hardware/$(HW_BOARD)
HW_SCH := $(HW_PCB_DIR)/$(HW_BOARD).kicad_sch
HW_SHEETS := $(wildcard $(HW_PCB_DIR)/*.kicad_sch)
HW_PY := /usr/bin/python3
# kicad-cli with KiCad's default library tables in a folder of the build's
# own (a fresh machine has none; a maker's own are left alone). This
# fragment is its one owner: it makes the folder (below) and gives it to
# kicad-cli and to hardware/tools/pcb_outputs.py (KICAD_CONFIG_HOME);
# tools/renders.sh and tests/run.sh use the one make hardware made.
HW_KICAD_CFG := $(abspath $(HW_OUT))/kicad-config
HW_KICAD_ENV := KICAD_CONFIG_HOME=$(HW_KICAD_CFG)
HW_KICAD := $(HW_KICAD_ENV) kicad-cli

.PHONY: hardware hardware-check pcb-check case case-check schematic-pdf

# ---- the KiCad 9 project hardware/jarmo-handheld/ is the source (Debian's
# bookworm-backports: kicad, kicad-symbols, kicad-footprints; tools/deps.sh)
#   make hardware      the schematic as PDF and SVG, its netlist and BOM as
#                      the checks read them (netlist.csv, bom.csv),
#                      faceplate.svg, jarmo-nano/wiring.svg
#   make hardware-check  the netlist against board-defs/jarmo-handheld.h; the
#                      sheets drawn to be read (tests/hardware/check_schematic.py);
#                      the committed PDF (HW_SCH_PDF) the sheets as they are now
#   make schematic-pdf the committed PDF written anew from the sheets
#   make pcb-check     ERC; DRC and schematic parity with the project's rules
#                      and with hardware/jarmo-handheld/fab-rules.json; the
#                      silkscreen and layout checks; the footprints' fields
#                      against the symbols'; the 3D bodies; then, only when
#                      every check passed, the fab package (gerbers.zip,
#                      bom-fab.csv, cpl.csv, fab-summary.txt) in
#                      build/hardware/jarmo-handheld/; else a list of what
#                      is wrong and no package
$(HW_KICAD_CFG)/9.0/sym-lib-table:
	@mkdir -p $(@D)
	cp /usr/share/kicad/template/sym-lib-table /usr/share/kicad/template/fp-lib-table $(@D)/

hardware: deps-hw $(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_OUT)/$(HW_BOARD)/schematic.pdf $(HW_OUT)/faceplate.svg \
	$(HW_OUT)/jarmo-nano/wiring.svg

$(HW_OUT)/$(HW_BOARD)/netlist.net: $(HW_SHEETS) $(HW_PCB_DIR)/jarmo.kicad_sym $(HW_KICAD_CFG)/9.0/sym-lib-table
	@mkdir -p $(@D)
	$(HW_KICAD) sch export netlist --format kicadsexpr -o $@.tmp $(HW_SCH) >/dev/null
	mv $@.tmp $@

# a netlist the tool refuses (cut short by a full disk, an export stopped
# half way) is deleted, so that the next make exports it again
$(HW_OUT)/$(HW_BOARD)/netlist.csv: $(HW_OUT)/$(HW_BOARD)/netlist.net hardware/tools/kicad_netlist.py hardware/tools/sexpr.py
	python3 hardware/tools/kicad_netlist.py $< $@ $(HW_OUT)/$(HW_BOARD)/bom.csv || { rm -f $<; exit 1; }

# the schematic as makers read it without KiCad: one page per sheet,
# committed beside the project and named in hardware/README.md
HW_SCH_PDF := hardware/$(HW_BOARD)-schematic.pdf
$(HW_OUT)/$(HW_BOARD)/schematic.pdf: $(HW_SHEETS) $(HW_KICAD_CFG)/9.0/sym-lib-table
	@mkdir -p $(@D)/schematic-svg
	rm -f $(@D)/schematic-svg/*.svg
	$(HW_KICAD) sch export pdf -o $@.tmp $(HW_SCH) >/dev/null
	$(HW_KICAD) sch export svg -o $(@D)/schematic-svg $(HW_SCH) >/dev/null
	mv $@.tmp $@

schematic-pdf: deps-hw $(HW_OUT)/$(HW_BOARD)/schematic.pdf
	cp $(HW_OUT)/$(HW_BOARD)/schematic.pdf $(HW_SCH_PDF)

pcb-check: deps-hw $(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_KICAD_CFG)/9.0/sym-lib-table
	$(HW_KICAD_ENV) timeout 600 $(HW_PY) hardware/tools/pcb_outputs.py $(HW_PCB_DIR) \
		$(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_OUT)/$(HW_BOARD)/bom.csv $(HW_OUT)/$(HW_BOARD)

# the board's links, printed by the host build of the rules core
$(eval $(call host_prog,board_links,hardware/tools/links.c,$(HOST_RULES)))

$(HW_OUT)/faceplate.svg: $(H)/board_links hardware/tools/faceplate.py
	@mkdir -p $(@D)
	$(H)/board_links > $(HW_OUT)/links.txt
	python3 hardware/tools/faceplate.py $(HW_OUT)/links.txt $@

# the jarmo-nano's breadboard wiring, drawn from its board definition
$(HW_OUT)/jarmo-nano/wiring.svg: board-defs/jarmo-nano.h hardware/tools/nano_wiring.py
	@mkdir -p $(@D)
	python3 hardware/tools/nano_wiring.py board-defs/jarmo-nano.h $@

hardware-check: $(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_OUT)/$(HW_BOARD)/schematic.pdf
	python3 tests/hardware/check_netlist.py $(HW_OUT)/$(HW_BOARD)/netlist.csv board-defs/$(HW_BOARD).h $(HW_OUT)/$(HW_BOARD)/bom.csv
	sh tests/hardware/test_check_netlist.sh $(HW_OUT)/$(HW_BOARD)/netlist.csv board-defs/$(HW_BOARD).h $(HW_OUT)/$(HW_BOARD)/bom.csv
	sh tests/hardware/test_kicad_netlist.sh $(HW_OUT)/$(HW_BOARD)/netlist.net
	python3 tests/hardware/check_schematic.py $(HW_PCB_DIR) $(HW_OUT)/$(HW_BOARD)/schematic-svg
	sh tests/hardware/test_check_schematic.sh $(HW_PCB_DIR) $(HW_OUT)/$(HW_BOARD)/schematic-svg
	python3 tests/hardware/check_schematic_pdf.py $(HW_SCH_PDF) $(HW_OUT)/$(HW_BOARD)/schematic.pdf
	$(HW_KICAD_ENV) sh tests/hardware/test_check_schematic_pdf.sh $(HW_PCB_DIR) $(HW_SCH_PDF)

# ---- printable case (Debian packages openscad, admesh, python3-numpy, python3-pil; KiCad's pcbnew module reads the board)
#   make case        case.scad and stack.txt (the stack, the screws, how to print each
#                    part) from the committed board, its part-height table and the
#                    rules' links; STLs of the front, the back, one button cap, the door
#   make case-check  each STL one closed solid; every part at its table height clear
#                    of the case; the caps on their plungers (captured, 0.5 mm travel,
#                    hole clearance, proud of the plate); every opening over its part;
#                    the screws; section pictures; and a self-test that broken height
#                    tables fail
HW_CASE := $(HW_OUT)/case
HW_HEIGHTS := $(HW_PCB_DIR)/part-heights.csv
HW_CASE_PARTS := front back cap door
$(HW_CASE)/case.scad: $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) hardware/tools/gen_case.py $(HW_OUT)/faceplate.svg
	@mkdir -p $(@D)
	timeout 300 $(HW_PY) hardware/tools/gen_case.py $< $(HW_HEIGHTS) $(HW_OUT)/links.txt $@ $(HW_CASE)/openings.csv

$(HW_CASE)/case-%.stl: $(HW_CASE)/case.scad
	timeout 600 openscad -D 'part="$*"' -o $@ $< > $(HW_CASE)/openscad-$*.log 2>&1 \
		|| { tail -20 $(HW_CASE)/openscad-$*.log; exit 1; }

case: $(foreach p,$(HW_CASE_PARTS),$(HW_CASE)/case-$(p).stl)
	@cat $(HW_CASE)/stack.txt

case-check: case
	timeout 300 $(HW_PY) tests/hardware/check_case.py $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) $(HW_CASE)
	timeout 600 sh tests/hardware/test_check_case.sh $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) $(HW_CASE)
