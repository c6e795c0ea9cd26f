// A strided swap: each element of x is read and written at the same index.
__kernel void swap_strided(__global float *x, __global float *y, const int inc) {
  const int i = get_global_id(0);
  float t = x[i * inc];
  x[i * inc] = y[i * inc];
  y[i * inc] = t;
}
