/* Reading a backtest's corpus (corpus.h) through zlib, which reads plain
 * and gzip-compressed files alike. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "cli.h"
#include "corpus.h"

static bool ends_with(const char *text, const char *end) {
    size_t a = strlen(text), b = strlen(end);
    return a >= b && strcmp(text + a - b, end) == 0;
}

static bool is_session_file(const char *name) {
    return name[0] != '.' && (ends_with(name, ".json") || ends_with(name, ".jsonl") || ends_with(name, ".json.gz") ||
                              ends_with(name, ".jsonl.gz"));
}

static void *grown(char *buffer, size_t *capacity) {
    *capacity = *capacity ? 2 * *capacity : 1 << 16;
    char *bigger = realloc(buffer, *capacity + 1);
    if (!bigger) {
        fprintf(diagnostics(), "xyzalert: out of memory\n");
        exit(EXIT_USAGE);
    }
    return bigger;
}

static void failed(const corpus_reader *reader, const char *path, unsigned long line, const char *why) {
    char *message = text_printf("cannot read: %s", why);
    reader->failed((session_name){path, line}, message, reader->context);
    free(message);
}

/* The reason of a failed zlib read. */
static const char *read_error(gzFile in) {
    int code;
    const char *message = gzerror(in, &code);
    return code == Z_ERRNO ? strerror(errno) : message;
}

/* A session per non-blank line. */
static void read_lines(gzFile in, const char *path, const corpus_reader *reader) {
    char *line = NULL;
    size_t capacity = 0;
    unsigned long number = 0;
    for (;;) {
        size_t length = 0;
        bool got = false;
        for (;;) { /* one whole line, however long */
            if (capacity - length < 2) line = grown(line, &capacity);
            if (!gzgets(in, line + length, (int)(capacity - length > 1 << 30 ? 1 << 30 : capacity - length))) break;
            got = true;
            length += strlen(line + length);
            if (length && line[length - 1] == '\n') break;
        }
        if (!got) break;
        number++;
        while (length && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
        size_t start = 0;
        while (start < length && (line[start] == ' ' || line[start] == '\t')) start++;
        if (start == length) continue;
        reader->session((session_name){path, number}, reader->names_only ? NULL : line, length, reader->context);
    }
    int code;
    gzerror(in, &code);
    if (code != Z_OK && code != Z_STREAM_END) failed(reader, path, number + 1, read_error(in));
    free(line);
}

/* One session: the whole file. */
static void read_whole(gzFile in, const char *path, const corpus_reader *reader) {
    if (reader->names_only) {
        reader->session((session_name){path, 0}, NULL, 0, reader->context);
        return;
    }
    char *text = NULL;
    size_t capacity = 0, length = 0;
    for (;;) {
        if (capacity - length < 4096) text = grown(text, &capacity);
        int got = gzread(in, text + length, (unsigned)(capacity - length));
        if (got < 0) {
            failed(reader, path, 0, read_error(in));
            free(text);
            return;
        }
        if (got == 0) break;
        length += (size_t)got;
        if (length > XYZ_FILE_SIZE_LIMIT) {
            failed(reader, path, 0, "larger than the 256 MiB a session file may have");
            free(text);
            return;
        }
    }
    text[length] = 0;
    reader->session((session_name){path, 0}, text, length, reader->context);
    free(text);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void read_path(const char *path, const corpus_reader *reader);

static void read_directory(const char *path, const corpus_reader *reader) {
    DIR *dir = opendir(path);
    if (!dir) {
        failed(reader, path, 0, strerror(errno));
        return;
    }
    char **names = NULL;
    size_t count = 0, capacity = 0;
    for (struct dirent *entry = readdir(dir); entry; entry = readdir(dir)) {
        if (entry->d_name[0] == '.') continue;
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            char **bigger = realloc(names, capacity * sizeof *names);
            if (!bigger) {
                fprintf(diagnostics(), "xyzalert: out of memory\n");
                exit(EXIT_USAGE);
            }
            names = bigger;
        }
        names[count++] = text_printf("%s%s%s", path, ends_with(path, "/") ? "" : "/", entry->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        struct stat info;
        const char *base = strrchr(names[i], '/') + 1;
        if (stat(names[i], &info) == 0 && (S_ISDIR(info.st_mode) || is_session_file(base))) read_path(names[i], reader);
        free(names[i]);
    }
    free(names);
}

static void read_path(const char *path, const corpus_reader *reader) {
    struct stat info;
    bool from_stdin = is_stdin(path);
    if (!from_stdin && stat(path, &info) != 0) {
        failed(reader, path, 0, strerror(errno));
        return;
    }
    if (!from_stdin && S_ISDIR(info.st_mode)) {
        read_directory(path, reader);
        return;
    }
    gzFile in = from_stdin ? gzdopen(dup(STDIN_FILENO), "rb") : gzopen(path, "rb");
    if (!in) {
        failed(reader, path, 0, errno ? strerror(errno) : "cannot open");
        return;
    }
    gzbuffer(in, 1 << 17);
    const char *name = from_stdin ? STDIN_NAME : path;
    if (from_stdin || ends_with(path, ".jsonl") || ends_with(path, ".jsonl.gz")) {
        read_lines(in, name, reader);
    } else {
        read_whole(in, name, reader);
    }
    gzclose(in);
}

void corpus_read(char *const *paths, size_t count, const corpus_reader *reader) {
    for (size_t i = 0; i < count; i++) read_path(paths[i], reader);
}
