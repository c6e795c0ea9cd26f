#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void k(__global const double *in, __global double *out) {
  int i = get_global_id(0);
  double x = in[i];
  out[i] = x / 0.5;
}
