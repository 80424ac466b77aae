/* Apple's <pthread.h>, as far as it goes beyond what glibc's declares and the C runtime's Darwin
 * branch uses (platform.c): the two non-portable calls, with the prototypes of Apple's header
 * (libpthread's pthread/pthread.h, which declares them unless strict POSIX is asked for). */
#include_next <pthread.h>

int pthread_threadid_np(pthread_t, __uint64_t *);
int pthread_main_np(void);
