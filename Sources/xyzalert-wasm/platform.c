/* What the engine asks of its platform, for xyzalert.wasm (make wasm): the
 * native library has the C library and the system for these; WebAssembly
 * has one thread, no files and no clock of its own. Everything the module
 * imports is here, from the module "xyzalert" (bindings/js/xyzalert.mjs
 * answers): the two clocks, time zone names, and the host's callbacks.
 * wasi-libc gives the rest (malloc, strings, strtod, snprintf) without any
 * WASI import. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xyzalert.h"
#include "xyzalert_tooling.h"

/* The layouts xyzalert.mjs reads (wasm32: 4-byte pointers and size_t). */
_Static_assert(sizeof(xyz_error) == 1040 && offsetof(xyz_error, line) == 4 && offsetof(xyz_error, column) == 8 &&
                   offsetof(xyz_error, source) == 16 && offsetof(xyz_error, pointer) == 272 &&
                   offsetof(xyz_error, message) == 528,
               "xyz_error as xyzalert.mjs reads it");
_Static_assert(sizeof(xyz_why) == 48 && offsetof(xyz_why, code) == 4 && offsetof(xyz_why, alert) == 8 &&
                   offsetof(xyz_why, page) == 12 && offsetof(xyz_why, id) == 16 && offsetof(xyz_why, until) == 24 &&
                   offsetof(xyz_why, end_reason) == 32 && offsetof(xyz_why, key) == 36 && offsetof(xyz_why, rule) == 40,
               "xyz_why as xyzalert.mjs reads it");

_Static_assert(sizeof(xyz_campaign_why) == 20 && offsetof(xyz_campaign_why, code) == 4 &&
                   offsetof(xyz_campaign_why, event) == 8 && offsetof(xyz_campaign_why, trigger) == 12 &&
                   offsetof(xyz_campaign_why, detail) == 16,
               "xyz_campaign_why as dispatch.mjs reads it");
_Static_assert(sizeof(xyz_step_info) == 192 && offsetof(xyz_step_info, kind) == 4 && offsetof(xyz_step_info, page) == 8 &&
                   offsetof(xyz_step_info, alerts) == 20 && offsetof(xyz_step_info, frame) == 32 &&
                   offsetof(xyz_step_info, duration) == 64 && offsetof(xyz_step_info, at) == 80 &&
                   offsetof(xyz_step_info, during) == 88 && offsetof(xyz_step_info, id) == 108 &&
                   offsetof(xyz_step_info, has_frame) == 113 && offsetof(xyz_step_info, sets) == 128 &&
                   offsetof(xyz_step_info, action_style) == 156 && offsetof(xyz_step_info, scale) == 168 &&
                   offsetof(xyz_step_info, on_full) == 180 && offsetof(xyz_step_info, order) == 184,
               "xyz_step_info as scenario.mjs reads it");

#define IMPORT(name) __attribute__((import_module("xyzalert"), import_name(name)))
#define EXPORT(name) __attribute__((export_name(name), visibility("default")))

/* ------------------------------------------------------------ the clocks */

IMPORT("monotonic_seconds") double js_monotonic_seconds(void);
IMPORT("real_time_seconds") double js_real_time_seconds(void);
IMPORT("time_zone_exists") int js_time_zone_exists(const char *name, size_t length);

/* performance.now() in seconds: the engine's clock when a page's host has none. */
double xyz_monotonic_seconds(void) { return js_monotonic_seconds(); }

/* Date.now() in seconds: a history's calendar when the host gives none. */
double xyz_real_time_seconds(void) { return js_real_time_seconds(); }

/* Whether Intl knows the time zone `name` (scenarios' "time_zone"). */
int xyz_time_zone_exists(const char *name) { return js_time_zone_exists(name, strlen(name)); }

/* ------------------------------------------------- one thread, its values */

/* The thread-specific values of the last error (LastError.swift): one
 * thread, so one value a key; a value is never destroyed by a thread's end. */
typedef unsigned pthread_key_t;
typedef unsigned long pthread_t;
enum { KEYS = 8 };
static const void *key_values[KEYS];
static unsigned key_count;

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *)) {
    (void)destructor;
    if (key_count == KEYS) return EAGAIN;
    *key = key_count++;
    return 0;
}

void *pthread_getspecific(pthread_key_t key) { return key < KEYS ? (void *)key_values[key] : NULL; }

int pthread_setspecific(pthread_key_t key, const void *value) {
    if (key >= KEYS) return EINVAL;
    key_values[key] = value;
    return 0;
}

pthread_t pthread_self(void) { return 1; }

/* ------------------------------------- what the Swift runtime asks of it */

/* Double(String): strtod (wasi-libc has the C locale only). */
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    *result = strtod(text, &end);
    return end;
}

/* The seed of Hasher: a fixed one (no randomness here; the engine's
 * results never depend on a table's order). */
