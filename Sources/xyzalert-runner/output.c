/* Output helpers shared by the commands. */
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

void print_escaped(FILE *out, const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        switch (*c) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*c < 0x20) {
                fprintf(out, "\\u%04x", *c);
            } else {
                fputc(*c, out);
            }
        }
    }
}

void print_visible(FILE *out, const char *text) {
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        switch (*c) {
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*c < 0x20 || *c == 0x7f) {
                fprintf(out, "\\u%04x", *c);
            } else {
                fputc(*c, out);
            }
        }
    }
}

void print_json_string(FILE *out, const char *text) {
    fputc('"', out);
    print_escaped(out, text);
    fputc('"', out);
}

const char *format_number(char out[32], double value) {
    /* 15 digits read well (0.3, not 0.29999999999999999); when they do not
     * give the same double back, 17 always do. */
    snprintf(out, 32, "%.15g", value);
    if (strtod(out, NULL) != value) {
        snprintf(out, 32, "%.17g", value);
    }
    return out;
}

static colour_mode chosen_colour = COLOUR_AUTO;

void set_colour(colour_mode mode) {
    chosen_colour = mode;
}

bool use_colour(void) {
    if (chosen_colour != COLOUR_AUTO) {
        return chosen_colour == COLOUR_ALWAYS;
    }
    const char *no_colour = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(no_colour && no_colour[0]);
}

FILE *diagnostics(void) {
    fflush(stdout);
    return stderr;
}

void print_load_error(const xyz_error *error) {
    /* One line per problem, whatever the file's keys hold. */
    print_visible(diagnostics(), error->source);
    if (error->status == XYZ_EIO) {
        fputs(": error: ", diagnostics());
        print_visible(diagnostics(), error->message);
        fputc('\n', diagnostics());
        return;
    }
    fprintf(diagnostics(), ":%d:%d: error: ", error->line, error->column);
    print_visible(diagnostics(), error->message);
    fputs(" (at ", diagnostics());
    print_visible(diagnostics(), error->pointer[0] ? error->pointer : "\"\"");
    fputs(")\n", diagnostics());
}

char *text_printf(const char *format, ...) {
    va_list args;
    va_start(args, format);
    int length = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
    if (!text) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    va_start(args, format);
    vsnprintf(text, (size_t)length + 1, format, args);
    va_end(args);
    return text;
}

char *shortened(const char *text) {
    size_t characters = 0, cut = 0;
    for (size_t i = 0; text[i]; i++) {
        if (((unsigned char)text[i] & 0xC0) == 0x80) continue; /* a continuation byte */
        if (characters == LABEL_CHARACTERS - 1) cut = i;
        if (++characters > LABEL_CHARACTERS) return text_printf("%.*s\xe2\x80\xa6", (int)cut, text); /* ... */
    }
    return text_printf("%s", text);
}
