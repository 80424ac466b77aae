/* Apple's <pthread.h> declares this, glibc does not: the one Darwin-only C function the
 * package's Swift code calls under canImport(Darwin). */
int pthread_main_np(void);
