// RUN: not %cllint %s | %check-findings
//
// 64-bin histogram of 6-bit codes with one sub-histogram per warp of 32
// work-items, so that atomics only contend inside a warp. The warp index
// is a division by 32 of the local id and the lane index a remainder; the id
// is copied into an `int`, so NVIDIA's compiler keeps a sign fix-up on both
// (it cannot prove the value non-negative). The conditions on the warp index
// are uniform across each warp.
// NDRange: any multiple of 256, local (256); hist has 64 entries.

#define GROUP_SIZE 256
#define WARP 32
#define NUM_WARPS (GROUP_SIZE / WARP)
#define BINS 64

__kernel __attribute__((reqd_work_group_size(GROUP_SIZE, 1, 1)))
void histogram64_per_warp(__global const uchar *codes,
                          const uint n,
                          __global uint *hist)
{
    __local uint sub[NUM_WARPS][BINS];

    const int lid = get_local_id(0);
    const int warp = lid / WARP;
    const int lane = lid % WARP;
// CHECK: per_warp.cl:[[@LINE-1]]:26: warning: {{([^:]*: )?}}signed integer remainder by 32 ('WARP'): 'lid' is never negative here, but the compiler cannot prove it{{.*}} [arith-pow2-div-mod]

    // Each warp clears its own sub-histogram, two bins per lane.
    sub[warp][lane] = 0;
    sub[warp][lane + WARP] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&sub[warp][codes[i] & (BINS - 1)]);
    barrier(CLK_LOCAL_MEM_FENCE);

    // The first two warps fold the sub-histograms, one bin per lane.
    if (warp < BINS / WARP) {
        uint total = 0;
        for (int w = 0; w < NUM_WARPS; ++w)
            total += sub[w][lid];
        atomic_add(&hist[lid], total);
    }
}
