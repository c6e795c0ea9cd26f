// RUN: not %cllint %s | %check-findings
//
// Tiled transpose through local memory (32x32 tiles, 32x8 work-groups,
// each work-item moves four elements). Both global accesses are now
// row-wise and coalesced, but the tile is read column-wise: lanes of a
// warp read tile[0][c], tile[1][c], ... which are 32 words apart, so all
// 32 lanes hit the same bank (32-way conflict). padded.cl fixes it.
//
// NDRange: (width, height / 4), local (32, 8). width and height are
// multiples of 32.

#define TILE_DIM   32
#define BLOCK_ROWS 8

__kernel __attribute__((reqd_work_group_size(TILE_DIM, BLOCK_ROWS, 1)))
void transpose_tiled(__global float *out,
                     __global const float *in,
                     const int width,
                     const int height)
{
    __local float tile[TILE_DIM][TILE_DIM];

    const int lx = get_local_id(0);
    const int ly = get_local_id(1);

    int x = get_group_id(0) * TILE_DIM + lx;
    int y = get_group_id(1) * TILE_DIM + ly;

    // Load a 32x32 tile, eight rows per pass.
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[ly + j][lx] = in[(y + j) * width + x];

    barrier(CLK_LOCAL_MEM_FENCE);

    // Write the transposed tile: swap the block coordinates.
    x = get_group_id(1) * TILE_DIM + lx;
    y = get_group_id(0) * TILE_DIM + ly;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * height + x] = tile[lx][ly + j];
// CHECK: tiled.cl:[[@LINE-1]]:37: warning: {{.*}} [memory-local-bank-conflict]
}
