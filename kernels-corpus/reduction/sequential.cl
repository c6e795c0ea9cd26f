// RUN: %cllint %s | %check-findings --allow-empty
//
// Sum reduction with sequential addressing and the first add during the
// load (each work-item reads two elements a work-group apart).
// Each work-group reduces 2 * 256 floats to one partial sum in out[group].
// NDRange: (n / 2), local (256); n is a multiple of 512.
//
// `lid < s` keeps the active lanes contiguous: whole warps drop out at
// once and only the last few steps (s < 32) run a partially filled warp.
// sdata[lid + s] is unit stride, so there are no bank conflicts either.

#define GROUP_SIZE 256

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void reduce_sequential(__global const float *in,
                       __global float *out)
{
    __local float sdata[GROUP_SIZE];

    const uint lid = get_local_id(0);
    const uint base = get_group_id(0) * (2 * GROUP_SIZE) + lid;

    sdata[lid] = in[base] + in[base + GROUP_SIZE];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            sdata[lid] += sdata[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        out[get_group_id(0)] = sdata[0];
}
