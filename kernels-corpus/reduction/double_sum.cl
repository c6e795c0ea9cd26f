// RUN: %cllint %s | %check-findings --allow-empty
//
// Trapezoid-rule integral of sampled data in double precision with Kahan
// compensation: grid-stride loop over the intervals, then a tree
// reduction in local memory. Genuinely double code (cl_khr_fp64): the
// unsuffixed literals meet double operands, which is what the author wants.
// NDRange: any multiple of 256, local (256); y holds n + 1 samples and
// partial has one entry per work-group.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void trapezoid_fp64(__global const double *y,
                    __global double *partial,
                    const double dx,
                    const uint n)
{
    __local double scratch[GROUP_SIZE];

    double sum = 0.0;
    double c = 0.0;
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0)) {
        const double term = 0.5 * (y[i] + y[i + 1]) * dx - c;
        const double t = sum + term;
        c = (t - sum) - term;
        sum = t;
    }

    const uint lid = get_local_id(0);
    scratch[lid] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = GROUP_SIZE / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}
