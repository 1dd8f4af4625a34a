/* The runner's steps: pages and alert instances by name, each step's
 * label, the steps that need more than one call (the others are made by
 * step_table.c, generated), and playing steps in order or nested in the
 * events of the step around them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

page *runner_find_page(runner *r, const char *name) {
    size_t i;
    return names_find(&r->page_index, name, &i) ? &r->pages[i] : NULL;
}

/* The page's index in the scenario. */
size_t runner_page_number(runner *r, const char *name) {
    return (size_t)(runner_find_page(r, name) - r->pages);
}

/* The page's dispatch, or NULL after an error event when it was destroyed. */
xyz_dispatch *runner_live_page(runner *r, const char *name) {
    page *p = runner_find_page(r, name);
    if (!p->dispatch) {
        char message[300];
        snprintf(message, sizeof message, "page '%s' was destroyed", name);
        runner_error_event(r, "state", message);
    }
    return p->dispatch;
}

instance *runner_find_instance(runner *r, const char *id) {
    size_t i;
    return names_find(&r->instance_index, id, &i) ? &r->instances[i] : NULL;
}


/* An alert depends on `name`'s latest instance (after_alerts, depend): one
 * that was never added is created now, idle (a recording's alert that was
 * depended on before it was added); its add uses it. */
xyz_alert *runner_dependency_of(runner *r, const char *name) {
    const char *as = runner_instance_name(r, name);
    instance *found = runner_find_instance(r, as);
    if (found && found->alert) {
        return found->alert;
    }
    xyz_alert *fresh = runner_create_alert(r, name);
    if (!fresh || xyz_alert_set_user_data(fresh, (void *)as, NULL) != XYZ_OK) {
        xyz_alert_release(fresh);
        return NULL;
    }
    runner_remember(r, as, fresh);
    xyz_alert_release(fresh);
    return runner_find_instance(r, as)->alert;
}

/* The instance of `id` steps act on, or NULL after a not_found error
 * event: the latest one, unless it is finished and an older one is not (a
 * campaign's instance that ended `duplicate` while the one before it was
 * on screen: a recorded call on that name acted on the one on screen). */
xyz_alert *runner_latest(runner *r, const char *id) {
    instance *found = runner_find_instance(r, id);
    if (!found || !found->alert) {
        char message[300];
        snprintf(message, sizeof message, "no instance of alert '%s' has been added yet", id);
        runner_error_event(r, "not_found", message);
        return NULL;
    }
    if (found->older && xyz_alert_state(found->alert) == XYZ_STATE_FINISHED &&
        xyz_alert_state(found->older) != XYZ_STATE_FINISHED) {
        return found->older;
    }
    return found->alert;
}

/* The name has no instance (after a failed add of its first one). */
void runner_forget(runner *r, const char *id) {
    instance *found = runner_find_instance(r, id);
    xyz_alert_release(found->alert);
    found->alert = NULL;
}

void runner_remember(runner *r, const char *id, xyz_alert *alert) {
    instance *found = runner_find_instance(r, id);
    if (found) {
        xyz_alert_release(found->alert);
    } else {
        names_put(&r->instance_index, id, r->instance_count);
        found = &r->instances[r->instance_count++];
        found->id = id;
    }
    found->alert = xyz_alert_retain(alert);
}

/* A campaign's new instance: the latest, and the one it replaces is kept as
 * `older` while it is not finished (see runner_latest). */
void runner_remember_instance(runner *r, const char *id, xyz_alert *alert) {
    instance *found = runner_find_instance(r, id);
    if (found && found->alert && xyz_alert_state(found->alert) != XYZ_STATE_FINISHED) {
        xyz_alert_release(found->older);
        found->older = xyz_alert_retain(found->alert);
    }
    runner_remember(r, id, alert);
}

/* ---- steps ---- */

