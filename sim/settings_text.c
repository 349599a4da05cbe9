/* The settings' names and values in the menu's words (settings_text.h). */
#include "settings_text.h"

#include <string.h>

#include "hal.h"
#include "rules/rules.h"
#include "storage/eeprom_map.h"
#include "storage/settings.h"
#include "text_out.h"

typedef struct {
    const char *name;
    const char *values; /* space-separated, in the order of the stored value */
    uint8_t first;      /* the stored value of the first word */
} setting_t;

/* In the menu's words; brightness is the menu's LIGHT 1..3. */
static const setting_t settings[] = {
    {"mode", "two console", 0},
    {"rules", "classic brainking ludos jasir", 0},
    {"level", "1 2 3 4 5 6", 1},
    {"first", "white black", 0},
    {"side", "white black", 0},
    {"match", "1 2 4 6", 0},
    {"sound", "off on", 0},
    {"brightness", "1 2 3", 0},
    {"blink", "off on", 0},
};
#define SETTINGS_N (sizeof settings / sizeof settings[0])

unsigned settings_text_count(void) { return SETTINGS_N; }
const char *settings_text_name(unsigned i) { return i < SETTINGS_N ? settings[i].name : ""; }
const char *settings_text_values(unsigned i) { return i < SETTINGS_N ? settings[i].values : ""; }

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

/* The index of the stored value among the words: the inverse of store(). */
static int load_index(const settings_t *s, unsigned which)
{
    switch (which) {
    case 0: return s->mode == SETTINGS_MODE_VS_CONSOLE;
    case 1: return s->rules;
    case 2: return s->level - 1;
    case 3: return s->first == RULES_BLACK;
    case 4: return s->human_side == RULES_BLACK;
    case 5: return s->match_games == 1u ? 0 : s->match_games == 2u ? 1 : s->match_games == 4u ? 2 : 3;
    case 6: return s->sound;
    case 7: return s->brightness;
    default: return s->blink;
    }
}

void settings_text_get(unsigned i, char *out, size_t len)
{
    text_out_t t = text_out(out, len);
    if (i >= SETTINGS_N)
        return;
    settings_t st;
    settings_load(&st);
    const char *v = settings[i].values;
    for (int k = load_index(&st, i); k > 0 && *v; k--) {
        v += strcspn(v, " ");
        v += *v == ' ';
    }
    text_n(&t, v, strcspn(v, " "));
}

bool settings_text_set(const char *assignment, char *why, size_t why_len)
{
    text_out_t t = text_out(why, why_len);
    const char *eq = strchr(assignment, '=');
    const size_t name_len = eq ? (size_t)(eq - assignment) : strlen(assignment);
    for (unsigned i = 0; i < SETTINGS_N; i++) {
        if (strlen(settings[i].name) != name_len || strncmp(settings[i].name, assignment, name_len) != 0)
            continue;
        const int index = eq ? value_index(settings[i].values, eq + 1, strlen(eq + 1)) : -1;
        if (index < 0) {
            text_s(&t, settings[i].name);
            text_s(&t, " takes one of: ");
            text_s(&t, settings[i].values);
            text_s(&t, " (got '");
            text_s(&t, eq ? eq + 1 : "");
            text_s(&t, "')");
            return false;
        }
        settings_t st;
        settings_load(&st); /* the defaults where there is none */
        store(&st, i, index);
        settings_save(&st);
        return true;
    }
    text_s(&t, "no setting called '");
    text_n(&t, assignment, name_len);
    text_s(&t, "'");
    return false;
}

void settings_text_drop_game(void)
{
    uint8_t erased[EE_JOURNAL_PAGE];
    memset(erased, 0xFF, sizeof erased);
#define DROP_GAME(name, addr, slot, slots)                                   \
    if (strcmp(#name, "game") == 0)                                          \
        for (unsigned off = 0; off < (unsigned)(slot) * (slots); off += (slot)) \
            hal_nv_write((uint16_t)((addr) + off), erased, (uint16_t)(slot));
    EE_RECORDS(DROP_GAME)
#undef DROP_GAME
}
