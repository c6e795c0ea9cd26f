// Deliberately wrong "fix": shifts by 3, which is a division by 8, not 16.
__kernel void scale_down(__global const int *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] >> 3;
}
