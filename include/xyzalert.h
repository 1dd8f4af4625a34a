/**
 * @file
 * xyzalert.h: the public C interface of XYZAlert, a headless alert
 * scheduling engine. This header is the contract: every function below is
 * implemented in Swift (`@c @implementation`), and the Swift compiler checks
 * each implementation against the declaration here.
 *
 * CONVENTIONS (they hold for every function unless its comment says otherwise)
 *
 * Errors. Functions that can fail return an xyz_status. On failure nothing
 * has changed, and xyz_last_error() describes what went wrong and where. A
 * NULL handle, a NULL required string or an out-of-range enum value is
 * XYZ_EINVAL, never a crash. Getters never fail: given a NULL handle they
 * return a neutral value (0, NULL, false) and set xyz_last_error(). One
 * failure leaves changes behind: a call whose passes do not settle (an
 * active-child provider that answers differently at every pass, or callbacks
 * that keep undoing each other) stops after a bounded number of passes and
 * returns XYZ_ESTATE; every event delivered until then stands, each alert is
 * in the state its last event reported, and the next call that needs a pass
 * goes on from there. The bound is 64 + 4 x (live alerts of the domain when
 * the call started + alerts added during it) passes that deliver events.
 *
 * Strings are bytes. Every string passed in must be valid UTF-8 (else
 * XYZ_EINVAL, or NULL from a constructor, with xyz_last_error() set), and
 * comes back byte for byte as it was given. Ids, page names and target names
 * are compared byte for byte: a composed "\u00e9" and a decomposed "e\u0301"
 * are two different ids, however alike they look.
 *
 * Ownership. xyz_alert is reference counted: xyz_alert_create() returns a new
 * reference (+1) that the caller releases with xyz_alert_release(). A
 * dispatch holds its own references to the alerts added to it, so a caller
 * may release an alert right after adding it. Alert pointers passed to host
 * callbacks are borrowed for the duration of the call; retain them to keep
 * them. xyz_dispatch is owned by the host: created by xyz_dispatch_create()
 * and ended by xyz_dispatch_destroy(). Strings returned as `const char *` are
 * borrowed: UTF-8, owned by the engine, valid until the owning object changes
 * that value or dies. Strings returned as `char *` belong to the caller, who
 * frees them with xyz_free(). Strings passed in are copied; the engine keeps
 * no pointer to them.
 *
 * Host pointers. Every `void *` the host hands over (a callback context, a
 * view, user data) is opaque: the engine never dereferences it. Contexts and
 * user data come with a destructor that the engine calls exactly once, when
 * it no longer needs them; a call that fails does not take ownership, and the
 * destructor is not called for it.
 *
 * Threading. The engine takes no locks and starts no threads. All calls on
 * one domain (a tree of dispatches joined with xyz_dispatch_set_parent(), and
 * their alerts) must come from one thread at a time, usually the UI thread.
 * Different domains may live on different threads. Alerts linked by
 * xyz_alert_add_dependency() across domains must be used from one thread.
 * xyz_last_error() is per thread. Breaking this rule is refused where it is
 * cheap to see: while a callback of a domain runs, a call on one of its
 * dispatches or on an alert added to one of them, made from another thread,
 * returns XYZ_ESTATE ("called from two threads at once") and changes
 * nothing. Two calls that overlap without a callback running are not seen
 * (docs/guide.md, "Threads").
 *
 * Callbacks. A host callback may call any function of this header except
 * xyz_dispatch_set_parent() on the domain delivering the event (that returns
 * XYZ_ESTATE). Calls made from a callback take effect at once; the engine
 * never starts a second pass of a domain while one is delivering, and the
 * running pass takes the change into account before its next event. A
 * dispatch may be destroyed from inside its own callback; the engine keeps
 * what it needs alive until the callback returns. Before each callback the
 * engine's state is complete and consistent: the alert is already in the
 * state the event reports, and every getter and snapshot agrees with it.
 *
 * No unwinding. A callback must return normally. A C++ exception, a longjmp()
 * or any other unwinding out of a callback passes through engine frames that
 * cannot be unwound: the behaviour is undefined (in practice the domain is
 * left mid-pass and memory leaks). Catch everything inside the callback (the
 * Python bindings do, and raise once the engine call has returned). A host
 * that cannot go on may abort() from a callback: the engine holds no lock
 * and nothing outside the process, so the process ends cleanly.
 *
 * Names and parameters. Functions are xyz_<object>_<verb or property>().
 * The object comes first, inputs follow, and output parameters come last,
 * as in sqlite3 and Jansson (libgit2 puts them first; this header keeps
 * them last throughout): a caller-owned output array is
 * followed by its capacity, then the count written. A bool getter is named `xyz_<object>_is_<adjective>()` or
 * `xyz_<object>_has_<noun>()`. `xyz_<object>_<things>_count()` is the number of
 * `<things>` that the getter taking an index reads, for indexes 0 to count - 1
 * (out of range: a neutral value). A function-pointer parameter or field
 * that frees what the host handed over is named destroy_<what> (for example
 * destroy_context, destroy_data) and is called exactly once.
 *
 * Results. Functions marked XYZ_WARN_UNUSED_RESULT return something the
 * caller must not ignore: a new object or a string to free, or a status whose
 * failure leaves ownership with the caller (user data, provider contexts) or
 * means that what was asked for (an add, a parent, a dependency) does not
 * exist. GCC and Clang warn when such a result is dropped.
 *
 * Versions. The header's version is XYZALERT_VERSION_*; the library's is
 * xyz_version(). A program built against an older 0.x header keeps working
 * with a newer 0.x library: functions are only added, enums only gain values
 * at the end, and versioned structs (xyz_host, xyz_step_info) only grow at
 * the end (their `size` field tells the library which version the caller
 * was built against); a struct that grows, like a function that is added,
 * makes the next release a new minor version. Functions replaced by
 * better names stay, marked XYZ_DEPRECATED, for at least one minor version.
 * Callbacks may receive enum values added after the host was built: treat an
 * unknown value like the nearest known one (the *_name() functions return
 * "unknown" for it).
 */
#ifndef XYZALERT_H
#define XYZALERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------- macros */

/** Marks a function of the library's interface: exported from the shared
 * library, whatever -fvisibility the library is built with (its version
 * script, exporting xyz_* only, is the second line of defence). Define
 * XYZ_API before including this header to override it. */
#ifndef XYZ_API
#if defined(__GNUC__) || defined(__clang__)
#define XYZ_API __attribute__((visibility("default")))
#else
#define XYZ_API
#endif
#endif

/** Marks a function whose result must be used (see Results above). */
#if defined(__GNUC__) || defined(__clang__)
#define XYZ_WARN_UNUSED_RESULT __attribute__((warn_unused_result))
#else
#define XYZ_WARN_UNUSED_RESULT
#endif

/** Marks a function kept for compatibility; `message` names its replacement. */
#if defined(__GNUC__) || defined(__clang__)
#define XYZ_DEPRECATED(message) __attribute__((deprecated(message)))
#else
#define XYZ_DEPRECATED(message)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version */

/** @{ */
/** The version of this header. xyz_version() gives the library's.
 *
 * Versioning: within 0.x, a minor release (0.3 -> 0.4) may add functions,
 * enumerators, struct members at the end of a struct that carries its size
 * and JSON members, and may change behaviour that CHANGES.md names; it does
 * not remove or change a function's signature, and the soname stays
 * libxyzalert.so.0, so a program built against an older 0.x header runs
 * against a newer 0.x library. A patch release (0.3.0 -> 0.3.1) changes no
 * interface. xyz_version() gives the version of the library actually
 * loaded, so a program can refuse one older than the header it was built
 * with (XYZALERT_VERSION_NUMBER), which may lack functions it calls. 1.0
 * will freeze the interface of its major version; a change that breaks it
 * will then change the major version and the soname. */
#define XYZALERT_VERSION_MAJOR 0
#define XYZALERT_VERSION_MINOR 5
#define XYZALERT_VERSION_PATCH 0
/** "MAJOR.MINOR.PATCH" of this header. */
#define XYZALERT_VERSION_STRING "0.5.0"
/** MAJOR * 1000000 + MINOR * 1000 + PATCH, as xyz_version() returns it. */
#define XYZALERT_VERSION_NUMBER \
    (XYZALERT_VERSION_MAJOR * 1000000 + XYZALERT_VERSION_MINOR * 1000 + XYZALERT_VERSION_PATCH)
/** @} */

/** The library's version as MAJOR * 1000000 + MINOR * 1000 + PATCH. Compare
 * with XYZALERT_VERSION_NUMBER to detect a header/library mismatch. */
XYZ_API int xyz_version(void);

/** The library's version as "MAJOR.MINOR.PATCH". Static storage; never NULL. */
XYZ_API const char *xyz_version_string(void);

/* ---------------------------------------------------------------- errors */

/* BEGIN GENERATED enum xyz_status (scripts/interface: edit its tables, not this region) */
/** The result of every function that can fail. */
typedef enum xyz_status {
    XYZ_OK = 0,     /**< Success. */
    XYZ_EINVAL,     /**< A bad argument: NULL handle, empty name, bad enum or index. */
    XYZ_ESTATE,     /**< The object is in the wrong state (finished, destroyed, ...). */
    XYZ_EDUPLICATE, /**< An id is already used by a live alert of the domain. */
    XYZ_ECYCLE,     /**< The call would create a dependency or parent cycle. */
    XYZ_ENOTFOUND,  /**< Something named does not exist. */
    XYZ_EPARSE,     /**< Malformed JSON. */
    XYZ_ESCHEMA,    /**< Well-formed JSON that breaks the alert set schema. */
    XYZ_EIO,        /**< A file could not be read. */
    XYZ_EOWNER      /**< A dispatch named as a child is not a child of that parent. */
} xyz_status;
/* END GENERATED enum xyz_status */

/** The enumerator's name, e.g. "XYZ_EINVAL"; "unknown" for other values (as
 * for every *_name() function). Static storage; never NULL. */
XYZ_API const char *xyz_status_name(xyz_status status);

/** The message of the last failed call on this thread, e.g. "cannot add alert
 * 'login': a live alert with that id is already in the domain of page 'home'";
 * "no error" before any failure. Successful calls leave it unchanged. Never
 * NULL; valid until the next failing call on this thread. */
XYZ_API const char *xyz_last_error(void);

/** (0.3) Whether the last failed call on this thread left changes behind:
 * true only for the XYZ_ESTATE of a call whose passes did not settle (see
 * Errors above: its events stand); false after every other failure, which
 * changed nothing, and before any. Per thread, like xyz_last_error(). */
XYZ_API bool xyz_last_error_has_effects(void);

/** (0.3) The JSON pointer of the last failed call on this thread when it
 * was a load (xyz_catalog_load_*, xyz_history_load_*, xyz_scenario_load_*),
 * in full: xyz_error.pointer is cut to fit its 256 bytes. "" when the last
 * failure was not a load's or was at the document root. Never NULL; valid
 * until the next failing call on this thread. */
XYZ_API const char *xyz_last_error_pointer(void);

/** Frees a `char *` returned by the engine. NULL is allowed. */
XYZ_API void xyz_free(void *pointer);

/* ---------------------------------------------------------------- types */

/** The scheduler of one page (screen, view controller, window). */
typedef struct xyz_dispatch xyz_dispatch;
/** One alert instance, reference counted. */
typedef struct xyz_alert xyz_alert;

/* BEGIN GENERATED enum xyz_state (scripts/interface: edit its tables, not this region) */
/** An alert's life: created idle, added waiting or ready, on screen (showing
 * or hidden), finished (docs/rules.md §2). */
typedef enum xyz_state {
    XYZ_STATE_IDLE = 0, /**< Created, not yet added. */
    XYZ_STATE_WAITING,  /**< Added; the host has not marked it ready. */
    XYZ_STATE_READY,    /**< Added and ready; queued until the scheduling rules let it show. */
    XYZ_STATE_SHOWING,  /**< On screen and visible. */
    XYZ_STATE_HIDDEN,   /**< On screen but hidden (its page does not participate, or covered). */
    XYZ_STATE_FINISHED  /**< Ended; never shown again. */
} xyz_state;
/* END GENERATED enum xyz_state */

/* BEGIN GENERATED enum xyz_exclusive (scripts/interface: edit its tables, not this region) */
/** How an alert treats the alerts already on screen (docs/rules.md §3). */
typedef enum xyz_exclusive {
    XYZ_EXCLUSIVE_WAIT = 0,   /**< Never shows over another alert: waits until the screen is free (default). */
    XYZ_EXCLUSIVE_COVER,      /**< Shows over lower priorities; they stay visible below it. */
    XYZ_EXCLUSIVE_HIDE_OTHERS /**< Shows over lower priorities and hides everything below it. */
} xyz_exclusive;
/* END GENERATED enum xyz_exclusive */

/* BEGIN GENERATED enum xyz_hide_reason (scripts/interface: edit its tables, not this region) */
/** Why an on-screen alert is hidden. */
typedef enum xyz_hide_reason {
    XYZ_HIDE_PAGE = 0, /**< Its page does not participate (not visible, or not the active child). */
    XYZ_HIDE_COVERED   /**< A hide_others alert above it hides it. */
} xyz_hide_reason;
/* END GENERATED enum xyz_hide_reason */

/* BEGIN GENERATED enum xyz_end_reason (scripts/interface: edit its tables, not this region) */
/** Why an alert ended. */
typedef enum xyz_end_reason {
    XYZ_END_DISMISSED = 0,  /**< Dismissed, or one of its actions was chosen. */
    XYZ_END_CANCELLED,      /**< Cancelled by the host. */
    XYZ_END_DESTROYED,      /**< Its dispatch was destroyed. */
    XYZ_END_TIMEOUT,        /**< (0.2) It had been showing for its whole duration. */
    XYZ_END_EXPIRED,        /**< (0.2) Its ttl ran out before it was ever on screen. */
    XYZ_END_DUPLICATE,      /**< (0.2) Added with on_duplicate ignore while its id was live: it never joined (docs/rules.md §13). */
    XYZ_END_REPLACED,       /**< (0.2) A new alert with its id and on_duplicate replace took its place. */
    XYZ_END_DROPPED,        /**< (0.2) Its dispatch was over capacity and it ranked lowest. */
    XYZ_END_CAPPED,         /**< (0.3) A frequency cap or cool-down forbade its display, and its on_capped is drop
                                 (docs/rules.md §16). */
    XYZ_END_EVICTED,        /**< (0.3) Its lane was full and evicts (on_full evict_oldest): a newer alert took its room. */
    XYZ_END_DISPLACED,      /**< (0.3) It would have been hidden covered, and its when_displaced is drop. */
    XYZ_END_INELIGIBLE,     /**< (0.4) Its campaign's audience stopped admitting it before it showed (docs/rules.md §21). */
    XYZ_END_OUTSIDE_WINDOW, /**< (0.4) It would have been selected outside its windows (or inside an exclude),
                                 and its on_outside is drop (docs/rules.md §22). */
    XYZ_END_CONTROL,        /**< (0.4) An instance of a control variant, at the moment it would have shown: counted
                                 for caps, never shown (docs/rules.md §22). */
    XYZ_END_WITHDRAWN       /**< (0.4) A new campaign set no longer has its campaign, or changed its definition,
                                 before it was on screen (docs/rules.md §22). */
} xyz_end_reason;
/* END GENERATED enum xyz_end_reason */

