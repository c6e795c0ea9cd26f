// RUN: not %cllint --all %s | %check-findings
//
// Sum reduction, first textbook version: interleaved addressing.
// Each work-group reduces 256 floats to one partial sum in out[group].
// NDRange: (n), local (256); n is a multiple of 256.
//
// At step s only work-items whose id is a multiple of 2*s add, so in the
// first steps every warp has active and idle lanes side by side: both
// paths of the branch are executed by every warp. sequential.cl remaps
// the work so that the active lanes are contiguous (lid < s). The test
// itself costs more than the add it guards: '2 * s' is a power of two only
// this loop knows, so the remainder compiles to a full division.

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void reduce_interleaved(__global const float *in,
                        __global float *out)
{
    __local float sdata[GROUP_SIZE];

    const uint lid = get_local_id(0);
    sdata[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = 1; s < GROUP_SIZE; s *= 2) {
        if (lid % (2 * s) == 0)
// CHECK: interleaved.cl:[[@LINE-1]]:13: note: {{.*}} [control-warp-divergence]
// CHECK: interleaved.cl:[[@LINE-2]]:17: warning: {{([^:]*: )?}}unsigned integer remainder by the run-time power of two '(2 * s)' compiles to a full 32-bit remainder (about 20 more instructions) where a mask would do; write '(lid & ((2 * s) - 1))' [arith-pow2-div-mod]
            sdata[lid] += sdata[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        out[get_group_id(0)] = sdata[0];
}
