/* `xyzalert backtest`'s arguments, its inputs' loading and its output
 * (docs/cli.md). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backtest_run.h"

/* A whole number from `minimum` to `maximum`; false when `text` is not one. */
static bool whole_number(const char *text, unsigned long long minimum, unsigned long long maximum,
                         unsigned long long *value) {
    char *end;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return !errno && *end == 0 && end != text && text[0] != '-' && *value >= minimum && *value <= maximum;
}

static int parse(int argc, char **argv, backtest_options *o, int (*usage)(const char *, const char *),
                 int (*unknown)(const char *)) {
    bool options = true, seeded = false;
    o->format = "text";
    o->jobs = 1;
    o->limit = 100;
    o->corpus = calloc((size_t)argc + 1, sizeof *o->corpus);
    if (!o->corpus) exit(EXIT_USAGE);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool valued = options && a[0] == '-' && a[1] == '-' && strcmp(a, "--") != 0 && strcmp(a, "--merge") != 0;
        if (valued && i + 1 >= argc) {
            char *message = text_printf("%s needs a value", a);
            int status = strcmp(a, "--baseline") && strcmp(a, "--candidate") && strcmp(a, "--model") &&
                                 strcmp(a, "--format") && strcmp(a, "--out") && strcmp(a, "--jobs") &&
                                 strcmp(a, "--sample") && strcmp(a, "--seed") && strcmp(a, "--changes") &&
                                 strcmp(a, "--part")
                             ? unknown(a) : usage(message, NULL);
            free(message);
            return status;
        }
        unsigned long long n;
        if (options && strcmp(a, "--") == 0) {
            options = false;
        } else if (options && strcmp(a, "--merge") == 0) {
            o->merge = true;
        } else if (options && strcmp(a, "--baseline") == 0) {
            if (o->policies[0]) return usage("one --baseline only, got another:", argv[i + 1]);
            o->policies[0] = argv[++i];
        } else if (options && strcmp(a, "--candidate") == 0) {
            if (o->policy_count == REPORT_MAX_POLICIES - 1) {
                return usage("at most 7 --candidate files, got another:", argv[i + 1]);
            }
            o->policies[1 + o->policy_count++] = argv[++i];
        } else if (options && strcmp(a, "--model") == 0) {
            o->model = argv[++i];
        } else if (options && strcmp(a, "--out") == 0) {
            o->out = argv[++i];
        } else if (options && strcmp(a, "--format") == 0) {
            o->format = argv[++i];
            if (strcmp(o->format, "text") && strcmp(o->format, "json") && strcmp(o->format, "html") &&
                strcmp(o->format, "state")) {
                return usage("unknown format (text, json, html or state):", o->format);
            }
        } else if (options && strcmp(a, "--jobs") == 0) {
            if (!whole_number(argv[++i], 1, 256, &n)) return usage("--jobs takes a whole number from 1 to 256, got", argv[i]);
            o->jobs = (unsigned long)n;
        } else if (options && strcmp(a, "--sample") == 0) {
            if (!whole_number(argv[++i], 0, 100000000, &n)) {
                return usage("--sample takes a whole number from 0 to 100000000, got", argv[i]);
            }
            o->sampling = true;
            o->sample = (unsigned long)n;
        } else if (options && strcmp(a, "--seed") == 0) {
            if (!whole_number(argv[++i], 0, UINT64_MAX, &n)) return usage("--seed takes a whole number, got", argv[i]);
            o->seed = n;
            seeded = true;
        } else if (options && strcmp(a, "--part") == 0) {
            const char *text = argv[++i], *slash = strchr(text, '/');
            char *k = slash ? text_printf("%.*s", (int)(slash - text), text) : NULL;
            unsigned long long m;
            bool ok = k && whole_number(k, 0, 1000000, &n) && whole_number(slash + 1, 1, 1000000, &m) && n < m;
            free(k);
            if (!ok) return usage("--part takes K/N, N from 1 to 1000000 and K from 0 to N - 1, got", text);
            o->part = (unsigned long)n;
            o->parts = (unsigned long)m;
        } else if (options && strcmp(a, "--changes") == 0) {
            if (!whole_number(argv[++i], 0, 1000000, &n)) {
                return usage("--changes takes a whole number from 0 to 1000000, got", argv[i]);
            }
            o->limit = (size_t)n;
        } else if (options && a[0] == '-' && a[1] != '\0') {
            return unknown(a);
        } else {
            o->corpus[o->corpus_count++] = argv[i];
        }
    }
    if (!o->policies[0]) return usage("missing --baseline FILE", NULL);
    if (!o->policy_count) return usage("missing --candidate FILE", NULL);
    if (seeded && !o->sampling) return usage("--seed goes with --sample", NULL);
    if (o->merge && (o->sampling || o->parts)) {
        return usage(o->parts ? "--merge reads reports' states, which --part cannot share out"
                              : "--merge reads reports' states, which --sample cannot choose from", NULL);
    }
    if (!o->corpus_count) return usage(o->merge ? "missing STATE" : "missing CORPUS", NULL);
    o->policy_count++;
    return -1;
}

