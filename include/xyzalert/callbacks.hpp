/* xyzalert/callbacks.hpp: xyz::callbacks. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_CALLBACKS_HPP
#define XYZALERT_CALLBACKS_HPP

#include "alert.hpp"

namespace xyz {

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
    /** Seconds east of UTC at wall time `wall`, for windows and calendar
     * caps (docs/rules.md §22); empty: the process's time zone. */
    std::function<double(double wall)> utc_offset;
    /** Call root.tick() once, `delay` seconds from now; a negative delay cancels. */
    std::function<void(dispatch_ref root, double delay)> set_timer;
    /** What a screen reader should say (docs/rules.md §17). */
    std::function<void(alert &, politeness, std::string_view text)> announce;
    /** A campaign's trigger fired (docs/rules.md §21): the instance it made
     * (null for a skip) and, for a skip, the reason word. */
    std::function<void(dispatch_ref root, std::string_view campaign, campaign_event kind,
                       std::optional<std::string_view> reason, alert *instance)> campaign;
};

}  // namespace xyz

#endif /* XYZALERT_CALLBACKS_HPP */