/* BEGIN GENERATED enum xyz_on_duplicate (scripts/interface: edit its tables, not this region) */
/** (0.2) What adding does with an alert whose id is already live in the domain
 * (docs/rules.md §13). */
typedef enum xyz_on_duplicate {
    XYZ_ON_DUPLICATE_REJECT = 0, /**< The add fails (XYZ_EDUPLICATE) and changes nothing (default). */
    XYZ_ON_DUPLICATE_IGNORE,     /**< The new alert does not join: it finishes duplicate during the add. */
    XYZ_ON_DUPLICATE_REPLACE,    /**< The live alert ends (replaced); the new one is added in its place. */
    XYZ_ON_DUPLICATE_UPDATE,     /**< (0.3) Upsert: the live alert takes the new one's content (and its duration,
                                      counted again, when it has one) and gets update if on screen; the new one
                                      does not join: it finishes duplicate, after that update. */
    XYZ_ON_DUPLICATE_COALESCE    /**< (0.4) update, and the live alert's occurrence count goes up by one, its countdown
                                      restarts (with its own duration when the new one has none) and it is
                                      announced again, even with the same text (docs/rules.md §19). */
} xyz_on_duplicate;
/* END GENERATED enum xyz_on_duplicate */

/* BEGIN GENERATED enum xyz_when_displaced (scripts/interface: edit its tables, not this region) */
/** (0.3) What happens to an on-screen alert that would be hidden covered
 * (docs/rules.md §19). */
typedef enum xyz_when_displaced {
    XYZ_WHEN_DISPLACED_RESTORE = 0, /**< It is hidden (covered) and unhides when it can (default). */
    XYZ_WHEN_DISPLACED_DROP         /**< It ends instead: remove, finish, both displaced. */
} xyz_when_displaced;
/* END GENERATED enum xyz_when_displaced */

/* BEGIN GENERATED enum xyz_preempt (scripts/interface: edit its tables, not this region) */
/** (0.4) Which on-screen alerts a cover or hide_others alert shows over
 * (docs/rules.md §19). */
typedef enum xyz_preempt {
    XYZ_PREEMPT_LOWER = 0, /**< Lower priorities only (default). */
    XYZ_PREEMPT_EQUAL      /**< Also those of its own priority added before it: the newest of equal
                                priority wins. */
} xyz_preempt;
/* END GENERATED enum xyz_preempt */

/* BEGIN GENERATED enum xyz_on_full (scripts/interface: edit its tables, not this region) */
/** (0.3) What a full lane does with a wait candidate (docs/rules.md §19). */
typedef enum xyz_on_full {
    XYZ_ON_FULL_QUEUE = 0,   /**< It stays queued until there is room (default). */
    XYZ_ON_FULL_EVICT_OLDEST /**< The lane's oldest visible alert ends (evicted), then it shows. */
} xyz_on_full;
/* END GENERATED enum xyz_on_full */

/* BEGIN GENERATED enum xyz_order (scripts/interface: edit its tables, not this region) */
/** (0.3) Among candidates of equal priority, which shows first (docs/rules.md §19). */
typedef enum xyz_order {
    XYZ_ORDER_FIFO = 0, /**< The earlier add (default). */
    XYZ_ORDER_LIFO      /**< The later add. */
} xyz_order;
/* END GENERATED enum xyz_order */

/* BEGIN GENERATED enum xyz_politeness (scripts/interface: edit its tables, not this region) */
/** (0.3) How a screen reader should say an alert (docs/rules.md §17). */
typedef enum xyz_politeness {
    XYZ_ANNOUNCE_POLITE = 0, /**< When the reader is idle (default). */
    XYZ_ANNOUNCE_ASSERTIVE,  /**< At once, interrupting. */
    XYZ_ANNOUNCE_OFF         /**< Not announced. */
} xyz_politeness;
/* END GENERATED enum xyz_politeness */

/** (0.3) A display history; see "history and caps" below. */
typedef struct xyz_history xyz_history;

/* BEGIN GENERATED enum xyz_on_capped (scripts/interface: edit its tables, not this region) */
/** (0.3) What a capped alert does (docs/rules.md §16). */
typedef enum xyz_on_capped {
    XYZ_ON_CAPPED_DROP = 0, /**< It ends capped, at its add or when it would show (default). */
    XYZ_ON_CAPPED_WAIT      /**< It stays queued, is not selected, and is looked at again when its caps free. */
} xyz_on_capped;
/* END GENERATED enum xyz_on_capped */

/* BEGIN GENERATED enum xyz_limit_per (scripts/interface: edit its tables, not this region) */
/** (0.3) What a limit counts displays over (docs/rules.md §16). */
typedef enum xyz_limit_per {
    XYZ_PER_SESSION = 0, /**< Since the history's session began (xyz_history_begin_session()). */
    XYZ_PER_LIFETIME,    /**< Ever, as far as the history goes back. */
    XYZ_PER_WINDOW,      /**< The last `window` seconds. */
    XYZ_PER_DAY,         /**< (0.4) The current local calendar day (docs/rules.md §22). */
    XYZ_PER_WEEK         /**< (0.4) The current local calendar week, Monday first. */
} xyz_limit_per;
/* END GENERATED enum xyz_limit_per */

/* BEGIN GENERATED enum xyz_on_outside (scripts/interface: edit its tables, not this region) */
/** (0.4) What an alert does when it would be selected outside its windows
 * or inside an exclude (docs/rules.md §22). */
typedef enum xyz_on_outside {
    XYZ_ON_OUTSIDE_WAIT = 0, /**< It stays queued and is looked at again at the next opening (default). */
    XYZ_ON_OUTSIDE_DROP      /**< It ends outside_window. */
} xyz_on_outside;
/* END GENERATED enum xyz_on_outside */

/** (0.4) Days of a window (xyz_alert_add_window()), or'ed together. */
enum {
    XYZ_MONDAY = 1, XYZ_TUESDAY = 2, XYZ_WEDNESDAY = 4, XYZ_THURSDAY = 8,
    XYZ_FRIDAY = 16, XYZ_SATURDAY = 32, XYZ_SUNDAY = 64, XYZ_EVERY_DAY = 127
};

/* BEGIN GENERATED enum xyz_action_style (scripts/interface: edit its tables, not this region) */
/** How an action button wants to be drawn. */
typedef enum xyz_action_style {
    XYZ_ACTION_DEFAULT = 0, /**< The usual button. */
    XYZ_ACTION_CANCEL,      /**< The button that backs out. */
    XYZ_ACTION_DESTRUCTIVE  /**< A button whose action destroys or deletes something. */
} xyz_action_style;
/* END GENERATED enum xyz_action_style */

/* BEGIN GENERATED enum xyz_why_code (scripts/interface: edit its tables, not this region) */
/** (0.3) Why an alert is where it is (xyz_alert_why()): a stable code, the
 * first cause that applies in the order of the scheduling rules
 * (docs/rules.md §18 has each code's meaning, an example and the order).
 * Codes only ever gain values at the end. */
typedef enum xyz_why_code {
    XYZ_WHY_IDLE = 0,         /**< created, not added */
    XYZ_WHY_SHOWING,          /**< on screen, visible */
    XYZ_WHY_HIDDEN_PAGE,      /**< hidden: `page` (its page or an ancestor) does not participate */
    XYZ_WHY_HIDDEN_COVERED,   /**< hidden: `alert`, a hide_others alert above it */
    XYZ_WHY_NOT_READY,        /**< added waiting; the host has not marked it ready */
    XYZ_WHY_SHOW_AFTER,       /**< waiting: its show_after delay has not passed (`until`) */
    XYZ_WHY_DEPENDENCY,       /**< waiting for `alert` to finish */
    XYZ_WHY_ID_DEPENDENCY,    /**< waiting while `alert` has the id `id` */
    XYZ_WHY_PAGE_NOT_VISIBLE, /**< `page` (its page or an ancestor) is not visible or was destroyed */
    XYZ_WHY_NOT_ACTIVE_CHILD, /**< `page` (its page or an ancestor) is not an active child */
    XYZ_WHY_SUSPENDED,        /**< `page` (its page or an ancestor) is suspended */
    XYZ_WHY_BEHIND,           /**< `alert`, on screen, keeps it queued (it is wait, or not of higher priority) */
    XYZ_WHY_LOWER_PRIORITY,   /**< `alert`, a candidate before it, shows first at the next pass */
    XYZ_WHY_DEFERRED,         /**< nothing holds it: it changes at the next pass (deferred mode: the flush) */
    XYZ_WHY_LANE_GAP,         /**< its lane's gap after an alert left held its show back (`until`) */
    XYZ_WHY_CAPPED,           /**< a frequency cap holds it: `key`, `rule`; `until` when it frees by time */
    XYZ_WHY_COOLING_DOWN,     /**< a cool-down holds it: `key`, `rule`, `until` */
    XYZ_WHY_MIN_VISIBLE,      /**< dismissed or cancelled, on screen until its minimum visible time (`until`) */
    XYZ_WHY_FINISHED,         /**< ended; `end_reason` says why */
    XYZ_WHY_HELD,             /**< (0.4) on screen, visible, its countdown held (its own hold, the root's timer holds) */
    XYZ_WHY_TRIGGER_DELAY,    /**< (0.4) waiting: the delay of the campaign that made it has not passed (`until`) */
    XYZ_WHY_OUTSIDE_WINDOW    /**< (0.4) ready, outside its windows or inside an exclude: `rule`; `until` the next
                                   opening */
} xyz_why_code;
/* END GENERATED enum xyz_why_code */

/* BEGIN GENERATED enum xyz_campaign_event (scripts/interface: edit its tables, not this region) */
/** (0.4) What a campaign callback reports (docs/rules.md §21). */
typedef enum xyz_campaign_event {
    XYZ_CAMPAIGN_TRIGGER = 0, /**< A trigger fired and made an instance (the event's alert). */
    XYZ_CAMPAIGN_SKIP,        /**< A trigger fired and made none (the reason says why). */
    XYZ_CAMPAIGN_CONTROL,     /**< An instance of a control variant reached the moment it would have shown: it
                                   finishes control right after (docs/rules.md §22). */
    XYZ_CAMPAIGN_MISS         /**< (0.5) A trigger's event made no instance and no skip: its where failed, or its count
                                   was not reached (the reason says which). Only while the root reports misses. */
} xyz_campaign_event;
/* END GENERATED enum xyz_campaign_event */

/* BEGIN GENERATED enum xyz_campaign_why_code (scripts/interface: edit its tables, not this region) */
/** (0.5) What the last event a campaign's triggers named did (xyz_dispatch_campaign_why(),
 * docs/rules.md §21): fired, or the stable code of why it made no instance.
 * Codes only ever gain values at the end. */
typedef enum xyz_campaign_why_code {
    XYZ_CAMPAIGN_WHY_UNTRACKED = 0, /**< No event its triggers name was tracked since its set was attached. */
    XYZ_CAMPAIGN_WHY_FIRED,         /**< The event made an instance (or cancelled: a cancel_on trigger). */
    XYZ_CAMPAIGN_WHY_WHERE,         /**< The trigger's where rule failed: `detail` is the part that failed. */
    XYZ_CAMPAIGN_WHY_COUNT,         /**< The trigger counted the event but does not fire at that count: `detail`. */
    XYZ_CAMPAIGN_WHY_NOT_STARTED,   /**< Before the campaign's start: the event did not count. */
    XYZ_CAMPAIGN_WHY_ENDED,         /**< At or after the campaign's end: the event did not count. */
    XYZ_CAMPAIGN_WHY_AUDIENCE,      /**< Its audience rule failed: `detail` is the part that failed. */
    XYZ_CAMPAIGN_WHY_NO_USER,       /**< Bucketing needs a user_id attribute and there is none. */
    XYZ_CAMPAIGN_WHY_NO_PAGE        /**< The campaign names a page that is not in the domain. */
} xyz_campaign_why_code;
/* END GENERATED enum xyz_campaign_why_code */

/* BEGIN GENERATED enum xyz_diagnostic (scripts/interface: edit its tables, not this region) */
/** (0.5) Something a host set up that works other than it likely meant, noted once per domain
 * and never printed (xyz_dispatch_diagnostics(), docs/rules.md §16). */
typedef enum xyz_diagnostic {
    XYZ_DIAGNOSTIC_CAPS_WITHOUT_HISTORY = 0, /**< An alert with a limit or cool-down was added to a domain without a
                                                  history: caps apply only with one (xyz_dispatch_set_history()). */
    XYZ_DIAGNOSTIC_WINDOWS_WITHOUT_HISTORY   /**< An alert with windows or excludes was added to a domain without a
                                                  history: they read the host's wall clock, not a history's. */
} xyz_diagnostic;
/* END GENERATED enum xyz_diagnostic */

/* BEGIN GENERATED enum names (scripts/interface: edit its tables, not this region) */
/** @{ */
/** The word of each value, as the JSON formats, snapshots and traces
 * write it ("unknown" for a value that is not an enumerator: a newer
 * library's, a bad cast). Static storage; never NULL; any thread. */
/** "idle", "waiting", "ready", "showing", "hidden", "finished". */
XYZ_API const char *xyz_state_name(xyz_state value);
/** "wait", "cover", "hide_others". */
XYZ_API const char *xyz_exclusive_name(xyz_exclusive value);
/** "page", "covered". */
XYZ_API const char *xyz_hide_reason_name(xyz_hide_reason value);
/** "dismissed", "cancelled", "destroyed", "timeout", "expired", "duplicate", "replaced", "dropped",
 * "capped", "evicted", "displaced", "ineligible", "outside_window", "control", "withdrawn". */
