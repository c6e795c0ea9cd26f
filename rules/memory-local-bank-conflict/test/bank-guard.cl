// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %s | %check-findings

// s[lid * 4] is 4-way over a whole warp; a guard leaves fewer lanes to conflict.
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void guarded(__global float *out, __local float *s) {
  int lid = get_local_id(0);
  if (lid < 8)
    s[lid * 4] = out[lid];                 // lanes 0..7: eight different banks, no conflict
  if (lid < 16)
    out[lid] = s[lid * 4];                 // lanes 0..15: banks 0, 4, ... 28 twice: 2-way
// CHECK: bank-guard.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}__local load of 's' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (work-items 0 and 8 both use bank 0, at words 0 and 32: neighbouring work-items are 4 words apart), so the access is replayed 2 times; change the indexing so consecutive work-items use consecutive words [memory-local-bank-conflict]
  if (lid >= 32 && lid < 40)
    s[lid * 4 + 1] = 0.0f;                 // only warp 1, eight lanes: no conflict
  if (lid == 3)
    s[lid * 32] = 1.0f;                    // one lane: nothing to conflict with
}

// A threshold on a loop variable: d takes 16, 8, 4, 2, 1, so at most lanes 0..15 store,
// 16-way rather than the 32-way of a whole warp.
__attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void guarded_loop(__global float *out, __local float *t) {
  int lid = get_local_id(0);
  for (unsigned d = 16; d > 0; d >>= 1)
    if (lid < d)
      t[lid * 32] += 1.0f;
// CHECK: bank-guard.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}__local load and store of 't' has a 16-way bank conflict: {{.*}} replayed 16 times; {{.*}} [memory-local-bank-conflict]

  // A guard on a loaded value cannot be evaluated: every lane counts.
  if (out[lid] > 0.0f)
    t[lid * 2] = 0.0f;
// CHECK: bank-guard.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}__local store of 't' has a 2-way bank conflict: {{.*}} [memory-local-bank-conflict]
}

// A guard that leaves one lane whatever 'n' is (the last row of a tridiagonal system): one
// address, no conflict. Without the guard the same access is 32-way.
__attribute__((reqd_work_group_size(128, 1, 1)))
__kernel void single_lane(__global float *out, __local float *x, int n) {
  int i = get_local_id(0);
  if (i == n - 1)
    x[i * 32] = out[i];
  if (i + 1 == n && n > 2)
    x[i * 32 + 1] = out[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n)
    x[i * 32 + 2] = 0.0f;
// CHECK: bank-guard.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}__local store of 'x' has a 32-way bank conflict
}

// The components of one float4 element written or read by the same work-item are one 16-byte
// access: 32 lanes x 16 B take the four passes any float4 access takes.
__attribute__((reqd_work_group_size(128, 1, 1)))
__kernel void vector_components(__global float4 *out, __global float *o) {
  __local float4 t[128];
  int lid = get_local_id(0);
  t[lid].x = 1.0f; t[lid].y = 2.0f; t[lid].z = 3.0f; t[lid].w = 4.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = (float4)(t[lid].x, t[lid].y, t[lid].z, t[lid].w);
  // One component alone is a 16-byte stride of 4-byte words: 4-way.
  __local float4 u[128];
  u[lid] = out[lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[lid] = u[lid].y;
// CHECK: bank-guard.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}__local load of 'u' has a 4-way bank conflict
}

// The fields of a struct of two doubles are two 8-byte loads even when the same work-item reads
// both (NVIDIA's compiler does not merge them: bench/hardware/local_width_probe.c): lanes 16 B
// apart take 4 passes where 2 do, 2-way each, not 4-way (measured 1.87x a plain double array).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct { double re; double im; } dcomplex;
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void record_fields(__global dcomplex *out, __global const dcomplex *in, __global double *o) {
  __local dcomplex c[128];
  int lid = get_local_id(0);
  c[lid] = in[get_global_id(0)];
  c[lid + 64] = in[get_global_id(0) + 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  double re = c[lid].re;
// CHECK: bank-guard.cl:[[@LINE-1]]:15: warning: {{([^:]*: )?}}__local load of 'c' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (work-items 0 and 8 both use bank 0, at words 0 and 32: neighbouring work-items are 4 words apart), so the access is replayed 2 times; {{.*}} [memory-local-bank-conflict]
  o[lid] = re;
}

// A float4 element's components read together are one 16-byte load: no conflict.
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void vector_at_offset(__global float *o, __global const float4 *in) {
  __local float4 v[128];
  int lid = get_local_id(0);
  v[lid] = in[get_global_id(0)];
  v[lid + 64] = in[get_global_id(0) + 64];
  barrier(CLK_LOCAL_MEM_FENCE);
  float a = 0.0f;
  for (int i = 32; i > 0; i >>= 1)
    a += v[lid + i].x + v[lid + i].y + v[lid + i].z + v[lid + i].w;
  o[lid] = a;
}
