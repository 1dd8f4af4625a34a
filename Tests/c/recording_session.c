/* The recording tests' host (recording_session.h). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "cli.h"
#include "recording_session.h"

/* ---- a host that logs events as expect lines without the step ---- */


static void logf_line(session *s, const char *event, xyz_alert *alert, const char *detail) {
    const char *id = xyz_alert_id(alert);
    const char *name = id ? id : xyz_alert_user_data(alert);
    s->length += (size_t)snprintf(s->log + s->length, sizeof s->log - s->length, "%s %s%s%s\n", event,
                                  name ? name : "-", detail && detail[0] ? " " : "", detail ? detail : "");
}

static void s_show(xyz_alert *alert, const char *target, void *view, void *context) {
    rec_page *p = context;
    session *s = p->s;
    (void)view;
    const char *lane = xyz_alert_lane(alert);
    char detail[200];
    snprintf(detail, sizeof detail, "%s%s%s%s%s", p->name, strcmp(target, "page") ? " " : "",
             strcmp(target, "page") ? target : "", strcmp(lane, "main") ? " lane:" : "", strcmp(lane, "main") ? lane : "");
    logf_line(s, "show", alert, detail);
    const char *id = xyz_alert_id(alert);
    if (id && s->dismiss_on_show && strcmp(id, s->dismiss_on_show) == 0) {
        s->dismiss_on_show = NULL;
        CHECK_OK(xyz_alert_dismiss(alert));
    }
    if (id && s->add_on_show && strcmp(id, s->add_on_show) == 0) {
        s->add_on_show = NULL;
        CHECK_OK(xyz_dispatch_add(s->root, &s->extra, 1));
    }
}
static void s_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    session *s = ((rec_page *)context)->s;
    logf_line(s, "hide", alert, xyz_hide_reason_name(reason));
    const char *id = xyz_alert_id(alert);
    if (id && s->add_on_hide && strcmp(id, s->add_on_hide) == 0) {
        s->add_on_hide = NULL;
        CHECK_OK(xyz_dispatch_add(s->root, &s->extra, 1));
    }
}
static void s_unhide(xyz_alert *alert, void *context) { logf_line(((rec_page *)context)->s, "unhide", alert, NULL); }
static void s_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    logf_line(((rec_page *)context)->s, "remove", alert, xyz_end_reason_name(reason));
}
static void s_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    logf_line(((rec_page *)context)->s, "finish", alert, xyz_end_reason_name(reason));
}
static void s_move(xyz_alert *alert, double dy, double duration, void *context) {
    char number[32];
    (void)duration;
    logf_line(((rec_page *)context)->s, "move", alert, format_number(number, dy));
}
static void s_action(xyz_alert *alert, size_t index, void *context) {
    logf_line(((rec_page *)context)->s, "action", alert, xyz_alert_action_id(alert, index));
}
static void s_update(xyz_alert *alert, void *context) { logf_line(((rec_page *)context)->s, "update", alert, NULL); }
static void s_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    (void)text;
    logf_line(((rec_page *)context)->s, "announce", alert, xyz_politeness_name(politeness));
}
static double s_now(void *context) {
    rec_page *p = context;
    session *s = p->s;
    double reading = s->clock + p->skew;
    s->clock += s->clock_step;
    return reading;
}

xyz_dispatch *s_page(rec_page *p, session *s, const char *name) {
    p->s = s;
    p->name = name;
    p->skew = 0;
    xyz_host host = XYZ_HOST_INIT(.context = p, .show = s_show, .hide = s_hide, .unhide = s_unhide, .remove = s_remove,
                                  .finish = s_finish, .move = s_move, .action = s_action, .update = s_update,
                                  .announce = s_announce, .now = s_now);
    xyz_dispatch *d = xyz_dispatch_create(&host, NULL);
    CHECK(d != NULL);
    CHECK_OK(xyz_dispatch_set_name(d, name));
    return d;
}

/* The recording replayed by the tool's runner, as expect lines without
 * their step numbers (the host's log has none). */
char *replay(const char *json) {
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(json, strlen(json), &error);
    if (!scenario) {
        fprintf(stderr, "the recording does not load: %d:%d: %s (at %s)\n%s\n", error.line, error.column,
                error.message, error.pointer, json);
        return NULL;
    }
    line_list lines = {0};
    run_options options = {FORMAT_EXPECT, NULL, &lines, false, -1, NULL, NULL, false};
    (void)run_scenario(scenario, &options);
    xyz_scenario_free(scenario);
    size_t size = 1;
    for (size_t i = 0; i < lines.count; i++) size += strlen(lines.items[i]) + 1;
    char *out = calloc(size, 1);
    for (size_t i = 0; i < lines.count; i++) {
        strcat(out, strchr(lines.items[i], ' ') + 1);
        strcat(out, "\n");
    }
    lines_free(&lines);
    return out;
}

/* Checks that the recording started on `root` replays to the host's log. */
void check_round_trip(session *s, xyz_dispatch *root) {
    char *json = xyz_dispatch_recording_json(root);
    if (!json) {
        fprintf(stderr, "no recording: %s\n", xyz_last_error());
        CHECK(json != NULL);
        return;
    }
    /* `xyzalert check` accepts it too (it reports every problem). */
    xyz_error problems[4];
    size_t found = 0;
    CHECK_OK(xyz_check_string(json, strlen(json), problems, 4, &found));
    CHECK(found == 0);
    for (size_t i = 0; i < found && i < 4; i++)
        fprintf(stderr, "check: %d:%d: %s (at %s)\n", problems[i].line, problems[i].column, problems[i].message,
                problems[i].pointer);
    char *replayed = replay(json);
    CHECK(replayed != NULL);
    if (replayed) {
        CHECK_STR(replayed, s->log);
        if (strcmp(replayed, s->log) != 0) fprintf(stderr, "recording:\n%s\n", json);
    }
    free(replayed);
    xyz_free(json);
}

void add1(xyz_dispatch *d, xyz_alert *a) {
    CHECK_OK(xyz_dispatch_add(d, &a, 1));
    xyz_alert_release(a);
}

/* A fresh session with one visible page "home", recorded from now on. */
xyz_dispatch *recorded_home(session *s, rec_page *page) {
    memset(s, 0, sizeof *s);
    xyz_dispatch *home = s_page(page, s, "home");
    CHECK_OK(xyz_dispatch_page_did_appear(home));
    CHECK_OK(xyz_dispatch_start_recording(home));
    return home;
}
