/* xyzalert/detail.hpp: what the wrapper types share (not part of the API). Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_DETAIL_HPP
#define XYZALERT_DETAIL_HPP

#include "error.hpp"

namespace xyz {

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

}  // namespace xyz

#endif /* XYZALERT_DETAIL_HPP */
