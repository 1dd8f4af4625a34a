/*
 * A small C host: one page, three alerts, the page's lifecycle, the
 * callbacks a real UI would implement by drawing, and two toasts that time
 * out on a timer wired to a poll() loop. Build and run:
 *
 *   make lib
 *   gcc -std=c99 -Iinclude examples/c/host.c -o host \
 *       -L"$(swift build --show-bin-path)" -lxyzalert \
 *       -Wl,-rpath,"$(swift build --show-bin-path)"
 *   ./host [RECORDING]
 *
 * With a file name, the session is recorded from the start and written
 * there as a scenario: `xyzalert simulate RECORDING` replays it.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <stdio.h>
#include <time.h>

#include "xyzalert.h"

/* What this host knows about its screen: a name to print, and when the
 * engine wants its domain ticked (on the clock below; -1: no timer). */
typedef struct screen {
    const char *name;
    double tick_at;
} screen;

/* The host's clock, which the engine reads through xyz_host.now. */
static double monotonic_now(void *context) {
    struct timespec t;
    (void)context;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* "Tick the domain of `root` in `delay` seconds" replaces the last request;
 * a negative delay cancels it. The loop in run_timers() does the ticking. */
static void set_timer(xyz_dispatch *root, double delay, void *context) {
    screen *s = context;
    (void)root;
    s->tick_at = delay < 0 ? -1 : monotonic_now(NULL) + delay;
}

/* A main loop: poll() sleeps until the requested time (a real host would
 * pass its file descriptors too), then the domain is ticked. It returns
 * once no timer is wanted any more. */
static int run_timers(screen *s, xyz_dispatch *root) {
    int failures = 0;
    while (s->tick_at >= 0) {
        double wait = s->tick_at - monotonic_now(NULL);
        poll(NULL, 0, wait > 0 ? (int)(wait * 1000) + 1 : 0);
        if (monotonic_now(NULL) >= s->tick_at) {
            s->tick_at = -1; /* used up: the engine asks again if it needs to */
            failures += xyz_dispatch_tick(root) != XYZ_OK;
        }
    }
    return failures;
}

static const char *name_of(xyz_alert *alert) {
    const char *id = xyz_alert_id(alert);
    return id ? id : "(anonymous)";
}

/* A real host would create and present a view here. */
static void show(xyz_alert *alert, const char *target, void *view, void *context) {
    screen *s = context;
    const char *title = xyz_alert_title(alert);
    (void)view;
    printf("[%s] show   %-8s on %s: %s\n", s->name, name_of(alert), target, title ? title : "");
}

static void hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    screen *s = context;
    printf("[%s] hide   %-8s (%s)\n", s->name, name_of(alert), reason == XYZ_HIDE_PAGE ? "page gone" : "covered");
}

static void unhide(xyz_alert *alert, void *context) {
    screen *s = context;
    printf("[%s] unhide %s\n", s->name, name_of(alert));
}

static void remove_view(xyz_alert *alert, xyz_end_reason reason, void *context) {
    screen *s = context;
    (void)reason;
    printf("[%s] remove %s\n", s->name, name_of(alert));
}

static void finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    screen *s = context;
    printf("[%s] finish %-8s (%s)\n", s->name, name_of(alert), xyz_end_reason_name(reason));
}

static void action(xyz_alert *alert, size_t index, void *context) {
    screen *s = context;
    printf("[%s] action %-8s '%s'\n", s->name, name_of(alert), xyz_alert_action_id(alert, index));
}

/* What a screen reader should say (a real host hands it to the platform's
 * accessibility announcement). */
static void announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    screen *s = context;
    printf("[%s] announce %-6s (%s) %s\n", s->name, name_of(alert), xyz_politeness_name(politeness), text);
}

static xyz_alert *new_alert(const char *id, int priority, xyz_exclusive exclusive, const char *title) {
    xyz_alert *alert = xyz_alert_create(id);
    xyz_alert_set_priority(alert, priority);
    xyz_alert_set_exclusive(alert, exclusive);
    xyz_alert_set_title(alert, title);
    xyz_alert_add_action(alert, "ok", "OK", XYZ_ACTION_DEFAULT);
    return alert;
}

