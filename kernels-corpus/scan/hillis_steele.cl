// RUN: %cllint %s | %check-findings --allow-empty
//
// Inclusive scan of 256 floats per work-group, Hillis-Steele style with
// two ping-pong buffers in local memory (log2(256) = 8 steps of n adds).
// Not work-efficient, but every access is unit stride and the branch
// `lid >= offset` only idles a contiguous prefix of the work-group, so at
// most one warp is split per step.
// NDRange: (n), local (256); n is a multiple of 256.

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void scan_hillis_steele(__global const float *in,
                        __global float *out)
{
    __local float buf[2][GROUP_SIZE];

    const uint lid = get_local_id(0);
    const size_t gid = get_global_id(0);

    uint pout = 0;
    uint pin = 1;
    buf[pout][lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint offset = 1; offset < GROUP_SIZE; offset <<= 1) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (lid >= offset)
            buf[pout][lid] = buf[pin][lid] + buf[pin][lid - offset];
        else
            buf[pout][lid] = buf[pin][lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    out[gid] = buf[pout][lid];
}
