/* A backtest's report as JSON (docs/formats.md, "Backtest reports"):
 * members in a fixed order, ids sorted byte by byte, so that the same
 * inputs print the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "report_views.h"

static void print_counts(FILE *out, const report *rep, const report_counts *counts) {
    fputc('[', out);
    for (size_t p = 0; p < rep->policies; p++) {
        fprintf(out, "%s%llu", p ? ", " : "", (unsigned long long)(counts ? counts->n[p] : 0));
    }
    fputc(']', out);
}

/* A number (rounded to 3 significant digits), or null for a negative
 * one: "none". */
static void print_seconds(FILE *out, double seconds) {
    char text[32];
    if (seconds < 0) {
        fputs("null", out);
    } else {
        fputs(format_number(text, report_round(seconds)), out);
    }
}

/* {"WORD": [A, B], ...} of the keys PREFIX\tWORD. */
static void print_words(FILE *out, const report *rep, const char *prefix) {
    report_keys words = report_keys_under(rep, prefix);
    fputc('{', out);
    for (size_t i = 0; i < words.count; i++) {
        fprintf(out, "%s", i ? ", " : "");
        print_json_string(out, words.items[i] + strlen(prefix));
        fputs(": ", out);
        print_counts(out, rep, report_find(rep, words.items[i]));
    }
    fputc('}', out);
    report_keys_free(&words);
}

/* `"MEMBER": ` then the counts of KIND\tID\tWORD, or with `words` the
 * object of the words under it ("alert\tID\tend\t": each end reason). */
static void print_member(FILE *out, const report *rep, const char *member, const char *kind, const char *id,
                         const char *word, bool words) {
    char *key = text_printf("%s\t%s\t%s%s", kind, id, word, words ? "\t" : "");
    fprintf(out, "\"%s\": ", member);
    if (words) print_words(out, rep, key); else print_counts(out, rep, report_find(rep, key));
    free(key);
}

static void print_alert(FILE *out, const report *rep, const char *id) {
    fputc('{', out);
    print_member(out, rep, "shown", "alert", id, "shown", false);
    fputs(", ", out);
    print_member(out, rep, "ended", "alert", id, "end", true);
    fputs(", ", out);
    print_member(out, rep, "actions", "alert", id, "action", true);
    fputs(", \"time_to_show\": {", out);
    static const struct { const char *name; double q; } quantiles[] = {{"p50", 0.5}, {"p90", 0.9}};
    for (size_t k = 0; k < 2; k++) {
        fprintf(out, "%s\"%s\": [", k ? ", " : "", quantiles[k].name);
        for (size_t p = 0; p < rep->policies; p++) {
            if (p) fputs(", ", out);
            print_seconds(out, report_time_quantile(rep, id, p, quantiles[k].q));
        }
        fputc(']', out);
    }
    fputs("}}", out);
}

static void print_campaign(FILE *out, const report *rep, const char *id) {
    fputc('{', out);
    print_member(out, rep, "triggered", "campaign", id, "triggered", false);
    fputs(", ", out);
    print_member(out, rep, "skipped", "campaign", id, "skipped", true);
    fputs(", ", out);
    print_member(out, rep, "variants", "campaign", id, "variant", true);
    fputc('}', out);
}

/* One outcome count: a number for one candidate, else a list. */
static void print_outcome(FILE *out, const report *rep, const uint64_t *per_candidate) {
    if (rep->policies == 2) {
        fprintf(out, "%llu", (unsigned long long)per_candidate[1]);
        return;
    }
    fputc('[', out);
    for (size_t p = 1; p < rep->policies; p++) {
        fprintf(out, "%s%llu", p > 1 ? ", " : "", (unsigned long long)per_candidate[p]);
    }
    fputc(']', out);
}

static void print_name(FILE *out, const char *file, unsigned long line) {
    char *name = line ? text_printf("%s:%lu", file, line) : text_printf("%s", file);
    print_json_string(out, name);
    free(name);
}

