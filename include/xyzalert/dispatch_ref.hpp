/* xyzalert/dispatch_ref.hpp: xyz::dispatch_ref. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_DISPATCH_REF_HPP
#define XYZALERT_DISPATCH_REF_HPP

#include "alert.hpp"
#include "properties.hpp"
#include "callbacks.hpp"
#include "history.hpp"
#include "catalog.hpp"

namespace xyz {

/** A page, not owned: what callbacks, providers, parent() and
 * alert::dispatch() hand out, valid while the page lives. Every operation of
 * a page is here; xyz::dispatch, the owner, is one. An empty ref (default,
 * or of a moved-from dispatch) fails every call with status::invalid. */
class dispatch_ref : public detail::page_properties<dispatch_ref> {
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

    /* campaigns (docs/rules.md §21) */
    /** Attaches the campaigns of `set` to this root's domain (the domain
     * keeps what it needs; `set` may be freed after). */
    void set_campaigns(const xyz::catalog &set) const {
        const xyz_catalog *attached = detail::require(set.get(), "set_campaigns: the catalog");
        detail::call([&] { return xyz_dispatch_set_campaigns(handle_, attached); });
    }
    /** Detaches the domain's campaigns. */
    void detach_campaigns() const {
        detail::call([&] { return xyz_dispatch_set_campaigns(handle_, nullptr); });
    }
    /** Tracks `event` on this page with its properties, a JSON object's
     * text ("{}" by default); throws status::invalid for props that are not
     * one, and nothing changes. */
    void track(detail::text event, std::string_view props_json = "{}") const {
        std::string name = event.checked("track: event");
        std::string props(props_json);
        detail::call([&] { return xyz_dispatch_track(handle_, name.c_str(), props.c_str()); });
    }
    /** Sets a root's attribute to a JSON value's text. */
    void set_attribute(detail::text name, std::string_view value_json) const {
        std::string checked = name.checked("set_attribute: name");
        std::string value(value_json);
        detail::call([&] { return xyz_dispatch_set_attribute(handle_, checked.c_str(), value.c_str()); });
    }
    /** Removes a root's attribute. */
    void remove_attribute(detail::text name) const {
        std::string checked = name.checked("remove_attribute: name");
        detail::call([&] { return xyz_dispatch_set_attribute(handle_, checked.c_str(), nullptr); });
    }
    /** Sets every member of a JSON object's text as an attribute, tracking no event. */
    void set_attributes(std::string_view object_json) const {
        std::string object(object_json);
        detail::call([&] { return xyz_dispatch_set_attributes_json(handle_, object.c_str()); });
    }
    /** What the last event the triggers of `campaign` named did: fired,
     * or why not (xyz_dispatch_campaign_why(), docs/rules.md §21); defined
     * in why.hpp. Throws status::not_found for a campaign the domain's set
     * does not have. */
    [[nodiscard]] struct campaign_why campaign_why(detail::text campaign) const;
    /** The same in one sentence (xyz_dispatch_explain_campaign()); throws
     * as campaign_why(). */
    [[nodiscard]] std::string explain_campaign(detail::text campaign) const {
        std::string id = campaign.checked("explain_campaign: campaign");
        xyz_campaign_why raw = XYZ_CAMPAIGN_WHY_INIT;
        detail::call([&] { return xyz_dispatch_campaign_why(handle_, id.c_str(), &raw); });
        return detail::take_string(detail::read([&] { return xyz_dispatch_explain_campaign(handle_, id.c_str()); }),
                                   status::invalid);
    }
    /** What the domain has noted that works other than a host likely
     * meant (xyz_dispatch_diagnostics(), docs/rules.md §16), in the enum's
     * order. */
    [[nodiscard]] std::vector<diagnostic> diagnostics() const {
        std::uint32_t mask = xyz_dispatch_diagnostics(handle_);
        std::vector<diagnostic> out;
        for (std::uint32_t d = 0; d < 32; d++) {
            if (mask & (1u << d)) out.push_back(static_cast<diagnostic>(d));
        }
        return out;
    }
    /** The domain's attributes as a JSON object's compact text. */
    [[nodiscard]] std::string attributes_json() const {
        return detail::take_string(detail::read([&] { return xyz_dispatch_attributes_json(handle_); }), status::invalid);
    }

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

/** Defined here, where dispatch_ref is complete. */
inline dispatch_ref alert::dispatch() const noexcept { return dispatch_ref(xyz_alert_dispatch(handle_)); }

}  // namespace xyz

#endif /* XYZALERT_DISPATCH_REF_HPP */
