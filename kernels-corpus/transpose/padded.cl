// RUN: %cllint %s | %check-findings --allow-empty
//
// Tiled transpose with a padded tile: each row of the tile holds 33
// floats, so the column-wise read tile[lx][ly + j] walks the banks with
// stride 33 = 1 (mod 32) and every lane of a warp hits its own bank.
//
// NDRange: (width, height / 4), local (32, 8). width and height are
// multiples of 32.

#define TILE_DIM   32
#define BLOCK_ROWS 8

__kernel __attribute__((reqd_work_group_size(TILE_DIM, BLOCK_ROWS, 1)))
void transpose_padded(__global float *out,
                      __global const float *in,
                      const int width,
                      const int height)
{
    __local float tile[TILE_DIM][TILE_DIM + 1];

    const int lx = get_local_id(0);
    const int ly = get_local_id(1);

    int x = get_group_id(0) * TILE_DIM + lx;
    int y = get_group_id(1) * TILE_DIM + ly;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        tile[ly + j][lx] = in[(y + j) * width + x];

    barrier(CLK_LOCAL_MEM_FENCE);

    x = get_group_id(1) * TILE_DIM + lx;
    y = get_group_id(0) * TILE_DIM + ly;

    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        out[(y + j) * height + x] = tile[lx][ly + j];
}