static int check(xyz_status status, const char *what) {
    if (status != XYZ_OK) {
        fprintf(stderr, "%s failed: %s: %s\n", what, xyz_status_name(status), xyz_last_error());
        return 1;
    }
    return 0;
}

/* Writes the recording of `root`'s domain to `path`. */
static int save_recording(xyz_dispatch *root, const char *path) {
    char *json = xyz_dispatch_recording_json(root);
    if (!json) {
        fprintf(stderr, "xyz_dispatch_recording_json: %s\n", xyz_last_error());
        return 1;
    }
    FILE *out = fopen(path, "w");
    int failed = !out || fputs(json, out) < 0;
    failed = (out && fclose(out) != 0) || failed;
    xyz_free(json);
    if (failed) {
        fprintf(stderr, "cannot write %s\n", path);
    }
    return failed;
}

int main(int argc, char **argv) {
    screen home_screen = {"home", -1};
    xyz_host host = XYZ_HOST_INIT(.context = &home_screen, .show = show, .hide = hide, .unhide = unhide,
                                  .remove = remove_view, .finish = finish, .action = action,
                                  .now = monotonic_now, .set_timer = set_timer, .announce = announce);
    xyz_dispatch *home = xyz_dispatch_create(&host, NULL);
    if (!home) {
        fprintf(stderr, "xyz_dispatch_create: %s\n", xyz_last_error());
        return 1;
    }
    xyz_dispatch_set_name(home, "home");
    const char *recording = argc > 1 ? argv[1] : NULL;
    int failures = recording ? check(xyz_dispatch_start_recording(home), "start_recording") : 0;

    /* The update notice covers the others; the promotion waits for login. */
    xyz_alert *login = new_alert("login", 50, XYZ_EXCLUSIVE_WAIT, "Sign in");
    xyz_alert *promo = new_alert("promo", 10, XYZ_EXCLUSIVE_WAIT, "Summer sale");
    xyz_alert *update = new_alert("update", 90, XYZ_EXCLUSIVE_HIDE_OTHERS, "Update available");
    failures += check(xyz_alert_add_dependency_id(promo, "login"), "add_dependency_id");
    xyz_alert_set_waiting(update); /* the version check is still running */

    xyz_alert *launch[] = {login, promo, update};
    failures += check(xyz_dispatch_add(home, launch, 3), "add");
    /* The dispatch holds its own references now. */
    for (int i = 0; i < 3; i++) {
        xyz_alert_release(launch[i]);
    }

    failures += check(xyz_dispatch_page_did_appear(home), "page_did_appear");
    failures += check(xyz_alert_set_ready(update), "set_ready");      /* covers and hides login */
    failures += check(xyz_dispatch_page_will_disappear(home), "disappear");
    failures += check(xyz_dispatch_page_did_appear(home), "appear");
    failures += check(xyz_alert_trigger_action(update, 0), "action"); /* login comes back */

    char *why = xyz_alert_explain(promo);
    printf("why no promo? %s\n", why);
    xyz_free(why);

    failures += check(xyz_alert_trigger_action(xyz_dispatch_find(home, "login"), 0), "action");
    failures += check(xyz_alert_trigger_action(xyz_dispatch_find(home, "promo"), 0), "action");

    /* Two toasts: each shows for a fifth of a second, the second after the
     * first (same priority: it cannot cover it), on the timer loop above. */
    xyz_alert *saved = new_alert("saved", 1, XYZ_EXCLUSIVE_COVER, "Draft saved");
    xyz_alert *synced = new_alert("synced", 1, XYZ_EXCLUSIVE_COVER, "Synced");
    failures += check(xyz_alert_set_duration(saved, 0.2), "set_duration");
    failures += check(xyz_alert_set_duration(synced, 0.2), "set_duration");
    xyz_alert *toasts[] = {saved, synced};
    failures += check(xyz_dispatch_add(home, toasts, 2), "add");
    xyz_alert_release(saved);
    xyz_alert_release(synced);
    failures += run_timers(&home_screen, home);

    if (recording) {
        failures += save_recording(home, recording);
    }
    failures += check(xyz_dispatch_destroy(home), "destroy");
    return failures == 0 ? 0 : 1;
}
