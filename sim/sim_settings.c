/* --set NAME=VALUE and the script command `set`: the player's settings
 * written into the simulated EEPROM through the firmware's own settings
 * record (firmware/storage/settings.c, built for the host), exactly as
 * the console's menu would save them. A game saved in the image is
 * dropped, so that the console starts a new match with the settings. */
#include <stdio.h>
#include <string.h>

#include "hal.h"
#include "rules/rules.h"
#include "sim.h"
#include "storage/eeprom_map.h"
#include "storage/settings.h"

/* settings.c and nv_record.c reach the EEPROM through the HAL: here it
 * is the simulated chip's bytes. */
static sim_t *nv_sim;
void sim_nv_attach(sim_t *s) { nv_sim = s; }
void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, nv_sim->eeprom.bytes + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len) { memcpy(nv_sim->eeprom.bytes + addr, buf, len); }
/* the journal's long scans keep a real console's watchdog fed; here, nothing to feed */
void hal_watchdog_kick(void) {}

typedef struct {
    const char *name;
    const char *values; /* space-separated, in the order of the stored value */
    uint8_t first;      /* the stored value of the first word */
} setting_t;

/* In the menu's words; brightness is the menu's LIGHT 1..3. */
static const setting_t settings[] = {
    {"mode", "two console", 0},
    {"rules", "classic brainking ludos jasir", 0},
    {"level", "1 2 3 4 5", 1},
    {"first", "white black", 0},
    {"side", "white black", 0},
    {"match", "1 2 4 6", 0},
    {"sound", "off on", 0},
    {"brightness", "1 2 3", 0},
    {"blink", "off on", 0},
};
#define SETTINGS_N (sizeof settings / sizeof settings[0])

/* The index of `word` among the space-separated `values`, or -1. */
static int value_index(const char *values, const char *word, size_t len)
{
    int i = 0;
    for (const char *v = values; *v; i++) {
        const size_t n = strcspn(v, " ");
        if (n == len && strncmp(v, word, len) == 0)
            return i;
        v += n;
        v += *v == ' ';
    }
    return -1;
}

static void store(settings_t *s, unsigned which, int index)
{
    const uint8_t v = (uint8_t)(settings[which].first + index);
    switch (which) {
    case 0: s->mode = v ? SETTINGS_MODE_VS_CONSOLE : SETTINGS_MODE_TWO_PLAYERS; break;
    case 1: s->rules = v; break;
    case 2: s->level = v; break;
    case 3: s->first = v ? RULES_BLACK : RULES_WHITE; break;
    case 4: s->human_side = v ? RULES_BLACK : RULES_WHITE; break;
    case 5: s->match_games = (uint8_t)("\1\2\4\6"[index]); break;
    case 6: s->sound = v; break;
    case 7: s->brightness = v; break;
    default: s->blink = v; break;
    }
}

void sim_settings_usage(FILE *to)
{
    fprintf(to, "settings (--set NAME=VALUE, script: set NAME=VALUE):\n");
    for (unsigned i = 0; i < SETTINGS_N; i++)
        fprintf(to, "  %s=%s\n", settings[i].name, settings[i].values);
}

bool sim_settings_set(sim_t *s, const char *assignment, char *why, size_t why_len)
{
    const char *eq = strchr(assignment, '=');
    const size_t name_len = eq ? (size_t)(eq - assignment) : strlen(assignment);
    for (unsigned i = 0; i < SETTINGS_N; i++) {
        if (strlen(settings[i].name) != name_len || strncmp(settings[i].name, assignment, name_len) != 0)
            continue;
        const int index = eq ? value_index(settings[i].values, eq + 1, strlen(eq + 1)) : -1;
        if (index < 0) {
            snprintf(why, why_len, "%s takes one of: %s (got '%s')", settings[i].name, settings[i].values,
                     eq ? eq + 1 : "");
            return false;
        }
        settings_t st;
        sim_nv_attach(s);
        settings_load(&st); /* the defaults where there is none */
        store(&st, i, index);
        settings_save(&st);
        /* no saved game: the console starts a new match with these */
#define DROP_GAME(name, addr, slot, slots) \
        if (strcmp(#name, "game") == 0)   \
            memset(s->eeprom.bytes + (addr), 0xFF, (size_t)(slot) * (slots));
        EE_RECORDS(DROP_GAME)
#undef DROP_GAME
        return true;
    }
    snprintf(why, why_len, "no setting called '%.*s'", (int)name_len, assignment);
    return false;
}
