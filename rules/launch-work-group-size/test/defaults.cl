// RUN: not %cllint --min-impact=0 --all --rules=-*,launch-work-group-size %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,launch-work-group-size %s -- -DWG=64 | FileCheck %s --check-prefix=HOST
// HOST-NOT: kernel 'scaled'
// HOST: kernel 'fixed'
// A size the file only defaults is the host's to set: the finding says it rests on the default.

#ifndef WG
#define WG 1
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
// CHECK: defaults.cl:[[@LINE-1]]:25: warning: ~88% of kernel 'scaled' (once per work-item; assumes WG = 1, this file's default under #ifndef WG at line 7; the host may set another value): reqd_work_group_size(1x1x1) gives 1 work-items, not a multiple of the warp width 32
// CHECK: defaults.cl:[[@LINE-2]]:25: note: on amd
void scaled(__global float *o) { o[get_global_id(0)] = 1.0f; }

// Defined unconditionally: the file's own size, reported without the caveat.
#define FIXED 48
__kernel __attribute__((reqd_work_group_size(FIXED, 1, 1)))
// CHECK: defaults.cl:[[@LINE-1]]:25: warning: under 1% of kernel 'fixed' (once per work-item): reqd_work_group_size(48x1x1)
// CHECK: defaults.cl:[[@LINE-2]]:25: note: on amd
void fixed(__global float *o) { o[get_global_id(0)] = 1.0f; }
