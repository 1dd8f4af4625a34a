/* xyzalert simulate --format svg: the timeline as a picture (docs/rules.md §15). The
 * runner tells it where the scenario is (step, event, clock), which pages
 * and alert instances exist and when pages appear; it samples every
 * instance's state after each event and step, and draws one row per page
 * (visible spans) and per alert instance (waiting, queued, showing and
 * hidden spans, the end reason at the end). The picture keeps its size and
 * scrolls: 20 pixels per row; 40 pixels per step, and when the scenario
 * moves its clock, time as well: each step is as wide as the time it spans
 * (the time since the step before ended, up to 800 pixels for all of it)
 * plus 24 pixels, so that steps at one time stay apart. The time before a
 * recording's first clock reading is not drawn. */
#include <stdlib.h>
#include <string.h>

#include "picture_data.h"

void picture_local_time(picture *p, double (*local)(double clock, void *context), void *context) {
    p->local = local;
    p->local_context = context;
}

void picture_local_axis(picture *p) {
    p->local_axis = true;
}

static void *grow(void *items, size_t *capacity, size_t count, size_t size) {
    if (count < *capacity) return items;
    *capacity = *capacity ? 2 * *capacity : 8;
    void *bigger = realloc(items, *capacity * size);
    if (!bigger) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    return bigger;
}

picture *picture_new(size_t steps, size_t names) {
    picture *p = calloc(1, sizeof *p);
    size_t *events = calloc(steps + 1, sizeof *events);
    double *begins = calloc(steps + 1, sizeof *begins), *ends = calloc(steps + 1, sizeof *ends);
    bool *played = calloc(steps + 1, sizeof *played);
    if (p) p->name_capacity = names;
    if (!p || !events || !begins || !ends || !played || !names_init(&p->instance_names, names)
        || !(p->instances_of = calloc(names + 1, sizeof *p->instances_of))) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    p->events = events;
    p->begins = begins;
    p->ends = ends;
    p->played = played;
    p->steps = steps;
    return p;
}

void picture_free(picture *p) {
    for (size_t i = 0; i < p->count; i++) {
        free(p->rows[i].label);
        free(p->rows[i].changes);
        xyz_alert_release(p->rows[i].alert);
    }
    free(p->rows);
    for (size_t i = 0; i < p->mark_count; i++) free(p->marks[i].label);
    free(p->marks);
    free(p->live);
    names_free(&p->instance_names);
    free(p->instances_of);
    free(p->events);
    free(p->begins);
    free(p->ends);
    free(p->played);
    free(p);
}

/* A row with `label` (taken: freed with the picture). */
static row *add_row(picture *p, char *label, xyz_alert *alert) {
    p->rows = grow(p->rows, &p->capacity, p->count, sizeof *p->rows);
    row *r = &p->rows[p->count++];
    memset(r, 0, sizeof *r);
    r->label = label;
    r->alert = alert ? xyz_alert_retain(alert) : NULL;
    r->state = NONE;
    if (alert) {
        p->live = grow(p->live, &p->live_capacity, p->live_count, sizeof *p->live);
        p->live[p->live_count++] = p->count - 1;
    }
    return r;
}

static void set_state(picture *p, row *r, int state, size_t seq) {
    if (state == r->state) return;
    r->changes = grow(r->changes, &r->capacity, r->count, sizeof *r->changes);
    r->changes[r->count++] = (change){p->step, seq, p->clock, state};
    r->state = state;
}

void picture_page(picture *p, const char *name) {
    add_row(p, shortened(name), NULL); /* (see LABEL_CHARACTERS) */
    p->pages++;
}

void picture_page_visible(picture *p, size_t page, bool visible) {
    set_state(p, &p->rows[page], visible ? PAGE_VISIBLE : NONE, 0);
}

