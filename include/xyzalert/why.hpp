/* xyzalert/why.hpp: xyz::why. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_WHY_HPP
#define XYZALERT_WHY_HPP

#include "dispatch_ref.hpp"

namespace xyz {

/** Why an alert is where it is (alert::why(), docs/rules.md §18). */
struct why {
    /** Why it is where it is. */
    why_code code = why_code::idle;
    /** The alert that causes it (covered by, waiting for, behind, lower
     * priority than; for id_dependency the one holding the id). */
    std::optional<alert> cause_alert;
    /** The page that causes it (empty when none). */
    dispatch_ref cause_page;
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
    /** The rule of `key`, worded ("3 of 3 displays this session"). */
    std::optional<std::string> rule;
};

inline why alert::why() const {
    xyz_why raw = XYZ_WHY_INIT;
    detail::call([&] { return xyz_alert_why(handle_, &raw); });
    xyz::why out;
    out.code = static_cast<why_code>(raw.code);
    if (raw.alert) out.cause_alert = alert::borrow(raw.alert);
    out.cause_page = dispatch_ref(raw.page);
    if (raw.id) out.cause_id = std::string(raw.id);
    if (raw.until >= 0) out.until = raw.until;
    if (raw.code == XYZ_WHY_FINISHED) out.end_reason = static_cast<xyz::end_reason>(raw.end_reason);
    if (raw.key) out.key = std::string(raw.key);
    if (raw.rule) out.rule = std::string(raw.rule);
    out.sentence = explain();
    return out;
}

}  // namespace xyz

#endif /* XYZALERT_WHY_HPP */
