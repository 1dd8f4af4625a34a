/* xyzalert/enums.hpp: the enumerations, rect, versions and the keyboard formula. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_ENUMS_HPP
#define XYZALERT_ENUMS_HPP

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

#include "../xyzalert.h"

namespace xyz {

/* ---------------------------------------------------------------- enums */

/* BEGIN GENERATED enums (scripts/interface: edit its tables, not this region) */
/** The result of every function that can fail (xyz_status). */
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

/** An alert's life: created idle, added waiting or ready, on screen (showing
 * or hidden), finished (docs/rules.md §2) (xyz_state). */
enum class state : int {
    idle = XYZ_STATE_IDLE,
    waiting = XYZ_STATE_WAITING,
    ready = XYZ_STATE_READY,
    showing = XYZ_STATE_SHOWING,
    hidden = XYZ_STATE_HIDDEN,
    finished = XYZ_STATE_FINISHED,
};

/** How an alert treats the alerts already on screen (docs/rules.md §3) (xyz_exclusive). */
enum class exclusive : int {
    wait = XYZ_EXCLUSIVE_WAIT,
    cover = XYZ_EXCLUSIVE_COVER,
    hide_others = XYZ_EXCLUSIVE_HIDE_OTHERS,
};

/** Why an on-screen alert is hidden (xyz_hide_reason). */
enum class hide_reason : int {
    page = XYZ_HIDE_PAGE,
    covered = XYZ_HIDE_COVERED,
};

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
    ineligible = XYZ_END_INELIGIBLE,
    outside_window = XYZ_END_OUTSIDE_WINDOW,
    control = XYZ_END_CONTROL,
    withdrawn = XYZ_END_WITHDRAWN,
};

/** What adding does with an alert whose id is already live in the domain
 * (docs/rules.md §13) (xyz_on_duplicate). */
enum class on_duplicate : int {
    reject = XYZ_ON_DUPLICATE_REJECT,
    ignore = XYZ_ON_DUPLICATE_IGNORE,
    replace = XYZ_ON_DUPLICATE_REPLACE,
    update = XYZ_ON_DUPLICATE_UPDATE,
    coalesce = XYZ_ON_DUPLICATE_COALESCE,
};

/** What happens to an on-screen alert that would be hidden covered
 * (docs/rules.md §19) (xyz_when_displaced). */
enum class when_displaced : int {
    restore = XYZ_WHEN_DISPLACED_RESTORE,
    drop = XYZ_WHEN_DISPLACED_DROP,
};

/** Which on-screen alerts a cover or hide_others alert shows over
 * (docs/rules.md §19) (xyz_preempt). */
enum class preempt : int {
    lower = XYZ_PREEMPT_LOWER,
    equal = XYZ_PREEMPT_EQUAL,
};

/** What a full lane does with a wait candidate (docs/rules.md §19) (xyz_on_full). */
enum class on_full : int {
    queue = XYZ_ON_FULL_QUEUE,
    evict_oldest = XYZ_ON_FULL_EVICT_OLDEST,
};

/** Among candidates of equal priority, which shows first (docs/rules.md §19) (xyz_order). */
enum class order : int {
    fifo = XYZ_ORDER_FIFO,
    lifo = XYZ_ORDER_LIFO,
};

/** How a screen reader should say an alert (docs/rules.md §17) (xyz_politeness). */
enum class politeness : int {
    polite = XYZ_ANNOUNCE_POLITE,
    assertive = XYZ_ANNOUNCE_ASSERTIVE,
    off = XYZ_ANNOUNCE_OFF,
};

/** What a capped alert does (docs/rules.md §16) (xyz_on_capped). */
enum class on_capped : int {
    drop = XYZ_ON_CAPPED_DROP,
    wait = XYZ_ON_CAPPED_WAIT,
};

