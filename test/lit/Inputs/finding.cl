__kernel void halve(__global float *y, __global const float *x) {
  size_t i = get_global_id(0);
  y[i] = x[i] * 0.1;
}
