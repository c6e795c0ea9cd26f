// A float kernel computing in double because of an unsuffixed literal.
__kernel void scale(__global float *out, __global const float *in) {
  const size_t i = get_global_id(0);
  out[i] = in[i] * 1.1;
}
