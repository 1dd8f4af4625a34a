/**
 * @file
 * xyzalert.hpp: the C++ interface of XYZAlert, header-only over xyzalert.h
 * (C++17 or later, the standard library only). Everything is in namespace
 * xyz.
 *
 * CONVENTIONS (on top of those of xyzalert.h)
 *
 * Ownership. xyz::alert holds one reference to an engine alert: copies share
 * it (retain), moves transfer it, assignment releases the old one, the
 * destructor releases it. A default-constructed xyz::alert is empty (no
 * engine alert; `if (a)` tells); xyz::alert("id") creates one. xyz::dispatch
 * owns its page and destroys it on scope exit, on assignment or with
 * close(); it is move-only. xyz::dispatch_ref is a non-owning handle to a
 * page, valid while the page lives: what callbacks, providers, parent() and
 * alert::dispatch() hand out, with every operation of a page; an
 * xyz::dispatch is one. xyz::catalog owns a loaded alert set (move-only);
 * xyz::history is reference counted like xyz::alert. get() returns the raw
 * handle, borrowed. Handles compare with == and hash (std::hash) by the
 * engine object they refer to. No function needs the caller to new or
 * delete anything.
 *
 * Errors. Every wrapper whose C call fails throws xyz::error, carrying the
 * status, the engine's message (xyz_last_error()) and took_effect(); loading
 * throws xyz::parse_error, which adds the place (source, line, column, byte
 * position, JSON pointer, all in full). As in C, a failed call changes
 * nothing, except the one failure that says so: took_effect() is true for
 * the status::state of a call whose passes did not settle (its events
 * stand). Strings are passed as std::string, std::string_view or C strings;
 * a null `const char *` or a string with an embedded NUL byte is
 * status::invalid (C would cut it), and `nullptr` itself does not compile:
 * the C API's NULL meanings have names (clear_title(), cancel_all(),
 * detach(), activate_all_children(), ...). An empty (moved-from, closed or
 * default) handle passed as an argument is status::invalid, never the C
 * API's NULL. Getters never throw, except next_deadline(), why(), explain()
 * and snapshot_json(), which read the host's clock and rethrow what it threw.
 *
 * Callbacks. A host derives (publicly) from xyz::host and overrides the
 * callbacks it needs; or it fills an xyz::callbacks with callables. The
 * event callbacks are virtual calls, so they reach the host's dynamic type.
 * request_flush and now change what the engine does (deferred mode; the
 * host's clock instead of the system's), so whether a class overrides them
 * is found at compile time: create the dispatch from the host's own class.
 * A reference to xyz::host itself does not compile, a reference to a base
 * class of the host's dynamic type is status::invalid, and a request_flush
 * or now that is private or overloaded does not compile (static_assert).
 *
 * Callback exceptions. An exception thrown by a callback (or an active-child
 * provider, or the clock) never unwinds through the engine: it is caught at
 * the C boundary and stored (the first one; later ones are dropped), and
 * the engine finishes the call. Then:
 *  - the outermost wrapper call that delivered the callback rethrows it
 *    once the C call has returned (the call took effect; its own failure,
 *    if any, is dropped);
 *  - calls made from inside callbacks never rethrow it; they do throw their
 *    own failures, which a callback may catch (if it does not, they are
 *    handled like any exception of the callback);
 *  - a callback delivered by a C function called directly (no wrapper call
 *    running) stores it, and the next wrapper call that can deliver
 *    callbacks rethrows it before it does anything (that call does not take
 *    effect); the wrappers cover every C call a host needs (dispatch_ref's
 *    tick(), flush(), next_deadline(), ...), so this happens only to hosts
 *    that mix in raw calls;
 *  - destructors and move assignments drop it (they cannot throw): call
 *    close() to receive it.
 * The alert passed to a callback is a fresh xyz::alert sharing the engine's
 * alert: keep a copy to keep the alert.
 *
 * Threading. As in C: one domain from one thread at a time. The stored
 * exception is per thread.
 */
#ifndef XYZALERT_HPP
#define XYZALERT_HPP

#if !defined(__cplusplus) || (__cplusplus < 201703L && !(defined(_MSVC_LANG) && _MSVC_LANG >= 201703L))
#error "xyzalert.hpp needs C++17 or later (e.g. -std=c++17); C code includes xyzalert.h"
#endif

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "xyzalert.h"

namespace xyz {

/* ---------------------------------------------------------------- enums */

/** xyz_status. */
enum class status : int {
    ok = XYZ_OK,
    invalid = XYZ_EINVAL,
    state = XYZ_ESTATE,
    duplicate = XYZ_EDUPLICATE,
    cycle = XYZ_ECYCLE,
    not_found = XYZ_ENOTFOUND,
    parse = XYZ_EPARSE,
    schema = XYZ_ESCHEMA,
    io = XYZ_EIO,
    owner = XYZ_EOWNER,
};

/** An alert's life (xyz_state). */
enum class state : int {
    idle = XYZ_STATE_IDLE,
    waiting = XYZ_STATE_WAITING,
    ready = XYZ_STATE_READY,
    showing = XYZ_STATE_SHOWING,
    hidden = XYZ_STATE_HIDDEN,
    finished = XYZ_STATE_FINISHED,
};

/** How an alert treats the alerts already on screen (xyz_exclusive). */
enum class exclusive : int {
    wait = XYZ_EXCLUSIVE_WAIT,
    cover = XYZ_EXCLUSIVE_COVER,
    hide_others = XYZ_EXCLUSIVE_HIDE_OTHERS,
};

/** What an add does when the id is already live (xyz_on_duplicate). */
enum class on_duplicate : int {
    reject = XYZ_ON_DUPLICATE_REJECT,
    ignore = XYZ_ON_DUPLICATE_IGNORE,
    replace = XYZ_ON_DUPLICATE_REPLACE,
    update = XYZ_ON_DUPLICATE_UPDATE,
};

/** What happens to an alert that would be hidden covered (xyz_when_displaced, docs/rules.md §19). */
enum class when_displaced : int { restore = XYZ_WHEN_DISPLACED_RESTORE, drop = XYZ_WHEN_DISPLACED_DROP };

/** What a full lane does with a wait candidate (xyz_on_full, docs/rules.md §19). */
enum class on_full : int { queue = XYZ_ON_FULL_QUEUE, evict_oldest = XYZ_ON_FULL_EVICT_OLDEST };

/** Among candidates of equal priority, which shows first (xyz_order, docs/rules.md §19). */
enum class order : int { fifo = XYZ_ORDER_FIFO, lifo = XYZ_ORDER_LIFO };

/** Why an on-screen alert is hidden (xyz_hide_reason). */
enum class hide_reason : int { page = XYZ_HIDE_PAGE, covered = XYZ_HIDE_COVERED };

/** Why an alert ended (xyz_end_reason). */
enum class end_reason : int {
    dismissed = XYZ_END_DISMISSED,
    cancelled = XYZ_END_CANCELLED,
    destroyed = XYZ_END_DESTROYED,
    timeout = XYZ_END_TIMEOUT,
    expired = XYZ_END_EXPIRED,
    duplicate = XYZ_END_DUPLICATE,
    replaced = XYZ_END_REPLACED,
    dropped = XYZ_END_DROPPED,
    capped = XYZ_END_CAPPED,
    evicted = XYZ_END_EVICTED,
    displaced = XYZ_END_DISPLACED,
};

/** How a screen reader should say an alert (xyz_politeness, docs/rules.md §17). */
enum class politeness : int { polite = XYZ_ANNOUNCE_POLITE, assertive = XYZ_ANNOUNCE_ASSERTIVE, off = XYZ_ANNOUNCE_OFF };

/** What a capped alert does (xyz_on_capped, docs/rules.md §16). */
enum class on_capped : int { drop = XYZ_ON_CAPPED_DROP, wait = XYZ_ON_CAPPED_WAIT };

/** At most `count` displays per session, ever, or in a window of seconds
 * (docs/rules.md §16). */
struct limit {
    /** How a limit counts: per session, over the lifetime, or in a sliding window. */
    enum class period : int { session = XYZ_PER_SESSION, lifetime = XYZ_PER_LIFETIME, window = XYZ_PER_WINDOW };
    /** How many displays the limit allows. */
    std::uint32_t count = 1;
    /** Over what it counts them. */
    period per = period::session;
    /** Seconds, for period::window. */
    double window = 0;