XYZ_API const char *xyz_end_reason_name(xyz_end_reason value);
/** (0.2) "reject", "ignore", "replace", "update", "coalesce". */
XYZ_API const char *xyz_on_duplicate_name(xyz_on_duplicate value);
/** (0.3) "restore", "drop". */
XYZ_API const char *xyz_when_displaced_name(xyz_when_displaced value);
/** (0.4) "lower", "equal". */
XYZ_API const char *xyz_preempt_name(xyz_preempt value);
/** (0.3) "queue", "evict_oldest". */
XYZ_API const char *xyz_on_full_name(xyz_on_full value);
/** (0.3) "fifo", "lifo". */
XYZ_API const char *xyz_order_name(xyz_order value);
/** (0.3) "polite", "assertive", "off". */
XYZ_API const char *xyz_politeness_name(xyz_politeness value);
/** (0.3) "drop", "wait". */
XYZ_API const char *xyz_on_capped_name(xyz_on_capped value);
/** (0.3) "session", "lifetime", "window", "day", "week". */
XYZ_API const char *xyz_limit_per_name(xyz_limit_per value);
/** (0.4) "wait", "drop". */
XYZ_API const char *xyz_on_outside_name(xyz_on_outside value);
/** "default", "cancel", "destructive". */
XYZ_API const char *xyz_action_style_name(xyz_action_style value);
/** (0.3) "idle", "showing", "hidden_page", "hidden_covered", "not_ready", "show_after", "dependency",
 * "id_dependency", "page_not_visible", "not_active_child", "suspended", "behind", "lower_priority",
 * "deferred", "lane_gap", "capped", "cooling_down", "min_visible", "finished", "held",
 * "trigger_delay", "outside_window". */
XYZ_API const char *xyz_why_code_name(xyz_why_code value);
/** (0.4) "trigger", "skip", "control", "miss". */
XYZ_API const char *xyz_campaign_event_name(xyz_campaign_event value);
/** (0.5) "untracked", "fired", "where", "count", "not_started", "ended", "audience", "no_user", "no_page". */
XYZ_API const char *xyz_campaign_why_code_name(xyz_campaign_why_code value);
/** (0.5) "caps_without_history", "windows_without_history". */
XYZ_API const char *xyz_diagnostic_name(xyz_diagnostic value);
/** @} */
/* END GENERATED enum names */

/** A rectangle in the host's coordinate space; y grows downward. */
typedef struct xyz_rect {
    double x;      /**< Left edge. */
    double y;      /**< Top edge. */
    double width;  /**< Width. */
    double height; /**< Height. */
} xyz_rect;

/**
 * What the engine asks of the host. Set `size` to sizeof(xyz_host), most
 * simply with XYZ_HOST_INIT. The struct only ever grows at the end: the size
 * tells the library which version of it the host was compiled against, and
 * the library accepts every size a released header had (callbacks added
 * after the host's version count as NULL) and refuses any other. Every
 * callback may be NULL. Each callback gets the alert concerned (borrowed) and
 * `context` last.
 *
 * The sizes the library accepts (LP64), by the header that had them:
 *
 * | header                              | sizeof(xyz_host) | last member     |
 * |-------------------------------------|------------------|-----------------|
 * | 0.1.0, 0.2.0                        | 88 bytes         | destroy_context |
 * | development headers after 0.2.0     | 104 bytes        | set_timer       |
 * | (they said "0.2.0"; never released) | 112 bytes        | update          |
 * | 0.3.0                               | 120 bytes        | announce        |
 * | 0.4.0, 0.5.0                        | 136 bytes        | utc_offset      |
 *
 * A host built against any of them runs against this library unchanged.
 */
typedef struct xyz_host {
    /** sizeof(xyz_host) as the host was compiled. */
    uint32_t size;
    /** Passed to every callback; destroyed with destroy_context. */
    void *context;
    /** Put `alert` on screen on layer `target` (borrowed for the call), whose
     * registered view is `view` (NULL if none is registered). */
    void (*show)(xyz_alert *alert, const char *target, void *view, void *context);
    /** Hide an on-screen alert without ending it. */
    void (*hide)(xyz_alert *alert, xyz_hide_reason reason, void *context);
    /** Make a hidden alert visible again. */
    void (*unhide)(xyz_alert *alert, void *context);
    /** Take an alert off screen for good; finish follows. During remove and
     * finish, xyz_alert_dispatch() still returns the alert's dispatch; it
     * returns NULL once finish has returned. */
    void (*remove)(xyz_alert *alert, xyz_end_reason reason, void *context);
    /** The alert ended and will never show again. */
    void (*finish)(xyz_alert *alert, xyz_end_reason reason, void *context);
    /** Offset the alert vertically by `dy` (absolute), animated over
     * `duration` seconds, to keep it clear of the keyboard. */
    void (*move)(xyz_alert *alert, double dy, double duration, void *context);
    /** The user chose action `index` of a showing alert; remove and finish follow. */
    void (*action)(xyz_alert *alert, size_t index, void *context);
    /** Deferred mode when non-NULL: a pass is needed in the domain whose root
     * is `root`; call xyz_dispatch_flush() from the main loop. Called once
     * until the next flush of that domain. Only the root's host is asked. */
    void (*request_flush)(xyz_dispatch *root, void *context);
    /** Called exactly once with `context` when the dispatch is destroyed,
     * after everything else xyz_dispatch_destroy() does. May be NULL. */
    void (*destroy_context)(void *context);
    /** (0.2) The current time in seconds on any monotonic clock. NULL: the
     * engine reads the system's monotonic clock (Swift's ContinuousClock,
     * which keeps counting while the machine sleeps). Only the root's host of a domain
     * is asked, and only while the domain has alerts with a duration or a
     * ttl. It must not call the engine: calls that change the schedule
     * return XYZ_ESTATE. A NaN or infinite reading counts as the last good one; before the
     * first finite reading, time stands at 0 and countdowns wait for one
     * (docs/rules.md §12). */
    double (*now)(void *context);
    /** (0.2) "Call xyz_dispatch_tick(root) once, `delay` seconds from now"
     * (delay >= 0); each request replaces the previous one of that domain,
     * and a negative delay means no timer is needed any more. Called when
     * the domain's earliest deadline changes, at the end of the call that
     * changed it (never while a pass is delivering), and after every tick
     * that leaves a timer running (a tick uses the requested timer up, so a
     * host whose timer fired a little early is asked again). Only the root's
     * host is asked; when a dispatch stops being a root (xyz_dispatch_set_parent)
     * or is destroyed, its host gets a negative delay if it had a timer.
     * NULL: the host polls xyz_dispatch_next_deadline() instead. See
     * xyz_dispatch_tick() for how to wire it to a main loop. */
    void (*set_timer)(xyz_dispatch *root, double delay, void *context);
    /** (0.2) The content of an on-screen alert (showing or hidden) was set
     * (a content setter: style, title, message, actions, meta): redraw it.
     * Delivered during that setter's call, once per call. */
    void (*update)(xyz_alert *alert, void *context);
    /** (0.3) What a screen reader should say for `alert` (docs/rules.md §17):
     * after its first show and after a content change of its title or
     * message, unless its politeness is XYZ_ANNOUNCE_OFF, it has neither,
     * or the same text was its last announcement. `text` (borrowed for the
     * call) is the title and message joined by ". ". A host hands it to the
     * platform's accessibility announcement (a live region, UIAccessibility
     * or View.announceForAccessibility). A content change made from inside
     * it is announced after it returns, never nested. */
    void (*announce)(xyz_alert *alert, xyz_politeness politeness, const char *text, void *context);
    /** (0.4) A trigger of a campaign of the domain whose root is `root`
     * fired (docs/rules.md §21): XYZ_CAMPAIGN_TRIGGER with the instance it
     * made (`alert`, borrowed; added to its page right after this returns),
     * or XYZ_CAMPAIGN_SKIP with `reason`, the word saying why none was made
     * ("not_started", "ended", "audience", "no_user", "no_page"; NULL for a
     * trigger), or XYZ_CAMPAIGN_CONTROL with a control instance at the
     * moment it would have shown (it finishes XYZ_END_CONTROL right after;
     * `reason` NULL), or (0.5, only while the root reports misses:
     * xyz_dispatch_set_reports_misses()) XYZ_CAMPAIGN_MISS with `reason`
     * "where" or "count". `campaign` is the campaign's id. Called on the
     * root's host; xyz_dispatch_campaign_why() says more from inside it. */
    void (*campaign)(xyz_dispatch *root, const char *campaign, xyz_campaign_event kind, const char *reason,
                     xyz_alert *alert, void *context);
    /** (0.4) Seconds east of UTC of the user's local time at `wall` (seconds
     * since the epoch), for windows and calendar caps (docs/rules.md §22).
     * NULL: the process's time zone, through the C library's localtime_r().
     * NaN reads as 0 (UTC); values beyond ±64800 (18 h) as ±64800. Asked of
     * a domain's root while it looks at a window or a calendar limit; must
     * not call the library (such calls fail with XYZ_ESTATE). */
    double (*utc_offset)(double wall, void *context);
} xyz_host;

#ifndef __cplusplus
/**
 * An xyz_host with `size` set and the given members, the rest zero (C99 and
 * later; it uses designated initializers):
 *
 *     xyz_host host = XYZ_HOST_INIT(.show = on_show, .finish = on_finish, .context = app);
 *
 * In C++ write `xyz_host host{}; host.size = sizeof host;` and assign the
 * members (C++ designated initializers must name every member in order).
 */
#define XYZ_HOST_INIT(...) {.size = (uint32_t)sizeof(xyz_host), __VA_ARGS__}
#endif

/* ---------------------------------------------------------------- dispatch */

/**
 * Creates a dispatch whose page is not visible yet, alone in its domain.
 * `host` is copied (NULL: no callbacks); `page_view` is what the target "page"
 * resolves to. Returns NULL on failure (XYZ_EINVAL: host->size is not a size
 * this library knows), in which case destroy_context is not called.
 * The caller owns the dispatch and ends it with xyz_dispatch_destroy().
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_dispatch *xyz_dispatch_create(const xyz_host *host, void *page_view);

/**
 * Ends every live alert with XYZ_END_DESTROYED, one by one: on-screen ones top
 * of stack first (remove, then finish), then queued ones in queue order
 * (finish); detaches the children (each becomes its own domain); leaves the
 * parent; re-arbitrates what remains; then calls the host's destroy_context.
 * `dispatch` is invalid once this returns (from inside one of its own
 * callbacks: once that callback returns). XYZ_EINVAL for NULL, XYZ_ESTATE
 * when called again from a callback of the same dispatch.
 */
XYZ_API xyz_status xyz_dispatch_destroy(xyz_dispatch *dispatch);

/* BEGIN GENERATED page property name (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the page's name, for explanations, snapshots and traces (default "").
 * "" clears it. XYZ_EINVAL for NULL. The getter's string is borrowed: valid
 * until the value changes or the dispatch dies; NULL for a NULL dispatch. */
XYZ_API xyz_status xyz_dispatch_set_name(xyz_dispatch *dispatch, const char *name);
XYZ_API const char *xyz_dispatch_name(const xyz_dispatch *dispatch);
/** @} */
/* END GENERATED page property name */

/**
 * Adds `count` alerts at once, all or none: each must be idle and appear once,
 * ids must be unique among themselves, and no dependency cycle may form. An
 * id already live in the domain is XYZ_EDUPLICATE unless the new alert's
 * policy says otherwise (xyz_alert_set_on_duplicate()): "ignore" finishes the
 * new alert (XYZ_END_DUPLICATE) and adds the rest, "replace" ends the live one
 * (remove if on screen, finish; XYZ_END_REPLACED) and adds the new one,
 * "update" gives the live one the new content (update callback if on
 * screen) and finishes the new alert (XYZ_END_DUPLICATE). On
 * failure (XYZ_EINVAL, XYZ_ESTATE, XYZ_EDUPLICATE, XYZ_ECYCLE) the first
 * problem is reported and nothing changes. The state changes come first
 * (replaced alerts end, ignored ones finish, the rest join, then the
 * dispatch's capacity drops the lowest-ranked queued alerts); then the
 * finish (and remove) callbacks of those ends, in that order, during this
 * call; then a pass runs (or a flush is requested). The dispatch takes its
 * own reference to each alert that joins.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_dispatch_add(xyz_dispatch *dispatch, xyz_alert *const *alerts, size_t count);

/** The page appeared: its alerts are restored and candidates may show. */
XYZ_API xyz_status xyz_dispatch_page_did_appear(xyz_dispatch *dispatch);

/** The page will disappear: its showing alerts (and those of pages that stop
 * participating with it) are hidden during this call, in both pass modes. */
XYZ_API xyz_status xyz_dispatch_page_will_disappear(xyz_dispatch *dispatch);

/**
 * Makes `child` a child of `parent` (NULL detaches), joining their domains.
 * XYZ_ECYCLE for a parent cycle or a dependency cycle the join would close,
 * XYZ_EDUPLICATE when the domains' live alerts share an id, XYZ_ESTATE when
 * either domain is delivering a callback or either dispatch was destroyed.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_dispatch_set_parent(xyz_dispatch *child, xyz_dispatch *parent);

/** The parent (borrowed), or NULL. */
XYZ_API xyz_dispatch *xyz_dispatch_parent(const xyz_dispatch *dispatch);

/**
 * Makes `child` the only active child of `parent` (NULL: every child is active
 * again), replacing any provider. XYZ_EOWNER if `child` is not a child of
 * `parent`.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_dispatch_set_active_child(xyz_dispatch *parent, xyz_dispatch *child);

/** Returns the active child of `parent` (borrowed); NULL or a dispatch that is
 * not a child selects no child. Must not change the schedule: such calls from
 * inside it return XYZ_ESTATE. */
typedef xyz_dispatch *(*xyz_active_child_fn)(xyz_dispatch *parent, void *context);

/**
 * Sets the provider asked at every pass for the active child, replacing any
 * explicit active child. With `fn` NULL the provider is removed (and
 * `context` and `destroy_context` are ignored). `destroy_context` (may be NULL) is
 * called once with `context` when the provider is replaced or removed or the
 * dispatch is destroyed; not if this call fails, except when it fails
 * because its passes did not settle (see Errors above): the provider is set
 * then, and `destroy_context` runs later as usual. The provider may be replaced
 * from a host callback while this call's pass is running; the engine keeps
 * each provider until it no longer calls it.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_dispatch_set_active_child_provider(xyz_dispatch *parent, xyz_active_child_fn fn,
                                                  void *context, void (*destroy_context)(void *context));

/** The `context` of the provider set on `parent` now (borrowed, opaque), or
 * NULL when it has none. Lets a binding tell whether a failed
 * xyz_dispatch_set_active_child_provider() kept the provider it was given. */
