/* A table from names to indexes: open addressing with linear probing, so
 * that finding a page or an alert's latest instance is O(1) however many
 * there are. Names are compared byte for byte, as the engine compares them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static uint64_t hash_of(const char *name) {
    uint64_t hash = 14695981039346656037u; /* FNV-1a */
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        hash = (hash ^ *c) * 1099511628211u;
    }
    return hash;
}

bool names_init(names *table, size_t count) {
    size_t capacity = 16;
    while (capacity < 2 * count) {
        capacity *= 2;
    }
    table->slots = calloc(capacity, sizeof *table->slots);
    table->capacity = table->slots ? capacity : 0;
    return table->slots != NULL;
}

void names_free(names *table) {
    free(table->slots);
    table->slots = NULL;
    table->capacity = 0;
}

/* The slot holding `name`, or the empty slot where it would go. */
static struct name_slot *slot_of(const names *table, const char *name) {
    size_t mask = table->capacity - 1;
    for (size_t i = (size_t)hash_of(name) & mask;; i = (i + 1) & mask) {
        struct name_slot *slot = &table->slots[i];
        if (!slot->name || strcmp(slot->name, name) == 0) {
            return slot;
        }
    }
}

void names_put(names *table, const char *name, size_t index) {
    struct name_slot *slot = slot_of(table, name);
    slot->name = name;
    slot->index = index;
}

bool names_find(const names *table, const char *name, size_t *index) {
    struct name_slot *slot = slot_of(table, name);
    if (!slot->name) {
        return false;
    }
    *index = slot->index;
    return true;
}