/** What a limit counts displays over (docs/rules.md §16) (xyz_limit_per). */
enum class limit_per : int {
    session = XYZ_PER_SESSION,
    lifetime = XYZ_PER_LIFETIME,
    window = XYZ_PER_WINDOW,
    day = XYZ_PER_DAY,
    week = XYZ_PER_WEEK,
};

/** What an alert does when it would be selected outside its windows
 * or inside an exclude (docs/rules.md §22) (xyz_on_outside). */
enum class on_outside : int {
    wait = XYZ_ON_OUTSIDE_WAIT,
    drop = XYZ_ON_OUTSIDE_DROP,
};

/** How an action button wants to be drawn (xyz_action_style). */
enum class action_style : int {
    default_ = XYZ_ACTION_DEFAULT,
    cancel = XYZ_ACTION_CANCEL,
    destructive = XYZ_ACTION_DESTRUCTIVE,
};

/** Why an alert is where it is (xyz_alert_why()): a stable code, the
 * first cause that applies in the order of the scheduling rules
 * (docs/rules.md §18 has each code's meaning, an example and the order).
 * Codes only ever gain values at the end (xyz_why_code). */
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
    held = XYZ_WHY_HELD,
    trigger_delay = XYZ_WHY_TRIGGER_DELAY,
    outside_window = XYZ_WHY_OUTSIDE_WINDOW,
};

/** What a campaign callback reports (docs/rules.md §21) (xyz_campaign_event). */
enum class campaign_event : int {
    trigger = XYZ_CAMPAIGN_TRIGGER,
    skip = XYZ_CAMPAIGN_SKIP,
    control = XYZ_CAMPAIGN_CONTROL,
    miss = XYZ_CAMPAIGN_MISS,
};

/** What the last event a campaign's triggers named did (xyz_dispatch_campaign_why(),
 * docs/rules.md §21): fired, or the stable code of why it made no instance.
 * Codes only ever gain values at the end (xyz_campaign_why_code). */
enum class campaign_why_code : int {
    untracked = XYZ_CAMPAIGN_WHY_UNTRACKED,
    fired = XYZ_CAMPAIGN_WHY_FIRED,
    where = XYZ_CAMPAIGN_WHY_WHERE,
    count = XYZ_CAMPAIGN_WHY_COUNT,
    not_started = XYZ_CAMPAIGN_WHY_NOT_STARTED,
    ended = XYZ_CAMPAIGN_WHY_ENDED,
    audience = XYZ_CAMPAIGN_WHY_AUDIENCE,
    no_user = XYZ_CAMPAIGN_WHY_NO_USER,
    no_page = XYZ_CAMPAIGN_WHY_NO_PAGE,
};

/** Something a host set up that works other than it likely meant, noted once per domain
 * and never printed (xyz_dispatch_diagnostics(), docs/rules.md §16) (xyz_diagnostic). */
enum class diagnostic : int {
    caps_without_history = XYZ_DIAGNOSTIC_CAPS_WITHOUT_HISTORY,
    windows_without_history = XYZ_DIAGNOSTIC_WINDOWS_WITHOUT_HISTORY,
};

/** @{ */
/** The word of each value, as the JSON formats write it ("showing",
 * "hide_others", ...); "unknown" for a value that is not an enumerator.
 * Static storage. A status has no JSON word: its enumerator's name here
 * ("ok", "not_found", ...); xyz_status_name() gives the C name. */
