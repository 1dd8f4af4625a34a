/**
 * @file
 * xyzalert_tooling.h: the tooling interface of XYZAlert, for the xyzalert
 * tool, test runners and editors: scenarios (a script of pages, alerts and
 * steps, read to drive dispatches) and checking files for every problem.
 * Embedding the engine needs only xyzalert.h; this header adds to it and
 * follows its conventions. The functions are in libxyzalert like the rest.
 */
#ifndef XYZALERT_TOOLING_H
#define XYZALERT_TOOLING_H

#include "xyzalert.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- checking */

/**
 * Validates an alert set or scenario file like xyz_catalog_load_file(), but
 * goes on after a problem and reports every independent one, in document
 * order, as a compiler does: each member of the root, each alert and each of
 * its fields, and each step are checked on their own ("pages" as a whole),
 * and a check that depends on a part with a problem is skipped (a step naming
 * an alert whose definition is broken reports nothing more). Statically
 * checkable steps are checked too: an "action" step's index against the
 * actions its alert defines.
 *
 * Fills errors[0 .. *count - 1], an array the caller owns (at most
 * `capacity` entries; checking stops after that many problems), and returns
 * XYZ_OK when the file is valid, else the status of the first problem
 * (XYZ_EIO, XYZ_EPARSE or XYZ_ESCHEMA; a file that cannot be read or parsed
 * has exactly one), with xyz_last_error() set to it. XYZ_EINVAL for a NULL
 * path or count, or NULL errors with a non-zero capacity. Allocates nothing
 * the caller must free; safe on any thread.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_check_file(const char *path, xyz_error *errors, size_t capacity, size_t *count);

/** (0.3) Like xyz_check_file(), and when the file is valid sets `*alerts`
 * (when `alerts` is not NULL; 0 otherwise) to how many alerts it defines.
 * Both check only: they keep no definition they need not look at again, so
 * checking a large alert set costs little memory beyond Jansson's parse
 * (loading it with xyz_catalog_load_file() keeps every definition). */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_check_file_alerts(const char *path, xyz_error *errors, size_t capacity, size_t *count, size_t *alerts);

/** Like xyz_check_file(), from `length` bytes of memory; the source is "<string>". */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_check_string(const char *json, size_t length, xyz_error *errors, size_t capacity, size_t *count);

/**
 * (0.5) The warnings of a valid file (docs/formats.md, "Warnings"): what it
 * does that likely fails silently (a test campaign's audience, dates, or an
 * alert with caps or windows, which its instances ignore; in a scenario, a
 * rule's "var" that names neither "event.", "$xyz." nor an attribute the
 * scenario sets), each located as a problem is (status XYZ_ESCHEMA, file,
 * line, column, pointer, message), in document order. Fills
 * warnings[0 .. *count - 1] (at most `capacity`) and returns XYZ_OK; a file
 * with a problem returns that problem's status as xyz_check_file() does,
 * with no warnings. XYZ_EINVAL for a NULL path or count, or NULL warnings
 * with a non-zero capacity. Allocates nothing the caller must free; safe on
 * any thread.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_check_file_warnings(const char *path, xyz_error *warnings, size_t capacity, size_t *count);

/** (0.5) Like xyz_check_file_warnings(), from `length` bytes of memory; the source is "<string>". */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_check_string_warnings(const char *json, size_t length, xyz_error *warnings, size_t capacity,
                                     size_t *count);

/**
 * (0.4) Writes `length` bytes of `data` to the file at `path` atomically, as
 * xyz_history_save_file() does (a new file beside it, fsync, rename): what
 * the tool and the bindings use for recordings, histories and updated
 * expectations. XYZ_EINVAL for a NULL path, or NULL data with a non-zero
 * length; XYZ_EIO, with `error` (may be NULL) naming the file and the
 * reason, when it cannot be written (the old file stays whole). Allocates
 * nothing the caller must free; safe on any thread.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_file_write(const char *path, const char *data, size_t length, xyz_error *error);

/* ---------------------------------------------------------------- scenarios */

