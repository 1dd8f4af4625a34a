/* Fuzz target: rules (xyz_rule_eval_json). Half the inputs are rule and
 * data texts as they come (split at the first newline); the other half
 * drive a generator that writes well-formed rules from every operator over
 * awkward values, and data to match, so that evaluation itself is reached
 * often. Every call either gives one line of valid JSON, or fails with a
 * parse or schema error located in its text; anything else (a crash, a
 * hang, a leak, another status) aborts. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xyzalert.h"

static const char *const operators[] = {
    "var", "missing", "missing_some", "if", "?:", "==", "===", "!=", "!==", "!", "!!", "or", "and",
    "<", "<=", ">", ">=", "max", "min", "+", "-", "*", "/", "%", "map", "filter", "reduce", "all",
    "none", "some", "merge", "in", "cat", "substr", "log", "sem_ver", "starts_with", "ends_with", "fractional"};
static const char *const atoms[] = {
    "null", "true", "false", "0", "-0.0", "1", "-1", "2", "0.5", "1e21", "1e-7", "9007199254740993", "\"\"",
    "\"0\"", "\"1\"", "\"a\"", "\"a.b\"", "\"length\"", "\" 12 \"", "\"0x1F\"", "\"Infinity\"", "\"1.2.3\"",
    "\"v2.0.0-rc.1+b\"", "\"=\"", "\"^\"", "\"~\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "[]", "[1,2]",
    "[[\"a\",50],[\"b\",50]]", "{}", "{\"a\":1,\"b\":[2]}", "\"current\"", "\"accumulator\"", "\"targetingKey\""};
enum { OPERATORS = sizeof operators / sizeof operators[0], ATOMS = sizeof atoms / sizeof atoms[0] };

typedef struct {
    const uint8_t *data;
    size_t size, at;
    char *out;
    size_t length, capacity;
} writer;

static unsigned next(writer *w) {
    return w->at < w->size ? w->data[w->at++] : 0;
}

static void put(writer *w, const char *text) {
    size_t n = strlen(text);
    if (w->length + n + 1 > w->capacity) {
        w->capacity = (w->length + n + 1) * 2;
        w->out = realloc(w->out, w->capacity);
        if (!w->out) abort();
    }
    memcpy(w->out + w->length, text, n + 1);
    w->length += n;
}

/* A value: an atom, a var, an array or an operator applied to arguments. */
static void value(writer *w, int depth) {
    unsigned choice = next(w);
    if (depth > 6 || choice < 80 || w->at >= w->size) {
        put(w, atoms[next(w) % ATOMS]);
    } else if (choice < 110) {
        put(w, "{\"var\":");
        put(w, atoms[next(w) % ATOMS]);
        put(w, "}");
    } else if (choice < 130) {
        put(w, "[");
        for (unsigned i = 0, n = next(w) % 4; i < n; i++) {
            if (i) put(w, ",");
            value(w, depth + 1);
        }
        put(w, "]");
    } else {
        put(w, "{\"");
        put(w, operators[next(w) % OPERATORS]);
        put(w, "\":[");
        for (unsigned i = 0, n = next(w) % 5; i < n; i++) {
            if (i) put(w, ",");
            value(w, depth + 1);
        }
        put(w, "]}");
    }
}

static void check(const char *rule, const char *data) {
    char *result = NULL;
    xyz_error error;
    xyz_status status = xyz_rule_eval_json(rule, data, &result, &error);
    if (status == XYZ_OK) {
        json_error_t parse;
        json_t *parsed = result ? json_loads(result, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL, &parse) : NULL;
        if (!parsed || strchr(result, '\n')) {
            fprintf(stderr, "not one line of JSON: %s\n", result ? result : "(null)");
            abort();
        }
        json_decref(parsed);
        xyz_free(result);
        return;
    }
    if ((status != XYZ_EPARSE && status != XYZ_ESCHEMA) || result || error.status != status || error.line < 1 ||
        error.column < 1 || (strcmp(error.source, "<rule>") != 0 && strcmp(error.source, "<data>") != 0)) {
        fprintf(stderr, "bad failure %d (%s:%d:%d): %s\n", (int)status, error.source, error.line, error.column,
                error.message);
        abort();
    }
    const char *text = strcmp(error.source, "<rule>") == 0 ? rule : data;
    if (error.position > strlen(text)) {
        fprintf(stderr, "position %zu past the text's end\n", error.position);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size) {
    if (size == 0) return 0;
    if (bytes[0] & 1) {
        writer rule = {bytes, size, 1, NULL, 0, 0}, data = {bytes, size, 0, NULL, 0, 0};
        value(&rule, 0);
        data.at = rule.at;
        put(&data, "{\"a\":");
        value(&data, 4);
        put(&data, ",\"targetingKey\":\"user-1\",\"version\":\"2.4.0\",\"list\":[1,\"2\",[3]]}");
        check(rule.out, data.out);
        free(rule.out);
        free(data.out);
        return 0;
    }
    char *text = malloc(size);
    if (!text) abort();
    memcpy(text, bytes + 1, size - 1);
    text[size - 1] = '\0';
    char *newline = memchr(text, '\n', size - 1);
    if (newline) *newline = '\0';
    check(text, newline ? newline + 1 : NULL);
    free(text);
    return 0;
}
