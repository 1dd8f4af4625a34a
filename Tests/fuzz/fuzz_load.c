/* Fuzz target: the alert-set and scenario loaders through the C API. Every
 * input either loads, or fails with an error whose line, column, byte
 * position and JSON pointer agree with the text: the position is a character
 * boundary inside it, line and column are those of the position, the pointer
 * is a well-formed RFC 6901 pointer, and for a schema error it names a value
 * that exists in the document; campaigns that load are run (run_campaigns).
 * (A pointer may hold control characters: keys
 * can, through escapes; the tool prints them escaped.) A violation
 * aborts, which the fuzzer reports with the input. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xyzalert_tooling.h"

static void fail(const char *what, const xyz_error *e) {
    fprintf(stderr, "inconsistent error (%s): %d:%d position %zu pointer '%s': %s\n", what, e->line, e->column,
            e->position, e->pointer, e->message);
    abort();
}

/* Follows an RFC 6901 pointer through a Jansson document. */
static json_t *resolve(json_t *root, const char *pointer) {
    json_t *at = root;
    const char *p = pointer;
    while (*p == '/') {
        p++;
        char token[256];
        size_t n = 0;
        while (*p && *p != '/' && n + 1 < sizeof token) {
            if (p[0] == '~' && p[1] == '0') { token[n++] = '~'; p += 2; }
            else if (p[0] == '~' && p[1] == '1') { token[n++] = '/'; p += 2; }
            else token[n++] = *p++;
        }
        token[n] = '\0';
        if (json_is_object(at)) {
            at = json_object_get(at, token);
        } else if (json_is_array(at)) {
            char *end;
            unsigned long index = strtoul(token, &end, 10);
            at = *end ? NULL : json_array_get(at, index);
        } else {
            at = NULL;
        }
        if (!at) return NULL;
    }
    return *p ? NULL : at;
}

/* Whether byte `i` continues a multi-byte sequence whose lead byte covers it
 * (a stray continuation byte is a character of its own). */
static int inside_character(const char *text, size_t i) {
    const unsigned char *t = (const unsigned char *)text;
    if ((t[i] & 0xC0) != 0x80) return 0;
    for (size_t back = 1; back <= 3 && back <= i; back++) {
        unsigned char b = t[i - back];
        if (b < 0x80) return 0;
        if (b >= 0xC0) return back < (size_t)(b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2);
    }
    return 0;
}

static void check_error(const char *text, size_t size, const xyz_error *e) {
    if (e->status != XYZ_EPARSE && e->status != XYZ_ESCHEMA) fail("status", e);
    if (e->position > size) fail("position past the end", e);
    if (e->position < size && inside_character(text, e->position)) fail("position inside a character", e);
    int line = 1, column = 1;
    for (size_t i = 0; i < e->position; i++) {
        if (text[i] == '\n') { line++; column = 1; }
        else if (((unsigned char)text[i] & 0xC0) != 0x80) column++;
    }
    if (line != e->line || column != e->column) fail("line and column", e);
    if (e->pointer[0] != '\0' && e->pointer[0] != '/') fail("pointer syntax", e);
    if (e->status == XYZ_ESCHEMA && strlen(e->pointer) + 1 < sizeof e->pointer) {
        json_error_t parse;
        json_t *root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &parse);
        if (!root && json_error_code(&parse) == json_error_numeric_overflow) {
            /* An integer beyond 64 bits is read as the real it writes (docs/formats.md). */
            root = json_loadb(text, size, JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL, &parse);
        }
        if (!root) fail("schema error in text Jansson cannot parse", e);
        if (!resolve(root, e->pointer)) fail("pointer names no value", e);
        json_decref(root);
    }
}

/* Tracks every event named by the triggers (and cancel_on) of `value`, one
 * trigger object or a list, on `page`: with no properties, then with some. */
static void track_named(xyz_dispatch *page, json_t *value) {
    json_t *one = value;
    size_t i = 0;
    while (json_is_array(value) ? (one = json_array_get(value, i)) != NULL : i == 0) {
        const char *event = json_string_value(json_object_get(one, "event"));
        if (event) {
            if (xyz_dispatch_track(page, event, NULL) != XYZ_OK) abort();
            if (xyz_dispatch_track(page, event, "{\"total\": 100, \"page\": \"home\"}") != XYZ_OK) abort();
        }
        i++;
    }
}

