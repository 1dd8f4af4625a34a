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

/** What the last event a campaign's triggers named did
 * (dispatch_ref::campaign_why(), docs/rules.md §21). */
struct campaign_why {
    /** Fired, or why it made no instance. */
    campaign_why_code code = campaign_why_code::untracked;
    /** The event tracked (empty for untracked). */
    std::optional<std::string> event;
    /** The position in the campaign's "triggers" the code is about (empty
     * for codes about the campaign as a whole). */
    std::optional<int> trigger;
    /** where, audience: the part of the rule that failed; count: the
     * count; not_started, ended: the dates. */
    std::optional<std::string> detail;
    /** The same in words (dispatch_ref::explain_campaign()). */
    std::string sentence;
};

inline campaign_why dispatch_ref::campaign_why(detail::text campaign) const {
    std::string id = campaign.checked("campaign_why: campaign");
    xyz_campaign_why raw = XYZ_CAMPAIGN_WHY_INIT;
    detail::call([&] { return xyz_dispatch_campaign_why(handle_, id.c_str(), &raw); });
    xyz::campaign_why out;
    out.code = static_cast<campaign_why_code>(raw.code);
    out.event = detail::optional_string(raw.event);
    if (raw.trigger >= 0) out.trigger = raw.trigger;
    out.detail = detail::optional_string(raw.detail);
    // (The campaign is known: the sentence's call can fail only for memory.)
    out.sentence = detail::take_string(detail::read([&] { return xyz_dispatch_explain_campaign(handle_, id.c_str()); }),
                                       status::invalid);
    return out;
}

}  // namespace xyz

#endif /* XYZALERT_WHY_HPP */
