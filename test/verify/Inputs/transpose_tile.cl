// Tiled transpose through __local memory; the column read of the tile conflicts on banks.
#define TILE 16
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose_tile(__global float *out, __global const float *in, const int width,
                    const int height) {
  __local float tile[TILE][TILE];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
  tile[ly][lx] = in[(gy + ly) * width + gx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(gx + ly) * height + gy + lx] = tile[lx][ly];
}
