/* Figures of a backtest's report (report_views.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report_views.h"

static int by_bytes(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void report_keys_free(report_keys *keys) {
    for (size_t i = 0; i < keys->count; i++) free(keys->items[i]);
    free(keys->items);
    keys->items = NULL;
    keys->count = 0;
}

static report_keys gathered(const report *rep, const char *prefix, bool ids) {
    report_keys keys = {calloc(rep->entry_count + 1, sizeof *keys.items), 0};
    if (!keys.items) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    size_t length = strlen(prefix);
    for (size_t i = 0; i < rep->entry_capacity; i++) {
        const char *key = rep->entries[i].key;
        if (!key || strncmp(key, prefix, length) != 0) continue;
        if (!ids) {
            keys.items[keys.count++] = text_printf("%s", key);
            continue;
        }
        const char *id = key + length, *end = strchr(id, '\t');
        keys.items[keys.count++] = text_printf("%.*s", (int)(end ? (size_t)(end - id) : strlen(id)), id);
    }
    qsort(keys.items, keys.count, sizeof *keys.items, by_bytes);
    if (ids) { /* each id once */
        size_t kept = 0;
        for (size_t i = 0; i < keys.count; i++) {
            if (kept && strcmp(keys.items[kept - 1], keys.items[i]) == 0) {
                free(keys.items[i]);
            } else {
                keys.items[kept++] = keys.items[i];
            }
        }
        keys.count = kept;
    }
    return keys;
}

report_keys report_ids(const report *rep, const char *kind) {
    char *prefix = text_printf("%s\t", kind);
    report_keys keys = gathered(rep, prefix, true);
    free(prefix);
    return keys;
}

report_keys report_keys_under(const report *rep, const char *prefix) {
    return gathered(rep, prefix, false);
}

double report_time_quantile(const report *rep, const char *id, size_t p, double q) {
    char key[600];
    snprintf(key, sizeof key, "alert\t%s\tshown", id);
    const report_counts *shown = report_find(rep, key);
    uint64_t total = shown ? shown->n[p] : 0;
    if (total == 0) return -1;
    /* The smallest bucket holding at least q of the shows. */
    uint64_t wanted = (uint64_t)(q * (double)total);
    if ((double)wanted < q * (double)total || wanted == 0) wanted++;
    uint64_t seen = 0;
    for (unsigned b = 0; b < REPORT_TIME_BUCKETS; b++) {
        snprintf(key, sizeof key, "alert\t%s\ttime\t%u", id, b);
        const report_counts *counts = report_find(rep, key);
        uint64_t in_bucket = counts ? counts->n[p] : 0;
        seen += in_bucket;
        if (seen >= wanted) { /* the mean of the bucket's times */
            snprintf(key, sizeof key, "alert\t%s\ttime_ms\t%u", id, b);
            const report_counts *sum = report_find(rep, key);
            return sum ? (double)sum->n[p] / (double)in_bucket / 1000 : report_bucket_time(b);
        }
    }
    return -1;
}

double report_shown_mean(const report *rep, size_t p) {
    uint64_t sessions = rep->sessions - rep->not_replayable;
    const report_counts *shown = report_find(rep, "session\tshown");
    return sessions ? (double)(shown ? shown->n[p] : 0) / (double)sessions : -1;
}

uint64_t report_sessions_showing(const report *rep, size_t p, unsigned bucket) {
    char key[64];
    snprintf(key, sizeof key, "session\tshown\t%u", bucket);
    const report_counts *counts = report_find(rep, key);
    return counts ? counts->n[p] : 0;
}

double report_round(double value) {
    if (!(value > 0) || value >= 1e15) return value;
    double up = 1, down = 1; /* powers of ten, exact */
    while (value * up < 100) up *= 10;
    while (value / down >= 1000) down *= 10;
    if (down > 1) return (double)(long long)(value / down + 0.5) * down;
    return (double)(long long)(value * up + 0.5) / up;
}
