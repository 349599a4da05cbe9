/* libFuzzer target: arbitrary bytes as the files jarmo-sim is given, an
 * ELF firmware and a bootloader's Intel HEX (sim/file_check.c). The checks
 * must never read outside the bytes (ASan/UBSan), and whatever they accept
 * must load in simavr's own readers without a crash: the first input byte
 * picks which file the rest is. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <simavr/sim_elf.h>
#include <simavr/sim_hex.h>

#include "file_check.h"

/* The bytes as a file simavr can open by name. */
static int as_file(const uint8_t *data, size_t size, char *path, size_t len)
{
    const int fd = memfd_create("fuzz-file", 0);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size)
        abort();
    snprintf(path, len, "/proc/self/fd/%d", fd);
    return fd;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const bool hex = data[0] & 1u;
    data++, size--;
    char why[200], path[64];
    if (hex) {
        if (!file_check_hex(data, size, 32768u, why, sizeof why))
            return 0;
        const int fd = as_file(data, size, path, sizeof path);
        ihex_chunk_p chunks = NULL;
        read_ihex_chunks(path, &chunks);
        free_ihex_chunks(chunks); /* simavr 1.6's frees each chunk's data, not the array */
        free(chunks);
        close(fd);
        return 0;
    }
    const file_check_limits_t lim = {32768u, 1024u};
    uint32_t heap;
    if (!file_check_elf(data, size, &lim, &heap, why, sizeof why))
        return 0;
    const int fd = as_file(data, size, path, sizeof path);
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    const int saved = dup(STDOUT_FILENO); /* simavr prints what it loads */
    freopen("/dev/null", "w", stdout);
    elf_read_firmware(path, &fw);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    free(fw.flash);
    free(fw.eeprom);
    free(fw.fuse);
    free(fw.lockbits);
    for (uint32_t i = 0; i < fw.symbolcount; i++)
        free(fw.symbol[i]);
    free(fw.symbol);
    close(fd);
    return 0;
}
