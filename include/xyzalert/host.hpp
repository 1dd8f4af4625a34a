/* xyzalert/host.hpp: xyz::host. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_HOST_HPP
#define XYZALERT_HOST_HPP

#include "dispatch_ref.hpp"

namespace xyz {

namespace detail {
template <class H, class = void>
struct names_request_flush : std::false_type {};
template <class H>
struct names_request_flush<H, std::void_t<decltype(&H::request_flush)>> : std::true_type {};
template <class H, class = void>
struct names_now : std::false_type {};
template <class H>
struct names_now<H, std::void_t<decltype(&H::now)>> : std::true_type {};
template <class H, class = void>
struct names_utc_offset : std::false_type {};
template <class H>
struct names_utc_offset<H, std::void_t<decltype(&H::utc_offset)>> : std::true_type {};
}  // namespace detail

/**
 * What the engine asks of the host, as virtual functions: override the ones
 * you need, and derive publicly. The event callbacks reach the dynamic type.
 * request_flush, now and utc_offset are installed only when the class the dispatch is
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
    /** Seconds east of UTC at wall time `wall`, for windows and calendar
     * caps (docs/rules.md §22); only installed when overridden (else the
     * process's time zone). */
    virtual double utc_offset(double /*wall*/) { return 0; }
    /** A campaign's trigger fired (docs/rules.md §21): `instance` is the
     * alert it made (null for a skip, whose `reason` is set). */
    virtual void campaign(dispatch_ref /*root*/, std::string_view /*campaign*/, campaign_event /*kind*/,
                          std::optional<std::string_view> /*reason*/, alert * /*instance*/) {}

    /** The callbacks of a host of class H (see Callbacks); throws
     * status::invalid when `h` is of a class derived from H. */
    template <class H>
    static callbacks of(H &h);
};

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
    static_assert(detail::names_utc_offset<H>::value,
                  "xyz::host: a host's utc_offset must be public and not overloaded (whether it is overridden is "
                  "found at compile time)");
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
    c.campaign = [&base](dispatch_ref root, std::string_view id, campaign_event kind,
                         std::optional<std::string_view> reason, alert *instance) {
        base.campaign(root, id, kind, reason, instance);
    };
    // &H::f names xyz::host::f exactly when no class below xyz::host declares f.
    if constexpr (!std::is_same_v<decltype(&H::request_flush), decltype(&host::request_flush)>)
        c.request_flush = [&base](dispatch_ref root) { base.request_flush(root); };
    if constexpr (!std::is_same_v<decltype(&H::now), decltype(&host::now)>)
        c.now = [&base]() { return base.now(); };
    if constexpr (!std::is_same_v<decltype(&H::utc_offset), decltype(&host::utc_offset)>)
        c.utc_offset = [&base](double wall) { return base.utc_offset(wall); };
    return c;
}

}  // namespace xyz

#endif /* XYZALERT_HOST_HPP */