void arc4random_buf(void *buffer, size_t count) { memset(buffer, 0x5a, count); }

/* A fatal error's message (a broken invariant of the engine): dropped; the
 * module traps right after, and JavaScript throws a RuntimeError. */
int putchar(int c) { return c; }

/* ---------------------------------------------------- the host's callbacks */

/* Each callback of xyz_host, imported: the JavaScript side finds the host
 * object by `context` (a number it chose) and calls its method. */
IMPORT("show") void js_show(xyz_alert *alert, const char *target, void *view, void *context);
IMPORT("hide") void js_hide(xyz_alert *alert, xyz_hide_reason reason, void *context);
IMPORT("unhide") void js_unhide(xyz_alert *alert, void *context);
IMPORT("remove") void js_remove(xyz_alert *alert, xyz_end_reason reason, void *context);
IMPORT("finish") void js_finish(xyz_alert *alert, xyz_end_reason reason, void *context);
IMPORT("move") void js_move(xyz_alert *alert, double dy, double duration, void *context);
IMPORT("action") void js_action(xyz_alert *alert, size_t index, void *context);
IMPORT("request_flush") void js_request_flush(xyz_dispatch *root, void *context);
IMPORT("destroy_context") void js_destroy_context(void *context);
IMPORT("now") double js_now(void *context);
IMPORT("set_timer") void js_set_timer(xyz_dispatch *root, double delay, void *context);
IMPORT("update") void js_update(xyz_alert *alert, void *context);
IMPORT("announce") void js_announce(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context);
IMPORT("campaign") void js_campaign(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind,
                                    const char *reason, xyz_alert *alert, void *context);
IMPORT("utc_offset") double js_utc_offset(double wall, void *context);

/* The bits of xyz_wasm_host's `callbacks`: the callbacks the host object
 * has (a callback it lacks is not crossed at all); destroy_context is
 * always set (the JavaScript side forgets the host then). */
enum {
    HOST_SHOW = 1 << 0, HOST_HIDE = 1 << 1, HOST_UNHIDE = 1 << 2, HOST_REMOVE = 1 << 3, HOST_FINISH = 1 << 4,
    HOST_MOVE = 1 << 5, HOST_ACTION = 1 << 6, HOST_REQUEST_FLUSH = 1 << 7, HOST_NOW = 1 << 8,
    HOST_SET_TIMER = 1 << 9, HOST_UPDATE = 1 << 10, HOST_ANNOUNCE = 1 << 11, HOST_CAMPAIGN = 1 << 12,
    HOST_UTC_OFFSET = 1 << 13,
};

/* A new xyz_host (free() it once the dispatch is made: the engine copies
 * it) with `context` and the imports above that `callbacks` names. */
EXPORT("xyz_wasm_host") xyz_host *xyz_wasm_host(void *context, unsigned callbacks) {
    xyz_host *host = calloc(1, sizeof *host);
    if (!host) return NULL;
    host->size = sizeof *host;
    host->context = context;
    host->destroy_context = js_destroy_context;
    if (callbacks & HOST_SHOW) host->show = js_show;
    if (callbacks & HOST_HIDE) host->hide = js_hide;
    if (callbacks & HOST_UNHIDE) host->unhide = js_unhide;
    if (callbacks & HOST_REMOVE) host->remove = js_remove;
    if (callbacks & HOST_FINISH) host->finish = js_finish;
    if (callbacks & HOST_MOVE) host->move = js_move;
    if (callbacks & HOST_ACTION) host->action = js_action;
    if (callbacks & HOST_REQUEST_FLUSH) host->request_flush = js_request_flush;
    if (callbacks & HOST_NOW) host->now = js_now;
    if (callbacks & HOST_SET_TIMER) host->set_timer = js_set_timer;
    if (callbacks & HOST_UPDATE) host->update = js_update;
    if (callbacks & HOST_ANNOUNCE) host->announce = js_announce;
    if (callbacks & HOST_CAMPAIGN) host->campaign = js_campaign;
    if (callbacks & HOST_UTC_OFFSET) host->utc_offset = js_utc_offset;
    return host;
}

/* time(): Jansson seeds its tables' hash with it (hashtable_seed.c). */
time_t time(time_t *out) {
    time_t now = (time_t)js_real_time_seconds();
    if (out) *out = now;
    return now;
}

/* ------------------------------------------------------------- histories */

/* A history's wall clock, imported: the JavaScript History's clock
 * function, found by `context`; and its forgetting, when the history is
 * gone. */
IMPORT("history_clock") double js_history_clock(void *context);
IMPORT("history_forget") void js_history_forget(void *context);

/* xyz_history_create() with the imports above (`has_clock` 0: the
 * engine's real-time clock, Date.now()). */
EXPORT("xyz_wasm_history_create") xyz_history *xyz_wasm_history_create(void *context, int has_clock) {
    return xyz_history_create(has_clock ? js_history_clock : NULL, context, js_history_forget);
}
