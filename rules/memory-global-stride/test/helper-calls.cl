// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// A strided load in a helper the kernel calls three times: the finding at the helper's line
// weighs the three calls once (3 runs per work-item), not once more for each call.

float pick(__global const float *in, int row, int n) { return in[get_global_id(0) * n + row]; }
// CHECK: helper-calls.cl:[[@LINE-1]]:63: warning: ~{{[0-9]+}}% of kernel 'three_rows' (3 runs per work-item): global load with stride = n elements between consecutive work-items

__kernel void three_rows(__global const float *in, int n, __global float *out) {
  out[get_global_id(0)] = pick(in, 0, n) + pick(in, 1, n) + pick(in, 2, n);
}
