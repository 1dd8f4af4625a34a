/* xyzalert/dispatch.hpp: xyz::dispatch. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_DISPATCH_HPP
#define XYZALERT_DISPATCH_HPP

#include "host.hpp"

namespace xyz {

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
            if (functions.utc_offset)
                h.utc_offset = [](double wall, void *c) {
                    // An offset that threw reads as NaN: the engine takes UTC.
                    double offset = std::numeric_limits<double>::quiet_NaN();
                    guarded([&] { offset = of(c).functions.utc_offset(wall); });
                    return offset;
                };
            if (functions.set_timer)
                h.set_timer = [](xyz_dispatch *root, double delay, void *c) {
                    guarded([&] { of(c).functions.set_timer(dispatch_ref(root), delay); });
                };
            if (functions.campaign)
                h.campaign = [](xyz_dispatch *root, const char *id, xyz_campaign_event kind, const char *reason,
                                xyz_alert *a, void *c) {
                    guarded([&] {
                        std::optional<alert> w;
                        if (a) w.emplace(alert::borrow(a));
                        of(c).functions.campaign(dispatch_ref(root), id, static_cast<campaign_event>(kind),
                                                 reason ? std::optional<std::string_view>(reason) : std::nullopt,
                                                 w ? &*w : nullptr);
                    });
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

}  // namespace xyz

#endif /* XYZALERT_DISPATCH_HPP */
