/* Fuzz target: sequences of C-ABI calls read from the fuzzer's bytes, on a
 * few dispatches and alerts, with host callbacks that call back into the
 * engine (rule 7). After every call the target snapshots each live dispatch;
 * the fuzz build of the library (-D XYZALERT_CHECK_INVARIANTS) checks every
 * engine invariant at each snapshot and aborts if one is broken. The target
 * itself checks that snapshots are valid JSON, that the engine's offsets are
 * finite, and that every user-data and context destructor runs exactly once.
 *
 * The recording round trip: page 0's domain is recorded from the start of
 * every sequence. At its end, unless something a file cannot hold broke
 * the recording (the library says so), the recording must pass `xyzalert
 * check`, load, and replay through the tool's own runner (simulate.c, linked
 * in) to exactly the events the recorded pages' hosts saw (event, alert and
 * reason, in order).
 *
 * A display history (caps on keys and alerts, sessions) is shared by the
 * pages that opcode 28 attaches it to, on a wall clock that moves with the
 * virtual clock; opcode 28 also holds countdowns and timers, scales
 * durations, asks why, and sets gaps, show_after, min_visible and
 * announcements, so each of these is made from inside every kind of
 * callback too (rule 7). Tests/fuzz/corpus/calls/repro-* replay, among
 * others, each recording the third adversarial run found unreplayable
 * (a hold while idle, a tag after the add, an anonymous dependency with
 * caps, an action added on screen, joins with a keyboard up, with a
 * history, and of a tree whose child has root settings of its own): every
 * fuzzing run starts from them.
 *
 * Byte layout: each operation is one opcode byte followed by its operand
 * bytes; a callback reads one more byte to decide whether to react. Running
 * out of bytes ends the sequence. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xyzalert_tooling.h"
#include "cli.h"
#include "calls_checks.h"

enum { PAGES = 4, ALERTS = 12 };

static const unsigned char *input;
static size_t input_left;
static xyz_dispatch *pages[PAGES];
/* Slots whose page is being destroyed (a callback of that destroy must not destroy it again). */
static int destroying[PAGES];
static xyz_alert *alerts[ALERTS];
static int destructors_owed; /* user data and contexts handed over, not yet destroyed */
static int depth;            /* callback nesting */
static unsigned provider_calls;
static size_t provider_serial;
static int tearing_down; /* the final destroys: callbacks only count, as handles go */
static double clock_now;  /* the hosts' virtual clock, moved by the tick operation */
static xyz_history *history; /* shared by the pages opcode 28 attaches it to */

/* The history's wall clock: the virtual clock, from a fixed epoch. */
static double wall_clock(void *context) {
    (void)context;
    return 1e9 + clock_now;
}

/* The round trip: the dispatch whose recording is checked (NULL once a call
 * made it impossible to compare: it was stopped, restarted or destroyed),
 * which page slots the recording covers, and the events their hosts saw. */
static xyz_dispatch *recorded_root;
static int recorded[PAGES];
static line_list seen;
static size_t sequences, compared; /* printed at exit: the share that was checked */

static void print_round_trips(void) {
    fprintf(stderr, "recording round trips: %zu of %zu sequences compared\n", compared, sequences);
}

static int next(void) {
    if (input_left == 0) return -1;
    input_left--;
    return *input++;
}

static int operand(int modulo) {
    int b = next();
    return b < 0 ? 0 : b % modulo;
}

static void on_destroy(void *data) {
    (void)data;
    destructors_owed--;
    if (destructors_owed < 0) {
        fprintf(stderr, "a destructor ran twice\n");
        abort();
    }
}

static void step(void);

static int slot_of(const xyz_dispatch *d) {
    for (int i = 0; i < PAGES; i++) {
        if (d && pages[i] == d) return i;
    }
    return -1;
}

/* An event of a recorded page, as the runner's expect lines give it: event,
 * alert id ("-" for none), and the reason of a hide, remove or finish. */
static void log_event(xyz_alert *a, const char *event, const char *reason) {
    int slot = slot_of(xyz_alert_dispatch(a));
    if (!recorded_root || tearing_down || slot < 0 || !recorded[slot]) return;
    const char *id = xyz_alert_id(a);
    char line[256];
    snprintf(line, sizeof line, "%s %s%s%s", event, id ? id : "-", reason ? " " : "", reason ? reason : "");
    lines_add(&seen, line);
}

