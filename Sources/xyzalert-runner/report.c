/* A backtest's report (report.h): numbers by key, the first changes and
 * errors in session order, and merging two reports.
 *
 * The keys: "alert\tID\tshown", "alert\tID\tend\tREASON",
 * "alert\tID\ttime\tBUCKET", "alert\tID\ttime_ms\tBUCKET" (the times' sum,
 * in milliseconds), "alert\tID\taction\tACTION", "campaign\tID\ttriggered",
 * "campaign\tID\tskipped\tREASON", "campaign\tID\tvariant\tV",
 * "session\tshown", "session\tshown\tBUCKET", "reactions\tdropped",
 * "reactions\tmodelled", "removed_by_policy", "errors". */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"

static void *checked(void *memory) {
    if (!memory) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    return memory;
}

static char *copied(const char *text) {
    return text ? checked(strdup(text)) : NULL;
}

void report_init(report *rep, size_t policies, size_t limit) {
    memset(rep, 0, sizeof *rep);
    rep->policies = policies;
    rep->limit = limit;
}

static void free_change(report_change *c) {
    free(c->file);
    free(c->alert);
    free(c->campaign);
    free(c->reason);
}

void report_free(report *rep) {
    for (size_t i = 0; i < rep->entry_capacity; i++) free(rep->entries[i].key);
    free(rep->entries);
    for (size_t i = 0; i < rep->change_count; i++) free_change(&rep->changes[i]);
    free(rep->changes);
    for (size_t i = 0; i < rep->error_count; i++) {
        free(rep->errors[i].file);
        free(rep->errors[i].message);
    }
    free(rep->errors);
    memset(rep, 0, sizeof *rep);
}

/* ---- numbers by key (open addressing) ---- */

static uint64_t hash_of(const char *key) {
    uint64_t hash = 14695981039346656037u;
    for (const unsigned char *c = (const unsigned char *)key; *c; c++) hash = (hash ^ *c) * 1099511628211u;
    return hash;
}

static report_entry *slot_of(report_entry *entries, size_t capacity, const char *key) {
    size_t mask = capacity - 1;
    for (size_t i = (size_t)hash_of(key) & mask;; i = (i + 1) & mask) {
        if (!entries[i].key || strcmp(entries[i].key, key) == 0) return &entries[i];
    }
}

/* The entry of `key` (made when new; `key` is taken when it is). */
static report_counts *counts_of(report *rep, char *key, bool *taken) {
    if (2 * (rep->entry_count + 1) > rep->entry_capacity) {
        size_t capacity = rep->entry_capacity ? 2 * rep->entry_capacity : 256;
        report_entry *bigger = checked(calloc(capacity, sizeof *bigger));
        for (size_t i = 0; i < rep->entry_capacity; i++) {
            if (rep->entries[i].key) *slot_of(bigger, capacity, rep->entries[i].key) = rep->entries[i];
        }
        free(rep->entries);
        rep->entries = bigger;
        rep->entry_capacity = capacity;
    }
    report_entry *slot = slot_of(rep->entries, rep->entry_capacity, key);
    *taken = !slot->key;
    if (!slot->key) {
        slot->key = key;
        rep->entry_count++;
    }
    return &slot->counts;
}

const report_counts *report_find(const report *rep, const char *key) {
    if (!rep->entry_capacity) return NULL;
    const report_entry *slot = slot_of(rep->entries, rep->entry_capacity, key);
    return slot->key ? &slot->counts : NULL;
}

static void add_counts(report *rep, const char *key, size_t policy, uint64_t amount) {
    const report_counts *known = report_find(rep, key);
    if (known) { /* (found: no copy of the key) */
        ((report_counts *)known)->n[policy] += amount;
        return;
    }
    bool taken;
    char *owned = copied(key);
    counts_of(rep, owned, &taken)->n[policy] += amount;
    if (!taken) free(owned);
}

void report_add(report *rep, size_t policy, uint64_t amount, ...) {
    char key[512];
    size_t length = 0;
    va_list words;
    va_start(words, amount);
    for (const char *word = va_arg(words, const char *); word; word = va_arg(words, const char *)) {
        size_t size = strlen(word);
        if (length && length < sizeof key - 1) key[length++] = '\t';
        if (size > sizeof key - 1 - length) size = sizeof key - 1 - length;
        memcpy(key + length, word, size);
        length += size;
    }
    va_end(words);
    key[length] = 0;
    add_counts(rep, key, policy, amount);
}

/* ---- the first changes and errors, in session order ---- */

static int compare_place(const char *file_a, unsigned long line_a, const char *file_b, unsigned long line_b) {
    int by_file = strcmp(file_a, file_b);
    if (by_file) return by_file;
    return line_a < line_b ? -1 : line_a > line_b;
}

