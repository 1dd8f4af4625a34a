/* A backtest's reactions under a policy (docs/rules.md §23): each of the
 * file's reactions the same time after its alert's show as in the file
 * (dropped when the alert is not on screen then), the response model's for
 * a shown alert the file has none for, all in time order with the
 * domains' deadlines as the clock moves. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

static bool before(const pending_reaction *a, const pending_reaction *b) {
    return a->at < b->at || (a->at == b->at && a->order < b->order);
}

static void push(replay *rp, pending_reaction reaction) {
    if (rp->pending_count == rp->pending_capacity) {
        size_t capacity = rp->pending_capacity ? 2 * rp->pending_capacity : 16;
        pending_reaction *bigger = realloc(rp->pending, capacity * sizeof *bigger);
        if (!bigger) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            exit(EXIT_USAGE);
        }
        rp->pending = bigger;
        rp->pending_capacity = capacity;
    }
    reaction.order = rp->pending_order++;
    size_t i = rp->pending_count++;
    while (i > 0 && before(&reaction, &rp->pending[(i - 1) / 2])) {
        rp->pending[i] = rp->pending[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    rp->pending[i] = reaction;
}

static pending_reaction pop(replay *rp) {
    pending_reaction top = rp->pending[0];
    pending_reaction last = rp->pending[--rp->pending_count];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= rp->pending_count) break;
        if (child + 1 < rp->pending_count && before(&rp->pending[child + 1], &rp->pending[child])) child++;
        if (!before(&rp->pending[child], &last)) break;
        rp->pending[i] = rp->pending[child];
        i = child;
    }
    if (rp->pending_count) rp->pending[i] = last;
    return top;
}

/* The file's reactions not made to an alert on screen: at their own time. */
void reactions_begin(runner *r) {
    replay *rp = r->replay;
    for (size_t i = 0; rp->plan && i < rp->plan->count; i++) {
        const planned_reaction *p = &rp->plan->items[i];
        if (!p->anchored) {
            push(rp, (pending_reaction){.at = p->delay, .record = SIZE_MAX, .key = p->key, .action = p->action});
        }
    }
}

/* The model's reaction to the record's alert, `seconds` from now. */
static void model_reaction(runner *r, replay_record *record) {
    double after = 5;
    long action = -1;
    if (xyz_response_model_react(r->replay->model, record->alert, &after, &action) != XYZ_OK) return;
    push(r->replay, (pending_reaction){.at = r->clock + after, .record = (size_t)(record - r->replay->records),
                                       .key = record->key, .action = action, .anchored = true, .modelled = true});
}

/* The first index of the plan's reactions to `key` (the plan is sorted by
 * key, stably), or the plan's count. */
static size_t first_reaction(const reaction_plan *plan, uint64_t key) {
    size_t low = 0, high = plan->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (plan->items[middle].key < key) low = middle + 1; else high = middle;
    }
    return low;
}

void reactions_shown(runner *r, replay_record *record) {
    replay *rp = r->replay;
    if (rp->mode != REPLAY_UNDER_POLICY) return;
    size_t index = (size_t)(record - rp->records);
    bool any = false;
    if (rp->plan) {
        for (size_t i = first_reaction(rp->plan, record->key); i < rp->plan->count; i++) {
            const planned_reaction *p = &rp->plan->items[i];
            if (p->key != record->key) break;
            if (!p->anchored) continue;
            push(rp, (pending_reaction){.at = r->clock + p->delay, .record = index, .key = p->key, .action = p->action,
                                        .anchored = true});
            any = true;
        }
    }
    if (!any) model_reaction(r, record);
}

/* A modelled reaction that found its alert hidden waits for it to show
 * again, and comes as long after that. */
void reactions_unhidden(runner *r, replay_record *record) {
    record->waiting_model = false;
    model_reaction(r, record);
}

static void fire(runner *r, const pending_reaction *p) {
    replay *rp = r->replay;
    replay_record *record = p->record != SIZE_MAX ? &rp->records[p->record] : (replay_record *)replay_find(rp, p->key);
    bool live = record && record->alert && !record->end[0];
    if (!live || (p->anchored && !record->on_screen)) {
        /* A modelled reaction waits for the alert to show again; the
         * user's is dropped; the host's finds nothing to act on. */
        if (p->modelled && live) {
            record->waiting_model = true;
        } else if (!p->modelled && p->anchored) {
            rp->dropped++;
        }
        return;
    }
    xyz_alert *alert = record->alert;
    bool act = p->action >= 0 && (size_t)p->action < xyz_alert_action_count(alert);
    xyz_status status = act ? xyz_alert_trigger_action(alert, (size_t)p->action) : xyz_alert_dismiss(alert);
    if (status != XYZ_OK) {
        if (!p->modelled) rp->dropped++;
    } else if (p->modelled) {
        rp->modelled++;
    }
}

void replay_move_clock(runner *r, double to) {
    replay *rp = r->replay;
    while (rp->pending_count && rp->pending[0].at <= to) {
        pending_reaction due = pop(rp);
        if (due.at > r->clock) runner_advance_to(r, due.at);
        fire(r, &due);
    }
    if (to > r->clock) runner_advance_to(r, to);
}
