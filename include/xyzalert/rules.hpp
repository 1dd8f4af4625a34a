/* xyzalert/rules.hpp: xyz::eval_rule and xyz::explain_rule. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_RULES_HPP
#define XYZALERT_RULES_HPP

#include <optional>

#include "detail.hpp"
#include "error.hpp"

namespace xyz {

/** Evaluates a rule, JsonLogic with flagd's operators (docs/rules.md,
 * "Rules"; xyz_rule_eval_json()), on `data` (JSON text; "null" when left
 * out) and returns the result as compact JSON text. Throws parse_error
 * (status::parse, status::schema: an unknown operator, a rule or data too
 * deep or too large; its source is "<rule>" or "<data>") or error
 * (status::invalid for text holding a NUL). Evaluating itself never throws:
 * what the JavaScript reference would fail on gives "null". Safe on any
 * thread. */
[[nodiscard]] inline std::string eval_rule(detail::text rule, detail::text data = "null") {
    std::string checked_rule = rule.checked("eval_rule: rule");
    std::string checked_data = data.checked("eval_rule: data");
    char *result = nullptr;
    xyz_error e{};
    xyz_status status = xyz_rule_eval_json(checked_rule.c_str(), checked_data.c_str(), &result, &e);
    if (status == XYZ_EPARSE || status == XYZ_ESCHEMA) {
        throw parse_error(e, e.source);
    }
    if (status != XYZ_OK) {
        throw detail::last_failure(status);
    }
    return detail::take_string(result, status::invalid);
}

/** A rule's result (compact JSON text) and, when it is falsy, why
 * (xyz_rule_explain_json(), docs/rules.md §20, "Explaining a rule"). */
struct rule_explanation {
    /** The result, as eval_rule() gives it. */
    std::string result;
    /** The smallest part of the rule that fails, with the values it read;
     * empty when the result is truthy. */
    std::optional<std::string> failing;
};

/** eval_rule(), and why a falsy result is falsy. Throws as eval_rule(). */
[[nodiscard]] inline rule_explanation explain_rule(detail::text rule, detail::text data = "null") {
    std::string checked_rule = rule.checked("explain_rule: rule");
    std::string checked_data = data.checked("explain_rule: data");
    char *result = nullptr;
    char *explanation = nullptr;
    xyz_error e{};
    xyz_status status = xyz_rule_explain_json(checked_rule.c_str(), checked_data.c_str(), &result, &explanation, &e);
    if (status == XYZ_EPARSE || status == XYZ_ESCHEMA) {
        throw parse_error(e, e.source);
    }
    if (status != XYZ_OK) {
        throw detail::last_failure(status);
    }
    rule_explanation out;
    if (explanation) out.failing = detail::take_string(explanation, status::invalid);
    out.result = detail::take_string(result, status::invalid);
    return out;
}

}  // namespace xyz

#endif /* XYZALERT_RULES_HPP */