/** A scenario (docs/formats.md): pages, alerts with their pages, and steps.
 * Immutable; read it to drive dispatches, as `xyzalert simulate` does. */
typedef struct xyz_scenario xyz_scenario;

/** What a step does. */
typedef enum xyz_step_kind {
    /* BEGIN GENERATED steps (scripts/interface: edit its tables, not this region) */
    XYZ_STEP_APPEAR = 0,     /**< page_did_appear(page) */
    XYZ_STEP_DISAPPEAR,      /**< page_will_disappear(page) */
    XYZ_STEP_DESTROY,        /**< destroy(page) */
    XYZ_STEP_ADD,            /**< fresh instances of alerts[], all on page, in one add */
    XYZ_STEP_READY,          /**< set_ready(latest instance of alert) */
    XYZ_STEP_DISMISS,        /**< dismiss(latest instance of alert) */
    XYZ_STEP_CANCEL,         /**< cancel(latest instance of alert) */
    XYZ_STEP_ACTION,         /**< trigger_action(latest instance of alert, index) */
    XYZ_STEP_SELECT,         /**< set_active_child(page, child), then a flush */
    XYZ_STEP_KEYBOARD,       /**< keyboard_changed(page, frame, duration) */
    XYZ_STEP_FRAME,          /**< set_frame(latest instance of alert, frame) */
    XYZ_STEP_FLUSH,          /**< flush(page) */
    XYZ_STEP_ADVANCE,        /**< (0.2) move the virtual clock forward by `duration` seconds */
    XYZ_STEP_CANCEL_TAGGED,  /**< (0.2) cancel_tagged(page, text "tag"; none: every alert) */
    XYZ_STEP_SUSPEND,        /**< (0.2) suspend(page) */
    XYZ_STEP_RESUME,         /**< (0.2) resume(page) */
    XYZ_STEP_UPDATE,         /**< (0.2) the content setters of alert, one per field given, in this order:
                                 texts "title", "message" (null: NULL), "style"; number "clear_actions";
                                 texts "action_id", "action_title" and number "action_style" (an action
                                 to add); text "meta" (null: NULL) */
    XYZ_STEP_TICK,           /**< (0.2) tick(page) */
    XYZ_STEP_PARENT,         /**< (0.2) set_parent(page, text "parent"; NULL detaches) */
    XYZ_STEP_CAPACITY,       /**< (0.2) set_capacity(page, index) */
    XYZ_STEP_AVOIDANCE,      /**< (0.2) set_keyboard_avoidance(alert, number "enabled", number "adjust") */
    XYZ_STEP_TARGET,         /**< (0.2) set_target(alert, text "target") */
    XYZ_STEP_DEPEND,         /**< (0.2) add_dependency(alert, latest instance of text "on") or
                                 add_dependency_id(alert, text "id") */
    XYZ_STEP_SESSION,        /**< (0.3) xyz_history_begin_session() of the scenario's history */
    XYZ_STEP_CAPS,           /**< (0.3) the step's caps on the scenario's history:
                                 xyz_scenario_step_apply_caps() */
    XYZ_STEP_HOLD,           /**< (0.3) xyz_alert_hold(latest instance of alert) */
    XYZ_STEP_UNHOLD,         /**< (0.3) xyz_alert_unhold(latest instance of alert) */
    XYZ_STEP_HOLD_TIMERS,    /**< (0.3) xyz_dispatch_hold_timers(page) */
    XYZ_STEP_UNHOLD_TIMERS,  /**< (0.3) xyz_dispatch_unhold_timers(page) */
    XYZ_STEP_DURATION_SCALE, /**< (0.3) xyz_dispatch_set_duration_scale(page, scale) */
    XYZ_STEP_GAP,            /**< (0.3) xyz_dispatch_set_gap(page, lane, duration) */
    XYZ_STEP_CANCEL_QUEUED,  /**< (0.3) xyz_dispatch_cancel_queued(page, tag; NULL: every queued alert) */
    XYZ_STEP_LANE_LIMIT,     /**< (0.3) xyz_dispatch_set_lane_limit(page, lane, index, on_full) */
    XYZ_STEP_ORDER,          /**< (0.3) xyz_dispatch_set_order(page, order) */
    XYZ_STEP_TAG,            /**< (0.4) xyz_alert_add_tag(latest instance of alert, tag) */
    XYZ_STEP_NOTE,           /**< (0.4) no call: the trace shows the text (in `message`) */
    XYZ_STEP_TRACK,          /**< (0.4) xyz_dispatch_track(page, event in `id`, props as JSON text in `meta`) */
    XYZ_STEP_SET_ATTRIBUTE,  /**< (0.4) xyz_dispatch_set_attribute(page, name in `id`, value as JSON text in `meta`; NULL removes it) */
    XYZ_STEP_SET_CAMPAIGNS   /**< (0.4) xyz_dispatch_set_campaigns(every root page, the campaigns of the alert set file in `id`) */
    /* END GENERATED steps */
} xyz_step_kind;

