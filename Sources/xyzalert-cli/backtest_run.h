/* `xyzalert backtest` (backtest_command.c parses it, backtest_run.c runs
 * it): its options, and replaying a corpus into a report. */
#ifndef XYZALERT_BACKTEST_RUN_H
#define XYZALERT_BACKTEST_RUN_H

#include "backtest.h"
#include "cli.h"

typedef struct backtest_options {
    const char *policies[REPORT_MAX_POLICIES]; /* --baseline, then each --candidate */
    size_t policy_count;
    const char *model;  /* --model, or NULL */
    const char *format; /* text, json or state */
    const char *out;    /* --out, or NULL: standard output */
    unsigned long jobs;
    bool sampling;      /* --sample N --seed S */
    unsigned long sample;
    unsigned long long seed;
    size_t limit;       /* --changes: how many changes and errors the report keeps */
    bool merge;         /* the arguments are states to merge, not a corpus */
    unsigned long part, parts; /* --part K/N: the sessions whose number modulo N is K (parts 0: all) */
    char **corpus;
    size_t corpus_count;
} backtest_options;

/* Replays the corpus into `out` (initialized here); false when a job
 * failed (after saying so). */
bool backtest_corpus(const backtest_options *options, const backtest_inputs *in, report *out);

/* The command: `usage` reports a usage error (message, argument or NULL)
 * and returns its exit status; `unknown` an unknown option. */
int cli_backtest(int argc, char **argv, int (*usage)(const char *message, const char *argument),
                 int (*unknown)(const char *argument));

#endif
