/* A program started by the wheel tool's entry point
 * (Sources/xyzalert-wheel/start.c), built as the wheel's tool is
 * (Tests/install/test_install.sh): its constructor runs before main, main
 * gets its arguments and environment, and its exit status and a
 * destructor's output come through. */
#include <stdio.h>
#include <stdlib.h>

static int constructed;

__attribute__((constructor)) static void construct(void) { constructed = 1; }
__attribute__((destructor)) static void destruct(void) { puts("destructor ran"); }

int main(int argc, char **argv) {
    printf("constructed %d, argc %d, %s %s, STARTED_TEST %s\n", constructed, argc, argv[1], argv[2],
           getenv("STARTED_TEST") ? "yes" : "no");
    return 3;
}
