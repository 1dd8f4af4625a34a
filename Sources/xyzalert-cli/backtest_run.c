/* `xyzalert backtest`: replays a corpus of sessions under a baseline and
 * its candidates (docs/rules.md §23), in one process or in --jobs forked
 * ones whose reports merge into the same bytes, with --sample's seeded
 * choice and a progress bar on a terminal. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS (POSIX 2024) */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "backtest.h"
#include "backtest_run.h"
#include "corpus.h"

/* A session chosen by --sample. */
typedef struct chosen {
    uint64_t hash;
    char *file;
    unsigned long line;
} chosen;

typedef struct run {
    const backtest_options *options;
    backtest_inputs in;
    report rep;
    chosen *sample; /* sorted by place once chosen; NULL: every session */
    size_t sample_count;
    size_t jobs, worker;
    uint64_t ordinal; /* sessions selected so far (of this part) */
    uint64_t in_corpus; /* sessions of the sample (or the corpus) so far */
    uint64_t total;   /* for the progress bar (0: unknown) */
    volatile uint64_t *done; /* per job, shared with the parent */
    bool progress; /* a bar on standard error (in one process: drawn as it goes) */
    double started, drawn;
} run;

static uint64_t place_hash(uint64_t seed, session_name name) {
    uint64_t h = 14695981039346656037u ^ seed;
    for (const unsigned char *c = (const unsigned char *)name.file; *c; c++) h = (h ^ *c) * 1099511628211u;
    h = (h ^ 0) * 1099511628211u;
    for (int i = 0; i < 8; i++) h = (h ^ ((name.line >> (8 * i)) & 0xff)) * 1099511628211u;
    h ^= h >> 30, h *= 0xbf58476d1ce4e5b9u, h ^= h >> 27, h *= 0x94d049bb133111ebu, h ^= h >> 31;
    return h;
}

static int compare_place(const chosen *a, const chosen *b) {
    int by_file = strcmp(a->file, b->file);
    return by_file ? by_file : (a->line < b->line ? -1 : a->line > b->line);
}

/* Max-heap order by hash, then place: the root is the one to drop. */
static bool after(const chosen *a, const chosen *b) {
    return a->hash > b->hash || (a->hash == b->hash && compare_place(a, b) > 0);
}

static void sift_down(chosen *heap, size_t count, size_t i) {
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= count) return;
        if (child + 1 < count && after(&heap[child + 1], &heap[child])) child++;
        if (!after(&heap[child], &heap[i])) return;
        chosen swap = heap[i];
        heap[i] = heap[child];
        heap[child] = swap;
        i = child;
    }
}

/* --sample's first pass: keeps the N places of smallest hash. */
static void sample_name(session_name name, const char *text, size_t length, void *context) {
    (void)text, (void)length;
    run *r = context;
    chosen c = {place_hash(r->options->seed, name), (char *)name.file, name.line};
    size_t n = r->options->sample;
    if (r->sample_count < n) {
        c.file = text_printf("%s", name.file);
        size_t i = r->sample_count++;
        r->sample[i] = c;
        while (i > 0 && after(&r->sample[i], &r->sample[(i - 1) / 2])) {
            chosen swap = r->sample[i];
            r->sample[i] = r->sample[(i - 1) / 2];
            r->sample[(i - 1) / 2] = swap;
            i = (i - 1) / 2;
        }
    } else if (n && after(&r->sample[0], &c)) {
        free(r->sample[0].file);
        c.file = text_printf("%s", name.file);
        r->sample[0] = c;
        sift_down(r->sample, r->sample_count, 0);
    }
}

static int by_place(const void *a, const void *b) {
    return compare_place(a, b);
}

static void count_name(session_name name, const char *text, size_t length, void *context) {
    (void)name, (void)text, (void)length;
    ((run *)context)->total++;
}

static void ignore_failure(session_name name, const char *message, void *context) {
    (void)name, (void)message, (void)context;
}

static void draw_progress(run *r);

static void replay_session(session_name name, const char *text, size_t length, void *context) {
    run *r = context;
    if (r->sample) {
        chosen key = {0, (char *)name.file, name.line};
        if (!bsearch(&key, r->sample, r->sample_count, sizeof key, by_place)) return;
    }
    if (r->options->parts && r->in_corpus++ % r->options->parts != r->options->part) return;
    if (r->ordinal++ % r->jobs != r->worker) return;
    backtest_session(&r->in, name, text, length, &r->rep);
    r->done[r->worker]++;
    if (r->progress && r->jobs == 1 && r->done[0] % 64 == 0) draw_progress(r);
}

/* A path that could not be read is one error, the first job's of the first part. */
static void corpus_failed(session_name name, const char *message, void *context) {
    run *r = context;
    if (r->worker == 0 && r->options->part == 0) report_add_error(&r->rep, name, message);
}

/* ---- progress, on standard error when it is a terminal ---- */

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void show_progress(const run *r, double started, bool last);

/* In one process: the bar again, at most five times a second. */
static void draw_progress(run *r) {
    double now = seconds_now();
    if (now - r->drawn < 0.2) return;
    r->drawn = now;
    show_progress(r, r->started, false);
}

