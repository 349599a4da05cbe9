/* Text built into a caller's buffer without stdio (the simulator and the
 * web page's WebAssembly share the code that uses it): always
 * NUL-terminated, cut short rather than overrun. */
#ifndef SIM_TEXT_OUT_H
#define SIM_TEXT_OUT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *at, *end; /* end: the last byte, kept for the NUL */
} text_out_t;

static inline text_out_t text_out(char *buf, size_t len)
{
    text_out_t t = {buf, buf + (len ? len - 1 : 0)};
    if (len)
        *buf = '\0';
    return t;
}

static inline void text_n(text_out_t *t, const char *s, size_t n)
{
    while (n-- && *s && t->at < t->end)
        *t->at++ = *s++;
    *t->at = '\0';
}

static inline void text_s(text_out_t *t, const char *s) { text_n(t, s, (size_t)-1); }

static inline void text_u(text_out_t *t, unsigned v)
{
    char d[6], *p = d + sizeof d;
    *--p = '\0';
    do
        *--p = (char)('0' + v % 10u);
    while ((v /= 10u) && p > d);
    text_s(t, p);
}

#endif
