/* xyzalert/history.hpp: xyz::history. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_HISTORY_HPP
#define XYZALERT_HISTORY_HPP

#include "detail.hpp"

namespace xyz {

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
     * it (add, tick, why, begin_session, json, load_string, ...) rethrows the
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
    void load_string(std::string_view text) {
        xyz_error e{};
        load([&] { return xyz_history_load_string(handle_, text.data(), text.size(), &e); }, e, "<string>");
    }
    /** The 0.3 name of load_string(). */
    [[deprecated("use load_string")]] void load_json(std::string_view text) { load_string(text); }
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
    /** Replaces the history with the file at `path` (its persistence
     * format). With `missing_ok`, no file at `path` (the first launch) makes
     * it a new history instead: session 1, not begun, no counts
     * (xyz_history_load_file_flags(), XYZ_HISTORY_MISSING_OK). */
    void load_file(detail::text path, bool missing_ok = false) {
        std::string checked = path.checked("load_file: path");
        xyz_error e{};
        load([&] {
            return xyz_history_load_file_flags(handle_, checked.c_str(), missing_ok ? XYZ_HISTORY_MISSING_OK : 0u, &e);
        }, e, checked);
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

}  // namespace xyz

#endif /* XYZALERT_HISTORY_HPP */
