/* xyzalert simulate: plays a scenario through the public API, as a host
 * would, and prints every callback as a trace (SPEC section 10). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "picture.h"

typedef struct runner runner;

/* One page: its dispatch (NULL once destroyed) and the host context. */
typedef struct page {
    runner *runner;
    const char *name;
    xyz_dispatch *dispatch;
} page;

/* The latest instance of each alert id (a reference the runner owns). */
typedef struct instance {
    const char *id;
    xyz_alert *alert;
} instance;

struct runner {
    const xyz_scenario *scenario;
    bool json;
    trace_format format;
    line_list *capture; /* expect lines go here instead of stdout */
    bool colour;
    bool quiet; /* while tearing down after the last step */
    size_t step;
    bool step_printed; /* the text format prints a step's label once */
    char label[256];
    int label_width; /* the widest step label, for aligned columns */
    int time_width;  /* and the widest time (at least 8) */
    double clock;    /* the virtual clock, in seconds from 0 (SPEC 12) */
    bool timed;      /* the scenario advances the clock: the text shows times */
    /* Nested steps (a recording's calls made from inside callbacks, with
     * "during"): the outer step playing, the events it has had, and the
     * next step that may be nested in it. */
    size_t outer;
    long events;
    size_t next_nested;
    bool playing; /* an outer step is being played */
    picture *picture; /* --format svg: drawn instead of printed */
    /* Per step, read from the scenario once: its "at" time (when has_at)
     * and its "during" event (0: a step of its own). */
    size_t step_count;
    double *at;
    bool *has_at;
    long *during;
    page *pages;
    size_t page_count;
    names page_index;
    instance *instances;
    size_t instance_count;
    names instance_index;
};

/* ---- printing ---- */

static const char *colour_of(const char *event) {
    if (strcmp(event, "show") == 0 || strcmp(event, "unhide") == 0) return "\033[32m";
    if (strcmp(event, "hide") == 0) return "\033[33m";
    if (strcmp(event, "error") == 0) return "\033[31m";
    if (strcmp(event, "move") == 0 || strcmp(event, "action") == 0 || strcmp(event, "update") == 0) return "\033[36m";
    return "\033[35m";
}

/* Starts one event's output; `fields` are key/value pairs, NULL-terminated,
 * printed as JSON strings except keys listed as numbers by the caller. */
/* The first columns of a line: the step's number and label on its first
 * line only, and the virtual time on every line of a timed scenario. */
static void line_start(runner *r) {
    char time[32];
    if (r->timed) {
        printf("%*s  ", r->time_width, format_number(time, r->clock));
    }
    if (!r->step_printed) {
        printf("%4zu  %-*s  ", r->step, r->label_width, r->label);
        r->step_printed = true;
    } else {
        printf("%4s  %-*s  ", "", r->label_width, "");
    }
}

static void event_text(runner *r, const char *event, const char *alert, const char *detail) {
    line_start(r);
    if (r->colour) {
        printf("%s%-7s\033[0m", colour_of(event), event);
    } else {
        printf("%-7s", event);
    }
    if (detail[0]) {
        printf(" %-14s %s\n", alert, detail);
    } else {
        printf(" %s\n", alert);
    }
}

/* The alert's id; an alert without one by its name in the scenario (kept
 * as its user data). */
static const char *id_of(xyz_alert *alert) {
    const char *id = xyz_alert_id(alert);
    const char *name = xyz_alert_user_data(alert);
    return id ? id : name ? name : "";
}

static void run_nested(runner *r);

/* One expect line, "STEP EVENT ALERT [DETAIL]" (SPEC 15), printed or captured. */
static void expect_line(runner *r, const char *event, const char *alert, const char *detail) {
    char *line = text_printf("%zu %s %s%s%s", r->step, event, alert[0] ? alert : "-", detail && detail[0] ? " " : "",
                             detail ? detail : "");
    if (r->capture) {
        lines_add(r->capture, line);
    } else {
        printf("%s\n", line);
    }
    free(line);
}

