/* jarmo-sim: run the console firmware ELF in simavr (docs/sim.md).
 *   jarmo-sim [--eeprom FILE] [--plain] FIRMWARE.elf       interactive
 *   jarmo-sim --script FILE [--verbose] FIRMWARE.elf        headless test (UART and
 *                                                          tones printed; --verbose
 *                                                          also echoes each command)
 *   jarmo-sim --dump-frame-at MS FIRMWARE.elf               print the matrix
 *   jarmo-sim --report-at MS FIRMWARE.elf                   measured figures
 *   jarmo-sim --dump-board-at MS FIRMWARE.elf               make play's picture at MS
 *                                                          (letters, no colours)
 *   jarmo-sim --serial LINK [--bootloader HEX] [--until TEXT] FIRMWARE.elf
 *                                                          USART0 on a pty (make flash)
 *   --profile FILE (with any of the above): cycles per instruction into FILE
 *                                                          (tools/bench/profile.sh)
 *   --battery-mv MV (with any of the above): the cells' voltage (4500: fresh)
 *   --set NAME=VALUE (repeatable, with any of the above): a setting written
 *                    into the EEPROM through the firmware's settings record
 *                    before the console starts (sim_settings.c lists them)
 * Exit status: 0 fine, 1 a failed script or a crashed MCU, 2 bad usage or
 * a file that cannot be read or written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "part_battery.h"
#include "part_eeprom.h"
#include "script_parse.h"
#include "sim.h"
#include "sim_board_view.h"
#include "sim_parts.h"
#include "sim_script.h"
#include "sim_serial.h"
#include "sim_settings.h"
#include "sim_term.h"

static int usage(const char *why, const char *arg)
{
    if (why)
        fprintf(stderr, "jarmo-sim: %s%s%s\n", why, arg ? ": " : "", arg ? arg : "");
    fprintf(stderr, "usage: jarmo-sim [--eeprom FILE] [--plain] [--script FILE [--verbose]] [--dump-frame-at MS] [--profile FILE]\n"
                    "                 [--report-at MS] [--dump-board-at MS] [--battery-mv MV] [--set NAME=VALUE]...\n"
                    "                 FIRMWARE.elf\n"
                    "       jarmo-sim --serial LINK [--bootloader HEX] [--until TEXT | --script FILE] FIRMWARE.elf\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *eeprom = NULL, *elf = NULL, *serial = NULL, *boot = NULL, *until = NULL,
               *profile = NULL;
    double dump_at = -1, report_at = -1, board_at = -1;
    bool verbose = false, plain = false;
    const char *sets[32];
    int set_count = 0;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        const bool has_value = i + 1 < argc;
        if (strcmp(opt, "--script") == 0 || strcmp(opt, "--eeprom") == 0 || strcmp(opt, "--serial") == 0 ||
            strcmp(opt, "--profile") == 0 ||
            strcmp(opt, "--bootloader") == 0 || strcmp(opt, "--until") == 0) {
            if (!has_value)
                return usage("missing value after", opt);
            const char **slot = strcmp(opt, "--script") == 0   ? &script
                                 : strcmp(opt, "--eeprom") == 0 ? &eeprom
                                 : strcmp(opt, "--serial") == 0 ? &serial
                                 : strcmp(opt, "--until") == 0  ? &until
                                 : strcmp(opt, "--profile") == 0 ? &profile
                                                                : &boot;
            *slot = argv[++i];
        } else if (strcmp(opt, "--dump-frame-at") == 0 || strcmp(opt, "--report-at") == 0 ||
                   strcmp(opt, "--dump-board-at") == 0) {
            if (!has_value)
                return usage("missing time after", opt);
            double *at = strcmp(opt, "--dump-frame-at") == 0 ? &dump_at
                         : strcmp(opt, "--report-at") == 0   ? &report_at
                                                             : &board_at;
            if (!script_parse_ms(argv[++i], at))
                return usage("not a time in ms (a number from 0 to 1e9)", argv[i]);
        } else if (strcmp(opt, "--battery-mv") == 0) {
            double mv;
            if (!has_value)
                return usage("missing millivolts after", opt);
            if (!script_parse_ms(argv[++i], &mv) || mv > SIM_BATTERY_MAX_MV || mv != (double)(unsigned)mv)
                return usage("not a battery voltage in mV (a whole number from 0 to 6000)", argv[i]);
            if (!sim_battery_sensed())
                return usage("this board senses no battery (board-defs: BOARD_BATT_...)", NULL);
            sim_battery_set_mv((unsigned)mv);
        } else if (strcmp(opt, "--set") == 0) {
            if (!has_value)
                return usage("missing NAME=VALUE after", opt);
            if (set_count == (int)(sizeof sets / sizeof sets[0]))
                return usage("too many --set", NULL);
            sets[set_count++] = argv[++i];
        } else if (strcmp(opt, "--verbose") == 0) {
            verbose = true;
        } else if (strcmp(opt, "--plain") == 0) {
            plain = true;
        } else if (opt[0] == '-') {
            return usage("unknown option", opt);
        } else if (elf) {
            return usage("one firmware only; also given", opt);
        } else {
            elf = opt;
        }
    }
    if (!elf)
        return usage("no firmware ELF given", NULL);
    if ((boot || until) && !serial)
        return usage("--bootloader and --until go with --serial", NULL);
    if (script && !serial && (dump_at >= 0 || report_at >= 0 || board_at >= 0))
        return usage("--script runs a script; --dump-frame-at, --report-at and --board-at run without one: not both", NULL);
    /* --serial makes a link to the pseudo-terminal; it replaces only a link
     * (an earlier run's), never a file */
    struct stat st;
    if (serial && lstat(serial, &st) == 0 && !S_ISLNK(st.st_mode)) {
        fprintf(stderr, "jarmo-sim: --serial %s: it exists and is not a link (an earlier run's); not touching it\n",
                serial);
        return 2;
    }
    static sim_t sim;
    if (!sim_open(&sim, elf, sim_board_parts) || (eeprom && !sim_eeprom_load(&sim, eeprom)))
        return 2;
    for (int i = 0; i < set_count; i++) {
        char why[160];
        if (!sim_settings_set(&sim, sets[i], why, sizeof why)) {
            fprintf(stderr, "jarmo-sim: --set %s: %s\n", sets[i], why);
            sim_settings_usage(stderr);
            return 2;
        }
    }
    if (profile && !sim_profile(&sim, profile))
        return 2;
    int rc = 0;
    if (serial) {
        sim.uart.echo = true;
        rc = sim_serial(&sim, serial, boot, until, 3000.0, script);
    } else if (board_at >= 0) {
        if (!sim_run_until_ms(&sim, board_at))
            rc = 1;
        char words[128];
        sim_board_view(&sim, false, sim_words_newest(&sim, words, sizeof words), stdout, false);
    } else if (dump_at >= 0 || report_at >= 0) {
        const double until = dump_at > report_at ? dump_at : report_at;
        if (!sim_run_until_ms(&sim, until))
            rc = 1;
        if (dump_at >= 0) {
            char f[MATRIX_N][MATRIX_N + 1];
            sim_frame(&sim, f);
            for (int r = 0; r < MATRIX_N; r++)
                printf("%s\n", f[r]);
        }
        if (report_at >= 0)
            sim_report(&sim, "");
    } else if (script) {
        sim.uart.echo = true; /* the debug console and the tone log, as they happen */
        rc = sim_script_run(&sim, script, verbose);
    } else {
        const char *term = getenv("TERM");
        const bool color = !plain && !getenv("NO_COLOR") && term && strcmp(term, "dumb") != 0;
        rc = sim_interactive(&sim, color);
    }
    if (!sim_close(&sim) && rc == 0)
        rc = 2;
    return rc;
}
