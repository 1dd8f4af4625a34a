/* The shipped library's glibc floor (docs/install.md, "Supported
 * platforms"). A few C functions the library calls got a new symbol
 * version after glibc 2.17, the floor of manylinux2014: stat and fstat
 * became functions of their own in 2.33 (before, the __xstat family did
 * their work), and pthread_key_create, pthread_getspecific,
 * pthread_setspecific and pthread_once moved from libpthread into libc in
 * 2.34 under a new version. Every later glibc keeps the old versions, so
 * the link (scripts/build-embedded, -Wl,--wrap=NAME) sends each call to a
 * wrapper here that calls the old version: the library then runs on any
 * glibc from 2.17 on. */
#include <pthread.h>
#include <sys/stat.h>

#define OLD_VERSION(name, old) __asm__(".symver " #name ", " #old "@GLIBC_2.2.5")

OLD_VERSION(xyz_old_pthread_key_create, pthread_key_create);
OLD_VERSION(xyz_old_pthread_getspecific, pthread_getspecific);
OLD_VERSION(xyz_old_pthread_setspecific, pthread_setspecific);
OLD_VERSION(xyz_old_pthread_once, pthread_once);
OLD_VERSION(xyz_old_xstat, __xstat);
OLD_VERSION(xyz_old_fxstat, __fxstat);

int xyz_old_pthread_key_create(pthread_key_t *key, void (*destroy)(void *));
void *xyz_old_pthread_getspecific(pthread_key_t key);
int xyz_old_pthread_setspecific(pthread_key_t key, const void *value);
int xyz_old_pthread_once(pthread_once_t *once, void (*init)(void));
int xyz_old_xstat(int version, const char *path, struct stat *status);
int xyz_old_fxstat(int version, int fd, struct stat *status);

/* The version of struct stat that x86_64's __xstat and __fxstat fill
 * (_STAT_VER_LINUX): the struct stat of <sys/stat.h>. */
enum { STAT_VERSION = 1 };

#define WRAPPER __attribute__((visibility("hidden")))

WRAPPER int __wrap_pthread_key_create(pthread_key_t *key, void (*destroy)(void *)) {
    return xyz_old_pthread_key_create(key, destroy);
}
WRAPPER void *__wrap_pthread_getspecific(pthread_key_t key) { return xyz_old_pthread_getspecific(key); }
WRAPPER int __wrap_pthread_setspecific(pthread_key_t key, const void *value) {
    return xyz_old_pthread_setspecific(key, value);
}
WRAPPER int __wrap_pthread_once(pthread_once_t *once, void (*init)(void)) { return xyz_old_pthread_once(once, init); }
WRAPPER int __wrap_stat(const char *path, struct stat *status) { return xyz_old_xstat(STAT_VERSION, path, status); }
WRAPPER int __wrap_fstat(int fd, struct stat *status) { return xyz_old_fxstat(STAT_VERSION, fd, status); }