static xyz_dispatch *root_of(xyz_dispatch *d) {
    for (xyz_dispatch *up = d; up; up = xyz_dispatch_parent(up)) d = up;
    return d;
}

/* After a join: every page of a domain with a recorded page is recorded. */
static void follow_join(xyz_dispatch *d) {
    xyz_dispatch *root = root_of(d);
    int any = 0;
    for (int i = 0; i < PAGES; i++) any |= recorded[i] && root_of(pages[i]) == root;
    for (int i = 0; i < PAGES; i++) recorded[i] |= any && root_of(pages[i]) == root;
}

/* A callback first snapshots the alert's dispatch (the library checks every
 * invariant there: the state a callback sees is complete), then reacts with
 * probability 1/4, at most two levels deep. */
static void react(xyz_alert *a) {
    if (a && !tearing_down) {
        xyz_free(xyz_dispatch_snapshot_json(xyz_alert_dispatch(a)));
    }
    int b = next();
    if (b >= 0 && b % 4 == 0 && depth < 2 && !tearing_down) {
        depth++;
        step();
        depth--;
    }
}

static void on_show(xyz_alert *a, const char *target, void *view, void *context) {
    (void)target; (void)view; (void)context;
    log_event(a, "show", NULL);
    react(a);
}
static void on_hide(xyz_alert *a, xyz_hide_reason reason, void *context) {
    (void)context;
    log_event(a, "hide", xyz_hide_reason_name(reason));
    react(a);
}
static void on_unhide(xyz_alert *a, void *context) { (void)context; log_event(a, "unhide", NULL); react(a); }
static void on_remove(xyz_alert *a, xyz_end_reason reason, void *context) {
    (void)context;
    log_event(a, "remove", xyz_end_reason_name(reason));
    react(a);
}
static void on_finish(xyz_alert *a, xyz_end_reason reason, void *context) {
    (void)context;
    log_event(a, "finish", xyz_end_reason_name(reason));
    react(a);
}
static void on_move(xyz_alert *a, double dy, double duration, void *context) {
    (void)duration; (void)context;
    if (!isfinite(dy)) {
        fprintf(stderr, "move with a non-finite offset\n");
        abort();
    }
    log_event(a, "move", NULL);
    react(a);
}
static void on_action(xyz_alert *a, size_t index, void *context) {
    (void)index; (void)context;
    log_event(a, "action", NULL);
    react(a);
}
static void on_flush(xyz_dispatch *root, void *context) { (void)root; (void)context; react(NULL); }
/* A page's clock: the virtual clock plus the seconds its context holds (some
 * hosts keep clocks of their own: joins and splits carry time between them). */
static double on_now(void *context) { return clock_now + (double)(size_t)context; }
static void on_update(xyz_alert *a, void *context) { (void)context; log_event(a, "update", NULL); react(a); }
static void on_announce(xyz_alert *a, xyz_politeness politeness, const char *text, void *context) {
    (void)context;
    if (!text || !text[0]) {
        fprintf(stderr, "announce got no text\n");
        abort();
    }
    log_event(a, "announce", xyz_politeness_name(politeness));
    react(a);
}
static void on_set_timer(xyz_dispatch *root, double delay, void *context) {
    (void)root;
    (void)context;
    if (!(delay < 0 || (delay >= 0 && isfinite(delay)))) {
        fprintf(stderr, "set_timer got a delay of %g\n", delay);
        abort();
    }
}

/* A provider that answers from a counter: stable, alternating, or no child. */
static xyz_dispatch *provider(xyz_dispatch *parent, void *context) {
    (void)parent;
    int mode = (int)((size_t)context % 3);
    provider_calls++;
    unsigned pick = mode == 0 ? 0 : provider_calls;
    return mode == 2 ? NULL : pages[pick % PAGES];
}

static xyz_dispatch *make_page(int deferred, size_t clock_skew) {
    xyz_host host = XYZ_HOST_INIT(.context = (void *)clock_skew, .show = on_show, .hide = on_hide, .unhide = on_unhide, .remove = on_remove,
                                  .finish = on_finish, .move = on_move, .action = on_action,
                                  .destroy_context = on_destroy, .now = on_now, .set_timer = on_set_timer,
                                  .update = on_update, .announce = on_announce);
    host.request_flush = deferred ? on_flush : NULL;
    destructors_owed++;
    return xyz_dispatch_create(&host, NULL);
}

