/* The HAL's non-volatile storage on the simulated EEPROM (sim_nv.h):
 * settings.c and nv_record.c reach the EEPROM through the HAL, here the
 * simulated chip's bytes. */
#include "sim_nv.h"

#include <string.h>

#include "hal.h"

static sim_t *nv_sim;
void sim_nv_attach(sim_t *s) { nv_sim = s; }
void hal_nv_read(uint16_t addr, void *buf, uint16_t len) { memcpy(buf, nv_sim->eeprom.bytes + addr, len); }
void hal_nv_write(uint16_t addr, const void *buf, uint16_t len) { memcpy(nv_sim->eeprom.bytes + addr, buf, len); }
/* the journal's long scans keep a real console's watchdog fed; here, nothing to feed */
void hal_watchdog_kick(void) {}