/** (0.4) The step's key in a scenario file ("appear", "add", "note", ...);
 * "unknown" for a value that is not an enumerator. Static storage; never
 * NULL; safe on any thread. */
XYZ_API const char *xyz_step_kind_name(xyz_step_kind kind);

/** One step, as 0.1 and 0.2 read it (xyz_scenario_step()); 0.3 reads every
 * field of a step in one xyz_step_info instead. Fields a kind does not use
 * are NULL or 0. Strings are borrowed from the scenario and valid while it
 * lives. */
typedef struct xyz_step {
    xyz_step_kind kind; /**< What the step does. */
    /** The page of appear, disappear, destroy, select, keyboard and flush;
     * for add, the page of its alerts. */
    const char *page;
    /** select: the child to make active; NULL unsets. */
    const char *child;
    /** ready, dismiss, cancel, action, frame, update, avoidance, target and
     * depend: the alert's name (its id, unless the scenario names it). */
    const char *alert;
    /** add: the ids of the alerts to add, in order. */
    const char *const *alerts;
    size_t alert_count; /**< How many ids `alerts` holds. */
    /** action: the action's index; capacity: the capacity. */
    size_t index;
    /** keyboard and frame: the rectangle. */
    xyz_rect frame;
    /** keyboard: the animation's duration in seconds; advance: the seconds
     * to move the clock forward. A runner moves its clock to each pending
     * deadline in turn (earliest first, including deadlines set by what
     * fires: xyz_dispatch_next_deadline() over its pages), ticks there, and
     * finally sets the clock to the target time. */
    double duration;
} xyz_step;

/** (0.3) The content fields an update step sets (xyz_step_info.sets). */
typedef enum xyz_sets_flag {
    XYZ_SETS_TITLE = 1 << 0,         /**< set_title(title) */
    XYZ_SETS_MESSAGE = 1 << 1,       /**< set_message(message) */
    XYZ_SETS_STYLE = 1 << 2,         /**< set_style(style) */
    XYZ_SETS_CLEAR_ACTIONS = 1 << 3, /**< clear_actions() */
    XYZ_SETS_ADD_ACTION = 1 << 4,    /**< add_action(action_id, action_title, action_style) */
    XYZ_SETS_META = 1 << 5           /**< set_meta(meta) */
} xyz_sets_flag;

/**
 * (0.3) One step, every field of it: what xyz_step holds, then the clock and
 * nesting of the step and the arguments of each kind. A versioned struct:
 * the caller sets `size` (XYZ_STEP_INFO_INIT does) and the library fills
 * the fields that fit in it, so that it can grow at the end (which bumps the
 * minor version). Fields a kind does not use are NULL, false or 0. Strings
 * are borrowed from the scenario and valid while it lives.
 */