static const char *ids[] = {NULL, "a", "b", "c", "d", "caf\xc3\xa9", "cafe\xcc\x81"};

static xyz_dispatch *page_operand(void) {
    return pages[operand(PAGES)];
}

static void step(void) {
    int op = next();
    if (op < 0) return;
    xyz_alert *a = alerts[operand(ALERTS)];
    xyz_dispatch *d = page_operand();
    switch (op % 29) {
    case 0: { /* a new alert in a slot (the old one is released) */
        int slot = operand(ALERTS);
        if (depth > 0) break; /* the callback may be about that very alert */
        xyz_alert_release(alerts[slot]);
        xyz_alert *fresh = xyz_alert_create(ids[operand(7)]);
        xyz_alert_set_priority(fresh, operand(4) - 1);
        xyz_alert_set_exclusive(fresh, (xyz_exclusive)operand(3));
        if (operand(3) == 0) xyz_alert_set_waiting(fresh);
        xyz_alert_add_action(fresh, "ok", "OK", XYZ_ACTION_DEFAULT);
        destructors_owed++;
        if (xyz_alert_set_user_data(fresh, NULL, on_destroy) != XYZ_OK) abort(); /* cannot fail */
        alerts[slot] = fresh;
        break;
    }
    case 1: {
        /* (0 to 3 alerts: an add of none does nothing.) */
        xyz_alert *batch[3] = {a, alerts[operand(ALERTS)], alerts[operand(ALERTS)]};
        (void)xyz_dispatch_add(d, batch, (size_t)operand(4));
        break;
    }
    case 2: xyz_alert_set_ready(a); break;
    case 3: xyz_alert_dismiss(a); break;
    case 4: xyz_alert_cancel(a); break;
    case 5: xyz_alert_trigger_action(a, (size_t)operand(2)); break;
    case 6: xyz_dispatch_page_did_appear(d); break;
    case 7: xyz_dispatch_page_will_disappear(d); break;
    case 8:
        /* (A callback of the join may have destroyed `d`: its slot then
         * holds a new page, and `d` must not be touched.) */
        if (xyz_dispatch_set_parent(d, operand(2) ? page_operand() : NULL) == XYZ_OK && slot_of(d) >= 0) follow_join(d);
        break;
    case 9: (void)xyz_dispatch_set_active_child(d, operand(2) ? page_operand() : NULL); break;
    case 10: {
        /* A context of its own for every call (never NULL), its mode in it. */
        provider_serial += 3;
        void *context = (void *)(size_t)(provider_serial + operand(3));
        destructors_owed++;
        if (xyz_dispatch_set_active_child_provider(d, provider, context, on_destroy) != XYZ_OK
            && xyz_dispatch_active_child_context(d) != context) {
            destructors_owed--; /* refused: no ownership taken */
        }
        break;
    }
    case 11: { /* a destroyed handle is gone: the slot gets a new page at once */
        int i = operand(PAGES);
        xyz_dispatch *old = pages[i];
        /* The handle is invalid once destroy returns, whatever it returns
         * (a destroy whose passes did not settle still destroyed the page);
         * only a destroy of the page whose destroy is running is refused,
         * and the harness does not make it. */
        if (destroying[i]) break;
        destroying[i] = 1;
        (void)xyz_dispatch_destroy(old);
        destroying[i] = 0;
        if (old == recorded_root) recorded_root = NULL; /* its recording went with it */
        pages[i] = make_page(operand(2), (size_t)operand(2) * 250);
        recorded[i] = 0;
        break;
    }
    case 12: {
        xyz_rect k = {0, operand(4) * 100.0, 100, operand(3) * 50.0 - 50};
        xyz_dispatch_keyboard_changed(d, k, operand(2));
        break;
    }
    case 13: {
        xyz_rect f = {0, operand(4) * 100.0, 100, operand(2) ? 1e308 : 120};
        xyz_alert_set_frame(a, &f);
        xyz_alert_set_keyboard_avoidance(a, operand(2), operand(2) ? -1.7e308 : -8);
        break;
    }
    case 14: xyz_dispatch_flush(d); break;
    case 15: xyz_alert_set_title(a, ids[operand(7)]); break;
    case 16: (void)xyz_alert_add_dependency(a, alerts[operand(ALERTS)]); break;
    case 17: (void)xyz_alert_add_dependency_id(a, ids[1 + operand(6)]); break;
    case 18: {
        char *why = xyz_alert_explain(a);
        xyz_free(why);
        (void)xyz_dispatch_find(d, ids[1 + operand(6)]);
        break;
    }
    case 19: xyz_dispatch_set_target(d, ids[1 + operand(6)], NULL); break;
    case 20: /* time passes (a little, or past every deadline), then a tick */
        clock_now += operand(2) ? operand(4) * 0.5 : 1e6;
        xyz_dispatch_tick(d);
        if (isnan(xyz_dispatch_next_deadline(d))) abort();
        break;
    case 21: { /* durations and ttl, odd values included (refused unless finite and >= 0) */
        static const double seconds[] = {0, 0.5, 1, 3, -1, NAN, INFINITY, 1e300, 1.7976931348623157e308,
                                         4.9406564584124654e-324};
        xyz_alert_set_duration(a, seconds[operand(10)]);
        xyz_alert_set_ttl(a, seconds[operand(10)]);
        break;
    }
    case 22: { /* queue policies on an (idle) alert: a tag, a lane, a duplicate policy */
        static const char *names[] = {"x", "y", "main", "toast", ""};
        xyz_alert_add_tag(a, names[operand(5)]);
        xyz_alert_set_lane(a, names[operand(5)]);
        xyz_alert_set_on_duplicate(a, (xyz_on_duplicate)operand(5));
        break;
    }
    case 23: { /* cancel by tag (or all), counted */
        static const char *tags[] = {"x", "y", NULL};
        size_t ended = 0;
        xyz_dispatch_cancel_tagged(d, tags[operand(3)], operand(2) ? &ended : NULL);
        break;
    }
    case 24: /* suspend or resume, capacity */
        if (operand(2)) {
            operand(2) ? xyz_dispatch_suspend(d) : xyz_dispatch_resume(d);
        } else {
            xyz_dispatch_set_capacity(d, operand(5) == 4 ? (size_t)2147483647 : (size_t)operand(4));
        }
        break;
    case 25: /* content of a (maybe on-screen) alert, often what it has already: an update or nothing */
        switch (operand(4)) {
        case 0: xyz_alert_set_message(a, ids[operand(7)]); break;
        case 1: xyz_alert_set_style(a, operand(2) ? "alert" : "toast"); break;
        case 2: xyz_alert_set_meta(a, operand(2) ? NULL : "{\"n\": -0}"); break;
        default: xyz_alert_clear_actions(a);
        }
        break;
    case 26: { /* recording: start, stop, or the file, which must load as a scenario */
        int what = operand(3);
        if (what < 2 && d == recorded_root) recorded_root = NULL; /* restarted or stopped: not comparable */
        if (what == 0) {
            xyz_status started = xyz_dispatch_start_recording(d); /* refused over live alerts */
            (void)started;
        } else if (what == 1) {
            xyz_dispatch_stop_recording(d);
        } else {
            char *json = xyz_dispatch_recording_json(d);
            if (json) {
                xyz_error error;
                xyz_scenario *scenario = xyz_scenario_load_string(json, strlen(json), &error);
                if (!scenario) {
                    fprintf(stderr, "a recording does not load: %d:%d: %s (at %s)\n%s\n", error.line, error.column,
                            error.message, error.pointer, json);
                    abort();
                }
                xyz_scenario_free(scenario);
                xyz_free(json);
            }
        }
        break;
    }
    case 27: /* docs/rules.md §19: lane limits (roots only), the order, cancel_queued, displaced, preempt, coverable, keep_open */
        switch (operand(7)) {
        case 0:
            xyz_dispatch_set_lane_limit(d, operand(2) ? "toast" : "main", (size_t)operand(4),
                                        (xyz_on_full)operand(3));
            break;
        case 1: xyz_dispatch_set_order(d, (xyz_order)operand(3)); break;
        case 2: {
            static const char *tags[] = {"x", "y", NULL};
            size_t ended = 0;
            xyz_dispatch_cancel_queued(d, tags[operand(3)], operand(2) ? &ended : NULL);
            break;
        }
        case 3: xyz_alert_set_when_displaced(a, (xyz_when_displaced)operand(3)); break;
        case 4: xyz_alert_set_preempt(a, (xyz_preempt)operand(3)); break;
        case 5: xyz_alert_set_coverable(a, operand(2) == 0); break;
        default: xyz_alert_add_action_flags(a, "undo", "Undo", XYZ_ACTION_DEFAULT, (unsigned)operand(3));
        }
        break;
    case 28: /* docs/rules.md §16-18: history and caps, holds, scale, why, gaps, timing for people */
        switch (operand(9)) {
        case 0: operand(2) ? xyz_alert_hold(a) : xyz_alert_unhold(a); break;
        case 1: operand(2) ? xyz_dispatch_hold_timers(d) : xyz_dispatch_unhold_timers(d); break;
        case 2: {
            static const double scales[] = {1, 0.5, 2, INFINITY, 1e308, 4.9406564584124654e-324, 0, NAN};
            xyz_dispatch_set_duration_scale(d, scales[operand(8)]);
            break;
        }
        case 3: {
            xyz_why why = XYZ_WHY_INIT;
            if (xyz_alert_why(a, &why) == XYZ_OK && !(why.until < 0 || isfinite(why.until))) {
                fprintf(stderr, "why gave until = %g\n", why.until);
                abort();
            }
            break;
        }
        case 4: (void)xyz_dispatch_set_history(d, operand(2) ? history : NULL); break;
        case 5: {
            static const char *keys[] = {"all", "tag:x", "id:a", "lane:toast"};
            switch (operand(4)) {
            case 0: xyz_history_begin_session(history); break;
            case 1: xyz_history_set_cooldown(history, keys[operand(4)], operand(3) * 2.0); break;
            case 2: xyz_history_set_limit(history, keys[operand(4)], 1 + (uint32_t)operand(2), (xyz_limit_per)operand(3),
                                          3600); break;
            default: xyz_history_clear_caps(history, keys[operand(4)]);
            }
            break;
        }
        case 6: /* an alert's own caps (an alert without id may have them, and never be added) */
            if (operand(2)) {
                xyz_alert_add_limit(a, 1 + (uint32_t)operand(2), (xyz_limit_per)operand(3), 60);
            } else {
                xyz_alert_set_cooldown(a, operand(3) * 1.0);
            }
            xyz_alert_set_on_capped(a, (xyz_on_capped)operand(2));
            break;
        case 7: {
            static const char *lanes[] = {"main", "toast"};
            xyz_dispatch_set_gap(d, lanes[operand(2)], operand(3) * 0.5);
            break;
        }
        default:
            xyz_alert_set_show_after(a, operand(3) * 0.5);
            xyz_alert_set_min_visible(a, operand(3) * 0.5);
            xyz_alert_set_announce(a, (xyz_politeness)operand(3));
        }
        break;
    }
}

