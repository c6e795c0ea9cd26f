// RUN: not %cllint %s %S/launch_host.c | %check-findings
// RUN: not %cllint --profile=amd %s %S/launch_host.c | FileCheck %s --check-prefix=AMD
//
// Kernels whose work-group shapes come from their host code (launch_host.c), as in rodinia
// and SHOC. Linted together with the host file:
// - nw_diagonal runs 16 work-items per group (BLOCK_SIZE): its column-wise tile read is 8-way
//   (16 lanes on 2 banks), not the 16-way a 256-wide group would give, and the 16-item launch
//   leaves half of every warp idle (reported at the host call);
// - row_filter runs 96 work-items: three full warps on NVIDIA, one and a half wavefronts on AMD;
// - column_stencil runs {1, 128} groups: consecutive work-items differ in get_global_id(1),
//   so `o[r * w + c]` is unit stride (without the host code it looks strided);
// - tile_transpose runs 16x16 groups (local4 filled element by element): a warp spans two
//   rows of the tile, so the column-wise read is 8-way and the best padding is [16][18].
// NDRange: see launch_host.c.

__kernel void nw_diagonal(__global int *score, __global const int *ref, const int cols)
{
    __local int tile[16][16];
    const int tx = get_local_id(0);
    const int base = get_group_id(0) * 16 * 16;
    for (int k = 0; k < 16; ++k)
        tile[k][tx] = ref[base + k * 16 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int best = 0;
    for (int k = 0; k < 16; ++k)
        best = max(best, tile[tx][k]);
// CHECK: tiles.cl:[[@LINE-1]]:26: warning: {{([^:]*: )?}}__local load of 'tile' has a 8-way bank conflict: {{.*}} [memory-local-bank-conflict]
// AMD: tiles.cl:[[@LINE-2]]:26: warning: {{([^:]*: )?}}__local load of 'tile' has a 8-way bank conflict: {{.*}} [memory-local-bank-conflict]
    score[get_group_id(0) * 16 + tx] = best;
}

__kernel void row_filter(__global const float *in, __global float *out, const int n)
{
    const int i = get_global_id(0);
    if (i < n)
        out[i] = 0.25f * in[i] + 0.75f * in[min(i + 1, n - 1)];
}

__kernel void column_stencil(__global const float *in, __global float *out, const int w)
{
    const int r = get_global_id(0), c = get_global_id(1);
    out[r * w + c] = 0.5f * (in[r * w + c] + in[r * w + min(c + 1, w - 1)]);
}

__kernel void tile_transpose(__global const float *in, __global float *out, const int w)
{
    __local float tile[16][16];
    const int lx = get_local_id(0), ly = get_local_id(1);
    tile[ly][lx] = in[get_global_id(1) * w + get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(get_group_id(0) * 16 + ly) * w + get_group_id(1) * 16 + lx] = tile[lx][ly];
// CHECK: tiles.cl:[[@LINE-1]]:72: note: {{([^:]*: )?}}__local load of 'tile' has a 8-way bank conflict: {{.*}} pad the innermost dimension by 2 elements ([16][18]){{.*}} [memory-local-bank-conflict]
// AMD: tiles.cl:[[@LINE-2]]:72: note: {{([^:]*: )?}}__local load of 'tile' has a {{[0-9]+}}-way bank conflict: {{.*}} [memory-local-bank-conflict]
}

// CHECK: launch_host.c:16:3: warning: local size 16x1x1 for kernel 'nw_diagonal' gives 16 work-items, not a multiple of the warp width 32: {{.*}} [launch-work-group-size]
// AMD: launch_host.c:16:3: warning: local size 16x1x1 for kernel 'nw_diagonal' gives 16 work-items, not a multiple of the wavefront width 64{{.*}} [launch-work-group-size]
// AMD: launch_host.c:19:3: warning: local size 96x1x1 for kernel 'row_filter' gives 96 work-items, not a multiple of the wavefront width 64: each work-group runs 2 wavefronts with 32 of 128 lanes idle (25%){{.*}} [launch-work-group-size]
