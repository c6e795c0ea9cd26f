// Gather every stride-th float: the read is strided, the write unit-stride.
__kernel void gather_strided(__global float *out, __global const float *in, const int stride) {
  const int gid = get_global_id(0);
  out[gid] = in[gid * stride];
}