inline std::string_view to_string(status v) {
    switch (v) {
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
inline std::string_view to_string(state v) { return xyz_state_name(static_cast<xyz_state>(v)); }
inline std::string_view to_string(exclusive v) { return xyz_exclusive_name(static_cast<xyz_exclusive>(v)); }
inline std::string_view to_string(hide_reason v) { return xyz_hide_reason_name(static_cast<xyz_hide_reason>(v)); }
inline std::string_view to_string(end_reason v) { return xyz_end_reason_name(static_cast<xyz_end_reason>(v)); }
inline std::string_view to_string(on_duplicate v) { return xyz_on_duplicate_name(static_cast<xyz_on_duplicate>(v)); }
inline std::string_view to_string(when_displaced v) { return xyz_when_displaced_name(static_cast<xyz_when_displaced>(v)); }
inline std::string_view to_string(preempt v) { return xyz_preempt_name(static_cast<xyz_preempt>(v)); }
inline std::string_view to_string(on_full v) { return xyz_on_full_name(static_cast<xyz_on_full>(v)); }
inline std::string_view to_string(order v) { return xyz_order_name(static_cast<xyz_order>(v)); }
inline std::string_view to_string(politeness v) { return xyz_politeness_name(static_cast<xyz_politeness>(v)); }
inline std::string_view to_string(on_capped v) { return xyz_on_capped_name(static_cast<xyz_on_capped>(v)); }
inline std::string_view to_string(limit_per v) { return xyz_limit_per_name(static_cast<xyz_limit_per>(v)); }
inline std::string_view to_string(on_outside v) { return xyz_on_outside_name(static_cast<xyz_on_outside>(v)); }
inline std::string_view to_string(action_style v) { return xyz_action_style_name(static_cast<xyz_action_style>(v)); }
inline std::string_view to_string(why_code v) { return xyz_why_code_name(static_cast<xyz_why_code>(v)); }
inline std::string_view to_string(campaign_event v) { return xyz_campaign_event_name(static_cast<xyz_campaign_event>(v)); }
inline std::string_view to_string(campaign_why_code v) { return xyz_campaign_why_code_name(static_cast<xyz_campaign_why_code>(v)); }
inline std::string_view to_string(diagnostic v) { return xyz_diagnostic_name(static_cast<xyz_diagnostic>(v)); }
/** @} */

/** The enumerator whose word is `word` (what to_string() gives; the JSON
 * formats' word), or nullopt: `xyz::from_string<xyz::exclusive>("cover")`.
 * Every enum but status (whose values are not counted from 0). */
template <class Enum>
[[nodiscard]] std::optional<Enum> from_string(std::string_view word) {
    static_assert(!std::is_same_v<Enum, status>, "a status has no JSON word");
    for (int value = 0;; value++) {  // (each enum's values run from 0 without a gap)
        std::string_view known = to_string(static_cast<Enum>(value));
        if (known == "unknown") {
            return std::nullopt;
        }
        if (known == word) {
            return static_cast<Enum>(value);
        }
    }
}
/* END GENERATED enums */

/** A window or an exclude of an alert (docs/rules.md §22): the days it
 * opens on (XYZ_MONDAY | ..., XYZ_EVERY_DAY) and `from` to `to` minutes
 * after local midnight (`to` exclusive, up to 1440; `from` after `to`
 * wraps past midnight). */
struct window {
    /** The days it opens on: XYZ_MONDAY | ... (XYZ_EVERY_DAY by default). */
    unsigned days = XYZ_EVERY_DAY;
    /** Minutes after local midnight it opens at, 0 to 1439. */
    int from = 0;
    /** Minutes after local midnight it closes at (exclusive), 1 to 1440; 0 reads as 1440. */
    int to = 1440;
    /** Equal days and times. */
    bool operator==(const window &o) const { return days == o.days && from == o.from && to == o.to; }
};

/** At most `count` displays per session, ever, or in a window of seconds
 * (docs/rules.md §16). */
struct limit {
    /** How a limit counts: per session, over the lifetime, in a sliding
     * window, or per local calendar day or week (docs/rules.md §22). */
    using period = limit_per;
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
    /** At most `n` displays per local calendar day. */
    static limit per_day(std::uint32_t n) { return {n, period::day, 0}; }
    /** At most `n` displays per local calendar week (Monday first). */
    static limit per_week(std::uint32_t n) { return {n, period::week, 0}; }
    /** Equal count, period and window. */
    bool operator==(const limit &o) const { return count == o.count && per == o.per && window == o.window; }
};

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

}  // namespace xyz

#endif /* XYZALERT_ENUMS_HPP */
