/* xyzalert: the command-line tool, a C host of the public header only. */
#ifndef XYZALERT_CLI_H
#define XYZALERT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "xyzalert_tooling.h"

/* Exit statuses (docs/rules.md §11). */
enum { EXIT_VALID = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

/* How `simulate` prints a trace (docs/rules.md §10, §15). */
typedef enum trace_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_EXPECT, FORMAT_SVG } trace_format;

/* A growable list of lines, owned. */
typedef struct line_list {
    char **items;
    size_t count, capacity;
} line_list;
void lines_add(line_list *list, const char *line);
void lines_free(line_list *list);

/* Inputs (input.c): a FILE of "-" is standard input, read whole at its
 * first use; errors name it STDIN_NAME. */
#define STDIN_NAME "<stdin>"
bool is_stdin(const char *path);
/* How messages name the input `path`: STDIN_NAME for "-", else `path`. */
const char *input_name(const char *path);
/* xyz_scenario_load_file() (or its _for_rewrite form), or standard input. */
xyz_scenario *load_scenario(const char *path, bool for_rewrite, xyz_error *error);
/* xyz_catalog_load_file(), or standard input. */
xyz_catalog *load_catalog(const char *path, xyz_error *error);
/* xyz_check_file_alerts(), or standard input. */
xyz_status check_input(const char *path, xyz_error *errors, size_t capacity, size_t *count, size_t *alerts);
/* The warnings of a valid input (xyz_check_file_warnings(), or standard
 * input's, read by check_input() and kept). */
xyz_status check_input_warnings(const char *path, xyz_error *warnings, size_t capacity, size_t *count);
/* The whole text of `path` ("-": standard input), NUL-terminated, for the
 * caller to free; NULL after filling `error` (XYZ_EIO, naming the input)
 * when it cannot be read or is larger than XYZ_FILE_SIZE_LIMIT. */
char *read_input(const char *path, size_t *length, xyz_error *error);

/* Standard error for a diagnostic, once standard output's results so far
 * are written: when both go to one pipe, they keep their order. */
FILE *diagnostics(void);

/* `strict`: warnings are errors. */
int cli_check(int count, char **files, bool strict);
/* With `record` non-NULL, also records the first page's domain while it
 * plays and writes the recording there. */
/* `xyzalert test`: runs each scenario against its "expect" list (with
 * `update`, rewrites the lists instead). */
int cli_test(int count, char **files, bool update);

/* How run_scenario plays a scenario. */
typedef struct run_options {
    /* The trace's format; FORMAT_SVG prints the timeline as a picture
     * titled `title`. */
    trace_format format;
    const char *title;
    /* Non-NULL: the expect lines are appended here and nothing is printed. */
    line_list *capture;
    /* Records the domain of the first page from the first step on. */
    bool record;
    /* 0 or more (--why): instead of the trace, after step `why_step` the
     * reason of every live alert and of those finished in that step, in
     * `format` (text or JSON). -1: none. */
    long why_step;
    /* --history: a saved history to start from instead of the scenario's
     * own (loaded and checked already); --save-history: where to write the
     * history once the last step has run. NULL: none. */
    const char *history_in;
    const char *save_history;
    /* --explain: campaign misses are traced too ("miss" events), and a
     * skip, miss or finish says why (text, JSON; docs/rules.md §21). */
    bool explain;
} run_options;

/* Plays a loaded scenario as `options` say. With `record`, returns the
 * recording's JSON (the caller frees it with xyz_free), or NULL after
 * printing why it could not; else NULL. */
char *run_scenario(const xyz_scenario *scenario, const run_options *options);
/* `xyzalert simulate FILE`: --history is checked first, then the scenario
 * runs as `options` say; with `record`, the recording is written there. */
int cli_simulate(const char *file, const run_options *options, const char *record);
/* The pages that had an event since it was last emptied, for
 * advance_clock: a host's callbacks call touched_add() with the page's
 * index. */
