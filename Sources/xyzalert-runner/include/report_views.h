/* What a backtest's report prints, read from its numbers (report_views.c):
 * the ids it counts, sorted, and the figures made of several numbers. */
#ifndef XYZALERT_REPORT_VIEWS_H
#define XYZALERT_REPORT_VIEWS_H

#include "report.h"

/* Strings sorted byte by byte (owned). */
typedef struct report_keys {
    char **items;
    size_t count;
} report_keys;
void report_keys_free(report_keys *keys);

/* The ids of `kind` ("alert" or "campaign") the report has numbers for. */
report_keys report_ids(const report *rep, const char *kind);
/* Every key that starts with `prefix` (whole keys). */
report_keys report_keys_under(const report *rep, const char *prefix);

/* The `q` quantile (0.5, 0.9) of alert `id`'s time to show under policy
 * `p`, in seconds: the mean of the times in the bucket that holds it (to
 * the millisecond, so within 9% of the true quantile); -1 for none. */
double report_time_quantile(const report *rep, const char *id, size_t p, double q);
/* The alerts shown per replayed session under `p`, on average; -1 for none. */
double report_shown_mean(const report *rep, size_t p);
/* How many sessions showed `bucket` alerts under `p` (the last: as many or more). */
uint64_t report_sessions_showing(const report *rep, size_t p, unsigned bucket);
/* `value` to 3 significant digits. */
double report_round(double value);

#endif
