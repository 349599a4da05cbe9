# The firmware's board-independent AVR build (included from the Makefile):
# the shipped flags' compile rules, the AVR test firmwares (tests/avr), the
# bootloader and flashing a board. Each board's firmware: firmware/boards.mk.

$(A)/obj/%.o: %.c
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<
# The AI's objects are compiled for speed where the time goes (make bench
# measures both the speed and the flash this costs). ai_root.c runs once a
# move; ai_search.c is compiled for size but for its quiescence loop (AI_HOT:
# -306 B of the handheld's flash for 2.4% of the nodes per second, issue 32);
# ai_board.c's C is the hot path only without the assembler kernels
# (AI_ASM=0): beside them, for size it costs 0.1% (-90 B).
AVR_AI_FAST := -O2 -mno-call-prologues
$(A)/obj/firmware/ai/ai_root.o: AVR_AI_FAST :=
$(A)/obj/firmware/ai/ai_search.o: AVR_AI_FAST :=
$(if $(filter 0,$(AI_ASM)),,$(A)/obj/firmware/ai/ai_board.o: AVR_AI_FAST :=)
$(A)/obj/firmware/ai/%.o: firmware/ai/%.c
	@mkdir -p $(@D)
	@echo "  AVR  $@ (speed)"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_AI_FAST) -c -o $@ $<
$(A)/obj/firmware/ai/%.o: firmware/ai/%.S $(GEN)/ai_asm_offsets.h
	@mkdir -p $(@D)
	@echo "  AS   $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -I$(GEN) -c -o $@ $<
# The assembler's offsets and bits, generated from the C layout (the Linux
# kernel's asm-offsets pattern): firmware/ai/ai_asm_offsets.c compiled to
# assembly, its "->NAME value" markers turned into #defines.
$(GEN)/ai_asm_offsets.h: firmware/ai/ai_asm_offsets.c
	@mkdir -p $(@D)
	@echo "  GEN  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -MT $@ -MF $(GEN)/ai_asm_offsets.d -S -o $(GEN)/ai_asm_offsets.s $<
	$(Q){ echo "/* generated from $< (firmware/firmware.mk): do not edit */"; \
	  sed -n 's/^[[:space:]]*->\([A-Z0-9_]*\) \([0-9]*\)$$/#define \1 \2/p' $(GEN)/ai_asm_offsets.s; } > $@
$(A)/obj/gen/%.o: $(GEN)/%.c
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) -c -o $@ $<

# ---- AVR test firmwares, on the shipped objects ------------------------------
# The rules core alone, for its flash size (a budget).
$(A)/rules_core.o: $(AVR_RULES)
	@echo "  LD   $@"
	$(Q)avr-ld -r -o $@ $^
# The AVR build's perft, compared with the host's in simavr.
$(A)/perft.elf: $(call aobj,tests/avr/perft_main.c) $(AVR_PAINT) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^
# The AI on the suite positions, timed in simavr.
$(A)/ai_bench.elf: $(call aobj,tests/avr/ai_bench_main.c) $(A)/obj/gen/ai_suite.o $(AVR_PAINT) $(AVR_AI) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

# The AI's assembler kernels against their C reference, call by call, on
# random games (tests/sim/avr-ai-asm.script); only with the assembler.
$(A)/ai_asm_check.elf: $(call aobj,tests/avr/ai_asm_check_main.c) $(AVR_AI) $(AVR_RULES)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

# The simulator's stack guard must stop this one.
$(A)/stack_overflow.elf: $(call aobj,tests/avr/stack_overflow_main.c) $(AVR_PAINT)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(AVR_CFLAGS) $(AVR_LDFLAGS) -o $@ $^

