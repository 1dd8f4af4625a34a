/* Must not compile with -Werror: the new alert's reference is dropped (make header-test). */
#include "xyzalert.h"

void header_test_unused_result(void);
void header_test_unused_result(void) {
    xyz_alert_create("leaked");
}
