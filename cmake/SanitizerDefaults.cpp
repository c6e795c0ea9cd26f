// Linked into every target of a -DCLLINT_SANITIZE build. cllint handles crash signals itself
// (crash isolation, the verify runner's forked children report the signal that killed them),
// so AddressSanitizer must leave SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT alone; memory
// errors and leaks are still reported as usual.
extern "C" const char *__asan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0:handle_abort=0";
}