static void emit(runner *r, const char *event, xyz_alert *alert, const char *key, const char *value) {
    if (r->quiet) {
        return;
    }
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, event, id_of(alert), value);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"%s\", \"alert\": ", r->step, event);
        print_json_string(stdout, id_of(alert));
        if (key) {
            printf(", \"%s\": ", key);
            print_json_string(stdout, value);
        }
        printf("}\n");
    } else {
        event_text(r, event, id_of(alert), value ? value : "");
    }
}

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    page *p = context;
    runner *r = p->runner;
    (void)view;
    if (r->quiet) {
        return;
    }
    /* Alerts outside the "main" lane name theirs. */
    const char *lane = xyz_alert_lane(alert);
    int other_lane = lane && strcmp(lane, "main") != 0;
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else if (r->format == FORMAT_EXPECT) {
        char *detail = text_printf("%s%s%s%s%s", p->name, strcmp(target, "page") != 0 ? " " : "",
                                   strcmp(target, "page") != 0 ? target : "", other_lane ? " lane:" : "",
                                   other_lane ? lane : "");
        expect_line(r, "show", id_of(alert), detail);
        free(detail);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"show\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"page\": ");
        print_json_string(stdout, p->name);
        printf(", \"target\": ");
        print_json_string(stdout, target);
        if (other_lane) {
            printf(", \"lane\": ");
            print_json_string(stdout, lane);
        }
        printf("}\n");
    } else {
        char *detail = text_printf("on %s (%s)%s%s", p->name, target, other_lane ? ", lane " : "", other_lane ? lane : "");
        event_text(r, "show", id_of(alert), detail);
        free(detail);
    }
    run_nested(r);
}

static void on_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    emit(((page *)context)->runner, "hide", alert, "reason", xyz_hide_reason_name(reason));
    run_nested(((page *)context)->runner);
}

static void on_unhide(xyz_alert *alert, void *context) {
    emit(((page *)context)->runner, "unhide", alert, NULL, NULL);
    run_nested(((page *)context)->runner);
}

static void on_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    emit(((page *)context)->runner, "remove", alert, "reason", xyz_end_reason_name(reason));
    run_nested(((page *)context)->runner);
}

static void on_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    runner *r = ((page *)context)->runner;
    if (r->picture && !r->quiet) picture_finished(r->picture, alert, xyz_end_reason_name(reason));
    emit(((page *)context)->runner, "finish", alert, "reason", xyz_end_reason_name(reason));
    run_nested(((page *)context)->runner);
}

static void on_move(xyz_alert *alert, double dy, double duration, void *context) {
    runner *r = ((page *)context)->runner;
    if (r->quiet) {
        return;
    }
    char number[32], seconds[32];
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, "move", id_of(alert), format_number(number, dy));
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"move\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"dy\": %s, \"duration\": %s}\n", format_number(number, dy), format_number(seconds, duration));
    } else {
        char detail[96];
        snprintf(detail, sizeof detail, "dy %s over %ss", format_number(number, dy), format_number(seconds, duration));
        event_text(r, "move", id_of(alert), detail);
    }
    run_nested(r);
}

/* The text timeline shows the title the alert has now. */
static void on_update(xyz_alert *alert, void *context) {
    runner *r = ((page *)context)->runner;
    const char *title = xyz_alert_title(alert);
    if (r->json || r->quiet || r->format == FORMAT_EXPECT || r->picture) {
        emit(r, "update", alert, NULL, NULL);
    } else {
        char *detail = text_printf("\"%s\"", title ? title : "");
        event_text(r, "update", id_of(alert), detail);
        free(detail);
    }
    run_nested(r);
}

static void on_action(xyz_alert *alert, size_t index, void *context) {
    const char *id = xyz_alert_action_id(alert, index);
    emit(((page *)context)->runner, "action", alert, "action", id ? id : "");
    run_nested(((page *)context)->runner);
}

/* The virtual clock: scenarios never depend on the machine's speed. */
static double on_now(void *context) {
    return ((page *)context)->runner->clock;
}

/* Deferred scenarios flush only at their "flush" and "select" steps. */
static void on_request_flush(xyz_dispatch *root, void *context) {
    (void)root;
    (void)context;
}

static const char *error_code(xyz_status status) {
    switch (status) {
    case XYZ_EINVAL: return "invalid";
    case XYZ_ESTATE: return "state";
    case XYZ_EDUPLICATE: return "duplicate";
    case XYZ_ECYCLE: return "cycle";
    case XYZ_ENOTFOUND: return "not_found";
    case XYZ_EOWNER: return "owner";
    default: return "invalid";
    }
}

