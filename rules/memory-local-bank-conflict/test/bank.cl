// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %s | %check-findings
// RUN: grep -v -e 'CHECK' -e 'FIXED' -e 'SAFE' %s > %t.cl && not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl

#define T 32

__attribute__((reqd_work_group_size(32, 32, 1)))
__kernel void transpose(__global float *out, __global const float *in, int w) {
  __local float tile[T][T];
  int x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = in[get_global_id(1) * w + get_global_id(0)];   // row-wise: no conflict
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * w + get_global_id(0)] = tile[x][y];   // column-wise: 32-way
// CHECK: bank.cl:[[@LINE-1]]:50: warning: {{([^:]*: )?}}__local load of 'tile' has a 32-way bank conflict: lanes of one warp hit the same bank at 32 different addresses (work-items (0,0) and (1,0) both use bank 0, at words 0 and 32: a row of 'tile' is 32 words, a multiple of the 32 banks), so the access is replayed 32 times; pad the innermost dimension by one element ([32][33]): every access of 'tile' is then conflict-free [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-6]]:17: note: 'tile' is declared here
}

__attribute__((reqd_work_group_size(32, 32, 1)))
__kernel void padded(__global float *out, __global const float *in, int w) {
  __local float tile[32][33];
  int x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = in[y * w + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[y * w + x] = tile[x][y];                                  // padded: conflict-free
}

__attribute__((reqd_work_group_size(16, 16, 1)))
__kernel void matmul(__global float *c, __global const float *a, int n) {
  __local float as[16][16];
  int tx = get_local_id(0), ty = get_local_id(1);
  as[ty][tx] = a[ty * n + tx];
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0;
  for (int k = 0; k < 16; ++k)
    acc += as[tx][k];                                           // 16 words apart: 8-way
// CHECK: bank.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}__local load of 'as' has a 8-way bank conflict: lanes of one warp hit the same bank at 8 different addresses (work-items (0,0) and (2,0) both use bank 0, at words 0 and 32: a row of 'as' is 16 words, so rows repeat the banks every 2 rows), so the access is replayed 8 times; pad the innermost dimension by one element ([16][17]), the fewest conflicts over every access of 'as'; no padding removes them all with a work-group of 16x16x1 (left: 'as[ty][tx]' 2-way) [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:12: note: work-group shape 16x16x1 (reqd_work_group_size)
// CHECK: bank.cl:[[@LINE-9]]:17: note: 'as' is declared here
  c[ty * n + tx] = acc;
}

__kernel void strided(__global float *out, __local float *s, __local float *t) {
  int lid = get_local_id(0);
  s[lid * 2] = out[lid];                                        // 2-way, no fix for 1-D
// CHECK: bank.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}__local store of 's' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (work-items 0 and 16 both use bank 0, at words 0 and 32: neighbouring work-items are 2 words apart), so the access is replayed 2 times; change the indexing so consecutive work-items use consecutive words; assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:3: note: work-group shape 256x1x1 (profile default)
  t[lid * 32] = 1.0f;                                           // 32-way
// CHECK: bank.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}__local store of 't' has a 32-way bank conflict: lanes of one warp hit the same bank at 32 different addresses (work-items 0 and 1 both use bank 0, at words 0 and 32: neighbouring work-items are 32 words apart), so the access is replayed 32 times; change the indexing so consecutive work-items use consecutive words; assuming a 256x1x1 work-group: no launch found (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:3: note: work-group shape 256x1x1 (profile default)
  out[lid] = s[lid] + s[0] + t[lid * 3];                        // unit, broadcast, co-prime
}

// A 16x16 tile read column-wise with 16x16 work-groups: a warp spans two rows, so no single pad
// makes both accesses conflict-free ([16][17]: 2-way and 2-way; [16][18]: the row-wise 2-way,
// the column-wise 1-way, measured 1.99x and 1.00x). The fix takes [16][18].
__attribute__((reqd_work_group_size(16, 16, 1)))
__kernel void transpose16(__global float *out, __global const float *in, int w) {
  __local float t16[16][16];
  int x = get_local_id(0), y = get_local_id(1);
  t16[y][x] = in[y * w + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[y * w + x] = t16[x][y];
// CHECK: bank.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}__local load of 't16' has a 8-way bank conflict: lanes of one warp hit the same bank at 8 different addresses (work-items (0,0) and (2,0) both use bank 0, at words 0 and 32: a row of 't16' is 16 words, so rows repeat the banks every 2 rows), so the access is replayed 8 times; pad the innermost dimension by 2 elements ([16][18]), the fewest conflicts over every access of 't16'; no padding removes them all with a work-group of 16x16x1 (left: 't16[y][x]' 2-way) [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:20: note: work-group shape 16x16x1 (reqd_work_group_size)
// CHECK: bank.cl:[[@LINE-7]]:17: note: 't16' is declared here
}

// An 8x8 tile with 8x8 work-groups: the column-wise read is 2-way and no pad of 1 to 4
// elements lowers it, so no fix is offered.
__attribute__((reqd_work_group_size(8, 8, 1)))
__kernel void transpose8(__global float *out, __global const float *in, int w) {
  __local float t8[8][8];
  int x = get_local_id(0), y = get_local_id(1);
  t8[y][x] = in[y * w + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[y * w + x] = t8[x][y];
// CHECK: bank.cl:[[@LINE-1]]:20: warning: {{([^:]*: )?}}__local load of 't8' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (work-items (0,0) and (4,0) both use bank 0, at words 0 and 32: a row of 't8' is 8 words, so rows repeat the banks every 4 rows), so the access is replayed 2 times [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:20: note: work-group shape 8x8x1 (reqd_work_group_size)
}

// FIXED: __local float tile[T][T + 1];
// FIXED: __local float tile[32][33];
// FIXED: __local float as[16][17];
// FIXED: __local float t16[16][18];
// FIXED: __local float t8[8][8];