    /** At most `n` displays per session. */
    static limit per_session(std::uint32_t n) { return {n, period::session, 0}; }
    /** At most `n` displays ever. */
    static limit lifetime(std::uint32_t n) { return {n, period::lifetime, 0}; }
    /** At most `n` displays in any `seconds`-long window. */
    static limit in_window(std::uint32_t n, double seconds) { return {n, period::window, seconds}; }
    /** Equal count, period and window. */
    bool operator==(const limit &o) const { return count == o.count && per == o.per && window == o.window; }
};

/** Why an alert is where it is (xyz_why_code, docs/rules.md §18). */
enum class why_code : int {
    idle = XYZ_WHY_IDLE,
    showing = XYZ_WHY_SHOWING,
    hidden_page = XYZ_WHY_HIDDEN_PAGE,
    hidden_covered = XYZ_WHY_HIDDEN_COVERED,
    not_ready = XYZ_WHY_NOT_READY,
    show_after = XYZ_WHY_SHOW_AFTER,
    dependency = XYZ_WHY_DEPENDENCY,
    id_dependency = XYZ_WHY_ID_DEPENDENCY,
    page_not_visible = XYZ_WHY_PAGE_NOT_VISIBLE,
    not_active_child = XYZ_WHY_NOT_ACTIVE_CHILD,
    suspended = XYZ_WHY_SUSPENDED,
    behind = XYZ_WHY_BEHIND,
    lower_priority = XYZ_WHY_LOWER_PRIORITY,
    deferred = XYZ_WHY_DEFERRED,
    lane_gap = XYZ_WHY_LANE_GAP,
    capped = XYZ_WHY_CAPPED,
    cooling_down = XYZ_WHY_COOLING_DOWN,
    min_visible = XYZ_WHY_MIN_VISIBLE,
    finished = XYZ_WHY_FINISHED,
};

/** How an action button wants to be drawn (xyz_action_style). */
enum class action_style : int {
    default_ = XYZ_ACTION_DEFAULT,
    cancel = XYZ_ACTION_CANCEL,
    destructive = XYZ_ACTION_DESTRUCTIVE,
};

/** @{ */
/** The names the JSON formats use ("showing", "hide_others", ...); "unknown"
 * for a value that is not an enumerator. Static storage. */
inline std::string_view to_string(state s) { return xyz_state_name(static_cast<xyz_state>(s)); }
inline std::string_view to_string(exclusive e) { return xyz_exclusive_name(static_cast<xyz_exclusive>(e)); }
inline std::string_view to_string(politeness p) { return xyz_politeness_name(static_cast<xyz_politeness>(p)); }
inline std::string_view to_string(on_duplicate p) { return xyz_on_duplicate_name(static_cast<xyz_on_duplicate>(p)); }
inline std::string_view to_string(hide_reason r) { return xyz_hide_reason_name(static_cast<xyz_hide_reason>(r)); }
inline std::string_view to_string(end_reason r) { return xyz_end_reason_name(static_cast<xyz_end_reason>(r)); }
inline std::string_view to_string(action_style s) { return xyz_action_style_name(static_cast<xyz_action_style>(s)); }
inline std::string_view to_string(why_code c) { return xyz_why_code_name(static_cast<xyz_why_code>(c)); }
inline std::string_view to_string(on_capped p) { return xyz_on_capped_name(static_cast<xyz_on_capped>(p)); }
inline std::string_view to_string(when_displaced p) { return p == when_displaced::restore ? "restore" : p == when_displaced::drop ? "drop" : "unknown"; }
inline std::string_view to_string(on_full p) { return p == on_full::queue ? "queue" : p == on_full::evict_oldest ? "evict_oldest" : "unknown"; }
inline std::string_view to_string(order o) { return o == order::fifo ? "fifo" : o == order::lifo ? "lifo" : "unknown"; }
/** A status has no JSON word: its enumerator's name here ("ok", "invalid",
 * "not_found", ...); xyz_status_name() gives the C name ("XYZ_EINVAL"). */
inline std::string_view to_string(status s) {
    switch (s) {
    case status::ok: return "ok";
    case status::invalid: return "invalid";
    case status::state: return "state";
    case status::duplicate: return "duplicate";
    case status::cycle: return "cycle";
    case status::not_found: return "not_found";
    case status::parse: return "parse";
    case status::schema: return "schema";
    case status::io: return "io";
    case status::owner: return "owner";
    }
    return "unknown";
}
/** @} */

/** A rectangle in the host's coordinates; y grows downward. */
using rect = xyz_rect;

/* ---------------------------------------------------------------- versions */

/** The header's version, MAJOR * 1000000 + MINOR * 1000 + PATCH. */
inline constexpr int header_version = XYZALERT_VERSION_NUMBER;
/** The loaded library's version, in the same form (xyz_version()). */
[[nodiscard]] inline int library_version() noexcept { return xyz_version(); }
/** The loaded library's version as "MAJOR.MINOR.PATCH". */
[[nodiscard]] inline std::string_view library_version_string() noexcept { return xyz_version_string(); }
/** Whether the loaded library serves this header: the same major version
 * and a version at least the header's (xyzalert.h, "Versions"). */
[[nodiscard]] inline bool library_is_compatible() noexcept {
    int library = xyz_version();
    return library / 1000000 == XYZALERT_VERSION_MAJOR && library >= XYZALERT_VERSION_NUMBER;
}

/** The avoidance formula (xyz_keyboard_offset()): the vertical offset (negative:
 * up) that clears `keyboard` for an alert at `frame`, plus `adjust`; 0 when
 * the keyboard is hidden or does not overlap. */
[[nodiscard]] inline double keyboard_offset(rect frame, rect keyboard, double adjust = 0) noexcept {
    return xyz_keyboard_offset(frame, keyboard, adjust);
}

/* ---------------------------------------------------------------- errors */

/** A failed call: the status, the engine's message, and whether it took
 * effect all the same (see Errors). */
class error : public std::runtime_error {
public:
    /** An error with `code` and `message`; `took_effect`: the failed call left changes behind. */
    error(xyz::status code, const std::string &message, bool took_effect = false)
        : std::runtime_error(message), code_(code), took_effect_(took_effect) {}
    /** The status of the failed call. */
    [[nodiscard]] xyz::status code() const noexcept { return code_; }
    /** True only for the status::state of a call whose passes did not
     * settle: its events stand (xyz_last_error_has_effects()). */
    [[nodiscard]] bool took_effect() const noexcept { return took_effect_; }

private:
    xyz::status code_;
    bool took_effect_;
};

/** A JSON document that could not be loaded, and where. what() is the
 * engine's message, which starts with "source:line:column:". */
class parse_error : public error {
public:
    /** From a load's xyz_error; the source and pointer are taken in full
     * from `source` and xyz_last_error_pointer() (the struct cuts them). */
    parse_error(const xyz_error &e, std::string source)
        : error(static_cast<xyz::status>(e.status), xyz_last_error()), source_(std::move(source)),
          pointer_(xyz_last_error_pointer()), line_(e.line), column_(e.column), position_(e.position) {}
    /** The file, or "<string>". */
    [[nodiscard]] const std::string &source() const noexcept { return source_; }
    /** The JSON pointer of the offending value ("" for the root). */
    [[nodiscard]] const std::string &pointer() const noexcept { return pointer_; }
    /** 1-based line and column (in characters); 0 for I/O errors. */
    [[nodiscard]] int line() const noexcept { return line_; }
    /** 1-based column (in characters) of the offending value; 0 when unknown. */
    [[nodiscard]] int column() const noexcept { return column_; }
    /** 0-based byte offset. */
    [[nodiscard]] std::size_t position() const noexcept { return position_; }

private:
    std::string source_, pointer_;
    int line_, column_;
    std::size_t position_;
};

namespace detail {

/** The last failure of this thread's C calls as an xyz::error. */
inline error last_failure(xyz_status result) {
    return error(static_cast<status>(result), xyz_last_error(), xyz_last_error_has_effects());
}

/** A string argument: a std::string, std::string_view or C string. It is
 * copied with a terminating NUL for the C call; a null `const char *` or an
 * embedded NUL byte is status::invalid then. `nullptr` does not compile. */
class text {
public:
    /** A view of `s` (not copied: it must outlive the call). */
    text(std::string_view s) noexcept : view_(s) {}
    /** A view of `s` (not copied: it must outlive the call). */
    text(const std::string &s) noexcept : view_(s) {}
    /** A view of the C string `s`; NULL is kept as "no text". */
    text(const char *s) noexcept : view_(s ? std::string_view(s) : std::string_view()), null_(s == nullptr) {}
    /** The C API's NULL has a name of its own in this wrapper (clear_title(), cancel_all(), ...). */
    text(std::nullptr_t) = delete;

    /** The NUL-terminated copy for the C call; `what` names the argument in the error. */
    std::string checked(const char *what) const {
        if (null_) {
            throw error(status::invalid, std::string(what) + " is a null pointer");
        }
        std::size_t nul = view_.find('\0');
        if (nul != std::string_view::npos) {
            throw error(status::invalid, std::string(what) + " contains a NUL byte at offset " + std::to_string(nul));
        }
        return std::string(view_);
    }

private:
    std::string_view view_;
    bool null_ = false;
};

/** A string the library returned for the caller to free: copied, then freed;
 * NULL throws `code` with the library's last error. */
inline std::string take_string(char *text, status code) {
    if (!text) {
        throw error(code, xyz_last_error());
    }
    std::string out = text;
    xyz_free(text);
    return out;
}

/** The first exception a callback threw on this thread, not yet rethrown. */
inline std::exception_ptr &pending() {
    thread_local std::exception_ptr exception;
    return exception;
}

/** How many wrapper calls are running on this thread (callbacks run inside them). */
inline int &depth() {
    thread_local int calls = 0;
    return calls;
}

/** Runs a callback body; an exception is stored, never let into the engine. */
template <class F>
void guarded(F &&body) noexcept {
    try {
        body();
    } catch (...) {
        if (!pending()) {
            pending() = std::current_exception();
        }
    }
}

/** Outside every wrapper call, rethrows the stored exception: before a
 * call, one a callback of a raw C call left behind (the call then does
 * nothing); after it, one its own callbacks threw. */
inline void rethrow_pending() {
    if (depth() == 0 && pending()) {
        std::rethrow_exception(std::exchange(pending(), nullptr));
    }
}

/** Runs `c_call` (which may deliver callbacks) counted as a wrapper call and
 * returns its result; the outermost call then rethrows a callback's exception. */
template <class F>
auto counted(F &&c_call) -> decltype(c_call()) {
    rethrow_pending();
    ++depth();
    struct leave {
        ~leave() { --depth(); }
    } on_exit;
    return c_call();
}

/** After a counted C call: a callback's exception (outermost call only),
 * else the call's own failure, is thrown. */
inline void finish(xyz_status result) {
    rethrow_pending();
    if (result != XYZ_OK) {
        throw last_failure(result);
    }
}

/** Makes a C call that may deliver callbacks: counted, then finish()ed. */
template <class F>
void call(F &&c_call) {
    finish(counted(std::forward<F>(c_call)));
}

/** A getter that may run host code (the clock): counted like a call. */
template <class F>
auto read(F &&getter) -> decltype(getter()) {
    auto value = counted(std::forward<F>(getter));
    rethrow_pending();
    return value;
}

inline std::optional<std::string> optional_string(const char *text) {
    return text ? std::optional<std::string>(text) : std::nullopt;
}

/** An empty handle passed as an argument is an error, never the C API's NULL. */
template <class Handle>
Handle *require(Handle *handle, const char *what) {
    if (!handle) {
        throw error(status::invalid, std::string(what) + " is empty (moved from, closed or default-constructed)");
    }
    return handle;
}

}  // namespace detail

/** Seconds written with a unit, as the files write them ("90s", "30m",
 * "1.5h", "90d"; xyz_seconds_parse()). Throws error (status::invalid) for
 * text outside that grammar. */
[[nodiscard]] inline double parse_seconds(detail::text text) {
    std::string checked = text.checked("parse_seconds: text");
    double seconds = 0;
    xyz_status result = xyz_seconds_parse(checked.c_str(), &seconds);
    if (result != XYZ_OK) {
        throw detail::last_failure(result);
    }
    return seconds;
}

/* ---------------------------------------------------------------- alerts */

/** One action button: its id, title and style. */
struct action {
    /** The id the host's action callback receives. */
    std::string id;
    /** The button's title. */
    std::string title;
    /** How the button wants to be drawn. */
    action_style style = action_style::default_;
    /** Choosing it delivers the action callback only: the alert stays. */
    bool keep_open = false;
};

class dispatch_ref;

/** One alert instance, reference counted (see Ownership). */
class alert {
public:
    /** An empty alert: no engine alert (operator bool is false). */
    alert() noexcept = default;