static void error_event(runner *r, const char *code, const char *message) {
    if (r->picture) {
        return; /* a failed call changes nothing on the picture */
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, "error", "", code);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"error\", \"code\": \"%s\", \"message\": ", r->step, code);
        print_json_string(stdout, message);
        printf("}\n");
    } else {
        char *detail = text_printf("%s: %s", code, message);
        event_text(r, "error", "", detail);
        free(detail);
    }
}

static void check_status(runner *r, xyz_status status) {
    if (status != XYZ_OK) {
        error_event(r, error_code(status), xyz_last_error());
    }
}

/* ---- pages and instances ---- */

static page *find_page(runner *r, const char *name) {
    size_t i;
    return names_find(&r->page_index, name, &i) ? &r->pages[i] : NULL;
}

/* The page's index in the scenario. */
static size_t page_number(runner *r, const char *name) {
    return (size_t)(find_page(r, name) - r->pages);
}

/* The page's dispatch, or NULL after an error event when it was destroyed. */
static xyz_dispatch *live_page(runner *r, const char *name) {
    page *p = find_page(r, name);
    if (!p->dispatch) {
        char message[300];
        snprintf(message, sizeof message, "page '%s' was destroyed", name);
        error_event(r, "state", message);
    }
    return p->dispatch;
}

static instance *find_instance(runner *r, const char *id) {
    size_t i;
    return names_find(&r->instance_index, id, &i) ? &r->instances[i] : NULL;
}

static void remember(runner *r, const char *id, xyz_alert *alert);

/* An alert depends on `name`'s latest instance (after_alerts, depend): one
 * that was never added is created now, idle (a recording's alert that was
 * depended on before it was added); its add uses it. */
static xyz_alert *dependency_of(runner *r, const char *name) {
    instance *found = find_instance(r, name);
    if (found && found->alert) {
        return found->alert;
    }
    xyz_alert *fresh = xyz_catalog_create_alert(xyz_scenario_catalog(r->scenario), name);
    if (!fresh || xyz_alert_set_user_data(fresh, (void *)name, NULL) != XYZ_OK) {
        xyz_alert_release(fresh);
        return NULL;
    }
    remember(r, name, fresh);
    xyz_alert_release(fresh);
    return find_instance(r, name)->alert;
}

/* The latest instance of `id`, or NULL after a not_found error event. */
static xyz_alert *latest(runner *r, const char *id) {
    instance *found = find_instance(r, id);
    if (!found || !found->alert) {
        char message[300];
        snprintf(message, sizeof message, "no instance of alert '%s' has been added yet", id);
        error_event(r, "not_found", message);
        return NULL;
    }
    return found->alert;
}

/* The name has no instance (after a failed add of its first one). */
static void forget(runner *r, const char *id) {
    instance *found = find_instance(r, id);
    xyz_alert_release(found->alert);
    found->alert = NULL;
}

static void remember(runner *r, const char *id, xyz_alert *alert) {
    instance *found = find_instance(r, id);
    if (found) {
        xyz_alert_release(found->alert);
    } else {
        names_put(&r->instance_index, id, r->instance_count);
        found = &r->instances[r->instance_count++];
        found->id = id;
    }
    found->alert = xyz_alert_retain(alert);
}

/* ---- steps ---- */

