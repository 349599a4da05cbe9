/* Moments (moments.h): from the HAL's millisecond clock. */
#include "moments.h"

#include "hal.h"

uint32_t moment_now(void) { return hal_millis() | 1u; }

bool moment_passed(uint32_t *since, uint32_t now, uint32_t ms)
{
    if (*since && (int32_t)(now - *since) >= (int32_t)ms) {
        *since = 0;
        return true;
    }
    return false;
}