XYZ_API void *xyz_dispatch_active_child_context(const xyz_dispatch *parent);

/** Registers `view` under `name` for alerts of this dispatch and its
 * descendants (NULL view removes it). "page" replaces the page view.
 * XYZ_EINVAL for a NULL or empty name. */
XYZ_API xyz_status xyz_dispatch_set_target(xyz_dispatch *dispatch, const char *name, void *view);

/** Reports the keyboard frame for the dispatch's domain (a height of zero
 * or less: hidden).
 * Visible alerts whose offset changes get a move callback during this call.
 * XYZ_EINVAL for non-finite values or a negative duration. */
XYZ_API
xyz_status xyz_dispatch_keyboard_changed(xyz_dispatch *dispatch, xyz_rect keyboard, double duration);

/** Runs the domain's passes now, in both modes, and ends a pending flush
 * request. From inside a callback of this domain it only acknowledges. */
XYZ_API xyz_status xyz_dispatch_flush(xyz_dispatch *dispatch);

/**
 * (0.2) Cancels every live alert of the dispatch's domain that carries
 * `tag` (NULL: every live alert of the domain), one by one as
 * xyz_alert_cancel() would (remove if on screen, then finish, both
 * XYZ_END_CANCELLED): on-screen alerts top of stack first, then queued ones
 * in candidate order (priority, then add order); then one pass. Alerts that
 * a callback ends or moves to another domain meanwhile are skipped. `count`
 * (may be NULL) receives how many this call ended. Called from a callback
 * while another cancel_tagged() or xyz_dispatch_cancel_queued() of the same
 * domain ends its alerts, it joins that call: it ends nothing itself,
 * `count` receives 0, and the running call carries the request out once its
 * own alerts are done (docs/rules.md §13.1). XYZ_EINVAL for a NULL
 * dispatch or an empty tag. O(k log k) for the k alerts it ends, plus the
 * on-screen stack; every live alert when `tag` is NULL.
 */
XYZ_API xyz_status xyz_dispatch_cancel_tagged(xyz_dispatch *dispatch, const char *tag, size_t *count);

/**
 * (0.2) Holds back the candidates of the dispatch and of its descendants:
 * they stay queued and are not selected until the matching resume. On-screen
 * alerts, participation, ends, timers and keyboard moves are unaffected.
 * Counted: each suspend needs its resume. Runs no pass. XYZ_EINVAL for NULL,
 * XYZ_ESTATE for a destroyed dispatch.
 */
XYZ_API xyz_status xyz_dispatch_suspend(xyz_dispatch *dispatch);

/** (0.2) Undoes one xyz_dispatch_suspend(); the resume that brings the
 * count to 0 runs a pass (or requests a flush). XYZ_ESTATE when the dispatch
 * is not suspended. */
XYZ_API xyz_status xyz_dispatch_resume(xyz_dispatch *dispatch);

/** (0.2) Whether the dispatch itself is suspended (its count is above 0).
 * Its candidates are held back as well while an ancestor is suspended;
 * xyz_alert_explain() names the page that holds them. */
XYZ_API bool xyz_dispatch_is_suspended(const xyz_dispatch *dispatch);

/* BEGIN GENERATED page property capacity (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.2) Sets the most queued alerts (live, not on screen: waiting or ready)
 * the page keeps (default 0: no limit). Right after alerts join its queue (an
 * add), before any pass and in both pass modes, while it holds more, the
 * lowest-ranked queued alert (lowest priority; among equals the one added last)
 * ends with finish, reason dropped; the add still succeeds. Lowering the
 * capacity enforces it at once, then a pass. O(log n) per alert dropped;
 * keeping count costs O(log n) per add, show and end while a capacity is set,
 * nothing otherwise. XYZ_EINVAL for a capacity above INT32_MAX. The getter
 * gives 0 for NULL. */
XYZ_API xyz_status xyz_dispatch_set_capacity(xyz_dispatch *dispatch, size_t capacity);
XYZ_API size_t xyz_dispatch_capacity(const xyz_dispatch *dispatch);
/** @} */
/* END GENERATED page property capacity */

/**
 * (0.3) Cancels the queued alerts of the dispatch's domain (waiting or
 * ready, not on screen) that carry `tag` (NULL: every queued alert), one
 * by one in candidate order, as xyz_alert_cancel() would (finish,
 * XYZ_END_CANCELLED); on-screen alerts, hidden ones included, stay. Then
 * one pass. `count` (may be NULL) receives how many this call ended; from
 * a callback of another cancel of the domain it joins that call as
 * xyz_dispatch_cancel_tagged() does (0 here, counted there).
 * XYZ_EINVAL for a NULL dispatch or an empty tag. O(k log k) for the k
 * alerts it ends; every live alert of the domain is looked at when `tag`
 * is NULL.
 */
XYZ_API xyz_status xyz_dispatch_cancel_queued(xyz_dispatch *dispatch, const char *tag, size_t *count);

/**
 * (0.3) Up to `visible` alerts of `lane` may be visible at once in the
 * domain of `root` (default 1), as a stack; `on_full` says what a wait
 * candidate does when the lane is full (docs/rules.md §19). With 1 and
 * XYZ_ON_FULL_QUEUE the lane has the classic rules. Then a pass. XYZ_EINVAL
 * for NULL, an empty lane, `visible` 0 or above INT32_MAX, or a bad
 * `on_full`; XYZ_ESTATE for a page that is not a root.
 */
XYZ_API xyz_status xyz_dispatch_set_lane_limit(xyz_dispatch *root, const char *lane, size_t visible, xyz_on_full on_full);
/** (0.3) The visible limit of `lane` in the dispatch's domain (1 by
 * default, 0 for bad arguments), and its on_full into `*on_full` (may be
 * NULL). */
XYZ_API size_t xyz_dispatch_lane_limit(const xyz_dispatch *dispatch, const char *lane, xyz_on_full *on_full);

/* BEGIN GENERATED page property order (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets the tie-break among the page's candidates of equal priority
 * (default XYZ_ORDER_FIFO). It applies to alerts added from then on; each keeps
 * the place its add gave it. XYZ_EINVAL for a bad value, XYZ_ESTATE for a
 * destroyed dispatch. The getter gives XYZ_ORDER_FIFO for NULL. */
XYZ_API xyz_status xyz_dispatch_set_order(xyz_dispatch *dispatch, xyz_order order);
XYZ_API xyz_order xyz_dispatch_order(const xyz_dispatch *dispatch);
/** @} */
/* END GENERATED page property order */

/* ---------------------------------------------------------------- time */

/**
 * Ends every alert of the dispatch's domain whose timer is due at the
 * host's now(): showing alerts whose duration is spent with
 * XYZ_END_TIMEOUT (remove, finish), waiting or ready alerts whose ttl ran
 * out with XYZ_END_EXPIRED (finish), soonest deadline first, ties in add
 * order; then a pass runs (deferred mode: a flush is requested; the remove
 * and finish callbacks are delivered during this call). A tick before the
 * earliest deadline does nothing; a late one ends everything that is due.
 * Any dispatch of the domain may be ticked. XYZ_EINVAL for NULL,
 * XYZ_ESTATE for a destroyed dispatch. O(log n) per alert it ends.
 *
 * Wiring it to a main loop. With set_timer, keep one timer per root:
 *
 *     static void set_timer(xyz_dispatch *root, double delay, void *context) {
 *         app *a = context;                       // a poll()/epoll loop
 *         a->tick_at = delay < 0 ? -1 : now() + delay;
 *     }
 *     // loop: timeout = a->tick_at < 0 ? -1 : ceil((a->tick_at - now()) * 1000) ms
 *     //       poll(fds, n, timeout); if (a->tick_at >= 0 && now() >= a->tick_at)
 *     //           { a->tick_at = -1; xyz_dispatch_tick(root); }
 *
 * A GUI toolkit's one-shot timer works the same way: cancel the pending
 * one, then start a new one for `delay` seconds whose handler calls
 * xyz_dispatch_tick() (Tk: after_cancel / after, GLib: g_source_remove /
 * g_timeout_add, Qt: QTimer::singleShot). A timer that fires early or late
 * is harmless: an early tick asks for the timer again, a late one catches
 * up. Without set_timer, call xyz_dispatch_next_deadline() when idle.
 * Called from a callback of a running tick of the same domain, it only
 * makes that tick read the clock again before it returns (no nesting).
 */
XYZ_API xyz_status xyz_dispatch_tick(xyz_dispatch *dispatch);

/** Seconds from now until the earliest deadline of the dispatch's domain (0
 * when it is due), or a negative value when no timer runs (and for NULL or a
 * destroyed dispatch). Reads the host's clock. For hosts without set_timer. */
XYZ_API double xyz_dispatch_next_deadline(const xyz_dispatch *dispatch);

/** The live alert of this dispatch with this id (borrowed), or NULL. */
XYZ_API xyz_alert *xyz_dispatch_find(const xyz_dispatch *dispatch, const char *id);

/**
 * The dispatch's whole domain as JSON: {"pages": [...], "lanes": {...},
 * "stack": [...], "keyboard": [x, y, w, h], "deferred": bool,
 * "flush_requested": bool, "campaigns": {...}}, each page with "name", "visible",
 * "participating", "parent", "active_child", "provider", "suspended",
 * "capacity", "order" (0.3) and its "queue"; "lanes" (0.3) has the root's
 * lane limits, {"LANE": {"visible": N, "on_full": WORD}} for each lane
 * whose limit is not the default, by lane in byte order; each alert with
 * "id", "priority", "exclusive", "state", "page", "unmet_dependencies",
 * "lane", "why" (0.3: the reason's trace word, see xyz_alert_why()) and
 * "cause" (0.3: {"alert": ID or null}, {"page": INDEX}, {"id": ID} or {"key": KEY}, or null
 * when the reason has no cause); "campaigns" (0.4, only while the root has
 * campaigns attached) has each campaign of the root's set, in set order, {"ID": {"triggers": [N, ...], "cancel_on":
 * [N, ...]}}, the matching events each trigger has counted (docs/rules.md
 * §21). Never calls host code (no "until"). The
 * caller frees it with xyz_free(). NULL (and XYZ_EINVAL) for a NULL dispatch.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_dispatch_snapshot_json(const xyz_dispatch *dispatch);

/* ---------------------------------------------------------------- recording */

/**
 * (0.2) Starts recording everything done to the dispatch's domain from now
 * on: every successful call on one of its pages or their alerts (failed
 * calls change nothing and are left out), pages that join it later, and the
 * time the domain's clock reads during each call. xyz_dispatch_recording_json()
 * turns it into a scenario that `xyzalert simulate` replays to the same
 * events in the same order (docs/formats.md, "Recordings"). A new start on
 * the same dispatch discards the previous recording.
 *
 * Returns XYZ_ESTATE when the domain has live alerts (what they did before
 * cannot be replayed: start before adding alerts), a page with an
 * active-child provider (host code a file cannot hold), or a page that is
 * being recorded already, or when called from inside a callback while the
 * domain delivers a pass; XYZ_EINVAL for NULL. Costs nothing while no
 * recording runs; while one runs, memory grows with the number of calls.
 * Same threading rules as the rest of the domain.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_dispatch_start_recording(xyz_dispatch *dispatch);

/**
 * (0.2) Stops the recording started on this dispatch; what it recorded stays
 * readable until the next start or until the dispatch is destroyed
 * (destroying it also stops it). XYZ_ESTATE when none was started here,
 * XYZ_EINVAL for NULL. Stopping twice is harmless.
 */
XYZ_API xyz_status xyz_dispatch_stop_recording(xyz_dispatch *dispatch);

/**
 * (0.2) The recording started on this dispatch (running or stopped) as
 * scenario JSON text; the caller frees it with xyz_free(). NULL with
 * XYZ_ESTATE when none was started here, or when something happened that a
 * scenario cannot replay (an active-child provider set while recording, a
 * page joining with alerts added before the recording saw it, a dependency
 * on an alert the recording never saw added): xyz_last_error() says which,
 * naming the first such call. NULL with XYZ_EINVAL for NULL.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_dispatch_recording_json(const xyz_dispatch *dispatch);

/* ---------------------------------------------------------------- alerts */

/** Creates an idle, ready alert (+1 reference). `id` may be NULL or "" for
 * an anonymous alert; it is copied. Returns NULL (XYZ_EINVAL in
 * xyz_last_error()) when `id` is not valid UTF-8. */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_alert *xyz_alert_create(const char *id);

/** Creates an idle, ready alert with its priority and exclusive behaviour
 * set (+1 reference): what xyz_alert_create(id), xyz_alert_set_priority()
 * and xyz_alert_set_exclusive() give, in one call (for bindings, where each
 * foreign call costs more than the engine's work). Returns NULL, creating
 * nothing, with XYZ_EINVAL in xyz_last_error() when `id` is not valid UTF-8
 * or `exclusive` is not an xyz_exclusive value. */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_alert *xyz_alert_create_with(const char *id, int32_t priority,
                                                                 xyz_exclusive exclusive);

/** Adds a reference; returns `alert` (NULL stays NULL). */
XYZ_API xyz_alert *xyz_alert_retain(xyz_alert *alert);

/** Drops a reference; the alert is freed (and its user-data destructor runs)
 * with the last one. NULL is allowed. Releasing more often than retained is
 * undefined behaviour. */
XYZ_API void xyz_alert_release(xyz_alert *alert);

/** The id (NULL for an anonymous alert); valid while the alert lives. */
XYZ_API const char *xyz_alert_id(const xyz_alert *alert);

/* BEGIN GENERATED property priority (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the alert's priority: larger is more important (default 0). Idle alerts
 * only (XYZ_ESTATE). The getter gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_priority(xyz_alert *alert, int32_t priority);
XYZ_API int32_t xyz_alert_priority(const xyz_alert *alert);
/** @} */
/* END GENERATED property priority */