/* The step's label for the text timeline (r->label, shortened). */
static void describe(runner *r, const xyz_step *step) {
    static const char *names[] = {"appear", "disappear", "destroy", "add", "ready", "dismiss",
                                  "cancel", "action", "select", "keyboard", "frame", "flush", "advance",
                                  "cancel_tagged", "suspend", "resume", "update", "tick", "parent",
                                  "capacity", "avoidance", "target", "depend"};
    const char *name = names[step->kind];
    char number[32];
    char *label;
    switch (step->kind) {
    case XYZ_STEP_ADVANCE:
        label = text_printf("advance %ss", format_number(number, step->duration));
        break;
    case XYZ_STEP_CANCEL_TAGGED: {
        const char *tag = xyz_scenario_step_text(r->scenario, r->step, "tag");
        label = text_printf("cancel_tagged %s %s", step->page, tag ? tag : "(all)");
        break;
    }
    case XYZ_STEP_ADD:
        /* Only what can show: the label is cut at LABEL_CHARACTERS anyway. */
        label = text_printf("add");
        for (size_t i = 0; i < step->alert_count && strlen(label) <= 4 * LABEL_CHARACTERS; i++) {
            char *longer = text_printf("%s %s", label, step->alerts[i]);
            free(label);
            label = longer;
        }
        break;
    case XYZ_STEP_ACTION:
        label = text_printf("action %s #%zu", step->alert, step->index);
        break;
    case XYZ_STEP_SELECT:
        label = text_printf("select %s -> %s", step->page, step->child ? step->child : "(all)");
        break;
    case XYZ_STEP_PARENT: {
        const char *parent = xyz_scenario_step_text(r->scenario, r->step, "parent");
        label = text_printf("parent %s -> %s", step->page, parent ? parent : "(none)");
        break;
    }
    case XYZ_STEP_CAPACITY:
        label = text_printf("capacity %s %zu", step->page, step->index);
        break;
    case XYZ_STEP_READY: case XYZ_STEP_DISMISS: case XYZ_STEP_CANCEL: case XYZ_STEP_FRAME: case XYZ_STEP_UPDATE:
    case XYZ_STEP_AVOIDANCE: case XYZ_STEP_TARGET: case XYZ_STEP_DEPEND:
        label = text_printf("%s %s", name, step->alert);
        break;
    default:
        label = text_printf("%s %s", name, step->page);
    }
    char *shown = shortened(label);
    snprintf(r->label, sizeof r->label, "%s", shown);
    free(shown);
    free(label);
}

static void run_add(runner *r, const xyz_step *step) {
    xyz_dispatch *dispatch = live_page(r, step->page);
    if (!dispatch) {
        return;
    }
    const xyz_catalog *set = xyz_scenario_catalog(r->scenario);
    xyz_alert **fresh = calloc(step->alert_count, sizeof *fresh);
    xyz_alert **before = calloc(step->alert_count, sizeof *before); /* the latest instances until now */
    xyz_status status = XYZ_OK;
    for (size_t i = 0; i < step->alert_count; i++) {
        /* A fresh instance, or the idle one an earlier dependency created. */
        instance *known = find_instance(r, step->alerts[i]);
        before[i] = known ? xyz_alert_retain(known->alert) : NULL;
        if (before[i] && xyz_alert_state(before[i]) == XYZ_STATE_IDLE) {
            fresh[i] = xyz_alert_retain(before[i]);
        } else {
            fresh[i] = xyz_catalog_create_alert(set, step->alerts[i]);
            /* Without an id it is printed by its name (borrowed from the scenario). */
            if (status == XYZ_OK && !xyz_alert_id(fresh[i])) {
                status = xyz_alert_set_user_data(fresh[i], (void *)step->alerts[i], NULL);
            }
        }
        if (r->picture) picture_instance(r->picture, fresh[i], step->alerts[i]);
        /* "after_alerts": the latest instances of those names, earlier
         * alerts of this add first. */
        const xyz_definition *definition = xyz_catalog_find(set, step->alerts[i]);
        for (size_t k = 0; status == XYZ_OK && k < xyz_definition_after_alert_count(definition); k++) {
            const char *name = xyz_definition_after_alert(definition, k);
            xyz_alert *dependency = NULL;
            for (size_t j = 0; j < i && !dependency; j++) {
                if (strcmp(step->alerts[j], name) == 0) dependency = fresh[j];
            }
            if (!dependency) dependency = dependency_of(r, name);
            status = dependency ? xyz_alert_add_dependency(fresh[i], dependency) : XYZ_ENOTFOUND;
        }
    }
    /* The fresh instances are the latest ones during the add (a recording
     * may act on them from its callbacks); a failed add restores the old. */
    for (size_t i = 0; status == XYZ_OK && i < step->alert_count; i++) {
        remember(r, step->alerts[i], fresh[i]);
    }
    if (status == XYZ_OK) status = xyz_dispatch_add(dispatch, fresh, step->alert_count);
    for (size_t i = 0; i < step->alert_count; i++) {
        if (status != XYZ_OK) {
            if (r->picture) picture_forget(r->picture, fresh[i]);
            if (before[i]) {
                remember(r, step->alerts[i], before[i]);
            } else if (find_instance(r, step->alerts[i])) {
                forget(r, step->alerts[i]);
            }
        }
        xyz_alert_release(before[i]);
        xyz_alert_release(fresh[i]);
    }
    free(before);
    free(fresh);
    check_status(r, status);
}

