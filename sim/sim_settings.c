/* --set NAME=VALUE and the script command `set`: the player's settings
 * written into the simulated EEPROM through the firmware's own settings
 * record (firmware/storage/settings.c, built for the host; the names in
 * settings_text.c), exactly as the console's menu would save them. A game
 * saved in the image is dropped, so that the console starts a new match
 * with the settings. */
#include "sim_settings.h"

#include <stdio.h>

#include "script_command.h"
#include "settings_text.h"
#include "sim_nv.h"

void sim_settings_usage(FILE *to)
{
    fprintf(to, "settings (--set NAME=VALUE, script: set NAME=VALUE):\n");
    for (unsigned i = 0; i < settings_text_count(); i++)
        fprintf(to, "  %s=%s\n", settings_text_name(i), settings_text_values(i));
}

bool sim_settings_set(sim_t *s, const char *assignment, char *why, size_t why_len)
{
    sim_nv_attach(s);
    if (!settings_text_set(assignment, why, why_len))
        return false;
    settings_text_drop_game(); /* the console starts a new match with these */
    return true;
}

/* set NAME=VALUE: a setting into the EEPROM (sim_settings.c); the console
 * reads its settings when it starts, so this comes first or before a reset. */
static bool cmd_set(script_call_t *c)
{
    char why[160];
    if (!sim_settings_set(c->sim, c->argv[0], why, sizeof why)) {
        script_call_fail(c, "set %s: %s", c->argv[0], why);
        sim_settings_usage(stderr);
    }
    return true;
}

const script_command_t sim_settings_commands[] = {
    {"set", 1, 1, cmd_set, "set NAME=VALUE"},
    {NULL, 0, 0, NULL, NULL},
};
