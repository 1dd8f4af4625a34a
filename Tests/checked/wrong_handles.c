/* Run by scripts/check-exclusivity against the checked library (-D
 * XYZALERT_CHECK_INVARIANTS), where every handle's type is checked: a
 * handle of the wrong type, as ctypes' void pointers let a host pass, is
 * XYZ_EINVAL naming the expected type, and changes nothing. (A release
 * build trusts the C types: there this is undefined behaviour, so this
 * program is not part of the C suite.) */
#include <stdio.h>
#include <string.h>

#include "xyzalert_tooling.h"

static int failures;

#define CHECK(condition) do { if (!(condition)) { \
    fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #condition); failures++; } } while (0)

static void check_error(xyz_status status, const char *expected) {
    CHECK(status == XYZ_EINVAL);
    CHECK(strstr(xyz_last_error(), expected) != NULL);
}

int main(void) {
    xyz_host host = XYZ_HOST_INIT(.context = NULL);
    xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
    xyz_alert *alert = xyz_alert_create("a");
    xyz_history *history = xyz_history_create(NULL, NULL, NULL);
    CHECK(page && alert && history);

    /* An alert where a dispatch goes, and the other way round. */
    check_error(xyz_dispatch_page_did_appear((xyz_dispatch *)alert),
                "xyz_dispatch_page_did_appear: dispatch is not a handle of type xyz_dispatch");
    check_error(xyz_alert_set_priority((xyz_alert *)page, 3), "is not a handle of type xyz_alert");
    check_error(xyz_alert_dismiss((xyz_alert *)history), "is not a handle of type xyz_alert");
    /* A history where a dispatch goes; a dispatch where a history goes. */
    check_error(xyz_dispatch_set_history(page, (xyz_history *)page), "is not a handle of type xyz_history");
    check_error(xyz_history_begin_session((xyz_history *)alert), "is not a handle of type xyz_history");
    /* Optional handles and arrays of handles too. */
    check_error(xyz_dispatch_set_parent(page, (xyz_dispatch *)alert), "parent is not a handle of type xyz_dispatch");
    xyz_alert *batch[2] = {alert, (xyz_alert *)page};
    check_error(xyz_dispatch_add(page, batch, 2), "xyz_dispatch_add: alerts[1] is not a handle of type xyz_alert");
    check_error(xyz_alert_add_dependency(alert, (xyz_alert *)history), "dependency is not a handle of type xyz_alert");
    /* Getters answer as for NULL. */
    CHECK(xyz_alert_state((xyz_alert *)page) == XYZ_STATE_FINISHED);
    CHECK(xyz_catalog_definition_count((xyz_catalog *)alert) == 0);

    /* Nothing changed: the alert is still idle with priority 0, and shows. */
    CHECK(xyz_alert_priority(alert) == 0 && xyz_history_session(history) == 1);
    CHECK(xyz_dispatch_parent(page) == NULL);
    CHECK(xyz_dispatch_page_did_appear(page) == XYZ_OK);
    CHECK(xyz_dispatch_add(page, &alert, 1) == XYZ_OK && xyz_alert_state(alert) == XYZ_STATE_SHOWING);

    xyz_alert_release(alert);
    CHECK(xyz_dispatch_destroy(page) == XYZ_OK);
    xyz_history_release(history);
    printf("wrong handles: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