/* BEGIN GENERATED property lane (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.2) Sets the lane the alert is arbitrated in (default "main"). Each lane
 * of a domain is arbitrated on its own: one stack, one candidate order and one
 * visibility per lane, so an alert only waits for, covers or hides alerts of
 * its own lane; within a pass the lanes are taken in byte order of their names.
 * Participation, dependencies, ids, capacity and suspension are shared, and
 * keyboard avoidance, page hiding and destroying see every lane (the most
 * recently shown alert first). Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for
 * NULL or "". The getter's string is borrowed: valid until the value changes or
 * the alert dies; NULL for a NULL alert. */
XYZ_API xyz_status xyz_alert_set_lane(xyz_alert *alert, const char *lane);
XYZ_API const char *xyz_alert_lane(const xyz_alert *alert);
/** @} */
/* END GENERATED property lane */

/* BEGIN GENERATED property on_duplicate (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.2) Sets what an add does when the alert's id is already live in the
 * domain (default XYZ_ON_DUPLICATE_REJECT). Two alerts of one batch with the
 * same id are a duplicate error whatever their policy. Idle alerts only
 * (XYZ_ESTATE); XYZ_EINVAL for a bad value. The getter gives
 * XYZ_ON_DUPLICATE_REJECT for NULL. */
XYZ_API xyz_status xyz_alert_set_on_duplicate(xyz_alert *alert, xyz_on_duplicate on_duplicate);
XYZ_API xyz_on_duplicate xyz_alert_on_duplicate(const xyz_alert *alert);
/** @} */
/* END GENERATED property on_duplicate */

/* BEGIN GENERATED property when_displaced (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets what happens where the alert would be hidden covered (by a
 * hide_others alert or a lane's limit) (default XYZ_WHEN_DISPLACED_RESTORE).
 * Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for a bad value. The getter gives
 * XYZ_WHEN_DISPLACED_RESTORE for NULL. */
XYZ_API xyz_status xyz_alert_set_when_displaced(xyz_alert *alert, xyz_when_displaced when_displaced);
XYZ_API xyz_when_displaced xyz_alert_when_displaced(const xyz_alert *alert);
/** @} */
/* END GENERATED property when_displaced */

/* BEGIN GENERATED property preempt (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.4) Sets which on-screen alerts the alert shows over when it is cover or
 * hide_others (default XYZ_PREEMPT_LOWER). It changes nothing for a wait alert.
 * Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for a bad value. The getter gives
 * XYZ_PREEMPT_LOWER for NULL. */
XYZ_API xyz_status xyz_alert_set_preempt(xyz_alert *alert, xyz_preempt preempt);
XYZ_API xyz_preempt xyz_alert_preempt(const xyz_alert *alert);
/** @} */
/* END GENERATED property preempt */

/* BEGIN GENERATED property coverable (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.4) Sets whether the alert may be covered (default true). While an alert
 * that is not coverable is on screen on a participating page, no candidate of
 * its lane covers it, hides it or evicts it: they wait until it leaves
 * (docs/rules.md §19). Idle alerts only (XYZ_ESTATE). The getter gives true for
 * NULL. */
XYZ_API xyz_status xyz_alert_set_coverable(xyz_alert *alert, bool coverable);
XYZ_API bool xyz_alert_is_coverable(const xyz_alert *alert);
/** @} */
/* END GENERATED property coverable */

/** (0.4) How many adds the alert stands for: 1, plus one for each add of its
 * id that XYZ_ON_DUPLICATE_COALESCE folded into it ("3 x Connection lost");
 * it stays once the alert finished. 0 (and XYZ_EINVAL) for NULL. */
XYZ_API uint64_t xyz_alert_occurrence_count(const xyz_alert *alert);

/* BEGIN GENERATED property exclusive (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets how the alert treats the alerts on screen when it shows (default
 * XYZ_EXCLUSIVE_WAIT). See docs/rules.md §3. Idle alerts only (XYZ_ESTATE);
 * XYZ_EINVAL for a bad value. The getter gives XYZ_EXCLUSIVE_WAIT for NULL. */
XYZ_API xyz_status xyz_alert_set_exclusive(xyz_alert *alert, xyz_exclusive exclusive);
XYZ_API xyz_exclusive xyz_alert_exclusive(const xyz_alert *alert);
/** @} */
/* END GENERATED property exclusive */

/** @{ */
/** (0.2) Adds a tag (copied; adding one twice does nothing), for
 * xyz_dispatch_cancel_tagged(). Until finished (XYZ_ESTATE after); XYZ_EINVAL
 * for a NULL or empty tag. */
XYZ_API xyz_status xyz_alert_add_tag(xyz_alert *alert, const char *tag);
/** The number of tags, and the one at `index` in the order they were added
 * (NULL when out of range; valid while the alert lives). */
XYZ_API size_t xyz_alert_tag_count(const xyz_alert *alert);
XYZ_API const char *xyz_alert_tag(const xyz_alert *alert, size_t index);
/** Whether the alert carries `tag` (byte for byte; false for NULL). */
XYZ_API bool xyz_alert_has_tag(const xyz_alert *alert, const char *tag);
/** @} */

/* BEGIN GENERATED property duration (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.2) Sets the seconds the alert may be showing, in total, before it ends by
 * itself with reason timeout (default 0: none). The count runs only while the
 * alert is showing and pauses while it is hidden, so a toast is never used up
 * unseen. Idle alerts only (XYZ_ESTATE); NaN, infinities and negative values
 * are XYZ_EINVAL. The getter gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_duration(xyz_alert *alert, double duration);
XYZ_API double xyz_alert_duration(const xyz_alert *alert);
/** @} */
/* END GENERATED property duration */

/* BEGIN GENERATED property ttl (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.2) Sets the seconds from its add within which the alert must first be on
 * screen, or it ends with reason expired (finish only) (default 0: none). Once
 * it has been on screen the ttl no longer applies. Idle alerts only
 * (XYZ_ESTATE); NaN, infinities and negative values are XYZ_EINVAL. The getter
 * gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_ttl(xyz_alert *alert, double ttl);
XYZ_API double xyz_alert_ttl(const xyz_alert *alert);
/** @} */
/* END GENERATED property ttl */

/** The current state (XYZ_STATE_FINISHED for NULL, with an error set). */
XYZ_API xyz_state xyz_alert_state(const xyz_alert *alert);

/** The dispatch of a live alert (borrowed), or NULL for an idle or finished
 * one. Inside the remove and finish callbacks of an ending alert it is still
 * the dispatch the alert was on (even one being destroyed); it becomes NULL
 * once finish returns. */
XYZ_API xyz_dispatch *xyz_alert_dispatch(const xyz_alert *alert);

/**
 * Makes `alert` wait until `dependency` finishes. Allowed until the alert
 * shows (XYZ_ESTATE after). A finished dependency is already met; adding one
 * twice does nothing. XYZ_ECYCLE, naming the cycle, when `dependency` already
 * waits for `alert`, directly or not. The alert keeps a reference to
 * `dependency` until either finishes.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_alert_add_dependency(xyz_alert *alert, xyz_alert *dependency);

/** Makes `alert` wait while a live alert with id `id` exists in its domain.
 * Allowed until the alert shows. XYZ_ECYCLE for its own id or a cycle. */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_alert_add_dependency_id(xyz_alert *alert, const char *id);

/** Marks an idle alert to be added waiting (XYZ_ESTATE unless idle). */
XYZ_API xyz_status xyz_alert_set_waiting(xyz_alert *alert);

/** Idle: it will be added ready. Waiting: it becomes ready and may show (a
 * pass follows). Ready or on screen: nothing happens. */
XYZ_API xyz_status xyz_alert_set_ready(xyz_alert *alert);

/** The host already took this on-screen alert off screen: it finishes
 * (finish callback, XYZ_END_DISMISSED). XYZ_ESTATE unless on screen. */
XYZ_API xyz_status xyz_alert_dismiss(xyz_alert *alert);

/** Ends a live alert: remove (if on screen) then finish, XYZ_END_CANCELLED.
 * XYZ_ESTATE for an idle or finished alert. */
XYZ_API xyz_status xyz_alert_cancel(xyz_alert *alert);

/** The user chose action `index` of this showing alert: action, remove and
 * finish callbacks (XYZ_END_DISMISSED); the action callback only, the
 * alert staying, for an action with XYZ_ACTION_KEEP_OPEN. XYZ_ESTATE unless
 * showing, XYZ_EINVAL when `index` >= xyz_alert_action_count(). */
XYZ_API xyz_status xyz_alert_trigger_action(xyz_alert *alert, size_t index);

/** One sentence on why the alert is in its state, e.g. "'promo' is waiting
 * for dependency 'login' (showing)". The caller frees it with xyz_free(). */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_alert_explain(const xyz_alert *alert);

/**
 * (0.3) Why an alert is where it is, as data: what xyz_alert_explain() says
 * in words (the sentence is made from the same data). A versioned struct:
 * the caller sets `size` (XYZ_WHY_INIT does) and the library fills the
 * fields that fit in it. `alert`, `page` and `id` are the cause, as the code
 * says (others NULL); they are borrowed: valid until the next call that
 * changes the engine's state. Fields a code does not use are NULL, or -1 for
 * `until`.
 */
typedef struct xyz_why {
    /** sizeof(xyz_why) as the caller was compiled. */
    uint32_t size;
    xyz_why_code code; /**< Why the alert is where it is. */
    /** The alert that causes it (hidden_covered, dependency, behind,
     * lower_priority; for id_dependency the live alert holding the id). */
    xyz_alert *alert;
    /** The page that causes it (hidden_page, page_not_visible,
     * not_active_child, suspended). */
    xyz_dispatch *page;
    /** The id that causes it (id_dependency). */
    const char *id;
    /** Seconds until one of the engine's timers changes the situation: the
     * rest of a showing alert's duration, or of a queued alert's ttl; -1
     * when no timer runs. */
    double until;
    /** finished: why it ended (XYZ_END_DISMISSED otherwise). */
    xyz_end_reason end_reason;
    /** capped, cooling_down: the cap key that holds it ("tag:promo") and
     * its rule, worded ("3 of 3 displays this session", "at least 30s
     * between displays"); finished with XYZ_END_CAPPED or
     * XYZ_END_OUTSIDE_WINDOW: the cap that ended it, or "windows" and its
     * windows, worded; with XYZ_END_INELIGIBLE: "audience" and the part of
     * its campaign's audience rule that failed (0.5). Borrowed from the alert, valid until its next
     * xyz_alert_why() or until it is freed. NULL otherwise. */
    const char *key;
    const char *rule; /**< The rule of `key`, worded. */
} xyz_why;

/** An xyz_why with `size` set and the rest empty, ready for xyz_alert_why()
 * (C and C++). */
#define XYZ_WHY_INIT {(uint32_t)sizeof(xyz_why), XYZ_WHY_IDLE, NULL, NULL, NULL, -1, XYZ_END_DISMISSED, NULL, NULL}

/** (0.3) Why `alert` is where it is, into `*out`, whose `size` the caller has
 * set (XYZ_WHY_INIT). Reads the domain's clock when a timer of the alert
 * runs (for `until`; the host's now() may be called), and no other host
 * code. XYZ_EINVAL, leaving `*out` alone, for a NULL argument or a `size`
 * smaller than 0.3's. */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_alert_why(const xyz_alert *alert, xyz_why *out);

/* BEGIN GENERATED property target (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the layer the alert shows on: the page itself, or a layer its page or
 * an ancestor registered (default "page"). It takes effect at its next show.
 * Any state but finished (XYZ_ESTATE); XYZ_EINVAL for NULL or "". The getter's
 * string is borrowed: valid until the value changes or the alert dies; NULL for
 * a NULL alert. */
XYZ_API xyz_status xyz_alert_set_target(xyz_alert *alert, const char *name);
XYZ_API const char *xyz_alert_target(const xyz_alert *alert);
/** @} */
/* END GENERATED property target */

/* ------------------------------------------------------ keyboard avoidance */

/** Enables or disables keyboard avoidance (default on) with a correction
 * `adjust` added to the offset (negative moves further up): what
 * xyz_alert_set_avoid_keyboard() and xyz_alert_set_keyboard_adjust() set, in
 * one call. An on-screen alert whose offset changes gets a move callback
 * during this call. */
XYZ_API xyz_status xyz_alert_set_keyboard_avoidance(xyz_alert *alert, bool enabled, double adjust);

/* BEGIN GENERATED property avoid_keyboard (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.5) Sets whether the alert moves clear of the keyboard (default true). An
 * on-screen alert whose offset changes is moved during the call. Any state but
 * finished (XYZ_ESTATE). The getter gives true for NULL. */
XYZ_API xyz_status xyz_alert_set_avoid_keyboard(xyz_alert *alert, bool avoid_keyboard);
XYZ_API bool xyz_alert_has_keyboard_avoidance(const xyz_alert *alert);
/** @} */
/* END GENERATED property avoid_keyboard */

/* BEGIN GENERATED property keyboard_adjust (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.5) Sets the points added to the keyboard offset, a negative number moving
 * the alert further up (default 0). An on-screen alert whose offset changes is
 * moved during the call. Any state but finished (XYZ_ESTATE); NaN and
 * infinities are XYZ_EINVAL. The getter gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_keyboard_adjust(xyz_alert *alert, double keyboard_adjust);
XYZ_API double xyz_alert_keyboard_adjust(const xyz_alert *alert);
/** @} */
/* END GENERATED property keyboard_adjust */

/** Reports the alert's laid-out frame (NULL: unknown). An on-screen alert
 * whose offset changes gets a move callback during this call. */
XYZ_API xyz_status xyz_alert_set_frame(xyz_alert *alert, const xyz_rect *frame);

/** The pure avoidance formula: with overlap = frame.y + frame.height -
 * keyboard.y, returns -overlap + adjust when the keyboard is shown (height
 * above zero; zero or negative is hidden) and overlaps, else 0. Finite inputs
 * give a finite result: one beyond the range of double is clamped to
 * -DBL_MAX or DBL_MAX, and so is every offset passed to the move callback. */
XYZ_API double xyz_keyboard_offset(xyz_rect frame, xyz_rect keyboard, double adjust);

/* ---------------------------------------------------------------- content */

/* Every content setter works in any state but finished (XYZ_ESTATE). On an
 * on-screen alert (showing or hidden) it delivers the host's update callback
 * during the call, once per call that changes the content (a value equal to
 * the current one, byte for byte, changes nothing: no update, nothing
 * recorded); a queued or idle alert just takes the new content. From inside an active-child
 * provider or the host's clock, setting the content of an on-screen alert is
 * XYZ_ESTATE. */