    /** A new idle, ready alert; an empty id makes an anonymous one. */
    explicit alert(detail::text id) : handle_(create(id.checked("xyz::alert: id"))) {}

    /** A new idle, ready alert with its priority and exclusive behaviour
     * (xyz_alert_create_with()). */
    alert(detail::text id, std::int32_t priority, xyz::exclusive behaviour) {
        std::string checked = id.checked("xyz::alert: id");
        handle_ = xyz_alert_create_with(checked.empty() ? nullptr : checked.c_str(), priority,
                                        static_cast<xyz_exclusive>(behaviour));
        if (!handle_) {
            throw error(status::invalid, xyz_last_error());
        }
    }

    /** Takes over a +1 reference (e.g. from xyz_alert_create()). */
    [[nodiscard]] static alert adopt(xyz_alert *handle) noexcept { return alert(handle, adopt_tag{}); }

    /** Shares a borrowed handle (adds a reference). */
    [[nodiscard]] static alert borrow(xyz_alert *handle) noexcept { return alert(xyz_alert_retain(handle), adopt_tag{}); }

    /** Another reference to the same engine alert (retains it). */
    alert(const alert &other) noexcept : handle_(xyz_alert_retain(other.handle_)) {}
    /** Takes `other`'s reference; `other` is empty afterwards. */
    alert(alert &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    /** Shares `other`'s alert and releases the one held before. */
    alert &operator=(const alert &other) noexcept {
        xyz_alert *old = std::exchange(handle_, xyz_alert_retain(other.handle_));
        xyz_alert_release(old);
        return *this;
    }
    /** Takes `other`'s alert (leaving it empty) and releases the one held before. */
    alert &operator=(alert &&other) noexcept {
        if (this != &other) {
            xyz_alert_release(std::exchange(handle_, std::exchange(other.handle_, nullptr)));
        }
        return *this;
    }
    ~alert() { xyz_alert_release(handle_); }

    /** The raw handle, borrowed; nullptr for an empty alert. */
    [[nodiscard]] xyz_alert *get() const noexcept { return handle_; }
    /** Whether it holds an engine alert. */
    explicit operator bool() const noexcept { return handle_ != nullptr; }

    /** Whether two wrappers share one engine alert. */
    friend bool operator==(const alert &a, const alert &b) noexcept { return a.handle_ == b.handle_; }
    /** Whether the two wrappers hold different engine alerts. */
    friend bool operator!=(const alert &a, const alert &b) noexcept { return a.handle_ != b.handle_; }

    /* identity and state */
    /** The id given at creation, or nullopt for an anonymous alert. */
    [[nodiscard]] std::optional<std::string> id() const { return detail::optional_string(xyz_alert_id(handle_)); }
    /** Where the alert is in its life. */
    [[nodiscard]] xyz::state state() const noexcept { return static_cast<xyz::state>(xyz_alert_state(handle_)); }
    /** The priority (higher shows first). */
    [[nodiscard]] std::int32_t priority() const noexcept { return xyz_alert_priority(handle_); }
    /** How it treats the alerts on screen: wait, cover or hide_others. */
    [[nodiscard]] xyz::exclusive exclusive() const noexcept { return static_cast<xyz::exclusive>(xyz_alert_exclusive(handle_)); }
    /** The page of a live (or ending, inside its last callbacks) alert; empty otherwise. */
    [[nodiscard]] dispatch_ref dispatch() const noexcept;
    /** One sentence on why the alert is in its state. */
    [[nodiscard]] std::string explain() const {
        char *text = detail::read([&] { return xyz_alert_explain(handle_); });
        std::string out = text ? text : "";
        xyz_free(text);
        return out;
    }
    /** Why the alert is where it is, as data (xyz_alert_why()): defined below. */
    [[nodiscard]] struct why why() const;

    /* set-up: idle alerts only (throws status::state otherwise); each returns *this */
    /** The priority: higher shows first (default 0). */
    alert &set_priority(std::int32_t priority) {
        detail::call([&] { return xyz_alert_set_priority(handle_, priority); });
        return *this;
    }
    /** How it treats the alerts on screen when it shows (default wait). */
    alert &set_exclusive(xyz::exclusive e) {
        detail::call([&] { return xyz_alert_set_exclusive(handle_, static_cast<xyz_exclusive>(e)); });
        return *this;
    }
    /** Wait until `dependency` finishes. */
    alert &add_dependency(const alert &dependency) {
        xyz_alert *other = detail::require(dependency.handle_, "add_dependency: the dependency");
        detail::call([&] { return xyz_alert_add_dependency(handle_, other); });
        return *this;
    }
    /** Wait while a live alert with this id exists in the domain. */
    alert &add_dependency(detail::text id) {
        std::string checked = id.checked("add_dependency: id");
        detail::call([&] { return xyz_alert_add_dependency_id(handle_, checked.c_str()); });
        return *this;
    }
    /** The ids it waits for (add_dependency(id), or "after" in JSON). */
    [[nodiscard]] std::vector<std::string> dependency_ids() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_alert_dependency_id_count(handle_); i < n; i++) {
            out.emplace_back(xyz_alert_dependency_id(handle_, i));
        }
        return out;
    }
    /** Not ready: it waits in the queue until set_ready() (idle only). */
    alert &set_waiting() {
        detail::call([&] { return xyz_alert_set_waiting(handle_); });
        return *this;
    }
    /** The lane it is arbitrated in (default "main"; idle only). */
    alert &set_lane(detail::text lane) {
        std::string checked = lane.checked("set_lane: lane");
        detail::call([&] { return xyz_alert_set_lane(handle_, checked.c_str()); });
        return *this;
    }
    /** What set_lane() sets. */
    [[nodiscard]] std::string lane() const { return detail::optional_string(xyz_alert_lane(handle_)).value_or(""); }
    /** What an add does when the id is already live (default reject). */
    alert &set_on_duplicate(xyz::on_duplicate policy) {
        detail::call([&] { return xyz_alert_set_on_duplicate(handle_, static_cast<xyz_on_duplicate>(policy)); });
        return *this;
    }
    /** What set_on_duplicate() sets. */
    [[nodiscard]] xyz::on_duplicate on_duplicate() const noexcept {
        return static_cast<xyz::on_duplicate>(xyz_alert_on_duplicate(handle_));
    }
    /** What happens when it would be hidden covered (idle only). */
    alert &set_when_displaced(xyz::when_displaced policy) {
        detail::call([&] { return xyz_alert_set_when_displaced(handle_, static_cast<xyz_when_displaced>(policy)); });
        return *this;
    }
    /** What set_when_displaced() sets. */
    [[nodiscard]] xyz::when_displaced when_displaced() const noexcept {
        return static_cast<xyz::when_displaced>(xyz_alert_when_displaced(handle_));
    }
    /** Seconds it may be showing before it ends with end_reason::timeout (0: no limit). */
    alert &set_duration(double seconds) {
        detail::call([&] { return xyz_alert_set_duration(handle_, seconds); });
        return *this;
    }
    /** What set_duration() sets. */
    [[nodiscard]] double duration() const noexcept { return xyz_alert_duration(handle_); }
    /** Seconds from add within which it must first show, or it ends with end_reason::expired (0: no limit). */
    alert &set_ttl(double seconds) {
        detail::call([&] { return xyz_alert_set_ttl(handle_, seconds); });
        return *this;
    }
    /** What set_ttl() sets. */
    [[nodiscard]] double ttl() const noexcept { return xyz_alert_ttl(handle_); }

    /* timing for people (docs/rules.md §17) */
    /** Seconds it stays queued before it may show (docs/rules.md §17). */
    alert &set_show_after(double seconds) {
        detail::call([&] { return xyz_alert_set_show_after(handle_, seconds); });
        return *this;
    }
    /** What set_show_after() sets. */
    [[nodiscard]] double show_after() const noexcept { return xyz_alert_show_after(handle_); }
    /** Seconds it stays on screen at least once shown, even when dismissed sooner. */
    alert &set_min_visible(double seconds) {
        detail::call([&] { return xyz_alert_set_min_visible(handle_, seconds); });
        return *this;
    }
    /** What set_min_visible() sets. */
    [[nodiscard]] double min_visible() const noexcept { return xyz_alert_min_visible(handle_); }
    /** How a screen reader should announce it (default polite). */
    alert &set_announce(xyz::politeness p) {
        detail::call([&] { return xyz_alert_set_announce(handle_, static_cast<xyz_politeness>(p)); });
        return *this;
    }
    /** What set_announce() sets. */
    [[nodiscard]] xyz::politeness announce() const noexcept { return static_cast<xyz::politeness>(xyz_alert_announce(handle_)); }
    /** Holds the countdown (counted: hover, focus); unhold() undoes one. */
    void hold() {
        detail::call([&] { return xyz_alert_hold(handle_); });
    }
    /** Undoes one hold(); the countdown goes on when no hold is left. */
    void unhold() {
        detail::call([&] { return xyz_alert_unhold(handle_); });
    }

