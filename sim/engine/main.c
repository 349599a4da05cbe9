/* build/host/jarmo: the engine protocol on stdin/stdout (docs/protocol.md). */
#include <stdio.h>
#include <unistd.h>

#include "protocol.h"

static void write_line(const char *text, void *ctx)
{
    (void)ctx;
    fputs(text, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

int main(void)
{
    static protocol_t engine;
    char buf[4096];
    protocol_init(&engine, write_line, NULL);
    for (;;) {
        const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
        if (n <= 0)
            break;
        if (!protocol_feed(&engine, buf, (size_t)n))
            return 0;
    }
    protocol_end(&engine);
    return 0;
}