/* The content setters of an update step, in the documented order. */
static void run_update(runner *r, xyz_alert *a) {
    const xyz_scenario *s = r->scenario;
    size_t i = r->step;
    double number;
    if (xyz_scenario_step_has(s, i, "title")) check_status(r, xyz_alert_set_title(a, xyz_scenario_step_text(s, i, "title")));
    if (xyz_scenario_step_has(s, i, "message")) {
        check_status(r, xyz_alert_set_message(a, xyz_scenario_step_text(s, i, "message")));
    }
    if (xyz_scenario_step_has(s, i, "style")) check_status(r, xyz_alert_set_style(a, xyz_scenario_step_text(s, i, "style")));
    if (xyz_scenario_step_has(s, i, "clear_actions")) check_status(r, xyz_alert_clear_actions(a));
    if (xyz_scenario_step_number(s, i, "action_style", &number)) {
        check_status(r, xyz_alert_add_action(a, xyz_scenario_step_text(s, i, "action_id"),
                                             xyz_scenario_step_text(s, i, "action_title"), (xyz_action_style)number));
    }
    if (xyz_scenario_step_has(s, i, "meta")) check_status(r, xyz_alert_set_meta(a, xyz_scenario_step_text(s, i, "meta")));
}

/* The "advance" step (SPEC 12): to each pending deadline of any page's
 * domain in turn, earliest first, ticking there (what fires may set new
 * deadlines, which count too), then to the target time. */
static void run_advance(runner *r, double seconds) {
    double target = r->clock + seconds;
    for (;;) {
        page *soonest = NULL;
        double delay = 0;
        for (size_t i = 0; i < r->page_count; i++) {
            double d = r->pages[i].dispatch ? xyz_dispatch_next_deadline(r->pages[i].dispatch) : -1;
            if (d >= 0 && (!soonest || d < delay)) {
                soonest = &r->pages[i];
                delay = d;
            }
        }
        if (!soonest || r->clock + delay > target) {
            break;
        }
        r->clock += delay;
        check_status(r, xyz_dispatch_tick(soonest->dispatch));
    }
    r->clock = target;
}

