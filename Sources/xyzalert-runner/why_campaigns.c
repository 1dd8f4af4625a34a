/* xyzalert simulate --why STEP, its second part: after step STEP, what the
 * last event each campaign's triggers named did on each root page (fired,
 * or why not: docs/rules.md §21), as an aligned table or one JSON object
 * per campaign. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

/* The alert set of step `step` when it is a "set_campaigns" step, and the
 * scenario's own for step -1; NULL otherwise. */
static const xyz_catalog *set_of_step(runner *r, long step) {
    if (step < 0) return xyz_scenario_catalog(r->scenario);
    xyz_step_info info = XYZ_STEP_INFO_INIT;
    if (xyz_scenario_step_info(r->scenario, (size_t)step, &info) != XYZ_OK || info.kind != XYZ_STEP_SET_CAMPAIGNS) {
        return NULL;
    }
    return xyz_scenario_step_catalog(r->scenario, (size_t)step);
}

/* The campaign ids the scenario's sets name (its own, then those of its
 * "set_campaigns" steps up to the step asked about), each once, in order. */
static size_t campaign_ids(runner *r, const char ***out) {
    size_t total = 0;
    for (long step = -1; step <= r->why_step; step++) {
        const xyz_catalog *set = set_of_step(r, step);
        total += set ? xyz_catalog_campaign_count(set) : 0;
    }
    const char **ids = malloc((total ? total : 1) * sizeof *ids);
    names seen = {0};
    if (!ids || !names_init(&seen, total)) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    size_t count = 0, found;
    for (long step = -1; step <= r->why_step; step++) {
        const xyz_catalog *set = set_of_step(r, step);
        for (size_t i = 0; set && i < xyz_catalog_campaign_count(set); i++) {
            const char *id = xyz_catalog_campaign_id(set, i);
            if (names_find(&seen, id, &found)) continue;
            names_put(&seen, id, count);
            ids[count++] = id;
        }
    }
    names_free(&seen);
    *out = ids;
    return count;
}

void why_report_campaigns(runner *r) {
    const char **ids;
    size_t count = campaign_ids(r, &ids);
    int widths[4] = {8, 4, 5, 7}; /* "campaign", "code", "event", "trigger" */
    for (int pass = 0; pass < 2 && count > 0; pass++) {
        if (pass == 1 && !r->why_json) {
            printf("campaigns after step %ld:\n%-*s  %-*s  %-*s  %-*s  sentence\n", r->why_step, widths[0], "campaign",
                   widths[1], "code", widths[2], "event", widths[3], "trigger");
        }
        for (size_t p = 0; p < r->page_count; p++) {
            xyz_dispatch *root = r->pages[p].dispatch;
            if (!root || xyz_dispatch_parent(root)) continue;
            for (size_t i = 0; i < count; i++) {
                xyz_campaign_why why = XYZ_CAMPAIGN_WHY_INIT;
                if (xyz_dispatch_campaign_why(root, ids[i], &why) != XYZ_OK) continue; /* not in its set now */
                char trigger[24] = "-";
                if (why.trigger >= 0) snprintf(trigger, sizeof trigger, "%d", (int)why.trigger);
                const char *code = xyz_campaign_why_code_name(why.code);
                const char *event = why.event ? why.event : "-";
                if (pass == 0) {
                    int lengths[4] = {(int)strlen(ids[i]), (int)strlen(code), (int)strlen(event), (int)strlen(trigger)};
                    for (int k = 0; k < 4; k++) widths[k] = lengths[k] > widths[k] ? lengths[k] : widths[k];
                    continue;
                }
                char *sentence = xyz_dispatch_explain_campaign(root, ids[i]);
                if (r->why_json) {
                    printf("{\"step\": %ld, \"campaign\": ", r->why_step);
                    print_json_string(stdout, ids[i]);
                    printf(", \"page\": ");
                    print_json_string(stdout, r->pages[p].name);
                    printf(", \"code\": \"%s\", \"event\": ", code);
                    if (why.event) print_json_string(stdout, why.event); else printf("null");
                    printf(", \"trigger\": %s, \"detail\": ", why.trigger >= 0 ? trigger : "null");
                    if (why.detail) print_json_string(stdout, why.detail); else printf("null");
                    printf(", \"sentence\": ");
                    print_json_string(stdout, sentence ? sentence : "");
                    printf("}\n");
                } else {
                    printf("%-*s  %-*s  %-*s  %-*s  ", widths[0], ids[i], widths[1], code, widths[2], event, widths[3],
                           trigger);
                    print_visible(stdout, sentence ? sentence : "");
                    printf("\n");
                }
                xyz_free(sentence);
            }
        }
    }
    free(ids);
}