static void show_progress(const run *r, double started, bool last) {
    uint64_t done = 0;
    for (size_t k = 0; k < r->jobs; k++) done += r->done[k];
    double elapsed = seconds_now() - started;
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    char left[32] = "";
    if (rate > 0 && r->total >= done) {
        long seconds = (long)((double)(r->total - done) / rate + 0.5);
        snprintf(left, sizeof left, ", %ld:%02ld left", seconds / 60, seconds % 60);
    }
    int width = 30, filled = r->total ? (int)((double)width * (double)done / (double)r->total) : 0;
    fprintf(stderr, "\r[%.*s%*s] %llu/%llu sessions, %.0f/s%s\033[K", filled, "##############################",
            width - filled, "", (unsigned long long)done, (unsigned long long)r->total, rate, left);
    if (last) fputs("\r\033[K", stderr);
    fflush(stderr);
}

/* ---- jobs ---- */

/* Runs job `worker` over the corpus into r->rep. */
static void run_job(run *r, size_t worker) {
    r->worker = worker;
    r->ordinal = 0;
    r->in_corpus = 0;
    corpus_reader reader = {replay_session, corpus_failed, r, false};
    corpus_read(r->options->corpus, r->options->corpus_count, &reader);
}

/* Runs the jobs in forked processes, each handing its report's state back
 * through a pipe; merges them in job order. False when a job failed. */
static bool run_forked(run *r, bool progress, double started) {
    size_t jobs = r->jobs;
    int *fds = calloc(jobs, sizeof *fds);
    pid_t *pids = calloc(jobs, sizeof *pids);
    char **texts = calloc(jobs, sizeof *texts);
    size_t *lengths = calloc(jobs, sizeof *lengths), *capacities = calloc(jobs, sizeof *capacities);
    struct pollfd *polls = calloc(jobs, sizeof *polls);
    if (!fds || !pids || !texts || !lengths || !capacities || !polls) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    fflush(NULL);
    for (size_t k = 0; k < jobs; k++) {
        int pipe_fds[2];
        if (pipe(pipe_fds) != 0 || (pids[k] = fork()) < 0) {
            fprintf(diagnostics(), "xyzalert backtest: cannot start job %zu: %s\n", k + 1, strerror(errno));
            exit(EXIT_USAGE);
        }
        if (pids[k] == 0) {
            close(pipe_fds[0]);
            for (size_t j = 0; j < k; j++) close(fds[j]);
            run_job(r, k);
            FILE *out = fdopen(pipe_fds[1], "w");
            if (!out) _exit(EXIT_USAGE);
            report_write_state(&r->rep, out);
            _exit(fclose(out) == 0 ? EXIT_VALID : EXIT_USAGE);
        }
        close(pipe_fds[1]);
        fds[k] = pipe_fds[0];
    }
    size_t open = jobs;
    while (open) {
        for (size_t k = 0; k < jobs; k++) polls[k] = (struct pollfd){fds[k], POLLIN, 0};
        if (poll(polls, jobs, 200) < 0 && errno != EINTR) break;
        for (size_t k = 0; k < jobs; k++) {
            if (fds[k] < 0 || !(polls[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            if (capacities[k] - lengths[k] < 65536) {
                capacities[k] = capacities[k] ? 2 * capacities[k] : 1 << 17;
                texts[k] = realloc(texts[k], capacities[k]);
                if (!texts[k]) exit(EXIT_USAGE);
            }
            ssize_t got = read(fds[k], texts[k] + lengths[k], capacities[k] - lengths[k]);
            if (got > 0) {
                lengths[k] += (size_t)got;
            } else if (got == 0 || errno != EINTR) {
                close(fds[k]);
                fds[k] = -1;
                open--;
            }
        }
        if (progress) show_progress(r, started, false);
    }
    bool ok = true;
    for (size_t k = 0; k < jobs; k++) {
        int status = 0;
        waitpid(pids[k], &status, 0);
        char why[200] = "it stopped";
        FILE *in = texts[k] ? fmemopen(texts[k], lengths[k], "r") : NULL;
        bool read = WIFEXITED(status) && WEXITSTATUS(status) == 0 && in && report_read_state(&r->rep, in, why);
        if (in) fclose(in);
        if (!read) {
            fprintf(diagnostics(), "xyzalert backtest: job %zu failed: %s\n", k + 1, why);
            ok = false;
        }
        free(texts[k]);
    }
    free(fds);
    free(pids);
    free(texts);
    free(lengths);
    free(capacities);
    free(polls);
    return ok;
}

bool backtest_corpus(const backtest_options *options, const backtest_inputs *in, report *out) {
    run r = {.options = options, .in = *in, .jobs = options->jobs ? options->jobs : 1};
    report_init(&r.rep, in->policy_count, options->limit);
    bool progress = isatty(STDERR_FILENO);
    if (options->sampling) {
        r.sample = calloc(options->sample + 1, sizeof *r.sample);
        if (!r.sample) exit(EXIT_USAGE);
        corpus_reader names = {sample_name, ignore_failure, &r, true};
        corpus_read(options->corpus, options->corpus_count, &names);
        qsort(r.sample, r.sample_count, sizeof *r.sample, by_place);
        r.total = r.sample_count;
    } else if (progress) {
        corpus_reader names = {count_name, ignore_failure, &r, true};
        corpus_read(options->corpus, options->corpus_count, &names);
    }
    r.done = mmap(NULL, r.jobs * sizeof *r.done, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (r.done == MAP_FAILED) exit(EXIT_USAGE);
    double started = r.started = seconds_now();
    r.progress = progress;
    bool ok = true;
    if (r.jobs == 1) {
        run_job(&r, 0);
    } else {
        ok = run_forked(&r, progress, started);
    }
    if (progress) show_progress(&r, started, true);
    munmap((void *)r.done, r.jobs * sizeof *r.done);
    for (size_t i = 0; i < r.sample_count; i++) free(r.sample[i].file);
    free(r.sample);
    *out = r.rep;
    return ok;
}
