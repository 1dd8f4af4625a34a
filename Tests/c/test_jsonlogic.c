/* Rules through the C ABI (xyz_rule_eval_json, xyz_rule_explain_json):
 * JsonLogic's official test suite (Tests/rules/jsonlogic/tests.json), with
 * explanation on too, located load errors, the bounds on depth, size and
 * steps, and NULL arguments. */
#include <jansson.h>
#include <stdlib.h>

#include "harness.h"

/* Equal as JSON values, numbers by value (1 and 1.0 are one number). */
static int same_json(const json_t *a, const json_t *b) {
    if (json_is_number(a) && json_is_number(b)) {
        return json_number_value(a) == json_number_value(b);
    }
    if (json_typeof(a) != json_typeof(b)) {
        return 0;
    }
    if (json_is_array(a)) {
        if (json_array_size(a) != json_array_size(b)) return 0;
        for (size_t i = 0; i < json_array_size(a); i++) {
            if (!same_json(json_array_get(a, i), json_array_get(b, i))) return 0;
        }
        return 1;
    }
    if (json_is_object(a)) {
        if (json_object_size(a) != json_object_size(b)) return 0;
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)a, key, value) {
            json_t *other = json_object_get(b, key);
            if (!other || !same_json(value, other)) return 0;
        }
        return 1;
    }
    return json_equal((json_t *)a, (json_t *)b);
}

/* JsonLogic's truthiness: not false, null, 0, NaN, "" or []. */
static int truthy(const json_t *value) {
    if (json_is_false(value) || json_is_null(value)) return 0;
    if (json_is_number(value)) return json_number_value(value) != 0;
    if (json_is_string(value)) return json_string_length(value) > 0;
    if (json_is_array(value)) return json_array_size(value) > 0;
    return 1;
}

/* The result text of `rule` on `data`, or NULL (with the status in *status). */
static char *eval(const char *rule, const char *data, xyz_status *status, xyz_error *error) {
    char *result = NULL;
    *status = xyz_rule_eval_json(rule, data, &result, error);
    return result;
}

static void official_suite_passes_in_full(void) {
    json_error_t parse;
    json_t *suite = json_load_file("Tests/rules/jsonlogic/tests.json", 0, &parse);
    CHECK(suite != NULL);
    if (!suite) return;
    size_t cases = 0, failures = 0, i;
    json_t *item;
    json_array_foreach(suite, i, item) {
        if (json_is_string(item)) continue; /* a section's title */
        cases++;
        char *rule = json_dumps(json_array_get(item, 0), JSON_ENCODE_ANY | JSON_COMPACT);
        char *data = json_dumps(json_array_get(item, 1), JSON_ENCODE_ANY | JSON_COMPACT);
        xyz_status status;
        xyz_error error;
        char *result = eval(rule, data, &status, &error);
        json_t *got = result ? json_loads(result, JSON_DECODE_ANY, &parse) : NULL;
        if (status != XYZ_OK || !got || !same_json(got, json_array_get(item, 2))) {
            char *expected = json_dumps(json_array_get(item, 2), JSON_ENCODE_ANY | JSON_COMPACT);
            fprintf(stderr, "  %s on %s: expected %s, got %s (%s)\n", rule, data, expected, result ? result : "no result",
                    xyz_status_name(status));
            free(expected);
            failures++;
        }
        /* Explained, the result is the same, and an explanation comes
         * exactly with a falsy one (docs/rules.md §20). */
        char *explained = NULL, *explanation = NULL;
        xyz_status explain_status = xyz_rule_explain_json(rule, data, &explained, &explanation, &error);
        if (explain_status != status || (result && (!explained || strcmp(explained, result) != 0)) ||
            (got && (explanation == NULL) != truthy(got)) || (explanation && explanation[0] == '\0')) {
            fprintf(stderr, "  %s on %s explained: %s, %s (%s)\n", rule, data, explained ? explained : "no result",
                    explanation ? explanation : "no explanation", xyz_status_name(explain_status));
            failures++;
        }
        xyz_free(explained);
        xyz_free(explanation);
        json_decref(got);
        xyz_free(result);
        free(rule);
        free(data);
    }
    json_decref(suite);
    CHECK(cases == 277); /* the file's cases, all of them read */
    CHECK(failures == 0);
}

