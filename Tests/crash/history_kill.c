/* Crash safety of xyz_history_save_file (docs/formats.md, "Files"): a
 * writer process saves two histories, in turn, over one file, and is killed
 * with SIGKILL at a random moment, ROUNDS times; after each kill the file
 * must load and be exactly one of the two (never a torn mix). Then a
 * directory the writer may not write to: a clear XYZ_EIO, the old file
 * whole. Usage: history-kill DIR [ROUNDS [SEED]]; prints the seed, ends
 * with "N passed, N failed". */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xyzalert_tooling.h"

static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL %s\n", what);
    }
}

/* A history loaded from `text`, and its normal form (what a save writes). */
static xyz_history *history_of(const char *text, char **json) {
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    xyz_error error;
    if (xyz_history_load_string(h, text, strlen(text), &error) != XYZ_OK) {
        fprintf(stderr, "bad test history: %s\n", error.message);
        exit(1);
    }
    *json = xyz_history_json(h);
    return h;
}

/* The text of `path`'s history after a load, or NULL when it does not load. */
static char *loaded(const char *path) {
    xyz_history *h = xyz_history_create(NULL, NULL, NULL);
    xyz_error error;
    char *json = xyz_history_load_file(h, path, &error) == XYZ_OK ? xyz_history_json(h) : NULL;
    if (!json) {
        fprintf(stderr, "  %s does not load: %s\n", path, error.message);
    }
    xyz_history_release(h);
    return json;
}

/* Removes every file of `dir` but `keep` (a killed writer's new file stays
 * behind it); returns how many there were. */
static int sweep(const char *dir, const char *keep) {
    int count = 0;
    DIR *d = opendir(dir);
    struct dirent *entry;
    while (d && (entry = readdir(d))) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0 || strcmp(entry->d_name, keep) == 0 ||
            strcmp(entry->d_name, "read-only") == 0) {
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        count += unlink(path) == 0;
    }
    if (d) closedir(d);
    return count;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: history-kill DIR [ROUNDS [SEED]]\n");
        return 2;
    }
    const char *dir = argv[1];
    int rounds = argc > 2 ? atoi(argv[2]) : 1000;
    unsigned seed = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 10) : 1;
    printf("seed %u, %d rounds\n", seed, rounds);
    mkdir(dir, 0777);
    char path[4096];
    snprintf(path, sizeof path, "%s/history.json", dir);

    /* The old content, small; the new, large enough (about 200 kB) that a
     * kill often lands while it is being written. */
    char *old_json, *new_json;
    xyz_history *old = history_of("{\"version\": 1, \"session\": 3, \"keys\": {\"id:a\": {\"lifetime\": 1}}}", &old_json);
    size_t capacity = 64 + 6000 * 48;
    char *big = malloc(capacity);
    size_t at = (size_t)sprintf(big, "{\"version\": 1, \"session\": 9, \"keys\": {");
    for (int i = 0; i < 6000; i++) {
        at += (size_t)sprintf(big + at, "%s\"tag:key-%05d\": {\"lifetime\": %d}", i ? ", " : "", i, i + 1);
    }
    strcpy(big + at, "}}");
    xyz_history *new = history_of(big, &new_json);
    free(big);

    xyz_error error;
    /* Half the writers save the histories (xyz_history_save_file), half
     * write their saved texts (xyz_file_write, the same atomic writer
     * without the JSON to make first, so that more kills land mid-write).
     * Kills land anywhere in a writer's first saves: the time of one pair
     * of saves, measured here, sets the range. */
    long range[2];
    for (int mode = 0; mode < 2; mode++) {
        struct timeval start, end;
        gettimeofday(&start, NULL);
        for (int i = 0; i < 2; i++) {
            xyz_status status = mode == 0 ? xyz_history_save_file(i ? old : new, path, &error)
                                          : xyz_file_write(path, i ? old_json : new_json, strlen(i ? old_json : new_json),
                                                           &error);
            check(status == XYZ_OK, "a save before the kills");
        }
        gettimeofday(&end, NULL);
        long pair = (end.tv_sec - start.tv_sec) * 1000000L + (end.tv_usec - start.tv_usec);
        range[mode] = 2 * pair + 500; /* (and the fork) */
        printf("%s: a pair takes %ld us; kills within %ld us of the fork\n",
               mode == 0 ? "xyz_history_save_file" : "xyz_file_write", pair, range[mode]);
    }
    int olds = 0, news = 0, torn = 0, left = 0;
    for (int round = 0; round < rounds; round++) {
        int mode = round % 2;
        pid_t writer = fork();
        if (writer == 0) {
            for (int i = 0;; i++) {
                const char *text = i % 2 ? old_json : new_json;
                xyz_status status = mode == 0 ? xyz_history_save_file(i % 2 ? old : new, path, NULL)
                                              : xyz_file_write(path, text, strlen(text), NULL);
                if (status != XYZ_OK) _exit(3);
            }
        }
        usleep((useconds_t)(rand_r(&seed) % range[mode]));
        kill(writer, SIGKILL);
        int status = 0;
        waitpid(writer, &status, 0);
        if (!WIFSIGNALED(status)) {
            fprintf(stderr, "  round %d: the writer stopped by itself (status %d)\n", round, status);
            torn++;
            continue;
        }
        char *json = loaded(path);
        if (json && strcmp(json, old_json) == 0) {
            olds++;
        } else if (json && strcmp(json, new_json) == 0) {
            news++;
        } else {
            torn++;
            fprintf(stderr, "  round %d (seed %u): the file is neither history\n", round, seed);
        }
        xyz_free(json);
        left += sweep(dir, "history.json");
    }
    printf("%d kills: %d found the old history, %d the new one, %d neither; %d scratch files of killed writers removed\n",
           rounds, olds, news, torn, left);
    check(torn == 0 && olds + news == rounds, "every kill leaves a whole history");

    /* A directory the writer may not write to. Root may write anywhere:
     * then the writer is a child that gives up root first. */
    char ro[2048];
    snprintf(ro, sizeof ro, "%s/read-only", dir);
    mkdir(ro, 0777);
    snprintf(path, sizeof path, "%s/history.json", ro);
    check(xyz_history_save_file(old, path, &error) == XYZ_OK, "a save before the directory is read-only");
    chmod(ro, 0555);
    pid_t writer = fork();
    if (writer == 0) {
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) {
            fprintf(stderr, "  cannot give up root: %s\n", strerror(errno));
            _exit(4);
        }
        xyz_status status = xyz_history_save_file(new, path, &error);
        int clear = status == XYZ_EIO && error.status == XYZ_EIO && strstr(error.message, "Permission denied") &&
                    strcmp(error.source, path) == 0;
        if (!clear) fprintf(stderr, "  the read-only save gave %s: %s\n", xyz_status_name(status), error.message);
        _exit(clear ? 0 : 5);
    }
    int status = 0;
    waitpid(writer, &status, 0);
    check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a read-only directory is a clear XYZ_EIO");
    char *json = loaded(path);
    check(json && strcmp(json, old_json) == 0, "a failed save leaves the old file whole");
    xyz_free(json);
    chmod(ro, 0777);

    xyz_free(old_json);
    xyz_free(new_json);
    xyz_history_release(old);
    xyz_history_release(new);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