typedef struct xyz_step_info {
    /** sizeof(xyz_step_info) as the caller was compiled. */
    uint32_t size;
    xyz_step_kind kind; /**< What the step does. */
    /** As in xyz_step: the page, the child of select, the alert, the
     * alerts of add, the index of action and capacity, the rectangle of
     * keyboard and frame, the duration of keyboard and advance. */
    const char *page;
    const char *child; /**< (As in xyz_step.) */
    const char *alert; /**< (As in xyz_step.) */
    const char *const *alerts; /**< (As in xyz_step.) */
    size_t alert_count; /**< How many ids `alerts` holds. */
    size_t index; /**< (As in xyz_step.) */
    xyz_rect frame; /**< (As in xyz_step.) */
    double duration; /**< (As in xyz_step.) */
    /** Every step: whether it has "at", the virtual clock's time during the
     * step (then in `at`), and "during": 0 for a step of its own, else the
     * number (from 1) of the event of the nearest earlier step without
     * "during" from whose callback the step is made (docs/formats.md,
     * "Recordings"). */
    bool has_at;
    double at; /**< (See `has_at`.) */
    size_t during; /**< (See `has_at`.) */
    /** cancel_tagged and cancel_queued: the tag (NULL: every alert); tag:
     * the tag to add. */
    const char *tag;
    /** parent: the new parent (NULL detaches). */
    const char *parent;
    /** target: the target name. */
    const char *target;
    /** depend: the alert to depend on (`on`), or the id (`id`): one of
     * the two is set. */
    const char *on;
    const char *id; /**< (See `on`.) */
    /** select: whether a flush follows. */
    bool flush;
    /** frame: false sets no frame (the frame is unknown). */
    bool has_frame;
    /** avoidance: its two arguments. */
    bool enabled;
    double adjust; /**< (See `enabled`.) */
    /** update: the fields it sets (XYZ_SETS_*, applied in that order), and
     * their values (title, message and meta may be NULL: cleared). */
    uint32_t sets;
    const char *title; /**< (See `sets`.) */
    const char *message; /**< (See `sets`.) */
    const char *style; /**< (See `sets`.) */
    const char *meta; /**< (See `sets`.) */
    const char *action_id; /**< (See `sets`.) */
    const char *action_title; /**< (See `sets`.) */
    xyz_action_style action_style; /**< (See `sets`.) */
    /** gap: the lane (its seconds are in `duration`); duration_scale: the
     * scale (INFINITY: "never"). */
    const char *lane;
    double scale; /**< (See `lane`.) */
    /** update: the flags of the action it adds (XYZ_ACTION_KEEP_OPEN).
     * lane_limit: the lane is in `lane`, the visible limit in `index`, and
     * what a full lane does in `on_full`. order: the page's order. */
    unsigned action_flags;
    xyz_on_full on_full; /**< (See `action_flags`.) */
    xyz_order order; /**< (See `action_flags`.) */
} xyz_step_info;

/** An xyz_step_info with `size` set and the rest zero, ready for
 * xyz_scenario_step_info() (C and C++). */
#define XYZ_STEP_INFO_INIT {(uint32_t)sizeof(xyz_step_info), XYZ_STEP_APPEAR, NULL, NULL, NULL, NULL, 0, 0, \
                            {0, 0, 0, 0}, 0, false, 0, 0, NULL, NULL, NULL, NULL, NULL, false, false, false, 0, 0, \
                            NULL, NULL, NULL, NULL, NULL, NULL, XYZ_ACTION_DEFAULT, NULL, 0, 0, \
                            XYZ_ON_FULL_QUEUE, XYZ_ORDER_FIFO}