static void unknown_operators_are_located_with_the_nearest_name(void) {
    xyz_status status;
    xyz_error error;
    char *result = (char *)"untouched";
    result = eval("{\"and\": [true,\n  {\"strats_with\": [{\"var\": \"id\"}, \"a\"]}]}", NULL, &status, &error);
    CHECK(status == XYZ_ESCHEMA && result == NULL && error.status == XYZ_ESCHEMA);
    CHECK_STR(error.message, "unknown operator 'strats_with'; did you mean 'starts_with'?");
    CHECK_STR(error.pointer, "/and/1");
    CHECK_STR(error.source, "<rule>");
    CHECK(error.line == 2 && error.column == 3);
    /* No name near enough: no guess. */
    result = eval("{\"frobnicate\": 1}", NULL, &status, &error);
    CHECK(status == XYZ_ESCHEMA && result == NULL);
    CHECK_STR(error.message, "unknown operator 'frobnicate'");
    /* Not JSON: a parse error in the data, named so. */
    result = eval("{\"var\": \"a\"}", "{\"a\": }", &status, &error);
    CHECK(status == XYZ_EPARSE && result == NULL);
    CHECK_STR(error.source, "<data>");
    CHECK(error.line == 1 && error.column == 7);
    /* Bytes that are not UTF-8 are a parse error at their place, not text
     * mended into U+FFFD (which would also move every position after). */
    result = eval("{\"cat\": [\"\xe0\xe0\"]}", NULL, &status, &error);
    CHECK(status == XYZ_EPARSE && result == NULL);
    CHECK(error.line == 1 && error.position < 16);
}

/* A text of `depth` nested arrays around 1. */
static char *nested(size_t depth) {
    char *text = malloc(2 * depth + 2);
    memset(text, '[', depth);
    text[depth] = '1';
    memset(text + depth + 1, ']', depth);
    text[2 * depth + 1] = '\0';
    return text;
}

static void depth_and_size_are_bounded_at_load(void) {
    xyz_status status;
    xyz_error error;
    char *deep = nested(129);
    CHECK(eval(deep, NULL, &status, &error) == NULL && status == XYZ_ESCHEMA);
    CHECK_STR(error.message, "the rule nests deeper than 128 levels");
    CHECK(eval("null", deep, &status, &error) == NULL && status == XYZ_ESCHEMA);
    CHECK_STR(error.message, "the data nests deeper than 128 levels");
    CHECK_STR(error.source, "<data>");
    free(deep);
    /* 10,000 deep: Jansson stops first; a load error, not a stack overflow. */
    deep = nested(10000);
    CHECK(eval(deep, NULL, &status, &error) == NULL && status == XYZ_EPARSE);
    free(deep);
    char *ok = nested(128);
    char *result = eval(ok, NULL, &status, &error);
    CHECK(status == XYZ_OK && result && strncmp(result, "[[[", 3) == 0);
    xyz_free(result);
    free(ok);
    /* An argument list of a million values. */
    size_t count = 1000000;
    char *wide = malloc(12 + 2 * count);
    strcpy(wide, "{\"cat\":[");
    size_t at = strlen(wide);
    for (size_t i = 0; i < count; i++) {
        wide[at++] = '1';
        wide[at++] = ',';
    }
    strcpy(wide + at - 1, "]}");
    CHECK(eval(wide, NULL, &status, &error) == NULL && status == XYZ_ESCHEMA);
    CHECK_STR(error.message, "the rule holds more than 65536 values");
    free(wide);
}

