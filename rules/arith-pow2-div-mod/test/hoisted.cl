// RUN: not %cllint --no-config --all --format=concise --rules=-*,arith-pow2-div-mod,arith-double-literal %s | FileCheck %s --implicit-check-not=hoisted.cl
// A division of values a loop does not change is computed once before the loop (the compiler
// hoists it): it weighs what the loop's entries weigh, not every trip. The same division of the
// loop's counter, or of a variable the loop changes, runs on every trip.

__kernel void rows(__global const float *in, __global float *out, int n, int stride, int m,
                   int k) {
  int gid = get_global_id(0);
  float acc = 0.0f;
  for (int r = 0; r < 64; ++r) {
    for (int i = 0; i < n / 4; ++i) {
// CHECK: hoisted.cl:[[@LINE-1]]:27: note: under 1% of kernel 'rows' (once per work-item; assumes the compiler computes it once before the 'r' loop, which does not change it): signed integer division by 4: 'n' may be negative
      const int step = stride / 2;
// CHECK: hoisted.cl:[[@LINE-1]]:31: note: under 1% of kernel 'rows' (once per work-item; assumes the compiler computes it once before the 'r' loop, which does not change it): signed integer division by 2: 'stride' may be negative
      float scale = (float)m * 0.3;
// CHECK: hoisted.cl:[[@LINE-1]]:32: note: under 1% of kernel 'rows' (once per work-item; assumes the compiler computes it once before the 'r' loop, which does not change it): double-precision literal '0.3'
      acc += in[gid + i * step] * scale + (float)((k - i) / 8);
// CHECK: hoisted.cl:[[@LINE-1]]:59: note: ~{{[0-9.]+}}% of kernel 'rows' (2048 runs per work-item; assumes the 'i' loop runs 32 times): signed integer division by 8: '(k - i)' may be negative
      if (acc > 3.0f) {
        // A division by a constant moves out of the branch; one by a run-time value does not
        // (the compiler does not run a division the code may skip).
        acc -= (float)(m % 8);
// CHECK: hoisted.cl:[[@LINE-1]]:26: note: under 1% of kernel 'rows' (once per work-item; assumes the compiler computes it once before the 'r' loop, which does not change it): signed integer remainder by 8: 'm' may be negative
        acc -= (float)(m / (1 << r));
// CHECK: hoisted.cl:[[@LINE-1]]:26: warning: ~{{[0-9]+}}% of kernel 'rows' (2048 runs per work-item; assumes the 'i' loop runs 32 times): signed integer division by the run-time power of two '(1 << r)'
      }
      k += 1;
      acc += (float)(k / 2);
// CHECK: hoisted.cl:[[@LINE-1]]:24: note: ~{{[0-9.]+}}% of kernel 'rows' (2048 runs per work-item; assumes the 'i' loop runs 32 times): signed integer division by 2: 'k' may be negative
    }
  }
  out[gid] = acc;
}