/** Loads and validates a scenario file (see xyz_catalog_load_file() for
 * errors; a file that is not a scenario is XYZ_ESCHEMA). The caller frees it
 * with xyz_scenario_free(). */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_scenario *xyz_scenario_load_file(const char *path, xyz_error *error);

/** (0.3) Like xyz_scenario_load_file(), but the "expect" member may hold
 * anything (stale step numbers, bad lines, not even a list): its lines are
 * not read (xyz_scenario_expect_count() is 0) and only its place is kept
 * (xyz_scenario_expect_span()), for a tool that rewrites it (`xyzalert test
 * --update`). */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_scenario *xyz_scenario_load_file_for_rewrite(const char *path, xyz_error *error);

/** Like xyz_scenario_load_file(), from memory; the source is "<string>".
 * A scenario from memory reads no file: a "set_campaigns" step naming one is
 * XYZ_ESCHEMA at the step (a server that loads documents from its clients
 * reads none of its own files for them). */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_scenario *xyz_scenario_load_string(const char *json, size_t length, xyz_error *error);

/** Frees a scenario and its catalog. NULL is allowed. */
XYZ_API void xyz_scenario_free(xyz_scenario *scenario);

/** The scenario's alerts (borrowed; valid while the scenario lives). */
XYZ_API const xyz_catalog *xyz_scenario_catalog(const xyz_scenario *scenario);

/** (0.3) Whether the scenario runs in deferred mode ("deferred": true). */
XYZ_API bool xyz_scenario_is_deferred(const xyz_scenario *scenario);

/** @{ */
/** The pages, in file order: name, parent (NULL for none) and initially
 * active child (NULL for none). Out of range: NULL. Valid while the scenario lives. */
XYZ_API size_t xyz_scenario_page_count(const xyz_scenario *scenario);
XYZ_API const char *xyz_scenario_page_name(const xyz_scenario *scenario, size_t index);
XYZ_API const char *xyz_scenario_page_parent(const xyz_scenario *scenario, size_t index);
XYZ_API const char *xyz_scenario_page_active(const xyz_scenario *scenario, size_t index);
/** @} */

/** (0.2) The page's "capacity" (0: none, and out of range). */
XYZ_API size_t xyz_scenario_page_capacity(const xyz_scenario *scenario, size_t index);

/** The number of steps (0 for NULL). */
XYZ_API size_t xyz_scenario_step_count(const xyz_scenario *scenario);

/** (0.3) Step `index`, whole, into `*out`, whose `size` the caller has set
 * (XYZ_STEP_INFO_INIT). XYZ_EINVAL, leaving `*out` alone, for a NULL
 * argument, an index out of range or a `size` smaller than 0.3's. */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_scenario_step_info(const xyz_scenario *scenario, size_t index, xyz_step_info *out);

/** The 0.2 reading of step `index` into `out` (XYZ_EINVAL for a NULL
 * argument or an index out of range), without the fields xyz_step has no
 * member for. */
XYZ_API XYZ_WARN_UNUSED_RESULT XYZ_DEPRECATED("use xyz_scenario_step_info")
xyz_status xyz_scenario_step(const xyz_scenario *scenario, size_t index, xyz_step *out);

/** (0.2; xyz_step_info has it) A string field of step `index` that xyz_step
 * has no member for: "tag" of cancel_tagged; "title", "message",
 * "style", "meta", "action_id" and "action_title" of update; "parent" of
 * parent; "target" of target; "on" or "id" of depend. NULL when the step has
 * no such field or it is null (tell them apart with xyz_scenario_step_has():
 * a cancel_tagged without "tag" cancels every alert; an update sets only the
 * fields it has, in the order of XYZ_STEP_UPDATE), the index is out of range
 * or an argument is NULL. Borrowed from the scenario. */
XYZ_API XYZ_DEPRECATED("use xyz_scenario_step_info")
const char *xyz_scenario_step_text(const xyz_scenario *scenario, size_t index, const char *field);

