// The fix: a shift, exact for non-negative values.
__kernel void scale_down(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] >> 4;
}
