/* xyzalert/alert.hpp: xyz::action and xyz::alert. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_ALERT_HPP
#define XYZALERT_ALERT_HPP

#include "detail.hpp"
#include "properties.hpp"

namespace xyz {

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
class alert : public detail::alert_properties<alert> {
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

    /* set-up: idle alerts only unless said (throws status::state otherwise); each returns *this */
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
    /** The id of the campaign that made it (docs/rules.md §21), if any. */
    [[nodiscard]] std::optional<std::string> campaign() const { return detail::optional_string(xyz_alert_campaign(handle_)); }
    /** The variant of its campaign it is, if any. */
    [[nodiscard]] std::optional<std::string> variant() const { return detail::optional_string(xyz_alert_variant(handle_)); }
    /** How many adds it stands for: 1, plus one per add of its id that
     * on_duplicate::coalesce folded into it (xyz_alert_occurrence_count()). */
    [[nodiscard]] std::uint64_t occurrence_count() const noexcept { return xyz_alert_occurrence_count(handle_); }

    /* timing for people (docs/rules.md §17) */
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
    /** Removes its caps and cool-down (idle only). */
    alert &clear_caps() {
        detail::call([&] { return xyz_alert_clear_caps(handle_); });
        return *this;
    }
    /** Adds a window: it is selected only inside one (docs/rules.md §22;
     * idle only; an invalid window throws and changes nothing). */
    alert &add_window(const xyz::window &w) {
        detail::call([&] { return xyz_alert_add_window(handle_, w.days, w.from, w.to); });
        return *this;
    }
    /** Adds an exclude: it is never selected inside one. */
    alert &add_exclude(const xyz::window &w) {
        detail::call([&] { return xyz_alert_add_exclude(handle_, w.days, w.from, w.to); });
        return *this;
    }
    /** Removes its windows and excludes (idle only). */
    alert &clear_windows() {
        detail::call([&] { return xyz_alert_clear_windows(handle_); });
        return *this;
    }
    /** Its windows (`exclude` false) or excludes, in the order added. */
    [[nodiscard]] std::vector<xyz::window> windows(bool exclude = false) const {
        std::vector<xyz::window> out;
        for (std::size_t i = 0; i < xyz_alert_window_count(handle_, exclude); i++) {
            xyz::window w;
            if (xyz_alert_window(handle_, exclude, i, &w.days, &w.from, &w.to) == XYZ_OK) out.push_back(w);
        }
        return out;
    }
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

}  // namespace xyz

#endif /* XYZALERT_ALERT_HPP */