/** (0.2; xyz_step_info has it) Whether step `index` has the text or number `field`, also when its
 * value is null (an update's "title": null clears the title, where a missing
 * "title" sets nothing). False when out of range or an argument is NULL. */
XYZ_API XYZ_DEPRECATED("use xyz_scenario_step_info")
bool xyz_scenario_step_has(const xyz_scenario *scenario, size_t index, const char *field);

/** (0.2; xyz_step_info has it) A number field of step `index` into `*out` (when `out` is not
 * NULL); false, leaving `*out` alone, when the step has no such field. Every
 * step may have "at" (the virtual clock's time during the step) and
 * "during" (the step is a call made from inside the host's callback for
 * event number `during`, counted from 1, of the nearest earlier step
 * without "during"; a runner makes it there, see docs/formats.md,
 * "Recordings"). Others: "flush" of select (0: set the child only),
 * "capacity" of capacity (also in `index`), "enabled" and "adjust" of
 * avoidance, "frame_unknown" of frame (1: set no frame), "clear_actions"
 * and "action_style" of update. */
XYZ_API XYZ_DEPRECATED("use xyz_scenario_step_info")
bool xyz_scenario_step_number(const xyz_scenario *scenario, size_t index, const char *field, double *out);

/* ---------------------------------------------------------------- expectations */

/** (0.2) Whether the scenario has an "expect" list (docs/rules.md §15: the trace it
 * must produce, one line `STEP EVENT ALERT [DETAIL]` per event, as
 * `xyzalert simulate --format expect` prints it). */
XYZ_API bool xyz_scenario_has_expect(const xyz_scenario *scenario);

/** @{ */
/** (0.3) The duration scale page `index` sets as a root, also a page with a
 * parent, whose own it is for when it splits off ("duration_scale";
 * 1 by default, INFINITY for "never"), and its lane gaps ("gaps"): how many,
 * and gap `k`'s lane and seconds. 0, 1 or NULL for bad arguments. */
XYZ_API double xyz_scenario_page_duration_scale(const xyz_scenario *scenario, size_t index);
XYZ_API size_t xyz_scenario_page_gap_count(const xyz_scenario *scenario, size_t index);
XYZ_API const char *xyz_scenario_page_gap_lane(const xyz_scenario *scenario, size_t index, size_t k);
XYZ_API double xyz_scenario_page_gap(const xyz_scenario *scenario, size_t index, size_t k);
/** @} */

/** @{ */
/** (0.3) The tie-break order page `index` sets ("order"; XYZ_ORDER_FIFO by
 * default and for bad arguments), and the lane limits it sets as a root
 * ("lanes"): how many, and limit `k`'s lane, visible count and on_full, in
 * file order. 0, NULL or XYZ_ON_FULL_QUEUE for bad arguments. */
XYZ_API xyz_order xyz_scenario_page_order(const xyz_scenario *scenario, size_t index);
XYZ_API size_t xyz_scenario_page_lane_limit_count(const xyz_scenario *scenario, size_t index);
XYZ_API const char *xyz_scenario_page_lane_limit_lane(const xyz_scenario *scenario, size_t index, size_t k);
XYZ_API size_t xyz_scenario_page_lane_limit_visible(const xyz_scenario *scenario, size_t index, size_t k);
XYZ_API xyz_on_full xyz_scenario_page_lane_limit_on_full(const xyz_scenario *scenario, size_t index, size_t k);
/** @} */

/** @{ */
/** (0.3) The pages whose host's clock reads another time than the step's
 * "at" at step `index` ("clocks", which recordings write when pages whose
 * hosts keep clocks of their own meet in a join or a split): how many, and
 * member `k`'s page name and time, in file order. A runner gives every
 * page's clock the step's "at", then these pages' clocks these times; the
 * name is valid until xyz_scenario_free(). 0 or NULL for bad arguments. */
