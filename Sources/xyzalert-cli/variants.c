/* xyzalert variants: how an experiment's variants split N generated users
 * (docs/rules.md §22), with the library's own choice function. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_variants(const char *file, unsigned long users) {
    xyz_error error;
    xyz_catalog *catalog = load_catalog(file, &error);
    if (!catalog) {
        print_load_error(&error);
        return error.status == XYZ_EIO ? EXIT_USAGE : EXIT_INVALID;
    }
    size_t shown = 0;
    for (size_t c = 0; c < xyz_catalog_campaign_count(catalog); c++) {
        size_t count = xyz_catalog_variant_count(catalog, c);
        if (count == 0) continue;
        const char *campaign = xyz_catalog_campaign_id(catalog, c);
        unsigned long *got = calloc(count, sizeof *got);
        if (!got) {
            fprintf(diagnostics(), "xyzalert: out of memory\n");
            xyz_catalog_free(catalog);
            return EXIT_USAGE;
        }
        char user[32];
        for (unsigned long u = 1; u <= users; u++) {
            snprintf(user, sizeof user, "user-%lu", u);
            const char *variant = xyz_catalog_choose_variant(catalog, campaign, user);
            for (size_t k = 0; variant && k < count; k++) {
                if (strcmp(variant, xyz_catalog_variant_id(catalog, c, k)) == 0) {
                    got[k]++;
                    break;
                }
            }
        }
        int width = 7;
        for (size_t k = 0; k < count; k++) {
            int length = (int)strlen(xyz_catalog_variant_id(catalog, c, k));
            width = length > width ? length : width;
        }
        printf("%scampaign %s, %lu users\n", shown++ ? "\n" : "", campaign, users);
        printf("  %-*s  %10s  %7s\n", width, "variant", "users", "share");
        for (size_t k = 0; k < count; k++) {
            printf("  %-*s  %10lu  %6.2f%%\n", width, xyz_catalog_variant_id(catalog, c, k), got[k],
                   users ? 100.0 * (double)got[k] / (double)users : 0.0);
        }
        free(got);
    }
    if (shown == 0) {
        printf("%s: no campaign has variants\n", file);
    }
    xyz_catalog_free(catalog);
    return EXIT_VALID;
}
