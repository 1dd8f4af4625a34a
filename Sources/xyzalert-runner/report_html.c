/* A backtest's report as one self-contained HTML page: inline SVG bar
 * charts (shows and ends per alert, times to show, alerts per session),
 * tables of campaigns and of the first changed sessions; no script, no
 * network, the same bytes for the same report. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_views.h"

/* The policies' colours (baseline grey, candidates blue, orange, ...) and
 * the end reasons' (in the order the report sorts them). */
static const char *const policy_colours[REPORT_MAX_POLICIES] = {"#8c8c8c", "#1f6fd1", "#e07b00", "#2a9d3a",
                                                                "#b03aa8", "#c0392b", "#17a2b8", "#6d4c41"};
static const char *const reason_colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                             "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
enum { REASON_COLOURS = sizeof reason_colours / sizeof reason_colours[0], CHART = 560, LABEL = 150 };

/* `text` with &, <, > and " escaped. */
static void put(FILE *out, const char *text) {
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*c, out);
        }
    }
}

static uint64_t count_of(const report *rep, size_t p, const char *format, const char *id, const char *word) {
    char *key = text_printf(format, id, word);
    const report_counts *counts = report_find(rep, key);
    free(key);
    return counts ? counts->n[p] : 0;
}

/* "baseline", "candidate", or with several candidates "candidate 2". */
static const char *policy_name(const report *rep, size_t p, char out[32]) {
    if (p == 0) return "baseline";
    if (rep->policies == 2) return "candidate";
    snprintf(out, 32, "candidate %zu", p);
    return out;
}

static void legend(FILE *out, const report *rep) {
    fputs("<p class=\"legend\">", out);
    char name[32];
    for (size_t p = 0; p < rep->policies; p++) {
        fprintf(out, "<span><i style=\"background:%s\"></i>%s</span>", policy_colours[p], policy_name(rep, p, name));
    }
    fputs("</p>\n", out);
}

/* Bars of one value per policy for each row label, scaled to `largest`. */
static void grouped_bars(FILE *out, const report *rep, const char *title, char **labels, size_t rows,
                         const uint64_t *values /* rows x policies */, uint64_t largest) {
    size_t row_height = 6 + 14 * rep->policies;
    fprintf(out, "<svg class=\"chart\" role=\"img\" width=\"%d\" height=\"%zu\" viewBox=\"0 0 %d %zu\"><title>", CHART + LABEL + 60,
            rows * row_height + 4, CHART + LABEL + 60, rows * row_height + 4);
    put(out, title);
    fputs("</title>\n", out);
    for (size_t r = 0; r < rows; r++) {
        size_t y = r * row_height + 2;
        fprintf(out, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">", LABEL - 6, y + row_height / 2 + 2);
        put(out, labels[r]);
        fputs("</text>\n", out);
        for (size_t p = 0; p < rep->policies; p++) {
            uint64_t v = values[r * rep->policies + p];
            double width = largest ? (double)CHART * (double)v / (double)largest : 0;
            fprintf(out, "<rect x=\"%d\" y=\"%zu\" width=\"%.1f\" height=\"12\" fill=\"%s\"/>", LABEL, y + 14 * p, width,
                    policy_colours[p]);
            fprintf(out, "<text x=\"%.1f\" y=\"%zu\">%llu</text>\n", LABEL + width + 4, y + 14 * p + 10,
                    (unsigned long long)v);
        }
    }
    fputs("</svg>\n", out);
}

static void shows_chart(FILE *out, const report *rep, report_keys *ids) {
    uint64_t *values = calloc(ids->count * rep->policies + 1, sizeof *values), largest = 0;
    for (size_t i = 0; i < ids->count; i++) {
        for (size_t p = 0; p < rep->policies; p++) {
            uint64_t v = count_of(rep, p, "alert\t%s\tshown%s", ids->items[i], "");
            values[i * rep->policies + p] = v;
            largest = v > largest ? v : largest;
        }
    }
    fputs("<h2>Shows per alert</h2>\n", out);
    grouped_bars(out, rep, "first shows of instances per alert, per policy", ids->items, ids->count, values, largest);
    free(values);
}

