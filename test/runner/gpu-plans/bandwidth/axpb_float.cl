// The fix: float literals keep the arithmetic in single precision.
__kernel void axpb(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * 1.5f + 0.25f;
}
