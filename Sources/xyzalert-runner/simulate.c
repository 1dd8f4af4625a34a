/* xyzalert simulate: plays a scenario through the public API, as a host
 * would, and prints every callback as a trace (docs/formats.md, "Traces"). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* The runner's wall clock: the scenario's wall_clock plus the virtual clock,
 * or the time a step's "wall" set, moved on with the virtual clock. */
double runner_wall_clock(void *context) {
    runner *r = context;
    if (r->wall_generation != 0 && r->wall_generation == r->clock_generation) {
        return r->clock == r->wall_since ? r->wall_time : r->wall_time + (r->clock - r->wall_since);
    }
    return xyz_scenario_wall_clock(r->scenario) + r->clock;
}

/* Says that writing the `what` to `path` failed, and why; false. */
static bool write_failed(const char *path, const xyz_error *error, const char *what) {
    const char *reason = error->message;
    if (strncmp(reason, "cannot write: ", 14) == 0) {
        reason += 14;
    }
    FILE *err = diagnostics();
    fprintf(err, "xyzalert: cannot write the %s to '", what);
    print_visible(err, path);
    fprintf(err, "': %s\n", reason);
    return false;
}

/* Writes `text` to `path` atomically (the old file stays whole if it
 * fails); false (after saying why) when it cannot. */
static bool write_text(const char *path, const char *text, const char *what) {
    xyz_error error;
    if (xyz_file_write(path, text, strlen(text), &error) == XYZ_OK) {
        return true;
    }
    return write_failed(path, &error, what);
}

int cli_simulate(const char *file, const run_options *given, const char *record) {
    long why_step = given->why_step;
    xyz_error error;
    if (given->history_in) {
        /* Checked before anything runs: a bad file is a load error. */
        xyz_history *check = xyz_history_create(NULL, NULL, NULL);
        xyz_status status = xyz_history_load_file(check, given->history_in, &error);
        xyz_history_release(check);
        if (status != XYZ_OK) {
            print_load_error(&error);
            return status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
        }
    }
    xyz_scenario *scenario = load_scenario(file, false, &error);
    if (!scenario) {
        print_load_error(&error);
        return error.status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
    }
    size_t steps = xyz_scenario_step_count(scenario);
    if (why_step >= 0 && (size_t)why_step >= steps) {
        if (steps == 0) {
            fprintf(diagnostics(), "xyzalert simulate: --why %ld: the scenario has no steps\n", why_step);
        } else {
            fprintf(diagnostics(), "xyzalert simulate: --why %ld: out of range, the scenario has steps 0 to %zu\n", why_step,
                    steps - 1);
        }
        xyz_scenario_free(scenario);
        return EXIT_USAGE;
    }
    run_options options = *given;
    const char *name = input_name(file);
    options.title = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    char *recording = run_scenario(scenario, &options);
    xyz_scenario_free(scenario);
    if (!record) {
        return EXIT_VALID;
    }
    if (!recording) {
        return EXIT_INVALID;
    }
    bool written = write_text(record, recording, "recording");
    xyz_free(recording);
    return written ? EXIT_VALID : EXIT_USAGE;
}

