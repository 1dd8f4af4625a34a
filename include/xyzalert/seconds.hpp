/* xyzalert/seconds.hpp: xyz::parse_seconds. Part of the C++ wrapper: include
 * "xyzalert.hpp", which includes every part in order. */
#ifndef XYZALERT_SECONDS_HPP
#define XYZALERT_SECONDS_HPP

#include "detail.hpp"

namespace xyz {

/** Seconds written with a unit, as the files write them ("90s", "30m",
 * "1.5h", "90d"; xyz_seconds_parse()). Throws error (status::invalid) for
 * text outside that grammar. */
[[nodiscard]] inline double parse_seconds(detail::text text) {
    std::string checked = text.checked("parse_seconds: text");
    double seconds = 0;
    xyz_status result = xyz_seconds_parse(checked.c_str(), &seconds);
    if (result != XYZ_OK) {
        throw detail::last_failure(result);
    }
    return seconds;
}

}  // namespace xyz

#endif /* XYZALERT_SECONDS_HPP */