static void check_round_trip(void) {
    char *json = recorded_root ? xyz_dispatch_recording_json(recorded_root) : NULL;
    sequences++;
    if (!json) return; /* abandoned, or broken by what a file cannot hold */
    compared++;
    check_replay(json, &seen);
    xyz_free(json);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    static int registered;
    if (!registered++) atexit(print_round_trips);
    input = data;
    input_left = size;
    destructors_owed = 0;
    provider_calls = 0;
    clock_now = 0;
    history = xyz_history_create(wall_clock, NULL, NULL);
    for (int i = 0; i < PAGES; i++) {
        pages[i] = make_page(i == 3, i == 2 ? 250 : 0);
        xyz_dispatch_set_name(pages[i], ids[1 + i]);
    }
    memset(alerts, 0, sizeof alerts);
    for (int i = 0; i < ALERTS; i++) {
        alerts[i] = xyz_alert_create(ids[i % 7]);
    }
    memset(recorded, 0, sizeof recorded);
    recorded[0] = 1;
    recorded_root = xyz_dispatch_start_recording(pages[0]) == XYZ_OK ? pages[0] : NULL;
    for (int calls = 0; input_left > 0 && calls < 150; calls++) {
        step();
        check_snapshots(pages, PAGES);
    }
    check_round_trip();
    lines_free(&seen);
    tearing_down = 1;
    for (int i = 0; i < PAGES; i++) {
        xyz_dispatch_destroy(pages[i]);
        pages[i] = NULL;
    }
    tearing_down = 0;
    for (int i = 0; i < ALERTS; i++) {
        xyz_alert_release(alerts[i]);
    }
    xyz_history_release(history);
    history = NULL;
    if (destructors_owed != 0) {
        fprintf(stderr, "%d destructors did not run\n", destructors_owed);
        abort();
    }
    return 0;
}