static void run_step(runner *r, const xyz_step *step) {
    xyz_dispatch *d;
    xyz_alert *a;
    switch (step->kind) {
    case XYZ_STEP_APPEAR:
    case XYZ_STEP_DISAPPEAR:
        if ((d = live_page(r, step->page))) {
            bool appear = step->kind == XYZ_STEP_APPEAR;
            /* Drawn first: the page's own events of this step follow it. */
            if (r->picture) picture_page_visible(r->picture, page_number(r, step->page), appear);
            check_status(r, appear ? xyz_dispatch_page_did_appear(d) : xyz_dispatch_page_will_disappear(d));
        }
        break;
    case XYZ_STEP_DESTROY:
        if ((d = live_page(r, step->page))) {
            find_page(r, step->page)->dispatch = NULL;
            if (r->picture) picture_page_destroyed(r->picture, page_number(r, step->page));
            check_status(r, xyz_dispatch_destroy(d));
        }
        break;
    case XYZ_STEP_FLUSH:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_flush(d));
        break;
    case XYZ_STEP_ADD:
        run_add(r, step);
        break;
    case XYZ_STEP_ADVANCE:
        run_advance(r, step->duration);
        break;
    case XYZ_STEP_SUSPEND:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_suspend(d));
        break;
    case XYZ_STEP_UPDATE:
        if ((a = latest(r, step->alert))) run_update(r, a);
        break;
    case XYZ_STEP_TICK:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_tick(d));
        break;
    case XYZ_STEP_PARENT: {
        const char *parent = xyz_scenario_step_text(r->scenario, r->step, "parent");
        xyz_dispatch *to = NULL;
        if (!(d = live_page(r, step->page)) || (parent && !(to = live_page(r, parent)))) break;
        check_status(r, xyz_dispatch_set_parent(d, to));
        break;
    }
    case XYZ_STEP_CAPACITY:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_set_capacity(d, step->index));
        break;
    case XYZ_STEP_AVOIDANCE:
        if ((a = latest(r, step->alert))) {
            double enabled = 0, adjust = 0;
            (void)xyz_scenario_step_number(r->scenario, r->step, "enabled", &enabled);
            (void)xyz_scenario_step_number(r->scenario, r->step, "adjust", &adjust);
            check_status(r, xyz_alert_set_keyboard_avoidance(a, enabled != 0, adjust));
        }
        break;
    case XYZ_STEP_TARGET:
        if ((a = latest(r, step->alert))) {
            check_status(r, xyz_alert_set_target(a, xyz_scenario_step_text(r->scenario, r->step, "target")));
        }
        break;
    case XYZ_STEP_DEPEND: {
        const char *on = xyz_scenario_step_text(r->scenario, r->step, "on");
        xyz_alert *other = NULL;
        if (!(a = latest(r, step->alert)) || (on && !(other = dependency_of(r, on)))) break;
        check_status(r, on ? xyz_alert_add_dependency(a, other)
                           : xyz_alert_add_dependency_id(a, xyz_scenario_step_text(r->scenario, r->step, "id")));
        break;
    }
    case XYZ_STEP_RESUME:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_resume(d));
        break;
    case XYZ_STEP_CANCEL_TAGGED:
        if ((d = live_page(r, step->page))) {
            check_status(r, xyz_dispatch_cancel_tagged(d, xyz_scenario_step_text(r->scenario, r->step, "tag"), NULL));
        }
        break;
    case XYZ_STEP_READY:
        if ((a = latest(r, step->alert))) check_status(r, xyz_alert_set_ready(a));
        break;
    case XYZ_STEP_DISMISS:
        if ((a = latest(r, step->alert))) check_status(r, xyz_alert_dismiss(a));
        break;
    case XYZ_STEP_CANCEL:
        if ((a = latest(r, step->alert))) check_status(r, xyz_alert_cancel(a));
        break;
    case XYZ_STEP_ACTION:
        if ((a = latest(r, step->alert))) check_status(r, xyz_alert_trigger_action(a, step->index));
        break;
    case XYZ_STEP_FRAME:
        if ((a = latest(r, step->alert))) {
            double unknown = 0;
            (void)xyz_scenario_step_number(r->scenario, r->step, "frame_unknown", &unknown);
            check_status(r, xyz_alert_set_frame(a, unknown != 0 ? NULL : &step->frame));
        }
        break;
    case XYZ_STEP_KEYBOARD:
        if ((d = live_page(r, step->page))) check_status(r, xyz_dispatch_keyboard_changed(d, step->frame, step->duration));
        break;
    case XYZ_STEP_SELECT: {
        if (!(d = live_page(r, step->page))) break;
        xyz_dispatch *child = NULL;
        if (step->child && !(child = live_page(r, step->child))) break;
        xyz_status status = xyz_dispatch_set_active_child(d, child);
        check_status(r, status);
        double flush = 1;
        (void)xyz_scenario_step_number(r->scenario, r->step, "flush", &flush);
        if (status == XYZ_OK && flush != 0) check_status(r, xyz_dispatch_flush(d));
        break;
    }
    }
}

/* The event number (from 1) of its outer step during which step `index`
 * is to be made, or 0 for a step of its own. */
static long nested_in(runner *r, size_t index) {
    return r->during[index];
}

static xyz_step step_at(const xyz_scenario *scenario, size_t index);

/* Plays step `index`: its clock ("at"), its call, its "-" line when it
 * caused no event. */
static void play(runner *r, size_t index) {
    xyz_step step = step_at(r->scenario, index);
    if (r->has_at[index]) {
        r->clock = r->at[index];
    }
    r->step = index;
    describe(r, &step);
    r->step_printed = false;
    /* A nested step is drawn in the column of the step around it. */
    bool outer = !nested_in(r, index);
    if (r->picture && outer) picture_at(r->picture, index, r->clock);
    run_step(r, &step);
    if (r->picture && outer) picture_step_done(r->picture, r->clock);
    if (r->format == FORMAT_TEXT && !r->step_printed) {
        line_start(r);
        printf("%s\n", r->colour ? "\033[2m-\033[0m" : "-");
    }
}

/* After each event: the nested steps made during it, as the recorded host
 * made them, from inside the callback. Events they cause count on. */
static void run_nested(runner *r) {
    if (r->quiet || !r->playing) {
        return;
    }
    r->events++;
    while (r->next_nested < r->step_count && nested_in(r, r->next_nested) == r->events) {
        size_t step = r->step;
        bool printed = r->step_printed;
        char label[sizeof r->label];
        memcpy(label, r->label, sizeof label);
        play(r, r->next_nested++);
        r->step = step;
        r->step_printed = printed;
        memcpy(r->label, label, sizeof label);
    }
}

