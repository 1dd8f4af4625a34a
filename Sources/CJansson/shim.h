/* Jansson, from Debian's libjansson-dev (pkg-config jansson). */
#include <jansson.h>

/* json_typeof and json_is_* are macros Swift cannot import; these can. */
static inline int xyz_json_type(const json_t *value) { return value ? (int)json_typeof(value) : -1; }
static inline void xyz_json_release(json_t *value) { json_decref(value); }
