// Four values per work-item stored together: the loop's reads are 4 floats apart per lane.
__kernel void aos_sum(__global const float *in, __global float *out) {
  const int i = get_global_id(0);
  float s = 0.0f;
  for (int q = 0; q < 4; ++q)
    s += in[i * 4 + q];
  out[i] = s;
}