# Flash a real board (hardware/README.md). Once, with an ISP programmer:
#   make bootloader PROGRAMMER=usbasp PORT=usb   (fuses, then optiboot)
#   make bootloader PROGRAMMER=arduino-as-isp PORT=/dev/ttyACM0
#     (an Arduino Uno running the IDE's ArduinoISP example: avrdude's
#     stk500v1 at 19200 baud)
# then over the serial header, through the bootloader:
#   make flash PORT=/dev/ttyUSB0
# (make flash PROGRAMMER=usbasp PORT=usb flashes over ISP instead; that
# erases the bootloader, but EESAVE keeps the saved games.)
PORT ?= /dev/ttyUSB0
PROGRAMMER ?= arduino
BAUD ?= 115200
# avrdude's programmer options: the board's bootloader (arduino, at BAUD),
# an Arduino as ISP (the ArduinoISP sketch speaks stk500v1 at 19200 baud),
# or any programmer avrdude knows by name (usbasp, avrisp2, ...)
AVRDUDE_PROGRAMMER = $(if $(filter arduino-as-isp,$(PROGRAMMER)),-c stk500v1 -b 19200,-c $(PROGRAMMER)$(if $(filter arduino,$(PROGRAMMER)), -b $(BAUD)))
# lfuse 0xF7: 16 MHz crystal, full-swing oscillator (robust next to the
# display's 0.37 A row switching), slow rising power. hfuse 0xD6: SPIEN, EESAVE
# (an ISP chip erase keeps the EEPROM: saved games survive), 512-byte boot
# section, reset into the bootloader (BOOTRST). efuse 0xFC: brown-out at
# 4.3 V (the board runs from a 5 V boost; below 4.3 V the TPIC6B595 and a
# 16 MHz ATmega328P are out of spec, so the MCU is held in reset).
FUSES := -U lfuse:w:0xF7:m -U hfuse:w:0xD6:m -U efuse:w:0xFC:m
# An Arduino Nano (BOARD=jarmo-nano) comes with its bootloader and fuses:
# make flash BOARD=jarmo-nano PORT=/dev/ttyUSB0 is all it needs (BAUD=57600
# for a Nano with the old bootloader, "ATmega328P (Old Bootloader)" in the
# Arduino IDE). Its fuses are not the reference board's, so make fuses and
# make bootloader refuse it.
NO_ISP_BOARDS := jarmo-nano
flash: deps $(FW)/firmware.hex
	@avrdude -p m328p $(AVRDUDE_PROGRAMMER) -P $(PORT) \
	  -U flash:w:$(FW)/firmware.hex:i || { echo "make flash: avrdude failed. Is $(PORT) the board's serial port (ls /dev/ttyUSB* /dev/ttyACM*)?$(if $(filter arduino,$(PROGRAMMER)), A Nano with the old bootloader answers at BAUD=57600.)"; exit 1; }
fuses: deps
	@$(if $(filter $(BOARD),$(NO_ISP_BOARDS)),echo "make fuses: $(BOARD) keeps the fuses it came with (hardware/$(BOARD)/README.md)"; exit 1)
	avrdude -p m328p $(AVRDUDE_PROGRAMMER) -P $(PORT) $(FUSES)

# The bootloader: optiboot built from the source in Debian's arduino-core-avr
# (its prebuilt hex spans 0x7E00..0x8013, past the end of flash), checked to
# fit the 512-byte boot section. No start-up LED flashes: its LED pin is SCK.
OPTIBOOT_DIR := /usr/share/arduino/hardware/arduino/avr/bootloaders/optiboot
OPTIBOOT_FLAGS := -Os -fno-inline-small-functions -fno-split-wide-types -mshort-calls -mmcu=atmega328p \
  -DF_CPU=16000000L -DBAUD_RATE=$(BAUD) -DLED_START_FLASHES=0 -Wl,--section-start=.text=0x7e00 \
  -Wl,--section-start=.version=0x7ffe -Wl,--relax -Wl,--gc-sections -nostartfiles -nostdlib
$(BOOTLOADER): $(OPTIBOOT_DIR)/optiboot.c tools/hex_range.sh
	@mkdir -p $(@D)
	@echo "  AVR  $@"
	$(Q)$(AVR_CC) $(OPTIBOOT_FLAGS) -I$(OPTIBOOT_DIR) -o $(@D)/optiboot.elf $< 2>$(@D)/optiboot.warnings
	$(Q)avr-objcopy -j .text -j .data -O ihex $(@D)/optiboot.elf $@.tmp
	$(Q)grep -v '^:04000003' $@.tmp > $@ && rm $@.tmp # no start address: simavr warns about it
	$(Q)tools/hex_range.sh $@ 7E00 7FFF >/dev/null || { tools/hex_range.sh $@ 7E00 7FFF; rm -f $@; exit 1; }
bootloader: deps $(BOOTLOADER)
	@$(if $(filter $(BOARD),$(NO_ISP_BOARDS)),echo "make bootloader: $(BOARD) comes with its bootloader: make flash BOARD=$(BOARD) PORT=/dev/ttyUSB0"; exit 1)
	@tools/hex_range.sh $(BOOTLOADER) 7E00 7FFF
	$(if $(filter arduino,$(PROGRAMMER)),@echo "make bootloader: burning needs an ISP programmer: make bootloader PROGRAMMER=usbasp PORT=usb, or an Arduino Uno running the ArduinoISP example: make bootloader PROGRAMMER=arduino-as-isp PORT=/dev/ttyACM0 (hardware/README.md)"; exit 1)
	avrdude -p m328p $(AVRDUDE_PROGRAMMER) -P $(PORT) -e -U lock:w:0x3F:m $(FUSES) \
	  -U flash:w:$(BOOTLOADER):i -U lock:w:0x0F:m
