/* Fills the free RAM with a pattern before main, so the simulator can read
 * the stack's high-water mark (docs/sim.md). Linked into every AVR image,
 * the test firmwares included. Runs in .init3, after .init2 set SP and r1. */
#include <avr/io.h>
#include <avr/wdt.h>

#define STACK_PAINT 0xA5u

extern uint8_t __heap_start;
void stack_paint(void) __attribute__((naked, used, section(".init3")));
void stack_paint(void)
{
    MCUSR = 0;
    wdt_disable(); /* a watchdog reset leaves it armed: disarm before anything */
    for (uint8_t *p = &__heap_start; p <= (uint8_t *)RAMEND; p++)
        *p = STACK_PAINT;
}
