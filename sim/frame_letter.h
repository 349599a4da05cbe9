/* The letters a frame dump uses for an LED (docs/sim.md): '.' off, 'r'
 * 'g' 'y' lit, upper case when every lit colour is at full brightness.
 * The one definition, for the simulator's dumps and the script generator. */
#ifndef SIM_FRAME_LETTER_H
#define SIM_FRAME_LETTER_H

enum { FRAME_OFF = 0, FRAME_LIT = 1, FRAME_FULL = 2 };

static inline char frame_letter(int red, int green)
{
    char ch = red && green ? 'y' : red ? 'r' : green ? 'g' : '.';
    if ((red || green) && (!red || red == FRAME_FULL) && (!green || green == FRAME_FULL))
        ch = (char)(ch - 'a' + 'A');
    return ch;
}

#endif
