/* A backtest report's state (report.h): what one process hands another to
 * merge, as lines of words separated by spaces. A text word is "=" and the
 * text, with backslash, space, tab, CR and LF escaped; "-" is no text.
 *
 *   xyzalert-backtest-state 1 POLICIES LIMIT
 *   sessions N NOT_REPLAYABLE
 *   outcome CANDIDATE UNCHANGED CHANGED
 *   max N...
 *   n KEY N...
 *   change FILE LINE ORDER CANDIDATE KIND ALERT CAMPAIGN REASON DELTA
 *   error FILE LINE MESSAGE
 *   end */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"

static void put_text(FILE *out, const char *text) {
    if (!text) {
        fputs(" -", out);
        return;
    }
    fputs(" =", out);
    for (const char *c = text; *c; c++) {
        switch (*c) {
        case '\\': fputs("\\\\", out); break;
        case ' ': fputs("\\s", out); break;
        case '\t': fputs("\\t", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        default: fputc(*c, out);
        }
    }
}

void report_write_state(const report *rep, FILE *out) {
    fprintf(out, "xyzalert-backtest-state 1 %zu %zu\n", rep->policies, rep->limit);
    fprintf(out, "sessions %llu %llu\n", (unsigned long long)rep->sessions, (unsigned long long)rep->not_replayable);
    for (size_t p = 1; p < rep->policies; p++) {
        fprintf(out, "outcome %zu %llu %llu\n", p, (unsigned long long)rep->unchanged[p],
                (unsigned long long)rep->changed[p]);
    }
    fputs("max", out);
    for (size_t p = 0; p < rep->policies; p++) fprintf(out, " %llu", (unsigned long long)rep->shown_max.n[p]);
    fputc('\n', out);
    for (size_t i = 0; i < rep->entry_capacity; i++) {
        const report_entry *e = &rep->entries[i];
        if (!e->key) continue;
        fputs("n", out);
        put_text(out, e->key);
        for (size_t p = 0; p < rep->policies; p++) fprintf(out, " %llu", (unsigned long long)e->counts.n[p]);
        fputc('\n', out);
    }
    for (size_t i = 0; i < rep->change_count; i++) {
        const report_change *c = &rep->changes[i];
        fputs("change", out);
        put_text(out, c->file);
        fprintf(out, " %lu %u %u %s", c->line, c->order, c->candidate, c->kind);
        put_text(out, c->alert);
        put_text(out, c->campaign);
        put_text(out, c->reason);
        fprintf(out, " %.17g\n", c->delta);
    }
    for (size_t i = 0; i < rep->error_count; i++) {
        fputs("error", out);
        put_text(out, rep->errors[i].file);
        fprintf(out, " %lu", rep->errors[i].line);
        put_text(out, rep->errors[i].message);
        fputc('\n', out);
    }
    fputs("end\n", out);
}

/* ---- reading ---- */

/* The words of a line, split in place at spaces. */
typedef struct words {
    char *items[REPORT_MAX_POLICIES + 12];
    size_t count;
} words;

static bool split(char *line, words *w) {
    w->count = 0;
    for (char *word = strtok(line, " \n"); word; word = strtok(NULL, " \n")) {
        if (w->count == sizeof w->items / sizeof w->items[0]) return false;
        w->items[w->count++] = word;
    }
    return w->count > 0;
}

/* A text word, unescaped in place; NULL for "-"; `*ok` false when it is neither. */
static char *text_of(char *word, bool *ok) {
    if (strcmp(word, "-") == 0) return NULL;
    if (word[0] != '=') {
        *ok = false;
        return NULL;
    }
    char *out = word, *in = word + 1;
    while (*in) {
        if (*in != '\\') {
            *out++ = *in++;
            continue;
        }
        char c = in[1];
        *out++ = c == 's' ? ' ' : c == 't' ? '\t' : c == 'n' ? '\n' : c == 'r' ? '\r' : c;
        *ok = *ok && (c == 's' || c == 't' || c == 'n' || c == 'r' || c == '\\');
        in += c ? 2 : 1;
    }
    *out = 0;
    return word;
}

static bool number_of(const char *word, unsigned long long *value) {
    char *end;
    errno = 0;
    *value = strtoull(word, &end, 10);
    return !errno && *end == 0 && end != word && word[0] != '-';
}

/* One line into `rep`; false when it is not a line of a state. */
static bool read_line(report *rep, words *w, bool *ended) {
    const char *kind = w->items[0];
    unsigned long long a, b, c;
    bool ok = true;
    if (strcmp(kind, "sessions") == 0 && w->count == 3 && number_of(w->items[1], &a) && number_of(w->items[2], &b)) {
        rep->sessions += a;
        rep->not_replayable += b;
    } else if (strcmp(kind, "outcome") == 0 && w->count == 4 && number_of(w->items[1], &a) && a >= 1 &&
               a < rep->policies && number_of(w->items[2], &b) && number_of(w->items[3], &c)) {
        rep->unchanged[a] += b;
        rep->changed[a] += c;
    } else if (strcmp(kind, "max") == 0 && w->count == 1 + rep->policies) {
        for (size_t p = 0; ok && p < rep->policies; p++) {
            ok = number_of(w->items[1 + p], &a);
            if (ok && a > rep->shown_max.n[p]) rep->shown_max.n[p] = a;
        }
    } else if (strcmp(kind, "n") == 0 && w->count == 2 + rep->policies) {
        char *key = text_of(w->items[1], &ok);
        for (size_t p = 0; ok && key && p < rep->policies; p++) {
            ok = number_of(w->items[2 + p], &a);
            if (ok) report_add(rep, p, a, key, (const char *)NULL);
        }
        ok = ok && key;
    } else if (strcmp(kind, "change") == 0 && w->count == 10) {
        static const char *const kinds[] = {"newly_shown", "newly_suppressed", "shifted"};
        report_change change = {.file = text_of(w->items[1], &ok), .alert = text_of(w->items[6], &ok),
                                .campaign = text_of(w->items[7], &ok), .reason = text_of(w->items[8], &ok)};
        ok = ok && change.file && change.alert && number_of(w->items[2], &a) && number_of(w->items[3], &b) &&
             number_of(w->items[4], &c) && c >= 1 && c < rep->policies;
        for (size_t k = 0; k < 3; k++) {
            if (strcmp(w->items[5], kinds[k]) == 0) change.kind = kinds[k];
        }
        char *end;
        change.delta = strtod(w->items[9], &end);
        ok = ok && change.kind && *end == 0;
        change.line = (unsigned long)a;
        change.order = (unsigned)b;
        change.candidate = (unsigned)c;
        if (ok) report_add_change(rep, &change);
    } else if (strcmp(kind, "error") == 0 && w->count == 4) {
        const char *file = text_of(w->items[1], &ok), *message = text_of(w->items[3], &ok);
        ok = ok && file && message && number_of(w->items[2], &a);
        /* (their count is a number of its own, "errors") */
        if (ok) report_keep_error(rep, file, (unsigned long)a, message);
    } else if (strcmp(kind, "end") == 0 && w->count == 1) {
        *ended = true;
    } else {
        ok = false;
    }
    return ok;
}

bool report_read_state(report *rep, FILE *in, char *why) {
    char *line = NULL;
    size_t size = 0;
    unsigned long number = 0;
    bool ended = false, ok = true;
    words w;
    while (ok && !ended && getline(&line, &size, in) >= 0) {
        number++;
        if (!split(line, &w)) {
            ok = false;
        } else if (number == 1) {
            unsigned long long policies, limit;
            ok = w.count == 4 && strcmp(w.items[0], "xyzalert-backtest-state") == 0 && strcmp(w.items[1], "1") == 0 &&
                 number_of(w.items[2], &policies) && number_of(w.items[3], &limit);
            if (ok && (policies != rep->policies || limit != rep->limit)) {
                snprintf(why, 200, "a state of %llu policies keeping %llu changes, not %zu and %zu", policies, limit,
                         rep->policies, rep->limit);
                free(line);
                return false;
            }
        } else {
            ok = read_line(rep, &w, &ended);
        }
    }
    free(line);
    if (!ok) {
        snprintf(why, 200, "line %lu is not a line of a backtest's state", number);
    } else if (!ended) {
        snprintf(why, 200, "the state ends before its \"end\" line (line %lu)", number);
    }
    return ok && ended;
}