/* The pages of a loaded scenario form a valid tree, so setting it up cannot
 * fail; if the library says otherwise, say so and stop. */
static void setup(xyz_status status) {
    if (status != XYZ_OK) {
        fprintf(stderr, "xyzalert: cannot set up the scenario's pages: %s\n", xyz_last_error());
        exit(EXIT_INVALID);
    }
}

/* Step `index`, which exists. */
static xyz_step step_at(const xyz_scenario *scenario, size_t index) {
    xyz_step step;
    setup(xyz_scenario_step(scenario, index, &step));
    return step;
}

int cli_simulate(const char *file, trace_format format, const char *record) {
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_file(file, &error);
    if (!scenario) {
        print_load_error(&error);
        return EXIT_INVALID;
    }
    const char *title = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    char *recording = run_scenario(scenario, format, NULL, record != NULL, title);
    xyz_scenario_free(scenario);
    if (!record) {
        return EXIT_VALID;
    }
    if (!recording) {
        return EXIT_INVALID;
    }
    FILE *out = fopen(record, "w");
    bool written = out && fputs(recording, out) >= 0;
    written = out && fclose(out) == 0 && written;
    xyz_free(recording);
    if (!written) {
        fprintf(stderr, "xyzalert: cannot write the recording to '%s'\n", record);
        return EXIT_USAGE;
    }
    return EXIT_VALID;
}

