/* A program built against an installed XYZAlert, as a user's would be: one
 * page, two alerts, the events printed. Prints "consumer ok VERSION" last. */
#include <stdio.h>
#include <string.h>

#include <xyzalert.h>

static void show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)view;
    (void)context;
    printf("show %s on %s\n", xyz_alert_id(alert), target);
}

static void finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    (void)context;
    printf("finish %s %s\n", xyz_alert_id(alert), xyz_end_reason_name(reason));
}

int main(void) {
    if (xyz_version() != XYZALERT_VERSION_NUMBER) {
        fprintf(stderr, "header %s, library %s\n", XYZALERT_VERSION_STRING, xyz_version_string());
        return 1;
    }
    xyz_host host = XYZ_HOST_INIT(.show = show, .finish = finish);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    xyz_alert *login = xyz_alert_create("login");
    xyz_alert *promo = xyz_alert_create("promo");
    int failures = xyz_alert_set_priority(login, 100) != XYZ_OK;
    failures += xyz_alert_add_dependency_id(promo, "login") != XYZ_OK;
    xyz_alert *both[] = {promo, login};
    failures += xyz_dispatch_add(home, both, 2) != XYZ_OK;
    failures += xyz_dispatch_page_did_appear(home) != XYZ_OK;
    failures += xyz_alert_dismiss(login) != XYZ_OK;
    failures += xyz_dispatch_destroy(home) != XYZ_OK;
    xyz_alert_release(login);
    xyz_alert_release(promo);
    if (failures) {
        fprintf(stderr, "consumer: %s\n", xyz_last_error());
        return 1;
    }
    printf("consumer ok %s\n", xyz_version_string());
    return 0;
}
