/*
 * xyzalert.hpp: the C++ interface of XYZAlert, header-only over xyzalert.h
 * (C++17, the standard library only). Everything is in namespace xyz.
 *
 * CONVENTIONS (on top of those of xyzalert.h)
 *
 * Ownership. xyz::alert holds one reference to an engine alert: copies share
 * it (retain), moves transfer it, the destructor releases it. xyz::dispatch
 * owns its page and destroys it on scope exit (or with close()); it is
 * move-only. xyz::catalog owns a loaded alert set; move-only. get() returns
 * the raw handle, borrowed, for calls this header does not wrap. No
 * function needs the caller to new or delete anything.
 *
 * Errors. Every wrapper whose C call fails throws xyz::error, carrying the
 * status and the engine's message (xyz_last_error()); loading throws
 * xyz::parse_error, which adds the place (source, line, column, byte
 * position, JSON pointer). As in C, a failed call changes nothing. Getters
 * never throw.
 *
 * Callbacks. A host derives from xyz::host and overrides the callbacks it
 * needs; the C struct gets NULL for the others (request_flush in particular:
 * overriding it turns on deferred mode). Or it fills an xyz::callbacks with
 * callables. An exception thrown by a callback (or an active-child provider)
 * never unwinds through the engine: it is caught at the C boundary, the
 * engine finishes the call, and the outermost wrapper call that delivered the
 * callback rethrows it (the first one, if several were thrown). Calls made
 * from inside callbacks never rethrow it; they do throw their own failures,
 * which a callback may catch (if it does not, they are handled the same way).
 * (A callback delivered by a call made through the C API directly has no
 * wrapper call to rethrow from: the next wrapper call does.) The alert
 * passed to a callback is a fresh xyz::alert sharing the engine's alert:
 * keep a copy to keep the alert.
 *
 * Threading. As in C: one domain from one thread at a time. The stored
 * exception is per thread.
 */
#ifndef XYZALERT_HPP
#define XYZALERT_HPP

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
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
    enum class period : int { session = XYZ_PER_SESSION, lifetime = XYZ_PER_LIFETIME, window = XYZ_PER_WINDOW };
    std::uint32_t count = 1;
    period per = period::session;
    /** Seconds, for period::window. */
    double window = 0;

    static limit per_session(std::uint32_t n) { return {n, period::session, 0}; }
    static limit lifetime(std::uint32_t n) { return {n, period::lifetime, 0}; }
    static limit in_window(std::uint32_t n, double seconds) { return {n, period::window, seconds}; }
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

/** The names the JSON formats use ("showing", "hide_others", ...); "unknown"
 * for a value that is not an enumerator. Static storage. */
inline std::string_view to_string(status s) { return xyz_status_name(static_cast<xyz_status>(s)); }
inline std::string_view to_string(state s) { return xyz_state_name(static_cast<xyz_state>(s)); }
inline std::string_view to_string(exclusive e) { return xyz_exclusive_name(static_cast<xyz_exclusive>(e)); }
inline std::string_view to_string(politeness p) { return xyz_politeness_name(static_cast<xyz_politeness>(p)); }
inline std::string_view to_string(on_duplicate p) { return xyz_on_duplicate_name(static_cast<xyz_on_duplicate>(p)); }
inline std::string_view to_string(hide_reason r) { return xyz_hide_reason_name(static_cast<xyz_hide_reason>(r)); }
inline std::string_view to_string(end_reason r) { return xyz_end_reason_name(static_cast<xyz_end_reason>(r)); }
inline std::string_view to_string(action_style s) { return xyz_action_style_name(static_cast<xyz_action_style>(s)); }
inline std::string_view to_string(why_code c) { return xyz_why_code_name(static_cast<xyz_why_code>(c)); }

/** A rectangle in the host's coordinates; y grows downward. */
using rect = xyz_rect;

/* ---------------------------------------------------------------- errors */

/** A failed call: the status and the engine's message. */
class error : public std::runtime_error {
public:
    error(xyz::status code, const std::string &message) : std::runtime_error(message), code_(code) {}
    xyz::status code() const noexcept { return code_; }

private:
    xyz::status code_;
};

/** A JSON document that could not be loaded, and where. */
class parse_error : public error {
public:
    explicit parse_error(const xyz_error &e)
        : error(static_cast<xyz::status>(e.status), e.message), source_(e.source), pointer_(e.pointer),
          line_(e.line), column_(e.column), position_(e.position) {}
    /** The file, or "<string>". */
    const std::string &source() const noexcept { return source_; }
    /** The JSON pointer of the offending value ("" for the root). */
    const std::string &pointer() const noexcept { return pointer_; }
    /** 1-based line and column (in characters); 0 for I/O errors. */
    int line() const noexcept { return line_; }
    int column() const noexcept { return column_; }
    /** 0-based byte offset. */
    std::size_t position() const noexcept { return position_; }

private:
    std::string source_, pointer_;
    int line_, column_;
    std::size_t position_;
};

