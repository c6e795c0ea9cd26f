// The fix: a float literal keeps the arithmetic in single precision.
__kernel void scale(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 0.1f;
}
