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

/* Whether byte `c` continues a UTF-8 sequence (it starts no character). */
static bool continuation_byte(int c) {
    return (c & 0xc0) == 0x80;
}

/* A located problem, as `severity` ("error", "warning"). */
static void print_load_problem(const xyz_error *error, const char *severity) {
    /* One line per problem, whatever the file's keys hold. */
    print_visible(diagnostics(), error->source);
    if (error->status == XYZ_EIO) {
        fprintf(diagnostics(), ": %s: ", severity);
        print_visible(diagnostics(), error->message);
        fputc('\n', diagnostics());
        return;
    }
    fprintf(diagnostics(), ":%d:%d: %s: ", error->line, error->column, severity);
    print_visible(diagnostics(), error->message);
    fputs(" (at ", diagnostics());
    print_visible(diagnostics(), error->pointer[0] ? error->pointer : "\"\"");
    fputs(")\n", diagnostics());
    print_source_line(error->source, error->line, error->column);
}

void print_load_error(const xyz_error *error) {
    print_load_problem(error, "error");
}

void print_load_warning(const xyz_error *warning) {
    print_load_problem(warning, "warning");
}

/* Characters (UTF-8 code points) shown either side of the column when a
 * line is longer than a terminal (a minified file is one line). */
enum { SOURCE_WINDOW = 60 };

/* The length of the UTF-8 sequence at text[i] (2 to 4 bytes), or 0 when
 * the bytes there are not one. */
static ssize_t utf8_sequence(const char *text, ssize_t i, ssize_t length) {
    unsigned char c = (unsigned char)text[i];
    ssize_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    for (ssize_t k = 1; k < n; k++) {
        if (i + k >= length || !continuation_byte((unsigned char)text[i + k])) {
            return 0;
        }
    }
    return n;
}

/* Control characters (but tabs) and bytes that are not UTF-8 become '?',
 * one column each, as the caret counts. */
static void make_printable(char *text, ssize_t length) {
    for (ssize_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        ssize_t n = c >= 0x80 ? utf8_sequence(text, i, length) : 1;
        if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7f) {
            text[i] = '?';
        } else {
            i += n - 1;
        }
    }
}

void print_source_line(const char *file, int line, int column) {
    FILE *in = line > 0 && column > 0 ? fopen(file, "rb") : NULL;
    if (!in) {
        return; /* standard input, a string, a file gone since: the message stands alone */
    }
    char *text = NULL;
    size_t capacity = 0;
    ssize_t length = 0;
    for (int n = 0; n < line && (length = getline(&text, &capacity, in)) >= 0; n++) {
    }
    fclose(in);
    if (length < 0) {
        free(text);
        return;
    }
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r')) {
        text[--length] = '\0';
    }
    make_printable(text, length);
    /* The window [first, last) of code points around the column (1-based). */
    long characters = 0;
    for (ssize_t i = 0; i < length; i++) {
        characters += !continuation_byte((unsigned char)text[i]);
    }
    long first = column - 1 > SOURCE_WINDOW ? column - 1 - SOURCE_WINDOW : 0;
    long last = first + 2 * SOURCE_WINDOW < characters ? first + 2 * SOURCE_WINDOW : characters;
    FILE *out = diagnostics();
    int gutter = fprintf(out, "%5d | ", line) - 2;
    fputs(first > 0 ? "..." : "", out);
    long at = -1; /* the code point text[i] belongs to */
    for (ssize_t i = 0; i < length; i++) {
        unsigned char c = (unsigned char)text[i];
        at += !continuation_byte(c);
        if (at >= first && at < last) {
            fputc(c, out);
        }
    }
    fputs(last < characters ? "...\n" : "\n", out);
    fprintf(out, "%*s| %s", gutter, "", first > 0 ? "   " : "");
    /* Spaces up to the column, tabs where the line has them, so the caret
     * lines up in a terminal. */
    at = -1;
    for (ssize_t i = 0; i < length && at < column - 2; i++) {
        unsigned char c = (unsigned char)text[i];
        if (continuation_byte(c)) {
            continue;
        }
        at++;
        if (at >= first) {
            fputc(c == '\t' ? '\t' : ' ', out);
        }
    }
    fputs("^\n", out);
    free(text);
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
        if (continuation_byte((unsigned char)text[i])) continue;
        if (characters == LABEL_CHARACTERS - 1) cut = i;
        if (++characters > LABEL_CHARACTERS) return text_printf("%.*s\xe2\x80\xa6", (int)cut, text); /* ... */
    }
    return text_printf("%s", text);
}
