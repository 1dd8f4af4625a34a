/* xyzalert simulate --why STEP: after step STEP, why every live alert (and
 * each one finished in that step) is where it is (docs/rules.md §18), as
 * an aligned table or one JSON object per alert. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

void why_note_added(runner *r, xyz_alert *const *alerts, size_t count) {
    if (r->why_step < 0) {
        return;
    }
    for (size_t i = 0; i < count; i++) {
        if (r->why_count == r->why_capacity) {
            r->why_capacity = r->why_capacity ? 2 * r->why_capacity : 16;
            r->why_alerts = realloc(r->why_alerts, r->why_capacity * sizeof *r->why_alerts);
            if (!r->why_alerts) {
                fprintf(diagnostics(), "xyzalert: out of memory\n");
                exit(EXIT_USAGE);
            }
        }
        /* One that finished during its own add (capped, a duplicate) did so
         * before this note: it finished in this step too. */
        bool finished_now = (long)r->step == r->why_step && xyz_alert_state(alerts[i]) == XYZ_STATE_FINISHED;
        r->why_alerts[r->why_count++] = (why_entry){xyz_alert_retain(alerts[i]), finished_now};
    }
}

void why_note_finished(runner *r, xyz_alert *alert) {
    if (r->why_step < 0 || (long)r->step != r->why_step) {
        return;
    }
    for (size_t i = 0; i < r->why_count; i++) {
        if (r->why_alerts[i].alert == alert) {
            r->why_alerts[i].finished_in_step = true;
        }
    }
}

/* The alert's name: its id, or its name in the scenario (its user data). */
static const char *name_of(const xyz_alert *alert) {
    const char *id = xyz_alert_id(alert);
    const char *name = xyz_alert_user_data(alert);
    return id ? id : name ? name : "";
}

/* The name of the page behind a dispatch: the runner's, as the file gives it. */
static const char *page_name(runner *r, const xyz_dispatch *dispatch) {
    for (size_t i = 0; i < r->page_count; i++) {
        if (r->pages[i].dispatch == dispatch) {
            return r->pages[i].name;
        }
    }
    return "?";
}

/* One reason's cause, as the kind ("alert", "page", "id", "key") and the
 * name; NULL kind for none. */
static const char *cause_of(runner *r, const xyz_why *why, const char **name) {
    if (why->key) {
        *name = why->key;
        return "key";
    }
    if (why->id) {
        *name = why->id;
        return "id";
    }
    if (why->alert) {
        *name = name_of(why->alert);
        return "alert";
    }
    if (why->page) {
        *name = page_name(r, why->page);
        return "page";
    }
    *name = NULL;
    return NULL;
}

void why_report(runner *r) {
    bool shown = false;
    /* With a wall clock, when `until` ends in the user's local time too. */
    bool local = xyz_scenario_wall_clock(r->scenario) != 0;
    int widths[3] = {5, 4, 5}; /* "alert", "code", "cause" */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1 && !r->why_json) {
            printf("after step %ld:\n", r->why_step);
            printf("%-*s  %-*s  %-*s  %8s  ", widths[0], "alert", widths[1], "code", widths[2], "cause", "until");
            printf(local ? "%-12s  sentence\n" : "%ssentence\n", local ? "local until" : "");
        }
        for (size_t i = 0; i < r->why_count; i++) {
            xyz_alert *alert = r->why_alerts[i].alert;
            if (xyz_alert_state(alert) == XYZ_STATE_FINISHED && !r->why_alerts[i].finished_in_step) {
                continue;
            }
            shown = true;
            xyz_why why = XYZ_WHY_INIT;
            if (xyz_alert_why(alert, &why) != XYZ_OK) {
                continue;
            }
            const char *cause_name;
            const char *cause = cause_of(r, &why, &cause_name);
            char *cause_text = cause ? text_printf("%s %s", cause, cause_name) : text_printf("-");
            char *name = shortened(name_of(alert));
            if (pass == 0) {
                int lengths[3] = {(int)strlen(name), (int)strlen(xyz_why_code_name(why.code)), (int)strlen(cause_text)};
                for (int k = 0; k < 3; k++) widths[k] = lengths[k] > widths[k] ? lengths[k] : widths[k];
            } else {
                char *sentence = xyz_alert_explain(alert);
                char until[32], until_local[16] = "-";
                if (why.until >= 0) format_number(until, why.until); else snprintf(until, sizeof until, "-");
                if (local && why.until >= 0) local_time_text(r, runner_wall_clock(r) + why.until, until_local);
                if (r->why_json) {
                    printf("{\"step\": %ld, \"alert\": ", r->why_step);
                    print_json_string(stdout, name_of(alert));
                    printf(", \"code\": \"%s\", \"cause\": ", xyz_why_code_name(why.code));
                    if (cause) {
                        printf("{\"%s\": ", cause);
                        print_json_string(stdout, cause_name);
                        printf("}");
                    } else {
                        printf("null");
                    }
                    printf(", \"until\": %s", why.until >= 0 ? until : "null");
                    if (local) {
                        printf(why.until >= 0 ? ", \"until_local\": \"%s\"" : ", \"until_local\": null", until_local);
                    }
                    printf(", \"sentence\": ");
                    print_json_string(stdout, sentence ? sentence : "");
                    printf("}\n");
                } else {
                    printf("%-*s  %-*s  %-*s  %8s  ", widths[0], name, widths[1], xyz_why_code_name(why.code),
                           widths[2], cause_text, until);
                    if (local) {
                        printf("%-12s  ", until_local);
                    }
                    print_visible(stdout, sentence ? sentence : "");
                    printf("\n");
                }
                xyz_free(sentence);
            }
            free(name);
            free(cause_text);
        }
    }
    if (!shown && !r->why_json) {
        printf("(no live alert)\n");
    }
    why_report_campaigns(r);
}

void why_free(runner *r) {
    for (size_t i = 0; i < r->why_count; i++) {
        xyz_alert_release(r->why_alerts[i].alert);
    }
    free(r->why_alerts);
    r->why_alerts = NULL;
    r->why_count = r->why_capacity = 0;
}
