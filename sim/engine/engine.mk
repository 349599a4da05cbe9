# The engine protocol CLI, build/host/jarmo (included from the Makefile
# after tools/mk/host.mk, whose host_prog links it): the firmware's rules
# core and AI on the host, spoken to over stdin/stdout (docs/protocol.md).
# Its parser (protocol.c, HOST_ENGINE in the Makefile) is also linked into
# the cmocka suites and fuzzed (make fuzz).
$(eval $(call host_prog,jarmo,sim/engine/main.c,$(HOST_ENGINE) $(HOST_CORE)))
