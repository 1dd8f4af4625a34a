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
    runner_open(&r, options->history_in);
    size_t count = r.step_count;
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
    runner_play_all(&r);
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
    runner_close(&r);
    lines_free(&dropped);
    return recording;
}
