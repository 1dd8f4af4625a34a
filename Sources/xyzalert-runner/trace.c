/* The runner's output: each event as a line of the chosen trace format
 * (text, JSON, expect lines or a picture), as docs/formats.md ("Traces")
 * describes them; host.c calls it from the host callbacks. */
#include <stdlib.h>
#include <string.h>

#include "runner.h"

static const char *colour_of(const char *event) {
    if (strcmp(event, "show") == 0 || strcmp(event, "unhide") == 0) return "\033[32m";
    if (strcmp(event, "hide") == 0) return "\033[33m";
    if (strcmp(event, "error") == 0) return "\033[31m";
    if (strcmp(event, xyz_campaign_event_name(XYZ_CAMPAIGN_TRIGGER)) == 0 ||
        strcmp(event, xyz_campaign_event_name(XYZ_CAMPAIGN_SKIP)) == 0) return "\033[34m";
    if (strcmp(event, "move") == 0 || strcmp(event, "action") == 0 || strcmp(event, "update") == 0 ||
        strcmp(event, "announce") == 0) return "\033[36m";
    return "\033[35m";
}

/* The first columns of a line: the step's number and label on its first
 * line only, the virtual time on every line of a timed scenario, and the
 * user's local time on every line of one with a wall clock. */
void runner_line_start(runner *r) {
    char time[32];
    if (r->timed) {
        printf("%*s  ", r->time_width, format_number(time, r->clock));
    }
    if (r->local) {
        char local[16];
        printf("%-12s  ", local_time_text(r, runner_wall_clock(r), local));
    }
    if (!r->step_printed) {
        printf("%4zu  %-*s  ", r->step, r->label_width, r->label);
        r->step_printed = true;
    } else {
        printf("%4s  %-*s  ", "", r->label_width, "");
    }
}

static void event_text(runner *r, const char *event, const char *alert, const char *detail) {
    runner_line_start(r);
    if (r->colour) {
        printf("%s%-*s\033[0m", colour_of(event), EVENT_WIDTH, event);
    } else {
        printf("%-*s", EVENT_WIDTH, event);
    }
    if (detail[0]) {
        printf(" %-14s %s\n", alert, detail);
    } else {
        printf(" %s\n", alert);
    }
}

/* The alert's id; an alert without one by its name in the scenario (kept
 * as its user data). */
static const char *id_of(xyz_alert *alert) {
    const char *id = xyz_alert_id(alert);
    const char *name = xyz_alert_user_data(alert);
    return id ? id : name ? name : "";
}


/* One expect line, "STEP EVENT ALERT [DETAIL]" (docs/rules.md §15), printed or captured. */
static void expect_line(runner *r, const char *event, const char *alert, const char *detail) {
    char *line = text_printf("%zu %s %s%s%s", r->step, event, alert[0] ? alert : "-", detail && detail[0] ? " " : "",
                             detail ? detail : "");
    if (r->capture) {
        lines_add(r->capture, line);
    } else {
        printf("%s\n", line);
    }
    free(line);
}

/* An event of the alert (or campaign) named `name` in the text, JSON and
 * expect formats (key and value: its detail, or NULL; `why`: why it
 * happened, --explain's, or NULL: JSON's "why", the text's after the
 * detail; expect lines have none). */
static void named_event(runner *r, const char *event, const char *name, const char *key, const char *value,
                        const char *why) {
    if (r->format == FORMAT_EXPECT) {
        expect_line(r, event, name, value);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"%s\", \"alert\": ", r->step, event);
        print_json_string(stdout, name);
        if (key) {
            printf(", \"%s\": ", key);
            print_json_string(stdout, value);
        }
        if (why) {
            printf(", \"why\": ");
            print_json_string(stdout, why);
        }
        printf("}\n");
    } else if (why) {
        char *detail = text_printf("%s: %s", value ? value : "", why);
        event_text(r, event, name, detail);
        free(detail);
    } else {
        event_text(r, event, name, value ? value : "");
    }
}

/* One event as a line of the trace format (key and value: its detail, or NULL). */
void trace_event(runner *r, const char *event, xyz_alert *alert, const char *key, const char *value) {
    if (r->quiet) {
        return;
    }
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else {
        named_event(r, event, id_of(alert), key, value, NULL);
    }
}

/* A show, on page `p` in `target` (the caller skips it while quiet). */
void trace_show(page *p, xyz_alert *alert, const char *target) {
    runner *r = p->runner;
    /* Alerts outside the "main" lane name theirs. */
    const char *lane = xyz_alert_lane(alert);
    int other_lane = lane && strcmp(lane, "main") != 0;
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else if (r->format == FORMAT_EXPECT) {
        char *detail = text_printf("%s%s%s%s%s", p->name, strcmp(target, "page") != 0 ? " " : "",
                                   strcmp(target, "page") != 0 ? target : "", other_lane ? " lane:" : "",
                                   other_lane ? lane : "");
        expect_line(r, "show", id_of(alert), detail);
        free(detail);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"show\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"page\": ");
        print_json_string(stdout, p->name);
        printf(", \"target\": ");
        print_json_string(stdout, target);
        if (other_lane) {
            printf(", \"lane\": ");
            print_json_string(stdout, lane);
        }
        printf("}\n");
    } else {
        char *detail = text_printf("on %s (%s)%s%s", p->name, target, other_lane ? ", lane " : "", other_lane ? lane : "");
        event_text(r, "show", id_of(alert), detail);
        free(detail);
    }
}

