#include "harness.h"
#include "cli.h"

#include <stdarg.h>

int check_failed;

static void note(recorder *r, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(r->log + r->length, sizeof r->log - r->length, format, args);
    va_end(args);
    if (n > 0 && r->length + (size_t)n < sizeof r->log) {
        r->length += (size_t)n;
    }
}

static const char *name_of(xyz_alert *alert) {
    const char *id = xyz_alert_id(alert);
    return id ? id : "?";
}

static const char *hide_reason(xyz_hide_reason reason) {
    return reason == XYZ_HIDE_PAGE ? "page" : "covered";
}

static const char *end_reason(xyz_end_reason reason) {
    return xyz_end_reason_name(reason);
}

static void react(recorder *r, const char *event, xyz_alert *alert) {
    if (r->react) {
        r->react(r, event, alert);
    }
}

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    recorder *r = context;
    note(r, "show %s %s%s\n", name_of(alert), target, view ? " view" : "");
    react(r, "show", alert);
}

static void on_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    recorder *r = context;
    note(r, "hide %s %s\n", name_of(alert), hide_reason(reason));
    react(r, "hide", alert);
}

static void on_unhide(xyz_alert *alert, void *context) {
    recorder *r = context;
    note(r, "unhide %s\n", name_of(alert));
    react(r, "unhide", alert);
}

static void on_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    recorder *r = context;
    note(r, "remove %s %s\n", name_of(alert), end_reason(reason));
    react(r, "remove", alert);
}

static void on_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    recorder *r = context;
    note(r, "finish %s %s\n", name_of(alert), end_reason(reason));
    react(r, "finish", alert);
}

static void on_move(xyz_alert *alert, double dy, double duration, void *context) {
    recorder *r = context;
    note(r, "move %s %g %g\n", name_of(alert), dy, duration);
    react(r, "move", alert);
}

static void on_action(xyz_alert *alert, size_t index, void *context) {
    recorder *r = context;
    note(r, "action %s %zu\n", name_of(alert), index);
    react(r, "action", alert);
}

static void on_update(xyz_alert *alert, void *context) {
    recorder *r = context;
    const char *title = xyz_alert_title(alert);
    note(r, "update %s %s\n", name_of(alert), title ? title : "-");
    react(r, "update", alert);
}

static void on_request_flush(xyz_dispatch *root, void *context) {
    recorder *r = context;
    note(r, "flush? %s\n", xyz_dispatch_name(root));
    react(r, "flush?", NULL);
}

static double on_now(void *context) {
    return ((recorder *)context)->clock;
}

static void on_set_timer(xyz_dispatch *root, double delay, void *context) {
    recorder *r = context;
    note(r, "timer %s %g\n", xyz_dispatch_name(root), delay);
    r->timer_set = delay >= 0;
    r->timer_due = r->clock + delay;
}

static void on_destroy_context(void *context) {
    recorder *r = context;
    r->context_destroyed++;
}

/* docs/rules.md §21: "trigger CAMPAIGN" or "skip CAMPAIGN REASON". */
static void on_campaign(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind, const char *reason,
                        xyz_alert *alert, void *context) {
    (void)root;
    note(context, "%s %s%s%s\n", xyz_campaign_event_name(kind), campaign, reason ? " " : "", reason ? reason : "");
    react(context, xyz_campaign_event_name(kind), alert);
}

xyz_host recorder_host(recorder *r) {
    xyz_host host = XYZ_HOST_INIT(.context = r, .show = on_show, .hide = on_hide, .unhide = on_unhide,
                                  .remove = on_remove, .finish = on_finish, .move = on_move, .action = on_action,
                                  .update = on_update, .campaign = on_campaign,
                                  .destroy_context = on_destroy_context);
    host.request_flush = r->deferred ? on_request_flush : NULL;
    if (r->clocked) {
        host.now = on_now;
        host.set_timer = on_set_timer;
    }
    return host;
}

xyz_dispatch *recorder_page(recorder *r, const char *name) {
    xyz_host host = recorder_host(r);
    xyz_dispatch *d = xyz_dispatch_create(&host, NULL);
    xyz_dispatch_set_name(d, name);
    xyz_dispatch_page_did_appear(d);
    return d;
}

const char *recorder_take(recorder *r) {
    static char taken[sizeof ((recorder *)0)->log];
    memcpy(taken, r->log, r->length + 1);
    r->length = 0;
    r->log[0] = '\0';
    return taken;
}

void recorder_note(recorder *r, const char *line) {
    note(r, "%s\n", line);
}

void recorder_advance(recorder *r, xyz_dispatch *const *pages, size_t count, double seconds) {
    advance_clock(&r->clock, pages, count, seconds, NULL, NULL, NULL);
}

xyz_alert *make_alert(const char *id, int priority, xyz_exclusive exclusive) {
    xyz_alert *a = xyz_alert_create(id);
    xyz_alert_set_priority(a, priority);
    xyz_alert_set_exclusive(a, exclusive);
    return a;
}