char *run_scenario(const xyz_scenario *scenario, trace_format format, line_list *capture, bool record,
                   const char *title) {
    runner r;
    memset(&r, 0, sizeof r);
    r.scenario = scenario;
    r.format = capture ? FORMAT_EXPECT : format;
    r.capture = capture;
    r.json = r.format == FORMAT_JSON;
    bool json = r.format != FORMAT_TEXT;
    if (r.format == FORMAT_SVG) {
        r.picture = picture_new(xyz_scenario_step_count(scenario));
    }
    r.colour = !json && use_colour();
    r.page_count = xyz_scenario_page_count(scenario);
    r.pages = calloc(r.page_count ? r.page_count : 1, sizeof *r.pages);
    size_t alert_count = xyz_catalog_count(xyz_scenario_catalog(scenario));
    r.instances = calloc(alert_count + 1, sizeof *r.instances);
    size_t count = r.step_count = xyz_scenario_step_count(scenario);
    r.at = calloc(count + 1, sizeof *r.at);
    r.has_at = calloc(count + 1, sizeof *r.has_at);
    r.during = calloc(count + 1, sizeof *r.during);
    if (!r.pages || !r.instances || !r.at || !r.has_at || !r.during || !names_init(&r.page_index, r.page_count)
        || !names_init(&r.instance_index, alert_count)) {
        fprintf(stderr, "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < r.page_count; i++) {
        page *p = &r.pages[i];
        p->runner = &r;
        p->name = xyz_scenario_page_name(scenario, i);
        names_put(&r.page_index, p->name, i);
        if (r.picture) picture_page(r.picture, p->name);
        xyz_host host = XYZ_HOST_INIT(.context = p, .show = on_show, .hide = on_hide, .unhide = on_unhide,
                                      .remove = on_remove, .finish = on_finish, .move = on_move, .action = on_action,
                                      .now = on_now, .update = on_update);
        host.request_flush = xyz_scenario_deferred(scenario) ? on_request_flush : NULL;
        p->dispatch = xyz_dispatch_create(&host, NULL);
        setup(p->dispatch ? xyz_dispatch_set_name(p->dispatch, p->name) : XYZ_EINVAL);
    }
    for (size_t i = 0; i < r.page_count; i++) {
        const char *parent = xyz_scenario_page_parent(scenario, i);
        if (parent) {
            setup(xyz_dispatch_set_parent(r.pages[i].dispatch, find_page(&r, parent)->dispatch));
        }
    }
    for (size_t i = 0; i < r.page_count; i++) {
        size_t capacity = xyz_scenario_page_capacity(scenario, i);
        if (capacity) {
            setup(xyz_dispatch_set_capacity(r.pages[i].dispatch, capacity));
        }
    }
    for (size_t i = 0; i < r.page_count; i++) {
        const char *active = xyz_scenario_page_active(scenario, i);
        if (active) {
            setup(xyz_dispatch_set_active_child(r.pages[i].dispatch, find_page(&r, active)->dispatch));
        }
    }
    for (size_t i = 0; i < count; i++) {
        double during = 0;
        r.has_at[i] = xyz_scenario_step_number(scenario, i, "at", &r.at[i]);
        r.during[i] = xyz_scenario_step_number(scenario, i, "during", &during) ? (long)during : 0;
        r.timed = r.timed || r.has_at[i] || step_at(scenario, i).kind == XYZ_STEP_ADVANCE;
    }
    if (!json) {
        /* The times the clock will show: "at" times and advances' targets
         * (events between deadlines show earlier ones, never wider). */
        double clock = 0;
        r.time_width = 8;
        for (size_t i = 0; i < count; i++) {
            xyz_step step = step_at(scenario, i);
            r.step = i; /* describe() reads the step's texts by index */
            describe(&r, &step);
            int width = (int)strlen(r.label);
            r.label_width = width > r.label_width ? width : r.label_width;
            clock = r.has_at[i] ? r.at[i] : clock;
            clock += step.kind == XYZ_STEP_ADVANCE ? step.duration : 0;
            char time[32];
            width = (int)strlen(format_number(time, clock));
            r.time_width = width > r.time_width ? width : r.time_width;
        }
        if (r.timed) {
            printf("%*s  ", r.time_width, "time");
        }
        printf("%4s  %-*s  %-7s %-14s %s\n", "step", r.label_width, "what", "event", "alert", "detail");
    }
    if (record && (r.page_count == 0 || xyz_dispatch_start_recording(r.pages[0].dispatch) != XYZ_OK)) {
        fprintf(stderr, "xyzalert: cannot record: %s\n", r.page_count ? xyz_last_error() : "the scenario has no page");
        record = false;
    }
    for (size_t i = 0; i < count; i++) {
        if (nested_in(&r, i)) {
            continue; /* played from its outer step's callback */
        }
        r.outer = i;
        r.events = 0;
        r.next_nested = i + 1;
        r.playing = true;
        play(&r, i);
        /* Nested steps whose event never came: the replay went otherwise. */
        while (r.next_nested < count && nested_in(&r, r.next_nested)) {
            char message[200];
            snprintf(message, sizeof message, "step %zu was made during event %ld of step %zu, which had %ld events",
                     r.next_nested, nested_in(&r, r.next_nested), r.outer, r.events);
            r.step = r.next_nested;
            error_event(&r, "state", message);
            play(&r, r.next_nested++);
        }
        r.playing = false;
    }
    if (r.picture) {
        picture_write(r.picture, stdout, title ? title : "scenario", r.timed);
    }
    char *recording = NULL;
    if (record) {
        recording = xyz_dispatch_recording_json(r.pages[0].dispatch);
        if (!recording) {
            fprintf(stderr, "xyzalert: cannot write the recording: %s\n", xyz_last_error());
        }
    }
    /* Teardown, quietly. Children usually follow their parents in the file:
     * destroying from the last page back detaches few children at a time
     * (destroying a root first would split off its whole subtree, for every
     * page of a long chain). */
    r.quiet = true;
    for (size_t i = r.page_count; i-- > 0;) {
        if (r.pages[i].dispatch) {
            xyz_dispatch_destroy(r.pages[i].dispatch);
        }
    }
    for (size_t i = 0; i < r.instance_count; i++) {
        xyz_alert_release(r.instances[i].alert);
    }
    if (r.picture) picture_free(r.picture);
    free(r.instances);
    free(r.at);
    free(r.has_at);
    free(r.during);
    free(r.pages);
    names_free(&r.instance_index);
    names_free(&r.page_index);
    return recording;
}

void lines_add(line_list *list, const char *line) {
    if (list->count == list->capacity) {
        list->capacity = list->capacity ? 2 * list->capacity : 16;
        list->items = realloc(list->items, list->capacity * sizeof *list->items);
        if (!list->items) {
            fprintf(stderr, "xyzalert: out of memory\n");
            exit(EXIT_USAGE);
        }
    }
    list->items[list->count] = strdup(line);
    if (!list->items[list->count]) {
        fprintf(stderr, "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    list->count++;
}

void lines_free(line_list *list) {
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i]);
    }
    free(list->items);
    memset(list, 0, sizeof *list);
}
