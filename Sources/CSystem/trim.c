#include "csystem.h"
#include <malloc.h>

// Swift's Glibc module does not export malloc.h.
void csystem_release_free_memory(void) {
    malloc_trim(0);
}