/* Per alert, a stacked bar per policy of its instances' ends by reason. */
static void ends_chart(FILE *out, const report *rep, report_keys *ids) {
    report_keys reasons = report_keys_under(rep, "alert\t");
    /* The reasons, whatever the alert: the last word of "alert\tID\tend\tR". */
    size_t kept = 0;
    for (size_t i = 0; i < reasons.count; i++) {
        char *ended = strstr(reasons.items[i], "\tend\t");
        if (!ended || strchr(ended + 5, '\t')) {
            free(reasons.items[i]);
            continue;
        }
        memmove(reasons.items[i], ended + 5, strlen(ended + 5) + 1);
        reasons.items[kept++] = reasons.items[i];
    }
    reasons.count = kept;
    for (size_t i = 1; i < reasons.count; i++) { /* sorted, each once */
        for (size_t j = i; j > 0 && strcmp(reasons.items[j - 1], reasons.items[j]) > 0; j--) {
            char *swap = reasons.items[j];
            reasons.items[j] = reasons.items[j - 1];
            reasons.items[j - 1] = swap;
        }
    }
    kept = 0;
    for (size_t i = 0; i < reasons.count; i++) {
        if (kept && strcmp(reasons.items[kept - 1], reasons.items[i]) == 0) free(reasons.items[i]);
        else reasons.items[kept++] = reasons.items[i];
    }
    reasons.count = kept;
    fputs("<h2>How instances ended</h2>\n<p class=\"legend\">", out);
    for (size_t k = 0; k < reasons.count; k++) {
        fprintf(out, "<span><i style=\"background:%s\"></i>", reason_colours[k % REASON_COLOURS]);
        put(out, reasons.items[k]);
        fputs("</span>", out);
    }
    fputs("</p>\n", out);
    uint64_t largest = 0;
    for (size_t i = 0; i < ids->count; i++) {
        for (size_t p = 0; p < rep->policies; p++) {
            uint64_t total = 0;
            for (size_t k = 0; k < reasons.count; k++) total += count_of(rep, p, "alert\t%s\tend\t%s", ids->items[i], reasons.items[k]);
            largest = total > largest ? total : largest;
        }
    }
    size_t row_height = 6 + 14 * rep->policies;
    fprintf(out, "<svg class=\"chart\" role=\"img\" width=\"%d\" height=\"%zu\"><title>ends by reason per alert, per policy</title>\n",
            CHART + LABEL + 60, ids->count * row_height + 4);
    char name[32];
    for (size_t i = 0; i < ids->count; i++) {
        size_t y = i * row_height + 2;
        fprintf(out, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">", LABEL - 6, y + row_height / 2 + 2);
        put(out, ids->items[i]);
        fputs("</text>\n", out);
        for (size_t p = 0; p < rep->policies; p++) {
            double x = LABEL;
            uint64_t total = 0;
            for (size_t k = 0; k < reasons.count; k++) {
                uint64_t v = count_of(rep, p, "alert\t%s\tend\t%s", ids->items[i], reasons.items[k]);
                double width = largest ? (double)CHART * (double)v / (double)largest : 0;
                total += v;
                if (!v) continue;
                fprintf(out, "<rect x=\"%.1f\" y=\"%zu\" width=\"%.1f\" height=\"12\" fill=\"%s\"><title>", x, y + 14 * p,
                        width, reason_colours[k % REASON_COLOURS]);
                put(out, reasons.items[k]);
                fprintf(out, ": %llu (%s)</title></rect>", (unsigned long long)v, policy_name(rep, p, name));
                x += width;
            }
            fprintf(out, "<text x=\"%.1f\" y=\"%zu\">%llu</text>\n", x + 4, y + 14 * p + 10, (unsigned long long)total);
        }
    }
    fputs("</svg>\n", out);
    report_keys_free(&reasons);
}