/* BEGIN GENERATED property style (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the presentation hint: "alert", "sheet", "toast" or any word the host
 * knows (default "alert"). On screen, the host is told at once (update). Any
 * state but finished (XYZ_ESTATE); XYZ_EINVAL for NULL or "". The getter's
 * string is borrowed: valid until the value changes or the alert dies; NULL for
 * a NULL alert. */
XYZ_API xyz_status xyz_alert_set_style(xyz_alert *alert, const char *style);
XYZ_API const char *xyz_alert_style(const xyz_alert *alert);
/** @} */
/* END GENERATED property style */

/* BEGIN GENERATED property title (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the title the host draws (default none). On screen, the host is told at
 * once (update), and a showing alert's new title is announced. Any state but
 * finished (XYZ_ESTATE); NULL is none. The getter's string is borrowed: valid
 * until the value changes or the alert dies; NULL for a NULL alert or none. */
XYZ_API xyz_status xyz_alert_set_title(xyz_alert *alert, const char *title);
XYZ_API const char *xyz_alert_title(const xyz_alert *alert);
/** @} */
/* END GENERATED property title */

/* BEGIN GENERATED property message (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the message the host draws (default none). On screen, the host is told
 * at once (update), and a showing alert's new message is announced. Any state
 * but finished (XYZ_ESTATE); NULL is none. The getter's string is borrowed:
 * valid until the value changes or the alert dies; NULL for a NULL alert or
 * none. */
XYZ_API xyz_status xyz_alert_set_message(xyz_alert *alert, const char *message);
XYZ_API const char *xyz_alert_message(const xyz_alert *alert);
/** @} */
/* END GENERATED property message */

/** Appends an action button. `id` and `title` must not be NULL; `id` must
 * not be empty (XYZ_EINVAL) nor the id of another action of the alert
 * (XYZ_EDUPLICATE), as in the alert set format, so that every recording
 * loads. */
XYZ_API
xyz_status xyz_alert_add_action(xyz_alert *alert, const char *id, const char *title, xyz_action_style style);
/** (0.3) Flags of an action (xyz_alert_add_action_flags()). */
#define XYZ_ACTION_KEEP_OPEN 1u /**< choosing it delivers the action callback only: the alert stays */

/** @{ */
/** (0.3) Appends an action button with `flags` (XYZ_ACTION_KEEP_OPEN or 0;
 * XYZ_EINVAL for other bits). */
XYZ_API
xyz_status xyz_alert_add_action_flags(xyz_alert *alert, const char *id, const char *title, xyz_action_style style,
                                      unsigned flags);
/** (0.3) Action `index`'s flags (0 when out of range). */
XYZ_API unsigned xyz_alert_action_flags(const xyz_alert *alert, size_t index);
/** Removes every action. */
XYZ_API xyz_status xyz_alert_clear_actions(xyz_alert *alert);
XYZ_API size_t xyz_alert_action_count(const xyz_alert *alert);
/** Action `index`'s id and title (NULL when out of range); valid until the
 * actions change or the alert dies. */
XYZ_API const char *xyz_alert_action_id(const xyz_alert *alert, size_t index);
XYZ_API const char *xyz_alert_action_title(const xyz_alert *alert, size_t index);
/** Action `index`'s style (XYZ_ACTION_DEFAULT when out of range). */
XYZ_API xyz_action_style xyz_alert_action_style(const xyz_alert *alert, size_t index);
/** @} */

/* BEGIN GENERATED property meta (scripts/interface: edit its tables, not this region) */
/** @{ */
/** Sets the host's own data: the text of one JSON object, handed back as it was
 * given, or made compact when read from an alert set (default none). On screen,
 * the host is told at once (update). Any state but finished (XYZ_ESTATE); NULL
 * is none; XYZ_EINVAL for text that is not one JSON object (the loader's rules:
 * UTF-8, no duplicate keys), with the line and column in the message. The
 * getter's string is borrowed: valid until the value changes or the alert dies;
 * NULL for a NULL alert or none. */
XYZ_API xyz_status xyz_alert_set_meta(xyz_alert *alert, const char *json);
XYZ_API const char *xyz_alert_meta(const xyz_alert *alert);
/** @} */
/* END GENERATED property meta */

/* ---------------------------------------------------------------- user data */

/**
 * Attaches host data to the alert. `destroy` (may be NULL) is called exactly
 * once with `data`: when the alert is freed, or earlier if the data is
 * replaced by another call. Allowed in every state, finished included.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_alert_set_user_data(xyz_alert *alert, void *data, void (*destroy_data)(void *data));

/** The user data, or NULL. */
XYZ_API void *xyz_alert_user_data(const xyz_alert *alert);

/* ---------------------------------------------------------------- dependencies */

/** @{ */
/** How many id dependencies the alert has (xyz_alert_add_dependency_id, or
 * "after" in JSON), and the one at `index` (NULL when out of range; valid
 * while the alert lives). */
XYZ_API size_t xyz_alert_dependency_id_count(const xyz_alert *alert);
XYZ_API const char *xyz_alert_dependency_id(const xyz_alert *alert, size_t index);
/** @} */

/* ---------------------------------------------------------------- JSON: catalogs */

/** A catalog: the alert definitions of an alert set file (docs/formats.md;
 * the docs call it an alert set), loaded and validated, immutable. Create
 * alerts from it by id. */
typedef struct xyz_catalog xyz_catalog;

/** One definition of a catalog, borrowed from it: valid while the catalog lives. */
typedef struct xyz_definition xyz_definition;

/**
 * Where and why loading failed, filled by the load functions when the
 * caller passes one (it may be NULL). Strings are truncated to fit and always
 * NUL-terminated.
 */
typedef struct xyz_error {
    /** XYZ_EPARSE (not well-formed JSON or UTF-8), XYZ_ESCHEMA (well-formed
     * but breaks the schema), XYZ_EIO (unreadable file), XYZ_EINVAL (a NULL
     * argument); XYZ_OK on success. */
    xyz_status status;
    /** 1-based line and column (in Unicode characters) of the offending
     * value, member key or token; 0 for I/O errors. */
    int line;
    int column; /**< (See `line`.) */
    /** 0-based byte offset of the same place. */
    size_t position;
    /** The file path, or "<string>". */
    char source[256];
    /** The JSON pointer (RFC 6901) of the offending value, e.g.
     * "/alerts/3/priority"; "" for the document root. */
    char pointer[256];
    /** What is wrong, e.g. "priority must be an integer between -2147483648
     * and 2147483647, got string \"high\"". */
    char message[512];
} xyz_error;

/**
 * Loads and validates an alert set file: every field's type and range,
 * unknown keys, unique non-empty ids, "after" naming ids of the same file,
 * no dependency cycle. A scenario file is accepted too and validated in
 * full; its alerts are returned. Returns NULL on failure with `error` filled
 * (the first problem in document order) and xyz_last_error() set. The caller
 * frees the catalog with xyz_catalog_free(). No input, however large or
 * malformed, crashes it.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_catalog *xyz_catalog_load_file(const char *path, xyz_error *error);

/** Like xyz_catalog_load_file(), from `length` bytes of memory (not
 * necessarily NUL-terminated); the source is "<string>". */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_catalog *xyz_catalog_load_string(const char *json, size_t length, xyz_error *error);

/** Frees a catalog and its definitions. Alerts created from it are
 * independent of it. NULL is allowed. */
XYZ_API void xyz_catalog_free(xyz_catalog *catalog);

/** (0.4) The number of definitions; 0 for NULL. */
XYZ_API size_t xyz_catalog_definition_count(const xyz_catalog *catalog);

/** Definition `index`, in file order (NULL when out of range). */
XYZ_API const xyz_definition *xyz_catalog_definition(const xyz_catalog *catalog, size_t index);

/** The definition with this id (NULL for an unknown id, without an error). O(1).
 * In a scenario's catalog, definitions are looked up by name (the id unless
 * the scenario gives a "name"), here and in xyz_catalog_create_alert(). */
XYZ_API const xyz_definition *xyz_catalog_find(const xyz_catalog *catalog, const char *id);

/** A fresh idle instance of definition `id` (+1 reference), with its "after"
 * ids as id dependencies, "ready": false as waiting, and every other field
 * (priority, content, keyboard, duration, ttl, ...) set. NULL with
 * XYZ_ENOTFOUND in xyz_last_error() for an unknown id. */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_alert *xyz_catalog_create_alert(const xyz_catalog *catalog, const char *id);

/** Adds a fresh instance of every definition to `dispatch` in one atomic
 * xyz_dispatch_add() (same errors); the dispatch keeps the only references. */
XYZ_API XYZ_WARN_UNUSED_RESULT
xyz_status xyz_dispatch_add_catalog(xyz_dispatch *dispatch, const xyz_catalog *catalog);

/** (0.3) Sets the caps of the catalog's "caps" member on `history`, key by
 * key (replacing the history's caps on those keys; other keys keep theirs).
 * XYZ_EINVAL for NULL. */
XYZ_API xyz_status xyz_catalog_apply_caps(const xyz_catalog *catalog, xyz_history *history);

/* What a definition says, without creating an alert. Strings are borrowed from
 * the catalog. NULL gives the neutral value and sets xyz_last_error(). */

/** @{ */
/** The id; never NULL for a definition ("" for a scenario's alert without id). */
XYZ_API const char *xyz_definition_id(const xyz_definition *definition);
/** (0.2) The name the file calls it by: the id, unless a scenario gives a "name". */
XYZ_API const char *xyz_definition_name(const xyz_definition *definition);
/** "priority" (default 0) and "exclusive" (default wait). */
XYZ_API int32_t xyz_definition_priority(const xyz_definition *definition);
XYZ_API xyz_exclusive xyz_definition_exclusive(const xyz_definition *definition);
/** (0.3) "ready" (default true): false means its alerts are added waiting. */
XYZ_API bool xyz_definition_is_ready(const xyz_definition *definition);
/** The page of a scenario's alert; NULL in a plain alert set. */
XYZ_API const char *xyz_definition_page(const xyz_definition *definition);
/** "target" (default "page") and "style" (default "alert"). */
XYZ_API const char *xyz_definition_target(const xyz_definition *definition);
XYZ_API const char *xyz_definition_style(const xyz_definition *definition);
/** "title", "message" and "meta" (compact JSON object text); NULL when absent. */
XYZ_API const char *xyz_definition_title(const xyz_definition *definition);
XYZ_API const char *xyz_definition_message(const xyz_definition *definition);
XYZ_API const char *xyz_definition_meta(const xyz_definition *definition);
/** (0.3) "avoid_keyboard" (default true); `adjust` (may be NULL) gets "keyboard_adjust". */
XYZ_API bool xyz_definition_has_keyboard_avoidance(const xyz_definition *definition, double *adjust);
/** (0.2) "lane" (default "main"). */
XYZ_API const char *xyz_definition_lane(const xyz_definition *definition);
/** (0.2) "on_duplicate" (default reject) and the "tags", in file order
 * (NULL when out of range). */
XYZ_API xyz_on_duplicate xyz_definition_on_duplicate(const xyz_definition *definition);
XYZ_API size_t xyz_definition_tag_count(const xyz_definition *definition);
XYZ_API const char *xyz_definition_tag(const xyz_definition *definition, size_t index);
/** (0.2) "duration" and "ttl" in seconds (default 0: no limit). */
XYZ_API double xyz_definition_duration(const xyz_definition *definition);
XYZ_API double xyz_definition_ttl(const xyz_definition *definition);
/** The ids of "after", in file order (NULL when out of range). */
XYZ_API size_t xyz_definition_after_count(const xyz_definition *definition);
XYZ_API const char *xyz_definition_after(const xyz_definition *definition, size_t index);
/** (0.2) A scenario's "after_alerts": names of definitions whose latest
 * instance each instance depends on by handle (a runner adds those
 * dependencies with xyz_alert_add_dependency() before the add). NULL when
 * out of range. */
XYZ_API size_t xyz_definition_after_alert_count(const xyz_definition *definition);
XYZ_API const char *xyz_definition_after_alert(const xyz_definition *definition, size_t index);
/** The "actions", in file order: id and title (NULL when out of range) and
 * style (XYZ_ACTION_DEFAULT when out of range). */
XYZ_API size_t xyz_definition_action_count(const xyz_definition *definition);
XYZ_API const char *xyz_definition_action_id(const xyz_definition *definition, size_t index);
XYZ_API const char *xyz_definition_action_title(const xyz_definition *definition, size_t index);
XYZ_API
xyz_action_style xyz_definition_action_style(const xyz_definition *definition, size_t index);
/** @} */

/* ---------------------------------------------------------------- timing for people */

/* BEGIN GENERATED property show_after (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets the seconds the alert stays waiting after its add before it
 * becomes ready by itself (default 0: none). Ending it earlier means it never
 * shows; an alert added waiting must still be marked ready (docs/rules.md §17).
 * Idle alerts only (XYZ_ESTATE); NaN, infinities and negative values are
 * XYZ_EINVAL. The getter gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_show_after(xyz_alert *alert, double show_after);
XYZ_API double xyz_alert_show_after(const xyz_alert *alert);
/** @} */
/* END GENERATED property show_after */

/* BEGIN GENERATED property min_visible (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets the seconds from its first show before which a dismiss or cancel
 * waits (default 0: none). The call succeeds and the alert ends at the minimum,
 * with that call's reason, remove before finish (for a dismiss too;
 * docs/rules.md §17). Idle alerts only (XYZ_ESTATE); NaN, infinities and
 * negative values are XYZ_EINVAL. The getter gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_min_visible(xyz_alert *alert, double min_visible);
XYZ_API double xyz_alert_min_visible(const xyz_alert *alert);
/** @} */
/* END GENERATED property min_visible */

/* BEGIN GENERATED property announce (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets how the host's announce callback is told to say the alert
 * (default XYZ_ANNOUNCE_POLITE). See docs/rules.md §17. Idle alerts only
 * (XYZ_ESTATE); XYZ_EINVAL for a bad value. The getter gives
 * XYZ_ANNOUNCE_POLITE for NULL. */
XYZ_API xyz_status xyz_alert_set_announce(xyz_alert *alert, xyz_politeness announce);
XYZ_API xyz_politeness xyz_alert_announce(const xyz_alert *alert);
/** @} */
/* END GENERATED property announce */

/** @{ */
/** (0.3) Holds the alert's countdown (counted; hover, keyboard focus,
 * touch, drag): while held its duration does not run, and the time left is
 * kept, never restarted. The ttl keeps running. Any alert but a finished
 * one (XYZ_ESTATE); xyz_alert_unhold() without a hold is XYZ_ESTATE. */