/* The step's label for the text timeline (r->label, shortened). */
void runner_describe(runner *r, const xyz_step_info *step) {
    const char *name = runner_step_names[step->kind];
    char number[32];
    char *label;
    switch (step->kind) {
    case XYZ_STEP_ADVANCE:
        label = text_printf("advance %ss", format_number(number, step->duration));
        break;
    case XYZ_STEP_CANCEL_TAGGED: {
        const char *tag = step->tag;
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
        const char *parent = step->parent;
        label = text_printf("parent %s -> %s", step->page, parent ? parent : "(none)");
        break;
    }
    case XYZ_STEP_CAPACITY:
        label = text_printf("capacity %s %zu", step->page, step->index);
        break;
    case XYZ_STEP_TRACK:
        label = strcmp(step->meta, "{}") == 0 ? text_printf("track %s", step->id)
                                               : text_printf("track %s %s", step->id, step->meta);
        break;
    case XYZ_STEP_SET_ATTRIBUTE:
        label = text_printf("set %s = %s", step->id, step->meta ? step->meta : "(removed)");
        break;
    case XYZ_STEP_SET_CAMPAIGNS:
        label = text_printf("set_campaigns %s", step->id);
        break;
    case XYZ_STEP_DURATION_SCALE:
        label = isinf(step->scale) ? text_printf("duration_scale %s never", step->page)
                                   : text_printf("duration_scale %s %s", step->page, format_number(number, step->scale));
        break;
    case XYZ_STEP_GAP:
        label = text_printf("gap %s %s %ss", step->page, step->lane, format_number(number, step->duration));
        break;
    case XYZ_STEP_CANCEL_QUEUED: {
        const char *tag = step->tag;
        label = text_printf("cancel_queued %s %s", step->page, tag ? tag : "(all)");
        break;
    }
    case XYZ_STEP_LANE_LIMIT:
        label = text_printf("lane_limit %s %s %zu%s", step->page, step->lane, step->index,
                            step->on_full == XYZ_ON_FULL_EVICT_OLDEST ? " evict_oldest" : "");
        break;
    case XYZ_STEP_ORDER:
        label = text_printf("order %s %s", step->page, xyz_order_name(step->order));
        break;
    default:
        /* The page or the alert it acts on (scripts/interface/steps.py: its first field). */
        switch (runner_step_subjects[step->kind]) {
        case STEP_ON_ALERT: label = text_printf("%s %s", name, step->alert); break;
        case STEP_ON_PAGE: label = text_printf("%s %s", name, step->page); break;
        default: label = text_printf("%s", name);
        }
    }
    char *shown = shortened(label);
    snprintf(r->label, sizeof r->label, "%s", shown);
    free(shown);
    free(label);
}

void run_add(runner *r, const xyz_step_info *step) {
    xyz_dispatch *dispatch = runner_live_page(r, step->page);
    if (!dispatch) {
        return;
    }
    xyz_alert **fresh = calloc(step->alert_count, sizeof *fresh);
    xyz_alert **before = calloc(step->alert_count, sizeof *before); /* the latest instances until now */
    const char **as = calloc(step->alert_count, sizeof *as); /* their names in the instance table */
    xyz_status status = XYZ_OK;
    for (size_t i = 0; i < step->alert_count; i++) {
        /* A fresh instance, or the idle one an earlier dependency created. */
        as[i] = runner_instance_name(r, step->alerts[i]);
        instance *known = runner_find_instance(r, as[i]);
        before[i] = known ? xyz_alert_retain(known->alert) : NULL;
        if (before[i] && xyz_alert_state(before[i]) == XYZ_STATE_IDLE) {
            fresh[i] = xyz_alert_retain(before[i]);
        } else {
            fresh[i] = runner_create_alert(r, step->alerts[i]);
            /* Without an id it is printed by its name (borrowed from the
             * scenario); under a backtest's policy every alert has one. */
            if (status == XYZ_OK && (!fresh[i] || (!replay_under_policy(r) && !xyz_alert_id(fresh[i])))) {
                status = xyz_alert_set_user_data(fresh[i], (void *)step->alerts[i], NULL);
            }
        }
        if (r->picture) picture_instance(r->picture, fresh[i], step->alerts[i]);
        /* "after_alerts": the latest instances of those names, earlier
         * alerts of this add first (under a backtest's policy, one it
         * removed is no dependency). */
        const xyz_definition *definition = runner_definition(r, step->alerts[i]);
        for (size_t k = 0; status == XYZ_OK && k < xyz_definition_after_alert_count(definition); k++) {
            const char *name = xyz_definition_after_alert(definition, k);
            xyz_alert *dependency = NULL;
            for (size_t j = 0; j < i && !dependency; j++) {
                if (strcmp(step->alerts[j], name) == 0) dependency = fresh[j];
            }
            if (!dependency) dependency = runner_dependency_of(r, name);
            if (!dependency && r->replay) continue;
            status = dependency ? xyz_alert_add_dependency(fresh[i], dependency) : XYZ_ENOTFOUND;
        }
    }
    /* The fresh instances are the latest ones during the add (a recording
     * may act on them from its callbacks); a failed add restores the old. */
    for (size_t i = 0; status == XYZ_OK && i < step->alert_count; i++) {
        runner_remember(r, as[i], fresh[i]);
    }
    /* A replay knows them before their add's events. */
    bool noted = status == XYZ_OK && r->replay;
    if (noted) replay_added(r, fresh, step->alert_count);
    if (status == XYZ_OK) status = xyz_dispatch_add(dispatch, fresh, step->alert_count);
    if (status == XYZ_OK) why_note_added(r, fresh, step->alert_count);
    if (noted && status != XYZ_OK) replay_not_added(r, step->alert_count);
    for (size_t i = 0; i < step->alert_count; i++) {
        if (status != XYZ_OK) {
            if (r->picture) picture_forget(r->picture, fresh[i]);
            if (before[i]) {
                runner_remember(r, as[i], before[i]);
            } else if (runner_find_instance(r, as[i])) {
                runner_forget(r, as[i]);
            }
        }
        xyz_alert_release(before[i]);
        xyz_alert_release(fresh[i]);
    }
    free(as);
    free(before);
    free(fresh);
    runner_check_status(r, status);
}