/* Per alert, its times to show in octaves (under 1 s, 1-2 s, 2-4 s, ...
 * 1 h or more), one bar per policy, each policy scaled to its own shows. */
static void times_chart(FILE *out, const report *rep, report_keys *ids) {
    enum { OCTAVES = 14 };
    static const char *const names[OCTAVES] = {"&lt;1s", "1s", "2s", "4s", "8s", "16s", "32s", "1m", "2m", "4m",
                                               "8m", "17m", "34m", "1h+"};
    fputs("<h2>Time to show</h2>\n<p>From an instance's add (or its campaign's trigger) to its first show: the share "
          "of each policy's shows in each octave of time.</p>\n", out);
    for (size_t i = 0; i < ids->count; i++) {
        uint64_t totals[REPORT_MAX_POLICIES] = {0}, bins[REPORT_MAX_POLICIES][OCTAVES];
        memset(bins, 0, sizeof bins);
        for (unsigned b = 0; b < REPORT_TIME_BUCKETS; b++) {
            char bucket[16];
            snprintf(bucket, sizeof bucket, "%u", b);
            int power = report_bucket_octave(b); /* [2^power, 2^(power+1)) seconds */
            unsigned octave = power < 0 ? 0 : power + 1 >= OCTAVES ? OCTAVES - 1 : (unsigned)power + 1;
            for (size_t p = 0; p < rep->policies; p++) {
                uint64_t v = count_of(rep, p, "alert\t%s\ttime\t%s", ids->items[i], bucket);
                bins[p][octave] += v;
                totals[p] += v;
            }
        }
        bool any = false;
        for (size_t p = 0; p < rep->policies; p++) any = any || totals[p];
        if (!any) continue;
        fputs("<figure><figcaption>", out);
        put(out, ids->items[i]);
        char a[32], b[32];
        fputs(": p50 ", out);
        for (size_t p = 0; p < rep->policies; p++) {
            double q = report_time_quantile(rep, ids->items[i], p, 0.5);
            fprintf(out, "%s%s%s", p ? " &#8594; " : "", q < 0 ? "-" : format_number(a, report_round(q)), q < 0 ? "" : "s");
        }
        fputs(", p90 ", out);
        for (size_t p = 0; p < rep->policies; p++) {
            double q = report_time_quantile(rep, ids->items[i], p, 0.9);
            fprintf(out, "%s%s%s", p ? " &#8594; " : "", q < 0 ? "-" : format_number(b, report_round(q)), q < 0 ? "" : "s");
        }
        fputs("</figcaption>\n<svg class=\"small\" role=\"img\" width=\"560\" height=\"76\"><title>", out);
        put(out, ids->items[i]);
        fputs(": times to show per policy</title>\n", out);
        double column = 560.0 / OCTAVES, bar = (column - 4) / (double)rep->policies;
        for (unsigned o = 0; o < OCTAVES; o++) {
            for (size_t p = 0; p < rep->policies; p++) {
                double share = totals[p] ? (double)bins[p][o] / (double)totals[p] : 0, height = 56 * share;
                fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>",
                        o * column + 2 + p * bar, 60 - height, bar, height, policy_colours[p]);
            }
            fprintf(out, "<text x=\"%.1f\" y=\"73\" text-anchor=\"middle\">%s</text>\n", o * column + column / 2, names[o]);
        }
        fputs("</svg></figure>\n", out);
    }
}

