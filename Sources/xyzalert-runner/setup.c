/* Setting a scenario's pages up before its first step and tearing them
 * down after its last: the pages' dispatches, their tree and settings, the
 * history every root shares, the campaigns, the attributes. simulate.c and
 * a backtest's replays (replay.c) both open a runner this way. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

void runner_open(runner *r, const char *history_in) {
    r->page_count = xyz_scenario_page_count(r->scenario);
    r->pages = calloc(r->page_count ? r->page_count : 1, sizeof *r->pages);
    /* Instances are named by the scenario's definitions, or a policy's. */
    const xyz_catalog *own = xyz_scenario_catalog(r->scenario);
    if (!r->alerts) r->alerts = own;
    size_t alert_count = xyz_catalog_definition_count(own) + (r->alerts != own ? xyz_catalog_definition_count(r->alerts) : 0);
    r->instances = calloc(alert_count + 1, sizeof *r->instances);
    size_t count = r->step_count = xyz_scenario_step_count(r->scenario);
    r->at = calloc(count + 1, sizeof *r->at);
    r->has_at = calloc(count + 1, sizeof *r->has_at);
    r->during = calloc(count + 1, sizeof *r->during);
    r->changed.flags = calloc(r->page_count + 1, sizeof *r->changed.flags);
    r->changed.list = calloc(r->page_count + 1, sizeof *r->changed.list);
    r->dispatches = calloc(r->page_count + 1, sizeof *r->dispatches);
    if (!r->pages || !r->dispatches || !r->instances || !r->at || !r->has_at || !r->during || !r->changed.flags || !r->changed.list
        || !names_init(&r->page_index, r->page_count)
        || !names_init(&r->instance_index, alert_count)) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < r->page_count; i++) {
        page *p = &r->pages[i];
        p->runner = r;
        p->name = xyz_scenario_page_name(r->scenario, i);
        names_put(&r->page_index, p->name, i);
        if (r->picture) picture_page(r->picture, p->name);
        xyz_host host = runner_host(p, xyz_scenario_is_deferred(r->scenario));
        p->dispatch = xyz_dispatch_create(&host, NULL);
        runner_setup(p->dispatch ? xyz_dispatch_set_name(p->dispatch, p->name) : XYZ_EINVAL);
    }
    /* docs/rules.md §17: a page's own duration scale and lane gaps, set
     * while it is still a root (a child keeps its own, in force once it
     * splits off: docs/rules.md §17.6), then the parents. */
    for (size_t i = 0; i < r->page_count; i++) {
        double scale = xyz_scenario_page_duration_scale(r->scenario, i);
        if (scale != 1) {
            runner_setup(xyz_dispatch_set_duration_scale(r->pages[i].dispatch, scale));
        }
        for (size_t k = 0; k < xyz_scenario_page_gap_count(r->scenario, i); k++) {
            runner_setup(xyz_dispatch_set_gap(r->pages[i].dispatch, xyz_scenario_page_gap_lane(r->scenario, i, k),
                                              xyz_scenario_page_gap(r->scenario, i, k)));
        }
        /* docs/rules.md §19: its lanes' limits and its order. */
        for (size_t k = 0; k < xyz_scenario_page_lane_limit_count(r->scenario, i); k++) {
            runner_setup(xyz_dispatch_set_lane_limit(r->pages[i].dispatch, xyz_scenario_page_lane_limit_lane(r->scenario, i, k),
                                                     xyz_scenario_page_lane_limit_visible(r->scenario, i, k),
                                                     xyz_scenario_page_lane_limit_on_full(r->scenario, i, k)));
        }
        if (xyz_scenario_page_order(r->scenario, i) != XYZ_ORDER_FIFO) {
            runner_setup(xyz_dispatch_set_order(r->pages[i].dispatch, xyz_scenario_page_order(r->scenario, i)));
        }
    }
    for (size_t i = 0; i < r->page_count; i++) {
        const char *parent = xyz_scenario_page_parent(r->scenario, i);
        if (parent) {
            runner_setup(xyz_dispatch_set_parent(r->pages[i].dispatch, runner_find_page(r, parent)->dispatch));
        }
    }
    for (size_t i = 0; i < r->page_count; i++) {
        size_t capacity = xyz_scenario_page_capacity(r->scenario, i);
        if (capacity) {
            runner_setup(xyz_dispatch_set_capacity(r->pages[i].dispatch, capacity));
        }
    }
    local_time_begin(r);
    /* One history for the whole scenario, on every root page. */
    r->history = xyz_history_create(runner_wall_clock, r, NULL);
    if (!r->history) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    const char *history = xyz_scenario_history_json(r->scenario);
    xyz_error error;
    if (history_in) {
        runner_setup(xyz_history_load_file(r->history, history_in, &error));
    } else if (history) {
        runner_setup(xyz_history_load_string(r->history, history, strlen(history), &error));
    }
    runner_setup(xyz_catalog_apply_caps(r->alerts, r->history));
    /* Every root page: the history, the campaigns of the scenario's own
     * set (or the policy's) and its initial attributes (docs/rules.md §21). */
    const char *attributes = xyz_scenario_attributes_json(r->scenario);
    for (size_t i = 0; i < r->page_count; i++) {
        if (!xyz_scenario_page_parent(r->scenario, i)) {
            runner_setup(xyz_dispatch_set_history(r->pages[i].dispatch, r->history));
            runner_setup(xyz_dispatch_set_campaigns(r->pages[i].dispatch, r->alerts));
            if (r->explain) runner_setup(xyz_dispatch_set_reports_misses(r->pages[i].dispatch, true));
            if (attributes) runner_setup(xyz_dispatch_set_attributes_json(r->pages[i].dispatch, attributes));
        }
    }
    for (size_t i = 0; i < r->page_count; i++) {
        const char *active = xyz_scenario_page_active(r->scenario, i);
        if (active) {
            runner_setup(xyz_dispatch_set_active_child(r->pages[i].dispatch, runner_find_page(r, active)->dispatch));
        }
    }
    for (size_t i = 0; i < r->step_count; i++) {
        xyz_step_info step = runner_step(r, i);
        r->has_at[i] = step.has_at;
        r->at[i] = step.at;
        r->during[i] = (long)step.during;
        r->timed = r->timed || step.has_at || step.kind == XYZ_STEP_ADVANCE;
    }
}

void runner_close(runner *r) {
    /* Quietly. Children usually follow their parents in the file:
     * destroying from the last page back detaches few children at a time
     * (destroying a root first would split off its whole subtree, for every
     * page of a long chain). */
    r->quiet = true;
    for (size_t i = r->page_count; i-- > 0;) {
        if (r->pages[i].dispatch) {
            xyz_dispatch_destroy(r->pages[i].dispatch);
        }
    }
    for (size_t i = 0; i < r->instance_count; i++) {
        xyz_alert_release(r->instances[i].alert);
        xyz_alert_release(r->instances[i].older);
    }
    if (r->picture) picture_free(r->picture);
    local_time_end(r);
    xyz_history_release(r->history);
    free(r->instances);
    free(r->at);
    free(r->has_at);
    free(r->during);
    free(r->changed.flags);
    free(r->changed.list);
    free(r->dispatches);
    free(r->pages);
    names_free(&r->instance_index);
    names_free(&r->page_index);
    why_free(r);
}