    /* caps on the alert's id (docs/rules.md §16); idle alerts only */
    /** Adds a frequency cap on its id (idle only). */
    alert &add_limit(const xyz::limit &l) {
        detail::call([&] { return xyz_alert_add_limit(handle_, l.count, static_cast<xyz_limit_per>(l.per), l.window); });
        return *this;
    }
    /** Its caps, in the order they were added. */
    [[nodiscard]] std::vector<xyz::limit> limits() const {
        std::vector<xyz::limit> out;
        for (std::size_t i = 0; i < xyz_alert_limit_count(handle_); i++) {
            xyz_limit_per per = XYZ_PER_SESSION;
            xyz::limit l;
            if (xyz_alert_limit(handle_, i, &l.count, &per, &l.window) == XYZ_OK) {
                l.per = static_cast<xyz::limit::period>(per);
                out.push_back(l);
            }
        }
        return out;
    }
    /** Seconds that must pass between two displays of its id (0: none). */
    alert &set_cooldown(double seconds) {
        detail::call([&] { return xyz_alert_set_cooldown(handle_, seconds); });
        return *this;
    }
    /** What set_cooldown() sets. */
    [[nodiscard]] double cooldown() const noexcept { return xyz_alert_cooldown(handle_); }
    /** Removes its caps and cool-down (idle only). */
    alert &clear_caps() {
        detail::call([&] { return xyz_alert_clear_caps(handle_); });
        return *this;
    }
    /** What a capped alert does: drop it or wait (default drop). */
    alert &set_on_capped(xyz::on_capped policy) {
        detail::call([&] { return xyz_alert_set_on_capped(handle_, static_cast<xyz_on_capped>(policy)); });
        return *this;
    }
    /** What set_on_capped() sets. */
    [[nodiscard]] xyz::on_capped on_capped() const noexcept { return static_cast<xyz::on_capped>(xyz_alert_on_capped(handle_)); }
    /** Adds a tag, for dispatch_ref::cancel_tagged() (until finished). */
    alert &add_tag(detail::text tag) {
        std::string checked = tag.checked("add_tag: tag");
        detail::call([&] { return xyz_alert_add_tag(handle_, checked.c_str()); });
        return *this;
    }
    /** Its tags, in the order they were added. */
    [[nodiscard]] std::vector<std::string> tags() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_alert_tag_count(handle_); i < n; i++) out.emplace_back(xyz_alert_tag(handle_, i));
        return out;
    }
    /** Whether it carries `tag`. */
    [[nodiscard]] bool has_tag(detail::text tag) const {
        return xyz_alert_has_tag(handle_, tag.checked("has_tag: tag").c_str());
    }

    /* content: until finished; on screen, each change delivers update */
    /** The name of the view it shows in (default "page"). */
    alert &set_target(detail::text name) {
        std::string checked = name.checked("set_target: name");
        detail::call([&] { return xyz_alert_set_target(handle_, checked.c_str()); });
        return *this;
    }
    /** What set_target() sets. */
    [[nodiscard]] std::string target() const { return detail::optional_string(xyz_alert_target(handle_)).value_or(""); }
    /** Not empty (status::invalid), as in the alert set format. */
    alert &set_style(detail::text style) {
        std::string checked = style.checked("set_style: style");
        detail::call([&] { return xyz_alert_set_style(handle_, checked.c_str()); });
        return *this;
    }
    /** What set_style() sets. */
    [[nodiscard]] std::string style() const { return detail::optional_string(xyz_alert_style(handle_)).value_or(""); }
    /** The title the host draws (nullptr or nullopt: none). */
    alert &set_title(detail::text title) {
        std::string checked = title.checked("set_title: title");
        detail::call([&] { return xyz_alert_set_title(handle_, checked.c_str()); });
        return *this;
    }
    /** No title (C: xyz_alert_set_title(alert, NULL)). */
    alert &clear_title() {
        detail::call([&] { return xyz_alert_set_title(handle_, nullptr); });
        return *this;
    }
    /** What set_title() sets. */
    [[nodiscard]] std::optional<std::string> title() const { return detail::optional_string(xyz_alert_title(handle_)); }
    /** The message the host draws (nullptr or nullopt: none). */
    alert &set_message(detail::text message) {
        std::string checked = message.checked("set_message: message");
        detail::call([&] { return xyz_alert_set_message(handle_, checked.c_str()); });
        return *this;
    }
    /** No message. */
    alert &clear_message() {
        detail::call([&] { return xyz_alert_set_message(handle_, nullptr); });
        return *this;
    }
    /** What set_message() sets. */
    [[nodiscard]] std::optional<std::string> message() const { return detail::optional_string(xyz_alert_message(handle_)); }
    /** JSON object text, kept verbatim (throws status::invalid for anything else). */
    alert &set_meta(detail::text json) {
        std::string checked = json.checked("set_meta: json");
        detail::call([&] { return xyz_alert_set_meta(handle_, checked.c_str()); });
        return *this;
    }
    /** No meta. */
    alert &clear_meta() {
        detail::call([&] { return xyz_alert_set_meta(handle_, nullptr); });
        return *this;
    }
    /** What set_meta() sets. */
    [[nodiscard]] std::optional<std::string> meta() const { return detail::optional_string(xyz_alert_meta(handle_)); }
    /** Appends an action; its id must be non-empty (status::invalid) and new
     * among the alert's actions (status::duplicate). */
    alert &add_action(detail::text id, detail::text title, action_style style = action_style::default_,
                      bool keep_open = false) {
        std::string checked_id = id.checked("add_action: id"), checked_title = title.checked("add_action: title");
        detail::call([&] {
            return xyz_alert_add_action_flags(handle_, checked_id.c_str(), checked_title.c_str(),
                                              static_cast<xyz_action_style>(style), keep_open ? XYZ_ACTION_KEEP_OPEN : 0u);
        });
        return *this;
    }
    /** Appends the button `a` (its id, title, style and keep_open). */
    alert &add_action(const xyz::action &a) { return add_action(a.id, a.title, a.style, a.keep_open); }
    /** Removes every action. */
    alert &clear_actions() {
        detail::call([&] { return xyz_alert_clear_actions(handle_); });
        return *this;
    }
    /** Its buttons, in order. */
    [[nodiscard]] std::vector<xyz::action> actions() const {
        std::vector<xyz::action> out;
        for (std::size_t i = 0; i < xyz_alert_action_count(handle_); i++) {
            out.push_back({xyz_alert_action_id(handle_, i), xyz_alert_action_title(handle_, i),
                           static_cast<action_style>(xyz_alert_action_style(handle_, i)),
                           (xyz_alert_action_flags(handle_, i) & XYZ_ACTION_KEEP_OPEN) != 0});
        }
        return out;
    }
    /** The laid-out frame (nullopt: unknown). */
    alert &set_frame(std::optional<rect> frame) {
        detail::call([&] { return xyz_alert_set_frame(handle_, frame ? &*frame : nullptr); });
        return *this;
    }
    /** Whether it moves clear of the keyboard, and by how much more (`adjust`). */
    alert &set_keyboard_avoidance(bool enabled, double adjust = 0) {
        detail::call([&] { return xyz_alert_set_keyboard_avoidance(handle_, enabled, adjust); });
        return *this;
    }

    /* user data: the engine keeps it with the alert and destroys it once */
    /** Attaches `data`; `destroy_data` (may be null) runs exactly once, when
     * the alert is freed or the data replaced. */
    alert &set_user_data(void *data, void (*destroy_data)(void *)) {
        xyz_status result = xyz_alert_set_user_data(handle_, data, destroy_data);
        if (result != XYZ_OK) {
            throw detail::last_failure(result);
        }
        return *this;
    }
    /** Attaches an owned object; the engine deletes it. Read it back with user_data<T>(). */
    template <class T>
    alert &set_user_data(std::unique_ptr<T> data) {
        set_user_data(static_cast<void *>(data.get()), [](void *p) { delete static_cast<T *>(p); });
        data.release();  // the engine owns it now
        return *this;
    }
    /** The user data, as the type it was attached with (the caller's promise). */
    template <class T = void>
    [[nodiscard]] T *user_data() const noexcept { return static_cast<T *>(xyz_alert_user_data(handle_)); }

    /* scheduling: these may deliver callbacks */
    /** Makes a waiting alert ready: it may show now. */
    void set_ready() {
        detail::call([&] { return xyz_alert_set_ready(handle_); });
    }
    /** The user dismissed it: it leaves the screen or the queue and finishes. */
    void dismiss() {
        detail::call([&] { return xyz_alert_dismiss(handle_); });
    }
    /** The app cancelled it: it leaves the screen or the queue and finishes. */
    void cancel() {
        detail::call([&] { return xyz_alert_cancel(handle_); });
    }
    /** The user chose button `index`: the action callback runs, then it finishes unless the action keeps it open. */
    void trigger_action(std::size_t index) {
        detail::call([&] { return xyz_alert_trigger_action(handle_, index); });
    }

private:
    struct adopt_tag {};
    alert(xyz_alert *handle, adopt_tag) noexcept : handle_(handle) {}
    static xyz_alert *create(const std::string &id) {
        xyz_alert *made = xyz_alert_create(id.empty() ? nullptr : id.c_str());
        if (!made) {
            throw error(status::invalid, xyz_last_error());
        }
        return made;
    }
    xyz_alert *handle_ = nullptr;
};

/* ---------------------------------------------------------------- hosts */