static int compare_changes(const report_change *a, const report_change *b) {
    int by_place = compare_place(a->file, a->line, b->file, b->line);
    if (by_place) return by_place;
    if (a->candidate != b->candidate) return a->candidate < b->candidate ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

void report_add_change(report *rep, const report_change *change) {
    size_t at = rep->change_count;
    while (at > 0 && compare_changes(&rep->changes[at - 1], change) > 0) at--;
    if (at >= rep->limit) return;
    if (!rep->changes) rep->changes = checked(calloc(rep->limit + 1, sizeof *rep->changes));
    if (rep->change_count == rep->limit) free_change(&rep->changes[--rep->change_count]);
    memmove(&rep->changes[at + 1], &rep->changes[at], (rep->change_count - at) * sizeof *rep->changes);
    report_change *c = &rep->changes[at];
    *c = *change;
    c->file = copied(change->file);
    c->alert = copied(change->alert);
    c->campaign = copied(change->campaign);
    c->reason = copied(change->reason);
    rep->change_count++;
}

void report_keep_error(report *rep, const char *file, unsigned long line, const char *message) {
    size_t at = rep->error_count;
    while (at > 0 && compare_place(rep->errors[at - 1].file, rep->errors[at - 1].line, file, line) > 0) at--;
    if (at >= rep->limit) return;
    if (!rep->errors) rep->errors = checked(calloc(rep->limit + 1, sizeof *rep->errors));
    if (rep->error_count == rep->limit) {
        rep->error_count--;
        free(rep->errors[rep->error_count].file);
        free(rep->errors[rep->error_count].message);
    }
    memmove(&rep->errors[at + 1], &rep->errors[at], (rep->error_count - at) * sizeof *rep->errors);
    rep->errors[at] = (report_error){copied(file), line, copied(message)};
    rep->error_count++;
}

void report_add_error(report *rep, session_name name, const char *message) {
    report_add(rep, 0, 1, "errors", (const char *)NULL);
    report_keep_error(rep, name.file, name.line, message);
}

void report_merge(report *rep, const report *part) {
    rep->sessions += part->sessions;
    rep->not_replayable += part->not_replayable;
    for (size_t p = 0; p < REPORT_MAX_POLICIES; p++) {
        rep->unchanged[p] += part->unchanged[p];
        rep->changed[p] += part->changed[p];
        if (part->shown_max.n[p] > rep->shown_max.n[p]) rep->shown_max.n[p] = part->shown_max.n[p];
    }
    for (size_t i = 0; i < part->entry_capacity; i++) {
        const report_entry *e = &part->entries[i];
        if (!e->key) continue;
        for (size_t p = 0; p < rep->policies; p++) add_counts(rep, e->key, p, e->counts.n[p]);
    }
    for (size_t i = 0; i < part->change_count; i++) report_add_change(rep, &part->changes[i]);
    for (size_t i = 0; i < part->error_count; i++) {
        report_keep_error(rep, part->errors[i].file, part->errors[i].line, part->errors[i].message);
    }
}

/* ---- time buckets: 0, then eighths of an octave from 2^-10 s (about 1
 * ms), whole seconds' powers of two starting buckets ---- */

static double edges[REPORT_TIME_BUCKETS];

static void make_edges(void) {
    if (edges[1] != 0) return;
    static const double eighths[8] = {1, 1.0905077326652577, 1.189207115002721, 1.2968395546510096,
                                      1.4142135623730951, 1.5422108254079407, 1.681792830507429, 1.8340080864093424};
    double octave = 1.0 / 1024; /* powers of two: exact */
    for (unsigned k = 1; k < REPORT_TIME_BUCKETS; k++) {
        edges[k] = octave * eighths[(k - 1) % 8]; /* bucket k starts here */
        if (k % 8 == 0) octave *= 2;
    }
}

unsigned report_time_bucket(double seconds) {
    make_edges();
    if (!(seconds >= edges[1])) return 0;
    unsigned low = 1, high = REPORT_TIME_BUCKETS; /* the last k with edges[k] <= seconds */
    while (high - low > 1) {
        unsigned middle = (low + high) / 2;
        if (edges[middle] <= seconds) low = middle; else high = middle;
    }
    return low;
}

double report_bucket_time(unsigned bucket) {
    make_edges();
    return bucket == 0 ? 0 : edges[bucket] * 1.0442737824274138; /* the bucket's middle: 2^(1/16) up */
}

int report_bucket_octave(unsigned bucket) {
    return bucket == 0 ? -11 : (int)((bucket - 1) / 8) - 10;
}
