/* Must not compile with -Werror: a 0.1 name is deprecated (make header-test). */
#include "xyzalert.h"

int header_test_deprecated(void);
int header_test_deprecated(void) {
    xyz_catalog *catalog = xyz_alert_set_load_file("alerts.json", NULL);
    xyz_catalog_free(catalog);
    return 0;
}
