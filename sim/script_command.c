/* A command call's helpers over the runner's services (script_command.h). */
#include "script_command.h"

#include "script_parse.h"

void script_call_fail(script_call_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    c->ops->fail(c->runner, fmt, ap);
    va_end(ap);
}

bool script_call_run_for(script_call_t *c, double ms) { return c->ops->run_for(c->runner, ms); }
bool script_call_run_until(script_call_t *c, double ms) { return c->ops->run_until(c->runner, ms); }

bool script_call_want_ms(script_call_t *c, const char *text, double *ms)
{
    if (script_parse_ms(text, ms))
        return true;
    script_call_fail(c, "'%s' is not a time in ms (a number from 0 to 1e9)", text);
    return false;
}