/** What the engine asks of the host, as callables; leave empty what you do
 * not need (an empty request_flush keeps the dispatch in immediate mode). */
struct callbacks {
    /** Called for host::show. */
    std::function<void(alert &, std::string_view target, void *view)> show;
    /** Called for host::hide. */
    std::function<void(alert &, hide_reason)> hide;
    /** Called for host::unhide. */
    std::function<void(alert &)> unhide;
    /** Called for host::remove. */
    std::function<void(alert &, end_reason)> remove;
    /** Called for host::finish. */
    std::function<void(alert &, end_reason)> finish;
    /** Called for host::move. */
    std::function<void(alert &, double dy, double duration)> move;
    /** Called for host::action. */
    std::function<void(alert &, std::size_t index)> action;
    /** Deferred mode: call root.flush() from the main loop. */
    std::function<void(dispatch_ref root)> request_flush;
    /** The content of an on-screen alert was set: redraw it. */
    std::function<void(alert &)> update;
    /** The host's monotonic clock in seconds (empty: the system's). It must not call the engine. */
    std::function<double()> now;
    /** Call root.tick() once, `delay` seconds from now; a negative delay cancels. */
    std::function<void(dispatch_ref root, double delay)> set_timer;
    /** What a screen reader should say (docs/rules.md §17). */
    std::function<void(alert &, politeness, std::string_view text)> announce;
};

/* ---------------------------------------------------------------- history */

/** A display history (xyz_history, docs/rules.md §16), reference counted:
 * copies share it. The clock gives wall-clock seconds since the Unix epoch
 * (empty: the system's); the engine keeps it as long as the history lives,
 * which may be longer than every copy here (a dispatch keeps its history). */
class history {
public:
    history() : handle_(xyz_history_create(nullptr, nullptr, nullptr)) {}
    /** A history whose wall clock is `clock()`, in seconds. A clock that
     * throws reads as the last good reading, and the wrapper call that read
     * it (add, tick, why, begin_session, json, load_json, ...) rethrows the
     * exception once the engine has finished that call. */
    explicit history(std::function<double()> clock) {
        auto *owned = new std::function<double()>(std::move(clock));
        handle_ = xyz_history_create(&read, owned, &destroy);
    }
    /** Shares a borrowed handle (adds a reference). */
    [[nodiscard]] static history borrow(xyz_history *handle) { return history(xyz_history_retain(handle)); }

    /** Another reference to the same history (retains it). */
    history(const history &other) noexcept : handle_(xyz_history_retain(other.handle_)) {}
    /** Takes `other`'s reference; `other` is empty afterwards. */
    history(history &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    /** Refers to `other`'s history (retains it, releases the old one). */
    history &operator=(const history &other) noexcept {
        xyz_history *old = std::exchange(handle_, xyz_history_retain(other.handle_));
        xyz_history_release(old);
        return *this;
    }
    /** Takes `other`'s reference (releases the old one). */
    history &operator=(history &&other) noexcept {
        if (this != &other) {
            xyz_history_release(std::exchange(handle_, std::exchange(other.handle_, nullptr)));
        }
        return *this;
    }
    ~history() { xyz_history_release(handle_); }

    /** The C handle (borrowed). */
    [[nodiscard]] xyz_history *get() const noexcept { return handle_; }
    /** Whether it refers to a history. */
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    /** Whether both refer to the same history. */
    friend bool operator==(const history &a, const history &b) noexcept { return a.handle_ == b.handle_; }
    /** Whether they refer to different histories. */
    friend bool operator!=(const history &a, const history &b) noexcept { return a.handle_ != b.handle_; }
    /** The number of the current session (from 1). */
    [[nodiscard]] std::int64_t session() const noexcept { return xyz_history_session(handle_); }

    /* these may deliver callbacks (alerts a cap held may show) */
    /** Starts a new session: per-session caps count from zero again. */
    void begin_session() {
        detail::call([&] { return xyz_history_begin_session(handle_); });
    }
    /** Sets the cap `l` on the cap key `key` ("id:promo", "tag:promo"). */
    void set_limit(detail::text key, const xyz::limit &l) {
        std::string checked = key.checked("set_limit: key");
        detail::call([&] {
            return xyz_history_set_limit(handle_, checked.c_str(), l.count, static_cast<xyz_limit_per>(l.per), l.window);
        });
    }
    /** Sets the cool-down of the cap key `key`, in seconds. */
    void set_cooldown(detail::text key, double seconds) {
        std::string checked = key.checked("set_cooldown: key");
        detail::call([&] { return xyz_history_set_cooldown(handle_, checked.c_str(), seconds); });
    }
    /** Removes the caps on `key`. */
    void clear_caps(detail::text key) {
        std::string checked = key.checked("clear_caps: key");
        detail::call([&] { return xyz_history_clear_caps(handle_, checked.c_str()); });
    }
    /** Removes the caps on every key. */
    void clear_all_caps() {
        detail::call([&] { return xyz_history_clear_caps(handle_, nullptr); });
    }
    /** The persistence format (docs/formats.md, "History"). */
    [[nodiscard]] std::string json() const {
        char *text = detail::counted([&] { return xyz_history_json(handle_); });
        if (!text) detail::rethrow_pending();
        std::string out = detail::take_string(text, status::invalid);
        detail::rethrow_pending();  // (what the clock threw, once the text is freed)
        return out;
    }
    /** Replaces the counts with a saved history's; throws parse_error
     * (nothing changed) or error. */
    void load_json(std::string_view text) {
        xyz_error e{};
        load([&] { return xyz_history_load_json(handle_, text.data(), text.size(), &e); }, e, "<string>");
    }
    /** Writes json() to the file at `path` atomically (xyz_history_save_file():
     * a new file beside it, fsync, rename; the old file stays whole on
     * failure). Throws parse_error (status::io, naming the file and the
     * reason) when it cannot be written. */
    void save_file(detail::text path) const {
        std::string checked = path.checked("save_file: path");
        xyz_error e{};
        xyz_status result = detail::counted([&] { return xyz_history_save_file(handle_, checked.c_str(), &e); });
        detail::rethrow_pending();
        if (result == XYZ_EIO) {
            throw parse_error(e, checked);
        }
        detail::finish(result);
    }
    /** Replaces the history with the file at `path` (its persistence format). */
    void load_file(detail::text path) {
        std::string checked = path.checked("load_file: path");
        xyz_error e{};
        load([&] { return xyz_history_load_file(handle_, checked.c_str(), &e); }, e, checked);
    }

private:
    explicit history(xyz_history *handle) noexcept : handle_(handle) {}
    static double read(void *context) {
        // A clock that threw reads as NaN (the engine keeps its last good
        // reading); the wrapper call that read it rethrows the exception.
        double reading = std::numeric_limits<double>::quiet_NaN();
        detail::guarded([&] { reading = (*static_cast<std::function<double()> *>(context))(); });
        return reading;
    }
    static void destroy(void *context) { delete static_cast<std::function<double()> *>(context); }
    template <class F>
    void load(F &&c_call, const xyz_error &e, const std::string &source) {
        xyz_status result = detail::counted(std::forward<F>(c_call));
        if (result != XYZ_OK && e.status != XYZ_OK && e.status != XYZ_EINVAL) {
            throw parse_error(e, source);
        }
        detail::finish(result);
    }
    xyz_history *handle_;
};

/* ---------------------------------------------------------------- catalogs */

/** One definition of a catalog (borrowed from it: valid while the catalog
 * lives). Its name is what create_alert() takes; its id is the alert's. */
class definition {
public:
    /** Wraps a borrowed definition handle. */
    explicit definition(const xyz_definition *handle) noexcept : handle_(handle) {}
    /** The C handle (borrowed from its catalog). */
    [[nodiscard]] const xyz_definition *get() const noexcept { return handle_; }
    /** The id the alert gets ("" for a scenario's alert without id). */
    [[nodiscard]] std::string id() const { return xyz_definition_id(handle_); }
    /** The name the file calls it by: the id, unless a scenario gives a "name". */
    [[nodiscard]] std::string name() const { return xyz_definition_name(handle_); }
    /** The priority in the file. */
    [[nodiscard]] std::int32_t priority() const noexcept { return xyz_definition_priority(handle_); }
    /** The exclusive behaviour in the file. */
    [[nodiscard]] xyz::exclusive exclusive() const noexcept {
        return static_cast<xyz::exclusive>(xyz_definition_exclusive(handle_));
    }
    /** Whether the alert starts ready. */
    [[nodiscard]] bool is_ready() const noexcept { return xyz_definition_is_ready(handle_); }
    /** A scenario's page for it (nullopt in an alert set). */
    [[nodiscard]] std::optional<std::string> page() const { return detail::optional_string(xyz_definition_page(handle_)); }
    /** Its lane. */
    [[nodiscard]] std::string lane() const { return detail::optional_string(xyz_definition_lane(handle_)).value_or(""); }
    /** Its title. */
    [[nodiscard]] std::optional<std::string> title() const { return detail::optional_string(xyz_definition_title(handle_)); }
    /** Its message. */
    [[nodiscard]] std::optional<std::string> message() const {
        return detail::optional_string(xyz_definition_message(handle_));
    }
    /** Its duration, in seconds (0: none). */
    [[nodiscard]] double duration() const noexcept { return xyz_definition_duration(handle_); }
    /** Its ttl, in seconds (0: none). */
    [[nodiscard]] double ttl() const noexcept { return xyz_definition_ttl(handle_); }
    /** Its tags. */
    [[nodiscard]] std::vector<std::string> tags() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_definition_tag_count(handle_); i < n; i++) out.emplace_back(xyz_definition_tag(handle_, i));
        return out;
    }
    /** The ids it waits for ("after"). */
    [[nodiscard]] std::vector<std::string> after() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_definition_after_count(handle_); i < n; i++) out.emplace_back(xyz_definition_after(handle_, i));
        return out;
    }

private:
    const xyz_definition *handle_;
};