/* The content setters of an update step, in the documented order. */
void run_update(runner *r, const xyz_step_info *step) {
    xyz_alert *a = runner_latest(r, step->alert);
    if (!a) return;
    if (step->sets & XYZ_SETS_TITLE) runner_check_status(r, xyz_alert_set_title(a, step->title));
    if (step->sets & XYZ_SETS_MESSAGE) runner_check_status(r, xyz_alert_set_message(a, step->message));
    if (step->sets & XYZ_SETS_STYLE) runner_check_status(r, xyz_alert_set_style(a, step->style));
    if (step->sets & XYZ_SETS_CLEAR_ACTIONS) runner_check_status(r, xyz_alert_clear_actions(a));
    if (step->sets & XYZ_SETS_ADD_ACTION) {
        runner_check_status(r, xyz_alert_add_action_flags(a, step->action_id, step->action_title, step->action_style,
                                                          step->action_flags));
    }
    if (step->sets & XYZ_SETS_META) runner_check_status(r, xyz_alert_set_meta(a, step->meta));
}


/* The steps the table of steps (scripts/interface/steps.py) leaves to a function
 * of their own: run_KEY(r, step), called from runner_run_step. */

void run_appear(runner *r, const xyz_step_info *step) {
    xyz_dispatch *d = runner_live_page(r, step->page);
    if (!d) return;
    /* Drawn first: the page's own events of this step follow it. */
    if (r->picture) picture_page_visible(r->picture, runner_page_number(r, step->page), true);
    runner_check_status(r, xyz_dispatch_page_did_appear(d));
}

void run_disappear(runner *r, const xyz_step_info *step) {
    xyz_dispatch *d = runner_live_page(r, step->page);
    if (!d) return;
    if (r->picture) picture_page_visible(r->picture, runner_page_number(r, step->page), false);
    runner_check_status(r, xyz_dispatch_page_will_disappear(d));
}

void run_destroy(runner *r, const xyz_step_info *step) {
    xyz_dispatch *d = runner_live_page(r, step->page);
    if (!d) return;
    if (r->recording && d == r->pages[0].dispatch) {
        /* The recording lives with the page that started it: kept
         * as it stands, up to this step. */
        r->recording_at_destroy = xyz_dispatch_recording_json(d);
        r->recording_ended_at = r->step;
    }
    runner_find_page(r, step->page)->dispatch = NULL;
    if (r->picture) picture_page_destroyed(r->picture, runner_page_number(r, step->page));
    runner_check_status(r, xyz_dispatch_destroy(d));
}

/* docs/rules.md §22: the file's campaigns replace every live root page's;
 * the trace says so first (detail: the set's campaigns_version, if any),
 * then come the ends of the instances it withdrew. */
void run_set_campaigns(runner *r, const xyz_step_info *step) {
    const xyz_catalog *set = xyz_scenario_step_catalog(r->scenario, r->step);
    const char *version = xyz_catalog_campaigns_version(set);
    trace_campaigns(r, version);
    for (size_t i = 0; i < r->page_count; i++) {
        xyz_dispatch *d = r->pages[i].dispatch;
        if (d && !xyz_dispatch_parent(d)) runner_check_status(r, xyz_dispatch_set_campaigns(d, set));
    }
    (void)step;
}

void run_parent(runner *r, const xyz_step_info *step) {
    const char *parent = step->parent;
    xyz_dispatch *d, *to = NULL;
    if (!(d = runner_live_page(r, step->page)) || (parent && !(to = runner_live_page(r, parent)))) return;
    runner_check_status(r, xyz_dispatch_set_parent(d, to));
}

void run_depend(runner *r, const xyz_step_info *step) {
    const char *on = step->on;
    xyz_alert *a, *other = NULL;
    if (!(a = runner_latest(r, step->alert)) || (on && !(other = runner_dependency_of(r, on)))) return;
    runner_check_status(r, on ? xyz_alert_add_dependency(a, other) : xyz_alert_add_dependency_id(a, step->id));
}

