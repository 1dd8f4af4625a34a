/* signals LIBRARY: loads LIBRARY with dlopen, makes a call, and fails if any
 * signal's disposition changed: a library must leave the host's handlers
 * (and its crash reporter) alone. */
#define _GNU_SOURCE /* NSIG */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    static struct sigaction before[NSIG];
    for (int s = 1; s < NSIG; s++) sigaction(s, NULL, &before[s]);
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 2;
    }
    void *(*create)(const char *);
    void (*release)(void *);
    *(void **)&create = dlsym(library, "xyz_alert_create");
    *(void **)&release = dlsym(library, "xyz_alert_release");
    release(create("probe"));
    int changed = 0;
    for (int s = 1; s < NSIG; s++) {
        struct sigaction after;
        sigaction(s, NULL, &after);
        if (after.sa_handler != before[s].sa_handler || after.sa_flags != before[s].sa_flags) {
            fprintf(stderr, "loading the library changed the handler of signal %d\n", s);
            changed++;
        }
    }
    printf("signal handlers unchanged: %s\n", changed ? "no" : "yes");
    return changed ? 1 : 0;
}