/** A loaded alert set; create alerts from it by name. Move-only. */
class catalog {
public:
    /** Loads and validates a file; throws parse_error (or error for a bad argument). */
    [[nodiscard]] static catalog load_file(detail::text path) {
        std::string checked = path.checked("load_file: path");
        xyz_error e;
        return catalog(check(xyz_catalog_load_file(checked.c_str(), &e), e, checked));
    }
    /** Loads JSON text (the source is "<string>"). */
    [[nodiscard]] static catalog load_string(std::string_view json) {
        xyz_error e;
        return catalog(check(xyz_catalog_load_string(json.data(), json.size(), &e), e, "<string>"));
    }

    /** Takes `other`'s definitions; `other` is empty afterwards. */
    catalog(catalog &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    /** Takes `other`'s catalog and frees the one held before. */
    catalog &operator=(catalog &&other) noexcept {
        if (this != &other) {
            xyz_catalog_free(std::exchange(handle_, std::exchange(other.handle_, nullptr)));
        }
        return *this;
    }
    catalog(const catalog &) = delete;
    catalog &operator=(const catalog &) = delete;
    ~catalog() { xyz_catalog_free(handle_); }

    /** The C handle (owned by this object). */
    [[nodiscard]] xyz_catalog *get() const noexcept { return handle_; }
    /** Whether it holds definitions. */
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    /** How many definitions it holds. */
    [[nodiscard]] std::size_t size() const noexcept { return xyz_catalog_count(handle_); }
    /** Definition `index`, in file order. */
    [[nodiscard]] xyz::definition definition(std::size_t index) const {
        const xyz_definition *d = xyz_catalog_definition(detail::require(handle_, "catalog"), index);
        if (!d) {
            throw error(status::invalid, "catalog: no definition " + std::to_string(index) + " of " + std::to_string(size()));
        }
        return xyz::definition(d);
    }
    /** The names, in file order: what create_alert() and contains() take. */
    [[nodiscard]] std::vector<std::string> names() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < size(); i++) out.emplace_back(xyz_definition_name(xyz_catalog_definition(handle_, i)));
        return out;
    }
    /** The ids the alerts get, in file order (a scenario may give two
     * definitions one id, and names tell them apart). */
    [[nodiscard]] std::vector<std::string> ids() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < size(); i++) out.emplace_back(xyz_definition_id(xyz_catalog_definition(handle_, i)));
        return out;
    }
    /** Whether it has a definition with the id `name`. */
    [[nodiscard]] bool contains(detail::text name) const {
        return xyz_catalog_find(handle_, name.checked("contains: name").c_str()) != nullptr;
    }
    /** Sets the file's "caps" on `h`, key by key. */
    void apply_caps(const history &h) const {
        xyz_history *target = detail::require(h.get(), "apply_caps: the history");
        detail::call([&] { return xyz_catalog_apply_caps(handle_, target); });
    }
    /** A fresh instance of the definition named `name` (throws
     * status::not_found for an unknown name, status::invalid for an empty catalog). */
    [[nodiscard]] alert create_alert(detail::text name) const {
        xyz_catalog *self = detail::require(handle_, "create_alert: the catalog");
        std::string checked = name.checked("create_alert: name");
        xyz_alert *made = xyz_catalog_create_alert(self, checked.c_str());
        if (!made) {
            throw error(status::not_found, xyz_last_error());
        }
        return alert::adopt(made);
    }

private:
    explicit catalog(xyz_catalog *handle) noexcept : handle_(handle) {}
    static xyz_catalog *check(xyz_catalog *loaded, const xyz_error &e, const std::string &source) {
        if (!loaded) {
            if (e.status == XYZ_EINVAL) {
                throw error(status::invalid, e.message);
            }
            throw parse_error(e, source);
        }
        return loaded;
    }
    xyz_catalog *handle_;
};

/* ---------------------------------------------------------------- dispatches */

/** A page, not owned: what callbacks, providers, parent() and
 * alert::dispatch() hand out, valid while the page lives. Every operation of
 * a page is here; xyz::dispatch, the owner, is one. An empty ref (default,
 * or of a moved-from dispatch) fails every call with status::invalid. */
class dispatch_ref {
public:
    dispatch_ref() noexcept = default;
    /** Wraps a raw handle (borrowed). */
    explicit dispatch_ref(xyz_dispatch *handle) noexcept : handle_(handle) {}

    /** The C handle (borrowed). */
    [[nodiscard]] xyz_dispatch *get() const noexcept { return handle_; }
    /** Whether it refers to a page. */
    explicit operator bool() const noexcept { return handle_ != nullptr; }
    /** Whether both refer to the same page. */
    friend bool operator==(const dispatch_ref &a, const dispatch_ref &b) noexcept { return a.handle_ == b.handle_; }
    /** Whether they refer to different pages. */
    friend bool operator!=(const dispatch_ref &a, const dispatch_ref &b) noexcept { return a.handle_ != b.handle_; }

    /** Names the page (for traces and error messages). */
    void set_name(detail::text name) const {
        std::string checked = name.checked("set_name: name");
        detail::call([&] { return xyz_dispatch_set_name(handle_, checked.c_str()); });
    }
    /** The page's name ("" by default). */
    [[nodiscard]] std::string name() const { return detail::optional_string(xyz_dispatch_name(handle_)).value_or(""); }

    /** The page is on screen: its alerts may show. */
    void page_did_appear() const {
        detail::call([&] { return xyz_dispatch_page_did_appear(handle_); });
    }
    /** The page is leaving the screen: its alerts on screen are hidden until it appears again. */
    void page_will_disappear() const {
        detail::call([&] { return xyz_dispatch_page_will_disappear(handle_); });
    }

    /** Adds alerts at once, all or none; the dispatch keeps its own references. */
    void add(const std::vector<alert> &alerts) const {
        std::vector<xyz_alert *> handles;
        handles.reserve(alerts.size());
        for (const alert &a : alerts) {
            handles.push_back(detail::require(a.get(), "add: an alert"));
        }
        detail::call([&] { return xyz_dispatch_add(handle_, handles.data(), handles.size()); });
    }
    /** Adds the alerts, all or none. */
    void add(std::initializer_list<alert> alerts) const { add(std::vector<alert>(alerts)); }
    /** Adds one alert. */
    void add(const alert &a) const {
        xyz_alert *one = detail::require(a.get(), "add: the alert");
        detail::call([&] { return xyz_dispatch_add(handle_, &one, 1); });
    }
    /** A fresh instance of every definition, at once. */
    void add(const catalog &c) const {
        xyz_catalog *all = detail::require(c.get(), "add: the catalog");
        detail::call([&] { return xyz_dispatch_add_catalog(handle_, all); });
    }

    /** Makes this page a child of `parent` (joining their domains). */
    void set_parent(dispatch_ref parent) const {
        xyz_dispatch *p = detail::require(parent.handle_, "set_parent: the parent");
        detail::call([&] { return xyz_dispatch_set_parent(handle_, p); });
    }
    /** Makes this page a root again. */
    void detach() const {
        detail::call([&] { return xyz_dispatch_set_parent(handle_, nullptr); });
    }
    /** The parent page, or an empty ref. */
    [[nodiscard]] dispatch_ref parent() const noexcept { return dispatch_ref(xyz_dispatch_parent(handle_)); }

    /** Makes `child` the only active child. */
    void set_active_child(dispatch_ref child) const {
        xyz_dispatch *c = detail::require(child.handle_, "set_active_child: the child");
        detail::call([&] { return xyz_dispatch_set_active_child(handle_, c); });
    }
    /** Makes every child active (the default). */
    void activate_all_children() const {
        detail::call([&] { return xyz_dispatch_set_active_child(handle_, nullptr); });
    }
    /** Asks `provider` for the active child at every pass (an empty function
     * removes it). An empty ref selects no child. It must not change the schedule. */
    void set_active_child_provider(std::function<dispatch_ref(dispatch_ref parent)> provider) const {
        if (!provider) {
            detail::call([&] { return xyz_dispatch_set_active_child_provider(handle_, nullptr, nullptr, nullptr); });
            return;
        }
        using function = std::function<dispatch_ref(dispatch_ref)>;
        auto *kept = new function(std::move(provider));
        xyz_status result = detail::counted([&] {
            return xyz_dispatch_set_active_child_provider(
                handle_,
                [](xyz_dispatch *parent, void *context) -> xyz_dispatch * {
                    xyz_dispatch *child = nullptr;
                    detail::guarded([&] { child = (*static_cast<function *>(context))(dispatch_ref(parent)).get(); });
                    return child;
                },
                kept, [](void *context) { delete static_cast<function *>(context); });
        });
        if (result != XYZ_OK && xyz_dispatch_active_child_context(handle_) != kept) {
            delete kept;  // refused: the context stayed ours
        }
        detail::finish(result);
    }

    /** Registers `view` under `name` for this page and its descendants (nullptr removes it). */
    void set_target(detail::text name, void *view) const {
        std::string checked = name.checked("set_target: name");
        detail::call([&] { return xyz_dispatch_set_target(handle_, checked.c_str(), view); });
    }
    /** The keyboard frame (a height of 0 or less: hidden). */
    void keyboard_changed(rect keyboard, double duration = 0) const {
        detail::call([&] { return xyz_dispatch_keyboard_changed(handle_, keyboard, duration); });
    }
    /** Runs the domain's passes now (deferred mode: from the main loop after request_flush). */
    void flush() const {
        detail::call([&] { return xyz_dispatch_flush(handle_); });
    }
    /** Cancels the domain's live alerts carrying `tag`; returns how many ended. */
    std::size_t cancel_tagged(detail::text tag) const {
        std::string checked = tag.checked("cancel_tagged: tag");
        std::size_t count = 0;
        detail::call([&] { return xyz_dispatch_cancel_tagged(handle_, checked.c_str(), &count); });
        return count;
    }
    /** Cancels every live alert of the domain; returns how many ended. */
    std::size_t cancel_all() const {
        std::size_t count = 0;
        detail::call([&] { return xyz_dispatch_cancel_tagged(handle_, nullptr, &count); });
        return count;
    }