void picture_instance(picture *p, xyz_alert *alert, const char *name) {
    size_t slot = 0, seen; /* earlier instances: this one is "name (2)", ... */
    if (!names_find(&p->instance_names, name, &slot)) {
        slot = p->name_count < p->name_capacity ? p->name_count++ : p->name_capacity; /* the last is spare */
        names_put(&p->instance_names, name, slot);
    }
    seen = p->instances_of[slot]++;
    const char *lane = xyz_alert_lane(alert);
    bool other_lane = lane && strcmp(lane, "main") != 0;
    char number[32] = "";
    if (seen) snprintf(number, sizeof number, " (%zu)", seen + 1);
    /* The name and the lane shortened, the instance number kept. */
    char *short_name = shortened(name), *short_lane = shortened(other_lane ? lane : "");
    char *label = text_printf("%s%s%s%s%s", short_name, other_lane ? " [" : "", short_lane, other_lane ? "]" : "", number);
    free(short_name);
    free(short_lane);
    add_row(p, label, alert)->name = name;
}

void picture_forget(picture *p, xyz_alert *alert) {
    /* The row of an instance just made, at the end (added in this step). */
    for (size_t i = p->count; i-- > p->pages;) {
        if (p->rows[i].alert == alert && p->rows[i].count == 0) {
            size_t slot;
            if (names_find(&p->instance_names, p->rows[i].name, &slot)) p->instances_of[slot]--;
            free(p->rows[i].label);
            xyz_alert_release(alert);
            memmove(&p->rows[i], &p->rows[i + 1], (p->count - i - 1) * sizeof *p->rows);
            p->count--;
            size_t kept = 0; /* the live rows, renumbered past the one removed */
            for (size_t k = 0; k < p->live_count; k++) {
                if (p->live[k] != i) p->live[kept++] = p->live[k] > i ? p->live[k] - 1 : p->live[k];
            }
            p->live_count = kept;
            return;
        }
    }
}

void picture_at(picture *p, size_t step, double clock) {
    p->step = step;
    p->seq = 0;
    p->clock = clock;
    if (step < p->steps) {
        p->begins[step] = p->ends[step] = clock;
        p->played[step] = true;
    }
}

/* The state of every live row's alert; a finished one leaves the list
 * (its row changes no more), so the cost is O(live alerts). */
static void sample(picture *p, size_t seq) {
    size_t kept = 0;
    for (size_t k = 0; k < p->live_count; k++) {
        row *r = &p->rows[p->live[k]];
        xyz_state state = xyz_alert_state(r->alert);
        set_state(p, r, state == XYZ_STATE_IDLE || state == XYZ_STATE_FINISHED ? NONE : (int)state, seq);
        if (state != XYZ_STATE_FINISHED) p->live[kept++] = p->live[k];
    }
    p->live_count = kept;
}

void picture_event(picture *p, double clock) {
    p->clock = clock;
    p->seq++;
    if (p->step < p->steps && p->events[p->step] < p->seq) p->events[p->step] = p->seq;
    sample(p, p->seq);
}

void picture_step_done(picture *p, double clock) {
    p->clock = clock;
    sample(p, p->seq);
    if (p->step < p->steps) p->ends[p->step] = clock;
}

void picture_campaign(picture *p, double clock, const char *event, const char *campaign, const char *reason) {
    picture_event(p, clock);
    p->marks = grow(p->marks, &p->mark_capacity, p->mark_count, sizeof *p->marks);
    p->marks[p->mark_count++] = (mark){{p->step, p->seq, clock, NONE}, strcmp(event, xyz_campaign_event_name(XYZ_CAMPAIGN_SKIP)) == 0,
                                       text_printf("%s%s%s", campaign, reason ? ": " : "", reason ? reason : "")};
}

void picture_finished(picture *p, xyz_alert *alert, const char *reason) {
    for (size_t i = p->count; i-- > p->pages;) {
        if (p->rows[i].alert == alert) {
            snprintf(p->rows[i].end, sizeof p->rows[i].end, "%s", reason);
            p->rows[i].ended = (change){p->step, p->seq + 1, p->clock, NONE}; /* (its finish is the next event) */
            return;
        }
    }
}

void picture_page_destroyed(picture *p, size_t page) {
    set_state(p, &p->rows[page], NONE, 0);
    snprintf(p->rows[page].end, sizeof p->rows[page].end, "destroyed");
}
