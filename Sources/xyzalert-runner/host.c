/* The host callbacks of the runner's pages: each notes that its page had
 * an event, prints it (trace.c) and then plays the steps a recording made
 * from inside it (steps.c). */
#include "runner.h"

/* The page had an event: its domain's deadline may have changed (see
 * advance_clock). */
static void touch(void *context) {
    page *p = context;
    touched_add(&p->runner->changed, (size_t)(p - p->runner->pages));
}

static runner *runner_of(void *context) {
    return ((page *)context)->runner;
}

static void on_show(xyz_alert *alert, const char *target, void *view, void *context) {
    touch(context);
    (void)view;
    runner *r = runner_of(context);
    if (r->quiet) {
        return;
    }
    if (r->replay) {
        replay_event(r, REPLAY_SHOW, alert, target);
    } else {
        trace_show(context, alert, target);
    }
    runner_run_nested(r);
}

static void on_hide(xyz_alert *alert, xyz_hide_reason reason, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->replay) {
        replay_event(r, REPLAY_HIDE, alert, xyz_hide_reason_name(reason));
    } else {
        trace_event(r, "hide", alert, "reason", xyz_hide_reason_name(reason));
    }
    runner_run_nested(runner_of(context));
}

static void on_unhide(xyz_alert *alert, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->replay) {
        replay_event(r, REPLAY_UNHIDE, alert, NULL);
    } else {
        trace_event(r, "unhide", alert, NULL, NULL);
    }
    runner_run_nested(runner_of(context));
}

static void on_remove(xyz_alert *alert, xyz_end_reason reason, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->replay) {
        replay_event(r, REPLAY_REMOVE, alert, xyz_end_reason_name(reason));
    } else {
        trace_event(r, "remove", alert, "reason", xyz_end_reason_name(reason));
    }
    runner_run_nested(runner_of(context));
}

static void on_finish(xyz_alert *alert, xyz_end_reason reason, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->replay) {
        if (!r->quiet) replay_event(r, REPLAY_FINISH, alert, xyz_end_reason_name(reason));
        runner_run_nested(r);
        return;
    }
    if (r->picture && !r->quiet) picture_finished(r->picture, alert, xyz_end_reason_name(reason));
    why_note_finished(r, alert);
    trace_finish(r, alert, xyz_end_reason_name(reason));
    runner_run_nested(r);
}

static void on_move(xyz_alert *alert, double dy, double duration, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->quiet) {
        return;
    }
    if (r->replay) {
        replay_event(r, REPLAY_OTHER, alert, "move");
    } else {
        trace_move(r, alert, dy, duration);
    }
    runner_run_nested(r);
}

static void on_update(xyz_alert *alert, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->replay) {
        replay_event(r, REPLAY_OTHER, alert, "update");
    } else {
        trace_update(r, alert);
    }
    runner_run_nested(runner_of(context));
}

static void on_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context) {
    touch(context);
    runner *r = runner_of(context);
    if (r->quiet) {
        return;
    }
    if (r->replay) {
        replay_event(r, REPLAY_OTHER, alert, "announce");
    } else {
        trace_announce(r, alert, politeness, text);
    }
    runner_run_nested(r);
}

static void on_action(xyz_alert *alert, size_t index, void *context) {
    touch(context);
    const char *id = xyz_alert_action_id(alert, index);
    runner *r = runner_of(context);
    if (r->replay) {
        replay_event(r, REPLAY_ACTION, alert, id ? id : "");
    } else {
        trace_event(r, "action", alert, "action", id ? id : "");
    }
    runner_run_nested(runner_of(context));
}

/* A campaign's trigger or skip (docs/rules.md §21): printed with the
 * campaign's id in the alert's column; a trigger's instance becomes the
 * latest of its definition (steps act on it) and --why follows it. */
static void on_campaign(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind, const char *reason,
                        xyz_alert *alert, void *context) {
    touch(context);
    runner *r = runner_of(context);
    /* A trigger's instance, by its definition's name, which lives as long
     * as the scenario (or the backtest's policy). */
    const xyz_definition *definition =
        alert && kind == XYZ_CAMPAIGN_TRIGGER ? xyz_catalog_find(r->alerts, xyz_alert_campaign_definition(alert)) : NULL;
    if (definition) {
        const char *name = xyz_definition_name(definition);
        runner_remember_instance(r, name, alert);
        why_note_added(r, &alert, 1);
        if (r->picture && !r->quiet) picture_instance(r->picture, alert, name);
    }
    if (r->replay) {
        if (!r->quiet) replay_campaign(r, campaign, kind, reason, alert, definition ? xyz_definition_id(definition) : NULL);
        runner_run_nested(r);
        return;
    }
    const char *variant = alert ? xyz_alert_variant(alert) : NULL;
    /* --explain: a skip or miss says why (the part of a rule that failed). */
    xyz_campaign_why why = XYZ_CAMPAIGN_WHY_INIT;
    bool explained = r->explain && (kind == XYZ_CAMPAIGN_SKIP || kind == XYZ_CAMPAIGN_MISS) &&
                     xyz_dispatch_campaign_why(root, campaign, &why) == XYZ_OK && why.detail;
    trace_campaign(r, xyz_campaign_event_name(kind), campaign, reason ? "reason" : "variant", reason ? reason : variant,
                   explained ? why.detail : NULL);
    runner_run_nested(r);
}

/* The virtual clock: scenarios never depend on the machine's speed. A
 * page given a time of its own by a step's "clocks" reads that time, moved
 * on as the virtual clock moves, until the next "at". */
static double on_now(void *context) {
    const page *p = context;
    const runner *r = p->runner;
    if (p->clock_generation == 0 || p->clock_generation != r->clock_generation) return r->clock;
    return r->clock == p->own_since ? p->own_time : p->own_time + (r->clock - p->own_since);
}

/* Deferred scenarios flush only at their "flush" and "select" steps. */
static void on_request_flush(xyz_dispatch *root, void *context) {
    (void)root;
    (void)context;
}

/* The host of page `p`: every callback reports its event. */
xyz_host runner_host(page *p, bool deferred) {
    xyz_host host = XYZ_HOST_INIT(.context = p, .show = on_show, .hide = on_hide, .unhide = on_unhide,
                                  .remove = on_remove, .finish = on_finish, .move = on_move, .action = on_action,
                                  .now = on_now, .update = on_update, .announce = on_announce, .campaign = on_campaign,
                                  .utc_offset = local_time_offset);
    host.request_flush = deferred ? on_request_flush : NULL;
    return host;
}