    /* timing for people (docs/rules.md §17): a root's */
    /** Holds every countdown of the domain (counted), e.g. while the window is minimised. */
    void hold_timers() const {
        detail::call([&] { return xyz_dispatch_hold_timers(handle_); });
    }
    /** Undoes one hold_timers(). */
    void unhold_timers() const {
        detail::call([&] { return xyz_dispatch_unhold_timers(handle_); });
    }
    /** INFINITY: never time out. */
    void set_duration_scale(double scale) const {
        detail::call([&] { return xyz_dispatch_set_duration_scale(handle_, scale); });
    }
    /** The factor on the durations of its alerts (default 1). */
    [[nodiscard]] double duration_scale() const noexcept { return xyz_dispatch_duration_scale(handle_); }
    /** The gap in seconds between two shows in `lane` (0: none). */
    void set_gap(detail::text lane, double seconds) const {
        std::string checked = lane.checked("set_gap: lane");
        detail::call([&] { return xyz_dispatch_set_gap(handle_, checked.c_str(), seconds); });
    }
    /** The gap of `lane`, in seconds. */
    [[nodiscard]] double gap(detail::text lane) const { return xyz_dispatch_gap(handle_, lane.checked("gap: lane").c_str()); }

    /* stacks and dialog-manager controls (docs/rules.md §19) */
    /** Cancels the domain's queued alerts (not on screen) carrying `tag`; returns how many ended. */
    std::size_t cancel_queued(detail::text tag) const {
        std::string checked = tag.checked("cancel_queued: tag");
        std::size_t count = 0;
        detail::call([&] { return xyz_dispatch_cancel_queued(handle_, checked.c_str(), &count); });
        return count;
    }
    /** Cancels every queued alert of the domain (what is on screen stays); returns how many ended. */
    std::size_t cancel_queued() const {
        std::size_t count = 0;
        detail::call([&] { return xyz_dispatch_cancel_queued(handle_, nullptr, &count); });
        return count;
    }
    /** A root's: up to `visible` alerts of `lane` at once; what a full lane does. */
    void set_lane_limit(detail::text lane, std::size_t visible, xyz::on_full when_full = xyz::on_full::queue) const {
        std::string checked = lane.checked("set_lane_limit: lane");
        detail::call([&] {
            return xyz_dispatch_set_lane_limit(handle_, checked.c_str(), visible, static_cast<xyz_on_full>(when_full));
        });
    }
    /** The visible limit of `lane` in this domain and what a full lane does. */
    [[nodiscard]] std::pair<std::size_t, xyz::on_full> lane_limit(detail::text lane) const {
        xyz_on_full when_full = XYZ_ON_FULL_QUEUE;
        std::size_t visible = xyz_dispatch_lane_limit(handle_, lane.checked("lane_limit: lane").c_str(), &when_full);
        return {visible, static_cast<xyz::on_full>(when_full)};
    }
    /** The tie-break among equal priorities, for alerts added from then on. */
    void set_order(xyz::order o) const {
        detail::call([&] { return xyz_dispatch_set_order(handle_, static_cast<xyz_order>(o)); });
    }
    /** Among candidates of equal priority, which shows first (default fifo). */
    [[nodiscard]] xyz::order order() const noexcept { return static_cast<xyz::order>(xyz_dispatch_order(handle_)); }

    /** Attaches a display history to this root's domain (docs/rules.md
     * §16); the engine keeps a reference. */
    void set_history(const xyz::history &h) const {
        xyz_history *attached = detail::require(h.get(), "set_history: the history");
        detail::call([&] { return xyz_dispatch_set_history(handle_, attached); });
    }
    /** Detaches the domain's history. */
    void detach_history() const {
        detail::call([&] { return xyz_dispatch_set_history(handle_, nullptr); });
    }
    /** The display history its caps read (a root's own, or its root's). */
    [[nodiscard]] std::optional<xyz::history> history() const {
        xyz_history *h = xyz_dispatch_history(handle_);
        return h ? std::optional<xyz::history>(xyz::history::borrow(h)) : std::nullopt;
    }
    /** At most `n` queued alerts (0: no limit); beyond it the lowest-ranked ends dropped. */
    void set_capacity(std::size_t n) const {
        detail::call([&] { return xyz_dispatch_set_capacity(handle_, n); });
    }
    /** How many queued alerts it keeps at most (0: no limit). */
    [[nodiscard]] std::size_t capacity() const noexcept { return xyz_dispatch_capacity(handle_); }
    /** Holds back this page's and its descendants' candidates until the matching resume() (counted). */
    void suspend() const {
        detail::call([&] { return xyz_dispatch_suspend(handle_); });
    }
    /** Undoes one suspend(); the last one runs a pass. */
    void resume() const {
        detail::call([&] { return xyz_dispatch_resume(handle_); });
    }
    /** Whether suspend() holds its alerts back. */
    [[nodiscard]] bool is_suspended() const noexcept { return xyz_dispatch_is_suspended(handle_); }
    /** Ends the domain's alerts whose timer is due (timeout, expired), then
     * a pass: what a host's timer calls (set_timer) or a polling loop. */
    void tick() const {
        detail::call([&] { return xyz_dispatch_tick(handle_); });
    }
    /** Seconds until the domain's next deadline (0 when due), or nothing when
     * no timer runs. Reads the clock: rethrows what the host's clock threw. */
    [[nodiscard]] std::optional<double> next_deadline() const {
        double seconds = detail::read([&] { return xyz_dispatch_next_deadline(handle_); });
        return seconds < 0 ? std::nullopt : std::optional<double>(seconds);
    }
    /** The live alert of this page with this id. */
    [[nodiscard]] std::optional<alert> find(detail::text id) const {
        xyz_alert *found = xyz_dispatch_find(handle_, id.checked("find: id").c_str());
        return found ? std::optional<alert>(alert::borrow(found)) : std::nullopt;
    }
    /** The domain as JSON (see xyz_dispatch_snapshot_json()). */
    [[nodiscard]] std::string snapshot_json() const {
        return detail::take_string(detail::read([&] { return xyz_dispatch_snapshot_json(handle_); }), status::invalid);
    }
    /** Records this page's domain from now on (see xyz_dispatch_start_recording()). */
    void start_recording() const {
        detail::call([&] { return xyz_dispatch_start_recording(handle_); });
    }
    /** Stops the recording started here; it stays readable. */
    void stop_recording() const {
        detail::call([&] { return xyz_dispatch_stop_recording(handle_); });
    }
    /** The recording started here as scenario JSON (see
     * xyz_dispatch_recording_json()); throws status::state when there is
     * none, or when it cannot replay what happened. */
    [[nodiscard]] std::string recording_json() const {
        return detail::take_string(xyz_dispatch_recording_json(handle_), status::state);
    }

protected:
    /** The C handle (owned by dispatch, borrowed by dispatch_ref). */
    xyz_dispatch *handle_ = nullptr;
};

namespace detail {
template <class H, class = void>
struct names_request_flush : std::false_type {};
template <class H>
struct names_request_flush<H, std::void_t<decltype(&H::request_flush)>> : std::true_type {};
template <class H, class = void>
struct names_now : std::false_type {};
template <class H>
struct names_now<H, std::void_t<decltype(&H::now)>> : std::true_type {};
}  // namespace detail

/**
 * What the engine asks of the host, as virtual functions: override the ones
 * you need, and derive publicly. The event callbacks reach the dynamic type.
 * request_flush and now are installed only when the class the dispatch is
 * created from overrides them (found at compile time: see Callbacks). The
 * host must outlive the dispatches created from it.
 */
class host {
public:
    virtual ~host() = default;
    /** Put `alert` on screen on layer `target`, whose view is `view`. */
    virtual void show(alert &, std::string_view /*target*/, void * /*view*/) {}
    /** Hide an on-screen alert without ending it. */
    virtual void hide(alert &, hide_reason) {}
    /** Make a hidden alert visible again. */
    virtual void unhide(alert &) {}
    /** Take an alert off screen for good; finish follows. */
    virtual void remove(alert &, end_reason) {}
    /** The alert ended and will never show again. */
    virtual void finish(alert &, end_reason) {}
    /** Offset the alert by `dy` (absolute), animated over `duration` seconds. */
    virtual void move(alert &, double /*dy*/, double /*duration*/) {}
    /** The user chose button `index` of the alert. */
    virtual void action(alert &, std::size_t /*index*/) {}
    /** Only installed when overridden: the dispatch is then in deferred mode. */
    virtual void request_flush(dispatch_ref /*root*/) {}
    /** An on-screen alert's content changed: draw it again. */
    virtual void update(alert &) {}
    /** Only installed when overridden; the engine then never reads the system clock. */
    virtual double now() { return 0; }
    /** Call the root's tick() once, `delay` seconds from now (negative: no timer needed); only installed when overridden. */
    virtual void set_timer(dispatch_ref /*root*/, double /*delay*/) {}
    /** What a screen reader should say for the alert, and how urgently. */
    virtual void announce(alert &, politeness, std::string_view /*text*/) {}

    /** The callbacks of a host of class H (see Callbacks); throws
     * status::invalid when `h` is of a class derived from H. */
    template <class H>
    static callbacks of(H &h);
};

/** The scheduler of one page; owns it (see Ownership). Move-only. Every
 * operation is dispatch_ref's. */