static void sessions_chart(FILE *out, const report *rep) {
    char **labels = calloc(REPORT_SESSION_BUCKETS, sizeof *labels);
    uint64_t *values = calloc(REPORT_SESSION_BUCKETS * rep->policies, sizeof *values), largest = 0;
    size_t rows = 0;
    for (unsigned b = 0; b < REPORT_SESSION_BUCKETS; b++) {
        bool any = false;
        for (size_t p = 0; p < rep->policies; p++) any = any || report_sessions_showing(rep, p, b);
        if (!any) continue;
        labels[rows] = b + 1 == REPORT_SESSION_BUCKETS ? text_printf("%u or more", b) : text_printf("%u shown", b);
        for (size_t p = 0; p < rep->policies; p++) {
            uint64_t v = report_sessions_showing(rep, p, b);
            values[rows * rep->policies + p] = v;
            largest = v > largest ? v : largest;
        }
        rows++;
    }
    fputs("<h2>Alerts shown per session</h2>\n", out);
    grouped_bars(out, rep, "sessions by the number of alerts they showed, per policy", labels, rows, values, largest);
    for (size_t r = 0; r < rows; r++) free(labels[r]);
    free(labels);
    free(values);
}

/* "A &#8594; B" of one key's counts. */
static void counts_cell(FILE *out, const report *rep, const char *key) {
    const report_counts *counts = report_find(rep, key);
    fputs("<td>", out);
    for (size_t p = 0; p < rep->policies; p++) {
        fprintf(out, "%s%llu", p ? " &#8594; " : "", (unsigned long long)(counts ? counts->n[p] : 0));
    }
    fputs("</td>", out);
}

/* "reason A &#8594; B, ..." of the keys under `prefix`. */
static void words_cell(FILE *out, const report *rep, const char *prefix) {
    report_keys words = report_keys_under(rep, prefix);
    fputs("<td>", out);
    for (size_t i = 0; i < words.count; i++) {
        const report_counts *counts = report_find(rep, words.items[i]);
        fputs(i ? ", " : "", out);
        put(out, words.items[i] + strlen(prefix));
        for (size_t p = 0; p < rep->policies; p++) {
            fprintf(out, "%s%llu", p ? " &#8594; " : " ", (unsigned long long)counts->n[p]);
        }
    }
    fputs("</td>", out);
    report_keys_free(&words);
}

static void campaigns_table(FILE *out, const report *rep) {
    report_keys ids = report_ids(rep, "campaign");
    if (!ids.count) {
        report_keys_free(&ids);
        return;
    }
    fputs("<h2>Campaigns</h2>\n<table><tr><th>campaign</th><th>triggered</th><th>skipped</th><th>variants</th></tr>\n",
          out);
    for (size_t i = 0; i < ids.count; i++) {
        fputs("<tr><th>", out);
        put(out, ids.items[i]);
        fputs("</th>", out);
        char *key = text_printf("campaign\t%s\ttriggered", ids.items[i]);
        counts_cell(out, rep, key);
        free(key);
        key = text_printf("campaign\t%s\tskipped\t", ids.items[i]);
        words_cell(out, rep, key);
        free(key);
        key = text_printf("campaign\t%s\tvariant\t", ids.items[i]);
        words_cell(out, rep, key);
        free(key);
        fputs("</tr>\n", out);
    }
    fputs("</table>\n", out);
    report_keys_free(&ids);
}

static void place(FILE *out, const char *file, unsigned long line) {
    put(out, file);
    if (line) fprintf(out, ":%lu", line);
}

