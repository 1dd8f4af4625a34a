#include <stdio.h>
#include <xyzalert.h>

static void show(xyz_alert *alert, const char *target, void *view, void *context) {
    (void)target, (void)view, (void)context;
    printf("show %s\n", xyz_alert_id(alert));
}

int main(void) {
    xyz_host host = XYZ_HOST_INIT(.show = show);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);     /* one page */
    xyz_alert *consent = xyz_alert_create_with("consent", 10, XYZ_EXCLUSIVE_WAIT);
    xyz_alert *welcome = xyz_alert_create("welcome");
    xyz_alert *both[] = {welcome, consent};
    if (xyz_dispatch_page_did_appear(home) || xyz_dispatch_add(home, both, 2)
        || xyz_alert_dismiss(consent) || xyz_dispatch_destroy(home)) {
        fprintf(stderr, "xyzalert: %s\n", xyz_last_error());
        return 1;
    }
    xyz_alert_release(consent);
    xyz_alert_release(welcome);
    return 0;
}
