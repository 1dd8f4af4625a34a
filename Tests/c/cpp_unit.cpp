// The public header in a C++ translation unit (compiled as C++11 with
// -Wall -Wextra -Werror -pedantic): it must compile, link and work.
#include "xyzalert.h"

#include <string>

extern "C" int cpp_translation_unit_works(void) {
    xyz_alert *alert = xyz_alert_create("from-c++");
    bool ok = std::string(xyz_alert_id(alert)) == "from-c++";
    ok = ok && xyz_alert_set_exclusive(alert, XYZ_EXCLUSIVE_COVER) == XYZ_OK;
    ok = ok && xyz_alert_exclusive(alert) == XYZ_EXCLUSIVE_COVER;
    xyz_host host = xyz_host();
    host.size = sizeof host;
    xyz_dispatch *dispatch = xyz_dispatch_create(&host, nullptr);
    ok = ok && xyz_dispatch_page_did_appear(dispatch) == XYZ_OK;
    ok = ok && xyz_dispatch_add(dispatch, &alert, 1) == XYZ_OK;
    ok = ok && xyz_alert_state(alert) == XYZ_STATE_SHOWING;
    ok = ok && xyz_dispatch_destroy(dispatch) == XYZ_OK;
    ok = ok && xyz_alert_state(alert) == XYZ_STATE_FINISHED;
    xyz_alert_release(alert);
    return ok ? 1 : 0;
}
