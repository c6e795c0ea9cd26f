// RUN: not %cllint --all --rules=-*,launch-local-memory %s | %check-findings
// RUN: %cllint --all --rules=-*,launch-local-memory --profile=amd %s | FileCheck %s --check-prefix=AMD --implicit-check-not="note: " --implicit-check-not="error: "
// __local memory per work-group: over the device's limit (an error), enough to hold down
// occupancy (a note with the arithmetic), and small tiles (nothing).

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void too_big(__global float *out) {
  __local float tile[128 * 128];
// CHECK: local-memory.cl:[[@LINE-1]]:17: error: {{([^:]*: )?}}kernel 'too_big' needs 64 KiB of __local memory per work-group ('tile' 64 KiB), over the 48 KiB a work-group gets on nvidia: the kernel cannot be launched (CL_OUT_OF_RESOURCES); shrink the tiles or split the work [launch-local-memory]
// AMD: local-memory.cl:[[@LINE-2]]:17: note: {{([^:]*: )?}}kernel 'too_big' uses 64 KiB of __local memory per work-group ('tile' 64 KiB): a compute unit's 64 KiB hold 1 work-group of 256 work-items at once, 256 of its 2560 work-item slots (10% occupancy) on amd;
  tile[get_local_id(0)] = 1.0f;
  out[get_global_id(0)] = tile[255 - get_local_id(0)];
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void big_tiles(__global float *out, __local float *scratch) {
  __local float a[64 * 64], b[64 * 64], c[64 * 56];
// CHECK: local-memory.cl:[[@LINE-1]]:17: note: {{([^:]*: )?}}kernel 'big_tiles' uses 46 KiB of __local memory per work-group ('a' 16 KiB, 'b' 16 KiB, 'c' 14 KiB) plus what the host gives its 1 __local pointer argument: a compute unit's 228 KiB hold 4 work-groups of 256 work-items at once, 1024 of its 2048 work-item slots (50% occupancy) on nvidia; {{.*}} [launch-local-memory]
// AMD: local-memory.cl:[[@LINE-2]]:17: note: {{([^:]*: )?}}kernel 'big_tiles' uses 46 KiB of __local memory per work-group {{.*}} a compute unit's 64 KiB hold 1 work-group of 256 work-items at once, 256 of its 2560 work-item slots (10% occupancy) on amd;
  a[get_local_id(0)] = b[get_local_id(0)] + c[get_local_id(0)] + scratch[0];
  out[get_global_id(0)] = a[255 - get_local_id(0)];
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void small_tiles(__global float *out) {
  __local float a[32 * 32], b[32 * 32];
  a[get_local_id(0)] = b[get_local_id(0)];
  out[get_global_id(0)] = a[255 - get_local_id(0)];
}
