// libxml2's memory through counting wrappers (xmlMemSetup), so that the
// page's memory limit sees the DOM's native memory (issue 27 item 5).
//
// The size of each block is the allocator's (malloc_usable_size), read on
// allocation and on free: no header is added to blocks, and a block freed
// with plain free() by someone else still frees correctly.
//
// Threads: libxml2 runs on the page's thread only (ARCHITECTURE.md "One
// thread"). The count is a relaxed atomic read and written without a locked
// read-modify-write (a plain add on x86 and ARM): no data race, and were
// another thread ever to allocate at the same instant an update could be
// lost (the count would be off by a block, never unsafe).
#include "CLibXML2Memory.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__APPLE__)
#include <malloc/malloc.h>
#define tern_block_size(p) malloc_size(p)
#else
#include <malloc.h>
#define tern_block_size(p) malloc_usable_size(p)
#endif

// libxml2's own prototype (libxml/xmlmemory.h), declared here so that this
// file needs no libxml2 include path.
typedef void (*tern_free_func)(void *);
typedef void *(*tern_malloc_func)(size_t);
typedef void *(*tern_realloc_func)(void *, size_t);
typedef char *(*tern_strdup_func)(const char *);
extern int xmlMemSetup(tern_free_func, tern_malloc_func, tern_realloc_func, tern_strdup_func);

static _Atomic int64_t allocated;

static inline void add(int64_t bytes) {
    atomic_store_explicit(&allocated, atomic_load_explicit(&allocated, memory_order_relaxed) + bytes,
                          memory_order_relaxed);
}

static void *counting_malloc(size_t size) {
    void *block = malloc(size);
    if (block) add((int64_t)tern_block_size(block));
    return block;
}

static void *counting_realloc(void *block, size_t size) {
    int64_t before = block ? (int64_t)tern_block_size(block) : 0;
    void *moved = realloc(block, size);
    if (moved) add((int64_t)tern_block_size(moved) - before);
    else if (size == 0 && block) add(-before);  // realloc(p, 0) may free p
    return moved;
}

static void counting_free(void *block) {
    if (!block) return;
    add(-(int64_t)tern_block_size(block));
    free(block);
}

static char *counting_strdup(const char *text) {
    size_t length = strlen(text) + 1;
    char *copy = counting_malloc(length);
    if (copy) memcpy(copy, text, length);
    return copy;
}

// Before main and before any libxml2 call (libxml2 wants xmlMemSetup first).
__attribute__((constructor)) static void install_counting_allocator(void) {
    xmlMemSetup(counting_free, counting_malloc, counting_realloc, counting_strdup);
}

int64_t tern_xml_allocated_bytes(void) {
    return atomic_load_explicit(&allocated, memory_order_relaxed);
}
