/* The player's settings by name, in the menu's words ("level=5",
 * "mode=console"): one table of names and values for `jarmo-sim --set`,
 * the script command `set` and the web page's links (?level=5), written
 * through the firmware's own settings record (storage/settings.c) over
 * hal_nv_read/hal_nv_write. No stdio: the web page runs it as WebAssembly. */
#ifndef SIM_SETTINGS_TEXT_H
#define SIM_SETTINGS_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* "NAME=VALUE" into the settings record; false with the reason in `why`
 * (and nothing written) when the name or the value is not one. */
bool settings_text_set(const char *assignment, char *why, size_t why_len);
/* The stored value of setting i as its word ("5", "console"), into out. */
void settings_text_get(unsigned i, char *out, size_t len);
/* Drops the saved game: the console starts a new match with the settings. */
void settings_text_drop_game(void);
/* The settings: name and space-separated values of setting i < count. */
unsigned settings_text_count(void);
const char *settings_text_name(unsigned i);
const char *settings_text_values(unsigned i);

#endif
