// libFuzzer itself comes from `-sanitize=fuzzer` at link time; the header declares its driver.
#include "LibFuzzerDriver.h"

// Swift's runtime keeps some allocations for the life of the process; they are not leaks of the code under test.
const char *__asan_default_options(void) { return "detect_leaks=0"; }
