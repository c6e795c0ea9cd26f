// Each work-item reads in[i * stride]: consecutive lanes touch addresses stride floats apart.
__kernel void strided_copy(__global const float *in, __global float *out, int stride) {
  size_t i = get_global_id(0);
  out[i] = in[i * stride];
}