static void evaluation_never_fails(void) {
    static const char *const cases[][3] = {
        {"{\"*\": []}", "null", "null"},                        /* JavaScript throws: null */
        {"{\"if\": []}", "null", "null"},
        {"{\"and\": []}", "null", "null"},                      /* undefined */
        {"{\"+\": [\"a\"]}", "null", "null"},                    /* NaN */
        {"{\"/\": [1, 0]}", "null", "null"},                    /* Infinity */
        {"{\"missing_some\": [1]}", "null", "null"},            /* options.length of undefined */
        {"{\"sem_ver\": [\"1.0\", \"=\"]}", "null", "null"},     /* flagd: null */
        {"{\"starts_with\": [1, \"1\"]}", "null", "null"},
        {"{\"fractional\": [[\"a\", 1]]}", "{}", "null"},       /* no targetingKey */
        /* A million steps, then null: each step doubles the string. */
        {"{\"reduce\": [{\"var\": \"l\"}, {\"cat\": [{\"var\": \"accumulator\"}, {\"var\": \"accumulator\"}]}, \"ab\"]}",
         "{\"l\": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}", "null"},
        /* Values built deeper than 256: null, not a deep stack. */
        {"{\"reduce\": [{\"var\": \"l\"}, [{\"var\": \"accumulator\"}], 0]}", NULL, "null"},
    };
    /* 300 elements for the last case. */
    char list[1024] = "{\"l\": [";
    for (int i = 0; i < 300; i++) strcat(list, i ? ",1" : "1");
    strcat(list, "]}");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xyz_status status;
        xyz_error error;
        char *result = eval(cases[i][0], cases[i][1] ? cases[i][1] : list, &status, &error);
        CHECK_STATUS(status, XYZ_OK);
        CHECK_STR(result, cases[i][2]);
        xyz_free(result);
    }
    /* Shallower than the bound, the same reduce gives its nested value. */
    xyz_status status;
    xyz_error error;
    char *result = eval("{\"reduce\": [{\"var\": \"l\"}, [{\"var\": \"accumulator\"}], 0]}", "{\"l\": [1,1]}", &status,
                        &error);
    CHECK_STR(result, "[[0]]");
    xyz_free(result);
}

static void null_arguments_are_einval_and_data_null_is_null(void) {
    xyz_error error;
    char *result = (char *)"untouched";
    CHECK_STATUS(xyz_rule_eval_json(NULL, "1", &result, &error), XYZ_EINVAL);
    CHECK(error.status == XYZ_EINVAL && strstr(error.message, "rule_json is NULL"));
    CHECK_STR(result, "untouched");
    CHECK_STATUS(xyz_rule_eval_json("1", NULL, NULL, NULL), XYZ_EINVAL);
    char *explanation = (char *)"untouched";
    CHECK_STATUS(xyz_rule_explain_json("1", NULL, &result, NULL, &error), XYZ_EINVAL);
    CHECK(strstr(error.message, "explanation is NULL") != NULL);
    CHECK_STATUS(xyz_rule_explain_json("{\"var\": 1}", "{", &result, &explanation, &error), XYZ_EPARSE);
    CHECK_STR(explanation, "untouched");
    CHECK_STR(error.source, "<data>");
    result = NULL;
    CHECK_STATUS(xyz_rule_eval_json("{\"var\": \"\"}", NULL, &result, NULL), XYZ_OK);
    CHECK_STR(result, "null");
    xyz_free(result);
    result = NULL;
    CHECK_STATUS(xyz_rule_eval_json("{\"cat\": [\"caf\\u00e9 \", {\"var\": \"q\"}]}", "{\"q\": \"\\\"\\n\"}", &result,
                                    &error),
                 XYZ_OK);
    CHECK_STR(result, "\"caf\xc3\xa9 \\\"\\n\"");
    CHECK(error.status == XYZ_OK);
    xyz_free(result);
}

const test_case jsonlogic_tests[] = {
    {"official_suite_passes_in_full", official_suite_passes_in_full},
    {"unknown_operators_are_located_with_the_nearest_name", unknown_operators_are_located_with_the_nearest_name},
    {"depth_and_size_are_bounded_at_load", depth_and_size_are_bounded_at_load},
    {"evaluation_never_fails", evaluation_never_fails},
    {"null_arguments_are_einval_and_data_null_is_null", null_arguments_are_einval_and_data_null_is_null},
    {NULL, NULL},
};
