// RUN: %cllint %s > %t.default && test ! -s %t.default
// RUN: %cllint --all %s | %check-findings
//
// Element-wise product of two complex vectors stored interleaved
// (re, im, re, im, ...), one *float* per work-item. Even work-items
// compute real parts, odd ones imaginary parts, so the branch on the
// parity of the id splits every warp into two halves that run one after
// the other. Giving each work-item a whole complex number (a float2)
// removes the branch and halves the number of loads.
// NDRange: (2 * n), any local size.

__kernel void complex_mul_interleaved(__global const float *a,
                                      __global const float *b,
                                      __global float *c)
{
    const size_t i = get_global_id(0);
    if (i % 2 == 0)
// CHECK: interleaved_mul.cl:[[@LINE-1]]:9: note: {{.*}} [control-warp-divergence]
        c[i] = a[i] * b[i] - a[i + 1] * b[i + 1];
    else
        c[i] = a[i - 1] * b[i] + a[i] * b[i - 1];
}
