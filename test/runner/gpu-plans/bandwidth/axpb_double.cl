#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Double literals: the arithmetic is done in double and rounded back to float.
__kernel void axpb(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 1.5 + 0.25;
}
