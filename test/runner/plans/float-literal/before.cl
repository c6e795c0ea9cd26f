#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// 0.1 is a double literal: the product is computed in double and rounded to float.
__kernel void scale(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 0.1;
}
