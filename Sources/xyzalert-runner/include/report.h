/* A backtest's report (docs/rules.md §23): counts that add up, histograms
 * of fixed size, and the first changes and errors in session order, so
 * that reports of parts of a corpus merge into the whole corpus's report,
 * whatever the parts and their order. */
#ifndef XYZALERT_REPORT_H
#define XYZALERT_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The baseline and its candidates. */
#define REPORT_MAX_POLICIES 8
/* Time-to-show buckets: 0, then eighths of an octave from 2^-10 s. */
#define REPORT_TIME_BUCKETS 256
/* Alerts shown in a session: 0 to 30, then 31 or more. */
#define REPORT_SESSION_BUCKETS 32

/* One number per policy (baseline first). */
typedef struct report_counts {
    uint64_t n[REPORT_MAX_POLICIES];
} report_counts;

/* Where a session is: its corpus file and line (0 for a whole .json file). */
typedef struct session_name {
    const char *file;
    unsigned long line;
} session_name;

/* A difference between the baseline's replay and a candidate's. */
typedef struct report_change {
    char *file;
    unsigned long line;
    unsigned order;      /* its place among its session's changes */
    unsigned candidate;  /* 1 for the first candidate */
    char *alert;
    char *campaign;      /* NULL unless a campaign made the instance */
    const char *kind;    /* "newly_shown", "newly_suppressed", "shifted" */
    char *reason;        /* newly_suppressed's, else NULL */
    double delta;        /* shifted's, seconds */
} report_change;

/* A session that could not be replayed. */
typedef struct report_error {
    char *file;
    unsigned long line;
    char *message;
} report_error;

typedef struct report_entry {
    char *key; /* NULL: empty slot */
    report_counts counts;
} report_entry;

typedef struct report {
    size_t policies;
    size_t limit; /* how many changes and errors it keeps */
    uint64_t sessions, not_replayable;
    uint64_t unchanged[REPORT_MAX_POLICIES], changed[REPORT_MAX_POLICIES]; /* per candidate (index 0 unused) */
    report_counts shown_max;
    /* Every other number, by a key of tab-separated words ("alert\tID\tshown",
     * "campaign\tID\tskipped\tREASON", ...; report.c says which). */
    report_entry *entries;
    size_t entry_count, entry_capacity;
    report_change *changes;
    size_t change_count;
    report_error *errors;
    size_t error_count;
} report;

void report_init(report *rep, size_t policies, size_t limit);
void report_free(report *rep);
/* Adds `amount` to policy `policy`'s number under the key made of the
 * words (NULL-terminated). */
void report_add(report *rep, size_t policy, uint64_t amount, ...);
/* The numbers under a key, or NULL. */
const report_counts *report_find(const report *rep, const char *key);
void report_add_change(report *rep, const report_change *change);
void report_add_error(report *rep, session_name name, const char *message);
/* Keeps an error among the first `limit`, without counting it (a merge's). */
void report_keep_error(report *rep, const char *file, unsigned long line, const char *message);
/* Adds `part` into `rep` (the same policies and limit). */
void report_merge(report *rep, const report *part);

/* The time-to-show bucket of `seconds`, and the time a bucket stands for. */
unsigned report_time_bucket(double seconds);
double report_bucket_time(unsigned bucket);
/* The power of two of seconds a bucket's times are in: n for [2^n, 2^n+1)
 * (-11 for bucket 0, under 2^-10 s). */
int report_bucket_octave(unsigned bucket);

/* The state a process hands another to merge (report_state.c): every
 * number and kept entry, as lines. report_read_state() adds what it reads
 * into `rep`; false (with a message in `why`, 200 bytes) when the text is
 * not a state of the same policies and limit. */
void report_write_state(const report *rep, FILE *out);
bool report_read_state(report *rep, FILE *in, char *why);

/* The report as documented (report_json.c, report_text.c, report_html.c).
 * `names`: the baseline's and each candidate's file, as given. */
void report_print_json(const report *rep, const char *const *names, FILE *out);
void report_print_text(const report *rep, const char *const *names, FILE *out);
void report_print_html(const report *rep, const char *const *names, FILE *out);

#endif
