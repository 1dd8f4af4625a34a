/* xyzalert/hash.hpp: std::hash of the handle types. Part of the C++
 * wrapper: include "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_HASH_HPP
#define XYZALERT_HASH_HPP

#include "dispatch.hpp"

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

#endif /* XYZALERT_HASH_HPP */
