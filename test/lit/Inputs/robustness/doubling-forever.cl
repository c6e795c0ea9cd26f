// Fuzzer finding (fuzz-lsp): `!d < N` is always true, so replaying the doubling loop to find
// the values of `d` overflowed 64 bits (signed overflow, UB). The replay now stops there.
__kernel void scan(__global float *data, __local float *tmp) {
  uint lid = get_local_id(0);
  for (uint d = 1; !d < 512; d *= 2) {
    if (lid % (2 * d) == 0)
      tmp[lid] += tmp[lid + d];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  data[get_global_id(0)] = tmp[lid];
}
