// out[i] = in[i * stride]: consecutive work-items read floats `stride` apart.
__kernel void copy_strided(__global const float *in, __global float *out, int stride) {
  size_t i = get_global_id(0);
  out[i] = in[i * (size_t)stride];
}
