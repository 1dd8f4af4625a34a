/* What the Embedded Swift standard library asks of the platform that the
 * C library does not provide under the same name, for the shipped
 * libxyzalert.so (the Makefile's `embedded` rule links this file in; the
 * normal build's runtime has its own). */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/types.h>

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) {
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* Double(String): strtod in the C locale, whatever the host's locale is,
 * and "snan" as a signaling NaN, as the Swift runtime's own does. Returns
 * where the parse stopped. */
__attribute__((visibility("hidden")))
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    const char *word = text;
    if (*word == '+' || *word == '-') word++;
    if (strcasecmp(word, "snan") == 0) {
        *result = text[0] == '-' ? -__builtin_nans("") : __builtin_nans("");
        return text + strlen(text);
    }
    pthread_once(&c_locale_once, make_c_locale);
    char *end;
    errno = 0;
    *result = strtod_l(text, &end, c_locale);
    return end;
}

/* The seed of Hasher and of SystemRandomNumberGenerator. glibc has
 * arc4random_buf only from 2.36 and getrandom() from 2.25, above the
 * library's glibc floor (2.17, glibc_floor.c): the getrandom system call,
 * through syscall(), gives the same bytes on any of them. */
__attribute__((visibility("hidden")))
void arc4random_buf(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    while (count > 0) {
        long n = syscall(SYS_getrandom, bytes, count, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            abort(); /* no entropy at all: as arc4random_buf, which cannot fail */
        }
        bytes += n;
        count -= (size_t)n;
    }
}

/* Every Swift object's memory: the embedded runtime asks posix_memalign
 * for all of them, with an alignment of 16 or less, which malloc gives
 * anyway (glibc aligns to 16 on x86_64); glibc's posix_memalign checks
 * and forwards, 1.3% of a backtest's instructions (docs/performance.md,
 * "Backtests"). The link sends the library's calls here (build-embedded:
 * --wrap). */
int __real_posix_memalign(void **out, size_t alignment, size_t size);

__attribute__((visibility("hidden")))
int __wrap_posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment > 16) return __real_posix_memalign(out, alignment, size);
    void *memory = malloc(size ? size : 1);
    if (!memory) return ENOMEM;
    *out = memory;
    return 0;
}