static void changes_table(FILE *out, const report *rep) {
    fputs("<h2>The first changed sessions</h2>\n", out);
    if (!rep->change_count) {
        fputs("<p>No instance showed otherwise.</p>\n", out);
        return;
    }
    fputs("<table class=\"changes\"><tr><th>session</th>", out);
    if (rep->policies > 2) fputs("<th>candidate</th>", out);
    fputs("<th>alert</th><th>difference</th></tr>\n", out);
    for (size_t i = 0; i < rep->change_count; i++) {
        const report_change *c = &rep->changes[i];
        char number[32];
        fputs("<tr><td>", out);
        place(out, c->file, c->line);
        fputs("</td>", out);
        if (rep->policies > 2) fprintf(out, "<td>%u</td>", c->candidate);
        fputs("<td>", out);
        put(out, c->alert);
        if (c->campaign) {
            fputs(" <small>(campaign ", out);
            put(out, c->campaign);
            fputs(")</small>", out);
        }
        fprintf(out, "</td><td class=\"%s\">", c->kind);
        if (strcmp(c->kind, "newly_shown") == 0) {
            fputs("newly shown", out);
        } else if (strcmp(c->kind, "shifted") == 0) {
            fprintf(out, "shifted %s%ss", c->delta > 0 ? "+" : "", format_number(number, c->delta));
        } else {
            fputs("newly suppressed: ", out);
            put(out, c->reason ? c->reason : "");
        }
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

static void errors_list(FILE *out, const report *rep) {
    const report_counts *errors = report_find(rep, "errors");
    if (!errors || !errors->n[0]) return;
    fprintf(out, "<h2>Errors (%llu)</h2>\n<ul class=\"errors\">\n", (unsigned long long)errors->n[0]);
    for (size_t i = 0; i < rep->error_count; i++) {
        fputs("<li><code>", out);
        place(out, rep->errors[i].file, rep->errors[i].line);
        fputs("</code>: ", out);
        put(out, rep->errors[i].message);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
}

static const char style[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#222}"
    "h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ddd}"
    "table{border-collapse:collapse}td,th{padding:.2em .8em;border-bottom:1px solid #eee;text-align:left;"
    "vertical-align:top}th{font-weight:600}.totals td{font-size:1.2em}"
    "svg text{font:12px system-ui,sans-serif;fill:#222}.legend span{margin-right:1.2em;white-space:nowrap}"
    ".legend i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}"
    "figure{margin:.6em 0}figcaption{font-weight:600}.newly_suppressed{color:#b3261e}.newly_shown{color:#1b6e2a}"
    ".errors{color:#555}code{font-size:.95em}";

void report_print_html(const report *rep, const char *const *names, FILE *out) {
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Backtest report</title>\n"
                 "<style>%s</style></head>\n<body>\n<h1>Backtest report</h1>\n<table>", style);
    char name[32];
    for (size_t p = 0; p < rep->policies; p++) {
        fprintf(out, "<tr><th><i style=\"display:inline-block;width:.9em;height:.9em;background:%s\"></i> %s</th><td><code>",
                policy_colours[p], policy_name(rep, p, name));
        put(out, names[p]);
        fputs("</code></td></tr>", out);
    }
    fprintf(out, "</table>\n<table class=\"totals\"><tr><th>sessions</th><td>%llu</td></tr>", (unsigned long long)rep->sessions);
    for (size_t p = 1; p < rep->policies; p++) {
        fprintf(out, "<tr><th>unchanged by the %s</th><td>%llu</td></tr><tr><th>changed by the %s</th><td>%llu</td></tr>",
                policy_name(rep, p, name), (unsigned long long)rep->unchanged[p], policy_name(rep, p, name),
                (unsigned long long)rep->changed[p]);
    }
    fprintf(out, "<tr><th>not replayable</th><td>%llu</td></tr></table>\n", (unsigned long long)rep->not_replayable);
    report_keys ids = report_ids(rep, "alert");
    legend(out, rep);
    shows_chart(out, rep, &ids);
    ends_chart(out, rep, &ids);
    times_chart(out, rep, &ids);
    report_keys_free(&ids);
    sessions_chart(out, rep);
    fputs("<table>", out);
    static const struct { const char *label, *key; } totals[] = {
        {"reactions dropped (their alert was not on screen)", "reactions\tdropped"},
        {"reactions the model made", "reactions\tmodelled"},
        {"adds of alerts the policy does not define", "removed_by_policy"}};
    for (size_t k = 0; k < 3; k++) {
        fprintf(out, "<tr><th>%s</th>", totals[k].label);
        counts_cell(out, rep, totals[k].key);
        fputs("</tr>", out);
    }
    fputs("</table>\n", out);
    campaigns_table(out, rep);
    changes_table(out, rep);
    errors_list(out, rep);
    fputs("</body></html>\n", out);
}
