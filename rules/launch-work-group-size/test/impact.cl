// RUN: not %cllint --rules=-*,launch-work-group-size %s | %check-findings
// RUN: not %cllint --all --rules=-*,launch-work-group-size %s | FileCheck %s --check-prefix=ALL
// Idle lanes cost issue slots, not memory: a compute-bound kernel pays for them in full, a
// memory-bound one whose active lanes fill their sectors pays next to nothing.

__kernel __attribute__((reqd_work_group_size(48, 1, 1)))
// CHECK: impact.cl:[[@LINE-1]]:25: warning: ~25% of kernel 'compute48' {{.*}}reqd_work_group_size(48x1x1) gives 48 work-items, not a multiple of the warp width 32: each work-group runs 2 warps with 16 of 64 lanes idle (25%); use a multiple of 32 such as 64 [launch-work-group-size]
// CHECK: impact.cl:[[@LINE-2]]:25: note: on amd
void compute48(__global float *o) {
  float x = o[get_global_id(0)];
  for (int i = 0; i < 1024; ++i)
    x = x * 1.0001f + 0.5f;
  o[get_global_id(0)] = x;
}

// 8 lanes of 4 bytes fill a 32-byte sector: a copy moves the same sectors per work-item.
__kernel __attribute__((reqd_work_group_size(8, 1, 1)))
// ALL: impact.cl:[[@LINE-1]]:25: note: ~1.3% of kernel 'copy8' {{.*}}reqd_work_group_size(8x1x1) gives 8 work-items
void copy8(__global const float *a, __global float *b) {
  b[get_global_id(0)] = a[get_global_id(0)];
}

__kernel __attribute__((reqd_work_group_size(48, 1, 1)))
// ALL: impact.cl:[[@LINE-1]]:25: note: under 1% of kernel 'copy48' {{.*}}reqd_work_group_size(48x1x1)
void copy48(__global const float *a, __global float *b) {
  b[get_global_id(0)] = a[get_global_id(0)];
}

// One lane per warp fetches a whole sector for 4 bytes: memory-bound, and still costly.
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
// CHECK: impact.cl:[[@LINE-1]]:25: warning: ~88% of kernel 'copy1' {{.*}}reqd_work_group_size(1x1x1) gives 1 work-items
// CHECK: impact.cl:[[@LINE-2]]:25: note: on amd
void copy1(__global const float *a, __global float *b) {
  b[get_global_id(0)] = a[get_global_id(0)];
}
