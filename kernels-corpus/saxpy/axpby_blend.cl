// RUN: %cllint %s | %check-findings
//
// Linear blend y = t * x + (1 - t) * y (exponential moving average of a
// signal, or cross-fading two images). The weight 1.0 has no f suffix, so
// (1.0 - t) and everything it touches is computed in double and rounded
// back to float on the store: slow on GPUs with few fp64 units.
// NDRange: (n), any local size.

__kernel void blend(__global const float *x,
                    __global float *y,
                    const float t)
{
    const size_t i = get_global_id(0);
    y[i] = t * x[i] + (1.0 - t) * y[i];
// CHECK: axpby_blend.cl:[[@LINE-1]]:24: note: {{.*}}'1.0'{{.*}} [arith-double-literal]
}
