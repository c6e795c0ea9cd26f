// Data-dependent indexing: x is read at indices loaded from col.
__kernel void gather_csr(__global float *y, __global const float *x, __global const int *col) {
  const int i = get_global_id(0);
  y[i] = x[col[i]] * 2.1;
}
