// RUN: %cllint %s | %check-findings --allow-empty
// RUN: %cllint --all --profile=amd %s | FileCheck %s --check-prefix=AMD --implicit-check-not="{{warning|error}}: "
//
// Element-wise product of two complex vectors in a block-interleaved
// layout (32 real parts, then the 32 matching imaginary parts, and so on),
// one float per work-item. The layout was tuned for 32-wide warps: the
// branch on (i / 32) % 2 is uniform across each warp of 32, so on NVIDIA
// no warp diverges (the same test as `(lid >> 5) & 1`). On a 64-wide AMD
// wavefront, lanes 0-31 take the real path and lanes 32-63 the imaginary
// one: every wavefront runs both. A block of 64 fits both.
// NDRange: (2 * n), n a multiple of 32; any local size that is a multiple
// of 64.

#define BLOCK 32

__kernel void complex_mul_blocked(__global const float *a,
                                  __global const float *b,
                                  __global float *c)
{
    const size_t i = get_global_id(0);
    const size_t base = (i / (2 * BLOCK)) * (2 * BLOCK);   // first real part of the pair of blocks
    const size_t re = base + i % BLOCK;
    const size_t im = re + BLOCK;

    if ((i / BLOCK) % 2 == 0)
// AMD: block_interleaved.cl:[[@LINE-1]]:9: note: under 1% of kernel 'complex_mul_blocked' (once per work-item): {{.*}} [control-warp-divergence]
        c[i] = a[re] * b[re] - a[im] * b[im];
    else
        c[i] = a[re] * b[im] + a[im] * b[re];
}
