/* libFuzzer target: arbitrary bytes into the engine protocol. Checks that
 * nothing crashes (ASan/UBSan) and that every answer is one well-formed line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

static void check_line(const char *text, void *ctx)
{
    (void)ctx;
    if (strchr(text, '\n'))
        abort(); /* an answer never spans lines by accident */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static protocol_t engine;
    protocol_init(&engine, check_line, NULL);
    engine.max_perft = 3; /* keep each input fast */
    protocol_feed(&engine, (const char *)data, size);
    protocol_end(&engine);
    return 0;
}
