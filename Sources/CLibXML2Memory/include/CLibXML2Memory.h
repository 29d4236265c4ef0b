#ifndef TERN_CLIBXML2_MEMORY_H
#define TERN_CLIBXML2_MEMORY_H
#include <stdint.h>

/// The bytes libxml2 holds now: every block it allocated through xmlMalloc,
/// xmlRealloc or xmlMemStrdup and has not freed (documents, nodes, text,
/// attributes, dictionaries, parser state), as the allocator sized them.
/// Counted from the start of the process (the counting allocator is
/// installed by a constructor, before any libxml2 call); blocks freed that
/// were allocated before it (none in practice) would make it smaller.
int64_t tern_xml_allocated_bytes(void);

#endif
