/* A backtest's report as a terminal table, at most 100 columns wide: the
 * totals, the alerts and the campaigns baseline -> candidate with deltas,
 * then the first changed sessions and errors. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_views.h"

enum { WIDTH = 100, NAME_WIDTH = 20, SESSIONS_SHOWN = 10 };

/* "A -> B (+D)" of counts, or "A -> B1 -> B2" for several candidates. */
static char *compared(const report *rep, const report_counts *counts) {
    char *text = text_printf("%llu", (unsigned long long)(counts ? counts->n[0] : 0));
    for (size_t p = 1; p < rep->policies; p++) {
        char *longer = text_printf("%s -> %llu", text, (unsigned long long)(counts ? counts->n[p] : 0));
        free(text);
        text = longer;
    }
    if (rep->policies == 2) {
        long long delta = (long long)(counts ? counts->n[1] : 0) - (long long)(counts ? counts->n[0] : 0);
        char *longer = delta ? text_printf("%s (%+lld)", text, delta) : text_printf("%s", text);
        free(text);
        text = longer;
    }
    return text;
}

/* Seconds as "2.1s", or "-" for none. */
static void seconds_text(char out[32], double seconds) {
    char number[32];
    if (seconds < 0) {
        snprintf(out, 32, "-");
    } else {
        snprintf(out, 32, "%ss", format_number(number, report_round(seconds)));
    }
}

/* Prints `line` cut to the table's width, without trailing spaces. */
static void print_line(FILE *out, const char *line) {
    size_t length = strlen(line);
    while (length && line[length - 1] == ' ') length--;
    if (length <= WIDTH) {
        fprintf(out, "%.*s\n", (int)length, line);
    } else {
        fprintf(out, "%.*s...\n", WIDTH - 3, line);
    }
}

/* "capped 0 -> 15, dismissed 38 -> 24" of the keys under `prefix`. */
static char *worded(const report *rep, const char *prefix) {
    report_keys words = report_keys_under(rep, prefix);
    char *text = text_printf("%s", "");
    for (size_t i = 0; i < words.count; i++) {
        char *counts = compared(rep, report_find(rep, words.items[i]));
        char *longer = text_printf("%s%s%s %s", text, i ? ", " : "", words.items[i] + strlen(prefix), counts);
        free(text);
        free(counts);
        text = longer;
    }
    report_keys_free(&words);
    return text;
}

static void print_alerts(const report *rep, FILE *out) {
    report_keys ids = report_ids(rep, "alert");
    if (!ids.count) return;
    char header[WIDTH + 1];
    snprintf(header, sizeof header, "%-*s  %-22s  %-17s  %s", NAME_WIDTH, "alert", "shown", "time to show p50",
             "ends");
    fprintf(out, "\n%s\n", header);
    for (size_t i = 0; i < ids.count; i++) {
        char *key = text_printf("alert\t%s\tshown", ids.items[i]);
        char *shown = compared(rep, report_find(rep, key));
        free(key);
        char times[96] = "", one[32];
        for (size_t p = 0; p < rep->policies; p++) {
            seconds_text(one, report_time_quantile(rep, ids.items[i], p, 0.5));
            snprintf(times + strlen(times), sizeof times - strlen(times), "%s%s", p ? " -> " : "", one);
        }
        key = text_printf("alert\t%s\tend\t", ids.items[i]);
        char *ended = worded(rep, key);
        free(key);
        char *line = text_printf("%-*.*s  %-22s  %-17s  %s", NAME_WIDTH, NAME_WIDTH, ids.items[i], shown, times, ended);
        print_line(out, line);
        free(line);
        free(shown);
        free(ended);
    }
    report_keys_free(&ids);
}

static void print_campaigns(const report *rep, FILE *out) {
    report_keys ids = report_ids(rep, "campaign");
    if (!ids.count) return;
    char header[WIDTH + 1];
    snprintf(header, sizeof header, "%-*s  %-22s  %s", NAME_WIDTH, "campaign", "triggered", "skipped; variants");
    fprintf(out, "\n%s\n", header);
    for (size_t i = 0; i < ids.count; i++) {
        char *key = text_printf("campaign\t%s\ttriggered", ids.items[i]);
        char *triggered = compared(rep, report_find(rep, key));
        free(key);
        key = text_printf("campaign\t%s\tskipped\t", ids.items[i]);
        char *skipped = worded(rep, key);
        free(key);
        key = text_printf("campaign\t%s\tvariant\t", ids.items[i]);
        char *variants = worded(rep, key);
        free(key);
        char *line = text_printf("%-*.*s  %-22s  %s%s%s", NAME_WIDTH, NAME_WIDTH, ids.items[i], triggered, skipped,
                                 skipped[0] && variants[0] ? "; " : "", variants);
        print_line(out, line);
        free(line);
        free(triggered);
        free(skipped);
        free(variants);
    }
    report_keys_free(&ids);
}