char *run_scenario(const xyz_scenario *scenario, const run_options *options) {
    runner r;
    memset(&r, 0, sizeof r);
    r.scenario = scenario;
    bool record = options->record;
    const char *title = options->title;
    /* --why: the trace is captured and dropped; the reasons are printed. */
    line_list dropped = {0};
    r.why_step = options->why_step;
    r.explain = options->explain;
    r.why_json = options->format == FORMAT_JSON;
    r.capture = r.why_step >= 0 ? &dropped : options->capture;
    r.format = r.capture ? FORMAT_EXPECT : options->format;
    r.json = r.format == FORMAT_JSON;
    bool json = r.format != FORMAT_TEXT;
    if (r.format == FORMAT_SVG) {
        r.picture = picture_new(xyz_scenario_step_count(scenario), xyz_catalog_definition_count(xyz_scenario_catalog(scenario)));
        picture_local_time(r.picture, local_time_at, &r);
        if (xyz_scenario_wall_clock(scenario) != 0) picture_local_axis(r.picture);
    }
    r.colour = !json && use_colour();
    r.page_count = xyz_scenario_page_count(scenario);
    r.pages = calloc(r.page_count ? r.page_count : 1, sizeof *r.pages);
    size_t alert_count = xyz_catalog_definition_count(xyz_scenario_catalog(scenario));
    r.instances = calloc(alert_count + 1, sizeof *r.instances);
    size_t count = r.step_count = xyz_scenario_step_count(scenario);
    r.at = calloc(count + 1, sizeof *r.at);
    r.has_at = calloc(count + 1, sizeof *r.has_at);
    r.during = calloc(count + 1, sizeof *r.during);
    r.changed.flags = calloc(r.page_count + 1, sizeof *r.changed.flags);
    r.changed.list = calloc(r.page_count + 1, sizeof *r.changed.list);
    if (!r.pages || !r.instances || !r.at || !r.has_at || !r.during || !r.changed.flags || !r.changed.list
        || !names_init(&r.page_index, r.page_count)
        || !names_init(&r.instance_index, alert_count)) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    for (size_t i = 0; i < r.page_count; i++) {
        page *p = &r.pages[i];
        p->runner = &r;
        p->name = xyz_scenario_page_name(scenario, i);
        names_put(&r.page_index, p->name, i);
        if (r.picture) picture_page(r.picture, p->name);
        xyz_host host = runner_host(p, xyz_scenario_is_deferred(scenario));
        p->dispatch = xyz_dispatch_create(&host, NULL);
        runner_setup(p->dispatch ? xyz_dispatch_set_name(p->dispatch, p->name) : XYZ_EINVAL);
    }
    /* docs/rules.md §17: a page's own duration scale and lane gaps, set
     * while it is still a root (a child keeps its own, in force once it
     * splits off: docs/rules.md §17.6), then the parents. */
    for (size_t i = 0; i < r.page_count; i++) {
        double scale = xyz_scenario_page_duration_scale(scenario, i);
        if (scale != 1) {
            runner_setup(xyz_dispatch_set_duration_scale(r.pages[i].dispatch, scale));
        }
        for (size_t k = 0; k < xyz_scenario_page_gap_count(scenario, i); k++) {
            runner_setup(xyz_dispatch_set_gap(r.pages[i].dispatch, xyz_scenario_page_gap_lane(scenario, i, k),
                                              xyz_scenario_page_gap(scenario, i, k)));
        }
        /* docs/rules.md §19: its lanes' limits and its order. */
        for (size_t k = 0; k < xyz_scenario_page_lane_limit_count(scenario, i); k++) {
            runner_setup(xyz_dispatch_set_lane_limit(r.pages[i].dispatch, xyz_scenario_page_lane_limit_lane(scenario, i, k),
                                                     xyz_scenario_page_lane_limit_visible(scenario, i, k),
                                                     xyz_scenario_page_lane_limit_on_full(scenario, i, k)));
        }
        if (xyz_scenario_page_order(scenario, i) != XYZ_ORDER_FIFO) {
            runner_setup(xyz_dispatch_set_order(r.pages[i].dispatch, xyz_scenario_page_order(scenario, i)));
        }
    }
    for (size_t i = 0; i < r.page_count; i++) {
        const char *parent = xyz_scenario_page_parent(scenario, i);
        if (parent) {
            runner_setup(xyz_dispatch_set_parent(r.pages[i].dispatch, runner_find_page(&r, parent)->dispatch));
        }
    }
    for (size_t i = 0; i < r.page_count; i++) {
        size_t capacity = xyz_scenario_page_capacity(scenario, i);
        if (capacity) {
            runner_setup(xyz_dispatch_set_capacity(r.pages[i].dispatch, capacity));
        }
    }
    local_time_begin(&r);
    /* One history for the whole scenario, on every root page. */
    r.history = xyz_history_create(runner_wall_clock, &r, NULL);
    if (!r.history) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    const char *history = xyz_scenario_history_json(scenario);
    xyz_error error;
    if (options->history_in) {
        runner_setup(xyz_history_load_file(r.history, options->history_in, &error));
    } else if (history) {
        runner_setup(xyz_history_load_string(r.history, history, strlen(history), &error));
    }
    runner_setup(xyz_catalog_apply_caps(xyz_scenario_catalog(scenario), r.history));
    /* Every root page: the history, the campaigns of the scenario's own
     * set and its initial attributes (docs/rules.md §21). */
    const char *attributes = xyz_scenario_attributes_json(scenario);
    for (size_t i = 0; i < r.page_count; i++) {
        if (!xyz_scenario_page_parent(scenario, i)) {
            runner_setup(xyz_dispatch_set_history(r.pages[i].dispatch, r.history));
            runner_setup(xyz_dispatch_set_campaigns(r.pages[i].dispatch, xyz_scenario_catalog(scenario)));
            if (r.explain) runner_setup(xyz_dispatch_set_reports_misses(r.pages[i].dispatch, true));
            if (attributes) runner_setup(xyz_dispatch_set_attributes_json(r.pages[i].dispatch, attributes));
        }
    }
    for (size_t i = 0; i < r.page_count; i++) {
        const char *active = xyz_scenario_page_active(scenario, i);
        if (active) {
            runner_setup(xyz_dispatch_set_active_child(r.pages[i].dispatch, runner_find_page(&r, active)->dispatch));
        }
    }
    for (size_t i = 0; i < count; i++) {
        xyz_step_info step = runner_step_at(scenario, i);
        r.has_at[i] = step.has_at;
        r.at[i] = step.at;
        r.during[i] = (long)step.during;
        r.timed = r.timed || step.has_at || step.kind == XYZ_STEP_ADVANCE;
    }
    if (!json) {
        /* The times the clock will show: "at" times and advances' targets
         * (events between deadlines show earlier ones, never wider). */
        double clock = 0;
        r.time_width = 8;
        for (size_t i = 0; i < count; i++) {
            xyz_step_info step = runner_step_at(scenario, i);
            r.step = i; /* runner_describe() reads the step's texts by index */
            runner_describe(&r, &step);
            int width = (int)strlen(r.label);
            r.label_width = width > r.label_width ? width : r.label_width;
            clock = r.has_at[i] ? r.at[i] : clock;
            double next = clock + (step.kind == XYZ_STEP_ADVANCE ? step.duration : 0);
            clock = isfinite(next) ? next : clock; /* refused when run */
            char time[32];
            width = (int)strlen(format_number(time, clock));
            r.time_width = width > r.time_width ? width : r.time_width;
        }
        r.local = xyz_scenario_wall_clock(scenario) != 0;
        if (r.timed) {
            printf("%*s  ", r.time_width, "time");
        }
        if (r.local) {
            printf("%-12s  ", "local");
        }
        printf("%4s  %-*s  %-*s %-14s %s\n", "step", r.label_width, "what", EVENT_WIDTH, "event", "alert", "detail");
    }
    if (record && (r.page_count == 0 || xyz_dispatch_start_recording(r.pages[0].dispatch) != XYZ_OK)) {
        fprintf(diagnostics(), "xyzalert: cannot record: %s\n", r.page_count ? xyz_last_error() : "the scenario has no page");
        record = false;
    }
    r.recording = record;
    for (size_t i = 0; i < count; i++) {
        if (runner_nested_in(&r, i)) {
            continue; /* played from its outer step's callback */
        }
        r.outer = i;
        r.events = 0;
        r.next_nested = i + 1;
        r.playing = true;
        runner_play(&r, i);
        /* Nested steps whose event never came: the replay went otherwise. */
        while (r.next_nested < count && runner_nested_in(&r, r.next_nested)) {
            char message[200];
            snprintf(message, sizeof message, "step %zu was made during event %ld of step %zu, which had %ld events",
                     r.next_nested, runner_nested_in(&r, r.next_nested), r.outer, r.events);
            r.step = r.next_nested;
            runner_error_event(&r, "state", message);
            runner_play(&r, r.next_nested++);
        }
        r.playing = false;
    }
    if (r.picture) {
        picture_write(r.picture, stdout, title ? title : "scenario", r.timed);
    }
    char *recording = NULL;
    if (record && !r.pages[0].dispatch) {
        recording = r.recording_at_destroy;
        if (recording) {
            fprintf(diagnostics(), "xyzalert: the recording ends before step %zu, which destroyed page '%s', the page it "
                    "records\n", r.recording_ended_at, r.pages[0].name);
        } else {
            fprintf(diagnostics(), "xyzalert: cannot write the recording: %s\n", xyz_last_error());
        }
    } else if (record) {
        recording = xyz_dispatch_recording_json(r.pages[0].dispatch);
        if (!recording) {
            fprintf(diagnostics(), "xyzalert: cannot write the recording: %s\n", xyz_last_error());
        }
    }
    if (options->save_history) {
        xyz_error error;
        if (xyz_history_save_file(r.history, options->save_history, &error) != XYZ_OK) {
            write_failed(options->save_history, &error, "history");
            exit(EXIT_USAGE);
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
        xyz_alert_release(r.instances[i].older);
    }
    if (r.picture) picture_free(r.picture);
    local_time_end(&r);
    xyz_history_release(r.history);
    free(r.instances);
    free(r.at);
    free(r.has_at);
    free(r.during);
    free(r.changed.flags);
    free(r.changed.list);
    free(r.pages);
    names_free(&r.instance_index);
    names_free(&r.page_index);
    why_free(&r);
    lines_free(&dropped);
    return recording;
}
