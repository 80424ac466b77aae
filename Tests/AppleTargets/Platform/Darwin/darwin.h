/* Apple's <pthread.h> and <mach-o/dyld.h> declare these, glibc does not: the Darwin-only C
 * functions the package's Swift code calls under canImport(Darwin), with Apple's shapes. */
#include <stdint.h>

int pthread_main_np(void);

struct mach_header {
  uint32_t magic;
  int32_t cputype;
  int32_t cpusubtype;
  uint32_t filetype;
  uint32_t ncmds;
  uint32_t sizeofcmds;
  uint32_t flags;
};
uint32_t _dyld_image_count(void);
const struct mach_header *_dyld_get_image_header(uint32_t image_index);
const char *_dyld_get_image_name(uint32_t image_index);
