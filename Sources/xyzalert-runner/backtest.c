/* A backtest of one session (docs/rules.md §23): the session played as
 * recorded (where its reactions came), then under the baseline and each
 * candidate; their numbers go into the report, and the candidates'
 * differences from the baseline. */
#include <stdlib.h>
#include <string.h>

#include "backtest.h"
#include "runner.h"

static int by_key(const void *a, const void *b) {
    const planned_reaction *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    /* Reactions to one instance in time order, as the file made them. */
    return x->delay < y->delay ? -1 : x->delay > y->delay;
}

/* `n` in decimal into `out` (24 bytes). */
static const char *decimal(char out[24], uint64_t n) {
    char *end = out + 23;
    *end = 0;
    do *--end = (char)('0' + n % 10); while (n /= 10);
    return end;
}

/* The numbers of one policy's replay. */
static void count_replay(report *rep, size_t p, const replay *rp) {
    uint64_t shown = 0;
    char number[24];
    const char *bucket;
    for (size_t i = 0; i < rp->record_count; i++) {
        const replay_record *record = &rp->records[i];
        if (record->campaign) {
            if (record->alert) {
                report_add(rep, p, 1, "campaign", record->campaign, "triggered", (const char *)NULL);
                if (record->variant) {
                    report_add(rep, p, 1, "campaign", record->campaign, "variant", record->variant, (const char *)NULL);
                }
            } else {
                report_add(rep, p, 1, "campaign", record->campaign, "skipped", record->end, (const char *)NULL);
            }
        }
        if (!record->alert || !record->id) continue;
        if (record->shown >= 0) {
            shown++;
            report_add(rep, p, 1, "alert", record->id, "shown", (const char *)NULL);
            /* The bucket's count, and its times' sum in whole milliseconds
             * (integers add up in any order: merges give the same bytes). */
            double waited = record->shown - record->created;
            bucket = decimal(number, report_time_bucket(waited));
            report_add(rep, p, 1, "alert", record->id, "time", bucket, (const char *)NULL);
            report_add(rep, p, (uint64_t)(waited * 1000 + 0.5), "alert", record->id, "time_ms", bucket, (const char *)NULL);
        }
        if (record->end[0]) report_add(rep, p, 1, "alert", record->id, "end", record->end, (const char *)NULL);
    }
    for (size_t i = 0; i < rp->action_count; i++) {
        const replay_record *record = &rp->records[rp->actions[i].record];
        if (record->id) report_add(rep, p, 1, "alert", record->id, "action", rp->actions[i].action, (const char *)NULL);
    }
    report_add(rep, p, shown, "session", "shown", (const char *)NULL);
    bucket = decimal(number, shown < REPORT_SESSION_BUCKETS ? shown : REPORT_SESSION_BUCKETS - 1);
    report_add(rep, p, 1, "session", "shown", bucket, (const char *)NULL);
    if (shown > rep->shown_max.n[p]) rep->shown_max.n[p] = shown;
    report_add(rep, p, rp->dropped, "reactions\tdropped", (const char *)NULL);
    report_add(rep, p, rp->modelled, "reactions\tmodelled", (const char *)NULL);
    report_add(rep, p, rp->removed, "removed_by_policy", (const char *)NULL);
}

/* Records in key order (indexes into rp->records). */
static size_t *sorted_records(const replay *rp) {
    size_t *order = malloc((rp->record_count + 1) * sizeof *order);
    if (!order) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < rp->record_count; i++) order[i] = i;
    /* Insertion sort: a session's records come nearly in key order. */
    for (size_t i = 1; i < rp->record_count; i++) {
        size_t k = order[i], j = i;
        while (j > 0 && rp->records[order[j - 1]].key > rp->records[k].key) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = k;
    }
    return order;
}

/* Why the candidate did not show what the baseline showed. */
static const char *suppressed_reason(const replay_record *b) {
    if (!b) return "not_triggered";
    return b->end[0] ? b->end : "queued";
}