namespace detail {

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

/** After a C call: rethrows a callback's exception if this is the outermost
 * wrapper call, else throws the call's own failure. */
inline void finish(xyz_status result) {
    if (depth() == 0 && pending()) {
        std::exception_ptr exception = std::exchange(pending(), nullptr);
        std::rethrow_exception(exception);
    }
    if (result != XYZ_OK) {
        throw error(static_cast<status>(result), xyz_last_error());
    }
}

/** Makes a C call that may deliver callbacks, then finish()es it. */
template <class F>
void call(F &&c_call) {
    ++depth();
    xyz_status result;
    try {
        result = c_call();
    } catch (...) {
        --depth();
        throw;
    }
    --depth();
    finish(result);
}

/** A C string argument: string_view is not NUL-terminated, so it is copied. */
inline std::string c_string(std::string_view text) { return std::string(text); }

inline std::optional<std::string> optional_string(const char *text) {
    return text ? std::optional<std::string>(text) : std::nullopt;
}

}  // namespace detail

/* ---------------------------------------------------------------- alerts */

/** One action button: its id, title and style. */
struct action {
    std::string id;
    std::string title;
    action_style style = action_style::default_;
    /** Choosing it delivers the action callback only: the alert stays. */
    bool keep_open = false;
};

/** One alert instance, reference counted (see Ownership). */
class alert {
public:
    /** A new idle, ready alert; an empty id makes an anonymous one. */
    explicit alert(std::string_view id = {}) : handle_(xyz_alert_create(id.empty() ? nullptr : detail::c_string(id).c_str())) {
        if (!handle_) {
            throw error(status::invalid, xyz_last_error());
        }
    }

    /** A new idle, ready alert with its priority and exclusive behaviour
     * (xyz_alert_create_with()). */
    alert(std::string_view id, std::int32_t priority, xyz::exclusive behaviour)
        : handle_(xyz_alert_create_with(id.empty() ? nullptr : detail::c_string(id).c_str(), priority,
                                        static_cast<xyz_exclusive>(behaviour))) {
        if (!handle_) {
            throw error(status::invalid, xyz_last_error());
        }
    }

    /** Takes over a +1 reference (e.g. from xyz_alert_create()). */
    static alert adopt(xyz_alert *handle) noexcept { return alert(handle, adopt_tag{}); }

    /** Shares a borrowed handle (adds a reference). */
    static alert borrow(xyz_alert *handle) noexcept { return alert(xyz_alert_retain(handle), adopt_tag{}); }