void report_print_json(const report *rep, const char *const *names, FILE *out) {
    fputs("{\"xyzalert_backtest\": 1, \"baseline\": ", out);
    print_json_string(out, names[0]);
    fputs(rep->policies == 2 ? ", \"candidate\": " : ", \"candidates\": [", out);
    for (size_t p = 1; p < rep->policies; p++) {
        if (p > 1) fputs(", ", out);
        print_json_string(out, names[p]);
    }
    if (rep->policies != 2) fputc(']', out);
    fprintf(out, ",\n \"sessions\": %llu, \"unchanged\": ", (unsigned long long)rep->sessions);
    print_outcome(out, rep, rep->unchanged);
    fputs(", \"changed\": ", out);
    print_outcome(out, rep, rep->changed);
    fprintf(out, ", \"not_replayable\": %llu,\n \"alerts\": {", (unsigned long long)rep->not_replayable);
    report_keys ids = report_ids(rep, "alert");
    for (size_t i = 0; i < ids.count; i++) {
        fputs(i ? ",\n  " : "\n  ", out);
        print_json_string(out, ids.items[i]);
        fputs(": ", out);
        print_alert(out, rep, ids.items[i]);
    }
    report_keys_free(&ids);
    fputs("},\n \"campaigns\": {", out);
    ids = report_ids(rep, "campaign");
    for (size_t i = 0; i < ids.count; i++) {
        fputs(i ? ",\n  " : "\n  ", out);
        print_json_string(out, ids.items[i]);
        fputs(": ", out);
        print_campaign(out, rep, ids.items[i]);
    }
    report_keys_free(&ids);
    fputs("},\n \"per_session\": {\"shown\": {\"mean\": [", out);
    for (size_t p = 0; p < rep->policies; p++) {
        if (p) fputs(", ", out);
        print_seconds(out, report_shown_mean(rep, p));
    }
    fputs("], \"max\": ", out);
    print_counts(out, rep, &rep->shown_max);
    fputs(", \"histogram\": [", out);
    for (size_t p = 0; p < rep->policies; p++) {
        fputs(p ? ", [" : "[", out);
        for (unsigned b = 0; b < REPORT_SESSION_BUCKETS; b++) {
            fprintf(out, "%s%llu", b ? ", " : "", (unsigned long long)report_sessions_showing(rep, p, b));
        }
        fputc(']', out);
    }
    fputs("]}},\n \"reactions_dropped\": ", out);
    print_counts(out, rep, report_find(rep, "reactions\tdropped"));
    fputs(", \"reactions_modelled\": ", out);
    print_counts(out, rep, report_find(rep, "reactions\tmodelled"));
    fputs(", \"removed_by_policy\": ", out);
    print_counts(out, rep, report_find(rep, "removed_by_policy"));
    fputs(",\n \"changes\": [", out);
    for (size_t i = 0; i < rep->change_count; i++) {
        const report_change *c = &rep->changes[i];
        fputs(i ? ",\n  {\"session\": " : "\n  {\"session\": ", out);
        print_name(out, c->file, c->line);
        if (rep->policies != 2) fprintf(out, ", \"candidate\": %u", c->candidate);
        fputs(", \"alert\": ", out);
        print_json_string(out, c->alert);
        fprintf(out, ", \"kind\": \"%s\", \"reason\": ", c->kind);
        if (c->reason) print_json_string(out, c->reason); else fputs("null", out);
        char delta[32];
        fprintf(out, ", \"delta\": %s", strcmp(c->kind, "shifted") == 0 ? format_number(delta, c->delta) : "null");
        if (c->campaign) {
            fputs(", \"campaign\": ", out);
            print_json_string(out, c->campaign);
        }
        fputc('}', out);
    }
    const report_counts *errors = report_find(rep, "errors");
    fprintf(out, "],\n \"error_count\": %llu, \"errors\": [", (unsigned long long)(errors ? errors->n[0] : 0));
    for (size_t i = 0; i < rep->error_count; i++) {
        fputs(i ? ",\n  {\"session\": " : "\n  {\"session\": ", out);
        print_name(out, rep->errors[i].file, rep->errors[i].line);
        fputs(", \"message\": ", out);
        print_json_string(out, rep->errors[i].message);
        fputc('}', out);
    }
    fputs("]}\n", out);
}
