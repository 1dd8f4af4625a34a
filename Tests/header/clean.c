/* Both public headers (and, in C, XYZ_HOST_INIT) compile without a warning
 * under the strictest flags (make header-test: C99, C11, C++17, C++20). */
#include "xyzalert.h"
#include "xyzalert_tooling.h"

#ifndef __cplusplus
static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)alert;
    (void)target;
    (void)view;
    (void)context;
}

int header_test_host_size(void);
int header_test_host_size(void) {
    xyz_host host = XYZ_HOST_INIT(.show = on_show);
    xyz_host empty = XYZ_HOST_INIT();
    return host.size == sizeof(xyz_host) && empty.size == sizeof(xyz_host) ? 0 : 1;
}
#endif
