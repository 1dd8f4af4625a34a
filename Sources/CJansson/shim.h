/* Jansson, from Debian's libjansson-dev (pkg-config jansson). */
#include <jansson.h>

/* json_typeof and json_is_* are macros Swift cannot import; these can. */
static inline int xyz_json_type(const json_t *value) { return value ? (int)json_typeof(value) : -1; }
static inline void xyz_json_release(json_t *value) { json_decref(value); }
/* Whether a parse error is an integer literal beyond 64 bits. */
static inline int xyz_json_error_is_overflow(const json_error_t *error) {
    return json_error_code(error) == json_error_numeric_overflow;
}
/* Whether a parse error is "premature end of input" (the error is at the end). */
static inline int xyz_json_error_at_end(const json_error_t *error) {
    return json_error_code(error) == json_error_premature_end_of_input;
}
