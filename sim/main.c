/* jarmo-sim: run the console firmware ELF in simavr (docs/sim.md).
 *   jarmo-sim [--eeprom FILE] FIRMWARE.elf                 interactive
 *   jarmo-sim --script FILE [--verbose] FIRMWARE.elf        headless test (UART and
 *                                                          tones printed; --verbose
 *                                                          also echoes each command)
 *   jarmo-sim --dump-frame-at MS FIRMWARE.elf               print the matrix
 *   jarmo-sim --report-at MS FIRMWARE.elf                   measured figures */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim.h"

static int usage(void)
{
    fprintf(stderr, "usage: jarmo-sim [--eeprom FILE] [--plain] [--script FILE [--verbose]] [--dump-frame-at MS]\n"
                    "                 [--report-at MS] FIRMWARE.elf\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *script = NULL, *eeprom = NULL, *elf = NULL;
    double dump_at = -1, report_at = -1;
    bool verbose = false, plain = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc)
            script = argv[++i];
        else if (strcmp(argv[i], "--eeprom") == 0 && i + 1 < argc)
            eeprom = argv[++i];
        else if (strcmp(argv[i], "--dump-frame-at") == 0 && i + 1 < argc)
            dump_at = atof(argv[++i]);
        else if (strcmp(argv[i], "--report-at") == 0 && i + 1 < argc)
            report_at = atof(argv[++i]);
        else if (strcmp(argv[i], "--verbose") == 0)
            verbose = true;
        else if (strcmp(argv[i], "--plain") == 0)
            plain = true;
        else if (argv[i][0] == '-' || elf)
            return usage();
        else
            elf = argv[i];
    }
    if (!elf)
        return usage();
    static sim_t sim;
    if (!sim_open(&sim, elf, eeprom))
        return 2;
    int rc = 0;
    if (dump_at >= 0 || report_at >= 0) {
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
        sim.echo_uart = true; /* the debug console and the tone log, as they happen */
        rc = sim_script_run(&sim, script, verbose);
    } else {
        const char *term = getenv("TERM");
        const bool color = !plain && !getenv("NO_COLOR") && term && strcmp(term, "dumb") != 0;
        rc = sim_interactive(&sim, color);
    }
    sim_close(&sim);
    return rc;
}
