/* A backtest's corpus (docs/rules.md §23): .json files (a session each),
 * .jsonl files (a session per line) and directories of them, each maybe
 * gzip-compressed, read as a stream in a fixed order. */
#ifndef XYZALERT_CORPUS_H
#define XYZALERT_CORPUS_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

/* What the reader hands on: each session (its text is NUL-terminated and
 * lives until `session` returns; NULL when names were all that was asked
 * for), and each path that could not be read. */
typedef struct corpus_reader {
    void (*session)(session_name name, const char *text, size_t length, void *context);
    void (*failed)(session_name name, const char *message, void *context);
    void *context;
    bool names_only;
} corpus_reader;

/* Reads `paths` in order: a directory's files (those ending .json, .jsonl,
 * .json.gz or .jsonl.gz, not hidden) in byte order of their names, its
 * subdirectories' likewise; "-" is JSON Lines from standard input, read
 * once. Blank lines are not sessions. */
void corpus_read(char *const *paths, size_t count, const corpus_reader *reader);

#endif