/* A move (the caller skips it while quiet). */
void trace_move(runner *r, xyz_alert *alert, double dy, double duration) {
    char number[32], seconds[32];
    if (r->picture) {
        picture_event(r->picture, r->clock);
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, "move", id_of(alert), format_number(number, dy));
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"move\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"dy\": %s, \"duration\": %s}\n", format_number(number, dy), format_number(seconds, duration));
    } else {
        char detail[96];
        snprintf(detail, sizeof detail, "dy %s over %ss", format_number(number, dy), format_number(seconds, duration));
        event_text(r, "move", id_of(alert), detail);
    }
}

/* The text timeline shows the title the alert has now. */
void trace_update(runner *r, xyz_alert *alert) {
    const char *title = xyz_alert_title(alert);
    uint64_t count = xyz_alert_occurrence_count(alert);
    if (r->json && !r->quiet && !r->picture && count > 1) {
        /* A coalesced alert's update carries its occurrence count. */
        printf("{\"step\": %zu, \"event\": \"update\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"count\": %llu}\n", (unsigned long long)count);
    } else if (r->json || r->quiet || r->format == FORMAT_EXPECT || r->picture) {
        trace_event(r, "update", alert, NULL, NULL);
    } else {
        char *detail = count > 1 ? text_printf("\"%s\" x%llu", title ? title : "", (unsigned long long)count)
                                 : text_printf("\"%s\"", title ? title : "");
        event_text(r, "update", id_of(alert), detail);
        free(detail);
    }
}

/* What a screen reader should say (docs/rules.md §17): JSON carries the
 * politeness and the text, an expect line the politeness (the caller
 * skips it while quiet). */
void trace_announce(runner *r, xyz_alert *alert, xyz_politeness politeness, const char *text) {
    const char *how = xyz_politeness_name(politeness);
    if (r->picture) {
        /* (Not drawn: it changes no alert's state.) */
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, "announce", id_of(alert), how);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"announce\", \"alert\": ", r->step);
        print_json_string(stdout, id_of(alert));
        printf(", \"politeness\": \"%s\", \"text\": ", how);
        print_json_string(stdout, text);
        printf("}\n");
    } else {
        char *detail = text_printf("%s \"%s\"", how, text);
        event_text(r, "announce", id_of(alert), detail);
        free(detail);
    }
}

/* BEGIN GENERATED status words (scripts/interface: edit its tables, not this region) */
/* A status's word: the code of an error event (docs/formats.md, "Traces"). */
static const char *error_code(xyz_status status) {
    switch (status) {
    case XYZ_OK: return "ok";
    case XYZ_EINVAL: return "invalid";
    case XYZ_ESTATE: return "state";
    case XYZ_EDUPLICATE: return "duplicate";
    case XYZ_ECYCLE: return "cycle";
    case XYZ_ENOTFOUND: return "not_found";
    case XYZ_EPARSE: return "parse";
    case XYZ_ESCHEMA: return "schema";
    case XYZ_EIO: return "io";
    case XYZ_EOWNER: return "owner";
    }
    return "invalid";
}
/* END GENERATED status words */

/* A campaign's "trigger" or "skip" (with its reason word): the campaign's
 * id stands where an alert's would. */
void trace_campaign(runner *r, const char *event, const char *campaign, const char *key, const char *detail,
                    const char *why) {
    if (r->quiet) {
        return;
    }
    if (r->picture) {
        picture_campaign(r->picture, r->clock, event, campaign, detail);
    } else {
        named_event(r, event, campaign, detail ? key : NULL, detail, why);
    }
}

void trace_campaigns(runner *r, const char *version) {
    if (r->quiet || r->replay) {
        return;
    }
    if (r->picture) {
        picture_campaign(r->picture, r->clock, "campaigns", "campaigns", version);
    } else if (r->json && r->format != FORMAT_EXPECT) {
        printf("{\"step\": %zu, \"event\": \"campaigns\", \"alert\": null, \"version\": ", r->step);
        if (version) print_json_string(stdout, version); else printf("null");
        printf("}\n");
    } else {
        named_event(r, "campaigns", "", NULL, version, NULL);
    }
}

/* A "note" step's text: a line of the text and JSON traces; no expect line
 * and nothing drawn, since no host hears of it. */
void trace_note(runner *r, const char *text) {
    if (r->quiet || r->replay || r->picture || r->format == FORMAT_EXPECT) {
        return;
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"note\", \"text\": ", r->step);
        print_json_string(stdout, text);
        printf("}\n");
    } else {
        event_text(r, "note", text, "");
    }
}

void runner_error_event(runner *r, const char *code, const char *message) {
    if (r->replay) {
        replay_error(r, code, message);
    } else if (r->picture) {
        return; /* a failed call changes nothing on the picture */
    } else if (r->format == FORMAT_EXPECT) {
        expect_line(r, "error", "", code);
    } else if (r->json) {
        printf("{\"step\": %zu, \"event\": \"error\", \"code\": \"%s\", \"message\": ", r->step, code);
        print_json_string(stdout, message);
        printf("}\n");
    } else {
        char *detail = text_printf("%s: %s", code, message);
        event_text(r, "error", "", detail);
        free(detail);
    }
}

void runner_check_status(runner *r, xyz_status status) {
    if (status != XYZ_OK) {
        runner_error_event(r, error_code(status), xyz_last_error());
    }
}

/* A finish, and with --explain the alert's sentence as its why when it
 * says more than "'ID' finished: REASON". */
void trace_finish(runner *r, xyz_alert *alert, const char *reason) {
    if (r->quiet) {
        return;
    }
    if (r->picture) {
        picture_event(r->picture, r->clock);
        return;
    }
    char *why = r->explain && r->format != FORMAT_EXPECT ? xyz_alert_explain(alert) : NULL;
    char *plain = why ? text_printf("'%s' finished: %s", id_of(alert), reason) : NULL;
    named_event(r, "finish", id_of(alert), "reason", reason, why && strcmp(why, plain) != 0 ? why : NULL);
    free(plain);
    xyz_free(why);
}
