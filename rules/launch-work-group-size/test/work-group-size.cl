// RUN: not %cllint --min-impact=0 --all --rules=-*,launch-work-group-size %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,launch-work-group-size --profile=amd %s | FileCheck %s --check-prefix=AMD --implicit-check-not="warning: "

__kernel __attribute__((reqd_work_group_size(10, 10, 1)))
// CHECK: work-group-size.cl:[[@LINE-1]]:25: warning: {{([^:]*: )?}}reqd_work_group_size(10x10x1) gives 100 work-items, not a multiple of the warp width 32: each work-group runs 4 warps with 28 of 128 lanes idle (22%); use a multiple of 32 such as 128 [launch-work-group-size]
// CHECK: work-group-size.cl:[[@LINE-2]]:25: note: on amd (64-wide): 28 of 128 lanes idle (22%)
// AMD: work-group-size.cl:[[@LINE-3]]:25: warning: {{([^:]*: )?}}reqd_work_group_size(10x10x1) gives 100 work-items, not a multiple of the wavefront width 64: each work-group runs 2 wavefronts with 28 of 128 lanes idle (22%); use a multiple of 64 such as 128 [launch-work-group-size]
// AMD: note: on nvidia (32-wide): 28 of 128 lanes idle (22%)
void ten_by_ten(__global float *o) { o[get_global_id(0)] = 1.0f; }

__kernel __attribute__((work_group_size_hint(48, 1, 1)))
// CHECK: work-group-size.cl:[[@LINE-1]]:25: warning: {{([^:]*: )?}}work_group_size_hint(48x1x1) gives 48 work-items, not a multiple of the warp width 32: each work-group runs 2 warps with 16 of 64 lanes idle (25%); use a multiple of 32 such as 64 [launch-work-group-size]
// AMD: work-group-size.cl:[[@LINE-2]]:25: warning: {{([^:]*: )?}}work_group_size_hint(48x1x1) gives 48 work-items, not a multiple of the wavefront width 64: each work-group runs 1 wavefront with 16 of 64 lanes idle (25%); use a multiple of 64 such as 64 [launch-work-group-size]
void hint48(__global float *o) { o[get_global_id(0)] = 1.0f; }

__kernel __attribute__((reqd_work_group_size(96, 1, 1)))
// AMD: work-group-size.cl:[[@LINE-1]]:25: warning: {{([^:]*: )?}}reqd_work_group_size(96x1x1) gives 96 work-items, not a multiple of the wavefront width 64: each work-group runs 2 wavefronts with 32 of 128 lanes idle (25%); use a multiple of 64 such as 128 [launch-work-group-size]
void ninety_six(__global float *o) { o[get_global_id(0)] = 1.0f; }

// Multiples of 32 and 64: silent on both profiles.
__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void a(__global float *o) { o[0] = 1.0f; }
__kernel __attribute__((reqd_work_group_size(8, 8, 1))) void b(__global float *o) { o[0] = 1.0f; }
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void c(__global float *o) { o[0] = 1.0f; }
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void d(__global float *o) { o[0] = 1.0f; }
__kernel void no_attribute(__global float *o) { o[0] = 1.0f; }
// cllint: ignore-next-line[launch-work-group-size]
__kernel __attribute__((reqd_work_group_size(7, 7, 1))) void suppressed(__global float *o) { o[0] = 1.0f; }
