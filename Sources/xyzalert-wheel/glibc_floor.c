/* The calls of the wheel's tool that got a new symbol version after glibc
 * 2.17, beyond the library's (Sources/xyzalert-embedded/glibc_floor.c,
 * linked in too, answers stat and fstat): fmemopen, whose 2.22 version
 * changed what writing and seeking do. The tool opens its jobs' reports
 * for reading only (backtest_run.c), which both versions do alike, so the
 * link (`make wheel`, -Wl,--wrap=fmemopen) sends it to the old one. */
#include <stdio.h>

__asm__(".symver xyz_old_fmemopen, fmemopen@GLIBC_2.2.5");
FILE *xyz_old_fmemopen(void *buffer, size_t size, const char *mode);

__attribute__((visibility("hidden"))) FILE *__wrap_fmemopen(void *buffer, size_t size, const char *mode) {
    return xyz_old_fmemopen(buffer, size, mode);
}