static void note_change(report *rep, session_name name, unsigned candidate, unsigned *order, const replay_record *a,
                        const replay_record *b, const char *kind) {
    const replay_record *known = a ? a : b;
    report_change change = {
        .file = (char *)name.file, .line = name.line, .order = (*order)++, .candidate = candidate,
        .alert = known->id ? known->id : (b && b->id ? b->id : ""), .campaign = known->campaign, .kind = kind,
    };
    if (strcmp(kind, "newly_suppressed") == 0) change.reason = (char *)suppressed_reason(b);
    if (strcmp(kind, "shifted") == 0) change.delta = b->shown - a->shown;
    report_add_change(rep, &change);
}

/* The differences of candidate `b` from baseline `a`, by instance. */
static void compare(report *rep, session_name name, unsigned candidate, const replay *a, const replay *b) {
    size_t *x = sorted_records(a), *y = sorted_records(b);
    size_t i = 0, j = 0;
    unsigned order = 0;
    while (i < a->record_count || j < b->record_count) {
        const replay_record *ra = i < a->record_count ? &a->records[x[i]] : NULL;
        const replay_record *rb = j < b->record_count ? &b->records[y[j]] : NULL;
        if (ra && rb && ra->key == rb->key) {
            i++, j++;
        } else if (ra && (!rb || ra->key < rb->key)) {
            i++, rb = NULL;
        } else {
            j++, ra = NULL;
        }
        bool shown_a = ra && ra->shown >= 0, shown_b = rb && rb->shown >= 0;
        if (shown_a && !shown_b) {
            note_change(rep, name, candidate, &order, ra, rb, "newly_suppressed");
        } else if (!shown_a && shown_b) {
            note_change(rep, name, candidate, &order, ra, rb, "newly_shown");
        } else if (shown_a && ra->shown != rb->shown) {
            note_change(rep, name, candidate, &order, ra, rb, "shifted");
        }
    }
    free(x);
    free(y);
}

static void not_replayable(report *rep, session_name name, const char *why) {
    rep->not_replayable++;
    report_add_error(rep, name, why);
}

void backtest_session(const backtest_inputs *in, session_name name, const char *text, size_t length, report *rep) {
    rep->sessions++;
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(text, length, &error);
    if (!scenario) {
        /* Where in the session: a line of a .jsonl file is all on one line. */
        char *where = !error.line ? text_printf("%s", "")
                      : name.line ? text_printf(" (column %d)", error.column)
                                  : text_printf(" (line %d, column %d)", error.line, error.column);
        char *why = text_printf("does not load%s: %s%s%s%s", where, error.message, error.pointer[0] ? " (at " : "",
                                error.pointer, error.pointer[0] ? ")" : "");
        free(where);
        not_replayable(rep, name, why);
        free(why);
        return;
    }
    /* The steps, read once for the three replays. */
    size_t count = xyz_scenario_step_count(scenario);
    xyz_step_info *steps = malloc((count + 1) * sizeof *steps);
    if (!steps) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < count; i++) steps[i] = runner_step_at(scenario, i);
    replay file = {.mode = REPLAY_AS_RECORDED, .steps = steps};
    replay_run(&file, scenario);
    qsort(file.measured.items, file.measured.count, sizeof *file.measured.items, by_key);
    replay runs[REPORT_MAX_POLICIES];
    memset(runs, 0, sizeof runs);
    const char *failed = NULL;
    size_t failed_policy = 0;
    for (size_t p = 0; p < in->policy_count; p++) {
        runs[p] = (replay){.mode = REPLAY_UNDER_POLICY, .policy = in->policies[p], .model = in->model,
                           .plan = &file.measured, .file_errors = file.errors, .steps = steps};
        if (!replay_run(&runs[p], scenario) && !failed) {
            failed = runs[p].failure;
            failed_policy = p;
        }
    }
    if (failed) {
        char *why = text_printf("under the %s: %s", failed_policy == 0 ? "baseline" : "candidate", failed);
        not_replayable(rep, name, why);
        free(why);
    } else {
        for (size_t p = 0; p < in->policy_count; p++) count_replay(rep, p, &runs[p]);
        for (size_t p = 1; p < in->policy_count; p++) {
            if (runs[p].hash == runs[0].hash) {
                rep->unchanged[p]++;
            } else {
                rep->changed[p]++;
                compare(rep, name, (unsigned)p, &runs[0], &runs[p]);
            }
        }
    }
    for (size_t p = 0; p < in->policy_count; p++) replay_free(&runs[p]);
    replay_free(&file);
    free(steps);
    xyz_scenario_free(scenario);
}
