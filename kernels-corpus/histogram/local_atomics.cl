// RUN: %cllint %s | %check-findings --allow-empty
//
// 256-bin histogram of 8-bit samples. Each work-group accumulates a
// private histogram in local memory with local atomics (cheap compared
// with global ones), walking the input with a grid-stride loop, then
// merges its bins into the global histogram once.
// NDRange: any multiple of 256 (e.g. 64 groups), local (256).
// global_hist has 256 zero-initialised entries.

#define BINS 256

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void histogram256(__global const uchar *data,
                  const uint n,
                  __global uint *global_hist)
{
    __local uint hist[BINS];

    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);

    for (uint b = lid; b < BINS; b += lsize)
        hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Grid-stride loop: consecutive work-items read consecutive bytes on
    // every pass, however many passes there are.
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&hist[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint b = lid; b < BINS; b += lsize)
        atomic_add(&global_hist[b], hist[b]);
}
