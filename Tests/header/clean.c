/* Both public headers (and XYZ_STEP_INFO_INIT; in C, XYZ_HOST_INIT) compile without a warning
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

/* XYZ_STEP_INFO_INIT, in C and C++. */
#ifdef __cplusplus
extern "C" {
#endif
int header_test_step_info_size(void);
#ifdef __cplusplus
}
#endif
int header_test_step_info_size(void) {
    xyz_step_info step = XYZ_STEP_INFO_INIT;
    return step.size == sizeof(xyz_step_info) && step.page == NULL ? 0 : 1;
}

/* XYZ_WHY_INIT, in C and C++. */
#ifdef __cplusplus
extern "C" {
#endif
int header_test_why_size(void);
#ifdef __cplusplus
}
#endif
int header_test_why_size(void) {
    xyz_why why = XYZ_WHY_INIT;
    return why.size == sizeof(xyz_why) && why.until < 0 ? 0 : 1;
}