void run_select(runner *r, const xyz_step_info *step) {
    xyz_dispatch *d = runner_live_page(r, step->page);
    if (!d) return;
    xyz_dispatch *child = NULL;
    if (step->child && !(child = runner_live_page(r, step->child))) return;
    xyz_status status = xyz_dispatch_set_active_child(d, child);
    runner_check_status(r, status);
    if (status == XYZ_OK && step->flush) runner_check_status(r, xyz_dispatch_flush(d));
}

/* The event number (from 1) of its outer step during which step `index`
 * is to be made, or 0 for a step of its own. */
long runner_nested_in(runner *r, size_t index) {
    return r->during[index];
}

/* Plays step `index`: its clocks ("at", and "clocks" for pages whose
 * clocks read other times), its call, its "-" line when it caused no
 * event. */
void runner_play(runner *r, size_t index) {
    xyz_step_info step = runner_step(r, index);
    if (r->replay) replay_before_step(r, index); /* its reactions due by now */
    if (r->has_at[index]) {
        /* Under a policy the clock moves there, ticking on the way. */
        if (replay_under_policy(r)) replay_move_clock(r, r->at[index]);
        r->clock = r->at[index];
        r->clock_generation++;
        size_t clocks = xyz_scenario_step_clock_count(r->scenario, index);
        for (size_t k = 0; k < clocks; k++) {
            page *p = runner_find_page(r, xyz_scenario_step_clock_page(r->scenario, index, k));
            if (!p) continue;
            p->clock_generation = r->clock_generation;
            p->own_time = xyz_scenario_step_clock(r->scenario, index, k);
            p->own_since = r->clock;
        }
        if (xyz_scenario_step_wall(r->scenario, index, &r->wall_time)) {
            r->wall_generation = r->clock_generation;
            r->wall_since = r->clock;
        }
    }
    r->step = index;
    if (r->replay) {
        if (!replay_skips_step(r, &step)) runner_run_step(r, &step);
        return;
    }
    runner_describe(r, &step);
    r->step_printed = false;
    /* A nested step is drawn in the column of the step around it. */
    bool outer = !runner_nested_in(r, index);
    if (r->picture && outer) picture_at(r->picture, index, r->clock);
    runner_run_step(r, &step);
    if (r->picture && outer) picture_step_done(r->picture, r->clock);
    if (r->format == FORMAT_TEXT && !r->step_printed) {
        runner_line_start(r);
        printf("%s\n", r->colour ? "\033[2m-\033[0m" : "-");
    }
    if (r->why_step >= 0 && (size_t)r->why_step == index) {
        why_report(r);
    }
}

void runner_play_all(runner *r) {
    size_t count = r->step_count;
    for (size_t i = 0; i < count; i++) {
        if (runner_nested_in(r, i)) {
            continue; /* played from its outer step's callback */
        }
        r->outer = i;
        r->events = 0;
        r->next_nested = i + 1;
        r->playing = true;
        runner_play(r, i);
        /* Nested steps whose event never came: the replay went otherwise. */
        while (r->next_nested < count && runner_nested_in(r, r->next_nested)) {
            char message[200];
            snprintf(message, sizeof message, "step %zu was made during event %ld of step %zu, which had %ld events",
                     r->next_nested, runner_nested_in(r, r->next_nested), r->outer, r->events);
            r->step = r->next_nested;
            runner_error_event(r, "state", message);
            runner_play(r, r->next_nested++);
        }
        r->playing = false;
    }
}

/* After each event: the nested steps made during it, as the recorded host
 * made them, from inside the callback. Events they cause count on. */
void runner_run_nested(runner *r) {
    if (r->quiet || !r->playing) {
        return;
    }
    r->events++;
    while (r->next_nested < r->step_count && runner_nested_in(r, r->next_nested) == r->events) {
        size_t step = r->step;
        bool printed = r->step_printed;
        char label[sizeof r->label];
        memcpy(label, r->label, sizeof label);
        runner_play(r, r->next_nested++);
        r->step = step;
        r->step_printed = printed;
        memcpy(r->label, label, sizeof label);
    }
}

/* The pages of a loaded scenario form a valid tree, so setting it up cannot
 * fail; if the library says otherwise, say so and stop. */
void runner_setup(xyz_status status) {
    if (status != XYZ_OK) {
        fprintf(diagnostics(), "xyzalert: cannot set up the scenario's pages: %s\n", xyz_last_error());
        exit(EXIT_INVALID);
    }
}

xyz_step_info runner_step(const runner *r, size_t index) {
    return r->steps ? r->steps[index] : runner_step_at(r->scenario, index);
}

/* Step `index`, which exists. */
xyz_step_info runner_step_at(const xyz_scenario *scenario, size_t index) {
    xyz_step_info step = XYZ_STEP_INFO_INIT;
    runner_setup(xyz_scenario_step_info(scenario, index, &step));
    return step;
}
