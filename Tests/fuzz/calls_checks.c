/* The calls fuzz target's checks (calls_checks.h): snapshots are JSON, and
 * a recording passes `xyzalert check`, loads, and replays through the tool's
 * runner (linked in) to exactly the events its hosts saw; anything else
 * aborts, printing what it read. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xyzalert_tooling.h"
#include "calls_checks.h"

/* The runner's expect line "STEP EVENT ALERT [DETAIL]" as log_event
 * writes it: the detail kept for hide, remove and finish only, and an
 * alert without id (the runner names it "#N", its name in the file) as "-". */
static void normalise(const char *line, char *out, size_t size) {
    char event[16] = "", alert[200] = "", detail[64] = "";
    const char *rest = strchr(line, ' ');
    int words = rest ? sscanf(rest + 1, "%15s %199s %63s", event, alert, detail) : 0;
    int reason = words == 3 && (!strcmp(event, "hide") || !strcmp(event, "remove") || !strcmp(event, "finish") ||
                                !strcmp(event, "announce"));
    snprintf(out, size, "%s %s%s%s", event, alert[0] == '#' ? "-" : alert, reason ? " " : "", reason ? detail : "");
}

void check_replay(const char *json, const line_list *seen) {
    xyz_error problems[4];
    size_t found = 0;
    if (xyz_check_string(json, strlen(json), problems, 4, &found) != XYZ_OK || found) {
        fprintf(stderr, "check refuses a recording: %d:%d: %s (at %s)\n%s\n", problems[0].line, problems[0].column,
                problems[0].message, problems[0].pointer, json);
        abort();
    }
    xyz_error error;
    xyz_scenario *scenario = xyz_scenario_load_string(json, strlen(json), &error);
    if (!scenario) {
        fprintf(stderr, "a recording does not load: %d:%d: %s (at %s)\n%s\n", error.line, error.column, error.message,
                error.pointer, json);
        abort();
    }
    line_list replayed = {0};
    run_options options = {FORMAT_EXPECT, NULL, &replayed, false, -1};
    free(run_scenario(scenario, &options));
    xyz_scenario_free(scenario);
    size_t count = replayed.count > seen->count ? replayed.count : seen->count;
    for (size_t i = 0; i < count; i++) {
        char line[300] = "(none)";
        if (i < replayed.count) normalise(replayed.items[i], line, sizeof line);
        const char *live = i < seen->count ? seen->items[i] : "(none)";
        if (strcmp(line, live) != 0) {
            fprintf(stderr, "the recording replays otherwise: event %zu is \"%s\" live, \"%s\" replayed\n%s\n", i, live,
                    line, json);
            abort();
        }
    }
    lines_free(&replayed);
}

void check_snapshots(xyz_dispatch *const *pages, int count) {
    for (int i = 0; i < count; i++) {
        char *json = xyz_dispatch_snapshot_json(pages[i]);
        if (!json) abort();
        json_error_t error;
        json_t *parsed = json_loads(json, 0, &error);
        if (!parsed) {
            fprintf(stderr, "snapshot is not JSON: %s\n%s\n", error.text, json);
            abort();
        }
        json_decref(parsed);
        xyz_free(json);
    }
}