/* Campaigns that load also run (docs/rules.md §21): attached to a visible
 * page, each event their triggers and cancels name is tracked, attributes
 * change, and the session begins, with every engine invariant checked by
 * the fuzz build at each call. */
static void run_campaigns(const xyz_catalog *set, const char *text, size_t size) {
    json_error_t parse;
    json_t *root = json_loadb(text, size, JSON_DECODE_INT_AS_REAL, &parse);
    json_t *campaigns = root ? json_object_get(root, "campaigns") : NULL;
    if (json_is_array(campaigns)) {
        xyz_host host = XYZ_HOST_INIT(.context = NULL);
        xyz_dispatch *page = xyz_dispatch_create(&host, NULL);
        xyz_history *history = xyz_history_create(NULL, NULL, NULL);
        if (!page || !history || xyz_dispatch_set_name(page, "home") != XYZ_OK ||
            xyz_dispatch_set_history(page, history) != XYZ_OK || xyz_dispatch_set_campaigns(page, set) != XYZ_OK ||
            xyz_dispatch_set_attribute(page, "app_version", "\"2.4.0\"") != XYZ_OK ||
            xyz_dispatch_page_did_appear(page) != XYZ_OK || xyz_history_begin_session(history) != XYZ_OK) {
            abort();
        }
        for (int round = 0; round < 2; round++) {
            size_t i;
            json_t *campaign;
            json_array_foreach(campaigns, i, campaign) {
                track_named(page, json_object_get(campaign, "trigger"));
                track_named(page, json_object_get(campaign, "cancel_on"));
            }
            if (xyz_dispatch_set_attribute(page, "app_version", round ? "\"3.0\"" : "\"2.5.0-beta\"") != XYZ_OK) abort();
        }
        char *snapshot = xyz_dispatch_snapshot_json(page);
        if (!snapshot) abort();
        xyz_free(snapshot);
        if (xyz_dispatch_destroy(page) != XYZ_OK) abort();
        xyz_history_release(history);
    }
    json_decref(root);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    const char *text = (const char *)data;
    xyz_error error;
    xyz_catalog *set = xyz_catalog_load_string(text, size, &error);
    if (set) {
        for (size_t i = 0; i < xyz_catalog_definition_count(set); i++) {
            xyz_alert *alert = xyz_catalog_create_alert(set, xyz_definition_id(xyz_catalog_definition(set, i)));
            if (!alert) abort();
            xyz_alert_release(alert);
        }
        run_campaigns(set, text, size);
        xyz_catalog_free(set);
    } else {
        check_error(text, size, &error);
    }
    xyz_scenario *scenario = xyz_scenario_load_string(text, size, &error);
    if (scenario) {
        /* Its history was checked at load: it loads, and its caps apply. */
        xyz_history *history = xyz_history_create(NULL, NULL, NULL);
        const char *saved = xyz_scenario_history_json(scenario);
        if (saved && xyz_history_load_string(history, saved, strlen(saved), &error) != XYZ_OK) fail("scenario history", &error);
        if (xyz_catalog_apply_caps(xyz_scenario_catalog(scenario), history) != XYZ_OK) abort();
        xyz_history_release(history);
        run_campaigns(xyz_scenario_catalog(scenario), text, size);
        xyz_scenario_free(scenario);
    } else {
        check_error(text, size, &error);
    }
    /* The text as a saved history: a located error, or a history whose own
     * text loads back to the same text. */
    xyz_history *history = xyz_history_create(NULL, NULL, NULL);
    if (xyz_history_load_string(history, text, size, &error) == XYZ_OK) {
        char *json = xyz_history_json(history);
        xyz_history *again = xyz_history_create(NULL, NULL, NULL);
        if (!json || xyz_history_load_string(again, json, strlen(json), &error) != XYZ_OK) fail("saved history reloads", &error);
        char *twice = xyz_history_json(again);
        if (!twice || strcmp(json, twice) != 0) abort();
        xyz_free(json);
        xyz_free(twice);
        xyz_history_release(again);
    } else {
        check_error(text, size, &error);
    }
    xyz_history_release(history);
    return 0;
}