class dispatch : public dispatch_ref {
public:
    /** A page with these callbacks (none by default), not yet visible. */
    explicit dispatch(callbacks functions = {}, void *page_view = nullptr) {
        auto *bound = new binding{std::move(functions)};
        xyz_host c = bound->c_host();
        handle_ = xyz_dispatch_create(&c, page_view);
        if (!handle_) {
            delete bound;  // a refused host's context stays ours
            throw error(status::invalid, xyz_last_error());
        }
    }
    /** A page whose callbacks are the ones `h` overrides (see Callbacks);
     * `h` must outlive it. */
    template <class H, class = std::enable_if_t<std::is_base_of_v<host, H>>>
    explicit dispatch(H &h, void *page_view = nullptr) : dispatch(host::of(h), page_view) {}

    /** Takes `other`'s page; `other` is empty afterwards. */
    dispatch(dispatch &&other) noexcept : dispatch_ref(std::exchange(other.handle_, nullptr)) {}
    /** Destroys the page held before (dropping a callback's exception, as
     * the destructor does) and takes `other`'s. */
    dispatch &operator=(dispatch &&other) noexcept {
        if (this != &other) {
            destroy(std::exchange(handle_, std::exchange(other.handle_, nullptr)));
        }
        return *this;
    }
    dispatch(const dispatch &) = delete;
    dispatch &operator=(const dispatch &) = delete;

    /** Destroys the page (its live alerts end destroyed, the host sees every
     * event). An exception a callback throws then is dropped: a destructor
     * cannot throw. Call close() to receive it. */
    ~dispatch() { destroy(std::exchange(handle_, nullptr)); }

    /** Destroys the page now, rethrowing what a callback threw. Closing twice does nothing. */
    void close() {
        if (handle_) {
            xyz_dispatch *h = std::exchange(handle_, nullptr);
            detail::call([&] { return xyz_dispatch_destroy(h); });
        }
    }

private:
    /** The C host of a dispatch: trampolines into the callables, which live
     * in the context the engine destroys with the dispatch. */
    struct binding {
        callbacks functions;

        static binding &of(void *context) { return *static_cast<binding *>(context); }

        xyz_host c_host() {
            using detail::guarded;
            xyz_host h{};
            h.size = sizeof h;
            h.context = this;
            if (functions.show)
                h.show = [](xyz_alert *a, const char *target, void *view, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.show(w, target, view); });
                };
            if (functions.hide)
                h.hide = [](xyz_alert *a, xyz_hide_reason r, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.hide(w, static_cast<hide_reason>(r)); });
                };
            if (functions.unhide)
                h.unhide = [](xyz_alert *a, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.unhide(w); });
                };
            if (functions.remove)
                h.remove = [](xyz_alert *a, xyz_end_reason r, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.remove(w, static_cast<end_reason>(r)); });
                };
            if (functions.finish)
                h.finish = [](xyz_alert *a, xyz_end_reason r, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.finish(w, static_cast<end_reason>(r)); });
                };
            if (functions.move)
                h.move = [](xyz_alert *a, double dy, double duration, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.move(w, dy, duration); });
                };
            if (functions.action)
                h.action = [](xyz_alert *a, std::size_t index, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.action(w, index); });
                };
            if (functions.request_flush)
                h.request_flush = [](xyz_dispatch *root, void *c) {
                    guarded([&] { of(c).functions.request_flush(dispatch_ref(root)); });
                };
            if (functions.announce)
                h.announce = [](xyz_alert *a, xyz_politeness p, const char *text, void *c) {
                    guarded([&] {
                        alert w = alert::borrow(a);
                        of(c).functions.announce(w, static_cast<politeness>(p), text);
                    });
                };
            if (functions.update)
                h.update = [](xyz_alert *a, void *c) {
                    guarded([&] { alert w = alert::borrow(a); of(c).functions.update(w); });
                };
            if (functions.now)
                h.now = [](void *c) {
                    // A clock that threw reads as NaN: the engine keeps its last good reading.
                    double reading = std::numeric_limits<double>::quiet_NaN();
                    guarded([&] { reading = of(c).functions.now(); });
                    return reading;
                };
            if (functions.set_timer)
                h.set_timer = [](xyz_dispatch *root, double delay, void *c) {
                    guarded([&] { of(c).functions.set_timer(dispatch_ref(root), delay); });
                };
            h.destroy_context = [](void *c) { delete static_cast<binding *>(c); };
            return h;
        }
    };

    static void destroy(xyz_dispatch *handle) noexcept {
        if (!handle) {
            return;
        }
        ++detail::depth();
        (void)xyz_dispatch_destroy(handle);
        --detail::depth();
        if (detail::depth() == 0) {
            detail::pending() = nullptr;
        }
    }
};

/* ---------------------------------------------------------------- definitions needing every class */

inline dispatch_ref alert::dispatch() const noexcept { return dispatch_ref(xyz_alert_dispatch(handle_)); }

template <class H>
callbacks host::of(H &h) {
    static_assert(!std::is_same_v<H, host>,
                  "xyz::dispatch: create it from the host's own class, not from a reference to xyz::host: whether "
                  "it overrides request_flush and now is found at compile time (xyz::callbacks suits a host chosen "
                  "at run time)");
    static_assert(std::is_base_of_v<host, H> && std::is_convertible_v<H *, host *>,
                  "xyz::host: derive publicly from xyz::host");
    static_assert(detail::names_request_flush<H>::value,
                  "xyz::host: a host's request_flush must be public and not overloaded (whether it is overridden "
                  "is found at compile time)");
    static_assert(detail::names_now<H>::value,
                  "xyz::host: a host's now must be public and not overloaded (whether it is overridden is found "
                  "at compile time)");
#if defined(__cpp_rtti) || defined(__GXX_RTTI) || defined(_CPPRTTI)
    if (typeid(h) != typeid(H)) {
        throw error(status::invalid,
                    "xyz::dispatch: the host was passed as a base class of its own class; pass it as its own class "
                    "(whether it overrides request_flush and now is found at compile time) or use xyz::callbacks");
    }
#endif
    host &base = h;
    callbacks c;
    // The event callbacks are virtual calls: they reach the dynamic type.
    c.show = [&base](alert &a, std::string_view t, void *v) { base.show(a, t, v); };
    c.hide = [&base](alert &a, hide_reason r) { base.hide(a, r); };
    c.unhide = [&base](alert &a) { base.unhide(a); };
    c.remove = [&base](alert &a, end_reason r) { base.remove(a, r); };
    c.finish = [&base](alert &a, end_reason r) { base.finish(a, r); };
    c.move = [&base](alert &a, double dy, double d) { base.move(a, dy, d); };
    c.action = [&base](alert &a, std::size_t i) { base.action(a, i); };
    c.update = [&base](alert &a) { base.update(a); };
    c.set_timer = [&base](dispatch_ref root, double delay) { base.set_timer(root, delay); };
    c.announce = [&base](alert &a, politeness p, std::string_view t) { base.announce(a, p, t); };
    // &H::f names xyz::host::f exactly when no class below xyz::host declares f.
    if constexpr (!std::is_same_v<decltype(&H::request_flush), decltype(&host::request_flush)>)
        c.request_flush = [&base](dispatch_ref root) { base.request_flush(root); };
    if constexpr (!std::is_same_v<decltype(&H::now), decltype(&host::now)>)
        c.now = [&base]() { return base.now(); };
    return c;
}

/** Why an alert is where it is (alert::why(), docs/rules.md §18). */
struct why {
    /** Why it is where it is. */
    why_code code = why_code::idle;
    /** The alert that causes it (covered by, waiting for, behind, lower
     * priority than; for id_dependency the one holding the id). */
    std::optional<alert> cause_alert;
    /** The page that causes it (empty when none). */
    dispatch_ref cause_page;
    /** The id that causes it (id_dependency). */
    std::optional<std::string> cause_id;
    /** Seconds until a timer of the engine changes it, if one runs. */
    std::optional<double> until;
    /** For why_code::finished: why it ended. */
    std::optional<xyz::end_reason> end_reason;
    /** The same reason in words (alert::explain()). */
    std::string sentence;
    /** For capped and cooling_down: the cap key ("tag:promo") and its rule. */
    std::optional<std::string> key;
    /** The rule of `key`, worded ("3 of 3 displays this session"). */
    std::optional<std::string> rule;
};

inline why alert::why() const {
    xyz_why raw = XYZ_WHY_INIT;
    detail::call([&] { return xyz_alert_why(handle_, &raw); });
    xyz::why out;
    out.code = static_cast<why_code>(raw.code);
    if (raw.alert) out.cause_alert = alert::borrow(raw.alert);
    out.cause_page = dispatch_ref(raw.page);
    if (raw.id) out.cause_id = std::string(raw.id);
    if (raw.until >= 0) out.until = raw.until;
    if (raw.code == XYZ_WHY_FINISHED) out.end_reason = static_cast<xyz::end_reason>(raw.end_reason);
    if (raw.key) out.key = std::string(raw.key);
    if (raw.rule) out.rule = std::string(raw.rule);
    out.sentence = explain();
    return out;
}

}  // namespace xyz

/** Handles hash by the engine object they refer to (as == compares them). */
namespace std {
template <>
/** Hashes an alert by its engine alert (equal wrappers, equal hashes). */
struct hash<xyz::alert> {
    /** The hash of the engine alert's handle. */
    size_t operator()(const xyz::alert &a) const noexcept { return hash<xyz_alert *>()(a.get()); }
};
template <>
/** Hashes a page reference by its page. */
struct hash<xyz::dispatch_ref> {
    /** The hash of the page's handle. */
    size_t operator()(const xyz::dispatch_ref &d) const noexcept { return hash<xyz_dispatch *>()(d.get()); }
};
template <>
/** Hashes a page by its handle. */
struct hash<xyz::dispatch> {
    /** The hash of the page's handle. */
    size_t operator()(const xyz::dispatch &d) const noexcept { return hash<xyz_dispatch *>()(d.get()); }
};
template <>
/** Hashes a history by its handle. */
struct hash<xyz::history> {
    /** The hash of the history's handle. */
    size_t operator()(const xyz::history &h) const noexcept { return hash<xyz_history *>()(h.get()); }
};
}  // namespace std

#endif /* XYZALERT_HPP */
