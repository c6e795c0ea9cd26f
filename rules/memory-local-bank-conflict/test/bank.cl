// RUN: not %cllint --rules=-*,memory-local-bank-conflict %s | %check-findings
// RUN: grep -v 'CHECK' %s > %t.cl && not %cllint --rules=-*,memory-local-bank-conflict --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl

#define T 32

__attribute__((reqd_work_group_size(32, 32, 1)))
__kernel void transpose(__global float *out, __global const float *in, int w) {
  __local float tile[T][T];
  int x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = in[get_global_id(1) * w + get_global_id(0)];   // row-wise: no conflict
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(1) * w + get_global_id(0)] = tile[x][y];   // column-wise: 32-way
// CHECK: bank.cl:[[@LINE-1]]:50: warning: __local load of 'tile' has a 32-way bank conflict: lanes of one warp hit the same bank at 32 different addresses (stride of 32 words between consecutive work-items, 32 banks), so the access is replayed 32 times; pad the innermost dimension by one element [memory-local-bank-conflict]
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
// CHECK: bank.cl:[[@LINE-1]]:12: warning: __local load of 'as' has a 8-way bank conflict: lanes of one warp hit the same bank at 8 different addresses (stride of 16 words between consecutive work-items, 32 banks), so the access is replayed 8 times; pad the innermost dimension by one element [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:12: note: work-group shape 16x16x1 (reqd_work_group_size)
// CHECK: bank.cl:[[@LINE-9]]:17: note: 'as' is declared here
  c[ty * n + tx] = acc;
}

__kernel void strided(__global float *out, __local float *s, __local float *t) {
  int lid = get_local_id(0);
  s[lid * 2] = out[lid];                                        // 2-way, no fix for 1-D
// CHECK: bank.cl:[[@LINE-1]]:3: warning: __local store of 's' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (stride of 2 words between consecutive work-items, 32 banks), so the access is replayed 2 times; change the indexing so consecutive work-items use consecutive words [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:3: note: work-group shape 256x1x1 (profile default)
  t[lid * 32] = 1.0f;                                           // 32-way
// CHECK: bank.cl:[[@LINE-1]]:3: warning: __local store of 't' has a 32-way bank conflict: lanes of one warp hit the same bank at 32 different addresses (stride of 32 words between consecutive work-items, 32 banks), so the access is replayed 32 times; change the indexing so consecutive work-items use consecutive words [memory-local-bank-conflict]
// CHECK: bank.cl:[[@LINE-2]]:3: note: work-group shape 256x1x1 (profile default)
  out[lid] = s[lid] + s[0] + t[lid * 3];                        // unit, broadcast, co-prime
}

// FIXED: __local float tile[T][T + 1];
// FIXED: __local float tile[32][33];
// FIXED: __local float as[16][17];
