/* The EEPROM and its file (part_eeprom.c), for main, the terminal and the
 * power-cut sweep. */
#ifndef PART_EEPROM_H
#define PART_EEPROM_H

#include <stdbool.h>

#include "sim.h"

/* --eeprom FILE: a missing or empty file starts erased; anything but a
 * 1024-byte image (a folder, another file) is refused, left untouched.
 * The file is saved when the run ends (sim_close) and by
 * sim_eeprom_flush. A save writes the file (a new copy renamed over the
 * old: a cut leaves one whole image) if a byte changed since the last
 * save. The copy is a new file of its own (O_EXCL | O_NOFOLLOW: nothing
 * planted beside the file is followed, overwritten or removed), with the
 * file's permissions; through a link at the path, the file it names is
 * replaced and the link kept. A failed save leaves the file as it was,
 * keeps the bytes to save (the next save tries again) and says why
 * (stderr, or save_error when quiet). */
bool sim_eeprom_load(sim_t *s, const char *path);
/* A save, but only between byte writes: called while running, so that a
 * closed window or a killed process loses no saved move. */
bool sim_eeprom_flush(sim_t *s);
/* Starts recording when EEPROM writes begin and end. */
void sim_eeprom_watch(sim_t *s);

#endif