XYZ_API xyz_status xyz_alert_hold(xyz_alert *alert);
XYZ_API xyz_status xyz_alert_unhold(xyz_alert *alert);
/** @} */

/** @{ */
/** (0.3) Holds every countdown of the domain of `root` (counted: the app in
 * the background, the window minimised). XYZ_ESTATE for a page that is not
 * a root, or an unhold without a hold. */
XYZ_API xyz_status xyz_dispatch_hold_timers(xyz_dispatch *root);
XYZ_API xyz_status xyz_dispatch_unhold_timers(xyz_dispatch *root);
/** @} */

/* BEGIN GENERATED page property duration_scale (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets the factor every duration of the root's domain is multiplied by,
 * above 0 (infinity: never time out) (default 1). For hosts that follow the OS
 * setting (Android's recommended timeout) or a user preference. Running
 * countdowns are re-timed in proportion. XYZ_EINVAL for a scale of 0 or less or
 * NaN, XYZ_ESTATE for a page that is not a root. The getter gives 1 for NULL. */
XYZ_API xyz_status xyz_dispatch_set_duration_scale(xyz_dispatch *root, double scale);
XYZ_API double xyz_dispatch_duration_scale(const xyz_dispatch *root);
/** @} */
/* END GENERATED page property duration_scale */

/* BEGIN GENERATED page property reports_misses (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.5) Sets whether the root's campaign callback also reports each trigger
 * evaluation that made no instance and no skip (kind miss, reason "where" or
 * "count"; docs/rules.md §21) (default false). For tools that explain campaigns
 * (xyzalert simulate --explain): read why with xyz_dispatch_campaign_why() from
 * the callback. Not while the domain is recorded: a recording holds no miss
 * reports. XYZ_ESTATE for a page that is not a root. The getter gives false for
 * NULL. */
XYZ_API xyz_status xyz_dispatch_set_reports_misses(xyz_dispatch *root, bool on);
XYZ_API bool xyz_dispatch_is_reporting_misses(const xyz_dispatch *root);
/** @} */
/* END GENERATED page property reports_misses */

/** @{ */
/** (0.3) After an alert of `lane` leaves the screen, the next show in that
 * lane waits `seconds` (0: no gap); unhides never wait. XYZ_EINVAL for a
 * NULL or empty lane or a bad value, XYZ_ESTATE for a page that is not a root. */
XYZ_API xyz_status xyz_dispatch_set_gap(xyz_dispatch *root, const char *lane, double seconds);
XYZ_API double xyz_dispatch_gap(const xyz_dispatch *root, const char *lane);
/** @} */

/**
 * (0.5) What the domain of `dispatch` has noted that works other than a
 * host likely meant (docs/rules.md §16, "Diagnostics"): bit
 * `1u << XYZ_DIAGNOSTIC_...` for each, noted once and kept (an alert with a
 * limit or cool-down, or with windows, added while the domain had no
 * history). The library never prints them: a host reads them when it
 * wants to (a debug build's log). 0 for NULL. Calls no host code.
 */
XYZ_API uint32_t xyz_dispatch_diagnostics(const xyz_dispatch *dispatch);

/* ---------------------------------------------------------------- history and caps */

/**
 * (0.3) A display history (docs/rules.md §16): when alerts were shown, under
 * the keys "id:ID", "tag:TAG", "lane:LANE" and "all", across pages, domains
 * and app launches, and the caps set on keys. Reference counted like
 * xyz_alert. Times are wall-clock seconds since the Unix epoch, read from
 * the history's clock. A history and every domain that shares it are used
 * from one thread at a time (the domains' rule). It keeps, per key with a
 * cap, only what the caps still need (docs/formats.md, "History"). The type
 * is declared with the other types above.
 */

/**
 * (0.4) Reads seconds written with a unit, as the files write them
 * (docs/formats.md, "Seconds"): ASCII digits, an optional "." and more
 * digits, then one of s, m, h, d ("90s", "30m", "1.5h", "90d"); nothing
 * else (no sign, space, exponent or other digits). Sets `*seconds` and
 * returns XYZ_OK; XYZ_EINVAL, with a message naming the grammar and
 * `*seconds` untouched, for text that does not follow it or says more than
 * a finite double holds, and for NULL arguments. Safe on any thread.
 */
XYZ_API xyz_status xyz_seconds_parse(const char *text, double *seconds);

/** (0.3) A wall clock: seconds since the Unix epoch. NaN or an infinity is
 * taken as the last good reading (0 before any). It must not call the
 * engine: from inside it, adds and every call that changes the history
 * (begin_session, set_limit, set_cooldown, clear_caps, the loads) are
 * XYZ_ESTATE and change nothing. */
typedef double (*xyz_wall_clock)(void *context);

/** (0.3) Creates an empty history (session 1) reading `clock(context)` (+1
 * reference; NULL clock: the system's real-time clock). The history owns
 * `context`: `destroy_context(context)` (may be NULL) runs exactly once, when
 * the last reference is gone (domains hold references too). Never NULL. */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_history *xyz_history_create(xyz_wall_clock clock, void *context,
                                                               void (*destroy_context)(void *context));

/** (0.3) Adds a reference; returns `history` (NULL stays NULL). */
XYZ_API xyz_history *xyz_history_retain(xyz_history *history);

/** (0.3) Drops a reference; NULL is allowed. A domain keeps its own reference. */
XYZ_API void xyz_history_release(xyz_history *history);

/**
 * (0.4; 0.3 called it xyz_history_load_json) Replaces the history's counts
 * with the saved history in `json`
 * (`length` bytes; docs/formats.md, "History"). Caps set on the history stay.
 * On failure nothing changes and `error` (may be NULL) says what and where
 * (line, column, JSON pointer): XYZ_EPARSE, XYZ_ESCHEMA (also for a
 * `version` newer than this library reads), XYZ_EINVAL for NULL. Alerts a
 * cap held are looked at again in every domain using the history, whose
 * passes then run (callbacks may be delivered).
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_history_load_string(xyz_history *history, const char *json, size_t length,
                                                                  xyz_error *error);

/** (0.4) The most any file load of the library reads, in bytes (256 MiB): a
 * larger file, or one without end such as /dev/zero, is XYZ_EIO ("cannot
 * read: larger than 268435456 bytes (256 MiB), the most a file load reads")
 * for xyz_catalog_load_file(), xyz_scenario_load_file(), xyz_check_file()
 * and xyz_history_load_file() alike, instead of memory that grows until the
 * process is killed. */
#define XYZ_FILE_SIZE_LIMIT ((size_t)256 << 20)

/** (0.3) xyz_history_load_string() of a file; XYZ_EIO when it cannot be read,
 * or is larger than XYZ_FILE_SIZE_LIMIT. */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_history_load_file(xyz_history *history, const char *path,
                                                                xyz_error *error);

/** (0.4) A flag of xyz_history_load_file_flags(): no file at the path
 * (ENOENT) is the first launch, not an error. */
#define XYZ_HISTORY_MISSING_OK 1u

/**
 * (0.4) xyz_history_load_file() as `flags` (0 or XYZ_HISTORY_MISSING_OK)
 * say. With XYZ_HISTORY_MISSING_OK, when nothing is at `path` the history
 * becomes a new one instead (session 1, not begun: the next
 * xyz_history_begin_session() begins session 1; no counts; caps set on the
 * history stay) and XYZ_OK is returned; any other failure to read the file
 * (a directory, no permission, too large) is XYZ_EIO as without the flag.
 * XYZ_EINVAL for NULL arguments and for flags this version does not know.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_history_load_file_flags(xyz_history *history, const char *path,
                                                                      unsigned flags, xyz_error *error);

/** (0.3) The history in its persistence format, pruned of what no cap
 * needs; the caller frees it with xyz_free(). Reads the clock. NULL with
 * XYZ_EINVAL for NULL. */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_history_json(const xyz_history *history);

/**
 * (0.4) Writes xyz_history_json() to the file at `path`, atomically: into a
 * new file in the same directory (created exclusively, so that two writers
 * never share it), flushed to disk, then renamed over `path`. A reader, or
 * the next launch after a crash or a full disk, finds the old file or the
 * new one, never part of one; on failure the new file is removed and `path`
 * is as it was. The file keeps the permission bits of the one it replaces
 * (else 0666 less the umask). Reads the clock. XYZ_EINVAL for a NULL
 * history or path; XYZ_EIO when it cannot be written, with `error` (may be
 * NULL) and xyz_last_error() naming the file and the system's reason
 * ("cannot write: No space left on device"). Safe on any thread for
 * different paths; two threads or processes saving one path each leave a
 * whole file (the last rename wins).
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_history_save_file(const xyz_history *history, const char *path,
                                                                xyz_error *error);

/** (0.3) Starts a new session (call it at app launch, or when the app comes
 * back after a long time away): per-session counts restart, and alerts a
 * per-session cap held are looked at again in every domain using the
 * history, whose passes then run. (0.4) A new history is in session 1, and
 * its first call begins session 1 (counts restart, the number stays); each
 * later call, and the first after a load, moves to the next number (0.3
 * moved a new history to 2). XYZ_EINVAL for NULL. */
XYZ_API xyz_status xyz_history_begin_session(xyz_history *history);

/** (0.3) The current session's number (1 in a new history); 0 for NULL. */
XYZ_API int64_t xyz_history_session(const xyz_history *history);

/**
 * (0.3) Sets the limit of period `per` on `key` ("id:ID", "tag:TAG",
 * "lane:LANE" or "all"): at most `count` (>= 1) displays per session, ever,
 * or in the last `window` seconds (XYZ_PER_WINDOW only; finite, > 0). A
 * limit of the same period on the key is replaced. Alerts a cap held are
 * looked at again. XYZ_EINVAL for NULL, a bad key, count or window.
 */
XYZ_API xyz_status xyz_history_set_limit(xyz_history *history, const char *key, uint32_t count, xyz_limit_per per,
                                         double window);

/** (0.3) At least `seconds` (0: none) after the key's last display before
 * the next. XYZ_EINVAL for NULL, a bad key, NaN, infinities, negatives. */
XYZ_API xyz_status xyz_history_set_cooldown(xyz_history *history, const char *key, double seconds);

/** (0.3) Removes the limits and cool-down set on `key` (NULL: on every key).
 * Counts already kept stay. XYZ_EINVAL for a NULL history or a bad key. */
XYZ_API xyz_status xyz_history_clear_caps(xyz_history *history, const char *key);

/**
 * (0.3) Attaches `history` to the domain of `root` (NULL detaches); the
 * domain keeps a reference. Several domains may share one history; a domain
 * has at most one. Joining two domains with different histories
 * (xyz_dispatch_set_parent) is XYZ_ESTATE; a page that splits off keeps its
 * domain's history. XYZ_ESTATE when `root` is not a root or from inside a
 * callback while its domain delivers a pass; XYZ_EINVAL for a NULL root.
 */
XYZ_API xyz_status xyz_dispatch_set_history(xyz_dispatch *root, xyz_history *history);

/** (0.3) The history of the dispatch's domain (borrowed), or NULL. */
XYZ_API xyz_history *xyz_dispatch_history(const xyz_dispatch *dispatch);

/** (0.3) Sets the limit of period `per` on the alert's own id (see
 * xyz_history_set_limit()). Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for a
 * bad count or window. Caps count displays under the id: adding an alert
 * with caps and no id is XYZ_EINVAL. */
XYZ_API xyz_status xyz_alert_add_limit(xyz_alert *alert, uint32_t count, xyz_limit_per per, double window);

/* BEGIN GENERATED property cooldown (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets the alert's own cool-down: the seconds at least between two
 * displays of its id (default 0: none). See docs/rules.md §16. Idle alerts only
 * (XYZ_ESTATE); NaN, infinities and negative values are XYZ_EINVAL. The getter
 * gives 0 for NULL. */
XYZ_API xyz_status xyz_alert_set_cooldown(xyz_alert *alert, double cooldown);
XYZ_API double xyz_alert_cooldown(const xyz_alert *alert);
/** @} */
/* END GENERATED property cooldown */

/** @{ */
/** (0.3) The number of the alert's own limits, and limit `index` of them
 * (XYZ_EINVAL for an index out of range; `window` is 0 but for XYZ_PER_WINDOW). */
XYZ_API size_t xyz_alert_limit_count(const xyz_alert *alert);
XYZ_API xyz_status xyz_alert_limit(const xyz_alert *alert, size_t index, uint32_t *count, xyz_limit_per *per,
                                   double *window);
/** @} */

/** (0.3) Removes the alert's own limits and cool-down. Idle alerts only. */
XYZ_API xyz_status xyz_alert_clear_caps(xyz_alert *alert);

/* ---------------------------------------------------------------- windows */

/**
 * (0.4) Adds a window (docs/rules.md §22): the alert is selected to show
 * only inside one of its windows (none: at every moment), on the `days`
 * given (XYZ_MONDAY | ..., XYZ_EVERY_DAY), from `from` to `to` minutes after
 * local midnight (`to` exclusive, up to 1440 = 24:00; `from` after `to` wraps
 * past midnight and belongs to the day of its `from`). On screen it stays.
 * Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for minutes out of range, an
 * empty window (`from` == `to`) or no day, and nothing changes.
 */
XYZ_API xyz_status xyz_alert_add_window(xyz_alert *alert, unsigned days, int from, int to);

/** (0.4) Adds an exclude, of the shape of a window: the alert is never
 * selected inside one. Idle alerts only; XYZ_EINVAL as xyz_alert_add_window(). */
XYZ_API xyz_status xyz_alert_add_exclude(xyz_alert *alert, unsigned days, int from, int to);

/** (0.4) Removes the alert's windows and excludes. Idle alerts only. */
XYZ_API xyz_status xyz_alert_clear_windows(xyz_alert *alert);

/** @{ */
/** (0.4) The number of the alert's windows (`exclude` false) or excludes
 * (true), and entry `index` of them (XYZ_EINVAL for an index out of range;
 * NULL out-pointers are skipped). */
XYZ_API size_t xyz_alert_window_count(const xyz_alert *alert, bool exclude);
XYZ_API xyz_status xyz_alert_window(const xyz_alert *alert, bool exclude, size_t index, unsigned *days, int *from,
                                    int *to);
/** @} */

