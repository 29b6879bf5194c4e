#ifndef SIWA_ALLOCATOR_H
#define SIWA_ALLOCATOR_H

/// Hands memory the allocator holds free back to the system (glibc malloc_trim;
/// elsewhere nothing): glibc keeps freed pages in its arenas, so RSS creeps up after
/// large frees otherwise.
void siwa_release_free_memory(void);

#endif
