# Hardware exports and checks (included from the top Makefile: `include tools/mk/hardware.mk`).
#   make hardware        schematic PDF/SVG, netlist.csv, bom.csv, faceplate.svg,
#                        jarmo-nano/wiring.svg
#   make hardware-check  the netlist check against board-defs/jarmo-handheld.h
# Debian packages: lepton-eda (lepton-cli, lepton-netlist), python3, gcc.
HW_OUT := build/hardware
HW_BOARD := jarmo-handheld
HW_SCH := hardware/$(HW_BOARD)/$(HW_BOARD).sch

.PHONY: hardware hardware-check pcb pcb-check pcb-update pcb-repair case case-check

# ---- PCB (KiCad 6, Debian packages kicad kicad-footprints; Debian's python3)
#   make pcb         route the board again from netlist.csv into build/, then
#                    check it and write its fab outputs (about 5-10 minutes:
#                    rip-up and reroute, up to three orders of the nets)
#   make pcb-check   the same checks and the fab package (gerbers.zip,
#                    bom-fab.csv, cpl.csv, fab-summary.txt) for the committed
#                    board hardware/jarmo-handheld/jarmo-handheld.kicad_pcb:
#                    KiCad's DRC with the project's rules and with
#                    hardware/jarmo-handheld/fab-rules.json (fast)
#   make pcb-update  copy the board made by `make pcb` over the committed one
#   make pcb-repair  the ground repair that ends `make pcb` (tools/hardware/pcb_repair.py),
#                    run on the committed board in place: the committed board is
#                    an earlier `make pcb` route with this pass run on it since
HW_PY := /usr/bin/python3
HW_PCB_DIR := hardware/$(HW_BOARD)
HW_PCB_BUILD := $(HW_OUT)/$(HW_BOARD)/routed/$(HW_BOARD).kicad_pcb

$(HW_PCB_BUILD): $(HW_OUT)/$(HW_BOARD)/netlist.csv tools/hardware/gen_pcb.py tools/hardware/silkscreen.py tools/hardware/pcb_repair.py
	@mkdir -p $(@D)
	timeout 900 $(HW_PY) tools/hardware/gen_pcb.py $(HW_OUT)/$(HW_BOARD)/netlist.csv \
		$(HW_OUT)/$(HW_BOARD)/bom.csv $@ $(HW_OUT)/$(HW_BOARD)/routed/route.log > $(HW_OUT)/$(HW_BOARD)/routed/gen_pcb.out 2>&1 \
		|| { tail -20 $(HW_OUT)/$(HW_BOARD)/routed/gen_pcb.out; exit 1; }
	@cat $(HW_OUT)/$(HW_BOARD)/routed/route.log

pcb: $(HW_PCB_BUILD)
	timeout 600 $(HW_PY) tools/hardware/pcb_outputs.py $(HW_PCB_BUILD) $(HW_OUT)/$(HW_BOARD)/netlist.csv \
		$(HW_OUT)/$(HW_BOARD)/bom.csv $(HW_OUT)/$(HW_BOARD)/routed

pcb-check: $(HW_OUT)/$(HW_BOARD)/netlist.csv
	timeout 600 $(HW_PY) tools/hardware/pcb_outputs.py $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb \
		$(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_OUT)/$(HW_BOARD)/bom.csv $(HW_OUT)/$(HW_BOARD)

pcb-update: $(HW_PCB_BUILD)
	cp $(HW_PCB_BUILD) $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb
	cp $(basename $(HW_PCB_BUILD)).kicad_pro $(HW_PCB_DIR)/$(HW_BOARD).kicad_pro

pcb-repair:
	timeout 900 $(HW_PY) tools/hardware/pcb_repair.py $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb

hardware: $(HW_OUT)/$(HW_BOARD)/netlist.csv $(HW_OUT)/faceplate.svg $(HW_OUT)/jarmo-nano/wiring.svg

$(HW_OUT)/$(HW_BOARD)/netlist.csv: $(HW_SCH) $(wildcard hardware/$(HW_BOARD)/sym/*.sym) \
		hardware/$(HW_BOARD)/gafrc tools/hardware/export.sh tools/hardware/netlist_post.py
	tools/hardware/export.sh $(HW_SCH) $(HW_OUT)/$(HW_BOARD)

# the board's links, printed by the host build of the rules core
$(eval $(call host_prog,board_links,tools/hardware/links.c,$(HOST_RULES)))

$(HW_OUT)/faceplate.svg: $(H)/board_links tools/hardware/faceplate.py
	@mkdir -p $(@D)
	$(H)/board_links > $(HW_OUT)/links.txt
	python3 tools/hardware/faceplate.py $(HW_OUT)/links.txt $@

# the jarmo-nano's breadboard wiring, drawn from its board definition
$(HW_OUT)/jarmo-nano/wiring.svg: board-defs/jarmo-nano.h tools/hardware/nano_wiring.py
	@mkdir -p $(@D)
	python3 tools/hardware/nano_wiring.py board-defs/jarmo-nano.h $@

hardware-check: $(HW_OUT)/$(HW_BOARD)/netlist.csv
	python3 tests/hardware/check_netlist.py $(HW_OUT)/$(HW_BOARD)/netlist.csv board-defs/$(HW_BOARD).h $(HW_OUT)/$(HW_BOARD)/bom.csv
	sh tests/hardware/test_check_netlist.sh $(HW_OUT)/$(HW_BOARD)/netlist.csv board-defs/$(HW_BOARD).h $(HW_OUT)/$(HW_BOARD)/bom.csv

# ---- printable case (Debian packages openscad, admesh, python3-numpy, python3-pil; KiCad 6 for the board)
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
$(HW_CASE)/case.scad: $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) tools/hardware/gen_case.py $(HW_OUT)/faceplate.svg
	@mkdir -p $(@D)
	timeout 300 $(HW_PY) tools/hardware/gen_case.py $< $(HW_HEIGHTS) $(HW_OUT)/links.txt $@ $(HW_CASE)/openings.csv

$(HW_CASE)/case-%.stl: $(HW_CASE)/case.scad
	timeout 600 openscad -D 'part="$*"' -o $@ $< > $(HW_CASE)/openscad-$*.log 2>&1 \
		|| { tail -20 $(HW_CASE)/openscad-$*.log; exit 1; }

case: $(foreach p,$(HW_CASE_PARTS),$(HW_CASE)/case-$(p).stl)
	@cat $(HW_CASE)/stack.txt

case-check: case
	timeout 300 $(HW_PY) tests/hardware/check_case.py $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) $(HW_CASE)
	timeout 600 sh tests/hardware/test_check_case.sh $(HW_PCB_DIR)/$(HW_BOARD).kicad_pcb $(HW_HEIGHTS) $(HW_CASE)