static void print_changes(const report *rep, FILE *out) {
    if (!rep->change_count) return;
    fputs("\nfirst changed sessions:\n", out);
    size_t sessions = 0;
    for (size_t i = 0; i < rep->change_count && sessions < SESSIONS_SHOWN; sessions++) {
        const report_change *first = &rep->changes[i];
        char *line = first->line ? text_printf("  %s:%lu ", first->file, first->line) : text_printf("  %s ", first->file);
        for (; i < rep->change_count && rep->changes[i].line == first->line &&
               strcmp(rep->changes[i].file, first->file) == 0; i++) {
            const report_change *c = &rep->changes[i];
            char detail[64] = "", number[32];
            if (c->reason) snprintf(detail, sizeof detail, " (%s)", c->reason);
            if (strcmp(c->kind, "shifted") == 0) {
                snprintf(detail, sizeof detail, " %s%ss", c->delta > 0 ? "+" : "", format_number(number, c->delta));
            }
            char *longer = text_printf("%s%s %s%s%s", line, i == (size_t)(first - rep->changes) ? "" : ";", c->alert,
                                       strcmp(c->kind, "newly_shown") == 0 ? " newly shown"
                                       : strcmp(c->kind, "shifted") == 0 ? " shifted" : " newly suppressed", detail);
            free(line);
            line = longer;
        }
        print_line(out, line);
        free(line);
    }
}

void report_print_text(const report *rep, const char *const *names, FILE *out) {
    uint64_t replayed = rep->sessions - rep->not_replayable;
    fprintf(out, "backtest of %llu sessions: ", (unsigned long long)rep->sessions);
    for (size_t p = 1; p < rep->policies; p++) {
        fprintf(out, "%s%llu unchanged, %llu changed", p > 1 ? "; " : "", (unsigned long long)rep->unchanged[p],
                (unsigned long long)rep->changed[p]);
    }
    fprintf(out, ", %llu not replayable\n", (unsigned long long)rep->not_replayable);
    fprintf(out, "baseline   %s\n", names[0]);
    for (size_t p = 1; p < rep->policies; p++) fprintf(out, "candidate  %s\n", names[p]);
    print_alerts(rep, out);
    print_campaigns(rep, out);
    char means[96] = "", one[32];
    for (size_t p = 0; p < rep->policies; p++) {
        double mean = report_shown_mean(rep, p);
        if (mean < 0) snprintf(one, sizeof one, "-"); else format_number(one, report_round(mean));
        snprintf(means + strlen(means), sizeof means - strlen(means), "%s%s", p ? " -> " : "", one);
    }
    char *max = compared(rep, &rep->shown_max);
    char *dropped = compared(rep, report_find(rep, "reactions\tdropped"));
    char *modelled = compared(rep, report_find(rep, "reactions\tmodelled"));
    char *removed = compared(rep, report_find(rep, "removed_by_policy"));
    fprintf(out, "\nper session (%llu replayed): alerts shown %s on average, at most %s\n", (unsigned long long)replayed,
            means, max);
    fprintf(out, "reactions dropped %s, modelled %s; adds removed by the policy %s\n", dropped, modelled, removed);
    free(max);
    free(dropped);
    free(modelled);
    free(removed);
    print_changes(rep, out);
    const report_counts *errors = report_find(rep, "errors");
    if (errors && errors->n[0]) {
        fprintf(out, "\nerrors (%llu):\n", (unsigned long long)errors->n[0]);
        for (size_t i = 0; i < rep->error_count && i < SESSIONS_SHOWN; i++) {
            const report_error *e = &rep->errors[i];
            char *line = e->line ? text_printf("  %s:%lu: %s", e->file, e->line, e->message)
                                 : text_printf("  %s: %s", e->file, e->message);
            print_line(out, line);
            free(line);
        }
    }
}
