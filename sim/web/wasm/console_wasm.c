/* The web page's view into the console's EEPROM, as WebAssembly: the very
 * C that `jarmo-sim --set` and `make play`'s status use (settings_text.c,
 * status_text.c), over the firmware's own storage code (settings.c,
 * nv_record.c, game_save.c, journal.c) and rules core. The page copies the
 * emulated chip's 1024 bytes into `console_eeprom`, calls, and copies them
 * back after a change (sim/web/src/console_text.js). */
#include <stdint.h>
#include <string.h>

#include "hal.h"
#include "rules/rules.h"
#include "wasm_rules.h"
#include "settings_text.h"
#include "status_text.h"
#include "storage/eeprom_map.h"

uint8_t console_eeprom[EE_SIZE];
char console_text_in[64];
char console_text_out[256];

void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, console_eeprom + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len) { memcpy(console_eeprom + addr, buf, len); }
void hal_watchdog_kick(void) {}

/* The saved game in words into console_text_out; 1 when there is one.
 * console_text_in: the console's newest debug line of the game, or "". */
int console_status(void) { return status_text(console_text_out, sizeof console_text_out, console_text_in[0] ? console_text_in : NULL); }

/* console_text_in ("level=5") into the settings record; 0 with the
 * reason in console_text_out when it is not a setting. */
int console_set(void) { return settings_text_set(console_text_in, console_text_out, sizeof console_text_out); }

/* Every setting as NAME=VALUE joined by '&' (a link's query) into
 * console_text_out. */
void console_settings(void)
{
    char *o = console_text_out, *end = console_text_out + sizeof console_text_out - 1;
    for (unsigned i = 0; i < settings_text_count(); i++) {
        const char *name = settings_text_name(i);
        char value[16];
        settings_text_get(i, value, sizeof value);
        if (o + strlen(name) + strlen(value) + 2 > end)
            break;
        if (i)
            *o++ = '&';
        o = strcpy(o, name) + strlen(name);
        *o++ = '=';
        o = strcpy(o, value) + strlen(value);
    }
    *o = '\0';
}

/* No saved game: the console starts a new match with the settings. */
void console_drop_game(void) { settings_text_drop_game(); }

/* ---- a recorded game replayed by the rules core (docs/records.md) ---- */
static rules_pos_t replay_pos;

/* The position into console_text_out: the 25 points a1 b1 .. e1 a2 .. e5,
 * each w / b (W / B marked) or '.', then White's captured and ready pieces,
 * Black's, the side to move, and "-" or the result as the over line has it
 * ("8 4 white no-moves"). */
static void replay_write(void)
{
    char *o = console_text_out;
    for (uint8_t r = 0; r < 5u; r++)
        for (uint8_t f = 0; f < 5u; f++) {
            const char name[3] = {(char)('a' + f), (char)('1' + r), '\0'};
            bool marked;
            const uint8_t side = rules_piece_at(&replay_pos, rules_point_from_text(name), &marked);
            *o++ = side == RULES_NO_SIDE ? '.' : (char)((side == RULES_WHITE ? 'w' : 'b') - (marked ? 32 : 0));
        }
    const uint8_t nums[4] = {rules_captured(&replay_pos, RULES_WHITE), rules_ready(&replay_pos, RULES_WHITE),
                             rules_captured(&replay_pos, RULES_BLACK), rules_ready(&replay_pos, RULES_BLACK)};
    for (uint8_t i = 0; i < 4u; i++) {
        *o++ = ' ';
        *o++ = (char)('0' + nums[i]);
    }
    *o++ = ' ';
    o = strcpy(o, rules_side_to_move(&replay_pos) == RULES_WHITE ? "white" : "black") + 5;
    *o++ = ' ';
    if (!rules_game_over(&replay_pos)) {
        *o++ = '-';
    } else {
        uint8_t score[2], side;
        rules_score(&replay_pos, score);
        *o++ = (char)('0' + score[0] / 10u);
        *o++ = (char)('0' + score[0] % 10u);
        *o++ = ' ';
        *o++ = (char)('0' + score[1] / 10u);
        *o++ = (char)('0' + score[1] % 10u);
        *o++ = ' ';
        rules_result_name(rules_winner(&replay_pos), o);
        o += strlen(o);
        *o++ = ' ';
        rules_end_name(rules_end_reason(&replay_pos, &side), o);
        o += strlen(o);
        *o++ = ' '; /* the side the end names (white, black; draw: none) */
        rules_result_name(side, o);
        o += strlen(o);
    }
    *o = '\0';
}

/* console_text_in "RULES FIRST" ("jasir black"): the start position,
 * written as replay_write() does; 0 with the reason when it is not one. */
int console_replay_start(void)
{
    if (!wasm_rules_start(console_text_in, &replay_pos, console_text_out))
        return 0;
    replay_write();
    return 1;
}

/* console_text_in one move ("c4xd5@b1"): made if it is legal here, and the
 * new position written; 0 with the reason (the position kept) when not. */
int console_replay_move(void)
{
    if (!wasm_rules_move(&replay_pos, console_text_in, console_text_out))
        return 0;
    replay_write();
    return 1;
}