/* The inputs every session is replayed under; false after saying why. */
static bool load_inputs(const backtest_options *o, backtest_inputs *in) {
    xyz_error error;
    in->policy_count = o->policy_count;
    for (size_t p = 0; p < o->policy_count; p++) {
        in->policies[p] = load_catalog(o->policies[p], &error);
        if (!in->policies[p]) {
            print_load_error(&error);
            return false;
        }
    }
    if (o->model && !(in->model = xyz_response_model_load_file(o->model, &error))) {
        print_load_error(&error);
        return false;
    }
    return true;
}

/* The states of --merge, added into `rep`; false after saying why. */
static bool merge_states(const backtest_options *o, report *rep) {
    for (size_t i = 0; i < o->corpus_count; i++) {
        FILE *in = is_stdin(o->corpus[i]) ? stdin : fopen(o->corpus[i], "r");
        char why[200];
        if (!in) {
            fprintf(diagnostics(), "xyzalert backtest: %s: error: cannot open: %s\n", o->corpus[i], strerror(errno));
            return false;
        }
        bool read = report_read_state(rep, in, why);
        if (in != stdin) fclose(in);
        if (!read) {
            fprintf(diagnostics(), "xyzalert backtest: %s: error: not a backtest's state: %s\n",
                    input_name(o->corpus[i]), why);
            return false;
        }
    }
    return true;
}

static int write_report(const backtest_options *o, const report *rep) {
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out) exit(EXIT_USAGE);
    if (strcmp(o->format, "json") == 0) {
        report_print_json(rep, o->policies, out);
    } else if (strcmp(o->format, "html") == 0) {
        report_print_html(rep, o->policies, out);
    } else if (strcmp(o->format, "state") == 0) {
        report_write_state(rep, out);
    } else {
        report_print_text(rep, o->policies, out);
    }
    fclose(out);
    int status = EXIT_VALID;
    if (o->out) {
        xyz_error error;
        if (xyz_file_write(o->out, text, length, &error) != XYZ_OK) {
            fprintf(diagnostics(), "xyzalert backtest: cannot write the report to '%s': %s\n", o->out, error.message);
            status = EXIT_USAGE;
        }
    } else if (fwrite(text, 1, length, stdout) != length || fflush(stdout) != 0) {
        status = EXIT_USAGE;
    }
    free(text);
    return status;
}

int cli_backtest(int argc, char **argv, int (*usage)(const char *message, const char *argument),
                 int (*unknown)(const char *argument)) {
    backtest_options o;
    memset(&o, 0, sizeof o);
    int status = parse(argc, argv, &o, usage, unknown);
    if (status >= 0) {
        free(o.corpus);
        return status;
    }
    backtest_inputs in;
    memset(&in, 0, sizeof in);
    report rep;
    report_init(&rep, o.policy_count, o.limit);
    if (!load_inputs(&o, &in)) {
        status = EXIT_INVALID;
    } else if (o.merge) {
        status = merge_states(&o, &rep) ? write_report(&o, &rep) : EXIT_INVALID;
    } else {
        report_free(&rep);
        status = backtest_corpus(&o, &in, &rep) ? write_report(&o, &rep) : EXIT_USAGE;
    }
    report_free(&rep);
    for (size_t p = 0; p < in.policy_count; p++) xyz_catalog_free((xyz_catalog *)in.policies[p]);
    xyz_response_model_free((xyz_response_model *)in.model);
    free(o.corpus);
    return status;
}