/* BEGIN GENERATED property on_outside (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.4) Sets what the alert does when it would be selected outside its windows
 * or inside an exclude (default XYZ_ON_OUTSIDE_WAIT). See docs/rules.md §22.
 * Idle alerts only (XYZ_ESTATE); XYZ_EINVAL for a bad value. The getter gives
 * XYZ_ON_OUTSIDE_WAIT for NULL. */
XYZ_API xyz_status xyz_alert_set_on_outside(xyz_alert *alert, xyz_on_outside on_outside);
XYZ_API xyz_on_outside xyz_alert_on_outside(const xyz_alert *alert);
/** @} */
/* END GENERATED property on_outside */

/* BEGIN GENERATED property on_capped (scripts/interface: edit its tables, not this region) */
/** @{ */
/** (0.3) Sets what the alert does when a cap holds it (default
 * XYZ_ON_CAPPED_DROP). See docs/rules.md §16. Idle alerts only (XYZ_ESTATE);
 * XYZ_EINVAL for a bad value. The getter gives XYZ_ON_CAPPED_DROP for NULL. */
XYZ_API xyz_status xyz_alert_set_on_capped(xyz_alert *alert, xyz_on_capped on_capped);
XYZ_API xyz_on_capped xyz_alert_on_capped(const xyz_alert *alert);
/** @} */
/* END GENERATED property on_capped */

/* ---------------------------------------------------------------- rules */

/**
 * (0.4) Evaluates a rule: JsonLogic with flagd's operators sem_ver,
 * starts_with, ends_with and fractional (docs/rules.md, "Rules").
 * `rule_json` and `data_json` are NUL-terminated JSON texts; `data_json`
 * NULL is `null`. On success sets `*result_json` to the result as compact
 * JSON text on one line (the caller frees it with xyz_free()) and returns
 * XYZ_OK. Evaluating never fails: odd types and argument counts follow
 * JsonLogic's JavaScript reference, a flagd operator given arguments it
 * cannot use gives null, and so does a rule that would run past 1,000,000
 * steps or build a value nested deeper than 256. Failures are the texts': XYZ_EPARSE (not JSON), XYZ_ESCHEMA (an
 * unknown operator, with the nearest known name; a rule nested deeper than
 * 128 or holding more than 65,536 values; data nested deeper than 128),
 * each with `error` (may be NULL) naming the text ("<rule>" or "<data>"),
 * line, column and JSON pointer; XYZ_EINVAL for a NULL `rule_json` or
 * `result_json`. `*result_json` is untouched on failure. The `fractional`
 * operator's default bucketing key is flagd's: the data's `$flagd.flagKey`
 * followed by its `targetingKey`. No clock, no state: safe on any thread.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_rule_eval_json(const char *rule_json, const char *data_json,
                                                            char **result_json, xyz_error *error);

/**
 * (0.5) xyz_rule_eval_json(), and why a falsy result is falsy (docs/rules.md
 * §20, "Explaining a rule"): `*explanation` is the smallest part of the rule
 * that fails, with the values it read (the first failing part of an "and",
 * the branch an "if" took, every part of an "or", else the operator with
 * its arguments' values; a variable the data lacks is named, with the
 * nearest name the data has), e.g. `var "order_number" is missing (did you
 * mean "event.order_number"?): >=(order_number missing, 3) is false`; NULL
 * when the result is truthy. The result is xyz_rule_eval_json()'s: the
 * explanation evaluates the parts again and changes nothing. The caller
 * frees both with xyz_free(). Errors as xyz_rule_eval_json() (XYZ_EINVAL
 * also for a NULL `explanation`); nothing is set on failure.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_rule_explain_json(const char *rule_json, const char *data_json,
                                                               char **result_json, char **explanation,
                                                               xyz_error *error);

/* ---------------------------------------------------------------- campaigns */

/**
 * (0.4) Attaches the campaigns of `catalog` (its "campaigns" member,
 * docs/formats.md, "Campaigns") to the domain of `root`; NULL, or a catalog
 * without campaigns, detaches them. The domain keeps what it needs (the
 * catalog may be freed after). Instances already made stay. While the
 * domain has no history, `start`, `end` and `$xyz.now` read the system's
 * real-time clock (CLOCK_REALTIME); with one, the history's wall clock.
 * XYZ_ESTATE when `root` is not a root; XYZ_EINVAL for a NULL root.
 */
XYZ_API xyz_status xyz_dispatch_set_campaigns(xyz_dispatch *root, const xyz_catalog *catalog);

/** (0.4) The catalog's "campaigns_version" (docs/rules.md §22), NULL when it
 * has none (or for NULL). Borrowed from the catalog. */
XYZ_API const char *xyz_catalog_campaigns_version(const xyz_catalog *catalog);

/** @{ */
/** (0.4) The catalog's campaigns, in file order: how many, the id of
 * campaign `index`, how many variants it has, and the id of variant `k`
 * (docs/rules.md §22). Strings are borrowed from the catalog. 0 or NULL,
 * XYZ_EINVAL, for NULL or an index out of range. */
XYZ_API size_t xyz_catalog_campaign_count(const xyz_catalog *catalog);
XYZ_API const char *xyz_catalog_campaign_id(const xyz_catalog *catalog, size_t index);
XYZ_API size_t xyz_catalog_variant_count(const xyz_catalog *catalog, size_t campaign);
XYZ_API const char *xyz_catalog_variant_id(const xyz_catalog *catalog, size_t campaign, size_t k);
/** @} */

/**
 * (0.4) The variant of campaign `campaign` that user `user_id` gets on a
 * first choice: flagd's `fractional` over the campaign's id followed by
 * `user_id` (docs/rules.md §22), the same function the engine uses; the
 * engine then keeps the choice in the history, so that later weight
 * changes move nobody. Borrowed from the catalog. NULL with XYZ_ENOTFOUND
 * for an unknown campaign or one without variants; XYZ_EINVAL for NULL.
 */
XYZ_API const char *xyz_catalog_choose_variant(const xyz_catalog *catalog, const char *campaign, const char *user_id);

/**
 * (0.4) Tracks the event `name` on `dispatch` (docs/rules.md §21): the
 * triggers of its domain's campaigns that name it count it; those that fire
 * make instances (added to `dispatch` unless the campaign names a page),
 * end pending instances (`cancel_on`: XYZ_END_CANCELLED) or report skips,
 * in the set's order, each reported to the root's `campaign` callback
 * before the instance's own events; then one pass. `props_json` (NULL:
 * `{}`) is a JSON object's text, the properties rules read as `event`.
 * XYZ_EINVAL, and nothing changes, for a NULL dispatch or name, an empty
 * name, or props that are not a JSON object (the message says where).
 * Costs O(the triggers naming the event, plus their rules).
 */
XYZ_API xyz_status xyz_dispatch_track(xyz_dispatch *dispatch, const char *name, const char *props_json);

/**
 * (0.4) Sets the attribute `name` of the domain of `root` to the JSON value
 * `value_json` (NULL removes it). Instances not on screen yet whose
 * audience stops passing end (XYZ_END_INELIGIBLE). Setting "app_version" to
 * a value other than the last one seen (kept in the history when one is
 * attached) tracks "version_changed" on `root` first. XYZ_EINVAL, and
 * nothing changes, for a NULL root or name, an empty name, or a value that
 * is not JSON; XYZ_ESTATE when `root` is not a root.
 */
XYZ_API xyz_status xyz_dispatch_set_attribute(xyz_dispatch *root, const char *name, const char *value_json);

/**
 * (0.4) Sets every member of the JSON object `object_json` as an attribute
 * of the domain of `root`, tracking no event: an "app_version" among them
 * is recorded as seen (restoring attributes at launch, a scenario's
 * initial attributes). Errors as xyz_dispatch_set_attribute().
 */
XYZ_API xyz_status xyz_dispatch_set_attributes_json(xyz_dispatch *root, const char *object_json);

/** (0.4) The attributes of the domain of `dispatch`, as a JSON object's
 * compact text in the order they were first set; the caller frees it with
 * xyz_free(). NULL (and xyz_last_error()) for a NULL dispatch. */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_dispatch_attributes_json(const xyz_dispatch *dispatch);

/** (0.4) The id of the campaign that made `alert` (borrowed, valid while
 * the alert lives), NULL when no campaign made it. */
XYZ_API const char *xyz_alert_campaign(const xyz_alert *alert);

/** (0.4) The variant of its campaign `alert` is (borrowed), NULL when none. */
XYZ_API const char *xyz_alert_variant(const xyz_alert *alert);

/**
 * (0.5) What the last event a campaign's triggers named did (docs/rules.md
 * §21, "Why a campaign did not fire"), as data: xyz_dispatch_explain_campaign()
 * words the same. A versioned struct: the caller sets `size`
 * (XYZ_CAMPAIGN_WHY_INIT does) and the library fills what fits.
 */
typedef struct xyz_campaign_why {
    /** sizeof(xyz_campaign_why) as the caller was compiled. */
    uint32_t size;
    xyz_campaign_why_code code; /**< Fired, or why it made no instance. */
    /** The event tracked; NULL for XYZ_CAMPAIGN_WHY_UNTRACKED. Borrowed,
     * like `detail`: valid until the next xyz_dispatch_campaign_why() on the
     * same dispatch or until it is destroyed. */
    const char *event;
    /** The position in the campaign's "triggers" of the trigger the code is
     * about; -1 for codes about the campaign as a whole (dates, audience,
     * user, page) and for XYZ_CAMPAIGN_WHY_UNTRACKED. */
    int32_t trigger;
    /** XYZ_CAMPAIGN_WHY_WHERE, _AUDIENCE: the smallest part of the rule that
     * failed, with the values it read ("sem_ver(app_version = \"2.3.9\",
     * \">=\", \"2.4\") is false"); _COUNT: the count and what the trigger
     * fires at; _NOT_STARTED, _ENDED: the dates; NULL otherwise. */
    const char *detail;
} xyz_campaign_why;

/** An xyz_campaign_why with `size` set and the rest empty (C and C++). */
#define XYZ_CAMPAIGN_WHY_INIT {(uint32_t)sizeof(xyz_campaign_why), XYZ_CAMPAIGN_WHY_UNTRACKED, NULL, -1, NULL}

/**
 * (0.5) What the last event the triggers of `campaign` named on the domain
 * of `dispatch` did, into `*out`, whose `size` the caller has set: fired,
 * or why it made no instance; XYZ_CAMPAIGN_WHY_UNTRACKED when none was
 * tracked since the campaigns were set. The failing part of a rule is
 * worded now from what the rule read then (at most one more evaluation's
 * budget). Calls no host code. XYZ_ENOTFOUND when the domain's campaigns
 * (none attached: the same) have no such campaign; XYZ_EINVAL for a NULL
 * argument or a `size` too small; `*out` is untouched on failure.
 */
XYZ_API XYZ_WARN_UNUSED_RESULT xyz_status xyz_dispatch_campaign_why(xyz_dispatch *dispatch, const char *campaign,
                                                                   xyz_campaign_why *out);

/** (0.5) xyz_dispatch_campaign_why() as one sentence, e.g. "'upsell' did not
 * fire at 'purchase': the where of triggers/0 failed: ...". The caller
 * frees it with xyz_free(); NULL (and xyz_last_error()) on the errors of
 * xyz_dispatch_campaign_why(). */
XYZ_API XYZ_WARN_UNUSED_RESULT char *xyz_dispatch_explain_campaign(xyz_dispatch *dispatch, const char *campaign);


/* ---------------------------------------------------------------- deprecated (0.1 names) */

/* Kept so that programs built against 0.1 still compile (with a warning naming
 * the replacement) and still link against this library. They go in 1.0. */

/** The 0.1 name of xyz_catalog. */
typedef xyz_catalog xyz_alert_set;

/** The 0.2 name of xyz_definition_is_ready(). */
XYZ_API XYZ_DEPRECATED("use xyz_definition_is_ready")
bool xyz_definition_ready(const xyz_definition *definition);

/** The 0.2 name of xyz_definition_has_keyboard_avoidance(). */
XYZ_API XYZ_DEPRECATED("use xyz_definition_has_keyboard_avoidance")
bool xyz_definition_keyboard_avoidance(const xyz_definition *definition, double *adjust);

/** The 0.1 name of xyz_catalog_load_file(). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_load_file")
xyz_catalog *xyz_alert_set_load_file(const char *path, xyz_error *error);
/** The 0.1 name of xyz_catalog_load_string(). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_load_string")
xyz_catalog *xyz_alert_set_load_string(const char *json, size_t length, xyz_error *error);
/** The 0.1 name of xyz_catalog_free(). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_free")
void xyz_alert_set_free(xyz_catalog *set);
/** The 0.1 name of xyz_catalog_definition_count(). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_definition_count")
size_t xyz_alert_set_count(const xyz_catalog *set);
/** The id of definition `index`: xyz_definition_id(xyz_catalog_definition(set, index)). */
XYZ_API XYZ_DEPRECATED("use xyz_definition_id(xyz_catalog_definition(catalog, index))")
const char *xyz_alert_set_id(const xyz_catalog *set, size_t index);
/** The page of definition `id`: xyz_definition_page(xyz_catalog_find(set, id)). */
XYZ_API XYZ_DEPRECATED("use xyz_definition_page(xyz_catalog_find(catalog, id))")
const char *xyz_alert_set_page(const xyz_catalog *set, const char *id);
/** The 0.1 name of xyz_catalog_create_alert(). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_create_alert")
xyz_alert *xyz_alert_set_create_alert(const xyz_catalog *set, const char *id);
/** The 0.1 name of xyz_dispatch_add_catalog(). */
XYZ_API XYZ_DEPRECATED("use xyz_dispatch_add_catalog")
xyz_status xyz_dispatch_add_set(xyz_dispatch *dispatch, const xyz_catalog *set);

/* ---------------------------------------------------------------- deprecated (0.3 names) */

/** The 0.3 name of xyz_catalog_definition_count() (a catalog's things are
 * definitions, and a count is named for them: `<things>_count`). */
XYZ_API XYZ_DEPRECATED("use xyz_catalog_definition_count")
size_t xyz_catalog_count(const xyz_catalog *catalog);

/** The 0.3 name of xyz_history_load_string() (loads from memory are
 * `_load_string`, from files `_load_file`). */
XYZ_API XYZ_WARN_UNUSED_RESULT XYZ_DEPRECATED("use xyz_history_load_string")
xyz_status xyz_history_load_json(xyz_history *history, const char *json, size_t length, xyz_error *error);

#ifdef __cplusplus
}
#endif

#endif /* XYZALERT_H */