    alert(const alert &other) noexcept : handle_(xyz_alert_retain(other.handle_)) {}
    alert(alert &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    alert &operator=(alert other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~alert() { xyz_alert_release(handle_); }

    /** The raw handle, borrowed; nullptr for a moved-from alert. */
    xyz_alert *get() const noexcept { return handle_; }

    /** Whether two wrappers share one engine alert. */
    friend bool operator==(const alert &a, const alert &b) noexcept { return a.handle_ == b.handle_; }
    friend bool operator!=(const alert &a, const alert &b) noexcept { return a.handle_ != b.handle_; }

    /* identity and state */
    std::optional<std::string> id() const { return detail::optional_string(xyz_alert_id(handle_)); }
    xyz::state state() const noexcept { return static_cast<xyz::state>(xyz_alert_state(handle_)); }
    std::int32_t priority() const noexcept { return xyz_alert_priority(handle_); }
    xyz::exclusive exclusive() const noexcept { return static_cast<xyz::exclusive>(xyz_alert_exclusive(handle_)); }
    /** The dispatch of a live (or ending, inside its last callbacks) alert; borrowed. */
    xyz_dispatch *dispatch() const noexcept { return xyz_alert_dispatch(handle_); }
    /** One sentence on why the alert is in its state. */
    std::string explain() const {
        char *text = xyz_alert_explain(handle_);
        std::string out = text ? text : "";
        xyz_free(text);
        return out;
    }
    /** Why the alert is where it is, as data (xyz_alert_why()): defined below. */
    struct why why() const;

    /* set-up: idle alerts only (throws status::state otherwise); each returns *this */
    alert &set_priority(std::int32_t priority) {
        detail::finish(xyz_alert_set_priority(handle_, priority));
        return *this;
    }
    alert &set_exclusive(xyz::exclusive e) {
        detail::finish(xyz_alert_set_exclusive(handle_, static_cast<xyz_exclusive>(e)));
        return *this;
    }
    /** Wait until `dependency` finishes. */
    alert &add_dependency(const alert &dependency) {
        detail::finish(xyz_alert_add_dependency(handle_, dependency.handle_));
        return *this;
    }
    /** Wait while a live alert with this id exists in the domain. */
    alert &add_dependency(std::string_view id) {
        detail::finish(xyz_alert_add_dependency_id(handle_, detail::c_string(id).c_str()));
        return *this;
    }
    alert &set_waiting() {
        detail::finish(xyz_alert_set_waiting(handle_));
        return *this;
    }
    /** The lane it is arbitrated in (default "main"; idle only). */
    alert &set_lane(std::string_view lane) {
        detail::finish(xyz_alert_set_lane(handle_, detail::c_string(lane).c_str()));
        return *this;
    }
    std::string lane() const { return detail::optional_string(xyz_alert_lane(handle_)).value_or(""); }
    /** What an add does when the id is already live (default reject). */
    alert &set_on_duplicate(xyz::on_duplicate policy) {
        detail::finish(xyz_alert_set_on_duplicate(handle_, static_cast<xyz_on_duplicate>(policy)));
        return *this;
    }
    xyz::on_duplicate on_duplicate() const noexcept {
        return static_cast<xyz::on_duplicate>(xyz_alert_on_duplicate(handle_));
    }
    /** What happens when it would be hidden covered (idle only). */
    alert &set_when_displaced(xyz::when_displaced policy) {
        detail::finish(xyz_alert_set_when_displaced(handle_, static_cast<xyz_when_displaced>(policy)));
        return *this;
    }
    xyz::when_displaced when_displaced() const noexcept {
        return static_cast<xyz::when_displaced>(xyz_alert_when_displaced(handle_));
    }
    /** Seconds it may be showing before it ends with end_reason::timeout (0: no limit). */
    alert &set_duration(double seconds) {
        detail::finish(xyz_alert_set_duration(handle_, seconds));
        return *this;
    }
    double duration() const noexcept { return xyz_alert_duration(handle_); }
    /** Seconds from add within which it must first show, or it ends with end_reason::expired (0: no limit). */
    alert &set_ttl(double seconds) {
        detail::finish(xyz_alert_set_ttl(handle_, seconds));
        return *this;
    }
    double ttl() const noexcept { return xyz_alert_ttl(handle_); }

    /* timing for people (docs/rules.md §17) */
    alert &set_show_after(double seconds) {
        detail::finish(xyz_alert_set_show_after(handle_, seconds));
        return *this;
    }
    double show_after() const noexcept { return xyz_alert_show_after(handle_); }
    alert &set_min_visible(double seconds) {
        detail::finish(xyz_alert_set_min_visible(handle_, seconds));
        return *this;
    }
    double min_visible() const noexcept { return xyz_alert_min_visible(handle_); }
    alert &set_announce(xyz::politeness p) {
        detail::finish(xyz_alert_set_announce(handle_, static_cast<xyz_politeness>(p)));
        return *this;
    }
    xyz::politeness announce() const noexcept { return static_cast<xyz::politeness>(xyz_alert_announce(handle_)); }
    /** Holds the countdown (counted: hover, focus); unhold() undoes one. */
    void hold() {
        detail::call([&] { return xyz_alert_hold(handle_); });
    }
    void unhold() {
        detail::call([&] { return xyz_alert_unhold(handle_); });
    }

    /* caps on the alert's id (docs/rules.md §16); idle alerts only */
    alert &add_limit(const xyz::limit &l) {
        detail::finish(xyz_alert_add_limit(handle_, l.count, static_cast<xyz_limit_per>(l.per), l.window));
        return *this;
    }
    std::vector<xyz::limit> limits() const {
        std::vector<xyz::limit> out;
        for (std::size_t i = 0; i < xyz_alert_limit_count(handle_); i++) {
            xyz_limit_per per = XYZ_PER_SESSION;
            xyz::limit l;
            detail::finish(xyz_alert_limit(handle_, i, &l.count, &per, &l.window));
            l.per = static_cast<xyz::limit::period>(per);
            out.push_back(l);
        }
        return out;
    }
    alert &set_cooldown(double seconds) {
        detail::finish(xyz_alert_set_cooldown(handle_, seconds));
        return *this;
    }
    double cooldown() const noexcept { return xyz_alert_cooldown(handle_); }
    alert &clear_caps() {
        detail::finish(xyz_alert_clear_caps(handle_));
        return *this;
    }
    alert &set_on_capped(xyz::on_capped policy) {
        detail::finish(xyz_alert_set_on_capped(handle_, static_cast<xyz_on_capped>(policy)));
        return *this;
    }
    xyz::on_capped on_capped() const noexcept { return static_cast<xyz::on_capped>(xyz_alert_on_capped(handle_)); }
    /** Adds a tag, for dispatch::cancel_tagged() (until finished). */
    alert &add_tag(std::string_view tag) {
        detail::finish(xyz_alert_add_tag(handle_, detail::c_string(tag).c_str()));
        return *this;
    }
    std::vector<std::string> tags() const {
        std::vector<std::string> out;
        for (std::size_t i = 0, n = xyz_alert_tag_count(handle_); i < n; i++) out.emplace_back(xyz_alert_tag(handle_, i));
        return out;
    }
    bool has_tag(std::string_view tag) const { return xyz_alert_has_tag(handle_, detail::c_string(tag).c_str()); }

    /* content: until finished */
    alert &set_target(std::string_view name) {
        detail::finish(xyz_alert_set_target(handle_, detail::c_string(name).c_str()));
        return *this;
    }
    std::string target() const { return detail::optional_string(xyz_alert_target(handle_)).value_or(""); }
    alert &set_style(std::string_view style) {
        detail::finish(xyz_alert_set_style(handle_, detail::c_string(style).c_str()));
        return *this;
    }
    std::string style() const { return detail::optional_string(xyz_alert_style(handle_)).value_or(""); }
    alert &set_title(std::optional<std::string_view> title) {
        detail::finish(xyz_alert_set_title(handle_, title ? detail::c_string(*title).c_str() : nullptr));
        return *this;
    }
    std::optional<std::string> title() const { return detail::optional_string(xyz_alert_title(handle_)); }
    alert &set_message(std::optional<std::string_view> message) {
        detail::finish(xyz_alert_set_message(handle_, message ? detail::c_string(*message).c_str() : nullptr));
        return *this;
    }
    std::optional<std::string> message() const { return detail::optional_string(xyz_alert_message(handle_)); }
    /** JSON object text, kept verbatim (throws status::invalid for anything else). */
    alert &set_meta(std::optional<std::string_view> json) {
        detail::finish(xyz_alert_set_meta(handle_, json ? detail::c_string(*json).c_str() : nullptr));
        return *this;
    }
    std::optional<std::string> meta() const { return detail::optional_string(xyz_alert_meta(handle_)); }
    alert &add_action(std::string_view id, std::string_view title, action_style style = action_style::default_,
                      bool keep_open = false) {
        detail::finish(xyz_alert_add_action_flags(handle_, detail::c_string(id).c_str(), detail::c_string(title).c_str(),
                                                  static_cast<xyz_action_style>(style),
                                                  keep_open ? XYZ_ACTION_KEEP_OPEN : 0u));
        return *this;
    }
    alert &add_action(const xyz::action &a) { return add_action(a.id, a.title, a.style, a.keep_open); }
    std::vector<xyz::action> actions() const {
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
    alert &set_keyboard_avoidance(bool enabled, double adjust = 0) {
        detail::call([&] { return xyz_alert_set_keyboard_avoidance(handle_, enabled, adjust); });
        return *this;
    }

    /* scheduling: these may deliver callbacks */
    void set_ready() {
        detail::call([&] { return xyz_alert_set_ready(handle_); });
    }
    void dismiss() {
        detail::call([&] { return xyz_alert_dismiss(handle_); });
    }
    void cancel() {
        detail::call([&] { return xyz_alert_cancel(handle_); });
    }
    void trigger_action(std::size_t index) {
        detail::call([&] { return xyz_alert_trigger_action(handle_, index); });
    }

private:
    struct adopt_tag {};
    alert(xyz_alert *handle, adopt_tag) noexcept : handle_(handle) {}
    xyz_alert *handle_;
};

/** Why an alert is where it is (alert::why(), docs/rules.md §18). */
struct why {
    why_code code = why_code::idle;
    /** The alert that causes it (covered by, waiting for, behind, lower
     * priority than; for id_dependency the one holding the id). */
    std::optional<alert> cause_alert;
    /** The page that causes it (borrowed, as alert::dispatch()). */
    xyz_dispatch *cause_page = nullptr;
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
    std::optional<std::string> rule;
};

inline why alert::why() const {
    xyz_why raw = XYZ_WHY_INIT;
    detail::finish(xyz_alert_why(handle_, &raw));
    xyz::why out;
    out.code = static_cast<why_code>(raw.code);
    if (raw.alert) out.cause_alert = alert::borrow(raw.alert);
    out.cause_page = raw.page;
    if (raw.id) out.cause_id = std::string(raw.id);
    if (raw.until >= 0) out.until = raw.until;
    if (raw.code == XYZ_WHY_FINISHED) out.end_reason = static_cast<xyz::end_reason>(raw.end_reason);
    if (raw.key) out.key = std::string(raw.key);
    if (raw.rule) out.rule = std::string(raw.rule);
    out.sentence = explain();
    return out;
}

/* ---------------------------------------------------------------- hosts */

class dispatch;

/** What the engine asks of the host, as callables; leave empty what you do
 * not need (an empty request_flush keeps the dispatch in immediate mode). */
struct callbacks {
    std::function<void(alert &, std::string_view target, void *view)> show;
    std::function<void(alert &, hide_reason)> hide;
    std::function<void(alert &)> unhide;
    std::function<void(alert &, end_reason)> remove;
    std::function<void(alert &, end_reason)> finish;
    std::function<void(alert &, double dy, double duration)> move;
    std::function<void(alert &, std::size_t index)> action;
    /** Deferred mode: call flush() on `root` (a borrowed handle) from the main loop. */
    std::function<void(xyz_dispatch *root)> request_flush;
    /** The content of an on-screen alert was set: redraw it. */
    std::function<void(alert &)> update;
    /** The host's monotonic clock in seconds (empty: the system's). It must not call the engine. */
    std::function<double()> now;
    /** Call xyz_dispatch_tick(root) once, `delay` seconds from now; a negative delay cancels. */
    std::function<void(xyz_dispatch *root, double delay)> set_timer;
    /** What a screen reader should say (docs/rules.md §17). */
    std::function<void(alert &, politeness, std::string_view text)> announce;
};

/**
 * What the engine asks of the host, as virtual functions: override the ones
 * you need. Which ones a class overrides is found at compile time when the
 * dispatch is created from it, and only those are installed. The host must
 * outlive the dispatches created from it.
 */
class host {
public:
    virtual ~host() = default;
    virtual void show(alert &, std::string_view /*target*/, void * /*view*/) {}
    virtual void hide(alert &, hide_reason) {}
    virtual void unhide(alert &) {}
    virtual void remove(alert &, end_reason) {}
    virtual void finish(alert &, end_reason) {}
    virtual void move(alert &, double /*dy*/, double /*duration*/) {}
    virtual void action(alert &, std::size_t /*index*/) {}
    virtual void request_flush(xyz_dispatch * /*root*/) {}
    virtual void update(alert &) {}
    /** Only installed when overridden; the engine then never reads the system clock. */
    virtual double now() { return 0; }
    virtual void set_timer(xyz_dispatch * /*root*/, double /*delay*/) {}
    virtual void announce(alert &, politeness, std::string_view /*text*/) {}

    /** The callbacks of a host of class H that H (or a base between H and
     * xyz::host) overrides. */
    template <class H>
    static callbacks of(H &h) {
        static_assert(std::is_base_of_v<host, H>, "H must derive from xyz::host");
        host &base = h;
        callbacks c;
        // &H::f names xyz::host::f exactly when no class below xyz::host declares f.
        if constexpr (!std::is_same_v<decltype(&H::show), decltype(&host::show)>)
            c.show = [&base](alert &a, std::string_view t, void *v) { base.show(a, t, v); };
        if constexpr (!std::is_same_v<decltype(&H::hide), decltype(&host::hide)>)
            c.hide = [&base](alert &a, hide_reason r) { base.hide(a, r); };
        if constexpr (!std::is_same_v<decltype(&H::unhide), decltype(&host::unhide)>)
            c.unhide = [&base](alert &a) { base.unhide(a); };
        if constexpr (!std::is_same_v<decltype(&H::remove), decltype(&host::remove)>)
            c.remove = [&base](alert &a, end_reason r) { base.remove(a, r); };
        if constexpr (!std::is_same_v<decltype(&H::finish), decltype(&host::finish)>)
            c.finish = [&base](alert &a, end_reason r) { base.finish(a, r); };
        if constexpr (!std::is_same_v<decltype(&H::move), decltype(&host::move)>)
            c.move = [&base](alert &a, double dy, double d) { base.move(a, dy, d); };
        if constexpr (!std::is_same_v<decltype(&H::action), decltype(&host::action)>)
            c.action = [&base](alert &a, std::size_t i) { base.action(a, i); };
        if constexpr (!std::is_same_v<decltype(&H::request_flush), decltype(&host::request_flush)>)
            c.request_flush = [&base](xyz_dispatch *root) { base.request_flush(root); };
        if constexpr (!std::is_same_v<decltype(&H::update), decltype(&host::update)>)
            c.update = [&base](alert &a) { base.update(a); };
        if constexpr (!std::is_same_v<decltype(&H::now), decltype(&host::now)>)
            c.now = [&base]() { return base.now(); };
        if constexpr (!std::is_same_v<decltype(&H::set_timer), decltype(&host::set_timer)>)
            c.set_timer = [&base](xyz_dispatch *root, double delay) { base.set_timer(root, delay); };
        if constexpr (!std::is_same_v<decltype(&H::announce), decltype(&host::announce)>)
            c.announce = [&base](alert &a, politeness p, std::string_view t) { base.announce(a, p, t); };
        return c;
    }
};

namespace detail {

/** The C host of a dispatch: trampolines into the callables, which live in
 * the context the engine destroys with the dispatch. */
struct binding {
    callbacks functions;

    static binding &of(void *context) { return *static_cast<binding *>(context); }

    xyz_host c_host() {
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
                guarded([&] { of(c).functions.request_flush(root); });
            };
        if (functions.announce)
            h.announce = [](xyz_alert *a, xyz_politeness p, const char *text, void *c) {
                guarded([&] { alert w = alert::borrow(a); of(c).functions.announce(w, static_cast<politeness>(p), text); });
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
                guarded([&] { of(c).functions.set_timer(root, delay); });
            };
        h.destroy_context = [](void *c) { delete static_cast<binding *>(c); };
        return h;
    }
};

}  // namespace detail

/* ---------------------------------------------------------------- history */

/** A display history (xyz_history, docs/rules.md §16), reference counted:
 * copies share it. The clock gives wall-clock seconds since the Unix epoch
 * (empty: the system's); the engine keeps it as long as the history lives,
 * which may be longer than every copy here (a dispatch keeps its history). */
class history {
public:
    history() : handle_(xyz_history_create(nullptr, nullptr, nullptr)) {}
    explicit history(std::function<double()> clock) {
        auto *owned = new std::function<double()>(std::move(clock));
        handle_ = xyz_history_create(&read, owned, &destroy);
    }
    /** Shares a borrowed handle (adds a reference). */
    static history borrow(xyz_history *handle) { return history(xyz_history_retain(handle)); }

    history(const history &other) noexcept : handle_(xyz_history_retain(other.handle_)) {}
    history(history &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    history &operator=(history other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~history() { xyz_history_release(handle_); }

    xyz_history *get() const noexcept { return handle_; }
    std::int64_t session() const noexcept { return xyz_history_session(handle_); }

    /* these may deliver callbacks (alerts a cap held may show) */
    void begin_session() {
        detail::call([&] { return xyz_history_begin_session(handle_); });
    }
    void set_limit(std::string_view key, const xyz::limit &l) {
        detail::call([&] {
            return xyz_history_set_limit(handle_, detail::c_string(key).c_str(), l.count,
                                         static_cast<xyz_limit_per>(l.per), l.window);
        });
    }
    void set_cooldown(std::string_view key, double seconds) {
        detail::call([&] { return xyz_history_set_cooldown(handle_, detail::c_string(key).c_str(), seconds); });
    }
    /** Removes the caps on `key`; std::nullopt: on every key. */
    void clear_caps(std::optional<std::string_view> key) {
        detail::call([&] {
            return xyz_history_clear_caps(handle_, key ? detail::c_string(*key).c_str() : nullptr);
        });
    }
    /** The persistence format (docs/formats.md, "History"). */
    std::string json() const { return detail::take_string(xyz_history_json(handle_), status::invalid); }
    /** Replaces the counts with a saved history's; throws parse_error
     * (nothing changed) or error. */
    void load_json(std::string_view text) {
        xyz_error e{};
        load([&] { return xyz_history_load_json(handle_, text.data(), text.size(), &e); }, e);
    }
    void load_file(const std::string &path) {
        xyz_error e{};
        load([&] { return xyz_history_load_file(handle_, path.c_str(), &e); }, e);
    }

private:
    explicit history(xyz_history *handle) noexcept : handle_(handle) {}
    static double read(void *context) {
        try {
            return (*static_cast<std::function<double()> *>(context))();
        } catch (...) {
            return std::numeric_limits<double>::quiet_NaN();  // the last good reading stands
        }
    }
    static void destroy(void *context) { delete static_cast<std::function<double()> *>(context); }
    template <class F>
    void load(F &&c_call, const xyz_error &e) {
        ++detail::depth();
        xyz_status result = c_call();
        --detail::depth();
        if (result != XYZ_OK && e.status != XYZ_OK && e.status != XYZ_EINVAL) {
            throw parse_error(e);
        }
        detail::finish(result);
    }
    xyz_history *handle_;
};

/* ---------------------------------------------------------------- catalogs */

/** A loaded alert set; create alerts from it by id. Move-only. */
class catalog {
public:
    /** Loads and validates a file; throws parse_error (or error for a bad argument). */
    static catalog load_file(const std::string &path) {
        xyz_error e;
        return catalog(check(xyz_catalog_load_file(path.c_str(), &e), e));
    }
    /** Loads JSON text (the source is "<string>"). */
    static catalog load_string(std::string_view json) {
        xyz_error e;
        return catalog(check(xyz_catalog_load_string(json.data(), json.size(), &e), e));
    }

    catalog(catalog &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    catalog &operator=(catalog &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    catalog(const catalog &) = delete;
    catalog &operator=(const catalog &) = delete;
    ~catalog() { xyz_catalog_free(handle_); }

    xyz_catalog *get() const noexcept { return handle_; }
    std::size_t size() const noexcept { return xyz_catalog_count(handle_); }
    /** The ids, in file order. */
    std::vector<std::string> ids() const {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < size(); i++) {
            out.emplace_back(xyz_definition_id(xyz_catalog_definition(handle_, i)));
        }
        return out;
    }
    bool contains(std::string_view id) const { return xyz_catalog_find(handle_, detail::c_string(id).c_str()); }
    /** Sets the caps of the file's "caps" member on `h`, key by key. */
    void apply_caps(const history &h) const {
        detail::call([&] { return xyz_catalog_apply_caps(handle_, h.get()); });
    }
    /** A fresh instance of definition `id` (throws status::not_found). */
    alert create_alert(std::string_view id) const {
        xyz_alert *made = xyz_catalog_create_alert(handle_, detail::c_string(id).c_str());
        if (!made) {
            throw error(status::not_found, xyz_last_error());
        }
        return alert::adopt(made);
    }

private:
    explicit catalog(xyz_catalog *handle) noexcept : handle_(handle) {}
    static xyz_catalog *check(xyz_catalog *loaded, const xyz_error &e) {
        if (!loaded) {
            if (e.status == XYZ_EINVAL) {
                throw error(status::invalid, e.message);
            }
            throw parse_error(e);
        }
        return loaded;
    }
    xyz_catalog *handle_;
};

/* ---------------------------------------------------------------- dispatches */

/** The scheduler of one page; owns it (see Ownership). Move-only. */
class dispatch {
public:
    /** A page with these callbacks (none by default), not yet visible. */
    explicit dispatch(callbacks functions = {}, void *page_view = nullptr) {
        auto *bound = new detail::binding{std::move(functions)};
        xyz_host c = bound->c_host();
        handle_ = xyz_dispatch_create(&c, page_view);
        if (!handle_) {
            delete bound;  // a refused host's context stays ours
            throw error(status::invalid, xyz_last_error());
        }
    }
    /** A page whose callbacks are the ones `h` overrides; `h` must outlive it. */
    template <class H, class = std::enable_if_t<std::is_base_of_v<host, H>>>
    explicit dispatch(H &h, void *page_view = nullptr) : dispatch(host::of(h), page_view) {}

    dispatch(dispatch &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    dispatch &operator=(dispatch &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    dispatch(const dispatch &) = delete;
    dispatch &operator=(const dispatch &) = delete;

    /** Destroys the page (its live alerts end destroyed, the host sees every
     * event). An exception a callback throws then is dropped: a destructor
     * cannot throw. Call close() to receive it. */
    ~dispatch() {
        if (handle_) {
            ++detail::depth();
            xyz_dispatch_destroy(std::exchange(handle_, nullptr));
            --detail::depth();
            if (detail::depth() == 0) {
                detail::pending() = nullptr;
            }
        }
    }

    /** Destroys the page now, rethrowing what a callback threw. Closing twice does nothing. */
    void close() {
        if (handle_) {
            xyz_dispatch *h = std::exchange(handle_, nullptr);
            detail::call([&] { return xyz_dispatch_destroy(h); });
        }
    }

    xyz_dispatch *get() const noexcept { return handle_; }

    void set_name(std::string_view name) { detail::finish(xyz_dispatch_set_name(handle_, detail::c_string(name).c_str())); }
    std::string name() const { return detail::optional_string(xyz_dispatch_name(handle_)).value_or(""); }

    void page_did_appear() {
        detail::call([&] { return xyz_dispatch_page_did_appear(handle_); });
    }
    void page_will_disappear() {
        detail::call([&] { return xyz_dispatch_page_will_disappear(handle_); });
    }

    /** Adds alerts at once, all or none; the dispatch keeps its own references. */
    void add(const std::vector<alert> &alerts) {
        std::vector<xyz_alert *> handles;
        handles.reserve(alerts.size());
        for (const alert &a : alerts) {
            handles.push_back(a.get());
        }
        detail::call([&] { return xyz_dispatch_add(handle_, handles.data(), handles.size()); });
    }
    void add(std::initializer_list<alert> alerts) { add(std::vector<alert>(alerts)); }
    void add(const alert &a) {
        xyz_alert *one = a.get();
        detail::call([&] { return xyz_dispatch_add(handle_, &one, 1); });
    }
    /** A fresh instance of every definition, at once. */
    void add(const catalog &c) {
        detail::call([&] { return xyz_dispatch_add_catalog(handle_, c.get()); });
    }

    /** Makes this page a child of `parent` (joining their domains). */
    void set_parent(const dispatch &parent) {
        detail::call([&] { return xyz_dispatch_set_parent(handle_, parent.handle_); });
    }
    /** Makes this page a root again. */
    void detach() {
        detail::call([&] { return xyz_dispatch_set_parent(handle_, nullptr); });
    }
    /** The parent page's handle (borrowed), or nullptr. */
    xyz_dispatch *parent() const noexcept { return xyz_dispatch_parent(handle_); }

    /** Makes `child` the only active child; nullptr makes every child active. */
    void set_active_child(const dispatch *child) {
        detail::call([&] { return xyz_dispatch_set_active_child(handle_, child ? child->handle_ : nullptr); });
    }
    /** Asks `provider` for the active child at every pass (an empty function
     * removes it). It gets and returns borrowed handles; nullptr selects no
     * child. It must not change the schedule. */
    void set_active_child_provider(std::function<xyz_dispatch *(xyz_dispatch *parent)> provider) {
        if (!provider) {
            detail::call([&] { return xyz_dispatch_set_active_child_provider(handle_, nullptr, nullptr, nullptr); });
            return;
        }
        using function = std::function<xyz_dispatch *(xyz_dispatch *)>;
        auto *kept = new function(std::move(provider));
        ++detail::depth();
        xyz_status result = xyz_dispatch_set_active_child_provider(
            handle_,
            [](xyz_dispatch *parent, void *context) -> xyz_dispatch * {
                xyz_dispatch *child = nullptr;
                detail::guarded([&] { child = (*static_cast<function *>(context))(parent); });
                return child;
            },
            kept, [](void *context) { delete static_cast<function *>(context); });
        --detail::depth();
        if (result != XYZ_OK && xyz_dispatch_active_child_context(handle_) != kept) {
            delete kept;  // refused: the context stayed ours
        }
        detail::finish(result);
    }

    /** Registers `view` under `name` for this page and its descendants (nullptr removes it). */
    void set_target(std::string_view name, void *view) {
        detail::finish(xyz_dispatch_set_target(handle_, detail::c_string(name).c_str(), view));
    }
    /** The keyboard frame (a height of 0 or less: hidden). */
    void keyboard_changed(rect keyboard, double duration = 0) {
        detail::call([&] { return xyz_dispatch_keyboard_changed(handle_, keyboard, duration); });
    }
    /** Runs the domain's passes now. */
    void flush() {
        detail::call([&] { return xyz_dispatch_flush(handle_); });
    }
    /** Cancels the domain's live alerts carrying `tag` (nothing: all of them); returns how many ended. */
    std::size_t cancel_tagged(std::optional<std::string_view> tag = std::nullopt) {
        std::size_t count = 0;
        std::optional<std::string> copy = tag ? std::optional<std::string>(std::string(*tag)) : std::nullopt;
        detail::call([&] { return xyz_dispatch_cancel_tagged(handle_, copy ? copy->c_str() : nullptr, &count); });
        return count;
    }
    /** At most `n` queued alerts (0: no limit); beyond it the lowest-ranked ends dropped. */
    /* timing for people (docs/rules.md §17): a root's */
    void hold_timers() {
        detail::call([&] { return xyz_dispatch_hold_timers(handle_); });
    }
    void unhold_timers() {
        detail::call([&] { return xyz_dispatch_unhold_timers(handle_); });
    }
    /** INFINITY: never time out. */
    void set_duration_scale(double scale) {
        detail::call([&] { return xyz_dispatch_set_duration_scale(handle_, scale); });
    }
    double duration_scale() const noexcept { return xyz_dispatch_duration_scale(handle_); }
    void set_gap(std::string_view lane, double seconds) {
        detail::call([&] { return xyz_dispatch_set_gap(handle_, detail::c_string(lane).c_str(), seconds); });
    }
    double gap(std::string_view lane) const { return xyz_dispatch_gap(handle_, detail::c_string(lane).c_str()); }

    /* stacks and dialog-manager controls (docs/rules.md §19) */
    /** Cancels the domain's queued alerts (not on screen) carrying `tag` (nothing: all); returns how many ended. */
    std::size_t cancel_queued(std::optional<std::string_view> tag = std::nullopt) {
        std::size_t count = 0;
        std::optional<std::string> copy = tag ? std::optional<std::string>(std::string(*tag)) : std::nullopt;
        detail::call([&] { return xyz_dispatch_cancel_queued(handle_, copy ? copy->c_str() : nullptr, &count); });
        return count;
    }
    /** A root's: up to `visible` alerts of `lane` at once; what a full lane does. */
    void set_lane_limit(std::string_view lane, std::size_t visible, xyz::on_full when_full = xyz::on_full::queue) {
        detail::call([&] {
            return xyz_dispatch_set_lane_limit(handle_, detail::c_string(lane).c_str(), visible,
                                               static_cast<xyz_on_full>(when_full));
        });
    }
    /** The visible limit of `lane` in this domain and what a full lane does. */
    std::pair<std::size_t, xyz::on_full> lane_limit(std::string_view lane) const {
        xyz_on_full when_full = XYZ_ON_FULL_QUEUE;
        std::size_t visible = xyz_dispatch_lane_limit(handle_, detail::c_string(lane).c_str(), &when_full);
        return {visible, static_cast<xyz::on_full>(when_full)};
    }
    /** The tie-break among equal priorities, for alerts added from then on. */
    void set_order(xyz::order o) {
        detail::call([&] { return xyz_dispatch_set_order(handle_, static_cast<xyz_order>(o)); });
    }
    xyz::order order() const noexcept { return static_cast<xyz::order>(xyz_dispatch_order(handle_)); }

    /** Attaches a display history to this root's domain (docs/rules.md
     * §16); the engine keeps a reference. std::nullopt detaches. */
    void set_history(const std::optional<xyz::history> &h) {
        detail::call([&] { return xyz_dispatch_set_history(handle_, h ? h->get() : nullptr); });
    }
    std::optional<xyz::history> history() const {
        xyz_history *h = xyz_dispatch_history(handle_);
        return h ? std::optional<xyz::history>(xyz::history::borrow(h)) : std::nullopt;
    }
    void set_capacity(std::size_t n) {
        detail::call([&] { return xyz_dispatch_set_capacity(handle_, n); });
    }
    std::size_t capacity() const noexcept { return xyz_dispatch_capacity(handle_); }
    /** Holds back this page's and its descendants' candidates until the matching resume() (counted). */
    void suspend() { detail::finish(xyz_dispatch_suspend(handle_)); }
    /** Undoes one suspend(); the last one runs a pass. */
    void resume() {
        detail::call([&] { return xyz_dispatch_resume(handle_); });
    }
    bool is_suspended() const noexcept { return xyz_dispatch_is_suspended(handle_); }
    /** Ends the domain's alerts whose timer is due (timeout, expired), then a pass. */
    void tick() {
        detail::call([&] { return xyz_dispatch_tick(handle_); });
    }
    /** Seconds until the domain's next deadline (0 when due), or nothing when no timer runs. */
    std::optional<double> next_deadline() const {
        double seconds = xyz_dispatch_next_deadline(handle_);
        return seconds < 0 ? std::nullopt : std::optional<double>(seconds);
    }
    /** The live alert of this page with this id. */
    std::optional<alert> find(std::string_view id) const {
        xyz_alert *found = xyz_dispatch_find(handle_, detail::c_string(id).c_str());
        return found ? std::optional<alert>(alert::borrow(found)) : std::nullopt;
    }
    /** The domain as JSON (see xyz_dispatch_snapshot_json()). */
    std::string snapshot_json() const {
        return detail::take_string(xyz_dispatch_snapshot_json(handle_), status::invalid);
    }
    /** Records this page's domain from now on (see xyz_dispatch_start_recording()). */
    void start_recording() {
        detail::call([&] { return xyz_dispatch_start_recording(handle_); });
    }
    /** Stops the recording started here; it stays readable. */
    void stop_recording() {
        detail::call([&] { return xyz_dispatch_stop_recording(handle_); });
    }
    /** The recording started here as scenario JSON (see
     * xyz_dispatch_recording_json()); throws status::state when there is
     * none, or when it cannot replay what happened. */
    std::string recording_json() const {
        return detail::take_string(xyz_dispatch_recording_json(handle_), status::state);
    }

private:
    xyz_dispatch *handle_ = nullptr;
};

}  // namespace xyz

#endif /* XYZALERT_HPP */
