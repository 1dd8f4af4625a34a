/*
 * The host of examples/cpp/tabs.cpp written against the C header, for
 * comparison: the same pages, alerts and output, with the bookkeeping the
 * C++ wrapper does by itself (status checks, releases, error passing out of
 * a callback) written out. `make example` checks both print the same.
 */
#include <stdio.h>
#include <string.h>

#include "xyzalert.h"

/* What this host knows about its screen, and the error its last callback hit. */
typedef struct screen {
    const char *name;
    char error[128];
} screen;

static void show(xyz_alert *alert, const char *target, void *view, void *context) {
    screen *s = context;
    (void)view;
    if (strcmp(xyz_alert_style(alert), "banner") == 0) {
        snprintf(s->error, sizeof s->error, "cannot draw banner '%s'", xyz_alert_id(alert));
        return;
    }
    printf("[%s] show   %-8s on %s\n", s->name, xyz_alert_id(alert), target);
}

static void hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    printf("[%s] hide   %-8s (%s)\n", ((screen *)context)->name, xyz_alert_id(alert), xyz_hide_reason_name(reason));
}

static void unhide(xyz_alert *alert, void *context) {
    printf("[%s] unhide %s\n", ((screen *)context)->name, xyz_alert_id(alert));
}

static void finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    printf("[%s] finish %-8s (%s)\n", ((screen *)context)->name, xyz_alert_id(alert), xyz_end_reason_name(reason));
}

static int failures;

static void check(xyz_status status, const char *what) {
    if (status != XYZ_OK) {
        fprintf(stderr, "%s: %s\n", what, xyz_last_error());
        failures++;
    }
}

static xyz_dispatch *page(screen *s) {
    xyz_host host = XYZ_HOST_INIT(.context = s, .show = show, .hide = hide, .unhide = unhide, .finish = finish);
    xyz_dispatch *d = xyz_dispatch_create(&host, NULL);
    check(d ? xyz_dispatch_set_name(d, s->name) : XYZ_EINVAL, "create");
    return d;
}

int main(void) {
    screen bar = {"tabs", ""}, home_screen = {"home", ""}, chats_screen = {"chats", ""};
    xyz_dispatch *tabs = page(&bar), *home = page(&home_screen), *chats = page(&chats_screen);
    if (failures) return 1;
    check(xyz_dispatch_set_parent(home, tabs), "set_parent");
    check(xyz_dispatch_set_parent(chats, tabs), "set_parent");
    check(xyz_dispatch_set_active_child(tabs, home), "set_active_child");
    xyz_dispatch *pages[] = {tabs, home, chats};
    for (int i = 0; i < 3; i++) {
        check(xyz_dispatch_page_did_appear(pages[i]), "page_did_appear");
    }

    xyz_alert *rating = xyz_alert_create("rating");
    xyz_alert *unread = xyz_alert_create("unread");
    xyz_alert *offline = xyz_alert_create("offline");
    check(xyz_alert_set_title(rating, "Enjoying the app?"), "set_title");
    check(xyz_alert_set_priority(unread, 10), "set_priority");
    check(xyz_alert_set_title(unread, "3 new messages"), "set_title");
    check(xyz_alert_set_priority(offline, 100), "set_priority");
    check(xyz_alert_set_exclusive(offline, XYZ_EXCLUSIVE_HIDE_OTHERS), "set_exclusive");
    check(xyz_alert_set_style(offline, "banner"), "set_style");
    check(xyz_dispatch_add(home, &rating, 1), "add");  /* shows on the home tab */
    check(xyz_dispatch_add(chats, &unread, 1), "add"); /* waits: the chats tab is not selected */
    check(xyz_dispatch_set_active_child(tabs, chats), "set_active_child"); /* rating hides, unread shows */

    check(xyz_dispatch_add(tabs, &offline, 1), "add"); /* covers the tabs, then the banner cannot be drawn */
    if (bar.error[0]) {
        printf("caught: %s\n", bar.error);
        check(xyz_alert_cancel(offline), "cancel"); /* the engine is consistent: take the banner back */
    }
    printf("offline is %s\n", xyz_state_name(xyz_alert_state(offline)));
    check(xyz_alert_dismiss(unread), "dismiss");
    check(xyz_dispatch_set_active_child(tabs, home), "set_active_child"); /* rating comes back */
    char *why = xyz_alert_explain(rating);
    printf("%s\n", why);
    xyz_free(why);

    xyz_alert_release(rating);
    xyz_alert_release(unread);
    xyz_alert_release(offline);
    for (int i = 3; i-- > 0;) {
        check(xyz_dispatch_destroy(pages[i]), "destroy");
    }
    return failures == 0 ? 0 : 1;
}
