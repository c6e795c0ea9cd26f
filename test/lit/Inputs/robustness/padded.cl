// Already padded: still 2-way with 16x16 groups, but padding again would grow the tile on
// every --fix run. Reported without a fix.
__kernel __attribute__((reqd_work_group_size(16, 16, 1))) void t(__global float *o,
                                                                  __global const float *i) {
  __local float tile[16][17];
  unsigned x = get_local_id(0), y = get_local_id(1);
  tile[y][x] = i[get_global_id(1) * 1024 + get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(1) * 1024 + get_global_id(0)] = tile[x][y];
}