typedef struct touched {
    bool *flags;   /* per page */
    size_t *list;  /* the indexes flagged, in order */
    size_t count;
} touched;
void touched_add(touched *t, size_t page);

/* A scenario's "advance" step (docs/rules.md §12), for any host that keeps
 * a virtual clock, the C suite's included: moves *clock forward by
 * `seconds`, to each pending deadline of the domains of `pages` (NULL
 * entries skipped) in turn, earliest first (ties in page order), ticking
 * there (what fires may set new deadlines, which count too), then to the
 * target time. The deadlines are kept in a heap: after a tick only the page
 * ticked and the pages in `changed` (which had events: a deadline changes
 * only with one) are asked again, so P pages cost O(P log P), not O(P^2);
 * with `changed` NULL every page is asked again after each tick.
 * `tick_failed` (may be NULL) hears of each tick that failed. */
void advance_clock(double *clock, xyz_dispatch *const *pages, size_t count, double seconds, touched *changed,
                   void (*tick_failed)(xyz_status status, void *context), void *context);
int cli_graph(const char *file);
/* `xyzalert variants FILE --users N`: per campaign with variants, how many
 * of the users user-1 ... user-N each variant gets (docs/rules.md §22). */
int cli_variants(const char *file, unsigned long users);
/* `xyzalert eval RULE [DATA]`: each argument JSON text, or "@FILE";
 * `explain`: a falsy result's "why:" line too. */
int cli_eval(const char *rule, const char *data, bool explain);

/* "FILE:LINE:COLUMN: error: MESSAGE (at POINTER)" and the line with a caret
 * (print_source_line), or "FILE: error: MESSAGE" for I/O errors, on stderr. */
void print_load_error(const xyz_error *error);
/* The same as a warning: "FILE:LINE:COLUMN: warning: ...". */
void print_load_warning(const xyz_error *warning);
/* Under a FILE:LINE:COLUMN message, as compilers do: the line of the file
 * (a window around the column when it is long) and a caret under the
 * column. Prints nothing when the file cannot be read (standard input). */
void print_source_line(const char *file, int line, int column);

/* Writes `text` with quotes, backslashes and control characters escaped. */
void print_escaped(FILE *out, const char *text);

/* Writes `text` with control characters escaped (\n, \u0001, ...), so that
 * it stays on one line; everything else as it is. */
void print_visible(FILE *out, const char *text);

/* Writes `text` as a JSON string literal. */
void print_json_string(FILE *out, const char *text);

/* A finite double in the fewest digits (15 or 17) that read back as the
 * same value, as JSON and the text timeline print numbers. Returns `out`. */
const char *format_number(char out[32], double value);

/* A string made like printf's (the caller frees it); exits on no memory. */
char *text_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Labels of the pictures (the text timeline's step column, the SVG's rows)
 * show at most this many characters: a longer one is cut on a character
 * boundary and ends with "\u2026". Data (expect lines, JSON) is never cut. */
#define LABEL_CHARACTERS 60

/* `text` as a picture shows it (see LABEL_CHARACTERS); the caller frees it. */
char *shortened(const char *text);

/* --color=WHEN: always, never, or auto (the default): a terminal, and
 * NO_COLOR unset or empty. */
typedef enum colour_mode { COLOUR_AUTO, COLOUR_ALWAYS, COLOUR_NEVER } colour_mode;
void set_colour(colour_mode mode);
/* Whether to colour stdout, as --color chose. */
bool use_colour(void);

/* A table from names (borrowed, compared byte for byte) to indexes. */
struct name_slot {
    const char *name; /* NULL: empty */
    size_t index;
};
typedef struct names {
    struct name_slot *slots;
    size_t capacity; /* a power of two, at least twice the names put */
} names;

/* Room for `count` names; false if memory runs out. */
bool names_init(names *table, size_t count);
void names_free(names *table);
/* Adds or replaces `name`; at most the `count` given to names_init. */
void names_put(names *table, const char *name, size_t index);
/* Whether `name` is there, and its index. */
bool names_find(const names *table, const char *name, size_t *index);

#endif