XYZ_API size_t xyz_scenario_step_clock_count(const xyz_scenario *scenario, size_t index);
XYZ_API const char *xyz_scenario_step_clock_page(const xyz_scenario *scenario, size_t index, size_t k);
XYZ_API double xyz_scenario_step_clock(const xyz_scenario *scenario, size_t index, size_t k);
/** @} */

/** (0.3) Whether step `index` sets the history's wall clock apart from
 * wall_clock + its "at" ("wall", which recordings write when the wall clock
 * moved apart from the pages' clocks); if so, and `out` is not NULL, the
 * time goes to `*out`. false for bad arguments. */
XYZ_API bool xyz_scenario_step_wall(const xyz_scenario *scenario, size_t index, double *out);

/** (0.3) The virtual wall clock at virtual time 0 ("wall_clock", default 0):
 * a runner's history reads wall_clock + the virtual clock. 0 for NULL. */
XYZ_API double xyz_scenario_wall_clock(const xyz_scenario *scenario);

/** (0.4) The user's local time of the scenario (docs/rules.md §22):
 * whether it gives a fixed "utc_offset" (seconds east of UTC, then in
 * `*out` when `out` is not NULL); false for NULL or when it gives none. */
XYZ_API bool xyz_scenario_utc_offset(const xyz_scenario *scenario, double *out);

/** (0.5) How many entries the scenario's "utc_offsets" has (the offsets a
 * recording read, docs/formats.md): from each entry's wall-clock time on,
 * its offset; before the first, the first's. 0 for NULL or when it has
 * none (then xyz_scenario_utc_offset() or xyz_scenario_time_zone() may
 * give the local time). */
XYZ_API size_t xyz_scenario_utc_offset_change_count(const xyz_scenario *scenario);

/** (0.5) Entry `index` of the scenario's "utc_offsets": its wall-clock time
 * (seconds since the epoch) in `*wall` and its offset (seconds east of
 * UTC) in `*offset`, each when not NULL. Walls rise with the index.
 * XYZ_EINVAL for NULL or an index out of range; nothing is written then. */
XYZ_API xyz_status xyz_scenario_utc_offset_change(const xyz_scenario *scenario, size_t index, double *wall,
                                                  double *offset);

/** (0.4) Whether the alert's windows and excludes let it be selected at
 * local time `local` (wall-clock seconds plus the UTC offset,
 * docs/rules.md §22): true without windows; false for NULL. For pictures
 * of a timeline (xyzalert simulate --format svg draws it as bands). */
XYZ_API bool xyz_alert_is_in_window(const xyz_alert *alert, double local);

/** (0.4) The alert set a "set_campaigns" step `index` names (its campaigns
 * replace every root page's, docs/rules.md §22), read when the scenario was;
 * borrowed: valid while the scenario lives (never pass it to
 * xyz_catalog_free()). NULL, XYZ_EINVAL, for another step. */
XYZ_API const xyz_catalog *xyz_scenario_step_catalog(const xyz_scenario *scenario, size_t index);

/** (0.4) The scenario's "time_zone", a name of the system's time zone
 * database checked at load (a runner sets TZ to it and reads offsets with
 * localtime_r()); NULL when it gives none. Borrowed: valid while the
 * scenario lives. A scenario with neither is in UTC. */
XYZ_API const char *xyz_scenario_time_zone(const xyz_scenario *scenario);

/** (0.3) The history the scenario starts from ("history", validated at
 * load), as JSON text for xyz_history_load_string(); NULL when it has none.
 * Borrowed: valid while the scenario lives. */
XYZ_API const char *xyz_scenario_history_json(const xyz_scenario *scenario);

/** (0.4) The root pages' attributes before the first step ("attributes",
 * docs/rules.md §21), as a JSON object's text for
 * xyz_dispatch_set_attributes_json(); NULL when it has none. Borrowed:
 * valid while the scenario lives. */
XYZ_API const char *xyz_scenario_attributes_json(const xyz_scenario *scenario);

/** (0.4) For an instance a campaign made, the name its campaign's `alert`
 * gives the definition it was made from (a scenario's name, the id in an
 * alert set; borrowed, valid while the alert lives): what a runner
 * remembers the instance by. NULL for other alerts. */
XYZ_API const char *xyz_alert_campaign_definition(const xyz_alert *alert);

/** (0.3) Sets the caps of step `index`, a XYZ_STEP_CAPS step, on `history`
 * (like xyz_catalog_apply_caps()). XYZ_EINVAL for NULL, an index out of
 * range or a step of another kind. */
XYZ_API xyz_status xyz_scenario_step_apply_caps(const xyz_scenario *scenario, size_t index, xyz_history *history);
/** (0.2) The number of "expect" lines (0 without a list). */
XYZ_API size_t xyz_scenario_expect_count(const xyz_scenario *scenario);
/** (0.2) Line `index` of the list (NULL when out of range), and where it is
 * in the file: `line` and `column` (1-based; either may be NULL). Borrowed. */
XYZ_API const char *xyz_scenario_expect(const xyz_scenario *scenario, size_t index, int *line, int *column);
/** (0.2) Where the "expect" array is in the file: its bytes [start, end)
 * (from "[" to just after "]") and the line and column of its "["; false
 * without a list. For tools that rewrite it (xyzalert test --update). */
XYZ_API bool xyz_scenario_expect_span(const xyz_scenario *scenario, size_t *start, size_t *end, int *line, int *column);

/* ---------------------------------------------------------------- response models */

/** (0.5) How a backtest's simulated user reacts to an alert its recorded
 * session has no reaction for (docs/formats.md, "Response models";
 * docs/rules.md §23): `{"version": 1, "default": RESPONSE, "alerts": {"ID":
 * RESPONSE}}`, RESPONSE = `{"dismiss_after": SECONDS, "actions": {"INDEX" or
 * "dismiss": WEIGHT}}`. Immutable once loaded: safe to read from any thread. */
typedef struct xyz_response_model xyz_response_model;

/** (0.5) Loads and validates a response model file; errors as
 * xyz_catalog_load_file() (located: line, column, JSON pointer). The caller
 * frees it with xyz_response_model_free(). */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_response_model *xyz_response_model_load_file(const char *path, xyz_error *error);

/** (0.5) Like xyz_response_model_load_file(), from memory; the source is
 * "<string>". */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_response_model *xyz_response_model_load_string(const char *json, size_t length, xyz_error *error);

/** (0.5) Frees a response model. NULL is allowed. */
XYZ_API void xyz_response_model_free(xyz_response_model *model);

/** (0.5) What the user does with `alert` (a live alert: its id, and the
 * `user_id` attribute of its domain): `*after` seconds after its show, the
 * action `*action` (its index), or -1 for a dismiss. The choice is flagd's
 * `fractional` over the user id followed by the alert id (the alert id
 * alone without a user), so it is the same at every call. `model` NULL is
 * the standard model: a dismiss after 5 seconds. XYZ_EINVAL for a NULL
 * alert, `after` or `action`; nothing is set on failure. */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_response_model_react(const xyz_response_model *model, const xyz_alert *alert, double *after,
                                    long *action);

/** The 0.2 name of xyz_scenario_is_deferred(). */
XYZ_API XYZ_DEPRECATED("use xyz_scenario_is_deferred")
bool xyz_scenario_deferred(const xyz_scenario *scenario);

/** The 0.1 name of xyz_scenario_catalog(). */
XYZ_API XYZ_DEPRECATED("use xyz_scenario_catalog")
const xyz_catalog *xyz_scenario_alert_set(const xyz_scenario *scenario);

#ifdef __cplusplus
}
#endif

#endif /* XYZALERT_TOOLING_H */
